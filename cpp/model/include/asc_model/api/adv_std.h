// AscendC::Std: the vendor's kernel-side subset of the C++ standard library
// (include/utils/std/{type_traits,utility,tuple,algorithm}.h): type traits,
// forward / move / declval, integer sequences, tuple, min / max. Compile-time
// only: no Call, nothing reaches the Model's cores.
//
// Semantics as the vendor's (impl/utils/std/**), where they differ from the
// host's std: is_floating_point also holds for half (not for bfloat16_t);
// is_integral also holds for an integral_constant; is_pointer ignores cv on the
// pointer itself; the traits derive from Std::integral_constant.
#pragma once
#include <cstddef>
#include <functional>
#include <type_traits>
#include <utility>
#include "asc_model/dtypes.h"

namespace AscendC {
namespace Std {

// integral_constant and its names
template <typename Tp, Tp v>
struct integral_constant {
  static constexpr const Tp value = v;
  using value_type = Tp;
  using type = integral_constant;
  constexpr operator value_type() const noexcept { return value; }
  constexpr value_type operator()() const noexcept { return value; }
};
using true_type = integral_constant<bool, true>;
using false_type = integral_constant<bool, false>;
template <bool b>
using bool_constant = integral_constant<bool, b>;
template <size_t v>
using Int = integral_constant<size_t, v>;

// enable_if, conditional
template <bool, typename Tp = void>
struct enable_if {};
template <typename Tp>
struct enable_if<true, Tp> {
  using type = Tp;
};
template <bool Bp, typename Tp = void>
using enable_if_t = typename enable_if<Bp, Tp>::type;

template <bool Bp, typename If, typename Then>
struct conditional {
  using type = If;
};
template <typename If, typename Then>
struct conditional<false, If, Then> {
  using type = Then;
};
template <bool Bp, typename If, typename Then>
using conditional_t = typename conditional<Bp, If, Then>::type;

// is_same
template <typename TP, typename Up>
struct is_same : public false_type {};
template <typename TP>
struct is_same<TP, TP> : public true_type {};
template <typename TP, typename Up>
constexpr bool is_same_v = is_same<TP, Up>::value;

// remove_* / add_*
template <typename Tp>
struct remove_const {
  using type = Tp;
};
template <typename Tp>
struct remove_const<const Tp> {
  using type = Tp;
};
template <typename Tp>
using remove_const_t = typename remove_const<Tp>::type;

template <typename Tp>
struct remove_volatile {
  using type = Tp;
};
template <typename Tp>
struct remove_volatile<volatile Tp> {
  using type = Tp;
};
template <typename Tp>
using remove_volatile_t = typename remove_volatile<Tp>::type;

template <typename Tp>
struct remove_cv {
  using type = remove_volatile_t<remove_const_t<Tp>>;
};
template <typename Tp>
using remove_cv_t = typename remove_cv<Tp>::type;

template <typename Tp>
struct remove_reference {
  using type = Tp;
};
template <typename Tp>
struct remove_reference<Tp&> {
  using type = Tp;
};
template <typename Tp>
struct remove_reference<Tp&&> {
  using type = Tp;
};
template <typename Tp>
using remove_reference_t = typename remove_reference<Tp>::type;

template <typename Tp>
struct remove_cvref {
  using type = remove_cv_t<remove_reference_t<Tp>>;
};
template <typename Tp>
using remove_cvref_t = typename remove_cvref<Tp>::type;

template <typename Tp>
struct remove_pointer {
  using type = Tp;
};
template <typename Tp>
struct remove_pointer<Tp*> {
  using type = Tp;
};
template <typename Tp>
struct remove_pointer<Tp* const> {
  using type = Tp;
};
template <typename Tp>
struct remove_pointer<Tp* volatile> {
  using type = Tp;
};
template <typename Tp>
struct remove_pointer<Tp* const volatile> {
  using type = Tp;
};
template <typename Tp>
using remove_pointer_t = typename remove_pointer<Tp>::type;

template <typename Tp>
struct remove_extent {
  using type = Tp;
};
template <typename Tp>
struct remove_extent<Tp[]> {
  using type = Tp;
};
template <typename Tp, size_t Np>
struct remove_extent<Tp[Np]> {
  using type = Tp;
};
template <typename Tp>
using remove_extent_t = typename remove_extent<Tp>::type;

template <typename Tp>
struct add_const {
  using type = const Tp;
};
template <typename Tp>
using add_const_t = typename add_const<Tp>::type;
template <typename Tp>
struct add_volatile {
  using type = volatile Tp;
};
template <typename Tp>
using add_volatile_t = typename add_volatile<Tp>::type;
template <typename Tp>
struct add_cv {
  using type = const volatile Tp;
};
template <typename Tp>
using add_cv_t = typename add_cv<Tp>::type;

// A type one can form a reference to (not void, not a function type with cv or
// ref qualifiers): the host's add_*_reference already leave the others alone.
template <typename Tp>
struct is_referenceable : bool_constant<!std::is_same_v<std::add_lvalue_reference_t<Tp>, Tp> ||
                                        std::is_reference_v<Tp>> {};
template <typename Tp>
struct add_lvalue_reference {
  using type = std::add_lvalue_reference_t<Tp>;
};
template <typename Tp>
using add_lvalue_reference_t = typename add_lvalue_reference<Tp>::type;
template <typename Tp>
struct add_rvalue_reference {
  using type = std::add_rvalue_reference_t<Tp>;
};
template <typename Tp>
using add_rvalue_reference_t = typename add_rvalue_reference<Tp>::type;
template <typename Tp>
struct add_pointer {
  using type = std::add_pointer_t<Tp>;
};
template <typename Tp>
using add_pointer_t = typename add_pointer<Tp>::type;

template <typename Tp>
struct decay {
  using type = std::decay_t<Tp>;
};
template <typename Tp>
using decay_t = typename decay<Tp>::type;

// is_* (primary categories and properties)
template <typename Tp>
struct is_void : public is_same<remove_cv_t<Tp>, void> {};
template <typename Tp>
constexpr bool is_void_v = is_void<Tp>::value;

template <typename T>
struct is_integral
    : bool_constant<std::is_integral_v<T> && !std::is_same_v<remove_cv_t<T>, wchar_t> &&
                    !std::is_same_v<remove_cv_t<T>, char16_t> && !std::is_same_v<remove_cv_t<T>, char32_t>> {};
template <typename T, T v>
struct is_integral<integral_constant<T, v>> : true_type {};
template <typename T>
constexpr bool is_integral_v = is_integral<T>::value;

template <typename T>
struct is_floating_point
    : bool_constant<std::is_floating_point_v<T> || std::is_same_v<remove_cv_t<T>, half>> {};
template <typename Tp>
constexpr bool is_floating_point_v = is_floating_point<Tp>::value;

template <typename Tp>
struct is_array : public false_type {};
template <typename Tp>
struct is_array<Tp[]> : public true_type {};
template <typename Tp, size_t Np>
struct is_array<Tp[Np]> : public true_type {};
template <typename Tp>
constexpr bool is_array_v = is_array<Tp>::value;

template <typename Tp>
struct is_pointer : public bool_constant<std::is_pointer_v<Tp>> {};
template <typename Tp>
constexpr bool is_pointer_v = is_pointer<Tp>::value;

template <typename Tp>
struct is_lvalue_reference : public false_type {};
template <typename Tp>
struct is_lvalue_reference<Tp&> : public true_type {};
template <typename Tp>
struct is_rvalue_reference : public false_type {};
template <typename Tp>
struct is_rvalue_reference<Tp&&> : public true_type {};
template <typename Tp>
struct is_reference : public false_type {};
template <typename Tp>
struct is_reference<Tp&> : public true_type {};
template <typename Tp>
struct is_reference<Tp&&> : public true_type {};
template <typename Tp>
constexpr bool is_lvalue_reference_v = is_lvalue_reference<Tp>::value;
template <typename Tp>
constexpr bool is_rvalue_reference_v = is_rvalue_reference<Tp>::value;
template <typename Tp>
constexpr bool is_reference_v = is_reference<Tp>::value;

template <typename Tp>
struct is_const : public false_type {};
template <typename Tp>
struct is_const<Tp const> : public true_type {};
template <typename Tp>
constexpr bool is_const_v = is_const<Tp>::value;

template <typename T>
struct is_function : public bool_constant<std::is_function_v<T>> {};
template <typename Tp>
constexpr bool is_function_v = is_function<Tp>::value;
template <typename Tp>
struct is_union : bool_constant<std::is_union_v<Tp>> {};
template <typename Tp>
constexpr bool is_union_v = is_union<Tp>::value;
template <typename Tp>
struct is_class : bool_constant<std::is_class_v<Tp>> {};
template <typename Tp>
constexpr bool is_class_v = is_class<Tp>::value;
template <typename From, typename To>
struct is_convertible : bool_constant<std::is_convertible_v<From, To>> {};
template <typename From, typename To>
constexpr bool is_convertible_v = is_convertible<From, To>::value;
template <typename Base, typename Derived>
struct is_base_of : bool_constant<std::is_base_of_v<Base, Derived>> {};
template <typename Base, typename Derived>
constexpr bool is_base_of_v = is_base_of<Base, Derived>::value;

template <typename T, typename... Args>
struct is_one_of : public bool_constant<(std::is_same_v<T, Args> || ...)> {};
template <typename T, typename... Args>
inline constexpr bool is_one_of_v = is_one_of<T, Args...>::value;

// utility
template <typename Tp>
constexpr Tp&& forward(remove_reference_t<Tp>& t) noexcept {
  return static_cast<Tp&&>(t);
}
template <typename Tp>
constexpr Tp&& forward(remove_reference_t<Tp>&& t) noexcept {
  static_assert(!is_lvalue_reference<Tp>::value, "cannot forward an rvalue as an lvalue");
  return static_cast<Tp&&>(t);
}
template <typename Tp>
constexpr remove_reference_t<Tp>&& move(Tp&& t) noexcept {
  return static_cast<remove_reference_t<Tp>&&>(t);
}
template <typename T>
typename add_rvalue_reference<T>::type declval() noexcept;

template <class T, T... Ns>
struct IntegerSequence {
  using type = IntegerSequence;
  using valueType = T;
  static_assert(sizeof...(Ns) <= 64, "Std::index_sequence size must be within [0,64].");
  static constexpr size_t size() { return sizeof...(Ns); }
};
namespace detail_seq {
template <class T, class S>
struct From;
template <class T, T... Ns>
struct From<T, std::integer_sequence<T, Ns...>> {
  using type = IntegerSequence<T, Ns...>;
};
}  // namespace detail_seq
template <class T, T N>
using MakeIntegerSequence = typename detail_seq::From<T, std::make_integer_sequence<T, N>>::type;
template <size_t... Idx>
using index_sequence = IntegerSequence<size_t, Idx...>;
template <size_t N>
using make_index_sequence = MakeIntegerSequence<size_t, N>;

// algorithm
template <typename T, typename U>
constexpr auto min(const T& src0, const U& src1) {
  return (src0 < src1) ? src0 : src1;
}
template <typename T, typename U>
constexpr auto max(const T& src0, const U& src1) {
  return (src0 > src1) ? src0 : src1;
}

// tuple: a head element and the tuple of the rest, as the vendor lays it out.
template <typename... Tps>
class tuple;
template <>
class tuple<> {};
template <typename Tp, typename... Tps>
class tuple<Tp, Tps...> : public tuple<Tps...> {
 public:
  tuple() : tuple<Tps...>(), value() {}
  tuple(const Tp& val, const Tps&... params) : tuple<Tps...>(params...), value(val) {}
  template <typename Up, typename... Ups,
            std::enable_if_t<sizeof...(Ups) == sizeof...(Tps) &&
                                 !std::is_same_v<std::decay_t<Up>, tuple<Tp, Tps...>>, int> = 0>
  tuple(Up&& val, Ups&&... params)
      : tuple<Tps...>(std::forward<Ups>(params)...), value(std::forward<Up>(val)) {}
  Tp& GetValue() noexcept { return value; }
  const Tp& GetValue() const noexcept { return value; }
  template <typename Head, typename... Args>
  tuple<Tp, Tps...>& operator=(const tuple<Head, Args...>& t) {
    value = t.GetValue();
    static_cast<tuple<Tps...>&>(*this) = static_cast<const tuple<Args...>&>(t);
    return *this;
  }

 private:
  template <typename...>
  friend class tuple;
  Tp value;
};

template <typename... Tps>
struct tuple_size;
template <typename... Tps>
struct tuple_size<tuple<Tps...>> : integral_constant<size_t, sizeof...(Tps)> {};
template <typename T>
struct tuple_size<const T> : public integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
struct tuple_size<volatile T> : public integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
struct tuple_size<const volatile T> : public integral_constant<size_t, tuple_size<T>::value> {};
template <typename T>
constexpr size_t tuple_size_v = tuple_size<T>::value;

template <size_t N, typename... Tps>
struct tuple_element;
template <size_t N, typename Tp, typename... Tps>
struct tuple_element<N, tuple<Tp, Tps...>> : public tuple_element<N - 1, tuple<Tps...>> {};
template <typename Tp, typename... Tps>
struct tuple_element<0, tuple<Tp, Tps...>> {
  using type = Tp;
  using tuple_t = tuple<Tp, Tps...>;
};
template <size_t N, typename T>
struct tuple_element<N, const T> {
  using type = std::add_const_t<typename tuple_element<N, T>::type>;
};
template <size_t N, typename T>
struct tuple_element<N, volatile T> {
  using type = std::add_volatile_t<typename tuple_element<N, T>::type>;
};
template <size_t N, typename T>
struct tuple_element<N, const volatile T> {
  using type = std::add_cv_t<typename tuple_element<N, T>::type>;
};

template <typename T>
struct unwrap_refwrapper {
  using type = T;
};
template <typename T>
struct unwrap_refwrapper<std::reference_wrapper<T>> {
  using type = T&;
};
template <typename T>
using unwrap_decay_t = typename unwrap_refwrapper<decay_t<T>>::type;

template <typename... Tps>
constexpr tuple<unwrap_decay_t<Tps>...> make_tuple(Tps&&... args) {
  return tuple<unwrap_decay_t<Tps>...>(Std::forward<Tps>(args)...);
}
template <typename... Tps>
constexpr tuple<Tps&...> tie(Tps&... args) noexcept {
  return tuple<Tps&...>(args...);
}

template <size_t N, typename... Tps>
typename tuple_element<N, tuple<Tps...>>::type& get(tuple<Tps...>& t) noexcept {
  using Owner = typename tuple_element<N, tuple<Tps...>>::tuple_t;
  return static_cast<Owner&>(t).GetValue();
}
template <size_t N, typename... Tps>
const typename tuple_element<N, tuple<Tps...>>::type& get(const tuple<Tps...>& t) noexcept {
  using Owner = typename tuple_element<N, tuple<Tps...>>::tuple_t;
  return static_cast<const Owner&>(t).GetValue();
}
template <size_t N, typename... Tps>
typename tuple_element<N, tuple<Tps...>>::type&& get(tuple<Tps...>&& t) noexcept {
  using Owner = typename tuple_element<N, tuple<Tps...>>::tuple_t;
  using E = typename tuple_element<N, tuple<Tps...>>::type;
  return static_cast<E&&>(static_cast<Owner&>(t).GetValue());
}
template <size_t N, typename... Tps>
const typename tuple_element<N, tuple<Tps...>>::type&& get(const tuple<Tps...>&& t) noexcept {
  using Owner = typename tuple_element<N, tuple<Tps...>>::tuple_t;
  using E = typename tuple_element<N, tuple<Tps...>>::type;
  return static_cast<const E&&>(static_cast<const Owner&>(t).GetValue());
}

template <typename T>
struct is_tuple : false_type {};
template <typename... Tps>
struct is_tuple<tuple<Tps...>> : true_type {};
template <typename T>
constexpr bool is_tuple_v = is_tuple<T>::value;

}  // namespace Std
}  // namespace AscendC
