// Mmad's checks, shape and operand ranges (asc_model/api/cube_mmad.h), compiled
// once into the runtime object; the multiply-accumulate loops, which the
// element types shape, stay in the header.
#include "asc_model/api/cube_mmad.h"

namespace asc_model {

MmadOperands mmad_operands(Call& op, const TensorRef& dst, const TensorRef& fm, const TensorRef& filt,
                           const TensorRef* bias, const AscendC::MmadParams& p, uint32_t a_bits, bool a_float,
                           uint32_t c_size, bool gemv) {
  const bool s4 = a_bits == 4;
  // A fractal is 512 bytes: 16 rows of C0 elements (int4b_t: 16 x 64 nibbles).
  const uint32_t C0 = s4 ? 64 : 256 / a_bits, F = s4 ? 1024 : 4096 / a_bits;
  auto a_bytes = [&](uint64_t n) { return s4 ? (n + 1) / 2 : n * (a_bits / 8); };  // elems_bytes<A>
  if (s4 && p.k % 2) op.fault("MmadParams.k must be an even number when fm and filter are int4b_t");
  Core& core = op.core();
  if (dst.mem != Mem::L0C) op.fault("dst must be in CO1 (L0C)");
  if (fm.mem != Mem::L0A) op.fault("fm must be in A2 (L0A)");
  if (filt.mem != Mem::L0B) op.fault("filter must be in B2 (L0B)");
  if (a_float && core.hf32) op.fault("HF32 mode (SetHF32Mode) with float inputs is not modelled");
  if (p.fmOffset || p.enSsparse || p.enWinogradA || p.enWinogradB)
    op.fault("fmOffset, enSsparse and the Winograd switches of MmadParams are not modelled");
  MmadOperands o;
  // The vendor's Mmad without a bias tensor accumulates when isBias is set (the older form
  // of cmatrixInitVal = false); with a bias tensor the bias row is the initial value.
  o.init_zero = p.cmatrixInitVal && !p.isBias;
  o.M16 = up16(p.m);
  o.K1 = (p.k + C0 - 1) / C0;
  o.N1 = (p.n + 15) / 16;
  // kDirectionAlign (float only, the vendor's mmad examples): L0A holds A's k
  // aligned to 16 (two 8-column fractals per 16, as a transposing load leaves
  // it); the cube skips the padding columns. B's k stays aligned to 8.
  o.K1a = a_float && p.kDirectionAlign ? (p.k + 15) / 16 * 2 : o.K1;
  o.gemv = gemv && p.m == 1;
  o.a = op.range(fm, 0, a_bytes(o.gemv ? uint64_t(o.K1) * C0 : uint64_t(o.M16 / 16) * o.K1a * F), false, true);
  o.b = op.range(filt, 0, a_bytes(uint64_t(o.N1) * o.K1 * F), false, true);
  o.c = op.range(dst, 0, uint64_t(o.N1) * o.M16 * 16 * c_size, true, true);
  if (bias) o.bias = op.range(*bias, 0, uint64_t(p.n) * c_size, false, true);
  return o;
}

}  // namespace asc_model
