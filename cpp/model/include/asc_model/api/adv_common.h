// Shared pieces of the adv API implementations (adv_*.h): the optional
// sharedTmpBuffer and calCount arguments, and the tiling structs.
//
// An adv API is one Call on PIPE_V: it declares every range it touches (the
// shared temporary buffer as written, since the real API scribbles on it),
// reports, then computes with the Model's usual compute types (float for
// half). Without a sharedTmpBuffer the real API takes its scratch space from
// the UB left over by the TPipe; the Model needs none, so nothing is declared.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>
#include "asc_model/api/vec_engine.h"

namespace AscendC {
namespace tiling {

// The kernel-side tiling structs, brace-initialised by the emitted code in the
// .td's field order. As the vendor's generated kernel_tiling/kernel_tiling.h:
// AscendC::tiling's, with a global `using` of each, reachable from
// kernel_operator.h (TCubeTiling too: a kernel may take one without the Matmul API).
// TCubeTiling: all int32_t, field order = AscendCAdvMatmul.td.
struct TCubeTiling {
  int32_t usedCoreNum = 0, M = 0, N = 0, Ka = 0, Kb = 0, singleCoreM = 0, singleCoreN = 0, singleCoreK = 0;
  int32_t baseM = 0, baseN = 0, baseK = 0, depthA1 = 0, depthB1 = 0, stepM = 0, stepN = 0, isBias = 0;
  int32_t transLength = 0, iterateOrder = 0, shareMode = 0, shareL1Size = 0, shareL0CSize = 0, shareUbSize = 0;
  int32_t batchM = 0, batchN = 0, singleBatchM = 0, singleBatchN = 0, stepKa = 0, stepKb = 0;
  int32_t depthAL1CacheUB = 0, depthBL1CacheUB = 0, dbL0A = 0, dbL0B = 0, dbL0C = 0;
  int32_t ALayoutInfoB = 0, ALayoutInfoS = 0, ALayoutInfoN = 0, ALayoutInfoG = 0, ALayoutInfoD = 0;
  int32_t BLayoutInfoB = 0, BLayoutInfoS = 0, BLayoutInfoN = 0, BLayoutInfoG = 0, BLayoutInfoD = 0;
  int32_t CLayoutInfoB = 0, CLayoutInfoS1 = 0, CLayoutInfoN = 0, CLayoutInfoG = 0, CLayoutInfoS2 = 0;
  int32_t BatchNum = 0;
};
static_assert(sizeof(TCubeTiling) == 49 * sizeof(int32_t), "TCubeTiling is 49 packed int32 fields");
// SoftMaxTiling: all uint32_t; RmsNormTiling: uint32_t but its reciprocal.
struct SoftMaxTiling {
  uint32_t srcM = 0, srcK = 0, srcSize = 0;
  uint32_t outMaxM = 0, outMaxK = 0, outMaxSize = 0;
  uint32_t splitM = 0, splitK = 0, splitSize = 0;
  uint32_t reduceM = 0, reduceK = 0, reduceSize = 0;
  uint32_t rangeM = 0, tailM = 0, tailSplitSize = 0, tailReduceSize = 0;
};
struct RmsNormTiling {
  uint32_t bLength = 0, sLength = 0, hLength = 0, originalHLength = 0;
  float reciprocalOfHLength = 0;
  uint32_t mainBshLength = 0, mainBsLength = 0, mainBsLengthAlign = 0, loopRound = 0;
  uint32_t inputTailPos = 0, tailBshLength = 0, tailBsLength = 0;
};

}  // namespace tiling
}  // namespace AscendC

using AscendC::tiling::RmsNormTiling;
using AscendC::tiling::SoftMaxTiling;
using AscendC::tiling::TCubeTiling;

namespace asc_model {
namespace adv {

using AscendC::LocalTensor;

// The optional sharedTmpBuffer: written in full when present.
inline void declare_tmp(Call& op, const LocalTensor<uint8_t>* tmp) {
  if (tmp) op.out(*tmp, tmp->GetSize());
}

// calCount, or the whole of `src` when the call has none.
template <class T>
inline uint64_t count_or_size(Call& op, const LocalTensor<T>& src, const int64_t* count) {
  if (!count) return src.GetSize();
  if (*count < 0) op.fault("calCount is negative");
  return uint64_t(*count);
}

template <class T> using Cmp = vec::Cmp<T>;

}  // namespace adv
}  // namespace asc_model
