"""The few ACL runtime calls the backend needs, through ctypes.

    acl = get_acl("/usr/local/Ascend/ascend-toolkit/latest/lib64/libascendcl.so")
    acl.set_device(0); p = acl.malloc(n); acl.memcpy_h2d(p, addr, n); ...

Every call's return code is checked: non-zero raises AclError naming the
function and the code. The library is loaded RTLD_GLOBAL, before any kernel
library, so a kernel library's own libascendcl dependency resolves to it.
One AclRuntime per library path and process (aclInit may be called only once).
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path
from typing import Dict, Union

ACL_SUCCESS = 0
ACL_ERROR_REPEAT_INITIALIZE = 100002
ACL_MEM_MALLOC_HUGE_FIRST = 0
ACL_MEMCPY_HOST_TO_DEVICE = 1
ACL_MEMCPY_DEVICE_TO_HOST = 2

_c_int, _vp, _sz = ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t

# name -> argtypes (every function returns aclError, an int)
_SIGNATURES = {
    "aclInit": [ctypes.c_char_p],
    "aclrtSetDevice": [ctypes.c_int32],
    "aclrtCreateStream": [ctypes.POINTER(_vp)],
    "aclrtDestroyStream": [_vp],
    "aclrtMalloc": [ctypes.POINTER(_vp), _sz, _c_int],
    "aclrtFree": [_vp],
    "aclrtMemcpy": [_vp, _sz, _vp, _sz, _c_int],
    "aclrtSynchronizeStream": [_vp],
    "aclrtSynchronizeDevice": [],
    "aclrtGetDeviceCount": [ctypes.POINTER(ctypes.c_uint32)],
}
_OPTIONAL = {"aclrtDestroyStream", "aclrtSynchronizeDevice", "aclrtGetDeviceCount"}


class AclError(RuntimeError):
    def __init__(self, function: str, code: int):
        super().__init__(f"{function} failed with ACL error {code}")
        self.function = function
        self.code = code


class AclRuntime:
    def __init__(self, library: Union[str, Path]):
        self.path = str(library)
        try:
            self.lib = ctypes.CDLL(self.path, mode=ctypes.RTLD_GLOBAL)
        except OSError as exc:
            from ..backend import BackendUnavailable
            raise BackendUnavailable(f"the NPU backend could not load the ACL library {self.path}: {exc}") from None
        self.fn = {}
        for name, argtypes in _SIGNATURES.items():
            f = getattr(self.lib, name, None)
            if f is None:
                if name in _OPTIONAL:
                    continue
                from ..backend import BackendUnavailable
                raise BackendUnavailable(f"the ACL library {self.path} does not export {name}")
            f.restype = ctypes.c_int
            f.argtypes = argtypes
            self.fn[name] = f
        self._lock = threading.Lock()
        self._initialized = False
        self._thread = threading.local()  # devices set in this thread

    def call(self, name: str, *args) -> None:
        rc = self.fn[name](*args)
        if rc != ACL_SUCCESS:
            raise AclError(name, rc)

    def init(self) -> None:
        with self._lock:
            if not self._initialized:
                rc = self.fn["aclInit"](None)
                if rc not in (ACL_SUCCESS, ACL_ERROR_REPEAT_INITIALIZE):
                    raise AclError("aclInit", rc)
                self._initialized = True

    def set_device(self, device_id: int, force: bool = False) -> None:
        """aclrtSetDevice, once per device and thread (ACL contexts are per thread)."""
        self.init()
        if force or getattr(self._thread, "device", None) != device_id:
            self.call("aclrtSetDevice", int(device_id))
            self._thread.device = device_id

    def create_stream(self) -> int:
        s = _vp()
        self.call("aclrtCreateStream", ctypes.byref(s))
        return s.value or 0

    def destroy_stream(self, stream: int) -> None:
        if "aclrtDestroyStream" in self.fn:
            self.call("aclrtDestroyStream", _vp(stream))

    def malloc(self, nbytes: int) -> int:
        p = _vp()
        self.call("aclrtMalloc", ctypes.byref(p), max(1, int(nbytes)), ACL_MEM_MALLOC_HUGE_FIRST)
        return p.value or 0

    def free(self, ptr: int) -> None:
        self.call("aclrtFree", _vp(ptr))

    def memcpy_h2d(self, dst: int, src: int, nbytes: int) -> None:
        self.call("aclrtMemcpy", _vp(dst), nbytes, _vp(src), nbytes, ACL_MEMCPY_HOST_TO_DEVICE)

    def memcpy_d2h(self, dst: int, src: int, nbytes: int) -> None:
        self.call("aclrtMemcpy", _vp(dst), nbytes, _vp(src), nbytes, ACL_MEMCPY_DEVICE_TO_HOST)

    def synchronize_stream(self, stream: int) -> None:
        self.call("aclrtSynchronizeStream", _vp(stream))

    def synchronize_device(self) -> None:
        self.call("aclrtSynchronizeDevice")

    def device_count(self) -> int:
        n = ctypes.c_uint32()
        self.call("aclrtGetDeviceCount", ctypes.byref(n))
        return n.value


_runtimes: Dict[str, AclRuntime] = {}
_runtimes_lock = threading.Lock()


def get_acl(library: Union[str, Path]) -> AclRuntime:
    key = str(library)
    with _runtimes_lock:
        rt = _runtimes.get(key)
        if rt is None:
            rt = _runtimes[key] = AclRuntime(key)
        return rt
