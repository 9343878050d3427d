// The host side of an Ascend C program on the Model: ACL (acl/acl.h) and the
// kernel launch (asc_program/launch.h). Linked into every program asc-cc
// builds, beside the Model's runtime object (cpp/model/src, the one the
// Python path links into each kernel library).
//
// A launch goes through the same asc_model::run_launch as a Python launch,
// with the same LaunchConfig: the platform's memories, the device allocations
// as the GM regions, $ASC_DEBUG's checks, the profile recording. What the
// Python side does with a launch's results (formatting asc-debug's findings,
// running the cycle model, writing the .prof) is done by Python here too:
// the program spools the raw results to a directory and runs
// `python asc/cprog/light.py asc.cprog.finish` on it (after a launch with findings, at a
// fault, and when the program ends), so asc-profile, asc-debug and asc-bench
// read what they read for a Python kernel.
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "asc_model/dtypes.h"
#include "asc_model/launch.h"
#include "asc_model/platform.h"
#include "asc_program/launch.h"
#include "program_config.h"
#include "../src/cycle_model.h"
#include "../src/debug_check.h"

extern char** environ;

namespace cfgs = asc_program_config;

namespace {

// ---------------------------------------------------------------- settings (asc/settings.py)

// The knob's variable that is set: the first of its names set and not empty
// (settings.Knob.lookup), -1 when none is. The one place the program reads
// the environment for asc: the names come from settings.py (config_gen.py).
int knob_lookup(const cfgs::Knob& k, const char** value) {
  for (int i = 0; i < k.num_names; ++i) {
    const char* v = std::getenv(k.names[i]);
    if (v && *v) {
      *value = v;
      return i;
    }
  }
  return -1;
}

const char* knob_raw(const cfgs::Knob& k) {
  const char* v = nullptr;
  return knob_lookup(k, &v) >= 0 ? v : nullptr;
}

const char* knob_name_set(const cfgs::Knob& k) {
  const char* v = nullptr;
  int i = knob_lookup(k, &v);
  return k.names[i >= 0 ? i : 0];
}

[[noreturn]] void settings_error(const std::string& msg) {
  std::fflush(stdout);
  std::fprintf(stderr, "[ERROR] asc: %s\n", msg.c_str());
  std::_Exit(1);
}

// settings._seconds: a number; 0 or negative turns the limit off.
double knob_seconds(const cfgs::Knob& k) {
  const char* v = knob_raw(k);
  std::string text = v ? v : k.default_value;
  char* end = nullptr;
  double s = std::strtod(text.c_str(), &end);
  if (text.empty() || (end && *end)) {
    settings_error(std::string(knob_name_set(k)) + "='" + text +
                   "' is not a number of seconds (0 turns the limit off)");
  }
  return s > 0 ? s : 0.0;
}

// settings._count: a whole number, not negative.
uint64_t knob_count(const cfgs::Knob& k) {
  const char* v = knob_raw(k);
  std::string text = v ? v : k.default_value;
  char* end = nullptr;
  long long n = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || (end && *end)) settings_error(std::string(knob_name_set(k)) + "='" + text + "' is not a whole number");
  if (n < 0) settings_error(std::string(knob_name_set(k)) + "='" + text + "' is negative");
  return uint64_t(n);
}

// " \t"-trimmed text.
std::string trimmed(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(" \t") + 1 - b);
}

// The non-empty, trimmed items of a comma-separated list (as settings.py splits them).
std::vector<std::string> comma_items(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    std::string item = trimmed(text.substr(pos, comma - pos));
    if (!item.empty()) out.push_back(item);
    pos = comma + 1;
  }
  return out;
}

// settings._switch: 1/true/yes/on or 0/false/no/off (any case).
bool knob_switch(const cfgs::Knob& k) {
  const char* v = knob_raw(k);
  const std::string text = v ? v : k.default_value;
  std::string low = trimmed(text);
  for (char& c : low) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (low == "1" || low == "true" || low == "yes" || low == "on") return true;
  if (low == "0" || low == "false" || low == "no" || low == "off") return false;
  settings_error(std::string(knob_name_set(k)) + "='" + text + "' is not a switch (1 or 0)");
}

// settings.param_values and asc.profiler.session.check_params: `name=number,...` naming
// the platform's cycle-model parameters (the Python side applies them when it times the
// launches at exit; checked here so that a typo stops the program at its first launch).
void check_profile_params(const cfgs::Knob& k) {
  const char* v = knob_raw(k);
  if (!v) return;
  const std::string text = v, var = knob_name_set(k);
  std::string unknown;
  int n_unknown = 0;
  for (const std::string& item : comma_items(text)) {
    const size_t eq = item.find('=');
    const std::string name = trimmed(item.substr(0, eq == std::string::npos ? 0 : eq));
    const std::string num = eq == std::string::npos ? "" : item.substr(eq + 1);
    char* end = nullptr;
    std::strtod(num.c_str(), &end);
    const bool number = !num.empty() && end && *end == '\0';
    if (eq == std::string::npos || name.empty() || !number)
      settings_error(var + "='" + text + "': '" + item + "' is not name=number");
    if (!std::binary_search(cfgs::kTimingParamNames, cfgs::kTimingParamNames + cfgs::kNumTimingParams, name,
                            [](const std::string& a, const std::string& b) { return a < b; })) {
      unknown += (unknown.empty() ? "" : ", ") + name;
      ++n_unknown;
    }
  }
  if (n_unknown) {
    std::string eg;
    for (int i = 0; i < 3 && i < cfgs::kNumTimingParams; ++i) eg += std::string(i ? ", " : "") + cfgs::kTimingParamNames[i];
    settings_error(var + ": unknown cycle-model parameter" + (n_unknown > 1 ? "s " : " ") + unknown +
                   " (the platform file's names, e.g. " + eg + ")");
  }
}

// settings._flags: comma-separated names of asc-debug's checks, as LaunchConfig bits.
uint32_t knob_debug_bits(const cfgs::Knob& k) {
  const char* v = knob_raw(k);
  if (!v) return 0;
  uint32_t bits = 0;
  std::string text = v, unknown;
  for (const std::string& f : comma_items(text)) {
    int i = 0;
    while (i < cfgs::kNumDebugFlags && f != cfgs::kDebugFlagNames[i]) ++i;
    if (i == cfgs::kNumDebugFlags) unknown += (unknown.empty() ? "" : ", ") + f;
    else bits |= cfgs::kDebugFlagBits[i];
  }
  if (!unknown.empty()) {
    std::string known;
    for (int i = 0; i < cfgs::kNumDebugFlags; ++i) known += std::string(i ? ", " : "") + cfgs::kDebugFlagNames[i];
    settings_error(std::string(knob_name_set(k)) + "='" + text + "': unknown flag " + unknown + " (known: " + known + ")");
  }
  return bits;
}

// ---------------------------------------------------------------- state

std::string strf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string strf(const char* fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

struct Block {
  size_t size;
  int id;  // allocation number (1-based), for messages
};

struct State {
  std::mutex mu;
  bool initialized = false;
  bool finalized = false;
  int device = -1;
  std::map<uintptr_t, Block> device_mem;  // base -> block (device memory)
  std::map<uintptr_t, size_t> host_mem;   // aclrtMallocHost blocks
  std::set<void*> streams, events, contexts;
  std::map<void*, double> event_time;     // aclrtRecordEvent's host time (ms)
  int next_alloc = 1;
  int launches = 0;
  std::string spool;                       // results waiting for `python -m asc.cprog.finish`
  bool spooled = false;
  bool exit_hook = false;
};

State& st() {
  static State* s = new State;  // never destroyed: atexit hooks and late frees may still use it
  return *s;
}

thread_local std::string t_recent_err;
thread_local aclError t_last_err = ACL_SUCCESS;

const char* base_name(const char* path) {
  const char* s = std::strrchr(path ? path : "", '/');
  return s ? s + 1 : (path ? path : "?");
}

aclError fail(aclError code, const char* api, const char* file, int line, const std::string& what) {
  t_recent_err = strf("%s:%d: %s: %s", base_name(file), line, api, what.c_str());
  t_last_err = code;
  return code;
}

// ---------------------------------------------------------------- the Python side

std::string program_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "program";
  buf[n] = 0;
  return buf;
}

std::string program_argv() {
  // /proc/self/cmdline: the arguments the program was started with, NUL-separated
  std::string out;
  if (std::FILE* f = std::fopen("/proc/self/cmdline", "rb")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    std::fclose(f);
  }
  return out;
}

const std::string& spool_dir() {
  State& s = st();
  if (s.spool.empty()) {
    const char* tmp = std::getenv("TMPDIR");  // not asc's: where the system's temporary files go
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/asc-program-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back(0);
    if (mkdtemp(buf.data())) s.spool = buf.data();
    if (!s.spool.empty()) {
      std::string argv = program_argv();
      if (std::FILE* f = std::fopen((s.spool + "/argv").c_str(), "wb")) {
        std::fwrite(argv.data(), 1, argv.size(), f);
        std::fclose(f);
      }
      if (std::FILE* f = std::fopen((s.spool + "/program").c_str(), "w")) {
        std::fputs(program_path().c_str(), f);
        std::fclose(f);
      }
    }
  }
  return s.spool;
}

bool write_file(const std::string& path, const void* data, size_t n) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  bool ok = n == 0 || std::fwrite(data, 1, n, f) == n;
  return std::fclose(f) == 0 && ok;
}

// Runs `python .../light.py asc.cprog.finish <spool> <mode>` and waits for it; false when it could not run.
bool run_finish(const char* mode) {
  State& s = st();
  if (s.spool.empty()) return true;
  std::fflush(stdout);
  std::fflush(stderr);
  // asc/cprog/light.py: the helper imports what it needs of asc, not the package
  // (whose import loads the compiler's native module)
  std::string light = std::string(cfgs::kPythonPath) + "/asc/cprog/light.py";
  std::string spool = s.spool;
  const char* argv[] = {cfgs::kPython, light.c_str(), "asc.cprog.finish", spool.c_str(), mode, nullptr};
  pid_t pid;
  if (posix_spawn(&pid, cfgs::kPython, nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0) {
    std::fprintf(stderr, "[ERROR] asc: cannot run %s to finish the Model's results (%s)\n", cfgs::kPython,
                 std::strerror(errno));
    return false;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void at_exit() {
  State& s = st();
  bool debug_summary = knob_debug_bits(cfgs::kDebug) != 0 && !knob_raw(cfgs::kDebugFindings);
  if (s.spooled || debug_summary) {
    spool_dir();
    // the results could not be finished (the helper said why): the run did not do what was asked
    if (!run_finish("exit")) std::_Exit(1);
  }
}

void ensure_exit_hook() {
  State& s = st();
  if (!s.exit_hook) {
    s.exit_hook = true;
    std::atexit(at_exit);
  }
}

// A fault: the raw message goes to the Python side (it resolves trap addresses
// and reports it as asc-debug does), which prints it; the program ends here.
[[noreturn]] void fault_exit(const std::string& raw, const asc_program::LaunchSite* site) {
  std::fflush(stdout);
  const std::string& dir = spool_dir();
  std::string text = raw + "\n" + (site ? strf("%s\t%s:%d", site->kernel, site->file, site->line) : "") + "\n";
  bool told = !dir.empty() && write_file(dir + "/fault", text.data(), text.size()) && run_finish("fault");
  if (!told) {
    std::fprintf(stderr, "[ERROR] Model fault: %s\n", raw.c_str());
    std::fflush(stderr);
  }
  std::_Exit(1);  // nothing after the fault runs: no host code, no static destructors, no core dump
}

// Device memory the range [p, p + n) lies in: (base, block), or null.
const std::pair<const uintptr_t, Block>* device_block(const void* p, size_t n) {
  State& s = st();
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  auto it = s.device_mem.upper_bound(a);
  if (it == s.device_mem.begin()) return nullptr;
  --it;
  if (a >= it->first && a - it->first <= it->second.size && n <= it->second.size - (a - it->first)) return &*it;
  return nullptr;
}

bool in_device(const void* p) {
  State& s = st();
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  auto it = s.device_mem.upper_bound(a);
  if (it == s.device_mem.begin()) return false;
  --it;
  return a >= it->first && a < it->first + std::max<size_t>(it->second.size, 1);
}

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// The checked copy behind aclrtMemcpy(Async): a range past either end of a
// device allocation is a fault naming the call.
aclError checked_copy(const char* api, void* dst, size_t destMax, const void* src, size_t count,
                      aclrtMemcpyKind kind, const char* file, int line) {
  State& s = st();
  std::lock_guard<std::mutex> lk(s.mu);
  if (count == 0) return ACL_SUCCESS;
  if (!dst || !src) return fail(ACL_ERROR_INVALID_PARAM, api, file, line, "a null pointer");
  if (count > destMax) {
    return fail(ACL_ERROR_INVALID_PARAM, api, file, line,
                strf("count %zu bytes is more than destMax %zu", count, destMax));
  }
  bool dst_dev = in_device(dst), src_dev = in_device(src);
  if (kind == ACL_MEMCPY_DEFAULT) {
    kind = dst_dev ? (src_dev ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_HOST_TO_DEVICE)
                   : (src_dev ? ACL_MEMCPY_DEVICE_TO_HOST : ACL_MEMCPY_HOST_TO_HOST);
  }
  bool want_dst = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  bool want_src = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEVICE_TO_DEVICE) {
    return fail(ACL_ERROR_INVALID_PARAM, api, file, line, strf("unknown copy kind %d", int(kind)));
  }
  static const char* kinds[] = {"ACL_MEMCPY_HOST_TO_HOST", "ACL_MEMCPY_HOST_TO_DEVICE", "ACL_MEMCPY_DEVICE_TO_HOST",
                                "ACL_MEMCPY_DEVICE_TO_DEVICE"};
  if (want_dst != dst_dev) {
    return fail(ACL_ERROR_RT_PARAM_INVALID, api, file, line,
                strf("%s: the destination %p is %s memory", kinds[kind], dst, dst_dev ? "device" : "host"));
  }
  if (want_src != src_dev) {
    return fail(ACL_ERROR_RT_PARAM_INVALID, api, file, line,
                strf("%s: the source %p is %s memory", kinds[kind], src, src_dev ? "device" : "host"));
  }
  for (int side = 0; side < 2; ++side) {
    const void* p = side ? src : dst;
    if (!(side ? src_dev : dst_dev)) continue;
    if (!device_block(p, count)) {
      const auto* b = device_block(p, 0);
      size_t off = reinterpret_cast<uintptr_t>(p) - (b ? b->first : 0);
      std::string msg = strf("%s: %zu bytes %s %p run past the end of device allocation #%d (%zu bytes, "
                             "%zu bytes from offset %zu)", kinds[kind], count, side ? "from" : "to", p,
                             b ? b->second.id : 0, b ? b->second.size : size_t(0),
                             b ? b->second.size - off : size_t(0), off);
      s.mu.unlock();
      fault_exit(strf("%s:%d: host: %s: %s", file, line, api, msg.c_str()), nullptr);
    }
  }
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

}  // namespace

// ---------------------------------------------------------------- the launch

namespace asc_program {

void run(const LaunchSite& site, int64_t num_blocks, void* stream, const PointerArg* ptrs, int num_ptrs,
         void (*body)(void*), void* ctx) {
  State& s = st();
  (void)stream;
  std::vector<asc_model::RegionDesc> regions;
  std::vector<std::string> names;
  {
    std::lock_guard<std::mutex> lk(s.mu);
    for (int i = 0; i < num_ptrs; ++i) {
      if (ptrs[i].ptr && !in_device(ptrs[i].ptr)) {
        bool host = s.host_mem.count(reinterpret_cast<uintptr_t>(ptrs[i].ptr)) != 0;
        std::string raw = strf("%s:%d: host: %s<<<>>>: argument %d (%p) is %s, not device memory from aclrtMalloc",
                               site.file, site.line, site.kernel, ptrs[i].index + 1, ptrs[i].ptr,
                               host ? "host memory from aclrtMallocHost" : "a host pointer");
        s.mu.unlock();
        fault_exit(raw, &site);
      }
    }
    names.reserve(s.device_mem.size());
    for (auto& [base, b] : s.device_mem) names.push_back(strf("aclrtMalloc#%d", b.id));
    size_t i = 0;
    for (auto& [base, b] : s.device_mem) regions.push_back({uint64_t(base), uint64_t(b.size), names[i++].c_str()});
    ++s.launches;
  }
  if (num_blocks <= 0 || num_blocks * site.per_block > 4096) {
    fault_exit(strf("%s:%d: host: %s<<<>>>: numBlocks %lld is outside 1..%d, the Model's range", site.file, site.line,
                    site.kernel, (long long)num_blocks, 4096 / site.per_block), &site);
  }
  asc_model::LaunchConfig cfg{};
  for (int m = 0; m < asc_model::kMemCount; ++m) {
    cfg.mem_size[m] = cfgs::kMemSize[m];
    cfg.mem_align[m] = cfgs::kMemAlign[m];
  }
  cfg.block_dim = int32_t(num_blocks * site.per_block);
  cfg.core_type = site.core_type;
  cfg.sub_block_num = site.core_type == 0 && site.per_block > 1 ? site.per_block : 0;
  cfg.aic_cores = site.with_aic && site.core_type == 0 ? int32_t(num_blocks) : 0;
  cfg.timeout_s = cfgs::kWatchdogSeconds;
  cfg.time_limit_s = knob_seconds(cfgs::kModelLaunchTimeout);
  uint32_t debug_bits = knob_debug_bits(cfgs::kDebug);
  cfg.debug_flags = debug_bits;
  cfg.num_regions = uint32_t(regions.size());
  cfg.regions = regions.data();
  char err[4096] = {0};
  cfg.err = err;
  cfg.err_len = sizeof err;
  asc_model::RecordIO record{};
  bool profiling = knob_raw(cfgs::kProfile) != nullptr;
  if (profiling) cfg.record = &record;
  // $ASC_PROFILE_COMPUTE=0: the profiled launches are timed without computing their data
  if (profiling && !knob_switch(cfgs::kProfileCompute)) cfg.launch_flags |= asc_model::kLaunchTimingOnly;
  if (profiling) check_profile_params(cfgs::kProfileParams);
  asc_model::DebugIO dio{};
  if (debug_bits) {
    dio.max_errors = uint32_t(knob_count(cfgs::kDebugMaxErrors));
    dio.flags = debug_bits;
    cfg.debug = &dio;
  }
  int rc = asc_model::run_launch(cfg, body, ctx);
  int n = s.launches;
  std::string dir = (profiling || debug_bits) ? spool_dir() : std::string();
  // aic_base (last): the first slot of the launch's AIC cores when a mixed kernel runs them
  std::string meta = strf("%s\t%d\t%d\t%s\t%s:%d\t%d\n", site.kernel, cfg.block_dim,
                          site.core_type == 0 && site.per_block > 1 ? site.per_block : 0, cfgs::kPlatform,
                          site.file, site.line, cfg.aic_cores > 0 ? cfg.block_dim : 0);
  if (!dir.empty()) write_file(dir + strf("/%04d.meta", n), meta.data(), meta.size());
  bool findings = false;
  if (debug_bits && dio.report) {
    findings = dio.report_len > 0;
    write_file(dir + strf("/%04d.debug", n), dio.report, dio.report_len);
    dio.free_report(dio.report);
  }
  if (profiling && record.recording) {
    const void* data = nullptr;
    uint64_t ev = record.recording_buffer(record.recording, 0, &data);
    write_file(dir + strf("/%04d.events", n), data, ev * (record.sizes & 0xffff));
    uint64_t acc = record.recording_buffer(record.recording, 1, &data);
    write_file(dir + strf("/%04d.accesses", n), data, acc * ((record.sizes >> 16) & 0xffff));
    uint64_t str = record.recording_buffer(record.recording, 2, &data);
    write_file(dir + strf("/%04d.strings", n), data, str);
    record.free_recording(record.recording);
    s.spooled = true;
  }
  if (profiling || debug_bits) ensure_exit_hook();
  if (rc == 2) {  // Ctrl-C while the kernel ran
    std::fflush(stdout);
    std::fprintf(stderr, "[ERROR] kernel launch interrupted: %s\n", err);
    std::_Exit(130);
  }
  if (rc != 0) fault_exit(err, &site);
  if (findings) run_finish("launch");  // findings print as they are found, launch by launch
}

}  // namespace asc_program

// ---------------------------------------------------------------- ACL

#define ASC_AT_ARGS const char* asc_file, int asc_line

extern "C" {

aclError aclInit(const char* configPath, ASC_AT_ARGS) {
  (void)configPath;
  State& s = st();
  std::lock_guard<std::mutex> lk(s.mu);
  if (s.initialized) return fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit", asc_file, asc_line, "ACL is already initialised");
  s.initialized = true;
  s.finalized = false;
  return ACL_SUCCESS;
}

aclError aclFinalize(ASC_AT_ARGS) {
  State& s = st();
  std::lock_guard<std::mutex> lk(s.mu);
  if (!s.initialized) return fail(ACL_ERROR_UNINITIALIZE, "aclFinalize", asc_file, asc_line, "aclInit was not called");
  s.initialized = false;
  s.finalized = true;
  return ACL_SUCCESS;
}

const char* aclGetRecentErrMsg(void) {
  if (t_recent_err.empty()) return nullptr;
  static thread_local std::string out;
  out = t_recent_err;
  t_recent_err.clear();  // ACL hands each message out once
  return out.c_str();
}

aclError aclrtGetLastError(aclrtLastErrLevel) {
  aclError e = t_last_err;
  t_last_err = ACL_SUCCESS;
  return e;
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel) { return t_last_err; }

aclError aclrtSetDevice(int32_t deviceId, ASC_AT_ARGS) {
  if (deviceId != 0) {
    return fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", asc_file, asc_line,
                strf("device %d does not exist: the Model is one device, 0", deviceId));
  }
  std::lock_guard<std::mutex> lk(st().mu);
  st().device = deviceId;
  return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId, ASC_AT_ARGS) {
  if (deviceId != 0) {
    return fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice", asc_file, asc_line,
                strf("device %d does not exist: the Model is one device, 0", deviceId));
  }
  std::lock_guard<std::mutex> lk(st().mu);
  st().device = -1;
  return ACL_SUCCESS;
}

aclError aclrtResetDeviceForce(int32_t deviceId, ASC_AT_ARGS) { return aclrtResetDevice(deviceId, asc_file, asc_line); }

aclError aclrtGetDevice(int32_t* deviceId, ASC_AT_ARGS) {
  if (!deviceId) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", asc_file, asc_line, "deviceId is null");
  std::lock_guard<std::mutex> lk(st().mu);
  if (st().device < 0) return fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice", asc_file, asc_line, "no device is set");
  *deviceId = st().device;
  return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count, ASC_AT_ARGS) {
  if (!count) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", asc_file, asc_line, "count is null");
  *count = 1;
  return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode* runMode, ASC_AT_ARGS) {
  if (!runMode) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode", asc_file, asc_line, "runMode is null");
  *runMode = ACL_HOST;
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice(ASC_AT_ARGS) { (void)asc_file; (void)asc_line; return ACL_SUCCESS; }

static void* new_handle(std::set<void*>& set) {
  void* h = std::malloc(1);
  set.insert(h);
  return h;
}

static aclError drop_handle(std::set<void*>& set, void* h, const char* api, const char* what, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  auto it = set.find(h);
  if (it == set.end()) return fail(ACL_ERROR_INVALID_PARAM, api, asc_file, asc_line, strf("%p is not a %s", h, what));
  set.erase(it);
  std::free(h);
  return ACL_SUCCESS;
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId, ASC_AT_ARGS) {
  if (!context) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext", asc_file, asc_line, "context is null");
  if (deviceId != 0) {
    return fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtCreateContext", asc_file, asc_line,
                strf("device %d does not exist: the Model is one device, 0", deviceId));
  }
  std::lock_guard<std::mutex> lk(st().mu);
  *context = new_handle(st().contexts);
  return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context, ASC_AT_ARGS) {
  return drop_handle(st().contexts, context, "aclrtDestroyContext", "context", asc_file, asc_line);
}

aclError aclrtSetCurrentContext(aclrtContext context, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  if (!st().contexts.count(context)) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext", asc_file, asc_line, strf("%p is not a context", context));
  }
  return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext* context, ASC_AT_ARGS) {
  if (!context) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext", asc_file, asc_line, "context is null");
  std::lock_guard<std::mutex> lk(st().mu);
  *context = st().contexts.empty() ? nullptr : *st().contexts.begin();
  return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream* stream, ASC_AT_ARGS) {
  if (!stream) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", asc_file, asc_line, "stream is null");
  std::lock_guard<std::mutex> lk(st().mu);
  *stream = new_handle(st().streams);
  return ACL_SUCCESS;
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t, uint32_t, ASC_AT_ARGS) {
  return aclrtCreateStream(stream, asc_file, asc_line);
}

aclError aclrtDestroyStream(aclrtStream stream, ASC_AT_ARGS) {
  return drop_handle(st().streams, stream, "aclrtDestroyStream", "stream", asc_file, asc_line);
}

aclError aclrtDestroyStreamForce(aclrtStream stream, ASC_AT_ARGS) { return aclrtDestroyStream(stream, asc_file, asc_line); }

static aclError check_stream(aclrtStream stream, const char* api, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  if (stream && !st().streams.count(stream)) {
    return fail(ACL_ERROR_RT_PARAM_INVALID, api, asc_file, asc_line, strf("%p is not a stream", stream));
  }
  return ACL_SUCCESS;
}

// Launches run to completion when they are made: a stream has nothing left to wait for.
aclError aclrtSynchronizeStream(aclrtStream stream, ASC_AT_ARGS) {
  return check_stream(stream, "aclrtSynchronizeStream", asc_file, asc_line);
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t, ASC_AT_ARGS) {
  return check_stream(stream, "aclrtSynchronizeStreamWithTimeout", asc_file, asc_line);
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event, ASC_AT_ARGS) {
  aclError e = check_stream(stream, "aclrtStreamWaitEvent", asc_file, asc_line);
  if (e) return e;
  std::lock_guard<std::mutex> lk(st().mu);
  if (!st().events.count(event)) return fail(ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEvent", asc_file, asc_line, strf("%p is not an event", event));
  return ACL_SUCCESS;
}

aclError aclrtCreateEvent(aclrtEvent* event, ASC_AT_ARGS) {
  if (!event) return fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent", asc_file, asc_line, "event is null");
  std::lock_guard<std::mutex> lk(st().mu);
  *event = new_handle(st().events);
  return ACL_SUCCESS;
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t, ASC_AT_ARGS) { return aclrtCreateEvent(event, asc_file, asc_line); }
aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t, ASC_AT_ARGS) { return aclrtCreateEvent(event, asc_file, asc_line); }

aclError aclrtDestroyEvent(aclrtEvent event, ASC_AT_ARGS) {
  {
    std::lock_guard<std::mutex> lk(st().mu);
    st().event_time.erase(event);
  }
  return drop_handle(st().events, event, "aclrtDestroyEvent", "event", asc_file, asc_line);
}

static aclError check_event(aclrtEvent event, const char* api, ASC_AT_ARGS) {
  if (!st().events.count(event)) return fail(ACL_ERROR_INVALID_PARAM, api, asc_file, asc_line, strf("%p is not an event", event));
  return ACL_SUCCESS;
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream, ASC_AT_ARGS) {
  aclError e = check_stream(stream, "aclrtRecordEvent", asc_file, asc_line);
  if (e) return e;
  std::lock_guard<std::mutex> lk(st().mu);
  if ((e = check_event(event, "aclrtRecordEvent", asc_file, asc_line))) return e;
  st().event_time[event] = now_ms();
  return ACL_SUCCESS;
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  aclError e = check_event(event, "aclrtResetEvent", asc_file, asc_line);
  if (!e) st().event_time.erase(event);
  return e;
}

}  // extern "C"

// An event is complete once recorded: both queries answer "complete" for a known event.
template <class S>
static aclError query_event(aclrtEvent event, S* status, S complete, const char* api, ASC_AT_ARGS) {
  if (!status) return fail(ACL_ERROR_INVALID_PARAM, api, asc_file, asc_line, "status is null");
  std::lock_guard<std::mutex> lk(st().mu);
  aclError e = check_event(event, api, asc_file, asc_line);
  if (!e) *status = complete;
  return e;
}

extern "C" {

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status, ASC_AT_ARGS) {
  return query_event(event, status, ACL_EVENT_STATUS_COMPLETE, "aclrtQueryEvent", asc_file, asc_line);
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status, ASC_AT_ARGS) {
  return query_event(event, status, ACL_EVENT_RECORDED_STATUS_COMPLETE, "aclrtQueryEventStatus", asc_file, asc_line);
}

aclError aclrtSynchronizeEvent(aclrtEvent event, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  return check_event(event, "aclrtSynchronizeEvent", asc_file, asc_line);
}

// Host wall time between the two records (the Model's launches are synchronous).
aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent, ASC_AT_ARGS) {
  if (!ms) return fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime", asc_file, asc_line, "ms is null");
  std::lock_guard<std::mutex> lk(st().mu);
  auto a = st().event_time.find(startEvent), b = st().event_time.find(endEvent);
  if (a == st().event_time.end() || b == st().event_time.end()) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime", asc_file, asc_line, "an event was not recorded");
  }
  *ms = float(b->second - a->second);
  return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy, ASC_AT_ARGS) {
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc", asc_file, asc_line, "devPtr is null");
  if (size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc", asc_file, asc_line, "size is 0");
  if (int(policy) < 0 || int(policy) > ACL_MEM_MALLOC_NORMAL_ONLY_P2P) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc", asc_file, asc_line, strf("unknown policy %d", int(policy)));
  }
  // 512-byte aligned, as the device's allocator hands out; rounded up so a
  // copy of `size` bytes never overlaps the next block
  size_t rounded = (size + 511) / 512 * 512;
  void* p = std::aligned_alloc(512, rounded);
  if (!p) {
    return fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc", asc_file, asc_line,
                strf("cannot allocate %zu bytes of device memory", size));
  }
  std::lock_guard<std::mutex> lk(st().mu);
  st().device_mem[reinterpret_cast<uintptr_t>(p)] = Block{size, st().next_alloc++};
  *devPtr = p;
  return ACL_SUCCESS;
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy, ASC_AT_ARGS) {
  return aclrtMalloc(devPtr, size, policy, asc_file, asc_line);
}

aclError aclrtFree(void* devPtr, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  auto it = st().device_mem.find(reinterpret_cast<uintptr_t>(devPtr));
  if (it == st().device_mem.end()) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtFree", asc_file, asc_line,
                strf("%p is not the start of device memory from aclrtMalloc%s", devPtr,
                     st().host_mem.count(reinterpret_cast<uintptr_t>(devPtr)) ? " (it is host memory: aclrtFreeHost)" : ""));
  }
  st().device_mem.erase(it);
  std::free(devPtr);
  return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size, ASC_AT_ARGS) {
  if (!hostPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", asc_file, asc_line, "hostPtr is null");
  if (size == 0) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", asc_file, asc_line, "size is 0");
  void* p = std::aligned_alloc(64, (size + 63) / 64 * 64);
  if (!p) return fail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost", asc_file, asc_line, strf("cannot allocate %zu bytes", size));
  std::lock_guard<std::mutex> lk(st().mu);
  st().host_mem[reinterpret_cast<uintptr_t>(p)] = size;
  *hostPtr = p;
  return ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr, ASC_AT_ARGS) {
  std::lock_guard<std::mutex> lk(st().mu);
  auto it = st().host_mem.find(reinterpret_cast<uintptr_t>(hostPtr));
  if (it == st().host_mem.end()) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", asc_file, asc_line,
                strf("%p is not host memory from aclrtMallocHost", hostPtr));
  }
  st().host_mem.erase(it);
  std::free(hostPtr);
  return ACL_SUCCESS;
}

aclError aclrtGetMemInfo(int32_t, size_t* freeMem, size_t* total, ASC_AT_ARGS) {
  if (!freeMem || !total) return fail(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo", asc_file, asc_line, "a null pointer");
  long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  *total = size_t(pages) * size_t(size);
  *freeMem = size_t(avail) * size_t(size);
  return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind, ASC_AT_ARGS) {
  return checked_copy("aclrtMemcpy", dst, destMax, src, count, kind, asc_file, asc_line);
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream, ASC_AT_ARGS) {
  aclError e = check_stream(stream, "aclrtMemcpyAsync", asc_file, asc_line);
  return e ? e : checked_copy("aclrtMemcpyAsync", dst, destMax, src, count, kind, asc_file, asc_line);
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count, ASC_AT_ARGS) {
  State& s = st();
  std::lock_guard<std::mutex> lk(s.mu);
  if (!devPtr) return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset", asc_file, asc_line, "devPtr is null");
  if (count > maxCount) {
    return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset", asc_file, asc_line,
                strf("count %zu bytes is more than maxCount %zu", count, maxCount));
  }
  bool dev = in_device(devPtr);
  if (dev && !device_block(devPtr, count)) {
    const auto* b = device_block(devPtr, 0);
    std::string raw = strf("%s:%d: host: aclrtMemset: %zu bytes at %p run past the end of device allocation #%d "
                           "(%zu bytes)", asc_file, asc_line, count, devPtr, b ? b->second.id : 0,
                           b ? b->second.size : size_t(0));
    s.mu.unlock();
    fault_exit(raw, nullptr);
  }
  if (!dev) {
    // host memory (ACL allows it): only the program's own aclrtMallocHost blocks are known to be big enough
    auto it = s.host_mem.upper_bound(reinterpret_cast<uintptr_t>(devPtr));
    bool known = it != s.host_mem.begin() && [&] {
      --it;
      uintptr_t a = reinterpret_cast<uintptr_t>(devPtr);
      return a >= it->first && a - it->first + count <= it->second;
    }();
    if (!known) {
      return fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset", asc_file, asc_line,
                  strf("%p is neither device memory from aclrtMalloc nor host memory from aclrtMallocHost", devPtr));
    }
  }
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream, ASC_AT_ARGS) {
  aclError e = check_stream(stream, "aclrtMemsetAsync", asc_file, asc_line);
  return e ? e : aclrtMemset(devPtr, maxCount, value, count, asc_file, asc_line);
}

}  // extern "C"

// ---- aclFloat16 (host half-precision bits): the Model's own binary16 conversions ------
extern "C" float aclFloat16ToFloat(aclFloat16 value) { return asc_model::f16_to_f32(value); }

extern "C" aclFloat16 aclFloatToFloat16(float value) { return asc_model::f32_to_f16(value); }
