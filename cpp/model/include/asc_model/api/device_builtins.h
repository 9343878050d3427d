// Scalar builtins the vendor's compiler (bisheng) gives every AI Core source
// without a header or a namespace: min(a, b) and max(a, b) of scalars (the
// vendor's examples call them unqualified in kernel code). Templates, so a
// program's own std::min / std::max (same-typed, more specialised) still win.
#pragma once
#include <type_traits>

template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic<T>::value && std::is_arithmetic<U>::value>>
constexpr std::common_type_t<T, U> min(T a, U b) {
  using C = std::common_type_t<T, U>;
  return C(b) < C(a) ? C(b) : C(a);
}
template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic<T>::value && std::is_arithmetic<U>::value>>
constexpr std::common_type_t<T, U> max(T a, U b) {
  using C = std::common_type_t<T, U>;
  return C(a) < C(b) ? C(b) : C(a);
}
