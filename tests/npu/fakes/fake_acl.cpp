// A host-memory stand-in for libascendcl.so: the ACL calls asc.runtime.npu uses,
// each appended to a call log; "device" memory is malloc'ed and tracked, so a
// copy in the wrong direction or a free of an unknown pointer fails as in ACL.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace {
std::string g_log;
std::map<uintptr_t, size_t> g_dev;
std::string g_fail_fn;
int g_fail_code = 0;
int g_init_calls = 0;
bool g_initialized = false;
uintptr_t g_next_stream = 0x5000;

void rec(const std::string& s) { g_log += s; g_log += "\n"; }
bool fail(const char* fn) { return g_fail_fn == fn; }
bool in_dev(const void* p, size_t n) {
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  for (auto& kv : g_dev)
    if (a >= kv.first && a + n <= kv.first + kv.second) return true;
  return false;
}
}  // namespace

extern "C" {
const char* fake_acl_log() { return g_log.c_str(); }
void fake_acl_reset() { g_log.clear(); g_fail_fn.clear(); g_fail_code = 0; }
void fake_acl_fail(const char* fn, int code) { g_fail_fn = fn; g_fail_code = code; }
int fake_acl_live() { return static_cast<int>(g_dev.size()); }
int fake_acl_init_calls() { return g_init_calls; }
int fake_acl_is_device(const void* p) { return in_dev(p, 1) ? 1 : 0; }
void fake_acl_record(const char* s) { rec(s); }

int aclInit(const char*) {
  ++g_init_calls;
  rec("aclInit");
  if (fail("aclInit")) return g_fail_code;
  if (g_initialized) return 100002;  // ACL_ERROR_REPEAT_INITIALIZE
  g_initialized = true;
  return 0;
}
int aclrtSetDevice(int32_t id) {
  rec("aclrtSetDevice(" + std::to_string(id) + ")");
  return fail("aclrtSetDevice") ? g_fail_code : 0;
}
int aclrtCreateStream(void** s) {
  if (fail("aclrtCreateStream")) return g_fail_code;
  *s = reinterpret_cast<void*>(g_next_stream++);
  rec("aclrtCreateStream=" + std::to_string(reinterpret_cast<uintptr_t>(*s)));
  return 0;
}
int aclrtMalloc(void** p, size_t n, int policy) {
  rec("aclrtMalloc(" + std::to_string(n) + "," + std::to_string(policy) + ")");
  if (fail("aclrtMalloc")) return g_fail_code;
  *p = std::malloc(n);
  std::memset(*p, 0xAB, n);  // garbage, as on a device
  g_dev[reinterpret_cast<uintptr_t>(*p)] = n;
  return 0;
}
int aclrtFree(void* p) {
  rec("aclrtFree");
  auto it = g_dev.find(reinterpret_cast<uintptr_t>(p));
  if (it == g_dev.end()) return 107000;
  g_dev.erase(it);
  std::free(p);
  return fail("aclrtFree") ? g_fail_code : 0;
}
int aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind) {
  const char* k = kind == 1 ? "H2D" : kind == 2 ? "D2H" : "?";
  rec(std::string("aclrtMemcpy(") + k + "," + std::to_string(count) + ")");
  if (fail("aclrtMemcpy")) return g_fail_code;
  if (count > destMax) return 107000;
  if (kind == 1 && (!in_dev(dst, count) || in_dev(src, count))) return 107000;
  if (kind == 2 && (!in_dev(src, count) || in_dev(dst, count))) return 107000;
  if (kind != 1 && kind != 2) return 107000;
  std::memcpy(dst, src, count);
  return 0;
}
int aclrtSynchronizeStream(void* s) {
  rec("aclrtSynchronizeStream(" + std::to_string(reinterpret_cast<uintptr_t>(s)) + ")");
  return fail("aclrtSynchronizeStream") ? g_fail_code : 0;
}
int aclrtSynchronizeDevice() {
  rec("aclrtSynchronizeDevice");
  return fail("aclrtSynchronizeDevice") ? g_fail_code : 0;
}
int aclrtGetDeviceCount(uint32_t* n) {
  rec("aclrtGetDeviceCount");
  *n = 2;
  return 0;
}
}
