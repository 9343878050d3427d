//===- Vector.td - basic/vec_*: the vector unit's API families ------------===//
//
// Each family comes in three forms, as in Ascend C and the asc API:
//   <op>_l0  mask as a bit mask (!ascendc.bitmask), repeat times, repeat params;
//   <op>_l1  mask as a count of elements per repeat, repeat times, repeat params;
//   <op>_l2  a count of elements (the "level 2" form).
//
//===----------------------------------------------------------------------===//

defvar AscendC_VecDstSrc01 = AscendC_SameElementType<["dst", "src0", "src1"]>;

multiclass AscendC_BinaryOps<string mnemonic, string api> {
  def L0 : AscendC_Op<mnemonic # "_l0", [AscendC_VecDstSrc01]> {
    let summary = "AscendC::" # api # " (level 0, bit mask)";
    let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                         AscendC_LocalTensor:$src1, AscendC_BitMaskType:$mask,
                         AnySignlessInteger:$repeat_times,
                         AscendC_BinaryRepeatParamsType:$repeat_params,
                         DefaultValuedAttr<BoolAttr, "true">:$is_set_mask);
    let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src0, $src1, $mask, $repeat_times, $repeat_params)";
    let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($repeat_times)";
  }
  def L1 : AscendC_Op<mnemonic # "_l1", [AscendC_VecDstSrc01]> {
    let summary = "AscendC::" # api # " (level 0, count mask)";
    let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                         AscendC_LocalTensor:$src1, AnySignlessInteger:$mask,
                         AnySignlessInteger:$repeat_times,
                         AscendC_BinaryRepeatParamsType:$repeat_params,
                         DefaultValuedAttr<BoolAttr, "true">:$is_set_mask);
    let ascCall = "AscendC::" # api # "<$elem(dst), $is_set_mask>($dst, $src0, $src1, $mask, $repeat_times, $repeat_params)";
    let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($mask) `,` type($repeat_times)";
  }
  def L2 : AscendC_Op<mnemonic # "_l2", [AscendC_VecDstSrc01]> {
    let summary = "AscendC::" # api # " (level 2, count)";
    let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                         AscendC_LocalTensor:$src1, AnySignlessInteger:$count);
    let ascCall = "AscendC::" # api # "($dst, $src0, $src1, $count)";
    let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $count attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($count)";
  }
}

defm AscendC_Add : AscendC_BinaryOps<"add", "Add">;
