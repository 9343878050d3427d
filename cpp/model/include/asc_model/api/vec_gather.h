// Data-movement vector ops: Copy, Gather / Scatter (uint32 byte offsets +
// base address), Gatherb, GatherMask (+ GetGatherMaskRemainCount), Transpose
// (16x16 of 2-byte elements).
//
// Semantics chosen:
// * Gather: dst[i] = element at byte (srcOffset[i] + srcBaseAddr) of src;
//   Scatter: element at byte (dstOffset[i] + dstBaseAddr) of dst = src[i].
//   Offsets must be element-aligned (fault otherwise). Level 0: per repeat the
//   active elements of epr; dst (Gather) / src (Scatter) repeat r starts at
//   r * repStride * 32 B, offsets tensor at r * epr.
// * GatherMask: normal mode (reduceMode false) processes params.repeatTimes
//   repeats of 256 B; counter mode (true) processes `mask` elements in total.
//   src1Pattern tensor: one bit per element, repeat r's bits at
//   r * src1RepeatStride * 32 B; builtin patterns 1..7 = even, odd, i%4==0,
//   i%4==1, i%4==2, i%4==3, all. Selected elements are packed into dst in
//   order; rsvdCnt = their count (also GetGatherMaskRemainCount()).
#pragma once
#include <vector>
#include "asc_model/api/vec_engine.h"

namespace AscendC {

// ---- Copy (VECIN/VECCALC/VECOUT, strided) ------------------------------------------
#define ASC_VEC_COPY(MASKT, MAKE)                                                                             \
  template <class T, bool isSetMask = true>                                                                   \
  void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASKT mask, const uint8_t repeatTimes,      \
            const CopyRepeatParams& p, ASC_LOC_PARAMS) {                                                      \
    using namespace asc_model::vec;                                                                           \
    asc_model::Call op("Copy", PIPE_V, ASC_LOC);                                                              \
    Plan pl = resolve(op, MAKE(mask), isSetMask, repeatTimes, 256 / int(sizeof(T)));                          \
    std::array<Opd, 2> o{opd(dst, p.dstStride, p.dstRepeatSize, true), opd(src, p.srcStride, p.srcRepeatSize, false)}; \
    run_l0(op, pl, o, nullptr, [](uint8_t** q) { std::memcpy(q[0], q[1], sizeof(T)); });                       \
  }
ASC_VEC_COPY(const uint64_t, count_arg)
ASC_VEC_COPY(const uint64_t*, bits_arg)
#undef ASC_VEC_COPY

// ---- Gather / Scatter -------------------------------------------------------------------
namespace detail_vec {
// gather: dst contiguous (per repeat at r*rep bytes), src by offset. scatter: reverse.
template <class T>
void gather_scatter(asc_model::Call& op, bool gather, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                    const LocalTensor<uint32_t>& off, uint32_t base, const asc_model::vec::Plan& pl,
                    uint64_t rep_bytes) {
  using namespace asc_model::vec;
  const LocalTensor<T>& lin = gather ? dst : src;   // the element-ordered side
  const LocalTensor<T>& rnd = gather ? src : dst;   // the offset-addressed side
  Opd lo{lin.ref(), uint32_t(sizeof(T)), 32, rep_bytes, gather};
  declare(op, pl, lo);
  Opd oo{off.ref(), 4, 32, uint64_t(pl.epr) * 4, false};
  declare(op, pl, oo);
  std::vector<std::pair<uint8_t*, uint8_t*>> moves;  // (dst, src)
  for (int r = 0; r < pl.repeats; ++r) {
    const Mask& m = pl.mask(r);
    for (int e = 0; e < pl.epr; ++e) {
      if (!m.test(e)) continue;
      uint64_t b = uint64_t(ld<uint32_t>(oo.origin + oo.off(r, e))) + base;
      if (b % sizeof(T)) op.fault("offset is not a multiple of the element size");
      uint8_t* p = op.range(rnd.ref(), b, sizeof(T), !gather, false);
      uint8_t* l = lo.origin + lo.off(r, e);
      moves.push_back(gather ? std::make_pair(l, p) : std::make_pair(p, l));
    }
  }
  op.elems(moves.size()).run();
  std::vector<T> tmp(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) tmp[i] = ld<T>(moves[i].second);  // read all, then write
  for (size_t i = 0; i < moves.size(); ++i) st<T>(moves[i].first, tmp[i]);
}
template <class T>
asc_model::vec::Plan count_plan(uint32_t count) {
  asc_model::vec::Plan pl;
  pl.epr = 256 / int(sizeof(T));
  pl.repeats = int((count + pl.epr - 1) / pl.epr);
  pl.full = asc_model::vec::Mask::first(uint32_t(pl.epr));
  pl.last = asc_model::vec::Mask::first(count - uint32_t(pl.repeats ? pl.repeats - 1 : 0) * pl.epr);
  return pl;
}
}  // namespace detail_vec

template <class T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Gather", PIPE_V, ASC_LOC);
  detail_vec::gather_scatter(op, true, dst, src, srcOffset, srcBaseAddr, detail_vec::count_plan<T>(count), 256);
}
template <class T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Scatter", PIPE_V, ASC_LOC);
  detail_vec::gather_scatter(op, false, dst, src, dstOffset, dstBaseAddr, detail_vec::count_plan<T>(count), 256);
}
#define ASC_VEC_GS(Name, GATHER, MASKT, MAKE)                                                                 \
  template <class T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset,        \
            const uint32_t baseAddr, MASKT mask, const uint8_t repeatTimes, const uint16_t repStride,         \
            ASC_LOC_PARAMS) {                                                                                 \
    asc_model::Call op(#Name, PIPE_V, ASC_LOC);                                                               \
    auto pl = asc_model::vec::resolve(op, asc_model::vec::MAKE(mask), true, repeatTimes, 256 / int(sizeof(T))); \
    detail_vec::gather_scatter(op, GATHER, dst, src, offset, baseAddr, pl, uint64_t(repStride) * 32);         \
  }
ASC_VEC_GS(Gather, true, const uint64_t, count_arg)
ASC_VEC_GS(Gather, true, const uint64_t*, bits_arg)
ASC_VEC_GS(Scatter, false, const uint64_t, count_arg)
ASC_VEC_GS(Scatter, false, const uint64_t*, bits_arg)
#undef ASC_VEC_GS

// Gatherb: per repeat, dst block b = the 32 B block of src at byte offset[r*8+b].
template <class T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset,
             const uint8_t repeatTimes, const GatherRepeatParams& p, ASC_LOC_PARAMS) {
  using namespace asc_model::vec;
  asc_model::Call op("Gatherb", PIPE_V, ASC_LOC);
  const uint8_t* o = op.range(offset.ref(), 0, uint64_t(repeatTimes) * 8 * 4, false, true);
  std::vector<std::pair<uint8_t*, const uint8_t*>> mv;
  for (int r = 0; r < repeatTimes; ++r)
    for (int b = 0; b < 8; ++b) {
      uint32_t so = ld<uint32_t>(o + (r * 8 + b) * 4);
      if (so % 32) op.fault("offset is not 32-byte aligned");
      const uint8_t* s = op.range(src.ref(), so, 32, false, true);
      uint8_t* d = op.range(dst.ref(), (uint64_t(r) * p.dstRepStride + uint64_t(b) * p.dstBlkStride) * 32, 32, true, true);
      mv.emplace_back(d, s);
    }
  op.elems(uint64_t(repeatTimes) * 256 / sizeof(T)).run();
  std::vector<uint8_t> tmp(mv.size() * 32);
  for (size_t i = 0; i < mv.size(); ++i) std::memcpy(&tmp[i * 32], mv[i].second, 32);
  for (size_t i = 0; i < mv.size(); ++i) std::memcpy(mv[i].first, &tmp[i * 32], 32);
}

// ---- GatherMask -------------------------------------------------------------------------
namespace detail_vec {
template <class T>
void gather_mask(asc_model::Call& op, const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t* pat_tensor,
                 int builtin, bool counter, uint32_t mask, const GatherMaskParams& p, uint64_t& rsvd,
                 uint64_t pat_rep_bytes) {
  using namespace asc_model::vec;
  Plan pl;
  pl.epr = 256 / int(sizeof(T));
  if (counter) pl = count_plan<T>(mask);
  else {
    pl.repeats = p.repeatTimes;
    pl.full = pl.last = Mask::first(uint32_t(pl.epr));
  }
  Opd s = opd(src0, p.src0BlockStride, p.src0RepeatStride, false);
  declare(op, pl, s);
  std::vector<uint8_t*> picked;
  for (int r = 0; r < pl.repeats; ++r) {
    const Mask& m = pl.mask(r);
    for (int e = 0; e < pl.epr; ++e) {
      if (!m.test(e)) continue;
      bool take;
      if (pat_tensor) {
        const uint8_t* pb = pat_tensor + uint64_t(r) * pat_rep_bytes;
        take = (pb[e >> 3] >> (e & 7)) & 1;
      } else {
        switch (builtin) {
          case 1: take = e % 2 == 0; break;
          case 2: take = e % 2 == 1; break;
          case 3: take = e % 4 == 0; break;
          case 4: take = e % 4 == 1; break;
          case 5: take = e % 4 == 2; break;
          case 6: take = e % 4 == 3; break;
          default: take = true; break;
        }
      }
      if (take) picked.push_back(s.origin + s.off(r, e));
    }
  }
  uint8_t* d = op.range(dst.ref(), 0, picked.size() * sizeof(T), true, true);
  op.elems(pl.elems()).run();
  std::vector<T> tmp(picked.size());
  for (size_t i = 0; i < picked.size(); ++i) tmp[i] = ld<T>(picked[i]);
  for (size_t i = 0; i < picked.size(); ++i) st<T>(d + i * sizeof(T), tmp[i]);
  rsvd = picked.size();
  op.core().vec.gather_mask_cnt = rsvd;
}
}  // namespace detail_vec

// The vendor's mode parameter (VERSION_V2 on Atlas A2); the Model has the one behaviour.
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::DEFAULT;

template <class T, class U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& p, uint64_t& rsvdCnt,
                ASC_LOC_PARAMS) {
  asc_model::Call op("GatherMask", PIPE_V, ASC_LOC);
  const uint32_t epr = 256 / sizeof(T);
  uint32_t reps = reduceMode ? (mask + epr - 1) / epr : p.repeatTimes;
  uint64_t rep_bytes = uint64_t(p.src1RepeatStride) * 32;
  uint64_t need = reps ? (reps - 1) * rep_bytes + epr / 8 : 0;
  const uint8_t* pat = op.range(src1Pattern.ref(), 0, need, false, true);
  detail_vec::gather_mask(op, dst, src0, pat, 0, reduceMode, mask, p, rsvdCnt, rep_bytes);
}
template <class T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& p, uint64_t& rsvdCnt,
                ASC_LOC_PARAMS) {
  asc_model::Call op("GatherMask", PIPE_V, ASC_LOC);
  if (src1Pattern < 1 || src1Pattern > 7) op.fault("builtin pattern must be 1..7");
  detail_vec::gather_mask(op, dst, src0, nullptr, src1Pattern, reduceMode, mask, p, rsvdCnt, 0);
}
inline int64_t GetGatherMaskRemainCount(ASC_LOC_PARAMS) {
  asc_model::Call op("GetGatherMaskRemainCount", PIPE_S, ASC_LOC);
  op.run();
  return int64_t(op.core().vec.gather_mask_cnt);
}

// ---- Transpose: one 16x16 matrix of 2-byte elements -------------------------------------
template <class T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, ASC_LOC_PARAMS) {
  static_assert(sizeof(T) == 2, "Transpose(dst, src) takes 2-byte elements (16x16)");
  asc_model::Call op("Transpose", PIPE_V, ASC_LOC);
  T* d = op.out(dst, 256);
  const T* s = op.in(src, 256);
  op.elems(256).run();
  T tmp[256];
  std::memcpy(static_cast<void*>(tmp), s, sizeof(tmp));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) d[j * 16 + i] = tmp[i * 16 + j];
}

// Transpose with TransposeParamsExt: NCHW2NHWC (11) and NHWC2NCHW (12) for 2-
// and 4-byte elements; TRANSPOSE_ND2ND_B16 (10) = the 16x16 form per
// (n, c) matrix is not modelled; other types fault. The tmp buffer is unused.
template <class T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const TransposeParamsExt& p, ASC_LOC_PARAMS) {
  (void)sharedTmpBuffer;
  asc_model::Call op("Transpose", PIPE_V, ASC_LOC);
  int type = p.transposeType;
  if (type != 11 && type != 12) op.fault("only TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW are modelled");
  const uint64_t N = p.nSize, C = p.cSize, HW = uint64_t(p.hSize) * p.wSize, total = N * C * HW;
  T* d = op.out(dst, total);
  const T* s = op.in(src, total);
  op.elems(total).run();
  std::vector<T> tmp(s, s + total);
  for (uint64_t n = 0; n < N; ++n)
    for (uint64_t c = 0; c < C; ++c)
      for (uint64_t i = 0; i < HW; ++i) {
        uint64_t nchw = (n * C + c) * HW + i, nhwc = (n * HW + i) * C + c;
        if (type == 11) d[nhwc] = tmp[nchw];
        else d[nchw] = tmp[nhwc];
      }
}

}  // namespace AscendC
