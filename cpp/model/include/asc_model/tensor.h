// GlobalTensor<T> and LocalTensor<T>: typed views. They hold addresses only;
// every data access goes through a Call (call.h) or the checked scalar
// accessors below, so bounds are always checked.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include "asc_model/core.h"
#include "asc_model/dtypes.h"
#include "asc_model/enums.h"
#include "asc_model/structs.h"

#ifndef __gm__
#define __gm__
#endif

namespace asc_model {

// Which physical memory a logical position lives in (hardware.md). CO2 is the
// fixpipe's output side; a LocalTensor there is modelled in UB.
inline Mem mem_of(AscendC::TPosition p) {
  using P = AscendC::TPosition;
  switch (p) {
    case P::VECIN: case P::VECOUT: case P::VECCALC: case P::CO2: return Mem::UB;
    case P::A1: case P::B1: case P::C1: case P::TSCM: case P::SPM: return Mem::L1;  // SPM: SHM
    case P::C2PIPE2GM: return Mem::FB;  // the fixpipe's buffer (the vendor's GetPhyType: FIXBUF)
    case P::A2: return Mem::L0A;
    case P::B2: return Mem::L0B;
    case P::CO1: return Mem::L0C;
    case P::C2: return Mem::BT;
    case P::GM: return Mem::GM;
    default: return Mem::UB;
  }
}

// Scalar (PIPE_S) reads and writes of a single element, checked like any call.
template <class T>
T scalar_get(const char* api, const TensorRef& r, uint64_t idx, const char* file, int line);
template <class T>
void scalar_set(const char* api, const TensorRef& r, uint64_t idx, T v, const char* file, int line);

// A view of int4b_t elements starts on a byte: the vendor's GetPhyAddr asserts an even
// offset ("The offset for int4b_t GetPhyAddr should be an even num") and its operator[]
// drops the half byte of an odd one, so the Model refuses it where the view is made.
template <class T>
inline void check_elem_offset(const char* api, uint64_t off, const char* file, int line) {
  if constexpr (is_int4_v<T>)
    if (off % 2)
      current_core().fault(file, line, api,
                           "int4b_t offset %llu is odd: two int4b_t share a byte and a tensor starts on a byte",
                           (unsigned long long)off);
}

}  // namespace asc_model

namespace AscendC {

// The vendor's aliases (impl/basic_api/kernel_tensor_base.h): an event id as
// TPipe::FetchEventID / AllocEventID return it, and a queue's tag.
using TEventID = int8_t;
using TTagType = int32_t;


template <class T>
class GlobalTensor {
 public:
  using PrimType = T;
  GlobalTensor() = default;

  void SetGlobalBuffer(__gm__ T* p, uint64_t size = 0) { ptr_ = p; size_ = size; }
  GlobalTensor operator[](uint64_t off) const {
    asc_model::check_elem_offset<T>("GlobalTensor::operator[]", off, __FILE__, __LINE__);
    GlobalTensor g;
    g.ptr_ = ptr_ + asc_model::elems_bytes<T>(off) / sizeof(T);
    g.size_ = size_ > off ? size_ - off : 0;
    g.shape_ = shape_;
    g.cache_mode_ = cache_mode_;
    return g;
  }
  T GetValue(uint64_t i, ASC_LOC_PARAMS) const {
    return asc_model::scalar_get<T>("GetValue", ref(), i, ASC_LOC);
  }
  void SetValue(uint64_t i, T v, ASC_LOC_PARAMS) {
    asc_model::scalar_set<T>("SetValue", ref(), i, v, ASC_LOC);
  }
  __gm__ T* GetPhyAddr() const { return ptr_; }
  __gm__ T* GetPhyAddr(uint64_t off, ASC_LOC_PARAMS) const {
    asc_model::check_elem_offset<T>("GetPhyAddr", off, ASC_LOC);
    return ptr_ + asc_model::elems_bytes<T>(off) / sizeof(T);
  }
  uint64_t GetSize() const { return size_; }
  template <CacheRwMode rw = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) { cache_mode_ = mode; }
  void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  ShapeInfo GetShapeInfo() const { return shape_; }

  asc_model::TensorRef ref() const {
    return {asc_model::Mem::GM, reinterpret_cast<uint64_t>(ptr_), asc_model::elems_bytes<T>(size_), int32_t(cache_mode_), -1,
            asc_model::type_name<T>()};
  }

 private:
  T* ptr_ = nullptr;
  uint64_t size_ = 0;  // elements; 0 = not given (only the GM region bounds apply)
  ShapeInfo shape_{};
  CacheMode cache_mode_ = CacheMode::CACHE_MODE_NORMAL;
};

template <class T> class SymbolOverrideAdd;
template <class T> class SymbolOverrideSub;
template <class T> class SymbolOverrideMul;
template <class T> class SymbolOverrideDiv;
template <class T> class SymbolOverrideOr;
template <class T> class SymbolOverrideAnd;
template <class T> class SymbolOverrideCompare;

template <class T>
class LocalTensor {
 public:
  using PrimType = T;
  LocalTensor() = default;
  // (position, byte address, length in elements): the emitter's explicit form.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tile_size, ASC_LOC_PARAMS)
      : pos_(pos), addr_(addr), bytes_(asc_model::elems_bytes<T>(tile_size)) {
    check_placement("LocalTensor", ASC_LOC);
  }
  // (byte address) in VECCALC; length unknown until SetSize/SetBufferLen, so
  // the extent is "to the end of UB" for the checks.
  explicit LocalTensor(uint32_t addr, ASC_LOC_PARAMS) : pos_(TPosition::VECCALC), addr_(addr) {
    auto& c = asc_model::current_core();
    uint64_t sz = c.mem_size(asc_model::Mem::UB);
    bytes_ = addr < sz ? sz - addr : 0;
    check_placement("LocalTensor", ASC_LOC);
  }

  LocalTensor operator[](uint64_t off) const {
    asc_model::check_elem_offset<T>("LocalTensor::operator[]", off, __FILE__, __LINE__);
    LocalTensor t = *this;
    uint64_t b = asc_model::elems_bytes<T>(off);
    t.addr_ = addr_ + b;
    t.bytes_ = bytes_ > b ? bytes_ - b : 0;
    return t;
  }
  T GetValue(uint64_t i, ASC_LOC_PARAMS) const {
    return asc_model::scalar_get<T>("GetValue", ref(), i, ASC_LOC);
  }
  template <class S>  // the vendor's SetValue<S>(index, S value)
  void SetValue(uint64_t i, S v, ASC_LOC_PARAMS) const {
    asc_model::scalar_set<T>("SetValue", ref(), i, T(v), ASC_LOC);
  }
  // Vendor semantics: GetSize = elements, GetLength = bytes.
  uint32_t GetLength() const { return static_cast<uint32_t>(bytes_); }
  uint32_t GetSize() const { return static_cast<uint32_t>(asc_model::bytes_elems<T>(bytes_)); }
  // int4b_t: the vendor keeps n / 2 bytes (an odd n loses its last element).
  void SetSize(uint32_t n) { bytes_ = asc_model::is_int4_v<T> ? n / 2 : uint64_t(n) * sizeof(T); }
  void SetBufferLen(uint32_t nbytes) { bytes_ = nbytes; }
  uint64_t GetPhyAddr() const { return addr_; }
  uint64_t GetPhyAddr(uint64_t off, ASC_LOC_PARAMS) const {
    asc_model::check_elem_offset<T>("GetPhyAddr", off, ASC_LOC);
    return addr_ + asc_model::elems_bytes<T>(off);
  }
  asc_model::EnumArg<TPosition> GetPosition() const { return pos_; }
  void SetUserTag(int32_t tag) { tag_ = tag; }
  int32_t GetUserTag() const { return tag_; }
  template <class U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> t;
    t.set_raw(pos_, addr_, bytes_, tag_);
    return t;
  }
  template <class U>
  void SetAddrWithOffset(LocalTensor<U>& src, uint32_t off, ASC_LOC_PARAMS) {  // the vendor's (deprecated) signature
    asc_model::check_elem_offset<U>("SetAddrWithOffset", off, ASC_LOC);
    uint64_t b = asc_model::elems_bytes<U>(off);
    pos_ = src.position();
    addr_ = src.GetPhyAddr() + b;
    bytes_ = src.GetLength() > b ? src.GetLength() - b : 0;
  }
  void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  ShapeInfo GetShapeInfo() const { return shape_; }
  // The vendor's operator overloads (`dst = a + b;` is Add(dst, a, b, dst.GetSize()),
  // `mask = a < b;` Compare over a.GetSize()): api/symbol_override.h.
  void operator=(const SymbolOverrideAdd<T>& e);
  void operator=(const SymbolOverrideSub<T>& e);
  void operator=(const SymbolOverrideMul<T>& e);
  void operator=(const SymbolOverrideDiv<T>& e);
  void operator=(const SymbolOverrideOr<T>& e);
  void operator=(const SymbolOverrideAnd<T>& e);
  void operator=(const SymbolOverrideCompare<float>& e);
  void operator=(const SymbolOverrideCompare<half>& e);
  SymbolOverrideAdd<T> operator+(const LocalTensor<T>& src1) const;
  SymbolOverrideSub<T> operator-(const LocalTensor<T>& src1) const;
  SymbolOverrideMul<T> operator*(const LocalTensor<T>& src1) const;
  SymbolOverrideDiv<T> operator/(const LocalTensor<T>& src1) const;
  SymbolOverrideOr<T> operator|(const LocalTensor<T>& src1) const;
  SymbolOverrideAnd<T> operator&(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator<(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator>(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator!=(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator==(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator<=(const LocalTensor<T>& src1) const;
  SymbolOverrideCompare<T> operator>=(const LocalTensor<T>& src1) const;
  void Print(uint32_t n, ASC_LOC_PARAMS) const;            // debug.h
  void Print(ASC_LOC_PARAMS) const { Print(GetSize(), ASC_LOC); }
  // The vendor declares Print and ToFile for its CPU debug build only (ASCENDC_CPU_DEBUG,
  // kernel_tensor.h): the Model is a CPU build and has them (asc.tools.vendor_decls: "CPU debug only").
  int32_t ToFile(const std::string& name, ASC_LOC_PARAMS) const;  // debug.h; 0 when written

  // Model internals (not Ascend C API).
  TPosition position() const { return pos_; }
  asc_model::Mem mem() const { return asc_model::mem_of(pos_); }
  asc_model::TensorRef ref() const { return {mem(), addr_, bytes_, 0, int32_t(pos_), asc_model::type_name<T>()}; }
  void set_raw(TPosition p, uint64_t addr, uint64_t bytes, int32_t tag = 0) {
    pos_ = p; addr_ = addr; bytes_ = bytes; tag_ = tag;
  }

 private:
  void check_placement(const char* api, const char* file, int line) const {
    auto& c = asc_model::current_core();
    asc_model::Mem m = mem();
    if (addr_ % c.mem_align(m) != 0)
      c.fault(file, line, api, "address %llu in %s is not %u-byte aligned", (unsigned long long)addr_,
              asc_model::mem_name(m), c.mem_align(m));
    if (addr_ + bytes_ > c.mem_size(m))
      c.fault(file, line, api, "tensor %s [%llu, %llu) beyond %s size %llu", asc_model::mem_name(m),
              (unsigned long long)addr_, (unsigned long long)(addr_ + bytes_), asc_model::mem_name(m),
              (unsigned long long)c.mem_size(m));
  }

  TPosition pos_ = TPosition::VECCALC;
  uint64_t addr_ = 0;
  uint64_t bytes_ = 0;
  int32_t tag_ = 0;
  ShapeInfo shape_{};
};

}  // namespace AscendC

namespace asc_model {
// The same bytes as int8_t elements: the vendor moves int4b_t data as int8_t where the
// instruction only copies bytes (DataCopy with Nd2NzParams casts its pointers to int8_t),
// so the caller's parameters then count bytes, as they do on the device.
template <class T>
AscendC::LocalTensor<int8_t> as_int8(const AscendC::LocalTensor<T>& t) {
  return t.template ReinterpretCast<int8_t>();
}
template <class T>
AscendC::GlobalTensor<int8_t> as_int8(const AscendC::GlobalTensor<T>& t) {
  AscendC::GlobalTensor<int8_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(t.GetPhyAddr()), elems_bytes<T>(t.GetSize()));
  return g;
}
}  // namespace asc_model
