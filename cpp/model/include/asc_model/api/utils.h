// Small vendor utilities C++ kernels use beside the computing APIs: the
// QuePosition alias, compile-time type tests, ceiling division, block-size
// constants, DisableDmaAtomic and the dcache-bypassing GM scalar accesses.
// Names and semantics from the vendor's headers (kernel_event.h,
// kernel_utils_*.h, kernel_operator_{scalar,set_atomic}_intf.h).
#pragma once
#include <cstdint>
#include <type_traits>
#include "asc_model/api/misc.h"
#include "asc_model/tensor.h"

namespace AscendC {

using QuePosition = TPosition;

template <class T, class U>
struct IsSameType : std::false_type {};
template <class T>
struct IsSameType<T, T> : std::true_type {};

// ceil(a / b); 0 when b is 0 (the vendor's DivCeil guards the division too).
template <class T, class U>
constexpr auto DivCeil(T a, U b) -> decltype(a / b) {
  return b == 0 ? decltype(a / b)(0) : (a + b - 1) / b;
}
template <class T, class U>
constexpr auto CeilDivision(T a, U b) -> decltype(a / b) {
  return DivCeil(a, b);
}

constexpr uint32_t ONE_BLK_SIZE = 32;        // bytes of one data block
constexpr uint32_t DEFAULT_C0_SIZE = 32;     // bytes of a fractal row (C0)
constexpr uint32_t BLOCK_CUBE = 16;          // rows/cols of a 16-bit fractal
constexpr uint32_t ONE_REPEAT_BYTE_SIZE = 256;

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
