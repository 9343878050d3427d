// The vector engine's addressing and mask planning (asc_model/api/vec_engine.h):
// the part of every vector call that does not depend on its element type or
// element function, compiled once into the runtime object. Only the element
// loops (run_l0 / run_l2 and the typed front ends) stay templates in the header.
#include "asc_model/api/vec_engine.h"

#include <algorithm>

namespace asc_model {
namespace vec {

Mask Mask::first(uint32_t n) {
  Mask m;
  for (uint32_t k = 0; k < 4; ++k) {  // word k holds elements 64k .. 64k+63
    uint32_t lo = 64 * k;
    m.w[k] = n >= lo + 64 ? ~0ull : n > lo ? (1ull << (n - lo)) - 1 : 0;
  }
  return m;
}

Mask bits_mask(uint64_t m0, uint64_t m1, int epr) {
  Mask m;
  m.w[0] = m0;
  m.w[1] = epr > 64 ? m1 : 0;  // 32-bit types: 64 elements per repeat, m1 unused
  if (epr < 64) m.w[0] &= (1ull << epr) - 1;
  return m;
}

Plan resolve(Call& op, const MaskArg& a, bool is_set, int repeat, int epr) {
  auto& v = op.core().vec;
  Plan p;
  p.epr = epr;
  if (v.counter) {
    uint64_t n = is_set ? a.m0 : v.mask[0];
    if (n > (1ull << 32)) op.fault(strprintf("counter-mode element count %llu is too large (mask register "
                                              "not set with SetVectorMask?)", (unsigned long long)n).c_str());
    if (is_set) { v.mask[0] = n; v.mask[1] = 0; }
    p.repeats = int((n + epr - 1) / epr);
    p.full = Mask::first(uint32_t(epr));
    p.last = Mask::first(uint32_t(n - uint64_t(p.repeats ? p.repeats - 1 : 0) * epr));
    return p;
  }
  if (repeat < 0 || repeat > 255) op.fault("repeatTimes out of range [0, 255]");
  p.repeats = repeat;
  if (!is_set) {
    p.full = bits_mask(v.mask[0], v.mask[1], epr);
  } else if (a.bits) {
    if (a.m0 == 0 && (epr <= 64 || a.m1 == 0)) op.fault("bit mask is all zero");
    p.full = bits_mask(a.m0, a.m1, epr);
    v.mask[0] = a.m0; v.mask[1] = a.m1;
  } else {
    if (a.m0 < 1 || a.m0 > uint64_t(epr))
      op.fault(strprintf("mask %llu out of range [1, %d]", (unsigned long long)a.m0, epr).c_str());
    p.full = Mask::first(uint32_t(a.m0));
    v.mask[0] = a.m0 >= 64 ? ~0ull : (1ull << a.m0) - 1;
    v.mask[1] = a.m0 >= 128 ? ~0ull : a.m0 > 64 ? (1ull << (a.m0 - 64)) - 1 : 0;
  }
  p.last = p.full;
  return p;
}

void declare(Call& op, const Plan& pl, Opd& o, int epr_override) {
  int epr = epr_override ? epr_override : pl.epr;
  uint32_t epb = 32 / o.esz;
  int nblk = (epr + int(epb) - 1) / int(epb);
  // Are a mask's active blocks one run (no inactive block between two active ones)?
  auto one_run = [&](const Mask& m) {
    int state = 0;  // 0: before the run, 1: in it, 2: after it
    for (int b = 0; b < nblk; ++b) {
      bool on = m.lowest(b * int(epb), std::min(epr, (b + 1) * int(epb))) >= 0;
      if (on && state == 2) return false;
      if (on) state = 1;
      else if (state == 1) state = 2;
    }
    return true;
  };
  const bool blk_contiguous = o.blk == 32;
  const bool run_full = blk_contiguous && one_run(pl.full);
  const bool run_last = blk_contiguous && (&pl.full == &pl.last || one_run(pl.last));
  bool have = false;
  for (int r = 0; r < pl.repeats; ++r) {
    const Mask& m = pl.mask(r);
    const bool contiguous = r + 1 == pl.repeats ? run_last : run_full;
    op.at_repeat(r);
    int lo_blk = -1, hi_e = -1;
    if (contiguous) {  // first active block .. last active element
      int lo_e = m.lowest(0, epr);
      if (lo_e >= 0) { lo_blk = lo_e / int(epb); hi_e = m.highest(0, epr); }
    }
    for (int b = 0; b < nblk && !contiguous; ++b) {
      int last = m.highest(b * int(epb), std::min(epr, (b + 1) * int(epb)));
      if (last < 0) continue;
      uint64_t start = o.off(r, b * int(epb));
      uint64_t end = o.off(r, last) + o.esz;
      uint8_t* p = op.range(o.ref, start, end - start, o.write, true);
      if (!have) { o.origin = p - start; have = true; }
    }
    if (contiguous && lo_blk >= 0) {
      uint64_t start = o.off(r, lo_blk * int(epb));
      uint64_t end = o.off(r, hi_e) + o.esz;
      uint8_t* p = op.range(o.ref, start, end - start, o.write, true);
      if (!have) { o.origin = p - start; have = true; }
    }
  }
  op.at_repeat(-1);
}

}  // namespace vec
}  // namespace asc_model
