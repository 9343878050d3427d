// The 2D fractal loads of the LoadData family (asc_model/api/cube_load.h),
// compiled once into the runtime object: they move 512-byte fractals and
// depend on the element type only through its size (16-bit fractals may be
// transposed as 16x16 matrices).
#include "asc_model/api/cube_load.h"

#include <array>
#include <cstring>
#include <utility>
#include <vector>

namespace asc_model {

namespace {
constexpr uint64_t kFractal = 512;  // bytes

// Copies each (destination, source) fractal, transposing 16-bit ones as 16x16
// matrices when asked; each is read whole before it is written.
void move_fractals(const std::vector<std::pair<uint8_t*, const uint8_t*>>& f, bool transpose) {
  uint16_t tmp[kFractal / 2];
  for (auto& x : f) {
    if (transpose) {
      uint16_t in[kFractal / 2];
      std::memcpy(in, x.second, kFractal);
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 16; ++c) tmp[c * 16 + r] = in[r * 16 + c];
    } else {
      std::memcpy(tmp, x.second, kFractal);
    }
    std::memcpy(x.first, tmp, kFractal);
  }
}
}  // namespace

void load_fractals_bytes(const char* api, const TensorRef& d, const TensorRef& s, uint32_t esz, uint32_t start,
                         uint32_t count, uint32_t src_step, uint32_t gap, bool transpose, uint32_t addr_mode,
                         const char* file, int line) {
  Call op(api, s.mem == Mem::GM ? PIPE_MTE2 : PIPE_MTE1, file, line);
  if (count == 0) op.fault("repeatTimes is 0");
  if (addr_mode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  if (transpose && esz != 2) op.fault("ifTranspose for types other than 16-bit is not modelled");
  std::vector<std::pair<uint8_t*, const uint8_t*>> f(count);
  for (uint32_t i = 0; i < count; ++i) {
    f[i].second = op.range(s, uint64_t(start + uint64_t(i) * src_step) * kFractal, kFractal, false, false);
    f[i].first = op.range(d, uint64_t(i) * (1 + gap) * kFractal, kFractal, true, i == 0);
  }
  if (!op.elems(uint64_t(count) * (kFractal / esz)).run()) return;  // timing-only launch: no data
  move_fractals(f, transpose);
}

void load_2d_v2_bytes(const TensorRef& d, const TensorRef& s, uint32_t esz, const AscendC::LoadData2DParamsV2& p,
                      const char* file, int line) {
  Call op("LoadData", s.mem == Mem::GM ? PIPE_MTE2 : PIPE_MTE1, file, line);
  if (p.mStep == 0 || p.kStep == 0) op.fault("mStep and kStep must be positive");
  if (p.srcStride < 0) op.fault("srcStride is negative");
  if (p.ifTranspose && esz != 2) op.fault("ifTranspose for types other than 16-bit is not modelled");
  uint64_t dstStride = p.dstStride ? p.dstStride : p.mStep;
  std::vector<std::pair<uint8_t*, const uint8_t*>> f;
  f.reserve(size_t(p.mStep) * p.kStep);
  for (uint32_t j = 0; j < p.kStep; ++j)
    for (uint32_t i = 0; i < p.mStep; ++i) {
      uint64_t sf = uint64_t(p.kStartPosition + j) * uint64_t(p.srcStride) + p.mStartPosition + i;
      const uint8_t* sp = op.range(s, sf * kFractal, kFractal, false, false);
      f.push_back({op.range(d, (j * dstStride + i) * kFractal, kFractal, true, f.empty()), sp});
    }
  if (!op.elems(uint64_t(f.size()) * (kFractal / esz)).run()) return;  // timing-only launch: no data
  move_fractals(f, p.ifTranspose);
}

void load_transpose_s4(const AscendC::LocalTensor<int4b_t>& dst, const AscendC::LocalTensor<int4b_t>& src,
                              uint32_t start, uint32_t count, uint32_t src_step, uint32_t gap, uint32_t dst_frac_gap,
                              uint32_t src_frac_gap, uint32_t addr_mode, const char* file, int line, bool v1) {
  Call op("LoadDataWithTranspose", PIPE_MTE1, file, line);
  if (dst.mem() != Mem::L0B) op.fault("int4b_t is transposed into B2 (L0B) only");
  if (count == 0) op.fault("repeatTimes is 0");
  if (addr_mode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  const TensorRef s = src.ref(), d = dst.ref();
  std::vector<std::array<const uint8_t*, 4>> in(count);
  std::vector<std::array<uint8_t*, 4>> out(count);
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t s0 = start + uint64_t(i) * src_step * (v1 ? 4 : 1);
    uint64_t d0 = uint64_t(i) * (v1 ? 1 + gap : 4 + 3 * dst_frac_gap + gap);
    for (uint32_t f = 0; f < 4; ++f) {
      in[i][f] = op.range(s, (s0 + f * (1 + src_frac_gap)) * 512, 512, false, false);
      out[i][f] = op.range(d, (d0 + f * (1 + dst_frac_gap)) * 512, 512, true, i == 0 && f == 0);
    }
  }
  if (!op.elems(uint64_t(count) * 4 * 1024).run()) return;  // timing-only launch: no data
  for (uint32_t i = 0; i < count; ++i) {
    uint8_t t[4][512] = {};
    for (uint32_t row = 0; row < 64; ++row)  // M[row][c] = fractal row / 16, its row row % 16
      for (uint32_t c = 0; c < 64; ++c)
        int4_store(t[c / 16], (c % 16) * 64 + row, int4b_t(int32_t(int4_load(in[i][row / 16], (row % 16) * 64 + c))));
    for (uint32_t f = 0; f < 4; ++f) std::memcpy(out[i][f], t[f], 512);
  }
}

}  // namespace asc_model
