// What bisheng would produce from a kernel `k(GM_ADDR x, int32_t n)` plus the
// asc launch stub, for the host: the stub's entry point, doubling x[0..n) in
// fake-ACL "device" memory and logging the launch. The fake_acl_* symbols
// resolve against the fake libascendcl.so the backend loads RTLD_GLOBAL first.
#include <cstdint>
#include <cstdio>

extern "C" int fake_acl_is_device(const void*);
extern "C" void fake_acl_record(const char*);

extern "C" __attribute__((visibility("default"))) void asc_npu_launch(uint32_t blockDim, void* stream,
                                                                        void** args) {
  float* x = *reinterpret_cast<float**>(args[0]);
  int32_t n = *reinterpret_cast<int32_t*>(args[1]);
  char buf[160];
  std::snprintf(buf, sizeof buf, "launch(blockDim=%u,stream=%lu,n=%d,device=%d)", blockDim,
                static_cast<unsigned long>(reinterpret_cast<uintptr_t>(stream)), n,
                fake_acl_is_device(x));
  fake_acl_record(buf);
  if (!fake_acl_is_device(x)) return;
  for (int32_t i = 0; i < n; ++i) x[i] *= 2.0f;
}
