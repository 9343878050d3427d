"""@asc.jit and the launch path `kernel[core_num](args...)`.

A launch specializes on the arguments (array dtypes, scalar types, ConstExpr
values), finds the compiled kernel in memory or on disk or compiles it, and
hands it to the selected backend. The cached path is kept to a handful of
dict lookups: it is the dispatch overhead every launch pays.
"""

from __future__ import annotations

import dataclasses
import inspect
import numbers
import types
from typing import Any, Dict, List, Optional, Tuple

from ._lazy import lazy_module

from . import cache
from .errors import CompileError
from .language.core import context
from .language.core import dtype as dt
from .language.core.constexpr import ConstExpr, is_constexpr_annotation
from .language.core import kernel_struct
from .language.core import struct as user_struct
from .language.core import utils as ir_utils
from .language.core.types import ParamStruct
from .options import CodegenOptions, CompileOptions, options_key, split_options
from .runtime import config
from .runtime import hooks as _hooks
from .runtime.backend import CompiledKernel, ParamSpec, kernel_symbol
from .runtime.kernel_args import check_dtype
from .runtime.launcher import DEFAULT_RUN, LaunchOptions, Launcher, load as load_launcher
from .settings import dry_run as _dry_run
from .settings import kernel_corpus as _kernel_corpus
from .settings import vendor_headers as _vendor_headers
from .source import TracedFunction, closure_values, hashable

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)
# The front end (and with it asc._C, MLIR and LLVM linked in: ~8 ms of imports) is
# imported at the first compile: a launch whose kernel the disk cache holds never needs it.
compiler = lazy_module("asc.codegen.compiler", globals(), "compiler")

_FILES = ("kernel.cpp",)


class _Mock:
    __slots__ = ("dtype",)
    kind = ""

    def __init__(self, dtype):
        if isinstance(dtype, str):
            dtype = dt.by_name(dtype)
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"{type(self).__name__} takes an asc dtype (asc.float16, ...), got {dtype!r}")
        self.dtype = dtype

    def __repr__(self):
        return f"{type(self).__name__}({self.dtype})"


class MockTensor(_Mock):
    """pyasc's `asc.runtime.jit.MockTensor(dtype)`: a global-memory argument of
    `dtype` with no data. The kernel is specialized and compiled as for a real
    array of that dtype (pyasc's unit tests launch with Launcher.run patched, or
    DRY_RUN=1); running it for real is a TypeError naming the argument."""
    kind = "gm"


class MockValue(_Mock):
    """pyasc's `asc.runtime.jit.MockValue(dtype)`: a scalar argument of `dtype` with no value."""
    kind = "scalar"


def _torch_dtype_name(t) -> Optional[str]:
    name = str(getattr(t, "dtype", ""))
    return name[len("torch."):] if name.startswith("torch.") else None


def _arg_spec(value):
    """The part of the cache key one runtime argument contributes (fast path first)."""
    t = type(value)
    if t is np.ndarray:
        return value.dtype
    if t is int:
        return "i32" if -2147483648 <= value <= 2147483647 else "i64"
    if t is float:
        return "f32"
    if t is bool:
        return "b"
    if isinstance(value, np.generic):
        return ("s", value.dtype)  # a numpy scalar: a by-value parameter of its dtype
    if isinstance(value, np.ndarray):
        return value.dtype
    torch_name = _torch_dtype_name(value)
    if torch_name is not None and hasattr(value, "data_ptr"):
        return "torch." + torch_name
    if isinstance(value, numbers.Integral):
        return "i32"
    if isinstance(value, numbers.Real):
        return "f32"
    if isinstance(value, (MockTensor, MockValue)):
        return ("mock", value.kind, value.dtype.name)  # pyasc's compile-only arguments
    if isinstance(value, user_struct.Struct):
        return user_struct.arg_key(value)  # a user-defined struct: its leaves are the parameters
    if isinstance(value, ParamStruct):
        try:
            return kernel_struct.arg_key(value)  # a tiling struct, passed by value
        except TypeError as exc:
            raise _BadArgument(str(exc)) from None
    name = type(value).__name__
    raise _BadArgument(f"a kernel argument cannot be a {name} (Argument type in JIT function is not supported: "
                       f"{name}); pass a numpy array or CPU torch tensor, a number, or mark the parameter "
                       "asc.ConstExpr[...]")


def _flatten_structs(runtime):
    """The launch's arguments with each user-defined struct replaced by its leaf values."""
    if not any(isinstance(a, user_struct.Struct) for a in runtime):
        return runtime
    out = []
    for a in runtime:
        if isinstance(a, user_struct.Struct):
            out.extend(user_struct.leaf_values(a))
        else:
            out.append(a)
    return out


class _BadArgument(TypeError):
    """An argument _arg_spec cannot type (re-raised naming the parameter)."""


def _arg_spec_or_none(value):
    try:
        return _arg_spec(value)
    except _BadArgument:
        return None


_CONST_SCALARS = (int, float, bool, str, type(None))
_CONST_TYPES = "a number, bool, str, None, enum, dtype or a tuple (or list) of them"


def _const_spec(name: str, value):
    """The cache-key part of a ConstExpr argument: ("c", value, type tag). The type
    tag keeps 1, 1.0 and True (equal as dict keys) apart; lists become tuples."""
    t = type(value)
    if t in _CONST_SCALARS:
        return ("c", value, t)
    if t is tuple or t is list:
        value = _const_tuple(name, value)
        return ("c", value, _type_tags(value))
    _check_const_element(name, value)
    return ("c", value, t)


def _const_tuple(name: str, seq) -> tuple:
    out = []
    for v in seq:
        t = type(v)
        if t is tuple or t is list:
            v = _const_tuple(name, v)
        elif t not in _CONST_SCALARS:
            _check_const_element(name, v)
        out.append(v)
    return tuple(out)


def _check_const_element(name: str, value) -> None:
    if isinstance(value, np.ndarray):
        raise TypeError(f"ConstExpr parameter {name!r}: a numpy.ndarray is not a compile-time value; "
                        f"pass {_CONST_TYPES} (e.g. tuple(a.tolist()))")
    if not hashable(value):
        raise TypeError(f"ConstExpr parameter {name!r}: a {type(value).__name__} is not a compile-time "
                        f"value; pass {_CONST_TYPES}")


def _type_tags(value: tuple) -> tuple:
    return tuple(_type_tags(v) if type(v) is tuple else type(v) for v in value)


def _spec_to_arg(name: str, spec):
    if isinstance(spec, np.dtype):
        if not spec.isnative:
            # '>f4' has the name float32, but compiling for it would read wrong numbers
            check_dtype(spec, ParamSpec(name, "gm", spec.name, "GM_ADDR"))
        return compiler.ArgSpec(name, "gm", dt.from_numpy(spec))
    if isinstance(spec, tuple) and spec[0] == "struct":
        return compiler.ArgSpec(name, "struct", value=kernel_struct.class_of(spec[1]))
    if isinstance(spec, tuple) and spec[0] == "ustruct":
        return compiler.ArgSpec(name, "ustruct", value=user_struct.class_of(spec[1]))
    if isinstance(spec, tuple) and spec[0] == "mock":
        return compiler.ArgSpec(name, spec[1], dt.by_name(spec[2]))
    if isinstance(spec, tuple) and spec[0] == "s":
        return compiler.ArgSpec(name, "scalar", dt.from_numpy(spec[1]))
    if isinstance(spec, str) and spec.startswith("torch."):
        return compiler.ArgSpec(name, "gm", dt.by_name(spec[len("torch."):]))
    return compiler.ArgSpec(name, "scalar", {"i32": dt.int32, "i64": dt.int64, "f32": dt.float32,
                                             "b": dt.int8}[spec])


class JITFunction(TracedFunction):
    """A Python function compiled as an Ascend C kernel (or called as a device function)."""

    def __init__(self, fn, **options):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.__wrapped__ = fn
        self.codegen_options, self.compile_options, self.launch_options = split_options(options)
        self._jit_options = dict(options)
        self._variants: Dict[Tuple, "JITFunction"] = {}  # kernel[n](..., option=value): see _with_call_options
        self.signature = inspect.signature(fn)
        self.param_names = list(self.signature.parameters)
        hints = {}
        for name, p in self.signature.parameters.items():
            hints[name] = p.annotation
        self.constexpr_params = {n for n, a in hints.items() if is_constexpr_annotation(a)}
        self._const_index = [i for i, n in enumerate(self.param_names) if n in self.constexpr_params]
        self._source = None
        self._source_digest = None
        self._digest_unstable = False  # a global is keyed by identity: no disk cache
        self._options_key = None
        self._digest_deps: List = []
        self._kernels: Dict[Tuple, Tuple] = {}
        self._grids: Dict[Any, "_Launch"] = {}

    # ------------------------------------------------------------------ source
    def _digest_valid(self, seen) -> bool:
        """The cached digest still describes the globals (and callees) it was computed from."""
        if self._source_digest is None:
            return False
        if id(self) in seen:
            return True
        seen.add(id(self))
        for d, name, value in self._digest_deps:
            if d.get(name, _MISSING) is not value:
                return False
            if isinstance(value, JITFunction) and not value._digest_valid(seen):
                return False
        return True

    def source_digest(self, _seen=None) -> str:
        """Hash of this function's code and of the jit functions and globals it names.

        Built from code objects (bytecode, constants, names, file and first
        line) rather than from the source text: no file reads, so a new process
        reaches its first cached launch quickly (the first line matters: the
        emitted #line directives depend on it). Cached with the identities of
        those globals: rebinding a global (or a callee's global) recomputes it,
        so a stale digest never keys a kernel.
        """
        if self._source_digest is not None and self._digest_valid(set()):
            if self._digest_unstable and _seen is not None:
                _seen.add(_UNSTABLE)
            return self._source_digest
        seen = _seen if _seen is not None else set()
        seen.add(id(self))
        digest, deps = _function_digest(self.fn, seen)
        self._source_digest = digest
        self._digest_deps = deps
        self._digest_unstable = _UNSTABLE in seen
        return digest

    # ----------------------------------------------------------------- launch
    def __getitem__(self, grid) -> "_Launch":
        # Only grids whose core_num is a plain int are cached: 8.0 == True + 7 == 8
        # as dict keys, but only the int is a valid core_num.
        t = type(grid)
        canonical = t is int or (t is tuple and len(grid) == 2 and type(grid[0]) is int)
        launch = self._grids.get(grid) if canonical else None
        if launch is None:
            if isinstance(grid, tuple):
                if len(grid) > 2 or not grid:
                    raise TypeError("launch as kernel[core_num] or kernel[core_num, stream]")
                core_num, stream = (grid + (None,))[:2]
            else:
                core_num, stream = grid, None
            launch = _Launch(self, _check_core_num(core_num), stream)
            if canonical:
                try:
                    self._grids[grid] = launch
                except TypeError:
                    pass
        return launch

    def __call__(self, *args, **kwargs):
        if context.in_kernel():
            raise CompileError(f"{self.__name__} is a device function here: call it from kernel code")
        core_num = self.launch_options.core_num
        if core_num is None:
            raise TypeError(f"launch the kernel as {self.__name__}[core_num](args...) "
                            f"or {self.__name__}[core_num, stream](args...)")
        return self[core_num, self.launch_options.stream](*args, **kwargs)

    def _bind(self, args, kwargs) -> Tuple[Tuple, List]:
        if kwargs or len(args) != len(self.param_names):
            try:
                bound = self.signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise TypeError(f"{self.__name__}(): {exc}") from None
            bound.apply_defaults()
            args = tuple(bound.arguments[n] for n in self.param_names)
        try:
            if self._const_index:
                key = []
                runtime = []
                for i, a in enumerate(args):
                    if i in self._const_index:
                        key.append(_const_spec(self.param_names[i], ConstExpr.unwrap(a)))
                    else:
                        key.append(_arg_spec(a))
                        runtime.append(a)
                return tuple(key), (_flatten_structs(runtime) if user_struct.seen else runtime)
            return tuple(map(_arg_spec, args)), (_flatten_structs(args) if user_struct.seen else args)
        except _BadArgument as exc:
            i = len(key) if self._const_index else next(
                j for j, a in enumerate(args) if _arg_spec_or_none(a) is None)
            raise TypeError(f"argument {self.param_names[i]!r}: {exc}") from None

    def compile(self, key: Tuple) -> Tuple:
        """The compiled kernel for a specialization key (memory, disk, or a new compile)."""
        opts = self.compile_options
        if self._options_key is None:  # (its text: the digest reads every part's repr)
            self._options_key = repr(options_key(self.codegen_options, opts))
        full_key = cache.digest(cache.toolchain_hash(), self.source_digest(), _digest_form(key), self._options_key)
        kernel_name = self.__name__
        guards: List = []
        # With dumps on, an entry must also hold the MLIR (entries written without
        # dumps do not); otherwise recompile.
        dumping = cache.dump_dir() is not None
        wanted = _FILES + ("kernel.mlir",) if dumping else _FILES
        # A kernel whose digest holds an object's identity (a global with no
        # stable description) is cached in memory only: on disk another process
        # could meet a different object at the same address.
        # With auto_sync_log the compile must run for the pass to write its log.
        on_disk = not opts.always_compile and not opts.auto_sync_log and not self._digest_unstable
        hit = cache.load(full_key, wanted) if on_disk else None
        if hit is not None:
            meta, files = hit
            params = [ParamSpec(**p) for p in meta["params"]]
            source = files["kernel.cpp"]
            mlir = files.get("kernel.mlir", "")
            self._guards_from_names(guards)
        else:
            specs = self._arg_specs(key)  # (a disk hit needs none: ~0.05 ms of a new process's first launch)
            keep_mlir = dumping or opts.debug
            # pyasc's codegen tests patch the compile step out and FileCheck the module as traced
            ir_utils.global_builder.keep_traced = type(self)._run_compiler is not _DEFAULT_RUN_COMPILER
            params, mlir, source, session = compiler.compile_to_source(self, specs, kernel_name, opts,
                                                                       keep_mlir)
            guards = [(d, n, v) for d, n, v in session.used_globals if not _is_module(v)]
            meta = {"name": kernel_name, "params": [p.__dict__ for p in params],
                    "kernel_type": _kernel_type_name(opts, source)}
            files = {"kernel.cpp": source}
            if mlir:
                files["kernel.mlir"] = mlir
            if on_disk:
                cache.store_deferred(full_key, meta, files)
        if dumping:
            cache.dump(kernel_name, mlir, source)
        corpus, vendor = _kernel_corpus.get(), _vendor_headers.get()
        if corpus is not None or vendor is not None:
            kernel_type = _kernel_type_name(opts, source)
            if corpus is not None:
                cache.record_kernel(corpus, kernel_name, kernel_type, source, self.source().filename)
            if vendor is not None:  # before the Model builds it (docs/npu-backend.md)
                from .runtime.npu import vendor_check
                vendor_check.check_kernel(source, vendor, kernel_name, kernel_type)
        compiled = self._run_compiler((params, mlir, source, full_key), opts)
        entry = (compiled, guards, {})
        if not opts.always_compile and compiled is not None:
            self._kernels[key] = entry
        return entry

    def _arg_specs(self, key: Tuple) -> List:
        """The front end's argument specs for a specialization key (what a compile traces with)."""
        specs = []
        for name, spec in zip(self.param_names, key):
            if isinstance(spec, tuple) and spec and spec[0] == "c":
                specs.append(compiler.ArgSpec(name, "const", value=spec[1]))
            else:
                specs.append(_spec_to_arg(name, spec))
        return specs

    def _run_compiler(self, emitted, opts) -> CompiledKernel:
        """pyasc's compile step: the loadable kernel from the emitted Ascend C
        (params, MLIR text, source, cache key). A test that patches it out gets
        its return value (None) handed to the launch step, as in pyasc."""
        params, mlir, source, full_key = emitted
        return CompiledKernel(name=kernel_symbol(source, self.__name__), source=source, mlir=mlir, params=params,
                              key=full_key, cache_dir=cache.entry_dir(full_key),
                              kernel_type=_kernel_type_name(opts, source), options=opts, function_name=self.__name__)

    def _guards_from_names(self, guards, seen=None):
        """Guards for a kernel loaded from disk: every global the kernel and its
        callees (and the plain helpers they call) name, as recorded by the digest."""
        seen = set() if seen is None else seen
        if id(self) in seen:
            return
        seen.add(id(self))
        self.source_digest()
        for d, name, value in self._digest_deps:
            if _is_module(value):
                continue
            guards.append((d, name, value))
            if isinstance(value, JITFunction):
                value._guards_from_names(guards, seen)

    def warmup(self, *args, **kwargs) -> CompiledKernel:
        """Compiles for these arguments without launching; returns the CompiledKernel."""
        key, _ = self._bind(args, kwargs)
        entry = self._kernels.get(key)
        if entry is None or not _guards_hold(entry[1]):
            entry = _compile_hiding_frames(self, key)
        return entry[0]

    def _with_call_options(self, kwargs):
        """pyasc's launch-time options, `kernel[n](x, always_compile=True)`: the
        keyword arguments that are codegen/compile options (not parameters) give
        this function compiled with them added to its @asc.jit options."""
        options = {k: v for k, v in kwargs.items() if k in _CALL_OPTIONS and k not in self.param_names}
        if not options:
            return self, kwargs
        rest = {k: v for k, v in kwargs.items() if k not in options}
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
        variant = self._variants.get(key)
        if variant is None:
            variant = JITFunction(self.fn, **{**self._jit_options, **dict(key)})
            self._variants[key] = variant
        return variant, rest

    def _run_launcher(self, kernel: CompiledKernel, options: LaunchOptions, runtime_args) -> None:
        """pyasc's launch step (taken when Launcher.run is replaced or DRY_RUN is set)."""
        return Launcher(options).run(kernel, self.__name__, runtime_args)

    def __repr__(self):
        return f"<asc.jit kernel {self.__name__}>"


class _Launch:
    """kernel[core_num, stream]: call it with the kernel's arguments."""

    __slots__ = ("jitfn", "core_num", "stream")

    def __init__(self, jitfn: JITFunction, core_num: int, stream):
        self.jitfn = jitfn
        self.core_num = core_num
        self.stream = stream

    def __call__(self, *args, **kwargs):
        fn = self.jitfn
        if kwargs:
            fn, kwargs = fn._with_call_options(kwargs)
        key, runtime = fn._bind(args, kwargs)
        entry = fn._kernels.get(key)
        if entry is None or not _guards_hold(entry[1]):
            entry = _compile_hiding_frames(fn, key)
            cache.flush()  # a launched kernel's entry goes to disk now (see cache.py)
        launchers = entry[2]
        direct = Launcher.run is DEFAULT_RUN and JITFunction._run_launcher is _DEFAULT_RUN_LAUNCHER
        launcher = launchers.get(config.generation) if direct else None
        if launcher is None:
            if not direct or _dry_run.lookup() is not None:
                # pyasc's launch layer, as its tests see it: a mocked or wrapped
                # Launcher.run is called once per launch; DRY_RUN compiles only.
                # (DRY_RUN is read until a kernel's first real launch: reading
                # the environment costs more than the rest of a dispatch.)
                return fn._run_launcher(entry[0], LaunchOptions(self.core_num, self.stream), runtime)
            _refuse_mocks(fn, key)
            launcher = load_launcher(entry[0], fn.__name__)
            launchers.clear()
            launchers[config.generation] = launcher
        if _hooks.active:  # a tool is watching launches: it gets the whole launch (runtime/hooks.py)
            return _hooks.run(_hooks.LaunchContext(entry[0], launcher, self.core_num, self.stream, runtime,
                                                   config.current_backend(), jit=fn, key=key,
                                                   call=(self, args, kwargs)))
        return launcher(self.core_num, self.stream, runtime)


# Options a launch may give as keyword arguments (pyasc: CodegenOptions, CompileOptions).
_CALL_OPTIONS = frozenset(f.name for cls in (CodegenOptions, CompileOptions) for f in dataclasses.fields(cls))

# _Launch compares JITFunction._run_launcher against this (pyasc's tests patch it).
_DEFAULT_RUN_LAUNCHER = JITFunction._run_launcher
_DEFAULT_RUN_COMPILER = JITFunction._run_compiler


_DTYPE_TEXT: Dict[Any, str] = {}  # numpy dtype -> its text in the digest, computed once per process


def _digest_form(key):
    """The specialization key as the disk-cache digest reads it: numpy dtypes as text, computed
    once per dtype: numpy's own numeric types by their type string ('<f2': byte order, kind,
    size, all there is to them), any other dtype by its repr (numpy writes a repr in Python:
    ~20-40 µs, a new process's first launch pays it for each dtype)."""
    out = []
    for part in key:
        t = type(part)
        if t is tuple:
            part = _digest_form(part)
        elif t is not str and isinstance(part, np.dtype):
            text = _DTYPE_TEXT.get(part)
            if text is None:
                plain = part.isbuiltin == 1 and part.kind in "biufc"
                text = _DTYPE_TEXT[part] = part.str if plain else repr(part)
            part = text
        out.append(part)
    return tuple(out)


def _refuse_mocks(fn: JITFunction, key: Tuple) -> None:
    """A MockTensor/MockValue has no data: a real run is an error naming the argument."""
    for name, spec in zip(fn.param_names, key):
        if type(spec) is tuple and spec and spec[0] == "mock":
            raise TypeError(f"{fn.__name__}: argument {name!r} is a mock ({spec[1]} of {spec[2]}) with no data; "
                            "it can only be compiled (Launcher.run mocked or DRY_RUN=1), not run")


# Ascend C's blockDim range; a backend may accept fewer (the Model runs 1..4096).
MAX_CORE_NUM = 65535


def _check_core_num(core_num) -> int:
    if isinstance(core_num, bool) or not isinstance(core_num, numbers.Integral):
        raise TypeError(f"core_num must be an int, got {core_num!r} ({type(core_num).__name__})")
    core_num = int(core_num)
    if not 1 <= core_num <= MAX_CORE_NUM:
        raise ValueError(f"core_num {core_num} is out of range: a kernel runs on 1..{MAX_CORE_NUM} "
                         "blocks (kernel[core_num])")
    return core_num


def _compile_hiding_frames(fn: JITFunction, key):
    """Compiles; a CompileError is re-raised without the front end's frames, so the
    traceback ends at the user's launch line and the message names the kernel line."""
    try:
        return fn.compile(key)
    except CompileError as exc:
        raise exc.with_traceback(None) from None


def _guards_hold(guards) -> bool:
    for d, name, value in guards:
        if d.get(name, _MISSING) is not value:
            return False
    return True


_MISSING = object()


def _is_module(v) -> bool:
    return isinstance(v, types.ModuleType)


def _kernel_type_name(opts, source: str = "") -> str:
    kt = opts.kernel_type
    if kt is not None:
        return getattr(kt, "name", kt)
    # A kernel with an adv Matmul object runs on the cube: with matmul_cube_only
    # on the AIC cores alone, else as a mixed kernel (one AIC per two AIV, the
    # vector cores running the kernel body), as pyasc compiles it.
    if "AscendC::Matmul<" in source:
        return "AIC_ONLY" if opts.matmul_cube_only else "MIX_AIC_1_2"
    return "AIV_ONLY"


def _code_names(code) -> List[str]:
    names = list(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names.extend(_code_names(const))
    return names


def _code_digest(code) -> tuple:
    consts = tuple(_code_digest(c) if isinstance(c, types.CodeType) else repr(c)
                   for c in code.co_consts)
    return (code.co_filename, code.co_firstlineno, code.co_code, consts, code.co_names,
            code.co_varnames)


def _function_digest(fn, seen) -> Tuple[str, List]:
    """Digest of a function's code, defaults, annotations and of every global or
    closure value it names (recursively); also returns those (dict, name, value)."""
    code = fn.__code__
    parts: List[Any] = [_code_digest(code), repr(fn.__defaults__),
                        repr(getattr(fn, "__annotations__", {}))]
    closure = closure_values(fn)
    glb = fn.__globals__
    deps = []
    for name in sorted(set(_code_names(code)) | set(code.co_freevars)):
        if name in closure:
            d = closure
        elif name in glb:
            d = glb
        else:
            continue
        value = d[name]
        deps.append((d, name, value))
        parts.append((name, _dependency_digest(value, seen)))
    return cache.digest(*parts), deps


# In a digest's `seen` set: some dependency was keyed by its identity.
_UNSTABLE = "<keyed by identity>"


def _dependency_digest(value, seen) -> Any:
    if isinstance(value, JITFunction):
        if id(value) in seen:
            return value.__name__
        return value.source_digest(seen)
    if isinstance(value, types.ModuleType):
        return "module:" + value.__name__
    if isinstance(value, types.FunctionType):
        # A plain helper runs at trace time: what it closes over matters too.
        if id(value) in seen:
            return value.__qualname__
        seen.add(id(value))
        return _function_digest(value, seen)[0]
    if isinstance(value, type):
        return value.__module__ + "." + value.__qualname__
    if isinstance(value, (int, float, str, bool, tuple, list, dict, type(None), np.generic)):
        return repr(value)
    name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
    module = getattr(value, "__module__", None)
    if isinstance(name, str) and isinstance(module, str):
        return f"{module}.{name}"  # API functions and other named objects of a module
    text = repr(value)
    if " at 0x" not in text:
        return f"{type(value).__qualname__}:{text}"
    # No stable description: key by identity, and keep the kernel off the disk
    # cache (compile() checks for the marker).
    seen.add(_UNSTABLE)
    return f"{type(value).__qualname__}@{id(value)}"


def jit(fn=None, **options):
    """Compiles a Python function as an Ascend C kernel: `@asc.jit` or `@asc.jit(**options)`.

    Launch with `kernel[core_num](args...)` or `kernel[core_num, stream](args...)`.
    Options are the fields of CodegenOptions, CompileOptions and LaunchOptions.
    """
    if fn is None:
        split_options(options)  # reject unknown options at decoration time
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)
