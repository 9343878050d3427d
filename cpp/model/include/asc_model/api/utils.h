// Small vendor utilities C++ kernels use beside the computing APIs: the
// QuePosition alias, compile-time type tests, ceiling division, block-size
// constants, DisableDmaAtomic and the dcache-bypassing GM scalar accesses.
// Names and semantics from the vendor's headers (kernel_event.h,
// kernel_utils_*.h, kernel_operator_{scalar,set_atomic}_intf.h).
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include "asc_model/api/misc.h"
#include "asc_model/tensor.h"

namespace AscendC {

using QuePosition = TPosition;

template <class T, class U>
struct IsSameType : std::false_type {};
template <class T>
struct IsSameType<T, T> : std::true_type {};

// The vendor's integer helpers, with its types (a user's expression has the
// same type and value on both): DivCeil and friends are uint32_t and divide by
// zero when b is 0 (a trap the Model reports); CeilDivision is int32_t, 0 for b == 0,
// and not constexpr on Atlas A2.
constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
inline int32_t CeilDivision(int32_t num1, int32_t num2) { return num2 == 0 ? 0 : (num1 + num2 - 1) / num2; }

constexpr uint32_t ONE_BLK_SIZE = 32;        // bytes of one data block
constexpr uint32_t DEFAULT_C0_SIZE = 32;     // bytes of a fractal row (C0)
constexpr uint32_t BLOCK_CUBE = 16;          // rows/cols of a 16-bit fractal
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t K_MAX_DIM = 8;             // dimensions of a SliceInfo array

// The vendor's name for SetAtomicNone (which it keeps as a deprecated alias).
inline void DisableDmaAtomic(ASC_LOC_PARAMS) { SetAtomicNone(ASC_LOC); }

// A scalar GM access that skips the data cache: on the Model GM has no
// cache, so it is the checked scalar access of one element at addr.
template <class T>
void WriteGmByPassDCache(__gm__ T* addr, T value, ASC_LOC_PARAMS) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer(addr, 1);
  g.SetValue(0, value, ASC_LOC);
}
template <class T>
T ReadGmByPassDCache(__gm__ T* addr, ASC_LOC_PARAMS) {
  GlobalTensor<T> g;
  g.SetGlobalBuffer(addr, 1);
  return g.GetValue(0, ASC_LOC);
}

}  // namespace AscendC

// The vendor's matmul headers alias the namespace (matmul::Matmul,
// matmul::MatmulType, matmul::GetBlockIdx ...).
namespace matmul = AscendC;

namespace asc_model {
// A failed ASCENDC_ASSERT / ascendc_assert: inside a kernel a Model fault
// naming the line (the launch stops, the program exits non-zero); on the host
// a one-line error and exit status 1, where the vendor raises SIGABRT.
[[noreturn]] inline void assert_failed(const char* file, int line, const char* api, const char* cond,
                                       const std::string& msg = std::string()) {
  Core* c = nullptr;
  try {
    c = &current_core();
  } catch (...) {
  }
  const char* sep = msg.empty() ? "" : ": ";
  if (c) c->fault(file, line, api, "assertion failed: %s%s%s", cond, sep, msg.c_str());
  std::fprintf(stderr, "[ERROR] %s:%d: %s failed: %s%s%s\n", file, line, api, cond, sep, msg.c_str());
  std::exit(1);
}
template <class... A>
[[noreturn]] void assert_failed_fmt(const char* api, const char* file, int line, const char* cond, const char* fmt,
                                    A... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, args...);
  std::string msg = buf;
  while (!msg.empty() && msg.back() == '\n') msg.pop_back();
  assert_failed(file, line, api, cond, msg);
}
}  // namespace asc_model

// The vendor's device assertion (utils/debug/asc_assert.h): ascendc_assert(expr)
// or ascendc_assert(expr, fmt, args...).
#ifndef ascendc_assert
#define ascendc_assert(expr, ...)                                                                     \
  (static_cast<bool>(expr) ? void(0)                                                                  \
                           : ::asc_model::assert_failed_fmt("ascendc_assert", __FILE__, __LINE__, #expr, "" __VA_ARGS__))
#endif

// The vendor's `assert` as kernel_operator.h defines it (utils/debug/asc_assert.h, which
// replaces the C library's for the whole translation unit): assert(expr) or
// assert(expr, fmt, args...), a failure being a Model fault at the line (on the host a
// one-line error); nothing with NDEBUG or ASCENDC_DUMP=0, as the vendor's.
#undef assert
#if !(defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0) && !defined(NDEBUG)
#define assert(expr, ...) \
  (static_cast<bool>(expr) ? void(0) : ::asc_model::assert_failed_fmt("assert", __FILE__, __LINE__, #expr, "" __VA_ARGS__))
#else
#define assert(...)
#endif
// The vendor's ASSERT (impl/basic_api/kernel_macros.h): its CPU build's assert(x).
#ifndef ASSERT
#define ASSERT(x) assert(x)
#endif

// The vendor's kernel assertion and log (kernel_log.h): the behaviour runs
// first (usually a KERNEL_LOG), then the assertion fails.
#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior)                               \
  do {                                                               \
    if (!(cond)) {                                                   \
      behavior;                                                      \
      ::asc_model::assert_failed(__FILE__, __LINE__, "ASCENDC_ASSERT", #cond);         \
    }                                                                \
  } while (0)
#endif
#ifndef KERNEL_LOG
// Flushed at once: the line must precede a fault that follows it.
#define KERNEL_LOG(level, fmt, ...) \
  (std::printf("[" #level "] %s:%d " fmt "\n", __FILE__, __LINE__, ##__VA_ARGS__), (void)std::fflush(stdout))
#endif

// The hardware event ids (the NPU compiler's built-in `event_t`): the ids the
// examples pass to SetFlag / WaitFlag, converting to the Model's int32_t id.
enum event_t : int32_t {
  EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7,
};

// The matmul layout enums are global, as the vendor declares them (generated_enums.h);
// GetTPipePtr is global in the Model too (pipe.h).

// The core-type tests of the vendor's CPU-debug build (impl/utils/sys_macros.h):
// on the Model the core type is the running core's (g_coreType, sysvar.h).
#ifndef ASCEND_IS_AIV
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)
#endif

// The vendor's branch hints (basic_api/utils/kernel_utils_macros.h), which kernel_operator.h brings.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
