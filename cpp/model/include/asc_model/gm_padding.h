// The padding a GM argument has on the device, which the Model gives it too.
//
// aclrtMalloc rounds a request of n bytes up to a multiple of 32 bytes and
// adds 32 (CANN's aclrtMalloc reference; the start is 64-byte aligned): a
// kernel may touch those bytes past the argument's end on the device, and on
// the Model it may too. A script written for the NPU (run here with
// ASC_FORCE_BACKEND=Model, kLaunchNpuScript) allocates its tensors through
// torch_npu, whose caching allocator carves small tensors out of 2 MiB
// segments (aclrtMalloc's huge-page size), so there the padding runs to the
// end of the 2 MiB page holding the allocation; pyasc's generalization tests
// read and write that far. Accesses inside the padding reach a zero-filled
// buffer of the launch's own, never the user's array nor any other memory of
// the process (memcheck warns); accesses past it fault.
#pragma once
#include <cstdint>

namespace asc_model {

constexpr uint64_t kGmAllocAlign = 32;         // aclrtMalloc's size rounding
constexpr uint64_t kGmAllocExtra = 32;         // ... and the bytes it adds
constexpr uint64_t kGmPageBytes = 2ull << 20;  // a huge page / a torch_npu segment

// aclrtMalloc's size for a request of n bytes.
inline uint64_t gm_alloc_bytes(uint64_t n) {
  return (n + kGmAllocAlign - 1) / kGmAllocAlign * kGmAllocAlign + kGmAllocExtra;
}

// Bytes from an argument's start to the end of its padding: the aclrtMalloc
// size, or (device_pages) the end of the 2 MiB page holding it.
inline uint64_t gm_padded_bytes(uint64_t n, bool device_pages) {
  uint64_t m = gm_alloc_bytes(n);
  return device_pages ? (m + kGmPageBytes - 1) / kGmPageBytes * kGmPageBytes : m;
}

}  // namespace asc_model
