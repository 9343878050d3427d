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

// The fixpipe's configuration registers of the calling core, as the vendor's
// dav_c220 sets them: FPC (SetFixPipeConfig: ReluPreAddr FPC[7:0] in 64 B,
// QuantPreAddr FPC[15:8] in 128 B, UnitFlag FPC[63]) and ND_PARA
// (SetFixpipeNz2ndFlag, and every row-major Fixpipe: ndNum [15:0], srcNdStride
// [31:16], dstNdStride [47:32]). A vector-quant DataCopy from L0C (and a
// vector-quant Fixpipe without a workspace) reads its uint64 table from the
// fixpipe buffer at QuantPreAddr; DataCopy's NZ2ND takes ndNum from ND_PARA.
// The registers live in the core (Core::fixpipe): a launch's cores start with them reset.
inline FixpipeRegs& fixpipe_regs() { return current_core().fixpipe; }
// The quant table QuantPreAddr names: uint64 values from there to the end of the fixpipe buffer.
inline AscendC::LocalTensor<uint64_t> fixpipe_quant_table() {
  const FixpipeRegs& r = fixpipe_regs();
  uint64_t fb = current_core().mem_size(Mem::FB), a = r.quant_addr();
  AscendC::LocalTensor<uint64_t> t;
  t.set_raw(AscendC::TPosition::C2PIPE2GM, a, fb > a ? fb - a : 0);
  return t;
}

// Whether quantPre mode `quant` converts S to D (false for a value that is no mode).
template <class D, class S>
constexpr bool fixpipe_converts(int32_t quant) {
  using Q = AscendC::QuantModes;
  constexpr bool f32 = std::is_same_v<S, float>, i32 = std::is_same_v<S, int32_t>;
  constexpr bool b8 = std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>;
  switch (Q(quant)) {
    case Q::NoQuant: return std::is_same_v<D, S>;
    case Q::F322F16: return f32 && std::is_same_v<D, half>;
    case Q::F322BF16: return f32 && std::is_same_v<D, bfloat16_t>;
    case Q::DEQF16: case Q::VDEQF16: return i32 && std::is_same_v<D, half>;
    case Q::QF322B8_PRE: case Q::VQF322B8_PRE: return f32 && b8;
    case Q::REQ8: case Q::VREQ8: return i32 && b8;
    default: return false;
  }
}

// What a Fixpipe reads and writes (src/api_cube_fixpipe.cpp: compiled once into the
// runtime object, with the checks and the call's report): L0C column block j at
// src[j], output row (row-major) or column block (NZ) i at dst[i], in bytes.
struct FixpipeOperands {
  std::vector<const uint8_t*> src;
  std::vector<uint8_t*> dst;
  const uint64_t* qv = nullptr;  // per-channel quant values (vector modes)
  uint32_t OB = 16;              // NZ output: elements per row of a column block
  bool vec = false;              // a vector quantPre mode
  bool computes = true;          // Call::run(): false in a timing-only launch
};
struct FixpipeShape {
  uint32_t nSize, mSize, srcStride, dstStride;
  int32_t quant;
  bool converts, row_major, split;
  uint32_t dst_size;  // bytes of an element of the output
  const char* src_type;
  const char* dst_type;
};
FixpipeOperands fixpipe_operands(Call& op, const TensorRef& dst, const TensorRef& src, const TensorRef* vq,
                                 FixpipeShape sh);

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
  static_assert(std::is_same_v<S, float> || std::is_same_v<S, int32_t>, "Fixpipe: src must be float or int32_t");
  static_assert(!is_int4_v<D>, "Fixpipe: int4b_t output is not modelled");
  const TensorRef vq_ref = vq ? vq->ref() : TensorRef{};
  const FixpipeOperands o = fixpipe_operands(
      op, dst.ref(), src.ref(), vq ? &vq_ref : nullptr,
      FixpipeShape{nSize, mSize, srcStride, dstStride, quant, fixpipe_converts<D, S>(quant), row_major, split,
                   uint32_t(sizeof(D)), type_name<S>(), type_name<D>()});
  if (!o.computes) return;
  const bool vec = o.vec;
  const uint32_t OB = o.OB;
  const uint64_t* qv = o.qv;
  bool atomic = dst.ref().mem == Mem::GM && core.atomic_fn;
  for (uint32_t r = 0; r < mSize; ++r)
    for (uint32_t c = 0; c < nSize; ++c) {
      S x = reinterpret_cast<const S*>(o.src[c / 16])[r * 16 + c % 16];
      D* out = row_major ? reinterpret_cast<D*>(o.dst[r]) + c : reinterpret_cast<D*>(o.dst[c / OB]) + r * OB + c % OB;
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

// L0C -> GM / UB (DataCopyCO12DstParams): NZ -> ND when nz2ndEn, else NZ. The
// scalar quant value is SetFixpipePreQuantFlag's, a vector mode's table the one
// SetFixPipeConfig names, NZ2ND's matrix count SetFixpipeNz2ndFlag's ndNum
// (one matrix when it was never set).
namespace model_detail {  // the Model's own (no Ascend C name)
template <class Dst, class S>
void data_copy_co1(const Dst& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, const char* asc_file,
                   int asc_line) {
  const asc_model::FixpipeRegs& r = asc_model::fixpipe_regs();
  if (p.nz2ndEn && r.nd_set && r.nd_num() > 1)
    asc_model::not_modelled("DataCopy", "DataCopy from CO1 with NZ2ND of ndNum > 1 (SetFixpipeNz2ndFlag)", ASC_LOC);
  asc_model::fixpipe("DataCopy", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0,
                     int32_t(p.quantPre), asc_model::current_core().fixpipe_quant, nullptr, p.nz2ndEn, ASC_LOC,
                     p.channelSplit);
}
}  // namespace model_detail
template <class D, class S>
void DataCopy(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  model_detail::data_copy_co1(dst, src, p, ASC_LOC);
}
template <class D, class S>
void DataCopy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  model_detail::data_copy_co1(dst, src, p, ASC_LOC);
}

// ---- Fixpipe --------------------------------------------------------------------
namespace model_detail {  // the Model's own (no Ascend C name)
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR, class Dst>
void fixpipe_entry(const Dst& dst, const LocalTensor<S>& src, const LocalTensor<uint64_t>* q,
                   const FixpipeParamsV220& p, const char* asc_file, int asc_line) {
  if (config.format == CO2Layout::COLUMN_MAJOR) asc_model::not_modelled("Fixpipe", "Fixpipe CFG_COLUMN_MAJOR", ASC_LOC);
  if (p.ndNum > 1) asc_model::not_modelled("Fixpipe", "Fixpipe with ndNum > 1", ASC_LOC);
  if (config.format == CO2Layout::ROW_MAJOR) {  // the vendor's Fixpipe sets ND_PARA from its parameters
    asc_model::FixpipeRegs& r = asc_model::fixpipe_regs();
    r.nd_para = uint64_t(p.ndNum) | uint64_t(p.srcNdStride) << 16 | uint64_t(p.dstNdStride) << 32;
    r.nd_set = true;
  }
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

// ---- fixpipe mode setters (recorded in the core) ----------------------------------
inline void SetFixpipePreQuantFlag(uint64_t config, ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixpipePreQuantFlag", PIPE_FIX, ASC_LOC);
  op.run();
  op.core().fixpipe_quant = config;
}

namespace model_detail {
template <class T>
void fpc_check(asc_model::Call& op, const LocalTensor<T>& t, const char* name, bool l0c_too) {
  asc_model::Mem m = t.mem();
  if (m != asc_model::Mem::FB && !(l0c_too && m == asc_model::Mem::L0C))
    op.core().fault(op.file(), op.line(), "SetFixPipeConfig", "%s must be in the fixpipe buffer (C2PIPE2GM)%s, not %s",
                    name, l0c_too ? " or CO1" : "", asc_model::mem_name(m));
}
}  // namespace model_detail

// FPC: ReluPreAddr = reluPre's address (64 B units), QuantPreAddr = quantPre's (128 B units), the unit flag.
template <class T>
void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre, bool isUnitFlag = false,
                      ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixPipeConfig", PIPE_FIX, ASC_LOC);
  model_detail::fpc_check(op, reluPre, "reluPre", false);
  model_detail::fpc_check(op, quantPre, "quantPre", false);
  op.run();
  asc_model::FixpipeRegs& r = asc_model::fixpipe_regs();
  r.fpc = (uint64_t(reluPre.GetPhyAddr()) >> 6 & 0xff) | (uint64_t(quantPre.GetPhyAddr()) >> 7 & 0xff) << 8 |
          uint64_t(isUnitFlag) << 63;
  r.fpc_set = true;
}
// One address: ReluPreAddr when setRelu, else QuantPreAddr (the other field 0).
template <class T, bool setRelu = false>
void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false, ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixPipeConfig", PIPE_FIX, ASC_LOC);
  model_detail::fpc_check(op, preData, "pre", true);
  op.run();
  asc_model::FixpipeRegs& r = asc_model::fixpipe_regs();
  uint64_t a = preData.GetPhyAddr();
  r.fpc = (setRelu ? (a >> 6 & 0xff) : (a >> 7 & 0xff) << 8) | uint64_t(isUnitFlag) << 63;
  r.fpc_set = true;
}

// ND_PARA: the NZ2ND matrices of DataCopy from CO1 (srcNdStride 0..512).
inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride, ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixpipeNz2ndFlag", PIPE_FIX, ASC_LOC);
  if (srcNdStride > 512)
    op.core().fault(ASC_LOC, "SetFixpipeNz2ndFlag", "srcNdStride %u is outside 0..512", unsigned(srcNdStride));
  op.run();
  asc_model::FixpipeRegs& r = asc_model::fixpipe_regs();
  r.nd_para = uint64_t(ndNum) | uint64_t(srcNdStride) << 16 | uint64_t(dstNdStride) << 32;
  r.nd_set = true;
}

}  // namespace AscendC
