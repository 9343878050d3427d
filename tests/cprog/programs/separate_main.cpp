// tests/cprog: plain C++ (compiled by the host C++ compiler) calling a kernel
// launcher from a static library of .asc sources.
#include <cstdio>
#include "acl/acl.h"

void run_fill(int32_t* out, int32_t value, aclrtStream stream);

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    int32_t* d = nullptr;
    aclrtMalloc((void**)&d, 3 * 256 * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST);
    run_fill(d, 40, stream);
    int32_t h[3 * 256];
    aclrtMemcpy(h, sizeof h, d, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST);
    int bad = 0;
    for (int i = 0; i < 3 * 256; ++i) bad += h[i] != 40 + i / 256;
    printf("%s\n", bad ? "FAIL" : "PASS");
    aclrtFree(d);
    aclFinalize();
    return bad;
}
