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
    # pyasc's default. A kernel (with its device functions) holding no set_flag,
    # wait_flag or pipe_barrier gets its flags from the ascendc-insert-sync pass
    # (docs/auto-sync.md); one that holds any is left as written.
    auto_sync: bool = True
    # A file the pass appends its decisions to (each inserted pair or barrier:
    # pipes, event id, the Python lines of both accesses); "" logs nothing.
    auto_sync_log: str = ""
    bisheng_options: tuple = ()
    always_compile: bool = False  # skip the caches
    matmul_cube_only: bool = False
    insert_sync: bool = False  # the same pass, asked for explicitly (pyasc: LocalTensorAuto kernels)


@dataclasses.dataclass(frozen=True)
class LaunchOptions:
    core_num: Optional[int] = None
    stream: Any = None


_FIELDS = {cls: {f.name for f in dataclasses.fields(cls)}
           for cls in (CodegenOptions, CompileOptions, LaunchOptions)}


# Options pyasc has that asc does not implement yet: the accepted value (what
# asc does) and why another value cannot be honoured. Giving any other value
# raises NotImplementedError instead of being silently ignored.
NOT_IMPLEMENTED = {
    "capture_exceptions": (True, "front-end errors are always raised as asc.CompileError naming your line"),
    "ir_multithreading": (False, "the IR is built and run on one thread"),
    "print_ir_before_all": (False, "use ASC_DUMP_PATH=dir to keep each kernel's MLIR and Ascend C"),
    "opt_level": (3, "the Model compiles at -O2 and the NPU backend with CANN's sample flags; other levels are "
                     "not passed on yet"),
    "bisheng_options": ((), "extra bisheng flags are not passed on yet"),
}


def _check_implemented(key: str, value: Any) -> None:
    accepted, why = NOT_IMPLEMENTED.get(key, (value, ""))
    if value != accepted:
        raise NotImplementedError(f"@asc.jit option {key}={value!r} is not supported: {why} "
                                  f"(the accepted value is {accepted!r})")


def split_options(options: Dict[str, Any]):
    """Distributes @asc.jit keyword options over the three dataclasses; an
    option asc does not implement raises NotImplementedError unless it has the
    value asc's behaviour matches (NOT_IMPLEMENTED)."""
    buckets: Dict[type, Dict[str, Any]] = {cls: {} for cls in _FIELDS}
    for key, value in options.items():
        if isinstance(value, list):
            value = tuple(value)
        for cls, names in _FIELDS.items():
            if key in names:
                _check_implemented(key, value)
                buckets[cls][key] = value
                break
        else:
            known = sorted(set().union(*_FIELDS.values()))
            raise TypeError(f"@asc.jit got an unknown option '{key}'; the options are: {', '.join(known)}")
    return (CodegenOptions(**buckets[CodegenOptions]), CompileOptions(**buckets[CompileOptions]),
            LaunchOptions(**buckets[LaunchOptions]))


def options_key(*opts) -> List:
    """Each options object as its (field, value) pairs sorted by name: what
    sorted(dataclasses.asdict(o).items()) gives for these flat dataclasses (the same
    repr, so the same cache keys), without asdict's deep copy (~0.05 ms of a new
    process's first launch)."""
    return [sorted((name, getattr(o, name)) for name in _FIELD_NAMES[type(o)]) for o in opts]


_FIELD_NAMES = {cls: tuple(f.name for f in dataclasses.fields(cls))
                for cls in (CodegenOptions, CompileOptions, LaunchOptions)}
