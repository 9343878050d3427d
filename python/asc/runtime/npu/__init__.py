"""The NPU backend: bisheng builds the emitted Ascend C, ACL runs it.

    backend = NPUBackend("Ascend910B1", device_id=0)   # BackendUnavailable without CANN
    launcher = backend.load(compiled_kernel)
    launcher(block_dim, stream, [x, y, z, n])

Modules: toolkit (finding CANN), arch (--cce-aicore-arch table), stub (the host
launch stub), build (bisheng + disk cache), acl (ctypes ACL calls), launch
(copies in, kernel, copies out).
"""

from __future__ import annotations

import ctypes
import time
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ..backend import CompiledKernel, KernelBackend, Launcher
from ..stream import current_stream
from . import build, launch, stub
from .acl import AclError, AclRuntime, get_acl
from .arch import aicore_arch
from .build import NPUCompileError
from .toolkit import Toolkit, find_toolkit

__all__ = ["NPUBackend", "NPUCompileError", "AclError", "Toolkit", "find_toolkit", "aicore_arch"]


class NPUBackend(KernelBackend):
    name = "npu"

    def __init__(self, platform: str = "Ascend910B1", device_id: int = 0, *,
                 toolkit: Optional[Toolkit] = None, acl_library: Union[str, Path, None] = None):
        self.platform = platform
        self.device_id = int(device_id)
        self.toolkit = toolkit or find_toolkit()
        aicore_arch(platform)  # an unknown platform fails here, not at the first launch
        self.acl_library = Path(acl_library) if acl_library else self.toolkit.acl_library
        self._acl: Optional[AclRuntime] = None
        self.last_compile_s = 0.0  # wall time of the last actual bisheng run (0 on a cache hit)

    def runtime(self) -> AclRuntime:
        """The ACL runtime, loaded and aclInit-ed on first use (no device set)."""
        if self._acl is None:
            self._acl = get_acl(self.acl_library)
        self._acl.init()
        return self._acl

    @property
    def acl(self) -> AclRuntime:
        """The ACL runtime with this backend's device set in the calling thread."""
        acl = self.runtime()
        acl.set_device(self.device_id)
        return acl

    def arch(self, kernel: CompiledKernel) -> str:
        return aicore_arch(self.platform, kernel.kernel_type)

    def source(self, kernel: CompiledKernel) -> str:
        return kernel.source + stub.launch_stub(kernel.name, kernel.params)

    def load(self, kernel: CompiledKernel) -> Launcher:
        source, arch = self.source(kernel), self.arch(kernel)
        path = build.library_path(source, kernel.cache_dir, self.toolkit, arch)
        loaded = kernel.backend_state.setdefault("npu", {})
        state = loaded.get(str(path))
        if state is None:
            t0 = time.perf_counter()
            existed = path.exists()
            path = build.build_library(source, kernel.cache_dir, self.toolkit, arch)
            self.last_compile_s = 0.0 if existed else time.perf_counter() - t0
            acl = self.acl  # ACL first (RTLD_GLOBAL), so the kernel library binds to it
            try:
                lib = ctypes.CDLL(str(path))
            except OSError as exc:
                raise NPUCompileError(f"could not load the kernel library {path}: {exc}") from None
            entry = getattr(lib, stub.ENTRY)
            entry.restype = None
            entry.argtypes = [ctypes.c_uint32, ctypes.c_void_p, ctypes.c_void_p]
            state = loaded[str(path)] = {"lib": lib, "entry": entry, "path": path, "acl": acl}
        entry, params = state["entry"], list(kernel.params)

        def launcher(block_dim: int, stream: Any, args: Sequence[Any], ctx: Any = None) -> None:
            acl = self.acl
            launch.run(acl, entry, params, int(block_dim), self.stream_handle(stream), args)

        launcher.library_path = path  # type: ignore[attr-defined]
        return launcher

    def stream_handle(self, stream: Any) -> int:
        """An aclrtStream for `stream`: None -> the current stream (runtime.stream.current_stream(),
        asc.lib.runtime's); a Stream -> its ACL stream; an int / c_void_p -> as is;
        anything with `npu_stream` (torch_npu) -> that."""
        if stream is None:
            stream = current_stream()
        if isinstance(stream, int):
            return stream
        if isinstance(stream, ctypes.c_void_p):
            return stream.value or 0
        handle = getattr(stream, "acl_handle", None)
        if callable(handle):
            return handle(self)
        npu = getattr(stream, "npu_stream", None)
        if npu is not None:
            return int(npu)
        raise TypeError(f"not a stream the NPU backend can launch on: {stream!r}")
