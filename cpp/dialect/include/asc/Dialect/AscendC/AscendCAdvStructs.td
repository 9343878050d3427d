//===- AscendCAdvStructs.td - the adv API's tiling structs ----*- tablegen -*-===//
//
// The structs the adv APIs take by const reference (SoftMax's SoftMaxTiling,
// RmsNorm's RmsNormTiling). Every field is uint32_t except
// RmsNormTiling::reciprocalOfHLength (float). pyasc spells the Python class
// `SoftmaxTiling`; asc.adv exports it under that name. The host side fills
// them with asc.lib.host's softmax / rmsnorm tiling helpers.
//
//===----------------------------------------------------------------------===//

// AscendC::tiling's, as the vendor's kernel_tiling/kernel_tiling.h declares them.
def AscendC_SoftMaxTilingType : AscendC_StructType<"SoftMaxTiling", "softmax_tiling", "tiling::SoftMaxTiling",
    ["srcM", "srcK", "srcSize", "outMaxM", "outMaxK", "outMaxSize", "splitM", "splitK", "splitSize",
     "reduceM", "reduceK", "reduceSize", "rangeM", "tailM", "tailSplitSize", "tailReduceSize"]>;
def AscendC_RmsNormTilingType : AscendC_StructType<"RmsNormTiling", "rms_norm_tiling", "tiling::RmsNormTiling",
    ["bLength", "sLength", "hLength", "originalHLength", "reciprocalOfHLength", "mainBshLength",
     "mainBsLength", "mainBsLengthAlign", "loopRound", "inputTailPos", "tailBshLength", "tailBsLength"]>;
