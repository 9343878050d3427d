//===- Vector.td - basic/vec_*: the vector unit's API families ------------===//
//
// Each family comes in up to three forms, as in Ascend C and the asc API:
//   <op>_l0  mask as a bit mask (!ascendc.bitmask), repeat times, repeat params;
//   <op>_l1  mask as a count of elements per repeat, repeat times, repeat params;
//   <op>_l2  a count of elements (the "level 2" form).
// The level-0 forms of one family differ only in the mask operand, so each
// family is one class parameterised by the mask (AscendC_BitMaskForm or
// AscendC_CountMaskForm) and one multiclass that instantiates its forms.
// `is_set_mask` is the `bool isSetMask` template argument of Ascend C, right
// after the type arguments.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Shared constraints
//===----------------------------------------------------------------------===//

defvar AscendC_VecDstSrc01 = AscendC_SameElementType<["dst", "src0", "src1"]>;
defvar AscendC_VecDstSrc = AscendC_SameElementType<["dst", "src"]>;
defvar AscendC_VecDstSrc0 = AscendC_SameElementType<["dst", "src0"]>;
defvar AscendC_VecSrc01 = AscendC_SameElementType<["src0", "src1"]>;

// A LocalTensor whose element type satisfies `elem` (e.g. the uint32_t offset
// tensors of Gather/Scatter).
class AscendC_LocalTensorOf<Type elem, string cpp>
    : Type<And<[CPred<"::llvm::isa<::mlir::ascendc::LocalTensorType>($_self)">,
                SubstLeaves<"$_self",
                    "::llvm::cast<::mlir::ascendc::LocalTensorType>($_self).getElementType()",
                    elem.predicate>]>,
           "LocalTensor<" # cpp # ">", "::mlir::ascendc::LocalTensorType">;

def AscendC_LocalTensorU8 : AscendC_LocalTensorOf<UI8, "uint8_t">;
def AscendC_LocalTensorU32 : AscendC_LocalTensorOf<UI32, "uint32_t">;
def AscendC_LocalTensorU64 : AscendC_LocalTensorOf<UI64, "uint64_t">;
def AscendC_LocalTensorF16 : AscendC_LocalTensorOf<F16, "half">;
def AscendC_LocalTensorI32 : AscendC_LocalTensorOf<I32, "int32_t">;

// Element types per API family: the LocalTensor element types the Ascend C API
// accepts on Atlas A2/A3 (the API reference's "supported data types" and the
// dtype checks of the dav_c220 implementation). Where the two differ, the
// wider set: rejecting a legal kernel is worse than missing an illegal one.
// The verifier lists the accepted types when it rejects an operand.
def AscendC_VecFloat : AscendC_LocalTensorOfAny<[F16, F32]>;             // Exp, Ln, Sqrt, Div, reductions, ...
def AscendC_VecArith : AscendC_LocalTensorOfAny<[I16, I32, F16, F32]>;   // Add, Sub, Mul, Max, Min, Adds, ...
def AscendC_VecRelu : AscendC_LocalTensorOfAny<[I32, F16, F32]>;         // Relu
def AscendC_VecAddRelu : AscendC_LocalTensorOfAny<[I16, F16, F32]>;      // AddRelu, SubRelu
def AscendC_VecBits16 : AscendC_LocalTensorOfAny<[I16, UI16]>;           // Not; And, Or (level 0)
// And, Or (level 2: 32-bit operands are processed as int16_t pairs); shifts.
def AscendC_VecBits : AscendC_LocalTensorOfAny<[I16, UI16, I32, UI32]>;
// Compare sources (i32 only with CMPMODE::EQ); its bit-mask results and
// CastDeq's results are bytes.
def AscendC_VecCmpSrc : AscendC_LocalTensorOfAny<[I32, F16, F32]>;
def AscendC_VecByte : AscendC_LocalTensorOfAny<[I8, UI8]>;
def AscendC_VecSelMask : AscendC_LocalTensorOfAny<[UI8, UI16, UI32, UI64]>;
// Duplicate and Brcb: any 16- or 32-bit element.
def AscendC_VecB16B32 : AscendC_LocalTensorOfAny<[I16, UI16, F16, BF16, I32, UI32, F32]>;
def AscendC_VecB16 : AscendC_LocalTensorOfAny<[I16, UI16, F16]>;        // Transpose (16x16)
// Cast, CastDeq: vector element types (no i1, ui64, f64); which (dst, src)
// pairs and round modes convert is not checked here.
def AscendC_VecCastElem
    : AscendC_LocalTensorOfAny<[I8, UI8, I16, UI16, I32, UI32, I64, F16, BF16, F32]>;

// A scalar operand of a vector op (Ascend C converts it to the element type).
def AscendC_VecScalar : AnyTypeOf<[AnyInteger, AnyFloat]>;

// The mask operand of a level-0 form: `mask` is its constraint, `fmt` the
// text listing its type after the other operand types (empty for the bit
// mask, whose type is implied).
class AscendC_MaskForm<string sfx, Type m, string f, string desc> {
  string suffix = sfx;
  Type mask = m;
  string fmt = f;
  string summary = desc;
}
def AscendC_BitMaskForm : AscendC_MaskForm<"_l0", AscendC_BitMaskType, "", "level 0, bit mask">;
def AscendC_CountMaskForm
    : AscendC_MaskForm<"_l1", AnySignlessInteger, " `,` type($mask)", "level 0, count mask">;

defvar AscendC_MaskForms = [AscendC_BitMaskForm, AscendC_CountMaskForm];

// `isSetMask`, a template argument.
defvar AscendC_IsSetMask = DefaultValuedAttr<BoolAttr, "true">;

//===----------------------------------------------------------------------===//
// basic/vec_binary: dst = src0 op src1
//===----------------------------------------------------------------------===//

// `tmpl` is the template argument list before isSetMask; `dstT`/`srcT` the
// tensor constraints.
class AscendC_BinaryL0Op<string mnemonic, string api, AscendC_MaskForm form, string tmpl,
                         list<Trait> traits, Type dstT, Type srcT>
    : AscendC_Op<mnemonic # form.suffix, traits> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = (ins dstT:$dst, srcT:$src0, srcT:$src1, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_BinaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::" # api # "<" # tmpl # "$is_set_mask>($dst, $src0, $src1, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src0) `,` type($src1)" # form.fmt # " `,` type($repeat_times)";
}

// `dstT`/`srcT` constrain the tensors of the level-0 forms, `l2DstT`/`l2SrcT`
// those of the level-2 form (they differ where Ascend C's level-2 call accepts
// more element types, e.g. And/Or).
multiclass AscendC_BinaryOps<string mnemonic, string api, Type dstT, Type srcT,
                             Type l2DstT = dstT, Type l2SrcT = srcT,
                             string tmpl = "$elem(dst), ",
                             list<Trait> traits = [AscendC_VecDstSrc01]> {
  def L0Op : AscendC_BinaryL0Op<mnemonic, api, AscendC_BitMaskForm, tmpl, traits, dstT, srcT>;
  def L1Op : AscendC_BinaryL0Op<mnemonic, api, AscendC_CountMaskForm, tmpl, traits, dstT, srcT>;
  def L2Op : AscendC_Op<mnemonic # "_l2", traits> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = (ins l2DstT:$dst, l2SrcT:$src0, l2SrcT:$src1, AnySignlessInteger:$count);
    let ascCall = "AscendC::" # api # "($dst, $src0, $src1, $count)";
    let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $count attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($count)";
  }
}

// dst, src0 and src1 of one element type from `t` (`l2t` for the level-2 form).
multiclass AscendC_SameTypeBinaryOps<string mnemonic, string api, Type t, Type l2t = t> {
  defm NAME : AscendC_BinaryOps<mnemonic, api, t, t, l2t, l2t>;
}

let ascPipe = "V" in
defm AscendC_Add : AscendC_SameTypeBinaryOps<"add", "Add", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Sub : AscendC_SameTypeBinaryOps<"sub", "Sub", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Mul : AscendC_SameTypeBinaryOps<"mul", "Mul", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Div : AscendC_SameTypeBinaryOps<"div", "Div", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_Max : AscendC_SameTypeBinaryOps<"max", "Max", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Min : AscendC_SameTypeBinaryOps<"min", "Min", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_BitwiseAnd : AscendC_SameTypeBinaryOps<"bitwise_and", "And", AscendC_VecBits16, AscendC_VecBits>;
let ascPipe = "V" in
defm AscendC_BitwiseOr : AscendC_SameTypeBinaryOps<"bitwise_or", "Or", AscendC_VecBits16, AscendC_VecBits>;
let ascPipe = "V" in
defm AscendC_AddRelu : AscendC_SameTypeBinaryOps<"add_relu", "AddRelu", AscendC_VecAddRelu>;
let ascPipe = "V" in
defm AscendC_SubRelu : AscendC_SameTypeBinaryOps<"sub_relu", "SubRelu", AscendC_VecAddRelu>;
let ascPipe = "V" in
defm AscendC_FusedMulAdd : AscendC_SameTypeBinaryOps<"fused_mul_add", "FusedMulAdd", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_FusedMulAddRelu : AscendC_SameTypeBinaryOps<"fused_mul_add_relu", "FusedMulAddRelu", AscendC_VecFloat>;

// Mixed-type binary ops: Op<T(dst), U(src), isSetMask>; the sources agree.
// MulAddDst: (dst, src) = (half, half), (float, float) or (float, half).
defvar AscendC_MixedTmpl = "$elem(dst), $elem(src0), ";
let ascPipe = "V" in
defm AscendC_MulAddDst : AscendC_BinaryOps<"mul_add_dst", "MulAddDst", AscendC_VecFloat, AscendC_VecFloat,
                                           AscendC_VecFloat, AscendC_VecFloat, AscendC_MixedTmpl, [AscendC_VecSrc01]>;
let ascPipe = "V" in
defm AscendC_MulCast : AscendC_BinaryOps<"mul_cast", "MulCast", AscendC_LocalTensor, AscendC_LocalTensor,
                                         AscendC_LocalTensor, AscendC_LocalTensor, AscendC_MixedTmpl, [AscendC_VecSrc01]>;
let ascPipe = "V" in
defm AscendC_AddReluCast : AscendC_BinaryOps<"add_relu_cast", "AddReluCast", AscendC_LocalTensor, AscendC_LocalTensor,
                                             AscendC_LocalTensor, AscendC_LocalTensor, AscendC_MixedTmpl, [AscendC_VecSrc01]>;
let ascPipe = "V" in
defm AscendC_SubReluCast : AscendC_BinaryOps<"sub_relu_cast", "SubReluCast", AscendC_LocalTensor, AscendC_LocalTensor,
                                             AscendC_LocalTensor, AscendC_LocalTensor, AscendC_MixedTmpl, [AscendC_VecSrc01]>;
// AddDeqRelu: half dst, int32_t sources.
let ascPipe = "V" in
defm AscendC_AddDeqRelu : AscendC_BinaryOps<"add_deq_relu", "AddDeqRelu", AscendC_LocalTensorF16, AscendC_LocalTensorI32,
                                            AscendC_LocalTensorF16, AscendC_LocalTensorI32, AscendC_MixedTmpl, []>;

// BilinearInterpolation(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode,
//                       dstBlkStride, vROffset, vRepeat, sharedTmpBuffer).
class AscendC_BilinearInterpolationOp<AscendC_MaskForm form>
    : AscendC_Op<"bilinear_interpolation" # form.suffix, [AscendC_VecDstSrc01]> {
  let summary = "AscendC::BilinearInterpolation (" # form.summary # ")";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                       AscendC_LocalTensorU32:$src0_offset, AscendC_LocalTensor:$src1,
                       form.mask:$mask, AnySignlessInteger:$h_repeat, I1:$repeat_mode,
                       AnySignlessInteger:$dst_blk_stride, AnySignlessInteger:$v_r_offset,
                       AnySignlessInteger:$v_repeat, AscendC_LocalTensorU8:$shared_tmp_buffer);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::BilinearInterpolation($args)";
  let assemblyFormat = "$dst `,` $src0 `,` $src0_offset `,` $src1 `,` $mask `,` $h_repeat `,` $repeat_mode `,` $dst_blk_stride `,` $v_r_offset `,` $v_repeat `,` $shared_tmp_buffer attr-dict `:` type($dst) `,` type($src0) `,` type($src0_offset) `,` type($src1) `,` type($shared_tmp_buffer)" # form.fmt # " `,` type($h_repeat) `,` type($dst_blk_stride) `,` type($v_r_offset) `,` type($v_repeat)";
}
let ascPipe = "V" in
def AscendC_BilinearInterpolationL0Op : AscendC_BilinearInterpolationOp<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_BilinearInterpolationL1Op : AscendC_BilinearInterpolationOp<AscendC_CountMaskForm>;

//===----------------------------------------------------------------------===//
// basic/vec_binary_scalar: dst = src op scalar, Op<T, isSetMask> in every form
//===----------------------------------------------------------------------===//

class AscendC_BinaryScalarL0Op<string mnemonic, string api, AscendC_MaskForm form, Type t>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_VecDstSrc]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = (ins t:$dst, t:$src,
                       AscendC_VecScalar:$scalar, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src, $scalar, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $scalar `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($scalar)" # form.fmt # " `,` type($repeat_times)";
}

// `t`: the tensors' constraint (their element types).
multiclass AscendC_BinaryScalarOps<string mnemonic, string api, Type t> {
  def L0Op : AscendC_BinaryScalarL0Op<mnemonic, api, AscendC_BitMaskForm, t>;
  def L1Op : AscendC_BinaryScalarL0Op<mnemonic, api, AscendC_CountMaskForm, t>;
  def L2Op : AscendC_Op<mnemonic # "_l2", [AscendC_VecDstSrc]> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = (ins t:$dst, t:$src,
                         AscendC_VecScalar:$scalar, AnySignlessInteger:$count,
                         AscendC_IsSetMask:$is_set_mask);
    let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src, $scalar, $count)";
    let assemblyFormat = "$dst `,` $src `,` $scalar `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($scalar) `,` type($count)";
  }
}

let ascPipe = "V" in
defm AscendC_Adds : AscendC_BinaryScalarOps<"adds", "Adds", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Muls : AscendC_BinaryScalarOps<"muls", "Muls", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Maxs : AscendC_BinaryScalarOps<"maxs", "Maxs", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_Mins : AscendC_BinaryScalarOps<"mins", "Mins", AscendC_VecArith>;
let ascPipe = "V" in
defm AscendC_ShiftLeft : AscendC_BinaryScalarOps<"shift_left", "ShiftLeft", AscendC_VecBits>;
let ascPipe = "V" in
defm AscendC_ShiftRight : AscendC_BinaryScalarOps<"shift_right", "ShiftRight", AscendC_VecBits>;
let ascPipe = "V" in
defm AscendC_LeakyRelu : AscendC_BinaryScalarOps<"leaky_relu", "LeakyRelu", AscendC_VecFloat>;

//===----------------------------------------------------------------------===//
// basic/vec_unary: dst = op(src)
//===----------------------------------------------------------------------===//

class AscendC_UnaryL0Op<string mnemonic, string api, AscendC_MaskForm form, Type t>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_VecDstSrc]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = (ins t:$dst, t:$src, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src)" # form.fmt # " `,` type($repeat_times)";
}

// `t`: the tensors' constraint (their element types).
multiclass AscendC_UnaryOps<string mnemonic, string api, Type t> {
  def L0Op : AscendC_UnaryL0Op<mnemonic, api, AscendC_BitMaskForm, t>;
  def L1Op : AscendC_UnaryL0Op<mnemonic, api, AscendC_CountMaskForm, t>;
  def L2Op : AscendC_Op<mnemonic # "_l2", [AscendC_VecDstSrc]> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = (ins t:$dst, t:$src,
                         AnySignlessInteger:$count);
    let ascCall = "AscendC::" # api # "($dst, $src, $count)";
    let assemblyFormat = "$dst `,` $src `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($count)";
  }
}

let ascPipe = "V" in
defm AscendC_Abs : AscendC_UnaryOps<"abs", "Abs", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_Exp : AscendC_UnaryOps<"exp", "Exp", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_Ln : AscendC_UnaryOps<"ln", "Ln", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_BitwiseNot : AscendC_UnaryOps<"bitwise_not", "Not", AscendC_VecBits16>;
let ascPipe = "V" in
defm AscendC_Reciprocal : AscendC_UnaryOps<"reciprocal", "Reciprocal", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_Relu : AscendC_UnaryOps<"relu", "Relu", AscendC_VecRelu>;
let ascPipe = "V" in
defm AscendC_Rsqrt : AscendC_UnaryOps<"rsqrt", "Rsqrt", AscendC_VecFloat>;
let ascPipe = "V" in
defm AscendC_Sqrt : AscendC_UnaryOps<"sqrt", "Sqrt", AscendC_VecFloat>;

//===----------------------------------------------------------------------===//
// basic/vec_ternary_scalar: Axpy<T(dst), U(src), isSetMask>, dst += src * scalar
//===----------------------------------------------------------------------===//

// (dst, src) element types: (half, half), (float, float) or (float, half).
class AscendC_AxpyL0Op<AscendC_MaskForm form> : AscendC_Op<"axpy" # form.suffix> {
  let summary = "AscendC::Axpy (" # form.summary # ")";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
                       AscendC_VecScalar:$scalar, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Axpy<$elem(dst), $elem(src), $is_set_mask>($dst, $src, $scalar, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $scalar `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($scalar)" # form.fmt # " `,` type($repeat_times)";
}
let ascPipe = "V" in
def AscendC_AxpyL0Op : AscendC_AxpyL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_AxpyL1Op : AscendC_AxpyL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_AxpyL2Op : AscendC_Op<"axpy_l2"> {
  let summary = "AscendC::Axpy (level 2, count)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
                       AscendC_VecScalar:$scalar, AnySignlessInteger:$count);
  let ascCall = "AscendC::Axpy<$elem(dst), $elem(src)>($dst, $src, $scalar, $count)";
  let assemblyFormat = "$dst `,` $src `,` $scalar `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($scalar) `,` type($count)";
}

//===----------------------------------------------------------------------===//
// basic/vec_vconv: Cast, CastDeq, SetDeqScale
//===----------------------------------------------------------------------===//

// Cast<T(dst), U(src), isSetMask>(dst, src, roundMode, mask, repeatTime, params).
class AscendC_CastL0Op<AscendC_MaskForm form> : AscendC_Op<"cast" # form.suffix> {
  let summary = "AscendC::Cast (" # form.summary # ")";
  let arguments = (ins AscendC_VecCastElem:$dst, AscendC_VecCastElem:$src,
                       AscendC_RoundMode:$round_mode, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Cast<$elem(dst), $elem(src), $is_set_mask>($dst, $src, $round_mode, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $round_mode `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src)" # form.fmt # " `,` type($repeat_times)";
}
let ascPipe = "V" in
def AscendC_CastL0Op : AscendC_CastL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_CastL1Op : AscendC_CastL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_CastL2Op : AscendC_Op<"cast_l2"> {
  let summary = "AscendC::Cast (level 2, count)";
  let arguments = (ins AscendC_VecCastElem:$dst, AscendC_VecCastElem:$src,
                       AscendC_RoundMode:$round_mode, AnySignlessInteger:$count);
  let ascCall = "AscendC::Cast($dst, $src, $round_mode, $count)";
  let assemblyFormat = "$dst `,` $src `,` $round_mode `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($count)";
}

// CastDeq<T(dst), U(src), isSetMask, isVecDeq, halfBlock>: int16_t to int8_t/uint8_t.
class AscendC_CastDeqL0Op<AscendC_MaskForm form> : AscendC_Op<"cast_deq" # form.suffix> {
  let summary = "AscendC::CastDeq (" # form.summary # ")";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_LocalTensorOfAny<[I16]>:$src, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask,
                       DefaultValuedAttr<BoolAttr, "true">:$is_vec_deq,
                       DefaultValuedAttr<BoolAttr, "true">:$half_block);
  let ascCall = "AscendC::CastDeq<$elem(dst), $elem(src), $is_set_mask, $is_vec_deq, $half_block>($dst, $src, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src)" # form.fmt # " `,` type($repeat_times)";
}
let ascPipe = "V" in
def AscendC_CastDeqL0Op : AscendC_CastDeqL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_CastDeqL1Op : AscendC_CastDeqL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_CastDeqL2Op : AscendC_Op<"cast_deq_l2"> {
  let summary = "AscendC::CastDeq (level 2, count)";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_LocalTensorOfAny<[I16]>:$src,
                       AnySignlessInteger:$count,
                       DefaultValuedAttr<BoolAttr, "true">:$is_vec_deq,
                       DefaultValuedAttr<BoolAttr, "true">:$half_block);
  let ascCall = "AscendC::CastDeq<$elem(dst), $elem(src), $is_vec_deq, $half_block>($dst, $src, $count)";
  let assemblyFormat = "$dst `,` $src `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($count)";
}

let ascPipe = "V" in
def AscendC_SetDeqScaleOp : AscendC_Op<"set_deq_scale"> {
  let summary = "AscendC::SetDeqScale(half scale)";
  let arguments = (ins AnyFloat:$scale);
  let ascCall = "AscendC::SetDeqScale($scale)";
  let assemblyFormat = "$scale attr-dict `:` type($scale)";
}
// SetDeqScale(vdeqTensor, vdeqInfo): writes the 16 deq parameters of vdeqInfo
// into vdeqTensor (a LocalTensor<uint64_t>), one packed uint64_t each.
let ascPipe = "V" in
def AscendC_SetDeqScaleVdeqOp : AscendC_Op<"set_deq_scale_vdeq"> {
  let summary = "AscendC::SetDeqScale(LocalTensor<uint64_t> vdeq, VdeqInfo info)";
  let arguments = (ins AscendC_LocalTensor:$vdeq, AscendC_VdeqInfoType:$vdeq_info);
  let ascCall = "AscendC::SetDeqScale($vdeq, $vdeq_info)";
  let assemblyFormat = "$vdeq `,` $vdeq_info attr-dict `:` type($vdeq)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_SetDeqScaleOffsetOp : AscendC_Op<"set_deq_scale_offset"> {
  let summary = "AscendC::SetDeqScale(float scale, int16_t offset, bool signMode)";
  let arguments = (ins AnyFloat:$scale, AnySignlessInteger:$offset, I1:$sign_mode);
  let ascCall = "AscendC::SetDeqScale($scale, $offset, $sign_mode)";
  let assemblyFormat = "$scale `,` $offset `,` $sign_mode attr-dict `:` type($scale) `,` type($offset)";
}

//===----------------------------------------------------------------------===//
// basic/vec_cmpsel: Compare, CompareScalar, GetCmpMask, SetCmpMask, Select
//===----------------------------------------------------------------------===//

// Compare<T(src), U(dst), isSetMask>: the source type comes first.
class AscendC_CompareL0Op<AscendC_MaskForm form> : AscendC_Op<"compare" # form.suffix, [AscendC_VecSrc01]> {
  let summary = "AscendC::Compare (" # form.summary # ")";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_VecCmpSrc:$src0,
                       AscendC_VecCmpSrc:$src1, AscendC_CMPMODE:$cmp_mode, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_BinaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Compare<$elem(src0), $elem(dst), $is_set_mask>($dst, $src0, $src1, $cmp_mode, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $cmp_mode `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src0) `,` type($src1)" # form.fmt # " `,` type($repeat_times)";
}
let ascPipe = "V" in
def AscendC_CompareL0Op : AscendC_CompareL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_CompareL1Op : AscendC_CompareL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_CompareL2Op : AscendC_Op<"compare_l2", [AscendC_VecSrc01]> {
  let summary = "AscendC::Compare (level 2, count)";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_VecCmpSrc:$src0,
                       AscendC_VecCmpSrc:$src1, AscendC_CMPMODE:$cmp_mode,
                       AnySignlessInteger:$count);
  let ascCall = "AscendC::Compare($dst, $src0, $src1, $cmp_mode, $count)";
  let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $cmp_mode `,` $count attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($count)";
}

// Compare<T, isSetMask>(src0, src1, cmpMode, mask, params): no dst and no
// repeat; the result goes to the CMPMASK register.
class AscendC_CompareRegOp<AscendC_MaskForm form> : AscendC_Op<"compare_reg" # form.suffix, [AscendC_VecSrc01]> {
  let summary = "AscendC::Compare into the CMPMASK register (" # form.summary # ")";
  let arguments = (ins AscendC_VecCmpSrc:$src0, AscendC_VecCmpSrc:$src1,
                       AscendC_CMPMODE:$cmp_mode, form.mask:$mask,
                       AscendC_BinaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Compare<$elem(src0), $is_set_mask>($src0, $src1, $cmp_mode, $mask, $repeat_params)";
  let ascWrites = [];
  let assemblyFormat = "$src0 `,` $src1 `,` $cmp_mode `,` $mask `,` $repeat_params attr-dict `:` type($src0) `,` type($src1)" # form.fmt;
}
let ascPipe = "V" in
def AscendC_CompareRegL0Op : AscendC_CompareRegOp<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_CompareRegL1Op : AscendC_CompareRegOp<AscendC_CountMaskForm>;

// CompareScalar<T(src), U(dst), isSetMask>(dst, src0, T scalar, cmpMode, ...).
class AscendC_CompareScalarL0Op<AscendC_MaskForm form> : AscendC_Op<"compare_scalar" # form.suffix> {
  let summary = "AscendC::CompareScalar (" # form.summary # ")";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_VecCmpSrc:$src0,
                       AscendC_VecScalar:$scalar, AscendC_CMPMODE:$cmp_mode, form.mask:$mask,
                       AnySignlessInteger:$repeat_times,
                       AscendC_UnaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::CompareScalar<$elem(src0), $elem(dst), $is_set_mask>($dst, $src0, $scalar, $cmp_mode, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src0 `,` $scalar `,` $cmp_mode `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src0) `,` type($scalar)" # form.fmt # " `,` type($repeat_times)";
}
let ascPipe = "V" in
def AscendC_CompareScalarL0Op : AscendC_CompareScalarL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_CompareScalarL1Op : AscendC_CompareScalarL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_CompareScalarL2Op : AscendC_Op<"compare_scalar_l2"> {
  let summary = "AscendC::CompareScalar (level 2, count)";
  let arguments = (ins AscendC_VecByte:$dst, AscendC_VecCmpSrc:$src0,
                       AscendC_VecScalar:$scalar, AscendC_CMPMODE:$cmp_mode,
                       AnySignlessInteger:$count);
  let ascCall = "AscendC::CompareScalar<$elem(src0), $elem(dst)>($dst, $src0, $scalar, $cmp_mode, $count)";
  let assemblyFormat = "$dst `,` $src0 `,` $scalar `,` $cmp_mode `,` $count attr-dict `:` type($dst) `,` type($src0) `,` type($scalar) `,` type($count)";
}

let ascPipe = "V" in
def AscendC_GetCmpMaskOp : AscendC_Op<"get_cmp_mask"> {
  let summary = "AscendC::GetCmpMask: copies the CMPMASK register to `dst`";
  let arguments = (ins AscendC_LocalTensor:$dst);
  let ascCall = "AscendC::GetCmpMask($dst)";
  let assemblyFormat = "$dst attr-dict `:` type($dst)";
}
let ascPipe = "V" in
def AscendC_SetCmpMaskOp : AscendC_Op<"set_cmp_mask"> {
  let summary = "AscendC::SetCmpMask: loads the CMPMASK register from `src`";
  let arguments = (ins AscendC_LocalTensor:$src);
  let ascCall = "AscendC::SetCmpMask($src)";
  let ascWrites = [];
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

// Select<T(dst), U(selMask), isSetMask>(dst, selMask, src0, src1, selMode, ...),
// src1 a tensor (select_*) or a scalar (select_scalar_*).
class AscendC_SelectL0Op<string mnemonic, AscendC_MaskForm form, Type src1T, list<Trait> traits>
    : AscendC_Op<mnemonic # form.suffix, traits> {
  let summary = "AscendC::Select (" # form.summary # ")";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecSelMask:$sel_mask,
                       AscendC_VecFloat:$src0, src1T:$src1, AscendC_SelMode:$sel_mode,
                       form.mask:$mask, AnySignlessInteger:$repeat_times,
                       AscendC_BinaryRepeatParamsType:$repeat_params,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Select<$elem(dst), $elem(sel_mask), $is_set_mask>($dst, $sel_mask, $src0, $src1, $sel_mode, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $sel_mask `,` $src0 `,` $src1 `,` $sel_mode `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($sel_mask) `,` type($src0) `,` type($src1)" # form.fmt # " `,` type($repeat_times)";
}

multiclass AscendC_SelectOps<string mnemonic, Type src1T, list<Trait> traits, string l2tmpl> {
  def L0Op : AscendC_SelectL0Op<mnemonic, AscendC_BitMaskForm, src1T, traits>;
  def L1Op : AscendC_SelectL0Op<mnemonic, AscendC_CountMaskForm, src1T, traits>;
  def L2Op : AscendC_Op<mnemonic # "_l2", traits> {
    let summary = "AscendC::Select (level 2, count)";
    let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecSelMask:$sel_mask,
                         AscendC_VecFloat:$src0, src1T:$src1, AscendC_SelMode:$sel_mode,
                         AnySignlessInteger:$count);
    let ascCall = "AscendC::Select" # l2tmpl # "($dst, $sel_mask, $src0, $src1, $sel_mode, $count)";
    let assemblyFormat = "$dst `,` $sel_mask `,` $src0 `,` $src1 `,` $sel_mode `,` $count attr-dict `:` type($dst) `,` type($sel_mask) `,` type($src0) `,` type($src1) `,` type($count)";
  }
}
let ascPipe = "V" in
defm AscendC_Select : AscendC_SelectOps<"select", AscendC_VecFloat, [AscendC_VecDstSrc01], "">;
// The scalar is converted to T, so T and U are written out.
let ascPipe = "V" in
defm AscendC_SelectScalar : AscendC_SelectOps<"select_scalar", AscendC_VecScalar, [AscendC_VecDstSrc0],
                                              "<$elem(dst), $elem(sel_mask)>">;

let ascPipe = "V" in
def AscendC_SelectRegOp : AscendC_Op<"select_reg", [AscendC_VecDstSrc01]> {
  let summary = "AscendC::Select<T, selMode>: the selection mask is the CMPMASK register";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src0,
                       AscendC_VecFloat:$src1, AnySignlessInteger:$repeat_times,
                       AscendC_BinaryRepeatParamsType:$repeat_params,
                       AscendC_SelMode:$sel_mode);
  let ascCall = "AscendC::Select<$elem(dst), $sel_mode>($dst, $src0, $src1, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $repeat_times `,` $repeat_params `,` $sel_mode attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($repeat_times)";
}

let ascPipe = "V" in
def AscendC_SelectSelMaskOp : AscendC_Op<"select_sel_mask", [AscendC_VecDstSrc0]> {
  let summary = "AscendC::Select<T, U>(dst, selMask, src0, repeatTime, params)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecSelMask:$sel_mask,
                       AscendC_VecFloat:$src0, AnySignlessInteger:$repeat_times,
                       AscendC_BinaryRepeatParamsType:$repeat_params);
  let ascCall = "AscendC::Select<$elem(dst), $elem(sel_mask)>($dst, $sel_mask, $src0, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $sel_mask `,` $src0 `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($sel_mask) `,` type($src0) `,` type($repeat_times)";
}

//===----------------------------------------------------------------------===//
// basic/vec_duplicate, basic/vec_brcb
//===----------------------------------------------------------------------===//

class AscendC_DuplicateL0Op<AscendC_MaskForm form> : AscendC_Op<"duplicate" # form.suffix> {
  let summary = "AscendC::Duplicate (" # form.summary # ")";
  let arguments = (ins AscendC_VecB16B32:$dst, AscendC_VecScalar:$scalar, form.mask:$mask,
                       AnySignlessInteger:$repeat_times, AnySignlessInteger:$dst_block_stride,
                       AnySignlessInteger:$dst_repeat_stride, AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::Duplicate<$elem(dst), $is_set_mask>($dst, $scalar, $mask, $repeat_times, $dst_block_stride, $dst_repeat_stride)";
  let assemblyFormat = "$dst `,` $scalar `,` $mask `,` $repeat_times `,` $dst_block_stride `,` $dst_repeat_stride attr-dict `:` type($dst) `,` type($scalar)" # form.fmt # " `,` type($repeat_times) `,` type($dst_block_stride) `,` type($dst_repeat_stride)";
}
let ascPipe = "V" in
def AscendC_DuplicateL0Op : AscendC_DuplicateL0Op<AscendC_BitMaskForm>;
let ascPipe = "V" in
def AscendC_DuplicateL1Op : AscendC_DuplicateL0Op<AscendC_CountMaskForm>;
let ascPipe = "V" in
def AscendC_DuplicateL2Op : AscendC_Op<"duplicate_l2"> {
  let summary = "AscendC::Duplicate (level 2, count)";
  let arguments = (ins AscendC_VecB16B32:$dst, AscendC_VecScalar:$scalar,
                       AnySignlessInteger:$count);
  let ascCall = "AscendC::Duplicate<$elem(dst)>($dst, $scalar, $count)";
  let assemblyFormat = "$dst `,` $scalar `,` $count attr-dict `:` type($dst) `,` type($scalar) `,` type($count)";
}

let ascPipe = "V" in
def AscendC_BrcbOp : AscendC_Op<"brcb", [AscendC_VecDstSrc]> {
  let summary = "AscendC::Brcb: broadcasts each element of `src` to a data block";
  let arguments = (ins AscendC_VecB16B32:$dst, AscendC_VecB16B32:$src,
                       AnySignlessInteger:$repeat_times,
                       AscendC_BrcbRepeatParamsType:$repeat_params);
  let ascCall = "AscendC::Brcb($dst, $src, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($repeat_times)";
}

//===----------------------------------------------------------------------===//
// basic/vec_gather, basic/vec_scatter: offsets are LocalTensor<uint32_t>
//===----------------------------------------------------------------------===//

// Gather(dst, src, srcOffset, srcBaseOffset, mask, repeatTime, dstRepStride) and
// Scatter(dst, src, dstOffset, dstBaseAddr, mask, repeatTime, srcRepStride).
class AscendC_IndexedL0Op<string mnemonic, string api, string offset, string base, string stride,
                          AscendC_MaskForm form>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_VecDstSrc]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = !con((ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src),
                       !dag(ins, [AscendC_LocalTensorU32, AnySignlessInteger, form.mask,
                                  AnySignlessInteger, AnySignlessInteger],
                                 [offset, base, "mask", "repeat_times", stride]));
  let ascCall = "AscendC::" # api # "($args)";
  let assemblyFormat = "$dst `,` $src `,` $" # offset # " `,` $" # base # " `,` $mask `,` $repeat_times `,` $" # stride # " attr-dict `:` type($dst) `,` type($src) `,` type($" # offset # ") `,` type($" # base # ")" # form.fmt # " `,` type($repeat_times) `,` type($" # stride # ")";
}

multiclass AscendC_IndexedOps<string mnemonic, string api, string offset, string base, string stride> {
  def L0Op : AscendC_IndexedL0Op<mnemonic, api, offset, base, stride, AscendC_BitMaskForm>;
  def L1Op : AscendC_IndexedL0Op<mnemonic, api, offset, base, stride, AscendC_CountMaskForm>;
  def L2Op : AscendC_Op<mnemonic # "_l2", [AscendC_VecDstSrc]> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = !con((ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src),
                         !dag(ins, [AscendC_LocalTensorU32, AnySignlessInteger, AnySignlessInteger],
                                   [offset, base, "count"]));
    let ascCall = "AscendC::" # api # "($args)";
    let assemblyFormat = "$dst `,` $src `,` $" # offset # " `,` $" # base # " `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($" # offset # ") `,` type($" # base # ") `,` type($count)";
  }
}

let ascPipe = "V" in
defm AscendC_Gather : AscendC_IndexedOps<"gather", "Gather", "src_offset", "src_base", "dst_rep_stride">;
let ascPipe = "V" in
defm AscendC_Scatter : AscendC_IndexedOps<"scatter", "Scatter", "dst_offset", "dst_base", "src_rep_stride">;

let ascPipe = "V" in
def AscendC_GatherbOp : AscendC_Op<"gatherb", [AscendC_VecDstSrc]> {
  let summary = "AscendC::Gatherb: gathers data blocks by the byte offsets in `offset`";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_LocalTensorU32:$offset, AnySignlessInteger:$repeat_times,
                       AscendC_GatherRepeatParamsType:$repeat_params);
  let ascCall = "AscendC::Gatherb($dst, $src, $offset, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $offset `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($offset) `,` type($repeat_times)";
}

//===----------------------------------------------------------------------===//
// basic/vec_gather_mask
//===----------------------------------------------------------------------===//

// GatherMask(dst, src0, src1Pattern, reduceMode, mask, params, uint64_t& rsvdCnt):
// the result is the count Ascend C writes to `rsvdCnt`, declared first:
//   uint64_t cnt = 0; AscendC::GatherMask(dst, src0, pattern, false, 0, p, cnt);
// `gather_mask_mode` has one value, DEFAULT, which is the template default
// (defaultGatherMaskMode) and is therefore not written.
class AscendC_GatherMaskBase<string mnemonic, Type patternT, string desc>
    : AscendC_DeclOp<mnemonic,
        " = 0; AscendC::GatherMask($dst, $src0, $src1_pattern, $reduce_mode, $mask, $params, $rsvd_cnt)",
        [AscendC_SameElementType<["dst", "src0"]>]> {
  let summary = "AscendC::GatherMask with " # desc;
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                       patternT:$src1_pattern, I1:$reduce_mode, AnySignlessInteger:$mask,
                       AscendC_GatherMaskParamsType:$params,
                       DefaultValuedAttr<AscendC_GatherMaskMode,
                                         "::mlir::ascendc::GatherMaskMode::DEFAULT">:$gather_mask_mode);
  let results = (outs UI64:$rsvd_cnt);
}
let ascPipe = "V" in
def AscendC_GatherMaskOp
    : AscendC_GatherMaskBase<"gather_mask", AscendC_LocalTensor, "a pattern tensor"> {
  let assemblyFormat = "$dst `,` $src0 `,` $src1_pattern `,` $reduce_mode `,` $mask `,` $params attr-dict `:` type($dst) `,` type($src0) `,` type($src1_pattern) `,` type($mask)";
}
let ascPipe = "V" in
def AscendC_GatherMaskBuiltinOp
    : AscendC_GatherMaskBase<"gather_mask_builtin", AnySignlessInteger, "a built-in pattern (uint8_t 1..7)"> {
  let assemblyFormat = "$dst `,` $src0 `,` $src1_pattern `,` $reduce_mode `,` $mask `,` $params attr-dict `:` type($dst) `,` type($src0) `,` type($src1_pattern) `,` type($mask)";
}

let ascPipe = "V" in
def AscendC_GetGatherMaskRemainCountOp : AscendC_Op<"get_gather_mask_remain_count"> {
  let summary = "AscendC::GetGatherMaskRemainCount: elements kept by the last GatherMask";
  let results = (outs I64:$result);
  let ascCall = "AscendC::GetGatherMaskRemainCount()";
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// basic/vec_reduce
//===----------------------------------------------------------------------===//

// BlockReduceSum/Max/Min, PairReduceSum<T, isSetMask>(dst, src, repeatTime,
// mask, dstRepStride, srcBlkStride, srcRepStride): repeat BEFORE mask.
class AscendC_BlockReduceOp<string mnemonic, string api, AscendC_MaskForm form>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_VecDstSrc]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
                       AnySignlessInteger:$repeat_times, form.mask:$mask,
                       AnySignlessInteger:$dst_rep_stride, AnySignlessInteger:$src_blk_stride,
                       AnySignlessInteger:$src_rep_stride, AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src, $repeat_times, $mask, $dst_rep_stride, $src_blk_stride, $src_rep_stride)";
  let assemblyFormat = "$dst `,` $src `,` $repeat_times `,` $mask `,` $dst_rep_stride `,` $src_blk_stride `,` $src_rep_stride attr-dict `:` type($dst) `,` type($src) `,` type($repeat_times)" # form.fmt # " `,` type($dst_rep_stride) `,` type($src_blk_stride) `,` type($src_rep_stride)";
}
multiclass AscendC_BlockReduceOps<string mnemonic, string api> {
  def L0Op : AscendC_BlockReduceOp<mnemonic, api, AscendC_BitMaskForm>;
  def L1Op : AscendC_BlockReduceOp<mnemonic, api, AscendC_CountMaskForm>;
}
let ascPipe = "V" in
defm AscendC_BlockReduceSum : AscendC_BlockReduceOps<"block_reduce_sum", "BlockReduceSum">;
let ascPipe = "V" in
defm AscendC_BlockReduceMax : AscendC_BlockReduceOps<"block_reduce_max", "BlockReduceMax">;
let ascPipe = "V" in
defm AscendC_BlockReduceMin : AscendC_BlockReduceOps<"block_reduce_min", "BlockReduceMin">;
let ascPipe = "V" in
defm AscendC_PairReduceSum : AscendC_BlockReduceOps<"pair_reduce_sum", "PairReduceSum">;

// RepeatReduceSum has the count-mask form only.
let ascPipe = "V" in
def AscendC_RepeatReduceSumL1Op : AscendC_Op<"repeat_reduce_sum_l1", [AscendC_VecDstSrc]> {
  let summary = "AscendC::RepeatReduceSum (level 0, count mask)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
                       AnySignlessInteger:$repeat_times, AnySignlessInteger:$mask,
                       AnySignlessInteger:$dst_blk_stride, AnySignlessInteger:$src_blk_stride,
                       AnySignlessInteger:$dst_rep_stride, AnySignlessInteger:$src_rep_stride,
                       AscendC_IsSetMask:$is_set_mask);
  let ascCall = "AscendC::RepeatReduceSum<$elem(dst), $is_set_mask>($dst, $src, $repeat_times, $mask, $dst_blk_stride, $src_blk_stride, $dst_rep_stride, $src_rep_stride)";
  let assemblyFormat = "$dst `,` $src `,` $repeat_times `,` $mask `,` $dst_blk_stride `,` $src_blk_stride `,` $dst_rep_stride `,` $src_rep_stride attr-dict `:` type($dst) `,` type($src) `,` type($repeat_times) `,` type($mask) `,` type($dst_blk_stride) `,` type($src_blk_stride) `,` type($dst_rep_stride) `,` type($src_rep_stride)";
}

// WholeReduceSum/Max/Min<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride,
// srcBlkStride, srcRepStride[, order]): mask BEFORE repeat.
class AscendC_WholeReduceOp<string mnemonic, string api, AscendC_MaskForm form, bit hasOrder>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_VecDstSrc]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = !con(
      (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src, form.mask:$mask,
           AnySignlessInteger:$repeat_times, AnySignlessInteger:$dst_rep_stride,
           AnySignlessInteger:$src_blk_stride, AnySignlessInteger:$src_rep_stride,
           AscendC_IsSetMask:$is_set_mask),
      !if(hasOrder,
          (ins DefaultValuedAttr<AscendC_ReduceOrder,
                                 "::mlir::ascendc::ReduceOrder::ORDER_VALUE_INDEX">:$order),
          (ins)));
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src, $mask, $repeat_times, $dst_rep_stride, $src_blk_stride, $src_rep_stride" # !if(hasOrder, ", $order", "") # ")";
  let assemblyFormat = "$dst `,` $src `,` $mask `,` $repeat_times `,` $dst_rep_stride `,` $src_blk_stride `,` $src_rep_stride" # !if(hasOrder, " (`order` $order^)?", "") # " attr-dict `:` type($dst) `,` type($src)" # form.fmt # " `,` type($repeat_times) `,` type($dst_rep_stride) `,` type($src_blk_stride) `,` type($src_rep_stride)";
}
multiclass AscendC_WholeReduceOps<string mnemonic, string api, bit hasOrder> {
  def L0Op : AscendC_WholeReduceOp<mnemonic, api, AscendC_BitMaskForm, hasOrder>;
  def L1Op : AscendC_WholeReduceOp<mnemonic, api, AscendC_CountMaskForm, hasOrder>;
}
let ascPipe = "V" in
defm AscendC_WholeReduceSum : AscendC_WholeReduceOps<"whole_reduce_sum", "WholeReduceSum", 0>;
let ascPipe = "V" in
defm AscendC_WholeReduceMax : AscendC_WholeReduceOps<"whole_reduce_max", "WholeReduceMax", 1>;
let ascPipe = "V" in
defm AscendC_WholeReduceMin : AscendC_WholeReduceOps<"whole_reduce_min", "WholeReduceMin", 1>;

// ReduceSum/Max/Min<T>(dst, src, sharedTmpBuffer, ...): Max and Min take a
// trailing `bool calIndex`; level-2 ReduceSum has isSetMask.
defvar AscendC_ReduceTensors = AscendC_SameElementType<["dst", "src", "shared_tmp_buffer"]>;
class AscendC_ReduceL0Op<string mnemonic, string api, AscendC_MaskForm form, bit isSum>
    : AscendC_Op<mnemonic # form.suffix, [AscendC_ReduceTensors]> {
  let summary = "AscendC::" # api # " (" # form.summary # ")";
  let arguments = !con(
      (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
           AscendC_VecFloat:$shared_tmp_buffer, form.mask:$mask,
           AnySignlessInteger:$repeat_times, AnySignlessInteger:$src_rep_stride),
      !if(isSum, (ins), (ins DefaultValuedAttr<BoolAttr, "false">:$cal_index)));
  let ascCall = "AscendC::" # api # "<$elem(dst)>($dst, $src, $shared_tmp_buffer, $mask, $repeat_times, $src_rep_stride" # !if(isSum, "", ", $cal_index") # ")";
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let assemblyFormat = "$dst `,` $src `,` $shared_tmp_buffer `,` $mask `,` $repeat_times `,` $src_rep_stride attr-dict `:` type($dst) `,` type($src) `,` type($shared_tmp_buffer)" # form.fmt # " `,` type($repeat_times) `,` type($src_rep_stride)";
}
multiclass AscendC_ReduceOps<string mnemonic, string api, bit isSum> {
  def L0Op : AscendC_ReduceL0Op<mnemonic, api, AscendC_BitMaskForm, isSum>;
  def L1Op : AscendC_ReduceL0Op<mnemonic, api, AscendC_CountMaskForm, isSum>;
  def L2Op : AscendC_Op<mnemonic # "_l2", [AscendC_ReduceTensors]> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = !con(
        (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src,
             AscendC_VecFloat:$shared_tmp_buffer, AnySignlessInteger:$count),
        !if(isSum, (ins AscendC_IsSetMask:$is_set_mask),
                   (ins DefaultValuedAttr<BoolAttr, "false">:$cal_index)));
    let ascCall = "AscendC::" # api # "<$elem(dst)" # !if(isSum, ", $is_set_mask", "") # ">($dst, $src, $shared_tmp_buffer, $count" # !if(isSum, "", ", $cal_index") # ")";
    let ascWrites = ["dst", "shared_tmp_buffer"];
    let assemblyFormat = "$dst `,` $src `,` $shared_tmp_buffer `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($shared_tmp_buffer) `,` type($count)";
  }
}
let ascPipe = "V" in
defm AscendC_ReduceSum : AscendC_ReduceOps<"reduce_sum", "ReduceSum", 1>;
let ascPipe = "V" in
defm AscendC_ReduceMax : AscendC_ReduceOps<"reduce_max", "ReduceMax", 0>;
let ascPipe = "V" in
defm AscendC_ReduceMin : AscendC_ReduceOps<"reduce_min", "ReduceMin", 0>;

//===----------------------------------------------------------------------===//
// basic/vec_transpose
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_TransposeOp : AscendC_Op<"transpose", [AscendC_VecDstSrc]> {
  let summary = "AscendC::Transpose of a 16x16 matrix of 2-byte elements";
  let arguments = (ins AscendC_VecB16:$dst, AscendC_VecB16:$src);
  let ascCall = "AscendC::Transpose($dst, $src)";
  let assemblyFormat = "$dst `,` $src attr-dict `:` type($dst) `,` type($src)";
}

let ascPipe = "V" in
def AscendC_TransposeExtOp : AscendC_Op<"transpose_ext", [AscendC_VecDstSrc]> {
  let summary = "AscendC::Transpose with a shared temporary buffer and TransposeParamsExt";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_LocalTensorU8:$shared_tmp_buffer,
                       AscendC_TransposeParamsExtType:$params);
  let ascCall = "AscendC::Transpose($dst, $src, $shared_tmp_buffer, $params)";
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let assemblyFormat = "$dst `,` $src `,` $shared_tmp_buffer `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($shared_tmp_buffer)";
}

let ascPipe = "V" in
def AscendC_TransDataTo5HDOp : AscendC_Op<"trans_data_to_5hd"> {
  let summary = "AscendC::TransDataTo5HD<T> on tensors of uint64_t addresses";
  let description = [{
    The LocalTensor<uint64_t> form: `dst` and `src` hold the 16 destination and
    source addresses; `element_type` is the T of the data they point to.
  }];
  let arguments = (ins AscendC_LocalTensorU64:$dst, AscendC_LocalTensorU64:$src,
                       AscendC_TransDataTo5HDParamsType:$params, TypeAttr:$element_type);
  let ascCall = "AscendC::TransDataTo5HD<$element_type>($dst, $src, $params)";
  let assemblyFormat = "$element_type `,` $dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
}

// Printed by a hand-written emitter (cpp/emitter/lib/ApiEmitters.cpp): the two
// lists are declared first as C++ arrays, then passed by name.
let ascPipe = "V", ascWrites = ["dst_list"] in
def AscendC_TransDataTo5HDListOp : AscendC_Op<"trans_data_to_5hd_list", [AttrSizedOperandSegments]> {
  let summary = "AscendC::TransDataTo5HD<T> on two lists of 16 tensors, or of 16 UB addresses";
  let description = [{
    The vendor's array forms: `dst_list` and `src_list` are 16 LocalTensors each
    (`const LocalTensor<T> (&)[16]`; T is their element type) or 16 uint64 UB
    byte addresses each (`uint64_t[16]`; `element_type` is the T of the data
    they point to). Emitted as `AscendC::LocalTensor<T> dst[16] = {...};` (or
    `uint64_t dst[16] = {...};`) and the call on the two arrays.
  }];
  let arguments = (ins Variadic<AnyType>:$dst_list, Variadic<AnyType>:$src_list,
                       AscendC_TransDataTo5HDParamsType:$params, TypeAttr:$element_type);
  let assemblyFormat = "$element_type `,` `[` $dst_list `]` `,` `[` $src_list `]` `,` $params attr-dict "
                       "`:` `(` type($dst_list) `)` `,` `(` type($src_list) `)`";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// basic/common: the vector mask
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_SetVectorMaskOp : AscendC_Op<"set_vector_mask"> {
  let summary = "AscendC::SetVectorMask<T, mode>(maskHigh, maskLow)";
  let arguments = (ins AnySignlessInteger:$mask_high, AnySignlessInteger:$mask_low,
                       TypeAttr:$element_type, AscendC_MaskMode:$mode);
  let ascCall = "AscendC::SetVectorMask<$element_type, $mode>($mask_high, $mask_low)";
  let assemblyFormat = "$element_type `,` $mode `,` $mask_high `,` $mask_low attr-dict `:` type($mask_high) `,` type($mask_low)";
}

let ascPipe = "V" in
def AscendC_SetVectorMaskLenOp : AscendC_Op<"set_vector_mask_len"> {
  let summary = "AscendC::SetVectorMask<T, mode>(len)";
  let arguments = (ins AnySignlessInteger:$length, TypeAttr:$element_type,
                       AscendC_MaskMode:$mode);
  let ascCall = "AscendC::SetVectorMask<$element_type, $mode>($length)";
  let assemblyFormat = "$element_type `,` $mode `,` $length attr-dict `:` type($length)";
}

let ascPipe = "V" in
def AscendC_ResetMaskOp : AscendC_Op<"reset_mask"> {
  let summary = "AscendC::ResetMask: all elements enabled";
  let ascCall = "AscendC::ResetMask()";
  let assemblyFormat = "attr-dict";
}
let ascPipe = "V" in
def AscendC_SetMaskCountOp : AscendC_Op<"set_mask_count"> {
  let summary = "AscendC::SetMaskCount: the vector mask counts elements";
  let ascCall = "AscendC::SetMaskCount()";
  let assemblyFormat = "attr-dict";
}
let ascPipe = "V" in
def AscendC_SetMaskNormOp : AscendC_Op<"set_mask_norm"> {
  let summary = "AscendC::SetMaskNorm: the vector mask is a bit mask";
  let ascCall = "AscendC::SetMaskNorm()";
  let assemblyFormat = "attr-dict";
}
