// Cube Fixpipe family: L0C -> GM / L1 / UB with NZ -> ND (row-major) or NZ
// output, relu and quantisation (Fixpipe with FixpipeParamsV220, with and
// without a quant tensor; DataCopy with DataCopyCO12DstParams), atomic GM
// writes, and SetFixpipePreQuantFlag. Layouts: api/cube_layout.h.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/cube_layout.h"

namespace AscendC {

// Fixpipe output layout, a template argument: Fixpipe<half, float, CFG_ROW_MAJOR>.
struct FixpipeConfig {
  CO2Layout format;
};
inline constexpr FixpipeConfig CFG_NZ{CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR{CO2Layout::ROW_MAJOR};
inline constexpr FixpipeConfig CFG_COLUMN_MAJOR{CO2Layout::COLUMN_MAJOR};

}  // namespace AscendC

namespace asc_model {

template <class T>
void store_atomic(Core& core, T* d, T v) {
  if (core.atomic_fn) core.atomic_fn(reinterpret_cast<uint8_t*>(d), reinterpret_cast<const uint8_t*>(&v), sizeof(T));
  else *d = v;
}

inline float low_f32(uint64_t bits) { return bits_f32(uint32_t(bits)); }

// L0C -> GM / L1 / UB with NZ2ND (row_major) or NZ output, relu, quantisation.
// `vq` (may be null): per-channel uint64 quant values (scale in the low 32 bits).
template <class Dst, class S>
void fixpipe(const char* api, const Dst& dst, const AscendC::LocalTensor<S>& src, uint32_t nSize, uint32_t mSize,
             uint32_t srcStride, uint32_t dstStride, bool relu, int32_t quant, uint64_t deq,
             const AscendC::LocalTensor<uint64_t>* vq, bool row_major, const char* file, int line,
             bool split = false, uint8_t unit_flag = 0) {
  using D = typename Dst::PrimType;
  using Q = AscendC::QuantModes;
  Call op(api, PIPE_FIX, file, line);
  // The event's id carries the unit flag: the cycle model orders such a Fixpipe after
  // the Mmads before it (their unit-flag handshake), with no M_FIX flag in the code.
  if (unit_flag) op.event(-1, int32_t(unit_flag));
  Core& core = op.core();
  if (src.mem() != Mem::L0C) op.fault("src must be in CO1 (L0C)");
  constexpr bool f32 = std::is_same_v<S, float>, i32 = std::is_same_v<S, int32_t>;
  static_assert(f32 || i32, "Fixpipe: src must be float or int32_t");
  bool ok = false, vec = false;
  switch (Q(quant)) {
    case Q::NoQuant: ok = std::is_same_v<D, S>; break;
    case Q::F322F16: ok = f32 && std::is_same_v<D, half>; break;
    case Q::F322BF16: ok = f32 && std::is_same_v<D, bfloat16_t>; break;
    case Q::DEQF16: ok = i32 && std::is_same_v<D, half>; break;
    case Q::VDEQF16: ok = i32 && std::is_same_v<D, half>; vec = true; break;
    case Q::QF322B8_PRE: ok = f32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); break;
    case Q::VQF322B8_PRE: ok = f32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); vec = true; break;
    case Q::REQ8: ok = i32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); break;
    case Q::VREQ8: ok = i32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); vec = true; break;
    default: op.core().fault(file, line, api, "quantPre %d is not a QuantModes value", quant);
  }
  if (!ok)
    core.fault(file, line, api, "quantPre %d does not convert %s to %s", quant, type_name<S>(), type_name<D>());
  if (vec && !vq) op.fault("a vector quantPre mode needs the quant tensor (the Fixpipe form with a workspace)");
  if (srcStride == 0) srcStride = up16(mSize);
  if (row_major && dstStride == 0) dstStride = nSize;
  if (split && (row_major || sizeof(D) != 4))
    core.fault(file, line, api, "channel split needs NZ output of a 32-bit type (float / int32)");
  uint32_t N1 = (nSize + 15) / 16;
  // Channel split: NZ output with 8-element rows (32 B); column block j8 of
  // 8 columns at j8*dstStride*32 B.
  uint32_t OB = split ? 8 : 16, NO = (nSize + OB - 1) / OB;
  std::vector<const S*> sblk(N1);
  for (uint32_t j = 0; j < N1; ++j) sblk[j] = op.in(src, uint64_t(mSize) * 16, uint64_t(j) * srcStride * 16, j == 0);
  std::vector<D*> drow;
  if (row_major)
    for (uint32_t r = 0; r < mSize; ++r) drow.push_back(op.out(dst, nSize, uint64_t(r) * dstStride, false));
  else
    for (uint32_t j = 0; j < NO; ++j)
      drow.push_back(op.out(dst, uint64_t(mSize) * OB, uint64_t(j) * dstStride * 32 / sizeof(D), false));
  const uint64_t* qv = vq ? op.in(*vq, nSize, 0, false) : nullptr;
  if (!op.elems(uint64_t(mSize) * nSize).run()) return;
  bool atomic = dst.ref().mem == Mem::GM && core.atomic_fn;
  for (uint32_t r = 0; r < mSize; ++r)
    for (uint32_t c = 0; c < nSize; ++c) {
      S x = sblk[c / 16][r * 16 + c % 16];
      D* out = row_major ? drow[r] + c : drow[c / OB] + r * OB + c % OB;
      D y;
      if constexpr (std::is_same_v<D, S>) {
        y = relu && x < S(0) ? S(0) : x;
      } else {
        float scale = vec ? low_f32(qv[c]) : (Q(quant) == Q::F322F16 || Q(quant) == Q::F322BF16) ? 1.0f : low_f32(deq);
        float v = float(x) * scale;
        if (relu && v < 0) v = 0;
        if constexpr (std::is_integral_v<D>) {
          float lo = std::is_signed_v<D> ? -128.f : 0.f, hi = std::is_signed_v<D> ? 127.f : 255.f;
          v = std::nearbyint(v);
          y = D(v < lo ? lo : v > hi ? hi : v);
        } else {
          y = D(v);
        }
      }
      if (atomic) store_atomic(core, out, y);
      else *out = y;
    }
}

}  // namespace asc_model

namespace AscendC {

// L0C -> GM / UB (DataCopyCO12DstParams): NZ -> ND when nz2ndEn, else NZ.
template <class D, class S>
void DataCopy(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  asc_model::fixpipe("DataCopy", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0,
                     int32_t(p.quantPre), asc_model::current_core().fixpipe_quant, nullptr, p.nz2ndEn, ASC_LOC,
                     p.channelSplit);
}
template <class D, class S>
void DataCopy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  asc_model::fixpipe("DataCopy", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0,
                     int32_t(p.quantPre), asc_model::current_core().fixpipe_quant, nullptr, p.nz2ndEn, ASC_LOC,
                     p.channelSplit);
}

// ---- Fixpipe --------------------------------------------------------------------
namespace model_detail {  // the Model's own (no Ascend C name)
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR, class Dst>
void fixpipe_entry(const Dst& dst, const LocalTensor<S>& src, const LocalTensor<uint64_t>* q,
                   const FixpipeParamsV220& p, const char* asc_file, int asc_line) {
  if (config.format == CO2Layout::COLUMN_MAJOR) asc_model::not_modelled("Fixpipe", "Fixpipe CFG_COLUMN_MAJOR", ASC_LOC);
  if (p.ndNum > 1) asc_model::not_modelled("Fixpipe", "Fixpipe with ndNum > 1", ASC_LOC);
  asc_model::fixpipe("Fixpipe", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluEn, int32_t(p.quantPre),
                     p.deqScalar, q, config.format == CO2Layout::ROW_MAJOR, ASC_LOC, p.isChannelSplit,
                     p.unitFlag);
}
}  // namespace model_detail
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  model_detail::fixpipe_entry<D, S, config>(dst, src, nullptr, p, ASC_LOC);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<D>& dst, const LocalTensor<S>& src, const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  model_detail::fixpipe_entry<D, S, config>(dst, src, nullptr, p, ASC_LOC);
}
// The quantisation-table forms: the vendor's head (Q = the table's element type, uint64_t).
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR, class Q = uint64_t,
          std::enable_if_t<std::is_same_v<Q, uint64_t>, bool> = true>
void Fixpipe(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const LocalTensor<Q>& q,
             const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  model_detail::fixpipe_entry<D, S, config>(dst, src, &q, p, ASC_LOC);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR, class Q = uint64_t,
          std::enable_if_t<std::is_same_v<Q, uint64_t>, bool> = true>
void Fixpipe(const LocalTensor<D>& dst, const LocalTensor<S>& src, const LocalTensor<Q>& q,
             const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  model_detail::fixpipe_entry<D, S, config>(dst, src, &q, p, ASC_LOC);
}

// ---- fixpipe mode setter (recorded in the core) -----------------------------------
inline void SetFixpipePreQuantFlag(uint64_t config, ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixpipePreQuantFlag", PIPE_FIX, ASC_LOC);
  op.run();
  op.core().fixpipe_quant = config;
}

}  // namespace AscendC
