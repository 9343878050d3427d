// ListTensorDesc / TensorDesc<T>: a list of GM tensors described by one GM
// blob (CANN's dynamic inputs). Pattern: see docs/model-internals.md.
//
// Layout implemented (all words uint64_t, little endian, in GM):
//
//   word 0                     dataPtrOffset: byte offset from the blob start
//                              to the data-pointer table (a multiple of 8, >= 8)
//   words 1 .. P-1             the shape area, P = dataPtrOffset / 8; per tensor
//   (P = dataPtrOffset / 8)    i = 0, 1, ... in order: one word whose low 32
//                              bits are dim_i (1..8; the high 32 bits are
//                              reserved, ignored), then dim_i words shape_i[0..]
//   words P .. P+count-1       the data-pointer table: the GM address of tensor i
//
// count (GetSize) is the number of tensors in the shape area: when shapeSize
// is given (!= 0xFFFFFFFF) it is the number of tensors, read from the start of
// the shape area; otherwise the shape area is walked to its end (word P) and
// must end exactly there. length, when given (!= 0xFFFFFFFF), is the byte size
// of the blob: the shape area and pointer table must lie inside it. Every word
// is read through a checked range (inside a registered GM argument array).
// TensorDesc<T>: GetDim = dim, GetIndex = the index it was fetched with,
// GetShape(k) = shape[k] (k < dim), GetDataPtr = the table entry,
// GetDataObj = a GlobalTensor<T> over it with size = the product of the shape.
#pragma once
#include <cstring>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"

namespace asc_model {

constexpr uint32_t kListNoLimit = 0xFFFFFFFFu;
constexpr uint64_t kListMaxDim = 8;

// Word `w` of the GM blob at `base` (`limit` bytes when nonzero), checked.
inline uint64_t list_word(Call& op, const void* base, uint64_t limit, uint64_t w) {
  TensorRef r{Mem::GM, reinterpret_cast<uint64_t>(base), limit};
  const uint8_t* p = op.range(r, w * 8, 8, false, false);
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

}  // namespace asc_model

namespace AscendC {

template <class T>
class TensorDesc {
 public:
  using PrimType = T;
  TensorDesc() = default;
  void SetShapeAddr(__gm__ uint64_t* shapePtr, ASC_LOC_PARAMS) {
    (void)asc_file; (void)asc_line;
    shape_ = shapePtr;
  }
  uint64_t GetDim(ASC_LOC_PARAMS) const {
    asc_model::Call op("TensorDesc::GetDim", PIPE_S, ASC_LOC);
    if (!shape_) op.fault("no shape address (GetDesc or SetShapeAddr first)");
    uint64_t d = asc_model::list_word(op, shape_, 0, 0) & 0xFFFFFFFFu;
    op.elems(1).run();
    return d;
  }
  uint64_t GetIndex() const { return index_; }
  uint64_t GetShape(uint32_t offset, ASC_LOC_PARAMS) const {
    asc_model::Call op("TensorDesc::GetShape", PIPE_S, ASC_LOC);
    if (!shape_) op.fault("no shape address (GetDesc or SetShapeAddr first)");
    uint64_t d = asc_model::list_word(op, shape_, 0, 0) & 0xFFFFFFFFu;
    if (offset >= d) op.core().fault(ASC_LOC, "TensorDesc::GetShape", "offset %u: the tensor has %llu dimensions", offset, (unsigned long long)d);
    uint64_t v = asc_model::list_word(op, shape_, 0, 1 + offset);
    op.elems(1).run();
    return v;
  }
  __gm__ T* GetDataPtr() const { return data_; }
  GlobalTensor<T> GetDataObj(ASC_LOC_PARAMS) const {
    asc_model::Call op("TensorDesc::GetDataObj", PIPE_S, ASC_LOC);
    if (!shape_) op.fault("no shape address (GetDesc or SetShapeAddr first)");
    uint64_t d = asc_model::list_word(op, shape_, 0, 0) & 0xFFFFFFFFu;
    if (d > asc_model::kListMaxDim) op.core().fault(ASC_LOC, "TensorDesc::GetDataObj", "dim %llu > 8", (unsigned long long)d);
    uint64_t n = 1;
    for (uint64_t k = 0; k < d; ++k) n *= asc_model::list_word(op, shape_, 0, 1 + k);
    op.elems(1).run();
    GlobalTensor<T> g;
    g.SetGlobalBuffer(data_, n);
    return g;
  }

  // Model internals (set by ListTensorDesc::GetDesc).
  void set_raw(__gm__ uint64_t* shape, uint64_t index, __gm__ T* data) { shape_ = shape; index_ = index; data_ = data; }

 private:
  __gm__ uint64_t* shape_ = nullptr;
  uint64_t index_ = 0;
  __gm__ T* data_ = nullptr;
};

class ListTensorDesc {
 public:
  ListTensorDesc() = default;
  ListTensorDesc(__gm__ void* data, uint32_t length = 0xFFFFFFFFu, uint32_t shapeSize = 0xFFFFFFFFu, ASC_LOC_PARAMS) {
    Init(data, length, shapeSize, ASC_LOC);
  }
  // (src/api_list_tensor.cpp: compiled once into the runtime)
  void Init(__gm__ void* data, uint32_t length = 0xFFFFFFFFu, uint32_t shapeSize = 0xFFFFFFFFu, ASC_LOC_PARAMS);
  template <class T>
  void GetDesc(TensorDesc<T>& desc, uint32_t index, ASC_LOC_PARAMS) {
    asc_model::Call op("ListTensorDesc::GetDesc", PIPE_S, ASC_LOC);
    check_index(op, index);
    uint64_t p = asc_model::list_word(op, base_, limit_, table_ + index);
    op.elems(1).run();
    desc.set_raw(base_ + shapes_[index], index, reinterpret_cast<__gm__ T*>(p));
  }
  template <class T>
  __gm__ T* GetDataPtr(uint32_t index, ASC_LOC_PARAMS) {
    asc_model::Call op("ListTensorDesc::GetDataPtr", PIPE_S, ASC_LOC);
    check_index(op, index);
    uint64_t p = asc_model::list_word(op, base_, limit_, table_ + index);
    op.elems(1).run();
    return reinterpret_cast<__gm__ T*>(p);
  }
  uint32_t GetSize() const { return static_cast<uint32_t>(shapes_.size()); }

 private:
  void check_index(asc_model::Call& op, uint32_t index) const {
    if (!base_) op.fault("the ListTensorDesc has no data (Init first)");
    if (index >= shapes_.size())
      op.core().fault(op.file(), op.line(), "ListTensorDesc", "index %u: the list has %zu tensors", index, shapes_.size());
  }
  __gm__ uint64_t* base_ = nullptr;
  uint64_t limit_ = 0, table_ = 0;
  std::vector<uint32_t> shapes_;
};

}  // namespace AscendC
