"""The contract between the front end and the backends that run kernels.

The front end (asc.jit) turns a Python kernel into a `CompiledKernel`: the
Ascend C source the emitter wrote, the MLIR it came from, and the kernel's
parameter list. A backend turns that into something launchable:

    launcher = backend.load(kernel)          # once per compiled kernel
    launcher(block_dim, stream, args, ctx)   # every launch (ctx: None, or the
                                             # hooks.LaunchContext with the tools' knobs)

`args` are the user's own objects in parameter order (numpy arrays or CPU
torch tensors for GM parameters; Python or numpy scalars for the others); a
backend must not copy arrays it can use in place.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any, Callable, Optional, Sequence


@dataclasses.dataclass(frozen=True)
class ParamSpec:
    """One kernel parameter as it appears in the emitted C signature."""

    name: str
    kind: str  # "gm" (GM_ADDR pointer to an array) or "scalar"
    dtype: str  # numpy dtype name: "float32", "float16", "int32", "bfloat16", ...
    ctype: str  # the C++ type in the emitted signature: "GM_ADDR", "int32_t", "float", ...


_KERNEL_PREFIX = 'extern "C" __global__ __aicore__ void '
_KERNEL_SYMBOL = re.compile(re.escape(_KERNEL_PREFIX) + r'(\w+)\(')


def kernel_symbol(source: str, name: str) -> str:
    """The C symbol the emitter gave kernel `name` in `source`: the name itself, unless it is a
    C++ keyword or a name of the vendor's headers (`double` becomes `double_`, the tour's
    `vadd`, an intrinsic, `vadd_`). The first kernel of the source when several are there."""
    at = source.find(_KERNEL_PREFIX)  # (str.find, then the pattern there: a regex search costs µs)
    while at >= 0:
        m = _KERNEL_SYMBOL.match(source, at)
        if m:
            return m.group(1)
        at = source.find(_KERNEL_PREFIX, at + 1)
    return name


@dataclasses.dataclass
class CompiledKernel:
    """What the front end hands to a backend."""

    name: str  # the extern "C" symbol of the kernel in `source`
    source: str  # Ascend C text, with #line directives naming the Python file
    mlir: str  # the module the source was emitted from
    params: Sequence[ParamSpec]
    key: str  # hex digest: the whole cache key of this compilation
    cache_dir: Optional[Path]  # per-kernel disk-cache directory (None: disk cache off)
    kernel_type: str = "AIV_ONLY"  # a KernelType name
    options: Any = None  # the CompileOptions used
    function_name: str = ""  # the kernel's Python name (name may differ: `vadd` is emitted as `vadd_`)
    # Backends keep their loaded artefact here (e.g. the Model's shared library)
    # so a cache hit does not load twice.
    backend_state: dict = dataclasses.field(default_factory=dict)


# launcher(block_dim, stream, args, ctx=None); a backend's launcher that takes only the
# first three is adapted by asc.runtime.launcher (it then sees no context).
Launcher = Callable[..., None]


class BackendUnavailable(RuntimeError):
    """The selected backend cannot run on this machine (e.g. NPU without CANN)."""


class KernelBackend:
    """Base class of the backends (Model, NPU)."""

    name = "abstract"

    def load(self, kernel: CompiledKernel) -> Launcher:  # pragma: no cover - interface
        raise NotImplementedError
