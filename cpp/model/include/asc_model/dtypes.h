// half (IEEE binary16) and bfloat16_t as host classes. Storage is the exact
// device bit pattern, so numpy float16 / bfloat16 arrays are used in place.
// Conversion from float rounds to nearest even; arithmetic goes through float
// (one rounding per operation, like the device's fp16 units).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace asc_model {

inline uint32_t f32_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float bits_f32(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

inline uint16_t f32_to_f16(float f) {
  uint32_t x = f32_bits(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xFFu;
  uint32_t man = x & 0x7FFFFFu;
  if (exp == 0xFF) return static_cast<uint16_t>(sign | 0x7C00u | (man ? 0x200u | (man >> 13) : 0));
  int32_t e = static_cast<int32_t>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00u);  // overflow -> inf
  if (e <= 0) {                                               // subnormal or zero
    if (e < -10) return static_cast<uint16_t>(sign);
    man |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half_man = man >> shift;
    uint32_t rem = man & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (half_man & 1))) ++half_man;
    return static_cast<uint16_t>(sign | half_man);
  }
  uint32_t h = sign | (static_cast<uint32_t>(e) << 10) | (man >> 13);
  uint32_t rem = man & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) ++h;  // carry may reach inf: correct
  return static_cast<uint16_t>(h);
}

inline float f16_to_f32(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t man = h & 0x3FFu;
  if (exp == 0) {
    if (man == 0) return bits_f32(sign);
    float v = static_cast<float>(man) * (1.0f / 16777216.0f);  // man * 2^-24
    return sign ? -v : v;
  }
  if (exp == 31) return bits_f32(sign | 0x7F800000u | (man << 13));
  return bits_f32(sign | ((exp - 15 + 127) << 23) | (man << 13));
}

inline uint16_t f32_to_bf16(float f) {
  uint32_t x = f32_bits(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN
  uint32_t lsb = (x >> 16) & 1u;
  x += 0x7FFFu + lsb;
  return static_cast<uint16_t>(x >> 16);
}
inline float bf16_to_f32(uint16_t b) { return bits_f32(static_cast<uint32_t>(b) << 16); }

// Both 16-bit float classes share this template; Tag picks the encoding.
template <class Tag>
struct Float16 {
  uint16_t bits = 0;
  Float16() = default;
  template <class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>
  Float16(U v) : bits(Tag::from(static_cast<float>(v))) {}
  operator float() const { return Tag::to(bits); }
  static Float16 from_bits(uint16_t b) { Float16 h; h.bits = b; return h; }

  Float16& operator+=(Float16 o) { return *this = Float16(float(*this) + float(o)); }
  Float16& operator-=(Float16 o) { return *this = Float16(float(*this) - float(o)); }
  Float16& operator*=(Float16 o) { return *this = Float16(float(*this) * float(o)); }
  Float16& operator/=(Float16 o) { return *this = Float16(float(*this) / float(o)); }
  Float16 operator-() const { return from_bits(static_cast<uint16_t>(bits ^ 0x8000u)); }
  Float16 operator+() const { return *this; }
};

struct HalfTag {
  static uint16_t from(float f) { return f32_to_f16(f); }
  static float to(uint16_t b) { return f16_to_f32(b); }
};
struct BF16Tag {
  static uint16_t from(float f) { return f32_to_bf16(f); }
  static float to(uint16_t b) { return bf16_to_f32(b); }
};

// Same-type operators return the 16-bit type; mixed with a builtin number
// they promote to float (templates win over the builtin candidates, which
// would need a user conversion, so nothing is ambiguous).
#define ASC_F16_BINOP(op)                                                                      \
  template <class Tag>                                                                         \
  inline Float16<Tag> operator op(Float16<Tag> a, Float16<Tag> b) {                             \
    return Float16<Tag>(float(a) op float(b));                                                 \
  }                                                                                            \
  template <class Tag, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>            \
  inline auto operator op(Float16<Tag> a, U b) { return float(a) op static_cast<float>(b); }   \
  template <class Tag, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>            \
  inline auto operator op(U a, Float16<Tag> b) { return static_cast<float>(a) op float(b); }
ASC_F16_BINOP(+)
ASC_F16_BINOP(-)
ASC_F16_BINOP(*)
ASC_F16_BINOP(/)
#undef ASC_F16_BINOP

#define ASC_F16_CMP(op)                                                                        \
  template <class Tag>                                                                         \
  inline bool operator op(Float16<Tag> a, Float16<Tag> b) { return float(a) op float(b); }     \
  template <class Tag, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>            \
  inline bool operator op(Float16<Tag> a, U b) { return float(a) op static_cast<float>(b); }   \
  template <class Tag, class U, class = std::enable_if_t<std::is_arithmetic_v<U>>>            \
  inline bool operator op(U a, Float16<Tag> b) { return static_cast<float>(a) op float(b); }
ASC_F16_CMP(==)
ASC_F16_CMP(!=)
ASC_F16_CMP(<)
ASC_F16_CMP(<=)
ASC_F16_CMP(>)
ASC_F16_CMP(>=)
#undef ASC_F16_CMP

// Element type names for messages and DumpTensor.
template <class T> inline const char* type_name() { return "?"; }

}  // namespace asc_model

using half = asc_model::Float16<asc_model::HalfTag>;
using bfloat16_t = asc_model::Float16<asc_model::BF16Tag>;
static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "16-bit float layout");

namespace asc_model {
template <> inline const char* type_name<half>() { return "half"; }
template <> inline const char* type_name<bfloat16_t>() { return "bfloat16_t"; }
template <> inline const char* type_name<float>() { return "float"; }
template <> inline const char* type_name<double>() { return "double"; }
template <> inline const char* type_name<int8_t>() { return "int8_t"; }
template <> inline const char* type_name<uint8_t>() { return "uint8_t"; }
template <> inline const char* type_name<int16_t>() { return "int16_t"; }
template <> inline const char* type_name<uint16_t>() { return "uint16_t"; }
template <> inline const char* type_name<int32_t>() { return "int32_t"; }
template <> inline const char* type_name<uint32_t>() { return "uint32_t"; }
template <> inline const char* type_name<int64_t>() { return "int64_t"; }
template <> inline const char* type_name<uint64_t>() { return "uint64_t"; }
}  // namespace asc_model

// The vendor's sub-byte integer (impl/utils/common_types.h): one byte of storage holding the
// low bit_num bits; it reads back sign-extended. Tensors pack two int4b_t per byte, element 2i
// in the low nibble of byte i and 2i+1 in the high one, so a tensor of int4b_t counts elements
// in half bytes (asc_model::elems_bytes below); sizeof(int4b_t) is still 1, as the vendor's.
constexpr uint32_t INT4_BIT_NUM = 4;

template <int bit_num, bool sign = true>
struct integer_sub_type {
  static int const k_bits = bit_num;
  static bool const k_signed = sign;
  using T = std::conditional_t<sign, int8_t, uint8_t>;
  using Storage = uint8_t;
  static Storage const mask = Storage((uint64_t(1) << uint32_t(bit_num)) - 1);
  Storage storage;

  integer_sub_type() = default;
  integer_sub_type(uint32_t value) : storage(Storage(value) & mask) {}
  integer_sub_type(int32_t value) : storage(Storage(uint32_t(value)) & mask) {}
  operator T() const {
    if (k_signed && (storage & Storage(uint64_t(1) << uint32_t(bit_num - 1))) != 0)
      return T(T(storage) | T(~mask));  // sign extension
    return T(storage);
  }
  bool operator==(integer_sub_type const& rhs) const { return storage == rhs.storage; }
  bool operator!=(integer_sub_type const& rhs) const { return storage != rhs.storage; }
  bool operator>(integer_sub_type const& rhs) const { return T(*this) > T(rhs); }
  bool operator>=(integer_sub_type const& rhs) const { return T(*this) >= T(rhs); }
  bool operator<(integer_sub_type const& rhs) const { return !(*this >= rhs); }
  bool operator<=(integer_sub_type const& rhs) const { return !(*this > rhs); }
};

using int4b_t = integer_sub_type<INT4_BIT_NUM, true>;
static_assert(sizeof(int4b_t) == 1, "int4b_t: one byte of storage, as the vendor's");

namespace AscendC {
using int4b_t = ::int4b_t;  // the vendor's kernel_utils_constants.h
constexpr uint32_t INT4_TWO = 2;  // int4b_t elements per byte
}  // namespace AscendC

namespace asc_model {
template <> inline const char* type_name<int4b_t>() { return "int4b_t"; }

template <class T> inline constexpr bool is_int4_v = std::is_same_v<T, int4b_t>;
// The bits of one element of T (the vendor's SizeOfBits).
template <class T> constexpr uint32_t elem_bits() { return is_int4_v<T> ? 4 : uint32_t(sizeof(T) * 8); }
// The bytes n elements of `bits` bits occupy (4: int4b_t, two per byte; an odd count ends
// in a half byte), and the elements in n bytes: by size, for code compiled once for every type.
constexpr uint64_t elems_bytes(uint64_t n, uint32_t bits) { return bits == 4 ? (n + 1) / 2 : n * (bits / 8); }
constexpr uint64_t bytes_elems(uint64_t n, uint32_t bits) { return bits == 4 ? n * 2 : n / (bits / 8); }
template <class T> constexpr uint64_t elems_bytes(uint64_t n) { return elems_bytes(n, elem_bits<T>()); }
template <class T> constexpr uint64_t bytes_elems(uint64_t n) { return bytes_elems(n, elem_bits<T>()); }
// Nibble i of a packed int4b_t array, sign-extended, and its store.
inline int8_t int4_load(const uint8_t* base, uint64_t i) {
  return int8_t(int4b_t(uint32_t(base[i >> 1] >> ((i & 1) * 4))));
}
inline void int4_store(uint8_t* base, uint64_t i, int4b_t v) {
  uint8_t& b = base[i >> 1];
  b = (i & 1) ? uint8_t((b & 0x0F) | (v.storage << 4)) : uint8_t((b & 0xF0) | v.storage);
}
}  // namespace asc_model
