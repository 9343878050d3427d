// DataCopy (count and DataCopyParams forms), DataCopyPad, InitConstValue,
// SetPadValue: the data movers of the base. Pattern: see docs/model-internals.md.
#pragma once
#include <cstring>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/sysvar.h"
#include "asc_model/tensor.h"

namespace asc_model {

// The pipe a transfer runs on, from its source and destination memories.
inline int32_t copy_pipe(Mem src, Mem dst) {
  if (src == Mem::GM) return PIPE_MTE2;
  if (dst == Mem::GM) return PIPE_MTE3;
  if (src == Mem::L0C) return PIPE_FIX;
  if (src == Mem::UB && dst == Mem::UB) return PIPE_V;
  if (src == Mem::UB) return PIPE_MTE3;
  return PIPE_MTE1;
}

constexpr uint64_t kBlock = 32;  // DataCopy's unit of length and gap

// Strided burst copy shared by every DataCopy form: `count` bursts of `len`
// bytes; burst i starts at src_off + i*src_step and dst_off + i*dst_step.
// All bursts are checked before the first byte is written; runs the call.
// (src/api_data_copy.cpp: compiled once into the runtime object.)
void burst_copy(Call& op, const TensorRef& dst, const TensorRef& src, uint64_t count, uint64_t len,
                uint64_t src_step, uint64_t dst_step);

// The DataCopy count and DataCopyParams forms on elements of `bits` bits (4:
// int4b_t, two a byte) named `type` (src/api_data_copy.cpp: compiled once into the
// runtime object; the copies move bytes).
void data_copy_count_bytes(const TensorRef& dst, const TensorRef& src, uint32_t count, uint32_t bits,
                           const char* type, const char* file, int line);
void data_copy_params_bytes(const TensorRef& dst, const TensorRef& src, const AscendC::DataCopyParams& p,
                            uint32_t bits, const char* file, int line);

template <class D, class S>
void data_copy_count(const D& dst, const S& src, uint32_t count, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "DataCopy: dst and src element types differ");
  data_copy_count_bytes(dst.ref(), src.ref(), count, elem_bits<T>(), type_name<T>(), file, line);
}

template <class D, class S>
void data_copy_params(const D& dst, const S& src, const AscendC::DataCopyParams& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "DataCopy: dst and src element types differ");
  data_copy_params_bytes(dst.ref(), src.ref(), p, elem_bits<T>(), file, line);
}

// GM -> local with padding. Each burst of `len` bytes lands in local memory as
// [left pad][data][right pad][fill to 32 B], the pads and fill being `pad`.
// (src/api_data_copy.cpp: compiled once into the runtime object; the element type
// is its size, its name and the pad value's bytes.)
void data_copy_pad_in_bytes(const TensorRef& dst, const TensorRef& src, uint32_t esz, const char* type,
                            uint32_t count, uint64_t len, uint64_t src_gap, uint64_t dst_gap_blocks, bool is_pad,
                            uint32_t left, uint32_t right, const void* pad, const char* file, int line);
// InitConstValue on elements of `esz` bytes, `value` pointing to one (src/api_data_copy.cpp).
void init_const_value_bytes(const TensorRef& dst, const void* value, uint32_t esz, uint32_t repeat_times,
                            uint32_t block_num, uint32_t dst_gap, const char* file, int line);
template <class T>
void data_copy_pad_in(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src, uint32_t count,
                      uint64_t len, uint64_t src_gap, uint64_t dst_gap_blocks, bool is_pad, uint32_t left,
                      uint32_t right, T pad, const char* file, int line) {
  static_assert(sizeof(T) <= 8, "DataCopyPad: elements of up to 8 bytes");
  data_copy_pad_in_bytes(dst.ref(), src.ref(), uint32_t(sizeof(T)), type_name<T>(), count, len, src_gap,
                         dst_gap_blocks, is_pad, left, right, &pad, file, line);
}

// local -> GM: bursts of `len` bytes; the local side advances by whole blocks.
template <class T>
void data_copy_pad_out(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint32_t count,
                       uint64_t len, uint64_t src_gap_blocks, uint64_t dst_gap, const char* file, int line) {
  TensorRef d = dst.ref(), s = src.ref();
  Call op("DataCopyPad", copy_pipe(s.mem, d.mem), file, line);
  if (count == 0 || len == 0) op.core().fault(file, line, "DataCopyPad", "blockCount=%u blockLen=%llu: both must be at least 1", count, (unsigned long long)len);
  uint64_t row = (len + kBlock - 1) / kBlock * kBlock;
  op.elems(count * len / sizeof(T));
  burst_copy(op, d, s, count, len, row + src_gap_blocks * kBlock, len + dst_gap);
}

// DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue), GM <-> local.
// Semantics modelled (Ascend C's slice-list DataCopy):
// * Each side is a dimValue-dimensional row-major array; dimension 0 is the
//   contiguous one. SliceInfo[d] = {startIndex, endIndex, stride, burstLen,
//   shapeValue}: shapeValue is the size of dimension d (the pitch of
//   dimension d+1 is the product of the shapeValues below it).
// * In dimension 0 a burst is burstLen 32-byte blocks (burstLen*32/sizeof(T)
//   elements); in dimensions d > 0 a "burst" is burstLen consecutive indices.
//   Dimension d selects the indices startIndex + k*(unit + stride) + j,
//   j < unit, for k = 0 .. n-1 with n = (endIndex - startIndex + 1 + stride)
//   / (unit + stride) (the gap after the last burst may be left out; n >= 1;
//   stride is in elements in dimension 0, in indices above it).
// * Every selected burst of dimension 0, for every selected index tuple of
//   the dimensions above (row-major, the highest dimension slowest), is one
//   contiguous transfer of burstLen*32 bytes; dst's bursts are filled from
//   src's in that order. Both sides must select the same number of bursts
//   of the same burstLen, and endIndex < shapeValue in every dimension.
// * Local-side bursts start 32-byte aligned; GM bursts are element-granular.
template <class D, class S>
void data_copy_slices(const D& dst, const S& src, const AscendC::SliceInfo* dsl, const AscendC::SliceInfo* ssl,
                      uint32_t dim, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "DataCopy: dst and src element types differ");
  TensorRef d = dst.ref(), s = src.ref();
  Call op("DataCopy", copy_pipe(s.mem, d.mem), file, line);
  Core& c = op.core();
  if (dim < 1 || dim > 8) c.fault(file, line, "DataCopy", "dimValue %u: must be 1..8", dim);
  if (dsl[0].burstLen != ssl[0].burstLen)
    c.fault(file, line, "DataCopy", "dst burstLen %u differs from src burstLen %u (dimension 0)", dsl[0].burstLen,
            ssl[0].burstLen);
  if (dsl[0].burstLen == 0) c.fault(file, line, "DataCopy", "burstLen is 0");
  if (kBlock % sizeof(T)) c.fault(file, line, "DataCopy", "element size does not divide 32 bytes");
  const uint64_t burst_elems = dsl[0].burstLen * kBlock / sizeof(T);
  // Element offsets of every burst start of one side, in order.
  auto starts = [&](const AscendC::SliceInfo* sl, const char* side) {
    std::vector<uint64_t> offs{0};
    uint64_t pitch = 1;
    for (uint32_t k = 0; k < dim; ++k) {
      const AscendC::SliceInfo& si = sl[k];
      uint64_t unit = k == 0 ? burst_elems : si.burstLen;
      if (unit == 0) c.fault(file, line, "DataCopy", "%s slice %u: burstLen is 0", side, k);
      if (si.endIndex < si.startIndex || si.endIndex >= si.shapeValue)
        c.fault(file, line, "DataCopy", "%s slice %u: startIndex %u, endIndex %u, shapeValue %u: need start <= end < shape",
                side, k, si.startIndex, si.endIndex, si.shapeValue);
      uint64_t n = (uint64_t(si.endIndex) - si.startIndex + 1 + si.stride) / (unit + si.stride);
      if (n == 0)
        c.fault(file, line, "DataCopy", "%s slice %u: indices %u..%u hold no whole burst of %llu", side, k,
                si.startIndex, si.endIndex, (unsigned long long)unit);
      std::vector<uint64_t> idx;  // selected indices of this dimension (burst starts in dimension 0)
      for (uint64_t b = 0; b < n; ++b)
        for (uint64_t j = 0; j < (k == 0 ? 1 : unit); ++j) idx.push_back(si.startIndex + b * (unit + si.stride) + j);
      std::vector<uint64_t> next;
      next.reserve(offs.size() * idx.size());
      for (uint64_t i : idx)  // higher dimension varies slowest
        for (uint64_t o : offs) next.push_back(o + i * pitch);
      offs.swap(next);
      pitch *= si.shapeValue;
    }
    return offs;
  };
  std::vector<uint64_t> so = starts(ssl, "src"), dso = starts(dsl, "dst");
  if (so.size() != dso.size())
    c.fault(file, line, "DataCopy", "dst selects %zu bursts, src %zu", dso.size(), so.size());
  const uint64_t len = burst_elems * sizeof(T);
  std::vector<std::pair<uint8_t*, const uint8_t*>> bursts(so.size());
  for (size_t i = 0; i < so.size(); ++i) {
    bursts[i].second = op.range(s, so[i] * sizeof(T), len, false, s.mem != Mem::GM);
    bursts[i].first = op.range(d, dso[i] * sizeof(T), len, true, d.mem != Mem::GM);
  }
  if (!op.elems(so.size() * burst_elems).run()) return;
  for (auto& b : bursts) std::memmove(b.first, b.second, len);
}

}  // namespace asc_model

namespace AscendC {

template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count, ASC_LOC_PARAMS) {
  asc_model::data_copy_count(dst, src, count, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count, ASC_LOC_PARAMS) {
  asc_model::data_copy_count(dst, src, count, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count, ASC_LOC_PARAMS) {
  asc_model::data_copy_count(dst, src, count, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p, ASC_LOC_PARAMS) {
  asc_model::data_copy_params(dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p, ASC_LOC_PARAMS) {
  asc_model::data_copy_params(dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p, ASC_LOC_PARAMS) {
  asc_model::data_copy_params(dst, src, p, ASC_LOC);
}

template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], uint32_t dimValue = 1, ASC_LOC_PARAMS) {
  asc_model::data_copy_slices(dst, src, dstSliceInfo, srcSliceInfo, dimValue, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
              const SliceInfo srcSliceInfo[], uint32_t dimValue = 1, ASC_LOC_PARAMS) {
  asc_model::data_copy_slices(dst, src, dstSliceInfo, srcSliceInfo, dimValue, ASC_LOC);
}

// Enhanced form: only the default enhancement (a plain strided copy) is
// modelled; anything else faults instead of silently computing something else.
// (The vendor's cross-type enhanced forms, the CO1 -> CO2 dequantising copies, are not declared.)
namespace detail_copy {
template <class D, class S>
void enhanced(const D& dst, const S& src, const DataCopyParams& p, const DataCopyEnhancedParams& e, ASC_LOC_PARAMS) {
  if (int32_t(e.blockMode) != 0 || int32_t(e.deqScale) != 0 || e.isReluIn || int32_t(e.padModeIn) != 0)
    asc_model::current_core().fault(ASC_LOC, "DataCopy",
                                    "DataCopyEnhancedParams other than the defaults are not modelled yet");
  asc_model::data_copy_params(dst, src, p, ASC_LOC);
}
}  // namespace detail_copy
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
              const DataCopyEnhancedParams& e, ASC_LOC_PARAMS) {
  detail_copy::enhanced(dst, src, p, e, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              const DataCopyEnhancedParams& e, ASC_LOC_PARAMS) {
  detail_copy::enhanced(dst, src, p, e, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              const DataCopyEnhancedParams& e, ASC_LOC_PARAMS) {
  detail_copy::enhanced(dst, src, p, e, ASC_LOC);
}

// DataCopyExtParams: blockLen and the GM-side stride in bytes, the local-side
// stride in 32-byte blocks.
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad, ASC_LOC_PARAMS) {
  asc_model::data_copy_pad_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad,
                              pad.leftPadding, pad.rightPadding, pad.paddingValue, ASC_LOC);
}
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                 const DataCopyPadParams& pad, ASC_LOC_PARAMS) {
  T v{};
  std::memcpy(&v, &pad.paddingValue, sizeof(T) < 8 ? sizeof(T) : 8);  // vendor: the low bytes hold the value
  asc_model::data_copy_pad_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad,
                              pad.leftPadding, pad.rightPadding, v, ASC_LOC);
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p, ASC_LOC_PARAMS) {
  asc_model::data_copy_pad_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, ASC_LOC);
}
template <class T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p, ASC_LOC_PARAMS) {
  asc_model::data_copy_pad_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, ASC_LOC);
}

template <class T, TPosition pos = TPosition::MAX>
void SetPadValue(T value, ASC_LOC_PARAMS) {
  asc_model::Call op("SetPadValue", PIPE_S, ASC_LOC);
  op.run();
  op.core().pad_bits = 0;
  std::memcpy(&op.core().pad_bits, &value, sizeof(T));
  op.core().pad_size = sizeof(T);
}

// Fills repeatTimes x blockNum blocks (512 B in L0A/L0B, 32 B elsewhere) with
// initValue, skipping dstGap blocks after each repeat. The pipe follows the
// destination: MTE2 into L1, MTE1 into L0A/L0B (the vendor's conv/matmul code
// orders an L1 fill with PipeBarrier<PIPE_MTE2>, its A2 fill example an L0A fill
// with an MTE1_M flag).
template <class T, class U = T, std::enable_if_t<std::is_same_v<T, U>, bool> = true>
void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& p, ASC_LOC_PARAMS) {
  static_assert(!asc_model::is_int4_v<T> && sizeof(T) <= 8, "InitConstValue: elements of 1 to 8 bytes");
  const T v = T(p.initValue);
  asc_model::init_const_value_bytes(dst.ref(), &v, uint32_t(sizeof(T)), p.repeatTimes, p.blockNum, p.dstGap, ASC_LOC);
}

// Fill(dst, InitConstValueParams): the vendor's new name of InitConstValue (basic API).
template <class T, class U = T, std::enable_if_t<std::is_same_v<T, U>, bool> = true>
void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& p, ASC_LOC_PARAMS) {
  InitConstValue(dst, p, ASC_LOC);
}

// Fill(gm, size, value) / InitGlobalMemory (adv utils, init_global_memory.h): `size`
// elements of GM from `gm` on set to `value`. The vendor's A2 implementation runs on
// the vector core (a cube core returns at once): it duplicates the value into free
// UB and copies it out with DataCopyPad, so the writes are MTE3's; the Model writes
// them as one MTE3 call.
template <class T>
void Fill(GlobalTensor<T>& gm, const uint64_t size, const T value, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<T, uint16_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, half> ||
                    std::is_same_v<T, float> || std::is_same_v<T, uint32_t> || std::is_same_v<T, int32_t>,
                "Fill(GlobalTensor, size, value): uint16_t, int16_t, half, float, uint32_t or int32_t");
  asc_model::Call op("Fill", PIPE_MTE3, ASC_LOC);
  if (g_coreType == AscendC::AIC || size == 0) {
    op.run();
    return;
  }
  T* out = op.out(gm, size, 0, false);
  if (!op.elems(size).run()) return;
  for (uint64_t i = 0; i < size; ++i) out[i] = value;
}
template <class T>
void InitGlobalMemory(GlobalTensor<T>& gm, const uint64_t size, const T value, ASC_LOC_PARAMS) {
  Fill(gm, size, value, ASC_LOC);
}

}  // namespace AscendC
