// The ND -> NZ move (asc_model/api/cube_layout.h), compiled once into the
// runtime object: it moves whole 32-byte rows of C0 = 32 / esz elements and
// depends on the element type only through its size (the zero fill of a
// row's tail is all-zero bytes for every element type).
#include "asc_model/api/cube_layout.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace asc_model {

void nd2nz_bytes(const char* api, const TensorRef& d, const TensorRef& s, uint32_t esz,
                 const AscendC::Nd2NzParams& p, const char* file, int line) {
  const uint32_t C0 = 32 / esz;  // elements per row of a column block
  Call op(api, copy_pipe(s.mem, d.mem), file, line);
  if (p.dValue > p.srcDValue && p.nValue > 1)
    op.core().fault(file, line, api, "dValue %u exceeds srcDValue %u", p.dValue, p.srcDValue);
  uint32_t blocks = (p.dValue + C0 - 1) / C0;
  struct Row { uint8_t* d; const uint8_t* s; uint32_t nbytes; };
  std::vector<Row> rows;
  rows.reserve(size_t(p.ndNum) * p.nValue * blocks);
  // With dstNzNStride == 1 a column block's rows are back to back: one
  // destination range per column block (the same bytes and checks as one per
  // row, at a fraction of the calls; an 8192^3 matmul makes ~10^9 of them).
  const bool packed = p.dstNzNStride == 1 && p.nValue > 0;
  std::vector<uint8_t*> column(packed ? blocks : 0);
  for (uint32_t i = 0; i < p.ndNum; ++i) {
    for (uint32_t b = 0; b < column.size(); ++b)
      column[b] = op.range(d, (uint64_t(i) * p.dstNzMatrixStride + uint64_t(b) * p.dstNzC0Stride * C0) * esz,
                           uint64_t(p.nValue) * 32, true, i == 0 && b == 0);
    for (uint32_t r = 0; r < p.nValue; ++r) {
      uint64_t so = uint64_t(i) * p.srcNdMatrixStride + uint64_t(r) * p.srcDValue;
      const uint8_t* sp = p.dValue ? op.range(s, so * esz, uint64_t(p.dValue) * esz, false, false) : nullptr;
      for (uint32_t b = 0; b < blocks; ++b) {
        uint64_t dof = uint64_t(i) * p.dstNzMatrixStride + uint64_t(b) * p.dstNzC0Stride * C0 +
                       uint64_t(r) * p.dstNzNStride * C0;
        uint32_t n = std::min<uint32_t>(C0, p.dValue - b * C0);
        uint8_t* dp = packed ? column[b] + uint64_t(r) * 32 : op.range(d, dof * esz, 32, true, rows.empty());
        rows.push_back({dp, sp + uint64_t(b) * 32, n * esz});
      }
    }
  }
  if (!op.elems(uint64_t(p.ndNum) * p.nValue * p.dValue).run()) return;  // timing only: no data
  for (auto& r : rows) {
    uint8_t tmp[32];  // read before written: source and destination may be one memory
    if (r.nbytes == 32) {  // a whole row (all but a column block's tail): fixed-size copies, inlined
      std::memcpy(tmp, r.s, 32);
    } else {
      std::memcpy(tmp, r.s, r.nbytes);
      std::memset(tmp + r.nbytes, 0, 32 - r.nbytes);
    }
    std::memcpy(r.d, tmp, 32);
  }
}

}  // namespace asc_model
