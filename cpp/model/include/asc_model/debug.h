// printf, DumpTensor, LocalTensor::Print/ToFile. Output is buffered per core
// and written after the launch in block order, each core's text under a
// device-style "DumpHead: AIV-<block>" line (the NPU also dumps after the
// kernel ends), so multi-core output is deterministic.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <tuple>
#include <type_traits>
#include "asc_model/call.h"
#include "asc_model/tensor.h"

namespace asc_model {

// The file:line of a call, from its return address (printf and the symbol overrides
// read it: their declarations leave no place for the caller's line); defined in the
// runtime (src/call_site.cpp), with its cache and addr2line, out of every kernel's TU.
std::pair<const char*, int> call_site(const void* ra);

// C varargs promotion for the model's own types.
template <class T>
auto vararg(const T& v) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) return double(float(v));
  else if constexpr (std::is_floating_point_v<T>) return double(v);
  else if constexpr (std::is_enum_v<T>) return static_cast<long long>(v);
  else return v;
}

// printf's argument: a GM address (pyasc prints one with %s) becomes the C
// string stored there, read byte by byte through the checked range, so a
// string that runs past its argument (and its padding) is the Model's fault,
// never a read of other memory. `keep` owns the copies (a deque: stable).
template <class A>
auto printf_arg(Call& op, std::deque<std::string>& keep, const A& arg) {
  using T = std::decay_t<const A&>;  // an array (a string literal) as the pointer it passes to C's printf
  const T v = arg;
  if constexpr (std::is_pointer_v<T>) {
    TensorRef r{Mem::GM, reinterpret_cast<uint64_t>(v), 0};
    std::string s;
    for (uint64_t i = 0;; ++i) {
      char c = static_cast<char>(*op.range(r, i, 1, false, false));
      if (c == 0) break;
      s += c;
    }
    keep.push_back(std::move(s));
    return keep.back().c_str();
  } else {
    return vararg(v);
  }
}

template <class T>
std::string format_elem(T v) {
  char buf[64];
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_floating_point_v<T>)
    std::snprintf(buf, sizeof buf, "%g", double(float(v)));
  else if constexpr (std::is_signed_v<T>) std::snprintf(buf, sizeof buf, "%lld", (long long)v);
  else std::snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
  return buf;
}

template <class Tensor>
void dump(const char* api, const Tensor& t, uint32_t desc, uint32_t n, const char* file, int line,
          bool with_desc) {
  using T = typename Tensor::PrimType;
  Call op(api, PIPE_S, file, line, EventKind::Print);
  const T* p = op.in(t, n, 0, false);
  op.elems(n).run();
  TensorRef r = t.ref();
  std::string s;
  if (with_desc)
    s = strprintf("DumpTensor: desc=%u, addr=%llu, data_type=%s, position=%s, dump_size=%u\n", desc,
                  (unsigned long long)(r.mem == Mem::GM ? 0 : r.addr), type_name<T>(), mem_name(r.mem), n);
  s += "[";
  for (uint32_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, p + i, sizeof(T));
    if (i) s += ", ";
    s += format_elem(v);
  }
  s += "]\n";
  op.core().print(s);
}

// DumpTensor with a ShapeInfo: the elements nested by the shape's dimensions
// (`[[1, 2, 3], [4, 5, 6]]` for shape (2, 3)); elements beyond dump_size are
// not printed, nor are elements beyond the shape's size. A ShapeInfo with no
// dimensions prints like the plain form.
template <class Tensor>
void dump_shaped(const Tensor& t, uint32_t desc, uint32_t n, const AscendC::ShapeInfo& shape,
                 const char* file, int line) {
  using T = typename Tensor::PrimType;
  Call op("DumpTensor", PIPE_S, file, line, EventKind::Print);
  if (shape.shapeDim > AscendC::K_MAX_SHAPE_DIM) op.fault("shapeDim exceeds K_MAX_SHAPE_DIM (8)");
  const T* p = op.in(t, n, 0, false);
  op.elems(n).run();
  TensorRef r = t.ref();
  std::string s = strprintf("DumpTensor: desc=%u, addr=%llu, data_type=%s, position=%s, dump_size=%u, shape=[",
                            desc, (unsigned long long)(r.mem == Mem::GM ? 0 : r.addr), type_name<T>(),
                            mem_name(r.mem), n);
  for (int d = 0; d < shape.shapeDim; ++d) s += (d ? ", " : "") + std::to_string(shape.shape[d]);
  s += "]\n";
  uint64_t size = 1;
  for (int d = 0; d < shape.shapeDim; ++d) size *= shape.shape[d];
  uint64_t count = shape.shapeDim ? std::min<uint64_t>(size, n) : n;
  // strides[d]: elements per index of dimension d
  uint64_t strides[AscendC::K_MAX_SHAPE_DIM] = {};
  uint64_t st = 1;
  for (int d = shape.shapeDim - 1; d >= 0; --d) { strides[d] = st; st *= shape.shape[d]; }
  auto opens = [&](uint64_t i) {  // dimensions starting a new row at element i
    int k = 0;
    for (int d = 0; d < shape.shapeDim; ++d) if (strides[d] && i % (strides[d] * shape.shape[d]) == 0) ++k;
    return k;
  };
  auto closes = [&](uint64_t i) {  // dimensions ending after element i
    int k = 0;
    for (int d = 0; d < shape.shapeDim; ++d) if ((i + 1) % (strides[d] * shape.shape[d]) == 0) ++k;
    return k;
  };
  if (!shape.shapeDim) s += "[";
  for (uint64_t i = 0; i < count; ++i) {
    if (i) s += ", ";
    s += std::string(shape.shapeDim ? opens(i) : 0, '[');
    T v;
    std::memcpy(&v, p + i, sizeof(T));
    s += format_elem(v);
    s += std::string(shape.shapeDim ? closes(i) : 0, ']');
  }
  if (!shape.shapeDim) s += "]";
  s += "\n";
  op.core().print(s);
}

}  // namespace asc_model

namespace AscendC {

// The vendor's declaration; the caller's line: asc_model::call_site.
template <class... Args>
__attribute__((noinline)) void printf(__gm__ const char* fmt, Args&&... args) {
  const auto at = asc_model::call_site(__builtin_return_address(0));
  asc_model::Call op("printf", PIPE_S, at.first, at.second, asc_model::EventKind::Print);
  std::deque<std::string> keep;
  auto values = std::make_tuple(asc_model::printf_arg(op, keep, args)...);  // GM strings read (checked) first
  op.run();
  char small[512];
  auto format = [&](char* buf, size_t size) {
    return std::apply([&](auto... v) { return std::snprintf(buf, size, fmt, v...); }, values);
  };
  int n = format(small, sizeof small);
  if (n < 0) op.fault("bad printf format");
  std::string s;
  if (size_t(n) < sizeof small) s.assign(small, size_t(n));
  else {
    s.resize(size_t(n) + 1);
    format(&s[0], s.size());
    s.resize(size_t(n));
  }
  if (s.empty() || s.back() != '\n') s += '\n';
  op.core().print(s);
}

template <class T>
void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize, ASC_LOC_PARAMS) {
  asc_model::dump("DumpTensor", t, desc, dumpSize, ASC_LOC, true);
}
template <class T>
void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize, ASC_LOC_PARAMS) {
  asc_model::dump("DumpTensor", t, desc, dumpSize, ASC_LOC, true);
}
template <class T>
void DumpTensor(const LocalTensor<T>& t, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape, ASC_LOC_PARAMS) {
  asc_model::dump_shaped(t, desc, dumpSize, shape, ASC_LOC);
}
template <class T>
void DumpTensor(const GlobalTensor<T>& t, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape, ASC_LOC_PARAMS) {
  asc_model::dump_shaped(t, desc, dumpSize, shape, ASC_LOC);
}
template <class T>
void DumpAccChkPoint(const LocalTensor<T>& t, uint32_t index, uint32_t countOff, uint32_t dumpSize, ASC_LOC_PARAMS) {
  asc_model::dump("DumpAccChkPoint", t[countOff], index, dumpSize, ASC_LOC, true);
}
template <class T>
void DumpAccChkPoint(const GlobalTensor<T>& t, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     ASC_LOC_PARAMS) {
  asc_model::dump("DumpAccChkPoint", t[countOff], index, dumpSize, ASC_LOC, true);
}
inline void PrintTimeStamp(uint32_t descId, ASC_LOC_PARAMS) {
  asc_model::Call op("PrintTimeStamp", PIPE_S, ASC_LOC, asc_model::EventKind::Print);
  op.run();
  op.core().print(asc_model::strprintf("TimeStamp: desc=%u, cycle=%llu\n", descId,
                                       (unsigned long long)op.core().tick()));
}

template <class T>
void LocalTensor<T>::Print(uint32_t n, const char* asc_file, int asc_line) const {
  asc_model::dump("Print", *this, 0, n, ASC_LOC, false);
}
template <class T>
int32_t LocalTensor<T>::ToFile(const std::string& name, const char* asc_file, int asc_line) const {
  asc_model::Call op("ToFile", PIPE_S, ASC_LOC, asc_model::EventKind::Print);
  const uint8_t* p = op.range(ref(), 0, GetLength(), false, false);
  op.run();
  std::FILE* f = std::fopen(name.c_str(), "wb");
  if (!f) op.fault("cannot open the output file");
  std::fwrite(p, 1, GetLength(), f);
  std::fclose(f);
  return 0;
}

}  // namespace AscendC
