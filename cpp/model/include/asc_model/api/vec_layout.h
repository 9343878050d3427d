// TransDataTo5HD (address-list form) and BilinearInterpolation (level 0, bit
// and count masks). Pattern: docs/model-internals.md.
#pragma once
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/api/vec_engine.h"

namespace AscendC {

// ---- TransDataTo5HD ----------------------------------------------------------------------
// Interpretation (the form the emitter produces: two LocalTensor<uint64_t> lists):
// * dstList / srcList each hold 16 UB byte addresses (LocalTensor::GetPhyAddr()
//   values), each 32 B aligned. Only the 16 entries of each list are read.
// * Repeat r (0 <= r < repeatTimes) reads source "row" i (i = 0..15) from the
//   32 B block at srcList[i] + r*srcRepStride*32 and writes destination block j
//   (j = 0..15) at dstList[j] + r*dstRepStride*32 (strides in 32 B blocks; with
//   repeatTimes == 1 they are not used).
// * 16-bit T: rows of 16 elements; dst[j][i] = src[i][j] (a 16x16 transpose).
// * 32-bit T: rows of 8 elements (a 16x8 matrix); its transpose (8 rows of 16)
//   is written row k to blocks 2k (elements 0..7) and 2k+1 (elements 8..15):
//   dst[2k + i/8][i%8] = src[i][k].
// * 8-bit T: one half of each 32-element source block is read (srcHighHalf:
//   elements 16..31, else 0..15) and written into one half of each destination
//   block (dstHighHalf: elements 16..31, else 0..15; the other half is left
//   unchanged): dst[j][dh*16 + i] = src[i][sh*16 + j].
// All sources are read before any destination is written (each repeat).
// The vendor's three forms differ only in where the 16 + 16 addresses come from:
// two LocalTensor<uint64_t> of addresses, two arrays of LocalTensor<T> (each
// element's GetPhyAddr()), or two uint64_t arrays of addresses.
constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

namespace detail_5hd {
template <class T>
void run(asc_model::Call& op, const uint64_t* da, const uint64_t* sa, const TransDataTo5HDParams& p) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "TransDataTo5HD: 8-, 16- or 32-bit elements");
  asc_model::Core& core = op.core();
  uint32_t reps = p.repeatTimes;
  uint64_t ub = core.mem_size(asc_model::Mem::UB);
  std::vector<uint8_t*> d(size_t(reps) * 16);
  std::vector<const uint8_t*> s(size_t(reps) * 16);
  for (uint32_t r = 0; r < reps; ++r)
    for (int i = 0; i < 16; ++i) {
      uint64_t so = sa[i] + uint64_t(r) * p.srcRepStride * 32, dof = da[i] + uint64_t(r) * p.dstRepStride * 32;
      s[r * 16 + i] = op.range(asc_model::TensorRef{asc_model::Mem::UB, 0, ub}, so, 32, false, true);
      d[r * 16 + i] = op.range(asc_model::TensorRef{asc_model::Mem::UB, 0, ub}, dof, 32, true, true);
    }
  op.elems(uint64_t(reps) * (sizeof(T) == 1 ? 256 : 512 / sizeof(T))).run();
  for (uint32_t r = 0; r < reps; ++r) {
    uint8_t in[16][32];
    for (int i = 0; i < 16; ++i) std::memcpy(in[i], s[r * 16 + i], 32);
    uint8_t out[16][32];
    for (int j = 0; j < 16; ++j) std::memcpy(out[j], d[r * 16 + j], 32);  // 8-bit: the other half stays
    if constexpr (sizeof(T) == 2) {
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) std::memcpy(&out[j][i * 2], &in[i][j * 2], 2);
    } else if constexpr (sizeof(T) == 4) {
      for (int i = 0; i < 16; ++i)
        for (int k = 0; k < 8; ++k) std::memcpy(&out[2 * k + i / 8][(i % 8) * 4], &in[i][k * 4], 4);
    } else {
      int dh = p.dstHighHalf ? 16 : 0, sh = p.srcHighHalf ? 16 : 0;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) out[j][dh + i] = in[i][sh + j];
    }
    for (int j = 0; j < 16; ++j) std::memcpy(d[r * 16 + j], out[j], 32);
  }
}
}  // namespace detail_5hd

template <class T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dstList, const LocalTensor<uint64_t>& srcList,
                    const TransDataTo5HDParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("TransDataTo5HD", PIPE_V, ASC_LOC);
  if (dstList.mem() != asc_model::Mem::UB || srcList.mem() != asc_model::Mem::UB)
    op.fault("address lists must be in UB");
  const uint64_t* da = op.in(dstList, 16, 0, false);
  const uint64_t* sa = op.in(srcList, 16, 0, false);
  detail_5hd::run<T>(op, da, sa, p);
}

template <class T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& p,
                    ASC_LOC_PARAMS) {
  asc_model::Call op("TransDataTo5HD", PIPE_V, ASC_LOC);
  uint64_t da[NCHW_CONV_ADDR_LIST_SIZE], sa[NCHW_CONV_ADDR_LIST_SIZE];
  for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
    if (dstList[i].mem() != asc_model::Mem::UB || srcList[i].mem() != asc_model::Mem::UB)
      op.fault("every tensor of the two lists must be in UB");
    da[i] = dstList[i].GetPhyAddr();
    sa[i] = srcList[i].GetPhyAddr();
  }
  detail_5hd::run<T>(op, da, sa, p);
}

template <class T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("TransDataTo5HD", PIPE_V, ASC_LOC);
  detail_5hd::run<T>(op, dstList, srcList, p);
}

// ---- BilinearInterpolation (level 0) ---------------------------------------------------------
// Interpretation (Ascend C docs: horizontal iterations inside vertical ones):
// * Iteration it = v*hRepeat + h (v < vRepeat, h < hRepeat) reads 8 uint32 byte
//   offsets src0Offset[it*8 + b] (b = 0..7), each the start of a 32 B block of
//   src0 (relative to src0's start, 32 B aligned).
// * Weights: repeatMode == false: one weight w = src1[it] for all 8 blocks;
//   repeatMode == true: w_b = src1[it*8 + b].
// * Products T(src0blk_b[e] * w_b) are summed over the hRepeat horizontal
//   iterations of vertical iteration v (in order, rounding to T after each
//   multiply and each add; the first iteration starts from its product, not
//   from dst's old contents) and stored to dst block b of vertical iteration v,
//   at element v*vROffset + b*dstBlkStride*(32/sizeof(T)).
// * The mask (count: the first n lanes of the 8 blocks, n <= 256/sizeof(T);
//   bits: lane b*(32/sizeof(T)) + e) selects which lanes are written; the other
//   lanes of dst are unchanged. sharedTmpBuffer is not used.
namespace detail_bilinear {
template <class T>
void run(asc_model::Call& op, const LocalTensor<T>& dst, const LocalTensor<T>& src0,
         const LocalTensor<uint32_t>& off, const LocalTensor<T>& src1, const asc_model::vec::Mask& m,
         uint32_t hRepeat, bool repeatMode, uint32_t dstBlkStride, uint32_t vROffset, uint32_t vRepeat) {
  using namespace asc_model::vec;
  constexpr uint32_t EPB = 32 / sizeof(T);
  if (!is_fp<T>) op.fault("only half and float are modelled");
  uint64_t iters = uint64_t(hRepeat) * vRepeat;
  if (iters == 0) op.fault("hRepeat and vRepeat must be positive");
  const uint32_t* o = op.in(off, iters * 8, 0, true);
  const T* w = op.in(src1, repeatMode ? iters * 8 : iters, 0, false);
  std::vector<const T*> s(iters * 8);
  for (uint64_t i = 0; i < iters * 8; ++i) {
    if (o[i] % 32) op.fault("src0Offset values must be multiples of 32 bytes");
    s[i] = op.in(src0, EPB, o[i] / sizeof(T), true);
  }
  std::vector<T*> d(size_t(vRepeat) * 8);
  for (uint32_t v = 0; v < vRepeat; ++v)
    for (uint32_t b = 0; b < 8; ++b)
      d[v * 8 + b] = op.out(dst, EPB, uint64_t(v) * vROffset + uint64_t(b) * dstBlkStride * EPB, true);
  op.elems(uint64_t(iters) * m.count()).run();
  std::vector<T> res(size_t(vRepeat) * 8 * EPB);
  for (uint32_t v = 0; v < vRepeat; ++v)
    for (uint32_t h = 0; h < hRepeat; ++h) {
      uint64_t it = uint64_t(v) * hRepeat + h;
      for (uint32_t b = 0; b < 8; ++b) {
        float wb = float(w[repeatMode ? it * 8 + b : it]);
        for (uint32_t e = 0; e < EPB; ++e) {
          T prod = T(float(s[it * 8 + b][e]) * wb);
          T& acc = res[(size_t(v) * 8 + b) * EPB + e];
          acc = h == 0 ? prod : T(float(acc) + float(prod));
        }
      }
    }
  for (uint32_t v = 0; v < vRepeat; ++v)
    for (uint32_t b = 0; b < 8; ++b)
      for (uint32_t e = 0; e < EPB; ++e)
        if (m.test(int(b * EPB + e))) d[v * 8 + b][e] = res[(size_t(v) * 8 + b) * EPB + e];
}
}  // namespace detail_bilinear

template <class T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, uint64_t mask, uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  (void)sharedTmpBuffer;
  asc_model::Call op("BilinearInterpolation", PIPE_V, ASC_LOC);
  constexpr uint64_t epr = 256 / sizeof(T);
  if (mask == 0 || mask > epr) op.fault("count mask out of range [1, 256/sizeof(T)]");
  detail_bilinear::run(op, dst, src0, src0Offset, src1, asc_model::vec::Mask::first(uint32_t(mask)), hRepeat,
                       repeatMode, dstBlkStride, vROffset, vRepeat);
}
template <class T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, const uint64_t mask[], uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  (void)sharedTmpBuffer;
  asc_model::Call op("BilinearInterpolation", PIPE_V, ASC_LOC);
  asc_model::vec::Mask m = asc_model::vec::bits_mask(mask[0], mask[1], int(256 / sizeof(T)));
  if (m.count() == 0) op.fault("bit mask is all zero");
  detail_bilinear::run(op, dst, src0, src0Offset, src1, m, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat);
}

}  // namespace AscendC
