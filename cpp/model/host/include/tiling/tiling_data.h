// The vendor's tiling-data macros (register/tilingdata_base.h) on the Model:
// BEGIN_TILING_DATA_DEF(Name) ... END_TILING_DATA_DEF declares a plain struct
// whose fields sit in declaration order with their natural alignment, the
// layout the kernel's mirror struct reads; set_<f>/get_<f> access a field,
// GetDataSize is the struct's size and SaveToBuffer copies it out.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include "securec.h"  // memcpy_s, as the vendor's register/tilingdata_base.h brings it

#define BEGIN_TILING_DATA_DEF(name) \
  struct name {                      \
    using asc_tiling_self = name;

#define TILING_DATA_FIELD_DEF(type, field)             \
  type field{};                                        \
  void set_##field(type v) { field = v; }              \
  type get_##field() const { return field; }

#define TILING_DATA_FIELD_DEF_ARR(type, count, field)                                   \
  type field[count]{};                                                                  \
  void set_##field(const type* v) { std::memcpy(field, v, sizeof(type) * (count)); }   \
  type* get_##field() { return field; }

#define TILING_DATA_FIELD_DEF_STRUCT(type, field) \
  type field{};                                   \
  type& get_##field() { return field; }

#define END_TILING_DATA_DEF                                                         \
  size_t GetDataSize() const { return sizeof(*this); }                              \
  void SaveToBuffer(void* buf, size_t cap) const {                                  \
    std::memcpy(buf, this, cap < sizeof(*this) ? cap : sizeof(*this));             \
  }                                                                                 \
  }

// Registration ties a tiling struct to an op for the graph engine; a program
// on the Model has no graph engine, so it only checks the struct exists.
#define REGISTER_TILING_DATA_CLASS(op, name) \
  static_assert(sizeof(name) > 0, "REGISTER_TILING_DATA_CLASS: " #name " is not defined");
