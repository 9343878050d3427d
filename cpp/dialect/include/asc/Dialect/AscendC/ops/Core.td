//===- Core.td - values the API calls take: structs, masks, GM pointers ---===//

// Printed by a hand-written emitter (cpp/emitter/lib/ApiEmitters.cpp): enum
// fields are cast to their type and array fields declared first, from the
// struct type's getFieldCppTypes().
let ascPipe = "none" in
def AscendC_ConstructOp : AscendC_Op<"construct", [Pure]> {
  let summary = "Builds an Ascend C parameter struct from its fields";
  let description = [{
    `%p = ascendc.construct !ascendc.data_copy_params(%count, %len, %c0, %c0) : i32, i32, i32, i32`
    becomes `AscendC::DataCopyParams p{count, len, 0, 0};`. The verifier checks
    that one value is given per field of the struct (N values for an array
    field `T[N]`). Enum-typed fields print as `static_cast<E>(v)`; array fields
    are declared first as `T p_field[N] = {...};` and passed by name.
  }];
  let arguments = (ins Variadic<AnyType>:$fields);
  let results = (outs AscendC_ParamStruct:$result);
  let assemblyFormat = "type($result) `(` $fields `)` attr-dict (`:` type($fields)^)?";
  let hasVerifier = 1;
}

let ascPipe = "none" in
def AscendC_BitMaskOp : AscendC_DeclOp<"bitmask", "[2] = {static_cast<uint64_t>($mask0), static_cast<uint64_t>($mask1)}", [Pure]> {
  let summary = "A level-0 vector bit mask from its two 64-bit words";
  let arguments = (ins AnySignlessInteger:$mask0, AnySignlessInteger:$mask1);
  let results = (outs AscendC_BitMaskType:$result);
  let assemblyFormat = "$mask0 `,` $mask1 attr-dict `:` type($mask0) `,` type($mask1)";
}

let ascPipe = "none" in
def AscendC_GMPtrOffsetOp : AscendC_Op<"gm_ptr_offset", [Pure, AllTypesMatch<["ptr", "result"]>,
                                                   DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "`ptr + offset` on a GM pointer (offset in elements)";
  let arguments = (ins AscendC_GMPtr:$ptr, AnySignlessInteger:$offset);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "$ptr + $offset";
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
}

let ascPipe = "none" in
def AscendC_GMNullPtrOp : AscendC_Op<"gm_null_ptr", [Pure]> {
  let summary = "A null GM pointer (C++'s `nullptr`; pyasc passes the literal 0 for one)";
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "nullptr";
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "none" in
def AscendC_GMPtrCastOp : AscendC_Op<"gm_ptr_cast", [Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "Reinterprets a GM pointer with another element type";
  let arguments = (ins AscendC_GMPtr:$ptr);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "reinterpret_cast<$type(result)>($ptr)";
  let assemblyFormat = "$ptr attr-dict `:` type($ptr) `to` type($result)";
}

// Printed by a hand-written emitter (cpp/emitter/lib/ApiEmitters.cpp).
let ascPipe = "none" in
def AscendC_StructFieldOp : AscendC_Op<"struct_field", [Pure]> {
  let summary = "Reads member `field` of a parameter struct passed by value";
  let description = [{
    `%m = ascendc.struct_field %tiling, "baseM" : !ascendc.x_tiling -> i32`
    becomes `int32_t m = tiling.baseM;`. Tiling structs reach a kernel as
    by-value parameters (`kernel[n](x, tiling)`); their fields are read with
    this op. The verifier checks that `field` is a scalar field of the struct.
  }];
  let arguments = (ins AscendC_ParamStruct:$value, StrAttr:$field);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat]>:$result);
  let assemblyFormat = "$value `,` $field attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
}
