// burst_copy (asc_model/api/data_copy.h), the mover every DataCopy form and
// DataCopyPad's local -> GM direction share, and DataCopyPad's GM -> local
// direction, DataCopy's count and DataCopyParams forms and InitConstValue: compiled
// once into the runtime object, on bytes (the element type is its size and name).
#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "asc_model/api/data_copy.h"

namespace asc_model {

// Local -> GM bursts of at least this many bytes are written with
// non-temporal stores: the result goes to the user's array and is not read
// again by this core soon, so skipping the cache (and the read-for-ownership
// of every destination line) roughly doubles the copy-out bandwidth. Same
// bytes as memmove (source and destination are different memories, so they
// cannot overlap); an sfence after the last burst orders them like ordinary
// stores for everything that follows.
constexpr uint64_t kStreamMin = 4096;

static void stream_copy(uint8_t* d, const uint8_t* s, uint64_t n) {
#if defined(__SSE2__)
  uint64_t head = (16 - (reinterpret_cast<uintptr_t>(d) & 15)) & 15;
  std::memcpy(d, s, head);
  d += head; s += head; n -= head;
  uint64_t body = n & ~uint64_t(63);
  for (uint64_t i = 0; i < body; i += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 32));
    __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 48), e);
  }
  std::memcpy(d + body, s + body, n - body);
#else
  std::memcpy(d, s, n);
#endif
}
static void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

void burst_copy(Call& op, const TensorRef& dst, const TensorRef& src, uint64_t count, uint64_t len,
                uint64_t src_step, uint64_t dst_step) {
  // Pointers of every burst, collected before anything is written (a fixed
  // array for the common few-burst case, so plain copies never allocate).
  std::pair<uint8_t*, const uint8_t*> few[8];
  std::vector<std::pair<uint8_t*, const uint8_t*>> many;
  std::pair<uint8_t*, const uint8_t*>* bursts = few;
  if (count > 8) { many.resize(count); bursts = many.data(); }
  for (uint64_t i = 0; i < count; ++i) {
    bursts[i].second = op.range(src, i * src_step, len, false, i == 0);
    bursts[i].first = op.range(dst, i * dst_step, len, true, i == 0);
  }
  auto atomic = dst.mem == Mem::GM ? op.core().atomic_fn : nullptr;  // SetAtomicAdd & co (api/misc.h)
  if (atomic && len % op.core().atomic_elem)
    op.fault("burst length is not a whole number of atomic elements");
  if (!op.run()) return;
  if (atomic)
    for (uint64_t i = 0; i < count; ++i) atomic(bursts[i].first, bursts[i].second, len);
  else if (dst.mem == Mem::GM && src.mem != Mem::GM && len >= kStreamMin) {
    for (uint64_t i = 0; i < count; ++i) stream_copy(bursts[i].first, bursts[i].second, len);
    stream_fence();
  } else
    for (uint64_t i = 0; i < count; ++i) std::memmove(bursts[i].first, bursts[i].second, len);
  if (precision_hooks.on_copy)  // --precision-trace builds only
    precision_hooks.on_copy(op.core(), op.api(), op.file(), op.line(), bursts, count, len, dst.mem, src.mem);
}

// Fills `nbytes` (a whole number of `esz`-byte elements) with the element `pat`:
// one element, then doubling copies of what is already there.
static void fill_pattern(uint8_t* d, uint64_t nbytes, const void* pat, uint32_t esz) {
  if (nbytes == 0) return;
  std::memcpy(d, pat, esz);
  for (uint64_t done = esz; done < nbytes;) {
    uint64_t n = std::min(done, nbytes - done);
    std::memcpy(d + done, d, n);
    done += n;
  }
}

void data_copy_pad_in_bytes(const TensorRef& d, const TensorRef& s, uint32_t esz, const char* type, uint32_t count,
                            uint64_t len, uint64_t src_gap, uint64_t dst_gap_blocks, bool is_pad, uint32_t left,
                            uint32_t right, const void* pad_value, const char* file, int line) {
  Call op("DataCopyPad", copy_pipe(s.mem, d.mem), file, line);
  Core& c = op.core();
  if (count == 0 || len == 0) c.fault(file, line, "DataCopyPad", "blockCount=%u blockLen=%llu: both must be at least 1", count, (unsigned long long)len);
  if (len % esz) c.fault(file, line, "DataCopyPad", "blockLen %llu bytes is not a whole number of %s elements", (unsigned long long)len, type);
  if (!is_pad) left = right = 0;
  if (uint64_t(left + right) * esz > kBlock) c.fault(file, line, "DataCopyPad", "leftPadding+rightPadding = %u elements exceed one 32-byte block", left + right);
  uint64_t row = (uint64_t(left) * esz + len + uint64_t(right) * esz + kBlock - 1) / kBlock * kBlock;
  uint64_t dst_step = row + dst_gap_blocks * kBlock;
  uint8_t pad[8];  // the widest element DataCopyPad moves
  std::memcpy(pad, pad_value, esz);
  if (!is_pad && c.pad_size == esz) std::memcpy(pad, &c.pad_bits, esz);  // SetPadValue's value
  std::vector<std::pair<uint8_t*, const uint8_t*>> bursts(count);
  for (uint32_t i = 0; i < count; ++i) {
    bursts[i].second = op.range(s, i * (len + src_gap), len, false, false);
    bursts[i].first = op.range(d, i * dst_step, row, true, i == 0);
  }
  if (!op.elems(count * len / esz).run()) return;
  for (auto& b : bursts) {
    fill_pattern(b.first, row, pad, esz);
    std::memcpy(b.first + uint64_t(left) * esz, b.second, len);
  }
}

void data_copy_count_bytes(const TensorRef& d, const TensorRef& s, uint32_t count, uint32_t bits, const char* type,
                           const char* file, int line) {
  Call op("DataCopy", copy_pipe(s.mem, d.mem), file, line);
  uint64_t bytes = elems_bytes(count, bits);  // int4b_t: 64 elements per 32-byte block
  if (bytes % kBlock != 0 && op.core().npu_script()) {
    // The device copies whole 32-byte blocks and drops the rest without a word (the
    // vendor's DataCopy count form divides by the block size); an NPU script may rely on it.
    bytes -= bytes % kBlock;
    op.elems(uint32_t(bytes_elems(bytes, bits)));
    if (bytes == 0) {
      op.run();
      return;
    }
    burst_copy(op, d, s, 1, bytes, 0, 0);
    return;
  }
  if (bytes % kBlock != 0)
    op.core().fault(file, line, "DataCopy",
                    "%u elements of %s = %llu bytes is not a whole number of 32-byte blocks (use DataCopyPad)",
                    count, type, (unsigned long long)bytes);
  op.elems(count);
  burst_copy(op, d, s, 1, bytes, 0, 0);
}

void data_copy_params_bytes(const TensorRef& d, const TensorRef& s, const AscendC::DataCopyParams& p, uint32_t bits,
                            const char* file, int line) {
  Call op("DataCopy", copy_pipe(s.mem, d.mem), file, line);
  if (p.blockCount == 0 || p.blockLen == 0)
    op.core().fault(file, line, "DataCopy", "blockCount=%u blockLen=%u: both must be at least 1", p.blockCount,
                    p.blockLen);
  // L1 -> the fixpipe buffer (C1 -> C2PIPE2GM): bursts of 128 B (the vendor's copy_cbuf_to_fbuf;
  // its CopyDeqTensorToFbuf counts burst_len in 128 B), the gap in the fixpipe buffer too.
  uint64_t unit = d.mem == Mem::FB && s.mem == Mem::L1 ? 128 : kBlock;
  uint64_t len = p.blockLen * unit;
  op.elems(bytes_elems(p.blockCount * len, bits));
  burst_copy(op, d, s, p.blockCount, len, len + p.srcStride * kBlock, len + p.dstStride * unit);
}

// The pipe follows the destination: MTE2 into L1, MTE1 into L0A/L0B (api/data_copy.h).
void init_const_value_bytes(const TensorRef& d, const void* value, uint32_t esz, uint32_t repeat_times,
                            uint32_t block_num, uint32_t dst_gap, const char* file, int line) {
  Call op("InitConstValue", d.mem == Mem::L1 ? PIPE_MTE2 : PIPE_MTE1, file, line);
  uint64_t unit = (d.mem == Mem::L0A || d.mem == Mem::L0B) ? 512 : 32;
  uint64_t run = uint64_t(block_num) * unit, step = run + uint64_t(dst_gap) * unit;
  std::vector<uint8_t*> rows(repeat_times);
  for (uint32_t r = 0; r < repeat_times; ++r)
    rows[r] = op.range(d, r * step / esz * esz, run / esz * esz, true, r == 0);
  if (!op.elems(repeat_times * run / esz).run()) return;
  for (uint8_t* row : rows) fill_pattern(row, run / esz * esz, value, esz);
}

}  // namespace asc_model
