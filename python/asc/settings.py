"""Every environment variable asc reads, in one place (like Triton's `knobs`).

    from asc import settings
    settings.cache_dir.get()              # Path: $ASC_CACHE_DIR, ..., ~/.cache/asc
    settings.model_launch_timeout.get()   # 300.0 unless $ASC_MODEL_LAUNCH_TIMEOUT says otherwise

A knob reads the environment each time it is asked, never at import, so a
variable set (or monkeypatched) before a call takes effect at that call.
`get(env)` reads another mapping instead (the NPU toolkit lookup takes one).
An empty variable counts as unset; a value that does not parse raises
ValueError naming the variable.

Nothing else in the package reads the environment: the Model's C++ runtime
gets its knobs from Python through `LaunchConfig` (runtime/model/launch.py).
The README's table of knobs is `markdown_table()`; tests/model/test_settings.py
checks that the two agree (print it with
`python3 -c "from asc import settings; print(settings.markdown_table(), end='')"`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Tuple

__all__ = ["Knob", "KNOBS", "markdown_table", "cache_dir", "xdg_cache_home", "dump_path",
           "model_launch_timeout", "debug", "debug_findings", "debug_max_errors", "debug_precision", "debug_golden_save", "debug_golden", "deadlock_timeout", "profile", "profile_run", "profile_compute", "profile_params", "param_values", "param_text", "force_backend", "dry_run", "print_autotuning", "model_include", "model_prebuilt", "cxx", "ascend_home", "bisheng", "linker", "acl_library", "program_python",
           "vendor_headers", "kernel_corpus"]


class Knob:
    """One setting: the environment variables that set it (the first set one
    wins), its type, its default and a one-line description."""

    __slots__ = ("names", "type", "default", "doc", "default_doc", "_parse")

    def __init__(self, names: Tuple[str, ...], type: str, default: Any, doc: str, *,
                 default_doc: Optional[str] = None, parse: Optional[Callable[[str, str], Any]] = None):
        self.names = tuple(names)
        self.type = type  # "path", "str", "seconds" or "flags", for the table
        self.default = default  # a value, or a callable computing it at use time
        self.doc = doc
        self.default_doc = default_doc  # the default as the table shows it (when not the plain value)
        self._parse = parse

    @property
    def name(self) -> str:
        return self.names[0]

    def lookup(self, env: Optional[Mapping[str, str]] = None) -> Optional[Tuple[str, str]]:
        """(variable, raw value) of the first of `names` that is set and not
        empty, or None."""
        env = os.environ if env is None else env
        for n in self.names:
            v = env.get(n)
            if v:
                return n, v
        return None

    def raw(self, env: Optional[Mapping[str, str]] = None) -> Optional[str]:
        found = self.lookup(env)
        return None if found is None else found[1]

    def get(self, env: Optional[Mapping[str, str]] = None) -> Any:
        """The value now: parsed from the environment (or `env`), else the default."""
        found = self.lookup(env)
        if found is None:
            return self.default() if callable(self.default) else self.default
        return self._parse(*found) if self._parse else found[1]

    def child_env(self, value: Optional[str] = None, env: Optional[Mapping[str, str]] = None) -> dict:
        """A copy of the environment (os.environ, or `env`) for a child process: this knob's
        variables removed, and its first name set to `value` when one is given."""
        out = {k: v for k, v in (os.environ if env is None else env).items() if k not in self.names}
        if value is not None:
            out[self.names[0]] = value
        return out

    def set(self, value: str) -> None:
        """Sets the knob for this process and the children it starts later (its first name)."""
        os.environ[self.names[0]] = value

    def unset(self) -> None:
        """Removes the knob's variables from this process's environment (so that child
        processes started later, e.g. a spawn pool, do not see them)."""
        for n in self.names:
            os.environ.pop(n, None)

    def __repr__(self) -> str:
        return f"Knob({'/'.join(self.names)})"


def _path(name: str, value: str) -> Path:
    return Path(value)


def _count(name: str, value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a whole number") from None
    if n < 0:
        raise ValueError(f"{name}={value!r} is negative")
    return n


def _seconds(name: str, value: str) -> float:
    try:
        s = float(value)
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a number of seconds (0 turns the limit off)") from None
    if s != s or s in (float("inf"), float("-inf")):  # NaN would turn every comparison with it off
        raise ValueError(f"{name}={value!r} is not a finite number of seconds (0 turns the limit off)")
    return s if s > 0 else 0.0  # 0 or a negative value: no limit


DEBUG_FLAGS = ("initcheck", "racecheck", "synccheck", "memcheck")  # asc-debug's checks (asc.debug)
PRECISION_MODES = ("check", "trace")  # asc-debug --precision-check / --precision-trace


def _flags(name: str, value: str) -> frozenset:
    got = frozenset(f.strip() for f in value.split(",") if f.strip())
    unknown = sorted(got.difference(DEBUG_FLAGS))
    if unknown:
        raise ValueError(f"{name}={value!r}: unknown flag{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)} (known: {', '.join(DEBUG_FLAGS)})")
    return got


def _switch(name: str, value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name}={value!r} is not a switch (1 or 0)")


def param_values(name: str, value: str) -> dict:
    """`name=value,...` -> {name: float}. The names are checked against the platform's
    parameters where the values are used (asc.profiler.session.check_params)."""
    out = {}
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        key, eq, num = item.partition("=")
        key = key.strip()
        try:
            if not eq or not key:
                raise ValueError
            out[key] = float(num)
        except ValueError:
            raise ValueError(f"{name}={value!r}: {item!r} is not name=number") from None
    return out


def param_text(params: dict) -> str:
    """`params` ({name: number}) as ASC_PROFILE_PARAMS writes them (param_values reads them back)."""
    return ",".join(f"{k}={v!r}" for k, v in params.items())


def _precision_modes(name: str, value: str) -> frozenset:
    got = frozenset(f.strip() for f in value.split(",") if f.strip())
    unknown = sorted(got.difference(PRECISION_MODES))
    if unknown:
        raise ValueError(f"{name}={value!r}: unknown mode{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)} (known: {', '.join(PRECISION_MODES)})")
    return got


def values_of(names) -> Tuple[Optional[str], ...]:
    """The raw values of these environment variables (a cheap key for a memo of what
    knobs derive from them, e.g. asc.cache.cache_root: its knob and $HOME)."""
    return tuple(map(os.environ.get, names))


def _default_cache_dir() -> Path:
    return xdg_cache_home.get() / "asc"


_model_include_default: Optional[Path] = None


def _default_model_include() -> Path:
    """Found once per process (where this file is does not change). A wheel's folder is
    found without resolving this file's path (one stat: resolving it costs a new process's
    first launch ~0.15 ms, an lstat per component); a checkout's is found from the resolved
    path, so that a package reached through a symlink (Bazel's runfiles) still finds the
    checkout's cpp/model."""
    global _model_include_default
    if _model_include_default is None:
        from .installed import PACKAGE_ROOT  # (this package's folder, as imported: no system call)

        installed = Path(PACKAGE_ROOT, "_model", "include")  # a wheel's copy
        if installed.is_dir():
            _model_include_default = installed
        else:
            _model_include_default = Path(__file__).resolve().parents[2] / "cpp" / "model" / "include"
    return _model_include_default


# ---- the knobs (the README table lists them in this order) ----

cache_dir = Knob(
    ("ASC_CACHE_DIR", "PYASC_CACHE_DIR"), "path", _default_cache_dir,
    "disk cache of compiled kernels, and of the Model's runtime object and precompiled header (`model/`)",
    default_doc="`$XDG_CACHE_HOME/asc`", parse=_path)

xdg_cache_home = Knob(
    ("XDG_CACHE_HOME",), "path", lambda: Path(os.path.expanduser("~")) / ".cache",
    "base directory of user caches (XDG); asc's cache is `asc/` in it unless `ASC_CACHE_DIR` is set",
    default_doc="`~/.cache`", parse=_path)

dump_path = Knob(
    ("ASC_DUMP_PATH", "PYASC_DUMP_PATH"), "path", None,
    "keep the MLIR and Ascend C of every compiled kernel in this directory",
    default_doc="unset (nothing kept)", parse=_path)

model_launch_timeout = Knob(
    ("ASC_MODEL_LAUNCH_TIMEOUT",), "seconds", 300.0,
    "bound on a Model launch's wall time; a launch still running after it raises `ModelFault` naming "
    "the kernel line (0 = no bound)",
    default_doc="`300`", parse=_seconds)

debug = Knob(
    ("ASC_DEBUG",), "flags", frozenset(),
    "asc-debug's checks on every Model launch, comma-separated: `memcheck`, `racecheck`, `initcheck`, "
    "`synccheck` (findings to stderr, a summary at exit; docs/asc-debug.md)",
    default_doc="unset (none)", parse=_flags)

debug_findings = Knob(
    ("ASC_DEBUG_FINDINGS",), "path", None,
    "set by the asc-debug command for the program it runs: every finding is appended to this file (JSON "
    "lines), which the command summarises",
    default_doc="unset (findings only on stderr)", parse=_path)

debug_max_errors = Knob(
    ("ASC_DEBUG_MAX_ERRORS",), "count", 100,
    "memcheck reports this many bad accesses and steps over them; the next one stops the launch as a fault "
    "(0 = no bound; asc-debug `--max-errors`)",
    default_doc="`100`", parse=_count)

debug_precision = Knob(
    ("ASC_DEBUG_PRECISION",), "flags", frozenset(),
    "asc-debug's precision checks, comma-separated: `check` (report every comparison the script makes on a "
    "kernel output), `trace` (run launches on the Model's float64 shadow build; report the lines losing the "
    "most digits at exit)",
    default_doc="unset (none)", parse=_precision_modes)

debug_golden_save = Knob(
    ("ASC_DEBUG_GOLDEN_SAVE",), "path", None,
    "save every launch's outputs in this directory as a golden (`.npy` files and `manifest.json`; "
    "asc-debug `--save-golden`)",
    default_doc="unset (nothing saved)", parse=_path)

debug_golden = Knob(
    ("ASC_DEBUG_GOLDEN",), "path", None,
    "compare every launch's outputs with the golden in this directory (asc-debug `--golden`)",
    default_doc="unset (no comparison)", parse=_path)

deadlock_timeout = Knob(
    ("ASC_DEADLOCK_TIMEOUT",), "seconds", 0.0,
    "distributed launches (`asc.distributed`): a rank waiting on a collective longer than this is reported as a "
    "deadlock with every rank's state (asc-debug `--deadlock-check`); certain deadlocks are reported at once "
    "without it (0 = only those)",
    default_doc="unset (certain deadlocks only)", parse=_seconds)

profile = Knob(
    ("ASC_PROFILE",), "path", None,
    "profile every Model launch of the process (`asc.profile()`): `1` writes `<script>.prof` in the current "
    "directory (read it with `asc-profile`), a path ending in `.prof` that file, any other value is a directory "
    "that receives each launch's CSV and trace files",
    default_doc="unset (no profiling)", parse=_path)

profile_run = Knob(
    ("ASC_PROFILE_RUN",), "str", None,
    "set by asc for the processes of one profiled run (`ASC_PROFILE`, `asc-profile run`, asc-bench): the "
    "run's id, so that every process of the run appends to one `.prof` instead of replacing it",
    default_doc="unset (set by asc)")

profile_compute = Knob(
    ("ASC_PROFILE_COMPUTE",), "switch", True,
    "`0`: the profiled launches (`ASC_PROFILE`, `asc-profile run --timing-only`, an Ascend C program's) run "
    "timing-only, as `asc.profile(compute=False)`: every call is checked, recorded and timed, no data is "
    "computed and outputs are left as they were (big launches in a fraction of the time)",
    default_doc="`1` (compute)", parse=_switch)

profile_params = Knob(
    ("ASC_PROFILE_PARAMS",), "str", dict,
    "what-if values of the platform's cycle-model parameters for the profiled launches, `name=value,...` "
    "(what `asc.profile(**params)` takes; the names are the platform file's, `asc-profile run --set`)",
    default_doc="unset (the platform's values)", parse=param_values)


def _backend_name(name: str, value: str) -> str:
    # Only the Model can stand in for another backend: it needs no device.
    if value.strip().lower() != "model":
        raise ValueError(f"{name}={value!r}: the only backend that can be forced is Model")
    return "Model"


force_backend = Knob(
    ("ASC_FORCE_BACKEND",), "str", None,
    "`Model`: every launch runs on the Model whatever backend the script selects (e.g. an NPU test suite "
    "on a machine without one); one line on stderr says so, profiles and findings record it, and the GM arguments "
    "of a script that selected the NPU get 2 MiB pages of padding, as torch_npu allocates them",
    default_doc="unset (the script's choice)", parse=_backend_name)

dry_run = Knob(
    ("DRY_RUN",), "str", None,
    "pyasc's switch: any value compiles each launched kernel but does not run it (`Launcher.run` returns)",
    default_doc="unset (kernels run)")

print_autotuning = Knob(
    ("ASC_PRINT_AUTOTUNING",), "str", None,
    "`1`: `asc.autotune` prints each tuning's winner (config, predicted time, configs dropped and why)",
    default_doc="unset (quiet)")

model_include = Knob(
    ("ASC_MODEL_INCLUDE",), "path", _default_model_include,
    "the Model's headers (`kernel_operator.h`); its runtime sources are in `../src` beside them",
    default_doc="`_model/include` of the installed package (a wheel), else `cpp/model/include` of the "
                "checkout `asc` is imported from", parse=_path)

model_prebuilt = Knob(
    ("ASC_MODEL_PREBUILT",), "path", lambda: _default_cache_dir() / "model",
    "where `python3 -m asc.runtime.model --prebuild` (run by `./dev setup`) puts the Model's runtime "
    "object and precompiled header, built once per toolchain; a cache without its own uses them from here",
    default_doc="`$XDG_CACHE_HOME/asc/model`", parse=_path)

cxx = Knob(
    ("CXX",), "str", "g++",
    "host C++ compiler the Model compiles kernels and its runtime with (a name on `PATH`, or a path)",
    default_doc="`g++`, else `clang++` if `g++` is not on `PATH`")

ascend_home = Knob(
    ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"), "path", None,
    "CANN toolkit root of the NPU backend (CANN's `set_env.sh` sets it)",
    default_doc="`/usr/local/Ascend/ascend-toolkit/latest` if it exists", parse=_path)

bisheng = Knob(
    ("ASC_BISHENG", "PYASC_COMPILER"), "str", None,
    "the NPU backend's kernel compiler (a path, or a name on `PATH`)",
    default_doc="`<CANN root>/compiler/ccec_compiler/bin/bisheng`, else `bisheng` on `PATH`")

linker = Knob(
    ("ASC_LINKER", "PYASC_LINKER"), "str", None,
    "the linker `asc.runtime.compiler.Compiler` joins a kernel's per-core objects with (a path, or a name on "
    "`PATH`)",
    default_doc="`<CANN root>/compiler/ccec_compiler/bin/ld.lld`, else `ld.lld` on `PATH`")

acl_library = Knob(
    ("ASC_ACL_LIBRARY",), "path", None,
    "the ACL library the NPU backend loads instead of CANN's (e.g. a test double)",
    default_doc="`<CANN root>/lib64/libascendcl.so`", parse=_path)

program_python = Knob(
    ("ASC_PYTHON",), "path", None,
    "the Python an Ascend C program's host tiling (`GetTiling`) runs asc's replay module with",
    default_doc="the Python `asc-cc` ran from (recorded when the program was linked)", parse=_path)

vendor_headers = Knob(
    ("ASC_VENDOR_HEADERS",), "path", None,
    "an unpacked asc-devkit (the folder holding `include/` and `impl/`): every compile first checks the kernel's "
    "Ascend C against the vendor's own headers (`clang++ -fsyntax-only` for the Atlas A2 vector and cube cores) "
    "before the Model builds it; a failure is a `CompileError` at your line quoting the compiler's first error "
    "(docs/npu-backend.md)",
    default_doc="unset (no check)", parse=_path)

kernel_corpus = Knob(
    ("ASC_KERNEL_CORPUS",), "path", None,
    "write every compiled kernel (name, kernel type, Ascend C) to this directory, one `<digest>.json` per distinct "
    "source; `./dev vendor-check` collects the kernels of the examples and test suites with it",
    default_doc="unset (nothing written)", parse=_path)

KNOBS: Tuple[Knob, ...] = (cache_dir, xdg_cache_home, dump_path, model_launch_timeout, debug, debug_findings,
                           debug_max_errors, debug_precision,
                           debug_golden_save, debug_golden, deadlock_timeout, profile, profile_run, profile_compute,
                           profile_params, force_backend,
                           dry_run, print_autotuning, model_include, model_prebuilt,
                           cxx, ascend_home, bisheng, linker, acl_library, program_python, vendor_headers, kernel_corpus)


def markdown_table() -> str:
    """The README's table of knobs (name, default, meaning)."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    for k in KNOBS:
        names = f"`{k.name}`" + "".join(f" (or `{n}`)" for n in k.names[1:])
        default = k.default_doc if k.default_doc is not None else f"`{k.default}`"
        rows.append(f"| {names} | {default} | {k.doc} |")
    return "\n".join(rows) + "\n"
