// The pool of core memories (mem_pool.h).
#include "mem_pool.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#include <sys/mman.h>

namespace asc_model {

uint8_t* CoreMem::take(int m, uint64_t n) {
  if (n != size[m]) {
    if (buf[m]) munmap(buf[m], size[m]);
    buf[m] = nullptr;
    size[m] = n;
    if (n) {
      void* p = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) { size[m] = 0; throw std::bad_alloc(); }
      buf[m] = static_cast<uint8_t*>(p);
    }
  } else if (touched[m]) {
    std::memset(buf[m], 0, std::min(touched[m], n));
  }
  touched[m] = 0;
  return buf[m];
}

namespace {

std::mutex& mem_mu() { static std::mutex* m = new std::mutex; return *m; }  // leaked: no exit-order issues
std::vector<CoreMem*>& mem_free() { static auto* v = new std::vector<CoreMem*>; return *v; }

}  // namespace

CoreMem* acquire_mem() {
  {
    std::lock_guard<std::mutex> lk(mem_mu());
    if (!mem_free().empty()) {
      CoreMem* m = mem_free().back();
      mem_free().pop_back();
      return m;
    }
  }
  return new CoreMem;
}

void release_mem(CoreMem* m) {
  std::lock_guard<std::mutex> lk(mem_mu());
  mem_free().push_back(m);
}

}  // namespace asc_model
