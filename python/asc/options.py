"""Options of @asc.jit: the fields of pyasc's three option dataclasses."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Optional


@dataclasses.dataclass(frozen=True)
class CodegenOptions:
    capture_exceptions: bool = True
    ir_multithreading: bool = False


@dataclasses.dataclass(frozen=True)
class CompileOptions:
    debug: bool = False
    strip_loc: bool = False  # emit no #line directives
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True  # canonicalize + cse before emission
    kernel_type: Optional[Any] = None  # a KernelType; None: AIV_ONLY for vector kernels
    opt_level: int = 3
    auto_sync: bool = True
    auto_sync_log: str = ""
    bisheng_options: tuple = ()
    always_compile: bool = False  # skip the caches
    matmul_cube_only: bool = False
    insert_sync: bool = False


@dataclasses.dataclass(frozen=True)
class LaunchOptions:
    core_num: Optional[int] = None
    stream: Any = None


_FIELDS = {cls: {f.name for f in dataclasses.fields(cls)}
           for cls in (CodegenOptions, CompileOptions, LaunchOptions)}


def split_options(options: Dict[str, Any]):
    """Distributes @asc.jit keyword options over the three dataclasses."""
    buckets: Dict[type, Dict[str, Any]] = {cls: {} for cls in _FIELDS}
    for key, value in options.items():
        if isinstance(value, list):
            value = tuple(value)
        for cls, names in _FIELDS.items():
            if key in names:
                buckets[cls][key] = value
                break
        else:
            known = sorted(set().union(*_FIELDS.values()))
            raise TypeError(f"@asc.jit got an unknown option '{key}'; the options are: {', '.join(known)}")
    return (CodegenOptions(**buckets[CodegenOptions]), CompileOptions(**buckets[CompileOptions]),
            LaunchOptions(**buckets[LaunchOptions]))


def options_key(*opts) -> List:
    return [sorted(dataclasses.asdict(o).items(), key=lambda kv: kv[0]) for o in opts]
