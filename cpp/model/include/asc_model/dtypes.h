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
