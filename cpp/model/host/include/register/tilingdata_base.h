// The host tiling-data macros of Ascend C projects (CANN's register package):
//
//   BEGIN_TILING_DATA_DEF(MyTiling)
//   TILING_DATA_FIELD_DEF(uint32_t, totalLength);
//   TILING_DATA_FIELD_DEF_ARR(uint32_t, 8, lengths);
//   TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmax);
//   END_TILING_DATA_DEF;
//   REGISTER_TILING_DATA_CLASS(MyOp, MyTiling)
//
// On the Model the class is a plain struct of its fields in declaration order
// with their natural alignment, so SaveToBuffer's bytes are what a kernel
// reads through a struct declaring the same fields; set_<f>/get_<f> access
// one field. Registration (op name -> class) has nothing to do on the Model.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#define BEGIN_TILING_DATA_DEF(name)                                                  \
  class name {                                                                       \
   public:                                                                           \
    size_t GetDataSize() const { return sizeof(*this); }                             \
    void SaveToBuffer(void* data, size_t capacity) const {                           \
      std::memcpy(data, this, capacity < sizeof(*this) ? capacity : sizeof(*this));  \
    }                                                                                \
    void* GetDataPtr() { return this; }

#define TILING_DATA_FIELD_DEF(type, field)         \
  type field{};                                    \
  void set_##field(type v) { field = v; }          \
  type get_##field() const { return field; }

#define TILING_DATA_FIELD_DEF_ARR(type, count, field)                        \
  type field[count]{};                                                       \
  void set_##field(const type* v) { std::memcpy(field, v, sizeof(field)); }  \
  const type* get_##field() const { return field; }

#define TILING_DATA_FIELD_DEF_STRUCT(type, field) type field{}

#define END_TILING_DATA_DEF }

#define REGISTER_TILING_DATA_CLASS(op, cls)
