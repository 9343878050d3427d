"""ACL's thread-level error state on the Model (cpp/model/host/acl.cpp):
aclrtPeekAtLastError / aclrtGetLastError with ACL_RT_THREAD_LEVEL (the
vendor's aclrtLastErrLevel) and aclGetRecentErrMsg, as 01_utilities/09_log
uses them."""

from __future__ import annotations

import subprocess

from asc.cprog import prefix

PROGRAM = r'''
#include <cstdio>
#include "acl/acl.h"
int main() {
    aclInit(nullptr);
    aclrtLastErrLevel level = ACL_RT_THREAD_LEVEL;
    std::printf("clean %d %d\n", aclrtPeekAtLastError(level), aclrtGetLastError(level));
    aclError rc = aclrtSetDevice(3);
    aclError peek = aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL);
    aclError got = aclrtGetLastError(ACL_RT_THREAD_LEVEL);
    aclError after = aclrtGetLastError(ACL_RT_THREAD_LEVEL);
    std::printf("rc %d peek %d get %d after %d ok %d\n", rc, peek, got, after, after == ACL_RT_SUCCESS);
    const char* msg = aclGetRecentErrMsg();
    std::printf("msg %s\n", msg ? msg : "(null)");
    std::printf("again %s\n", aclGetRecentErrMsg() ? "set" : "(null)");
    std::printf("aicore %d\n", ACL_ERROR_RT_AICORE_EXCEPTION);
    aclFinalize();
    return 0;
}
'''


def test_last_error_at_thread_level(tmp_path):
    src = tmp_path / "lasterr.asc"
    src.write_text(PROGRAM)
    cc = subprocess.run([str(prefix.ensure() / "bin" / "asc-cc"), "--npu-arch=dav-2201", str(src), "-o",
                         str(tmp_path / "lasterr")], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert cc.returncode == 0, cc.stderr
    r = subprocess.run([str(tmp_path / "lasterr")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "clean 0 0"
    assert lines[1] == "rc 107001 peek 107001 get 107001 after 0 ok 1"  # Get clears, Peek does not
    assert lines[2].startswith("msg lasterr.asc:") and "aclrtSetDevice: device 3 does not exist" in lines[2]
    assert lines[3] == "again (null)"  # the message is handed out once
    assert lines[4] == "aicore 507015"
