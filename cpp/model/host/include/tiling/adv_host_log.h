// The vendor's adv-API host functions check their arguments with
// ASCENDC_HOST_ASSERT: a failed check is written to CANN's device log (slog,
// not the console) and the function goes on (the check returns, the sizes are
// still computed). The Model writes those records to stderr, as a log line
// rather than an [ERROR] report, because the vendor's programs go on and may
// still be right (e.g. 04_reduce/reducemax passes isSrcInnerPad = false on A2).
#pragma once
#include <cstdarg>
#include <cstdio>

namespace asc_host {
inline void adv_host_log(const char* api, const char* func, const char* fmt, ...) {
  std::fprintf(stderr, "asc host log (the vendor's device log): [%s][%s] ", api, func);
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fputc('\n', stderr);
}
}  // namespace asc_host
