// adv/filter DropOut (adv_api/filter/dropout.h) and adv/select Select with a
// byte mask (adv_api/select/selectwithbytesmask.h), with the semantics of the
// vendor's A2 code (impl/adv_api/detail/filter/dropout/dropout_c220_impl.h,
// dropout_membase_impl.h; impl/adv_api/detail/select/selectwithbytesmask/).
#pragma once
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/api/adv_common.h"

namespace AscendC {
struct DropOutShapeInfo {
  DropOutShapeInfo() {}
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};
struct SelectWithBytesMaskShapeInfo {
  SelectWithBytesMaskShapeInfo() {}
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};
const uint32_t DROPOUT_MODE_BYTE_MISALIGN = 1;
const uint32_t DROPOUT_MODE_BYTE_ALIGN = 2;
const uint32_t DROPOUT_MODE_BIT_ALIGN = 3;
const uint32_t DROPOUT_MODE_BIT_MISALIGN = 4;
}  // namespace AscendC

namespace asc_model {
namespace adv {

inline void tmp_at_least(Call& op, const LocalTensor<uint8_t>* tmp, uint64_t need, const char* what) {
  if (tmp && tmp->GetSize() < need) {
    char msg[200];
    std::snprintf(msg, sizeof msg, "sharedTmpBuffer holds %llu bytes; %s needs at least %llu",
                  (unsigned long long)tmp->GetSize(), what, (unsigned long long)need);
    op.fault(msg);
  }
}

// DropOut: dst = src * mask * (1 / keepProb) in T's arithmetic (1 / keepProb
// rounded to T). The mode (dropOutMode, or chosen from the shape when 0):
//   byte, aligned (srcLastAxis == maskLastAxis): one mask byte per element, its value multiplies;
//   byte, misaligned (srcLastAxis < maskLastAxis): rows of maskLastAxis bytes, the first srcLastAxis used;
//   bit, aligned (srcLastAxis == 8 * maskLastAxis): one mask bit per element, lowest bit first, 1 keeps;
//   bit, misaligned: rows of maskLastAxis bytes, the first srcLastAxis / 8 used.
// As the vendor's GatherMask does, the misaligned modes compact the mask's rows in place.
template <class T>
void dropout(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& mask,
             const LocalTensor<uint8_t>* tmp, float keepProb, const AscendC::DropOutShapeInfo& info, uint32_t mode,
             const char* file, int line) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "DropOut supports half and float on A2");
  Call op("DropOut", PIPE_V, file, line);
  const uint32_t a = info.firstAxis, sl = info.srcLastAxis, ml = info.maskLastAxis;
  if (a == 0 || sl == 0 || ml == 0) op.fault("DropOutShapeInfo's firstAxis, srcLastAxis and maskLastAxis must be > 0");
  if (mode > 4) op.fault("dropOutMode must be 0..4");
  if (mode == 0) {
    mode = sl < ml ? AscendC::DROPOUT_MODE_BYTE_MISALIGN
           : sl == ml ? AscendC::DROPOUT_MODE_BYTE_ALIGN
           : sl == ml * 8 ? AscendC::DROPOUT_MODE_BIT_ALIGN
                          : AscendC::DROPOUT_MODE_BIT_MISALIGN;
  }
  const bool bits = mode == AscendC::DROPOUT_MODE_BIT_ALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  const bool misaligned = mode == AscendC::DROPOUT_MODE_BYTE_MISALIGN || mode == AscendC::DROPOUT_MODE_BIT_MISALIGN;
  const uint64_t row_bytes = bits ? sl / 8 : sl;  // the mask bytes one row of src uses
  if (bits && sl % 8 != 0) op.fault("a bit mask needs srcLastAxis to be a multiple of 8");
  if (misaligned) {
    if (ml % 32 != 0) op.fault("a misaligned mask's rows (maskLastAxis bytes) must be 32-byte aligned");
    if (row_bytes % 2 != 0 || row_bytes > ml)
      op.fault("a misaligned mask must hold an even number of used bytes per row, within maskLastAxis");
  }
  tmp_at_least(op, tmp, 2 * 256, "DropOut");
  const uint64_t n = uint64_t(a) * sl;
  const uint64_t mask_n = misaligned ? uint64_t(a) * ml : (bits ? (n + 7) / 8 : n);
  T* d = op.out(dst, n);
  const T* s = op.in(src, n);
  uint8_t* m = misaligned ? op.out(mask, mask_n) : const_cast<uint8_t*>(op.in(mask, mask_n));
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  std::vector<uint8_t> mk(m, m + mask_n);
  if (misaligned)  // compact rows: row i's used bytes move to i * row_bytes
    for (uint32_t i = 0; i < a; ++i) std::memmove(&mk[i * row_bytes], &mk[uint64_t(i) * ml], row_bytes);
  const T div = T(1.0f / keepProb);
  std::vector<T> r(n);
  for (uint64_t i = 0; i < n; ++i) {
    if (bits) {
      bool keep = (mk[i / 8] >> (i % 8)) & 1;
      r[i] = keep ? T(Cmp<T>(s[i]) * Cmp<T>(div)) : T(Cmp<T>(T(0)) * Cmp<T>(div));
    } else {
      T prod = T(Cmp<T>(T(float(mk[i]))) * Cmp<T>(s[i]));
      r[i] = T(Cmp<T>(prod) * Cmp<T>(div));
    }
  }
  if (misaligned) std::memcpy(m, mk.data(), uint64_t(a) * row_bytes);
  std::memcpy(static_cast<void*>(d), r.data(), n * sizeof(T));
}

// Select with a byte mask: of src [firstAxis, srcLastAxis] and mask [firstAxis,
// maskLastAxis], element (i, j) is the "src1" operand where mask(i, j) is nonzero,
// else "src0" (one of them the scalar). A mask of 4-byte elements is read as
// float (-0.0 is zero). With isReuseMask and maskLastAxis != srcLastAxis the
// mask's rows are compacted in place (the vendor's GatherMask); without it the
// compacted copy goes to sharedTmpBuffer, which then needs the mask's size more.
template <class T, class U, bool isReuseMask>
void select_bytes(const LocalTensor<T>& dst, const LocalTensor<T>& tensor, T scalar, bool tensor_is_src1,
                  const LocalTensor<U>& mask, const LocalTensor<uint8_t>& tmp,
                  const AscendC::SelectWithBytesMaskShapeInfo& info, const char* file, int line) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Select with a byte mask supports half and float");
  static_assert(sizeof(U) == 1 || sizeof(U) == 2 || sizeof(U) == 4, "the mask's elements are 1, 2 or 4 bytes");
  Call op("Select", PIPE_V, file, line);
  const uint32_t a = info.firstAxis, sl = info.srcLastAxis, ml = info.maskLastAxis;
  if (a == 0 || sl == 0) op.fault("SelectWithBytesMaskShapeInfo's firstAxis and srcLastAxis must be > 0");
  if (ml < sl) op.fault("maskLastAxis must be at least srcLastAxis");
  if (uint64_t(ml) * sizeof(U) % 32 != 0) op.fault("the mask's rows (maskLastAxis elements) must be 32-byte aligned");
  const uint64_t n = uint64_t(a) * sl;
  if (tensor.GetSize() < n) op.fault("the source tensor holds fewer than firstAxis * srcLastAxis elements");
  tmp_at_least(op, &tmp, 1024, "Select with a byte mask");
  const bool compact = sl != ml;
  if (compact && !isReuseMask) tmp_at_least(op, &tmp, 1024 + (n * sizeof(U) + 31) / 32 * 32,
                                            "Select with a byte mask, unaligned axes and isReuseMask = false,");
  T* d = op.out(dst, n);
  const T* s = op.in(tensor, n);
  const uint64_t mask_n = uint64_t(a) * ml;
  U* m = (compact && isReuseMask) ? op.out(mask, mask_n) : const_cast<U*>(op.in(mask, mask_n));
  op.out(tmp, tmp.GetSize());
  if (!op.elems(n).run()) return;
  std::vector<U> mk(n);
  for (uint32_t i = 0; i < a; ++i)
    for (uint32_t j = 0; j < sl; ++j) mk[uint64_t(i) * sl + j] = m[uint64_t(i) * ml + j];
  std::vector<T> r(n);
  for (uint64_t i = 0; i < n; ++i) {
    bool nz;
    if constexpr (sizeof(U) == 4) {
      uint32_t b;
      std::memcpy(&b, &mk[i], 4);
      nz = (b & 0x7fffffffu) != 0;
    } else {
      nz = mk[i] != U(0);
    }
    bool pick_tensor = tensor_is_src1 ? nz : !nz;
    r[i] = pick_tensor ? s[i] : scalar;
  }
  if (compact && isReuseMask) std::memcpy(static_cast<void*>(m), mk.data(), n * sizeof(U));
  std::memcpy(static_cast<void*>(d), r.data(), n * sizeof(T));
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const float keepProb, const DropOutShapeInfo& info,
             ASC_LOC_PARAMS) {
  asc_model::adv::dropout<T>(dstLocal, srcLocal, maskLocal, &sharedTmpBuffer, keepProb, info, dropOutMode, ASC_LOC);
}
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& maskLocal,
             const float keepProb, const DropOutShapeInfo& info, ASC_LOC_PARAMS) {
  asc_model::adv::dropout<T>(dstLocal, srcLocal, maskLocal, nullptr, keepProb, info, dropOutMode, ASC_LOC);
}

template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, ASC_LOC_PARAMS) {
  asc_model::adv::select_bytes<T, U, isReuseMask>(dst, src0, src1, false, mask, sharedTmpBuffer, info, ASC_LOC);
}
template <typename T, typename U, bool isReuseMask = true>
void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
            const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info, ASC_LOC_PARAMS) {
  asc_model::adv::select_bytes<T, U, isReuseMask>(dst, src1, src0, true, mask, sharedTmpBuffer, info, ASC_LOC);
}

}  // namespace AscendC
