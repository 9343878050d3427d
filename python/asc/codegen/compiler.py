"""One kernel compilation: Python source → ascendc module → Ascend C text.

`compile_kernel` traces the kernel with a CodeGenerator, instantiates the
device functions it calls (one func.func per distinct argument
specialization), verifies and optimises the module (canonicalize, cse) and
emits Ascend C with `#line` directives pointing at the Python source.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple

try:
    from .. import _C
except ImportError as exc:  # imported at the first compile: `import asc` worked without it
    raise ImportError(f"asc's native compiler module asc._C cannot be loaded ({exc}); in a checkout, build it "
                      f"with `./dev setup`; an installed asc: reinstall its wheel for this platform") from exc
from ..errors import CompileError
from ..language.core import context
from ..language.core import dtype as dt
from ..language.core import kernel_struct, semantic
from ..language.core import struct as user_struct
from ..language.core import utils as ir_utils
from ..language.core.constexpr import ConstExpr, RuntimeValue
from ..language.core.semantic import GlobalAddress, PlainValue
from ..runtime.backend import ParamSpec
from ..source import FunctionSource, TracedFunction, hashable
from .generator import CodeGenerator, _Return, rewrap

ir = _C.ir
_lock = threading.Lock()


class _IRContext:
    """An MLIR context, and the file locations uniqued in it (by file, line and
    column): a location belongs to its context, so the cache lives with it."""

    __slots__ = ("ir", "locations")

    def __init__(self):
        self.ir = ir.Context()
        self.locations: Dict[Tuple[str, int, int], Any] = {}


_context: Optional[_IRContext] = None


def _ir_context() -> _IRContext:
    """One MLIR context per process: creating one (loading dialects) costs milliseconds."""
    global _context
    if _context is None:
        _context = _IRContext()
    return _context


def _positional_arguments(jitfn: TracedFunction, args, kwargs) -> Optional[Dict[str, Any]]:
    """{name: value} of a device-function call that passes every parameter positionally
    (the common case), without inspect's Signature.bind (tens of µs a call, on every
    warm compile); None otherwise (keywords, defaults, *args): bind() then."""
    if kwargs:
        return None
    sig = jitfn.signature
    memo = getattr(jitfn, "__dict__", None)
    if memo is None:
        return None
    got = memo.get("_positional_names")  # (signature, names or None), kept on the function
    if got is None or got[0] is not sig:
        plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in sig.parameters.values())
        got = memo["_positional_names"] = (sig, tuple(sig.parameters) if plain else None)
    names = got[1]
    if names is None or len(args) != len(names):
        return None
    return dict(zip(names, args))


class ArgSpec:
    """How one kernel argument is passed: a GM array, a runtime scalar or a constant."""

    __slots__ = ("name", "kind", "dtype", "value")

    def __init__(self, name: str, kind: str, dtype: dt.DataType = None, value: Any = None):
        self.name, self.kind, self.dtype, self.value = name, kind, dtype, value


class _Printed(str):
    """A module's text, printed when it was traced (str() gives it back)."""


class KernelCompilation:
    def __init__(self, kernel_name: str):
        ctx = _ir_context()
        self.builder = ir.Builder(ctx.ir)
        self.locations = ctx.locations
        self.kernel_name = kernel_name
        self.module = self.builder.create_module()
        self.device_functions: Dict[Tuple, Tuple[str, List]] = {}
        self.used_names: Dict[str, int] = {}
        self.used_globals: List[Tuple[dict, str, Any]] = []
        self.callees: List[TracedFunction] = []
        # The kernel runs on the cube cores alone: its Matmul is Ascend C's MatmulImpl, not the
        # MatmulClient of a mixed kernel (asc.adv.Matmul's batch forms differ between the two).
        self.matmul_cube_only = False

    def unique_name(self, name: str) -> str:
        n = self.used_names.get(name, 0)
        self.used_names[name] = n + 1
        return name if n == 0 else f"{name}_{n}"

    def use_global(self, src: FunctionSource, name: str, value):
        """Records a global the kernel read, so the in-memory cache can notice it change."""
        self.used_globals.append((src.closure if name in src.closure else src.globals, name, value))
        return value

    # ---------------------------------------------------------------- kernel
    def trace_kernel(self, jitfn: TracedFunction, specs: Sequence[ArgSpec]) -> Tuple[List[ParamSpec], Any]:
        b = self.builder
        src = jitfn.source()
        runtime = [s for s in specs if s.kind != "const"]
        arg_types = []
        for s in runtime:
            if s.kind == "struct":  # a tiling struct, by value
                arg_types.append(b.parse_type("!ascendc." + s.value._mnemonic))
                continue
            if s.kind == "ustruct":  # a user-defined struct: one parameter per leaf field
                arg_types.extend(d.to_ir(b) for _, d in user_struct.leaves(s.value))
                continue
            t = s.dtype.to_ir(b)
            arg_types.append(b.get_gm_ptr_type(t) if s.kind == "gm" else t)
        node = src.tree
        b.set_loc(b.get_file_loc(src.filename, node.lineno, node.col_offset + 1))
        func = b.create_function(self.module, self.kernel_name, arg_types, [], True)
        entry = func.block(0)
        b.set_insertion_point_to_end(entry)  # unsigned arguments get a cast op below
        scope: Dict[str, Any] = {}
        params: List[ParamSpec] = []
        i = 0
        for s in specs:
            if s.kind == "const":
                scope[s.name] = s.value
                continue
            if s.kind == "ustruct":
                leaf_values = {}
                for path, d in user_struct.leaves(s.value):
                    leaf_name = "_".join((s.name,) + path)
                    func.set_arg_name(i, leaf_name)
                    handle = entry.arg(i)
                    leaf_values[path] = (semantic.from_result(handle) if d.kind == "uint" else PlainValue(handle, d))
                    params.append(ParamSpec(leaf_name, "scalar", d.name, _CTYPES[d.name]))
                    i += 1
                scope[s.name] = user_struct.view(s.value, leaf_values)
                continue
            func.set_arg_name(i, s.name)
            handle = entry.arg(i)
            if s.kind == "struct":
                scope[s.name] = kernel_struct.struct_value(s.value, handle)
                params.append(ParamSpec(s.name, "struct", kernel_struct.layout(s.value),
                                        kernel_struct.struct_def(s.value).cpp_name))
            elif s.kind == "gm":
                scope[s.name] = GlobalAddress(handle, s.dtype)
                params.append(ParamSpec(s.name, "gm", s.dtype.name, "GM_ADDR"))
            else:
                # unsigned arguments keep their C++ type; arithmetic sees a signless copy
                scope[s.name] = (semantic.from_result(handle) if s.dtype.kind == "uint"
                                 else PlainValue(handle, s.dtype))
                params.append(ParamSpec(s.name, "scalar", s.dtype.name, _CTYPES[s.dtype.name]))
            i += 1
        gen = CodeGenerator(self, src, scope)
        try:
            gen.visit_body(node.body)
        except _Return as ret:
            if ret.value is not None:
                raise CompileError("a kernel cannot return a value", src.filename, node.lineno) from None
        b.create_return([])
        return params, func

    # ------------------------------------------------------- device functions
    def call_device_function(self, caller: CodeGenerator, jitfn: TracedFunction, args, kwargs, node):
        src = jitfn.source()
        arguments = _positional_arguments(jitfn, args, kwargs)
        if arguments is None:
            try:
                bound = jitfn.signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise caller.error(node, f"{jitfn.__name__}(): {exc}") from None
            bound.apply_defaults()
            arguments = bound.arguments
        const_names = jitfn.constexpr_params
        key_parts, runtime_args, arg_types, names = [], [], [], []
        b = self.builder
        for name, value in arguments.items():
            value = ConstExpr.unwrap(value) if name not in const_names else value
            # Runtime values and plain numbers become runtime parameters, as in pyasc.
            runtime_object = isinstance(value, RuntimeValue) or kernel_struct.is_struct_value(value)
            if kernel_struct.is_struct_value(value) and value.fields:
                # fields assigned in the caller: the callee gets the modified copy
                value = kernel_struct.copy_value(value)
            if name in const_names or not (runtime_object or semantic.is_scalar(value)):
                value = ConstExpr.unwrap(value)
                key_parts.append((name, "const", value if hashable(value) else repr(value)))
                continue
            if runtime_object:
                if value.handle is None:
                    raise caller.error(node, f"argument '{name}' of {jitfn.__name__} has no value yet "
                                             "(a GlobalTensor needs set_global_buffer first)")
                t = value.handle.get_type()
            else:
                value = _scalar_arg(value)
                t = value.handle.get_type()
            key_parts.append((name, "rt", str(t), type(value).__name__))
            runtime_args.append(value)
            arg_types.append(t)
            names.append(name)
        key = (jitfn, tuple(key_parts))
        entry = self.device_functions.get(key)
        if entry is None:
            entry = self._instantiate(jitfn, src, arguments, const_names, runtime_args, arg_types, names)
            self.device_functions[key] = entry
        fname, result_types, is_tuple = entry
        saved_loc = b.get_loc()
        call = b.create_call(fname, [v.handle for v in runtime_args], [semantic.ir_type(t, b) for t in result_types])
        b.set_loc(saved_loc)
        if not result_types:
            return None
        results = [PlainValue(call.result(i), t) for i, t in enumerate(result_types)]
        return tuple(results) if is_tuple else results[0]

    def _instantiate(self, jitfn, src, arguments, const_names, runtime_args, arg_types, names):
        if jitfn not in self.callees:
            self.callees.append(jitfn)
        b = self.builder
        fname = self.unique_name(jitfn.__name__)
        result_types: List[dt.DataType] = []
        for _ in range(2):  # a second trace only when the first learnt a return type
            saved_ip = b.save_insertion_point()
            saved_loc = b.get_loc()
            node = src.tree
            b.set_loc(b.get_file_loc(src.filename, node.lineno, node.col_offset + 1))
            func = b.create_function(self.module, fname, arg_types,
                                     [semantic.ir_type(t, b) for t in result_types], False)
            entry = func.block(0)
            scope = {}
            i = 0
            for name, value in arguments.items():
                if name in names:
                    scope[name] = rewrap(runtime_args[i], entry.arg(i))
                    func.set_arg_name(i, name)
                    i += 1
                else:
                    scope[name] = ConstExpr.unwrap(value)
            b.set_insertion_point_to_end(entry)
            gen = CodeGenerator(self, src, scope)
            returned = None
            try:
                gen.visit_body(node.body)
            except _Return as ret:
                returned = ret.value
            # One scalar, or a tuple of scalars (returned as one C++ aggregate).
            is_tuple = isinstance(returned, tuple)
            items = [] if returned is None else list(returned) if is_tuple else [returned]
            for item in items:
                if not isinstance(ConstExpr.unwrap(item), (PlainValue, int, float)):
                    raise CompileError(f"device function {jitfn.__name__} can only return scalars "
                                       f"or a tuple of scalars, not {type(item).__name__}",
                                       src.filename, node.lineno)
            items = [ConstExpr.unwrap(item) for item in items]
            want = [item.dtype if isinstance(item, PlainValue) else _scalar_arg(item).dtype
                    for item in items]
            if want == result_types:
                b.create_return([semantic.as_value(item, t).handle for item, t in zip(items, want)])
                b.restore_insertion_point(saved_ip)
                b.set_loc(saved_loc)
                return fname, result_types, is_tuple
            # The first trace learnt the return type: trace again with it.
            func.erase()
            result_types = want
            b.restore_insertion_point(saved_ip)
            b.set_loc(saved_loc)
        raise CompileError(f"could not determine the return type of {jitfn.__name__}",
                           src.filename, src.tree.lineno)


_CTYPES = {"int8": "int8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t",
           "uint8": "uint8_t", "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
           "float16": "half", "bfloat16": "bfloat16_t", "float32": "float", "float64": "double",
           "bool": "bool"}


def _scalar_arg(value) -> PlainValue:
    return semantic.as_value(value)


def compile_to_source(jitfn, specs: Sequence[ArgSpec], kernel_name: str, options,
                      keep_mlir: bool = True):
    """Traces and emits one kernel. Returns (params, mlir text, Ascend C text, session)."""
    with _lock:
        session = KernelCompilation(kernel_name)
        session.matmul_cube_only = is_cube_only(options)
        context.push(session)
        try:
            params, _ = session.trace_kernel(jitfn, specs)
            module = session.module
            try:
                module.verify()
            except ir.MLIRError as exc:
                raise _located_mlir_error(exc) from None
            # pyasc's FileCheck harness prints the module as traced (its compile step patched out,
            # so no pass runs there): keep that text then, the module itself otherwise
            gb = ir_utils.global_builder
            gb.last_module = _Printed(str(module)) if gb.keep_traced else module
            if getattr(options, "auto_sync", True) or getattr(options, "insert_sync", False):
                # Flags for a kernel written without them (it leaves a synchronised one alone).
                log = getattr(options, "auto_sync_log", "")
                try:
                    module.run_passes(_insert_sync_pipeline(log), verify=False)
                except ir.MLIRError as exc:
                    if not log:
                        raise
                    raise CompileError(f"auto_sync_log={log!r}: {exc}") from None
            passes = getattr(options, "run_passes", True)
            if passes:
                # verified just above; canonicalize and cse keep it valid
                module.run_passes("builtin.module(canonicalize,cse)", verify=False)
            # Printing the module costs as much as emitting it: only when someone reads it.
            mlir_text = str(module) if keep_mlir else ""
            source = ir.ir_to_ascendc(module, line_directives=not getattr(options, "strip_loc", False),
                                      verify=False)
            source = cube_only_define(source, options)
        finally:
            context.pop()
    return params, mlir_text, source, session


CUBE_ONLY_DEFINE = "#define ASCENDC_CUBE_ONLY\n"


def is_cube_only(options) -> bool:
    """The kernel runs on the cube cores alone: kernel_type AIC_ONLY, or matmul_cube_only
    without a kernel_type (jit._kernel_type_name)."""
    kt = getattr(options, "kernel_type", None)
    kt = getattr(kt, "name", kt)
    return kt == "AIC_ONLY" if kt is not None else bool(getattr(options, "matmul_cube_only", False))


def cube_only_define(source: str, options) -> str:
    """A Matmul kernel the cube cores run alone (matmul_cube_only, or kernel_type AIC_ONLY)
    defines ASCENDC_CUBE_ONLY ahead of the vendor's headers, as Ascend C's own cube-only
    programs do: lib/matmul_intf.h then makes Matmul the MatmulImpl that computes on the
    cube itself. Without it a dav-c220-cube build gets MatmulServiceAux, the server of a
    mixed kernel, which waits for the messages of vector cores an AIC_ONLY kernel has none of."""
    if is_cube_only(options) and "AscendC::Matmul<" in source and not source.startswith(CUBE_ONLY_DEFINE):
        return CUBE_ONLY_DEFINE + source
    return source


def _insert_sync_pipeline(log) -> str:
    """The ascendc-insert-sync pipeline; with auto_sync_log (pyasc passes it to
    bisheng as -cce-auto-sync-log=<file>) the pass appends its decisions to that
    file (docs/auto-sync.md)."""
    if not log:
        return "builtin.module(ascendc-insert-sync)"
    path = os.path.abspath(os.fspath(log))
    if '"' in path:
        raise CompileError(f"auto_sync_log={log!r}: a log path cannot contain '\"'")
    return f'builtin.module(ascendc-insert-sync{{log="{path}"}})'


def _located_mlir_error(exc) -> CompileError:
    text = str(exc)
    # "file:line:col: error: message"
    import re
    m = re.match(r"(.+?):(\d+):(\d+): error: (.*)", text, re.S)
    if m:
        return CompileError(f"the ascendc dialect rejected this: {m.group(4)}", m.group(1),
                            int(m.group(2)), int(m.group(3)) - 1)
    return CompileError(text)
