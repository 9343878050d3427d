// TopK (adv_api/sort/topk.h, the Atlas A2 merge-sort form), TopKInfo, TopKMode
// and the kernel's TopkTiling (AscendC::tiling::TopkTiling, the optiling
// struct's layout; ::TopkTiling as the vendor's generated kernel_tiling.h).
//
// Each of the outter rows of `inner` elements (all of them: the vendor sorts
// the padding after n too, so a caller pads with -inf / +inf) is sorted by
// value, largest first (isLargest) or smallest first, equal values in index
// order (the Model's Sort32 / MrgSort). The index of an element is its
// position in the row, or srcIndexLocal's (isInitIndex; TOPK_NORMAL: one row
// shared by all rows, TOPK_NSMALL: outter * 32). The first k values and indices:
//   TOPK_NORMAL: row j at j * kAlign (kAlignFourBytes for 4-byte values and the
//     indices, kAlignTwoBytes for half values, from the tiling); isHasfinish:
//     a row whose finishLocal flag is set gets the index n for all k;
//     smallest first: the vendor negates the values, sorts and negates the
//     first maskOffset outputs back, so the padding after each row's k values
//     comes out negated;
//   TOPK_NSMALL (inner 32): packed, row j at j * k (the vendor's GatherMask).
// The vendor's parameter checks are faults at the call.
#pragma once
#include <algorithm>
#include <vector>
#include "asc_model/api/adv_common.h"

namespace AscendC {
namespace tiling {
struct TopkTiling {
  int32_t tmpLocalSize = 0, allDataSize = 0, innerDataSize = 0;
  uint32_t sortRepeat = 0;
  int32_t mrgSortRepeat = 0, kAlignFourBytes = 0, kAlignTwoBytes = 0, maskOffset = 0;
  int32_t maskVreducev2FourBytes = 0, maskVreducev2TwoBytes = 0;
  int32_t mrgSortSrc1offset = 0, mrgSortSrc2offset = 0, mrgSortSrc3offset = 0, mrgSortTwoQueueSrc1Offset = 0;
  int32_t mrgFourQueueTailPara1 = 0, mrgFourQueueTailPara2 = 0, srcIndexOffset = 0;
  uint32_t copyUbToUbBlockCount = 0;
  int32_t topkMrgSrc1MaskSizeOffset = 0, topkNSmallSrcIndexOffset = 0;
  uint32_t vreduceValMask0 = 0, vreduceValMask1 = 0, vreduceIdxMask0 = 0, vreduceIdxMask1 = 0;
  uint16_t vreducehalfValMask0 = 0, vreducehalfValMask1 = 0, vreducehalfValMask2 = 0, vreducehalfValMask3 = 0;
  uint16_t vreducehalfValMask4 = 0, vreducehalfValMask5 = 0, vreducehalfValMask6 = 0, vreducehalfValMask7 = 0;
};
static_assert(sizeof(TopkTiling) == 112, "TopkTiling: 24 4-byte fields and 8 uint16_t, the optiling layout");
}  // namespace tiling

#ifndef ASC_MODEL_TOPK_MODE
#define ASC_MODEL_TOPK_MODE
enum class TopKMode {
  TOPK_NORMAL,
  TOPK_NSMALL,
};
#endif

struct TopKInfo {
  int32_t outter = 1;
  int32_t inner;  // n aligned to 32 elements
  int32_t n;      // the row's actual length
};
}  // namespace AscendC
using AscendC::tiling::TopkTiling;

namespace asc_model {
namespace adv {

template <class T, bool isInitIndex, bool isHasfinish, bool nsmall>
void topk(const LocalTensor<T>& dstValue, const LocalTensor<int32_t>& dstIndex, const LocalTensor<T>& src,
          const LocalTensor<int32_t>& srcIndex, const LocalTensor<bool>& finish, const LocalTensor<uint8_t>* tmp,
          int32_t k, const AscendC::tiling::TopkTiling& t, const AscendC::TopKInfo& info, bool isLargest,
          const char* file, int line) {
  Call op("TopK", PIPE_V, file, line);
  Core& c = op.core();
  const int32_t outter = info.outter, inner = info.inner, n = info.n;
  if (outter < 1) c.fault(file, line, "TopK", "topKInfo.outter is %d: it must be at least 1", outter);
  if (inner < 1 || inner % 32 != 0)
    c.fault(file, line, "TopK", "topKInfo.inner is %d: it must be a positive multiple of 32", inner);
  if (!nsmall && inner > 4096)
    c.fault(file, line, "TopK", "topKInfo.inner is %d: TOPK_NORMAL supports at most 4096", inner);
  if (nsmall && inner != 32) c.fault(file, line, "TopK", "topKInfo.inner is %d: TOPK_NSMALL needs 32", inner);
  if (n < 1 || n > inner)
    c.fault(file, line, "TopK", "topKInfo.n is %d: it must be in [1, inner = %d]", n, inner);
  if (k < 1 || k > n) c.fault(file, line, "TopK", "k is %d: it must be in [1, n = %d]", k, n);
  if (nsmall && isHasfinish) op.fault("isHasfinish must be false when topkMode is TOPK_NSMALL");
  const uint64_t rows = uint64_t(outter), in = uint64_t(inner);
  const uint64_t vAlign = nsmall ? uint64_t(k) : uint64_t(sizeof(T) == 2 ? t.kAlignTwoBytes : t.kAlignFourBytes);
  const uint64_t iAlign = nsmall ? uint64_t(k) : uint64_t(t.kAlignFourBytes);
  if (vAlign < uint64_t(k) || iAlign < uint64_t(k) || t.maskOffset < 0 || uint64_t(t.maskOffset) > rows * vAlign)
    c.fault(file, line, "TopK",
            "the tiling (kAlignFourBytes %d, kAlignTwoBytes %d, maskOffset %d) is not TopKTilingFunc's for k = %d, "
            "outter = %d",
            t.kAlignFourBytes, t.kAlignTwoBytes, t.maskOffset, k, outter);
  if (tmp) {
    // GetTopKMaxMinTmpSize's size on A2.
    uint64_t need;
    if (!nsmall) need = (16 + (isInitIndex ? 0 : 4)) * in;
    else need = in * rows * 8 + (isLargest ? 0 : in * rows * 4) + 64 + (isInitIndex ? 0 : in * rows * 4);
    if (tmp->GetSize() < need)
      c.fault(file, line, "TopK", "tmpLocal of %u bytes is smaller than the %llu bytes GetTopKMaxMinTmpSize gives",
              unsigned(tmp->GetSize()), (unsigned long long)need);
  }
  const T* s = op.in(src, rows * in);
  const int32_t* si = isInitIndex ? op.in(srcIndex, nsmall ? rows * in : in) : nullptr;
  const bool* fin = isHasfinish && !nsmall ? op.in(finish, rows) : nullptr;
  T* dv = op.out(dstValue, std::max<uint64_t>(rows * vAlign, uint64_t(t.maskOffset)));
  int32_t* di = op.out(dstIndex, rows * iAlign);
  declare_tmp(op, tmp);
  if (!op.elems(rows * in).run()) return;
  std::vector<std::pair<float, int32_t>> e(in);
  std::vector<T> vals(rows * uint64_t(k));
  std::vector<int32_t> idxs(rows * uint64_t(k));
  for (uint64_t j = 0; j < rows; ++j) {
    for (uint64_t i = 0; i < in; ++i) {
      const float v = float(s[j * in + i]);
      e[i] = {isLargest ? v : -v, isInitIndex ? si[(nsmall ? j * in : 0) + i] : int32_t(i)};
    }
    std::stable_sort(e.begin(), e.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (int32_t q = 0; q < k; ++q) {
      vals[j * k + q] = T(isLargest ? e[q].first : -e[q].first);
      idxs[j * k + q] = (fin && fin[j]) ? n : e[q].second;
    }
  }
  for (uint64_t j = 0; j < rows; ++j)
    for (int32_t q = 0; q < k; ++q) {
      dv[j * vAlign + q] = vals[j * k + q];
      di[j * iAlign + q] = idxs[j * k + q];
    }
  if (!isLargest && !nsmall)  // the vendor's final negation of maskOffset values reaches each row's padding
    for (uint64_t i = 0; i < uint64_t(t.maskOffset); ++i)
      if (i % vAlign >= uint64_t(k)) dv[i] = T(-float(dv[i]));
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
          const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
          const LocalTensor<bool>& finishLocal, const LocalTensor<uint8_t>& tmpLocal, const int32_t k,
          const TopkTiling& tilling, const TopKInfo& topKInfo, const bool isLargest = true, ASC_LOC_PARAMS) {
  static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value, "TopK supports half and float");
  asc_model::adv::topk<T, isInitIndex, isHasfinish, topkMode == TopKMode::TOPK_NSMALL>(
      dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal, &tmpLocal, k, tilling, topKInfo,
      isLargest, ASC_LOC);
}
template <typename T, bool isInitIndex = false, bool isHasfinish = false, bool isReuseSrc = false,
          enum TopKMode topkMode = TopKMode::TOPK_NORMAL>
void TopK(const LocalTensor<T>& dstValueLocal, const LocalTensor<int32_t>& dstIndexLocal,
          const LocalTensor<T>& srcLocal, const LocalTensor<int32_t>& srcIndexLocal,
          const LocalTensor<bool>& finishLocal, const int32_t k, const TopkTiling& tilling,
          const TopKInfo& topKInfo, const bool isLargest = true, ASC_LOC_PARAMS) {
  static_assert(std::is_same<T, half>::value || std::is_same<T, float>::value, "TopK supports half and float");
  asc_model::adv::topk<T, isInitIndex, isHasfinish, topkMode == TopKMode::TOPK_NSMALL>(
      dstValueLocal, dstIndexLocal, srcLocal, srcIndexLocal, finishLocal, nullptr, k, tilling, topKInfo, isLargest,
      ASC_LOC);
}

}  // namespace AscendC
