"""pyasc's compile driver names (asc.runtime.compiler): a kernel's device binary.

    from asc.runtime.compiler import CompileOptions, Compiler
    binary = Compiler(CompileOptions(opt_level=2)).run(kernel.warmup(x, y), "vadd")
    binary.binary, binary.core_type      # the image, CoreType.VectorCore

`run` takes what asc's front end compiles (`JITFunction.warmup(...)`, the kernel's
Ascend C and kernel type) or Ascend C source text, and builds the device binary
per AI Core type with bisheng and ld.lld (asc.runtime.npu.device_build), as
runtimes that register raw device binaries need it. asc's own NPU backend does not
use it (it builds kernel + launch stub into one library). Needs CANN's bisheng and
ld.lld (ASC_BISHENG / PYASC_COMPILER, ASC_LINKER / PYASC_LINKER, else under the
CANN root, else on PATH); kernel prints are compiled out (ASCENDC_DUMP=0: this
path allocates no dump buffer).
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

from .. import settings
from ..options import CompileOptions
from . import config
from .backend import CompiledKernel as FrontEndKernel
from .npu import device_build
from .npu.device_build import CoreType, core_type_of
from .npu.toolkit import find_bisheng, toolkit_root

__all__ = ["CompileOptions", "CompiledKernel", "Compiler", "CoreType"]


@dataclasses.dataclass(frozen=True)
class CompiledKernel:
    """A device binary and the cores it runs on (pyasc's fields)."""

    binary: Optional[bytes] = None
    core_type: CoreType = CoreType.VectorCore
    enable_debug: bool = False
    kernel_args: Optional[Tuple[Any, ...]] = None


def option_problems(options: CompileOptions, soc: str) -> List[str]:
    """Why these options cannot build a device binary for `soc` (empty when they can)."""
    problems = []
    if not (soc.startswith("Ascend910B") or soc.startswith("Ascend910_93")):
        problems.append(f"the platform {soc} is not an Atlas A2/A3 part (Ascend910B*, Ascend910_93*)")
    kt = options.kernel_type
    if kt is not None and not isinstance(kt, config.KernelType):
        problems.append(f"kernel_type must be an asc.runtime.config.KernelType, got {kt!r}")
    if options.opt_level not in (1, 2, 3):
        problems.append(f"opt_level must be 1, 2 or 3, got {options.opt_level!r}")
    return problems


def _find_linker(root: Optional[Path]) -> Optional[str]:
    exe = settings.linker.get()
    if exe:
        return exe if Path(exe).is_file() else shutil.which(exe)
    if root is not None:
        cand = root / "compiler" / "ccec_compiler" / "bin" / "ld.lld"
        if cand.is_file():
            return str(cand)
    return shutil.which("ld.lld")


class Compiler:
    """Builds device binaries with `options` for the platform of asc.runtime.config."""

    def __init__(self, options: Optional[CompileOptions] = None):
        self.options = CompileOptions() if options is None else options
        self.soc_version = config.platform
        problems = option_problems(self.options, self.soc_version.value)
        if problems:
            raise RuntimeError("Please check input compile option: " + "; ".join(problems))
        root, _ = toolkit_root()
        self.root = root if root is not None and root.is_dir() else None
        self.compiler = find_bisheng(self.root)
        if self.compiler is None:
            raise RuntimeError("Compiler executable is not found: install CANN (source its set_env.sh) or set "
                               "ASC_BISHENG / PYASC_COMPILER")
        self.linker = _find_linker(self.root)
        if self.linker is None:
            raise RuntimeError("Linker executable is not found: install CANN (its ld.lld) or set ASC_LINKER / "
                               "PYASC_LINKER")

    def kernel_type_of(self, kernel: Union[FrontEndKernel, str]) -> str:
        if self.options.kernel_type is not None:
            return self.options.kernel_type.name
        return kernel.kernel_type if isinstance(kernel, FrontEndKernel) else "AIV_ONLY"

    def build_options(self) -> device_build.DeviceBuildOptions:
        o = self.options
        includes = ()
        if self.root is not None:
            tik = self.root / "compiler" / "tikcpp" / "tikcfw"
            includes = tuple(str(p) for p in (tik, tik / "impl", tik / "interface"))
        return device_build.DeviceBuildOptions(opt_level=o.opt_level, debug=o.debug, auto_sync=bool(o.auto_sync),
                                               auto_sync_log=o.auto_sync_log or "",
                                               extra=tuple(o.bisheng_options or ()), includes=includes)

    def run(self, kernel: Union[FrontEndKernel, str], func_name: Optional[str] = None) -> CompiledKernel:
        """The device binary of `kernel` (a JITFunction.warmup result, or Ascend C source);
        `func_name`, pyasc's argument, names the kernel and is not needed to build it."""
        if not isinstance(kernel, (FrontEndKernel, str)):
            raise TypeError("Compiler.run takes a compiled asc kernel (JITFunction.warmup(...)) or Ascend C "
                            f"source, got {type(kernel).__name__}")
        source = kernel.source if isinstance(kernel, FrontEndKernel) else kernel
        kernel_type = self.kernel_type_of(kernel)
        with tempfile.TemporaryDirectory(prefix="asc_device_build_") as work:
            binary = device_build.build(self.compiler, self.linker, self.soc_version.value, kernel_type, source,
                                        Path(work), self.build_options())
        return CompiledKernel(binary, core_type_of(kernel_type), False, None)
