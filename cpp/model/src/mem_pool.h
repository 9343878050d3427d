// Internal to the runtime (src/*.cpp): the local memories of the cores, pooled
// across launches.
#pragma once
#include <cstdint>

#include "asc_model/platform.h"

namespace asc_model {

// The local memories of one core, reused across launches: a launch takes one
// per core from a free list and gives it back at the end. A launch still starts
// from zero-filled memories, but only the part a core touched (up to the end of
// the highest range Core::check handed out: every API reaches memory only
// through checked ranges) is cleared again, not ~1 MB per core per launch.
// Buffers come from mmap: the kernel hands out zero pages lazily, so the first
// launch pays only for the pages a core really uses.
struct CoreMem {
  uint8_t* buf[kMemCount] = {};
  uint64_t size[kMemCount] = {};
  uint64_t touched[kMemCount] = {};  // set by the core when it gives the memories back

  // Zero-filled memory m of `n` bytes (throws std::bad_alloc when mmap fails).
  uint8_t* take(int m, uint64_t n);
};

// A CoreMem from the free list, or a new one. Thread-safe.
CoreMem* acquire_mem();
// Puts `m` back on the free list (never freed: the pool lives as long as the process).
void release_mem(CoreMem* m);

}  // namespace asc_model
