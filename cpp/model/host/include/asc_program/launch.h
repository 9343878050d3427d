// The `<<<numBlocks, l2ctrl, stream>>>` launch of an Ascend C program on the
// Model. asc-cc rewrites each launch into a call of asc_program::launch
// (python/asc/cprog/rewrite.py); the launch runs every block on the Model's
// runtime (cpp/model/src/runtime.cpp) through asc_program_run
// (cpp/model/host/acl.cpp), with the checks, profile recording and fault
// reporting the Python path has.
#pragma once
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace asc_program {

// One kernel launch as the program wrote it.
struct LaunchSite {
  const char* file;   // the launch's source file and line (the .asc)
  int line;
  const char* kernel; // the kernel's name (template arguments dropped), as reports name it
  int core_type;      // 0 = AIV, 1 = AIC (asc.runtime.model.kernel_types, via asc-cc)
  int per_block;      // simulated cores per block (a mixed kernel's AIV cores per AIC)
  int with_aic;       // 1: a `__mix__` kernel: each block's AIC core runs too (LaunchConfig::aic_cores)
};

// A pointer argument: the launch checks it points into device memory.
struct PointerArg {
  int index;          // 0-based argument position
  const void* ptr;
};

// Runs body(ctx) on num_blocks * site.per_block cores; on a fault it reports
// and ends the process (non-zero exit), so it returns only after a clean launch.
void run(const LaunchSite& site, int64_t num_blocks, void* stream, const PointerArg* ptrs, int num_ptrs,
         void (*body)(void*), void* ctx);

template <class F, class Tuple>
struct Call {
  F* fn;
  Tuple* args;
  static void body(void* p) {
    auto* c = static_cast<Call*>(p);
    std::apply(*c->fn, *c->args);  // each block gets the launch's values (lvalues: copies stay intact)
  }
};

template <class T>
inline void collect_pointer(PointerArg* out, int& n, int index, const T& v) {
  if constexpr (std::is_pointer_v<T>) {
    out[n++] = PointerArg{index, static_cast<const void*>(v)};
  } else {
    (void)out; (void)n; (void)index; (void)v;
  }
}

template <class L, class S, class F, class... A>
inline void launch(int64_t num_blocks, L /*l2ctrl*/, S stream, const char* file, int line, const char* kernel,
                   int core_type, int per_block, int with_aic, F fn, A&&... args) {
  std::tuple<std::decay_t<A>...> values(std::forward<A>(args)...);  // evaluated once, as on the device
  PointerArg ptrs[sizeof...(A) + 1];
  int n = 0;
  std::apply([&](const auto&... v) {
    int i = 0;
    (collect_pointer(ptrs, n, i++, v), ...);
  }, values);
  Call<F, decltype(values)> call{&fn, &values};
  run(LaunchSite{file, line, kernel, core_type, per_block, with_aic}, num_blocks, (void*)stream, ptrs, n,
      &Call<F, decltype(values)>::body, &call);
}

}  // namespace asc_program
