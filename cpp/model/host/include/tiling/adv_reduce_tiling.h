// Host-side temporary-buffer sizes of the adv reduce APIs (the vendor's
// adv_api/reduce/reduce_tiling.h and sum_tiling.h), computed as its
// impl/adv_api/tiling/reduce/{reduce_tiling,sum_tiling}.cpp compute them for
// A2/A3 (the Model's platform): srcShape is {first, last}; isSrcInnerPad must be
// true there; AR and RA only.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;

#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
  AR = 0,
  RA = 1,
  R,
  ARA,
  ARAR,
  ARARA,
  ARARAR,
  ARARARA,
  ARARARAR,
  ARARARARA,
  RAR,
  RARA,
  RARAR,
  RARARA,
  RARARAR,
  RARARARA,
};
#endif

namespace asc_reduce_host {
inline uint32_t type_size(TensorDataType t) {
  if (t == ge::DT_FLOAT || t == ge::DT_INT32) return 4;
  if (t == ge::DT_FLOAT16) return 2;
  return 1;
}
inline uint32_t pow2_floor(uint32_t n) {
  uint32_t r = 1;
  while (n > 1) { r <<= 1; n >>= 1; }
  return r;
}
// The vendor's CheckParams (logs, goes on); returns {first, last}.
inline void check(const TensorShape& s, bool isSrcInnerPad, ReducePattern pattern, const char* api, const char* fn,
                  uint32_t& first, uint32_t& last) {
  first = uint32_t(s.GetDim(0));
  last = uint32_t(s.GetDim(1));
  if (s.GetDimNum() != 2) {
    asc_host::adv_host_log(api, fn, "srcShape dims must be 2.");
    return;
  }
  if (!isSrcInnerPad) {
    asc_host::adv_host_log(api, fn, "isSrcInnerPad must be true on this platform.");
    return;
  }
  if (pattern != ReducePattern::AR && pattern != ReducePattern::RA) {
    asc_host::adv_host_log(api, fn, "Currently only support AR and RA pattern.");
    return;
  }
  if (first == 0 || last == 0) asc_host::adv_host_log(api, fn, "both first and last axis must be greater than 0.");
}
// Max / Min / Any / All of float or half.
inline void common(const TensorShape& s, TensorDataType t, ReducePattern pattern, bool pad, bool reuse,
                   uint32_t& maxValue, uint32_t& minValue, const char* api, const char* fn) {
  uint32_t first, last;
  check(s, pad, pattern, api, fn, first, last);
  if (reuse) {
    maxValue = minValue = 0;
    return;
  }
  const uint32_t ts = type_size(t);
  if (pattern == ReducePattern::AR) {
    uint32_t blk = 32 / ts, rep = 256 / ts;
    if (last <= blk) maxValue = minValue = 0;
    else if (last < rep) maxValue = minValue = first * blk * ts;
    else maxValue = minValue = first * rep * ts;
    return;
  }
  uint32_t k = pow2_floor(first);
  if (k == first && first > 1) k >>= 1;
  maxValue = minValue = k * ((last * ts + 31) / 32 * 32);
}
inline void sum_mean(const TensorShape& s, ReducePattern pattern, bool pad, bool reuse, uint32_t& maxValue,
                     uint32_t& minValue, const char* api, const char* fn) {
  uint32_t first, last;
  check(s, pad, pattern, api, fn, first, last);
  if (reuse) {
    maxValue = minValue = 0;
    return;
  }
  if (pattern == ReducePattern::AR) {
    uint32_t k = pow2_floor(last);
    if (k == last && first > 1) k >>= 1;
    maxValue = minValue = last <= 64 ? 0 : first * k * 4;
  } else {
    uint32_t k = pow2_floor(first);
    uint32_t padLast = (last + 7) / 8 * 8;
    if (first == k && first > 1) k >>= 1;
    maxValue = minValue = k * padLast * 4;
  }
}
inline void any_all_u8(const TensorShape& s, ReducePattern pattern, bool pad, bool reuse, uint32_t& maxValue,
                       uint32_t& minValue, const char* api, const char* fn) {
  uint32_t first, last;
  check(s, pad, pattern, api, fn, first, last);
  if (pattern == ReducePattern::AR) {
    maxValue = minValue = (last + 31) / 32 * 32 * 2 + first * 32;
    return;
  }
  if (reuse) {
    maxValue = minValue = 0;
    return;
  }
  uint32_t k = pow2_floor(first);
  if (k == first && first > 1) k >>= 1;
  maxValue = minValue = k * ((last + 31) / 32 * 32);
}
}  // namespace asc_reduce_host

inline void GetReduceProdMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
  const char* fn = "GetReduceProdMaxMinTmpSize";
  if (dataType != ge::DT_FLOAT) {
    asc_host::adv_host_log("ReduceProd", fn, "it only supports float type on this platform.");
    return;
  }
  uint32_t first, last;
  asc_reduce_host::check(srcShape, isSrcInnerPad, pattern, "ReduceProd", fn, first, last);
  if (isReuseSource) {
    maxValue = minValue = pattern == ReducePattern::AR ? 256 : 0;
    return;
  }
  if (pattern == ReducePattern::AR) {
    uint32_t k = asc_reduce_host::pow2_floor(last);
    if (k == last && first > 1) k >>= 1;
    uint32_t blkAlignK = k > 8 ? k : 8;
    maxValue = minValue = (blkAlignK + first * 8) * 4 + 256;
    return;
  }
  uint32_t k = asc_reduce_host::pow2_floor(first);
  if (k == first && first > 1) k >>= 1;
  maxValue = minValue = k * ((last * 4 + 31) / 32 * 32);
}
inline void GetReduceMaxMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                      ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  if (dataType != ge::DT_FLOAT && dataType != ge::DT_FLOAT16) {
    asc_host::adv_host_log("ReduceMax", "GetReduceMaxMaxMinTmpSize",
                           "it only supports float and half type on this platform.");
    return;
  }
  asc_reduce_host::common(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceMax",
                          "GetReduceMaxMaxMinTmpSize");
}
inline void GetReduceMinMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                      ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  if (dataType != ge::DT_FLOAT && dataType != ge::DT_FLOAT16) {
    asc_host::adv_host_log("ReduceMin", "GetReduceMinMaxMinTmpSize",
                           "it only supports float and half type on this platform.");
    return;
  }
  asc_reduce_host::common(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceMin",
                          "GetReduceMinMaxMinTmpSize");
}
inline void GetReduceAnyMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                      ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  const char* fn = "GetReduceAnyMaxMinTmpSize";
  if (dataType != ge::DT_FLOAT && dataType != ge::DT_UINT8) {
    asc_host::adv_host_log("ReduceAny", fn, "it only supports float and uint8_t type on this platform.");
    return;
  }
  if (dataType == ge::DT_UINT8)
    asc_reduce_host::any_all_u8(srcShape, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceAny", fn);
  else
    asc_reduce_host::common(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue,
                            "ReduceAny", fn);
}
inline void GetReduceAllMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                      ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  const char* fn = "GetReduceAllMaxMinTmpSize";
  if (dataType != ge::DT_FLOAT && dataType != ge::DT_UINT8) {
    asc_host::adv_host_log("ReduceAll", fn, "it only supports float and uint8 type on this platform.");
    return;
  }
  if (dataType == ge::DT_UINT8)
    asc_reduce_host::any_all_u8(srcShape, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceAll", fn);
  else
    asc_reduce_host::common(srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue,
                            "ReduceAll", fn);
}
inline void GetReduceSumMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                      ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                      uint32_t& maxValue, uint32_t& minValue) {
  if (dataType != ge::DT_FLOAT) {
    asc_host::adv_host_log("ReduceSum", "GetReduceSumMaxMinTmpSize", "it only supports float type on this platform.");
    return;
  }
  asc_reduce_host::sum_mean(srcShape, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceSum",
                            "GetReduceSumMaxMinTmpSize");
}
inline void GetReduceMeanMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType,
                                       ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                       uint32_t& maxValue, uint32_t& minValue) {
  if (dataType != ge::DT_FLOAT) {
    asc_host::adv_host_log("ReduceMean", "GetReduceMeanMaxMinTmpSize",
                           "it only supports float type on this platform.");
    return;
  }
  asc_reduce_host::sum_mean(srcShape, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue, "ReduceMean",
                            "GetReduceMeanMaxMinTmpSize");
}

// Sum: the repeats' partial sums of one row, 32-byte aligned.
inline void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxSize, uint32_t& minSize) {
  (void)isReuseSource;  // the vendor warns that it has no effect
  if (typeSize == 0) {
    asc_host::adv_host_log("Sum", "GetSumMaxMinTmpSize", "The parameter typeSize is %u, expected is 2 or 4!",
                           typeSize);
    return;
  }
  if (n == 0) {
    asc_host::adv_host_log("Sum", "GetSumMaxMinTmpSize", "The parameter n is %u, expected is greater than 0!", n);
    return;
  }
  uint32_t blk = 32 / typeSize, rep = 256 / typeSize;
  if (blk == 0 || rep == 0) {
    asc_host::adv_host_log("Sum", "GetSumMaxMinTmpSize", "typeSize value is too large.");
    return;
  }
  uint32_t repeatTimes = (n + rep - 1) / rep;
  maxSize = minSize = (repeatTimes + blk - 1) / blk * blk * typeSize;
}

}  // namespace AscendC
