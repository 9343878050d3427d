// The bounds-checked memory functions of CANN's libc_sec (securec.h), which the
// vendor's host tiling headers bring in (register/tilingdata_base.h): the
// programs copy their tiling structs with memcpy_s. Return codes as libc_sec's:
// EOK (0); EINVAL for a null or oversized destination; a null source, a count
// above destMax or overlapping ranges clear the destination and return
// EINVAL_AND_RESET, ERANGE_AND_RESET, EOVERLAP_AND_RESET.
#pragma once
#include <cstddef>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET (22 | 128)
#define ERANGE_AND_RESET (34 | 128)
#define EOVERLAP_AND_RESET (54 | 128)
#endif
typedef int errno_t;

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (dest == nullptr || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return 22;  // EINVAL
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  auto d = static_cast<const char*>(dest);
  auto s = static_cast<const char*>(src);
  if (count != 0 && d != s && d < s + count && s < d + count) {
    std::memset(dest, 0, destMax);
    return EOVERLAP_AND_RESET;
  }
  if (count != 0) std::memmove(dest, src, count);
  return EOK;
}

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (dest == nullptr || destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return 22;
  if (count > destMax) {
    std::memset(dest, c, destMax);
    return ERANGE_AND_RESET;
  }
  std::memset(dest, c, count);
  return EOK;
}
