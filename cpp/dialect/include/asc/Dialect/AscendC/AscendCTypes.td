//===- AscendCTypes.td - Ascend C objects as MLIR types ------*- tablegen -*-===//

#ifndef ASC_DIALECT_ASCENDC_TYPES_TD
#define ASC_DIALECT_ASCENDC_TYPES_TD

include "asc/Dialect/AscendC/AscendCEnums.td"

class AscendC_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<AscendC_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Ascend C element types: integers of 8..64 bits (signless means signed),
// unsigned integers, f16, bf16, f32, f64.
def AscendC_ElementType : AnyTypeOf<[
    I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64, F16, BF16, F32, F64]>;

//===----------------------------------------------------------------------===//
// Tensors and GM pointers
//===----------------------------------------------------------------------===//

class AscendC_ElementTypedType<string name, string typeMnemonic>
    : AscendC_Type<name, typeMnemonic> {
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType);
    }]>
  ];
}

def AscendC_GlobalTensorType : AscendC_ElementTypedType<"GlobalTensor", "global_tensor"> {
  let summary = "AscendC::GlobalTensor<T>: a view of global memory";
}
def AscendC_LocalTensorType : AscendC_ElementTypedType<"LocalTensor", "local_tensor"> {
  let summary = "AscendC::LocalTensor<T>: a tensor in a core's local memory";
}
def AscendC_GMPtrType : AscendC_ElementTypedType<"GMPtr", "gm_ptr"> {
  let summary = "__gm__ T*: a pointer into global memory (GM_ADDR of a kernel argument)";
}

def AscendC_TensorDescType : AscendC_ElementTypedType<"TensorDesc", "tensor_desc"> {
  let summary = "AscendC::TensorDesc<T>: one tensor of a ListTensorDesc (shape and GM pointer)";
}
def AscendC_ListTensorDescType : AscendC_Type<"ListTensorDesc", "list_tensor_desc"> {
  let summary = "AscendC::ListTensorDesc: the descriptor of a list of GM tensors";
}
def AscendC_TensorDesc : Type<CPred<"::llvm::isa<::mlir::ascendc::TensorDescType>($_self)">,
                              "TensorDesc", "::mlir::ascendc::TensorDescType">;

def AscendC_GlobalTensor : Type<CPred<"::llvm::isa<::mlir::ascendc::GlobalTensorType>($_self)">,
                                "GlobalTensor", "::mlir::ascendc::GlobalTensorType">;
def AscendC_LocalTensor : Type<CPred<"::llvm::isa<::mlir::ascendc::LocalTensorType>($_self)">,
                               "LocalTensor", "::mlir::ascendc::LocalTensorType">;
def AscendC_AnyTensor : AnyTypeOf<[AscendC_GlobalTensor, AscendC_LocalTensor]>;

// The element types `elems` (named builtin type constraints: I16, UI16, F16,
// BF16, ...) as the text of a message: "f16", "f16 or f32", "i16, i32, f16 or f32".
class AscendC_ElementTypeNames<list<Type> elems> {
  list<string> names = !foreach(t, elems, !tolower(!cast<string>(t)));
  int n = !size(names);
  string text = !foldl("", !range(n), acc, i,
      acc # !cond(!eq(i, 0): "", !eq(i, !sub(n, 1)): " or ", true: ", ") # names[i]);
}

// A LocalTensor whose element type is one of `elems`: the element types an
// Ascend C API accepts for that operand. The verifier rejects any other with
// "operand #N must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'".
class AscendC_LocalTensorOfAny<list<Type> elems>
    : Type<And<[CPred<"::llvm::isa<::mlir::ascendc::LocalTensorType>($_self)">,
                SubstLeaves<"$_self",
                    "::llvm::cast<::mlir::ascendc::LocalTensorType>($_self).getElementType()",
                    AnyTypeOf<elems>.predicate>]>,
           "LocalTensor of " # AscendC_ElementTypeNames<elems>.text,
           "::mlir::ascendc::LocalTensorType"> {
  list<Type> elementTypes = elems;
}
def AscendC_GMPtr : Type<CPred<"::llvm::isa<::mlir::ascendc::GMPtrType>($_self)">,
                         "GM pointer", "::mlir::ascendc::GMPtrType">;

//===----------------------------------------------------------------------===//
// Pipe, queues and buffers
//===----------------------------------------------------------------------===//

def AscendC_TPipeType : AscendC_Type<"TPipe", "pipe"> {
  let summary = "AscendC::TPipe: owner of a core's local memory";
}

def AscendC_TQueType : AscendC_Type<"TQue", "queue"> {
  let summary = "AscendC::TQue<position, depth>";
  let parameters = (ins "::mlir::ascendc::TPosition":$position, "int64_t":$depth);
  let assemblyFormat = "`<` $position `,` $depth `>`";
}

def AscendC_TQueBindType : AscendC_Type<"TQueBind", "queue_bind"> {
  let summary = "AscendC::TQueBind<src, dst, depth, mask>";
  let parameters = (ins "::mlir::ascendc::TPosition":$src, "::mlir::ascendc::TPosition":$dst,
                        "int64_t":$depth, "int64_t":$mask);
  let assemblyFormat = "`<` $src `,` $dst `,` $depth `,` $mask `>`";
}

def AscendC_TBufType : AscendC_Type<"TBuf", "buffer"> {
  let summary = "AscendC::TBuf<position>";
  let parameters = (ins "::mlir::ascendc::TPosition":$position);
  let assemblyFormat = "`<` $position `>`";
}

def AscendC_TBufPoolType : AscendC_Type<"TBufPool", "buffer_pool"> {
  let summary = "AscendC::TBufPool<position, bufIDSize>";
  let parameters = (ins "::mlir::ascendc::TPosition":$position, "int64_t":$bufIdSize);
  let assemblyFormat = "`<` $position `,` $bufIdSize `>`";
}

def AscendC_TBufHandleType : AscendC_Type<"TBufHandle", "buffer_handle"> {
  let summary = "AscendC::TBufHandle";
}

// A local `AscendC::SliceInfo name[N] = {...}` array (ascendc.slice_info_list):
// the dimensions of one side of a slice-list DataCopy.
def AscendC_SliceInfoListType : AscendC_Type<"SliceInfoList", "slice_info_list"> {
  let summary = "AscendC::SliceInfo[N]: the per-dimension slices of a slice-list DataCopy";
}

def AscendC_AnyQueue : AnyTypeOf<[
    Type<CPred<"::llvm::isa<::mlir::ascendc::TQueType>($_self)">, "TQue">,
    Type<CPred<"::llvm::isa<::mlir::ascendc::TQueBindType>($_self)">, "TQueBind">]>;
def AscendC_TQue : Type<CPred<"::llvm::isa<::mlir::ascendc::TQueType>($_self)">,
                        "TQue", "::mlir::ascendc::TQueType">;
def AscendC_TBuf : Type<CPred<"::llvm::isa<::mlir::ascendc::TBufType>($_self)">,
                        "TBuf", "::mlir::ascendc::TBufType">;
def AscendC_TBufPool : Type<CPred<"::llvm::isa<::mlir::ascendc::TBufPoolType>($_self)">,
                            "TBufPool", "::mlir::ascendc::TBufPoolType">;

//===----------------------------------------------------------------------===//
// Level-0 vector mask: two 64-bit words (mask[0] covers elements 0..63,
// mask[1] elements 64..127), emitted as a `uint64_t name[2]` array.
//===----------------------------------------------------------------------===//

def AscendC_BitMaskType : AscendC_Type<"BitMask", "bitmask"> {
  let summary = "uint64_t[2]: a level-0 vector bit mask";
}

//===----------------------------------------------------------------------===//
// Parameter structs
//===----------------------------------------------------------------------===//

def AscendC_ParamStructInterface : TypeInterface<"ParamStructType"> {
  let cppNamespace = "::mlir::ascendc";
  let description = "An Ascend C parameter struct built field by field.";
  let methods = [
    InterfaceMethod<"The C++ type the emitter declares.", "std::string", "getCppName">,
    InterfaceMethod<"Field names in construction order.",
                    "::llvm::ArrayRef<::llvm::StringRef>", "getFieldNames">,
    InterfaceMethod<[{C++ types of the fields, parallel to getFieldNames (or empty).
      "" prints the value as it is; an enum type (e.g. "AscendC::BlockMode")
      prints `static_cast<AscendC::BlockMode>(v)`; an array type "T[N]" takes N
      values, which the emitter declares first as a local `T name_field[N]`.}],
                    "::llvm::ArrayRef<::llvm::StringRef>", "getFieldCppTypes", (ins), [{}],
                    [{ return {}; }]>,
    InterfaceMethod<[{For a struct that is a class template on one element type T
      (InitConstValueParams<T>): the field whose value has type T (""
      otherwise). The emitter writes T as the element type of the tensor of
      the call that takes the struct, else as that field's value type.}],
                    "::llvm::StringRef", "getTemplateField", (ins), [{}],
                    [{ return {}; }]>,
    InterfaceMethod<[{How many leading fields the constructor takes (-1: all); the
      emitter assigns the others as members after it (LoadImageToLocalParams's sid).}],
                    "int", "getConstructorArity", (ins), [{}],
                    [{ return -1; }]>,
  ];
}

// A parameter struct with C++ name `cpp` whose constructor takes `fields`
// in order. `ascendc.construct` builds one from scalar values. `types`, if
// given, holds one C++ type per field ("" = print the value as it is; an enum
// type = static_cast to it; "T[N]" = an array field taking N values).
class AscendC_StructType<string name, string typeMnemonic, string cpp, list<string> fields,
                         list<string> types = [], string templateField = "">
    : AscendC_Type<name, typeMnemonic, [AscendC_ParamStructInterface]> {
  // `cpp` names a struct of namespace AscendC, or, with a leading "::", one the
  // vendor declares at global scope (MatmulApiStaticTiling).
  defvar spelling = !if(!eq(!substr(cpp, 0, 2), "::"), !substr(cpp, 2), "AscendC::" # cpp);
  let summary = spelling;
  string cppName = cpp;
  list<string> fieldNames = fields;
  list<string> fieldCppTypes = types;
  // A class template on the element type T (the vendor's InitConstValueParams<T>):
  // the field of type T (ParamStructType::getTemplateField).
  string ascTemplateField = templateField;
  // The constructor's number of (leading) fields, -1 for all of them.
  int ascConstructorArity = -1;
  // The Python (pyasc) name of each field, where it is not the snake_case of
  // the C++ name (asc-tblgen --gen-ascendc-py-defs).
  list<string> pyFieldNames = [];
  let extraClassDeclaration = [{
    std::string getCppName() const { return "}] # spelling # [{"; }
    ::llvm::ArrayRef<::llvm::StringRef> getFieldNames() const {
      static const ::llvm::StringRef names[] = {}] #
        !interleave(!foreach(f, fields, "\"" # f # "\""), ", ") # [{};
      return names;
    }
    ::llvm::ArrayRef<::llvm::StringRef> getFieldCppTypes() const {}] #
      !if(!empty(types), [{ return {}; }], [{
      static const ::llvm::StringRef types[] = {}] #
        !interleave(!foreach(f, types, "\"" # f # "\""), ", ") # [{};
      return types;}]) # [{
    }
    ::llvm::StringRef getTemplateField() const { return "}] # templateField # [{"; }
    int getConstructorArity() const { return }] # !cast<string>(ascConstructorArity) # [{; }
  }];
}

include "asc/Dialect/AscendC/AscendCStructs.td"
include "asc/Dialect/AscendC/AscendCAdvStructs.td"
include "asc/Dialect/AscendC/AscendCAdvMatmul.td"

def AscendC_ParamStruct : Type<CPred<"::llvm::isa<::mlir::ascendc::ParamStructType>($_self)">,
                               "parameter struct", "::mlir::ascendc::ParamStructType">;

#endif // ASC_DIALECT_ASCENDC_TYPES_TD
