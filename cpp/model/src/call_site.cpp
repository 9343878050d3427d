// asc_model::call_site (debug.h): the file:line of a call from its return address.
// In the runtime, not the headers: its cache (an unordered_map of strings) and the
// addr2line pipe were instantiated and parsed again in every kernel's translation unit.
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "asc_model/core.h"

namespace asc_model {

// The file:line of a call, from its return address: printf's declaration is the
// vendor's (`__gm__ const char* fmt, Args&&... args`), which leaves no place for the
// trailing defaulted parameters (ASC_LOC_PARAMS) the other APIs take their caller's
// line from, so printf is not inlined and reads its return address instead. The
// kernel library carries line tables (-g1, as for the hardware traps of faults.py):
// addr2line gives the innermost location of the call outside the Model's own headers
// (the #line of emitted code: the Python line), once per call site and process. No
// line tables or no addr2line: "?" and 0 (the text, the order and the checks of the
// output are the same; only the line naming the call is lost).
static bool model_header(const std::string& where) {
  return where.find("/asc_model/") != std::string::npos || where.find("/kernel_operator.h:") != std::string::npos;
}
std::pair<const char*, int> call_site(const void* ra) {
  static std::mutex mu;
  static std::unordered_map<const void*, std::pair<std::string, int>> cache;  // nodes: the strings stay put
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(ra);
  if (it == cache.end()) {
    std::pair<std::string, int> at{"?", 0};
    Dl_info info;
    if (ra && dladdr(ra, &info) && info.dli_fname && info.dli_fname[0] == '/') {
      // the call instruction: one byte before the return address
      const unsigned long long off =
          (unsigned long long)(reinterpret_cast<uintptr_t>(ra) - reinterpret_cast<uintptr_t>(info.dli_fbase) - 1);
      std::string cmd = "addr2line -i -e '" + std::string(info.dli_fname) + "' " + strprintf("0x%llx", off) +
                        " 2>/dev/null";
      if (FILE* pipe = popen(cmd.c_str(), "r")) {
        char buf[4096];
        bool found = false;
        while (std::fgets(buf, sizeof buf, pipe)) {
          std::string where(buf);
          while (!where.empty() && (where.back() == '\n' || where.back() == '\r')) where.pop_back();
          const size_t d = where.find(" (discriminator");
          if (d != std::string::npos) where.resize(d);
          const size_t colon = where.rfind(':');
          if (found || colon == std::string::npos || where.compare(0, 2, "??") == 0 || model_header(where)) continue;
          const int line = std::atoi(where.c_str() + colon + 1);
          if (line <= 0) continue;
          at = {where.substr(0, colon), line};
          found = true;
        }
        pclose(pipe);
      }
    }
    it = cache.emplace(ra, std::move(at)).first;
  }
  return {it->second.first.c_str(), it->second.second};
}

}  // namespace asc_model
