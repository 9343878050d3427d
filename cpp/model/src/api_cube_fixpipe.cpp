// Fixpipe's checks and operand ranges (asc_model/api/cube_fixpipe.h), compiled
// once into the runtime object; the conversion loop, which the element types
// shape, stays in the header.
#include "asc_model/api/cube_fixpipe.h"

namespace asc_model {

FixpipeOperands fixpipe_operands(Call& op, const TensorRef& dst, const TensorRef& src, const TensorRef* vq,
                                 FixpipeShape sh) {
  using Q = AscendC::QuantModes;
  const char* api = op.api();
  Core& core = op.core();
  FixpipeOperands o;
  switch (Q(sh.quant)) {
    case Q::NoQuant: case Q::F322F16: case Q::F322BF16: case Q::DEQF16: case Q::QF322B8_PRE: case Q::REQ8: break;
    case Q::VDEQF16: case Q::VQF322B8_PRE: case Q::VREQ8: o.vec = true; break;
    default: core.fault(op.file(), op.line(), api, "quantPre %d is not a QuantModes value", sh.quant);
  }
  if (!sh.converts)
    core.fault(op.file(), op.line(), api, "quantPre %d does not convert %s to %s", sh.quant, sh.src_type, sh.dst_type);
  // A vector mode without a workspace reads the table SetFixPipeConfig placed in the fixpipe buffer.
  TensorRef fpc_table;
  if (o.vec && !vq) {
    if (!fixpipe_regs().fpc_set)
      op.fault("a vector quantPre mode needs its quant table: SetFixPipeConfig with the table in the fixpipe "
               "buffer (C2PIPE2GM), or the Fixpipe form with a workspace");
    fpc_table = fixpipe_quant_table().ref();
    vq = &fpc_table;
  }
  if (sh.srcStride == 0) sh.srcStride = up16(sh.mSize);
  if (sh.row_major && sh.dstStride == 0) sh.dstStride = sh.nSize;
  if (sh.split && (sh.row_major || sh.dst_size != 4))
    core.fault(op.file(), op.line(), api, "channel split needs NZ output of a 32-bit type (float / int32)");
  const uint32_t N1 = (sh.nSize + 15) / 16;
  // Channel split: NZ output with 8-element rows (32 B); column block j8 of
  // 8 columns at j8*dstStride*32 B.
  o.OB = sh.split ? 8 : 16;
  const uint32_t NO = (sh.nSize + o.OB - 1) / o.OB;
  constexpr uint64_t kSrc = 4;  // float / int32_t in L0C
  o.src.resize(N1);
  for (uint32_t j = 0; j < N1; ++j)
    o.src[j] = op.range(src, uint64_t(j) * sh.srcStride * 16 * kSrc, uint64_t(sh.mSize) * 16 * kSrc, false, j == 0);
  const uint64_t dsz = sh.dst_size;
  if (sh.row_major)
    for (uint32_t r = 0; r < sh.mSize; ++r)
      o.dst.push_back(op.range(dst, uint64_t(r) * sh.dstStride * dsz, uint64_t(sh.nSize) * dsz, true, false));
  else
    for (uint32_t j = 0; j < NO; ++j)
      o.dst.push_back(op.range(dst, uint64_t(j) * sh.dstStride * 32 / dsz * dsz, uint64_t(sh.mSize) * o.OB * dsz,
                               true, false));
  if (vq) o.qv = reinterpret_cast<const uint64_t*>(op.range(*vq, 0, uint64_t(sh.nSize) * 8, false, false));
  o.computes = op.elems(uint64_t(sh.mSize) * sh.nSize).run();
  return o;
}

}  // namespace asc_model
