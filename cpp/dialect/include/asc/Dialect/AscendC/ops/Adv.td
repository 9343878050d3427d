//===- Adv.td - adv/*: the high-level (advanced) Ascend C APIs ------------===//
//
// One op per adv API. Their optional operands select the C++ overload the way
// Ascend C does: a call without `sharedTmpBuffer` lets the API take its
// temporary space itself, a call without `calCount` covers the whole tensor.
// The template arguments (element type, isReuseSource, ...) are attributes;
// `$operands` lists the operands present, in order.
// Not here: Matmul and its types (ops/AdvMatmul.td's business).
//
//===----------------------------------------------------------------------===//

defvar AscendC_AdvTmp = Optional<AscendC_LocalTensorU8>;
defvar AscendC_AdvFlag = DefaultValuedAttr<BoolAttr, "false">;
// The assembly format spells the optional operands `tmp %t : type` and `count %n : type`.

def AscendC_AdvPowerElem : AscendC_LocalTensorOfAny<[I32, F16, F32]>;
def AscendC_AdvQuantSrc : AscendC_LocalTensorOfAny<[F16, F32]>;
def AscendC_AdvQuantDst : AscendC_LocalTensorOfAny<[I8]>;

//===----------------------------------------------------------------------===//
// adv/math: element-wise functions, AscendC::<Name><T, isReuseSource>(dst, src[, tmp][, count])
//===----------------------------------------------------------------------===//

class AscendC_AdvUnaryMathOp<string mnemonic, string api, Type t = AscendC_VecFloat>
    : AscendC_Op<"adv_" # mnemonic, [AscendC_VecDstSrc, AttrSizedOperandSegments]> {
  let summary = "AscendC::" # api # " (adv/math, element-wise)";
  let arguments = (ins t:$dst, t:$src, AscendC_AdvTmp:$shared_tmp_buffer,
                       Optional<AnySignlessInteger>:$count, AscendC_AdvFlag:$is_reuse_source);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_reuse_source>($operands)";
  let assemblyFormat = "$dst `,` $src" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" # " (`count` $count^ `:` type($count))?" #
                       " attr-dict `:` type($dst) `,` type($src)";
}

let ascPipe = "V" in
def AscendC_AdvAcosOp : AscendC_AdvUnaryMathOp<"acos", "Acos">;
let ascPipe = "V" in
def AscendC_AdvAcoshOp : AscendC_AdvUnaryMathOp<"acosh", "Acosh">;
let ascPipe = "V" in
def AscendC_AdvAsinOp : AscendC_AdvUnaryMathOp<"asin", "Asin">;
let ascPipe = "V" in
def AscendC_AdvAsinhOp : AscendC_AdvUnaryMathOp<"asinh", "Asinh">;
let ascPipe = "V" in
def AscendC_AdvAtanOp : AscendC_AdvUnaryMathOp<"atan", "Atan">;
let ascPipe = "V" in
def AscendC_AdvAtanhOp : AscendC_AdvUnaryMathOp<"atanh", "Atanh">;
let ascPipe = "V" in
def AscendC_AdvCeilOp : AscendC_AdvUnaryMathOp<"ceil", "Ceil">;
let ascPipe = "V" in
def AscendC_AdvCosOp : AscendC_AdvUnaryMathOp<"cos", "Cos">;
let ascPipe = "V" in
def AscendC_AdvCoshOp : AscendC_AdvUnaryMathOp<"cosh", "Cosh">;
let ascPipe = "V" in
def AscendC_AdvDigammaOp : AscendC_AdvUnaryMathOp<"digamma", "Digamma">;
let ascPipe = "V" in
def AscendC_AdvErfOp : AscendC_AdvUnaryMathOp<"erf", "Erf">;
let ascPipe = "V" in
def AscendC_AdvErfcOp : AscendC_AdvUnaryMathOp<"erfc", "Erfc">;
let ascPipe = "V" in
def AscendC_AdvFloorOp : AscendC_AdvUnaryMathOp<"floor", "Floor">;
let ascPipe = "V" in
def AscendC_AdvFracOp : AscendC_AdvUnaryMathOp<"frac", "Frac">;
let ascPipe = "V" in
def AscendC_AdvLgammaOp : AscendC_AdvUnaryMathOp<"lgamma", "Lgamma">;
// AscendC::Log has no sharedTmpBuffer overload (adv_api/math/log.h): the verifier rejects `tmp`.
let ascPipe = "V" in
def AscendC_AdvLogOp : AscendC_AdvUnaryMathOp<"log", "Log"> {
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_AdvRoundOp : AscendC_AdvUnaryMathOp<"round", "Round">;
let ascPipe = "V" in
def AscendC_AdvSignOp : AscendC_AdvUnaryMathOp<"sign", "Sign">;
let ascPipe = "V" in
def AscendC_AdvSinOp : AscendC_AdvUnaryMathOp<"sin", "Sin">;
let ascPipe = "V" in
def AscendC_AdvSinhOp : AscendC_AdvUnaryMathOp<"sinh", "Sinh">;
let ascPipe = "V" in
def AscendC_AdvTanOp : AscendC_AdvUnaryMathOp<"tan", "Tan">;
let ascPipe = "V" in
def AscendC_AdvTanhOp : AscendC_AdvUnaryMathOp<"tanh", "Tanh">;
let ascPipe = "V" in
def AscendC_AdvTruncOp : AscendC_AdvUnaryMathOp<"trunc", "Trunc">;

// Exp<T, taylorExpandLevel, isReuseSource>(dst, src[, tmp], calCount): the Taylor
// expansion level is a template argument, so compile-time here.
let ascPipe = "V" in
def AscendC_AdvExpOp : AscendC_Op<"adv_exp", [AscendC_VecDstSrc]> {
  let summary = "AscendC::Exp (adv/math, optionally by a Taylor expansion)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src, AscendC_AdvTmp:$shared_tmp_buffer,
                       AnySignlessInteger:$count, I32Attr:$taylor_expand_level,
                       AscendC_AdvFlag:$is_reuse_source);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::Exp<$elem(dst), $taylor_expand_level, $is_reuse_source>($operands)";
  let assemblyFormat = "$dst `,` $src" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" #
                       " `count` $count attr-dict `:` type($dst) `,` type($src) `,` type($count)";
}

// Binary: Power / Xor<T, isReuseSource>(dst, src0, src1[, tmp][, count]).
class AscendC_AdvBinaryMathOp<string mnemonic, string api, Type t>
    : AscendC_Op<"adv_" # mnemonic, [AscendC_VecDstSrc01, AttrSizedOperandSegments]> {
  let summary = "AscendC::" # api # " (adv/math, element-wise, two tensors)";
  let arguments = (ins t:$dst, t:$src0, t:$src1, AscendC_AdvTmp:$shared_tmp_buffer,
                       Optional<AnySignlessInteger>:$count, AscendC_AdvFlag:$is_reuse_source);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::" # api # "<$elem(dst), $is_reuse_source>($operands)";
  let assemblyFormat = "$dst `,` $src0 `,` $src1" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" # " (`count` $count^ `:` type($count))?" #
                       " attr-dict `:` type($dst) `,` type($src0) `,` type($src1)";
}
let ascPipe = "V" in
def AscendC_AdvPowerOp : AscendC_AdvBinaryMathOp<"power", "Power", AscendC_AdvPowerElem>;
let ascPipe = "V" in
def AscendC_AdvXorOp : AscendC_AdvBinaryMathOp<"xor", "Xor", AscendC_VecBits16>;

// Axpy<T, U, isReuseSource>(dst, src, scalar, tmp, count): dst += src * scalar,
// dst float with src half allowed. Ascend C's only form takes both the shared
// temporary buffer and calCount (adv_api/math/axpy.h): the verifier requires them.
let ascPipe = "V" in
def AscendC_AdvAxpyOp : AscendC_Op<"adv_axpy", [AttrSizedOperandSegments]> {
  let summary = "AscendC::Axpy (adv/math: dst = src * scalar + dst)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src, AnyFloat:$scalar,
                       AscendC_AdvTmp:$shared_tmp_buffer, Optional<AnySignlessInteger>:$count,
                       AscendC_AdvFlag:$is_reuse_source);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::Axpy<$elem(dst), $elem(src), $is_reuse_source>($operands)";
  let assemblyFormat = "$dst `,` $src `,` $scalar" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" # " (`count` $count^ `:` type($count))?" #
                       " attr-dict `:` type($dst) `,` type($src) `,` type($scalar)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// adv/activation, adv/normalization, adv/quantization
//===----------------------------------------------------------------------===//

// SoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ>(dst, sum, max, src[, tmp], tiling):
// row-wise softmax of src viewed as [m, k]; sum and max get each row's value
// repeated over one 32-byte block.
let ascPipe = "V" in
def AscendC_AdvSoftMaxOp : AscendC_Op<"adv_softmax", [AscendC_SameElementType<["dst", "src"]>,
                                                      AscendC_SameElementType<["sum", "max"]>]> {
  let summary = "AscendC::SoftMax (adv/activation)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$sum, AscendC_VecFloat:$max,
                       AscendC_VecFloat:$src, AscendC_AdvTmp:$shared_tmp_buffer,
                       AscendC_SoftMaxTilingType:$tiling, AscendC_AdvFlag:$reuse_source,
                       AscendC_AdvFlag:$basic_block, AscendC_AdvFlag:$data_format_nz);
  let ascWrites = ["dst", "sum", "max", "shared_tmp_buffer"];
  let ascCall = "AscendC::SoftMax<$elem(dst), $reuse_source, $basic_block, $data_format_nz>($operands)";
  let assemblyFormat = "$dst `,` $sum `,` $max `,` $src" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" #
                       " `tiling` $tiling attr-dict `:` type($dst) `,` type($sum) `,` type($max) `,` type($src)";
}

// RmsNorm<T, isBasicBlock>(dst, src, gamma[, tmp], epsilon, tiling).
let ascPipe = "V" in
def AscendC_AdvRmsNormOp : AscendC_Op<"adv_rmsnorm", [AscendC_SameElementType<["dst", "src", "gamma"]>]> {
  let summary = "AscendC::RmsNorm (adv/normalization)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src, AscendC_VecFloat:$gamma,
                       AscendC_AdvTmp:$shared_tmp_buffer, AnyFloat:$epsilon,
                       AscendC_RmsNormTilingType:$tiling, AscendC_AdvFlag:$basic_block);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::RmsNorm<$elem(dst), $basic_block>($operands)";
  let assemblyFormat = "$dst `,` $src `,` $gamma" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" #
                       " `,` $epsilon `,` $tiling attr-dict `:` type($dst) `,` type($src) `,` type($gamma) `,` type($epsilon)";
}

// AscendQuant<T, isReuseSource>(dst, src[, tmp], scale, offset[, count]): per-tensor
// quantisation to int8, dst = round(src * scale + offset).
let ascPipe = "V" in
def AscendC_AdvQuantOp : AscendC_Op<"adv_quant", [AttrSizedOperandSegments]> {
  let summary = "AscendC::AscendQuant (adv/quantization, per tensor)";
  let arguments = (ins AscendC_AdvQuantDst:$dst, AscendC_AdvQuantSrc:$src, AscendC_AdvTmp:$shared_tmp_buffer,
                       F32:$scale, F32:$offset, Optional<AnySignlessInteger>:$count,
                       AscendC_AdvFlag:$is_reuse_source);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "AscendC::AscendQuant<$elem(src), $is_reuse_source>($operands)";
  let assemblyFormat = "$dst `,` $src" # " (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))?" # " `,` $scale `,` $offset" # " (`count` $count^ `:` type($count))?" #
                       " attr-dict `:` type($dst) `,` type($src)";
}

// AscendQuant with an AscendQuantConfig: Ascend C takes the config as a
// `const AscendQuantConfig&` template argument, so the call is emitted in a
// block that first declares it as a static constexpr object.
let ascPipe = "V" in
def AscendC_AdvQuantConfigOp : AscendC_Op<"adv_quant_config", [AttrSizedOperandSegments]> {
  let summary = "AscendC::AscendQuant with its AscendQuantConfig template argument";
  let arguments = (ins AscendC_AdvQuantDst:$dst, AscendC_AdvQuantSrc:$src, AscendC_AdvTmp:$shared_tmp_buffer,
                       F32:$scale, F32:$offset, Optional<AnySignlessInteger>:$count,
                       AscendC_AdvFlag:$is_reuse_source, I32Attr:$calc_count, I32Attr:$offset_count,
                       I32Attr:$scale_count, I32Attr:$work_local_size);
  let ascWrites = ["dst", "shared_tmp_buffer"];
  let ascCall = "{ static constexpr AscendC::AscendQuantConfig asc_quant_config{$calc_count, $offset_count, "
                "$scale_count, $work_local_size}; "
                "AscendC::AscendQuant<$elem(src), $is_reuse_source, asc_quant_config>($operands); }";
  let assemblyFormat = "$dst `,` $src (`tmp` $shared_tmp_buffer^ `:` type($shared_tmp_buffer))? `,` $scale `,` $offset (`count` $count^ `:` type($count))? attr-dict `:` type($dst) `,` type($src)";
}

//===----------------------------------------------------------------------===//
// adv/sort
//===----------------------------------------------------------------------===//

// Concat(concat, src, tmp, repeatTimes): `src`'s scores laid into the sort
// structure Sort consumes (32 elements per repeat).
let ascPipe = "V" in
def AscendC_AdvConcatOp : AscendC_ApiOp<"adv_concat", "Concat",
                                        [AscendC_SameElementType<["dst", "src", "tmp"]>]> {
  let summary = "AscendC::Concat (adv/sort)";
  let arguments = (ins AscendC_VecFloat:$dst, AscendC_VecFloat:$src, AscendC_VecFloat:$tmp,
                       AnySignlessInteger:$repeat_time);
  let ascWrites = ["dst", "tmp"];
  let assemblyFormat = "$dst `,` $src `,` $tmp `,` $repeat_time attr-dict `:` type($dst) `,` type($src) `,` type($tmp) `,` type($repeat_time)";
}

// Extract(dstValue, dstIndex, sorted, repeatTimes): the scores and indices of
// a sorted structure (32 elements per repeat).
let ascPipe = "V" in
def AscendC_AdvExtractOp : AscendC_ApiOp<"adv_extract", "Extract",
                                         [AscendC_SameElementType<["dst_value", "src"]>]> {
  let summary = "AscendC::Extract (adv/sort)";
  let arguments = (ins AscendC_VecFloat:$dst_value, AscendC_LocalTensorU32:$dst_index,
                       AscendC_VecFloat:$src, AnySignlessInteger:$repeat_time);
  let ascWrites = ["dst_value", "dst_index"];
  let assemblyFormat = "$dst_value `,` $dst_index `,` $src `,` $repeat_time attr-dict `:` type($dst_value) `,` type($dst_index) `,` type($src) `,` type($repeat_time)";
}
