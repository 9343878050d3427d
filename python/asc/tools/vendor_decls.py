"""The Model's Ascend C API against the vendor's declarations (issue 20 §3).

Both headers are parsed with libclang (clang's own front end, through its
Python bindings, asc.runtime.npu.libclang): the Model's kernel_operator.h as
the Model compiles it, and the vendor's kernel_operator.h + lib/matmul_intf.h
as the vendor-header check compiles them for the Atlas A2 vector core and for
the cube core of a cube-only kernel (a declaration of either counts). For
every class, function and function template the Model declares in namespace
AscendC (and every public method of those classes), the vendor must declare
the same name with the same template parameters and parameter types:

- matching: an overload of the vendor with the same signature;
- differing: the name exists, no vendor overload has the signature (both
  declarations are shown);
- Model-only: the vendor has no such name.

A member the vendor declares for its CPU debug build only (under ASCENDC_CPU_DEBUG, e.g.
LocalTensor::Print / ToFile in kernel_tensor.h) is neither: the Model is a CPU build like
that one, so such a Model declaration is compared with the vendor's CPU-debug declarations
(a third parse, with ASCENDC_CPU_DEBUG=1) and, matching, reported as "CPU debug only": a
kernel using it compiles on the Model and on the vendor's CPU build, not for the NPU.

Signatures are compared as a user's source sees them, not as written:
canonical types (typedefs resolved, template parameters by position), a
by-value parameter equal to a `const T&` one, the Model's trailing
call-site parameters (ASC_LOC_PARAMS: `const char* asc_file, int asc_line`)
left out. The vendor's API the Model lacks is listed by header, as the map of
what is still to implement.

    report = compare(devkit)       # Report
    print(report.text())
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import os
import re
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ..runtime.npu import libclang, vendor_check

# clang 19 makes `x.template f` without arguments an error; bisheng's clang (and the check) accept it.
_CLANG_COMPAT = ("-Wno-error=missing-template-arg-list-after-template-kw",)

# Where the Model is knowingly more permissive than the vendor (calls valid on the Model only),
# printed with the report: not differences in what the vendor's API accepts.
LENIENCIES = ("an enum parameter of the Model (asc_model::EnumArg<E>) also takes an int; the vendor's takes E",
              "a scalar parameter of the Model (asc_model::vec::NoDeduce<T>) takes any arithmetic value and "
              "converts it to the tensors' T; the vendor deduces T from it as well, so `Adds(dst, src, 2.0, n)` "
              "on float tensors compiles on the Model only (emitted kernels cast: they pass the header check)")

# The Model's check parameters appended to API calls (core.h: ASC_LOC_PARAMS).
MODEL_EXTRA_PARAMS = ("asc_file", "asc_line")


@dataclasses.dataclass(frozen=True)
class Decl:
    """One declaration: its qualified name, its comparable signature and how it reads."""

    name: str  # "AscendC::Add", "AscendC::LocalTensor::GetValue"
    kind: str  # "class", "function", "method"
    signature: Tuple  # (template params, params) canonical; () for classes by template params only
    text: str  # the declaration as written (one line)
    file: str  # header it is in (relative to its include root)
    line: int


def _cursor_text(c) -> str:
    """The declaration's own tokens up to its body, on one line."""
    toks = []
    for t in c.get_tokens():
        if t.spelling in ("{", ";") and toks:
            break
        toks.append(t.spelling)
        if len(toks) > 120:
            toks.append("...")
            break
    text = " ".join(toks)
    text = re.sub(r"\s+([,)>\]])", r"\1", text)
    text = re.sub(r"([(<\[])\s+", r"\1", text)
    text = re.sub(r"\s*::\s*", "::", text)
    return text


_INTEGRAL = re.compile(r"^(const )?(bool|char|signed char|unsigned char|short|unsigned short|int|unsigned int|long|"
                       r"unsigned long|long long|unsigned long long)$")


def _norm_type(t) -> str:
    """A parameter type as a caller sees it: canonical; `const X&` and `X` alike; no top-level
    const; every integer type one (a call converts any of them to any other); the vendor's
    `PrimType` of a tensor class (its element type T) as T."""
    ci = libclang.cindex
    if re.search(r"\bPrimType\b", t.spelling):  # the tensor's element type T, spelled the vendor's way
        s = re.sub(r"\bPrimType\b", "type-parameter-0-0", t.spelling)
        s = re.sub(r"^const\s+|\s*&$", "", s)
        return re.sub(r"__attribute__\(\(address_space\(\d+\)\)\)\s*", "", s).strip()
    k = t.kind
    if k == ci.TypeKind.LVALUEREFERENCE:
        pointee = t.get_pointee()
        if pointee.is_const_qualified():
            return _scalar(_canon(pointee, drop_const=True))
        return _canon(pointee) + " &"
    if k == ci.TypeKind.RVALUEREFERENCE:
        return _canon(t.get_pointee()) + " &&"
    return _scalar(_canon(t, drop_const=True))


def _scalar(s: str) -> str:
    """Integers as one; an array parameter (`const T x[N]`) as the pointer it is."""
    s = re.sub(r"\s*\[\d*\]$", " *", s)
    return "integer" if _INTEGRAL.match(s) else s


def _canon(t, drop_const: bool = False) -> str:
    s = t.get_canonical().spelling
    # The Model's enum parameters are asc_model::EnumArg<E> (E, or an int for sources older than the
    # emitter's static_casts): compared as E (LENIENCIES).
    s = re.sub(r"\basc_model::EnumArg<([^<>]+)>", r"\1", s)
    # The Model's scalar parameters are asc_model::vec::NoDeduce<T> (`typename Id<T>::type`):
    # compared as T (LENIENCIES).
    s = re.sub(r"\btypename (?:asc_model::vec::)?Id<([^<>]+)>::type\b", r"\1", s)
    # half and bfloat16_t: the Model's classes, the compiler's types in the vendor's check.
    s = s.replace("asc_model::Float16<asc_model::HalfTag>", "half").replace("_Float16", "half")
    s = s.replace("asc_model::Float16<asc_model::BF16Tag>", "bfloat16_t").replace("__bf16", "bfloat16_t")
    if drop_const:
        s = re.sub(r"^const\s+", "", s)
        s = re.sub(r"\s+const$", "", s)
    s = re.sub(r"__attribute__\(\(address_space\(\d+\)\)\)\s*", "", s)
    s = re.sub(r"\b__restrict\b|\brestrict\b", "", s)
    return re.sub(r"\s+", " ", s).strip()


def _sfinae(param) -> bool:
    """A vendor template parameter a caller never names: `enable_if<...>::type = true`."""
    return "enable_if" in "".join(t.spelling for t in param.get_tokens())


def _template_params(c) -> Tuple:
    ci = libclang.cindex
    out = []
    for ch in c.get_children():
        if ch.kind in (ci.CursorKind.TEMPLATE_TYPE_PARAMETER, ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER,
                       ci.CursorKind.TEMPLATE_TEMPLATE_PARAMETER) and _sfinae(ch):
            continue
        if ch.kind == ci.CursorKind.TEMPLATE_TYPE_PARAMETER:
            out.append(("type", _has_default(ch)))
        elif ch.kind == ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER:
            out.append((_scalar(_canon(ch.type, drop_const=True)), _has_default(ch)))
        elif ch.kind == ci.CursorKind.TEMPLATE_TEMPLATE_PARAMETER:
            out.append(("template", _has_default(ch)))
    return tuple(out)


def _has_default(param) -> bool:
    """A parameter or template parameter with a default argument: a child of its cursor
    holds the default (an expression; a type for a type parameter). Read from the AST,
    not the tokens: a declaration a macro writes has the macro call's tokens."""
    ci = libclang.cindex
    kids = list(param.get_children())
    if param.kind == ci.CursorKind.TEMPLATE_TYPE_PARAMETER:
        return bool(kids)
    if param.kind == ci.CursorKind.TEMPLATE_TEMPLATE_PARAMETER:
        return any(k.kind == ci.CursorKind.TEMPLATE_REF for k in kids)
    if param.kind != ci.CursorKind.PARM_DECL:
        return any(k.kind.is_expression() for k in kids)
    # A function parameter's default is an expression after its name (one inside its type,
    # `TBuf<pos>&`, comes before; in a macro's expansion both are at the macro call).
    at = param.location.offset
    return any(k.kind.is_expression() and k.extent.start.offset >= at for k in kids)


def _params(c, model: bool) -> Tuple:
    """(type, has a default) of each parameter a caller passes."""
    # libclang lists a function template's parameters as its PARM_DECL children only.
    args = list(c.get_arguments()) or [ch for ch in c.get_children()
                                      if ch.kind == libclang.cindex.CursorKind.PARM_DECL]
    if model:
        while args and args[-1].spelling in MODEL_EXTRA_PARAMS:
            args.pop()
    return tuple((_norm_type(a.type), _has_default(a)) for a in args)


def _calls(params: Tuple) -> set:
    """The argument lists a call may pass: every prefix that leaves out only defaulted ones."""
    out = {tuple(t for t, _ in params)}
    for i in range(len(params), 0, -1):
        if not params[i - 1][1]:
            break
        out.add(tuple(t for t, _ in params[:i - 1]))
    return out


def _is_public(c) -> bool:
    ci = libclang.cindex
    return c.access_specifier in (ci.AccessSpecifier.PUBLIC, ci.AccessSpecifier.INVALID)


def collect(tu, roots: Sequence[str], model: bool) -> Dict[str, List[Decl]]:
    """Qualified name -> declarations, for namespace AscendC (its direct classes, functions,
    templates, alias templates and using-declarations, and the public methods of those
    classes, their bases' included) in files under `roots`."""
    ci = libclang.cindex
    out: Dict[str, List[Decl]] = collections.defaultdict(list)
    seen = set()
    fn_kinds = (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.FUNCTION_TEMPLATE)
    cls_kinds = (ci.CursorKind.CLASS_DECL, ci.CursorKind.STRUCT_DECL, ci.CursorKind.CLASS_TEMPLATE)
    method_kinds = (ci.CursorKind.CXX_METHOD, ci.CursorKind.FUNCTION_TEMPLATE, ci.CursorKind.CONSTRUCTOR)

    def where(c):
        f = c.location.file.name if c.location.file else ""
        for r in roots:
            if f.startswith(r):
                return os.path.relpath(f, r)
        return None

    def add(name, kind, sig, c):
        w = where(c)
        key = (name, sig)
        if w is None or key in seen:
            return
        seen.add(key)
        out[name].append(Decl(name, kind, sig, _cursor_text(c), w, c.location.line))

    def class_of(c):
        """The class (template) a base specifier or an alias names."""
        for ch in c.get_children():
            if ch.kind in (ci.CursorKind.TEMPLATE_REF, ci.CursorKind.TYPE_REF) and ch.referenced is not None:
                ref = ch.referenced
                if ref.kind in cls_kinds:
                    return ref.get_definition() or ref
        return None

    def methods(cls, name, owner_name, depth=0):
        if cls is None or depth > 8:
            return
        for m in cls.get_children():
            if m.kind in method_kinds and _is_public(m) and m.spelling and not m.spelling.startswith("_") \
                    and not m.spelling.startswith("operator") and not m.spelling.startswith("~"):
                if m.kind == ci.CursorKind.CONSTRUCTOR or m.spelling.split("<")[0] == owner_name:
                    if depth:
                        continue  # a base's constructors are not the class's
                    mname = f"{name}::{owner_name}"
                else:
                    mname = f"{name}::{m.spelling}"
                add(mname, "method", (_template_params(m), _params(m, model)), m)
            elif m.kind == ci.CursorKind.CXX_BASE_SPECIFIER and _is_public(m):
                methods(class_of(m), name, owner_name, depth + 1)

    def visit_ns(ns, prefix):
        for c in ns.get_children():
            if c.kind == ci.CursorKind.NAMESPACE:
                continue  # AscendC::Impl, ::tiling ... are not the user's API
            if c.spelling.startswith("_") or not c.spelling:
                continue
            name = f"{prefix}::{c.spelling}"
            if c.kind in fn_kinds:
                add(name, "function", (_template_params(c), _params(c, model)), c)
            elif c.kind in cls_kinds:
                if not c.is_definition() and c.kind != ci.CursorKind.CLASS_TEMPLATE:
                    continue
                add(name, "class", (_template_params(c), ()), c)
                methods(c, name, c.spelling)
            elif c.kind == ci.CursorKind.USING_DECLARATION:  # `using __asc_aicore::printf;`
                for ref in c.get_children():
                    if ref.kind == ci.CursorKind.OVERLOADED_DECL_REF:
                        for d in _overloaded_decls(ref):
                            if d.kind in fn_kinds:
                                add(name, "function", (_template_params(d), _params(d, model)), d)
            elif c.kind == ci.CursorKind.TYPE_ALIAS_TEMPLATE_DECL:
                add(name, "class", (_template_params(c), ()), c)
                alias = next((ch for ch in c.get_children() if ch.kind == ci.CursorKind.TYPE_ALIAS_DECL), None)
                if alias is not None:
                    methods(class_of(alias), name, c.spelling)

    for c in tu.cursor.get_children():
        if c.kind == ci.CursorKind.NAMESPACE and c.spelling == "AscendC":
            visit_ns(c, "AscendC")
    return out


def global_names(tu, roots: Sequence[str]) -> set:
    """The names the headers under `roots` declare at global scope."""
    out = set()
    for c in tu.cursor.get_children():
        f = c.location.file.name if c.location.file else ""
        if c.spelling and any(f.startswith(r) for r in roots) and c.kind != libclang.cindex.CursorKind.NAMESPACE:
            out.add(c.spelling)
    return out


def enum_aliases(tu, roots: Sequence[str]) -> Dict[str, str]:
    """The other names the Model gives its enums, alias -> the enum's canonical name:
    `using SELMODE = SelMode;` in AscendC ("AscendC::SELMODE"), `using AscendC::CubeFormat;` at
    global scope ("CubeFormat"). Code spelling the vendor's name gets the same type in the Model,
    so the comparison reads the vendor's spelling as the Model's enum."""
    ci = libclang.cindex
    out: Dict[str, str] = {}

    def mine(c):
        f = c.location.file.name if c.location.file else ""
        return any(f.startswith(r) for r in roots)

    def visit(ns, prefix):
        for c in ns.get_children():
            if c.kind == ci.CursorKind.NAMESPACE and not prefix and c.spelling == "AscendC":
                visit(c, "AscendC::")
            elif not mine(c):
                continue
            elif c.kind in (ci.CursorKind.TYPE_ALIAS_DECL, ci.CursorKind.TYPEDEF_DECL):
                t = c.underlying_typedef_type.get_canonical()
                if t.kind == ci.TypeKind.ENUM and t.spelling != prefix + c.spelling:
                    out[prefix + c.spelling] = t.spelling
            elif c.kind == ci.CursorKind.USING_DECLARATION:
                for ref in c.get_children():
                    d = ref.referenced
                    if d is not None and d.kind == ci.CursorKind.ENUM_DECL:
                        t = d.type.get_canonical().spelling
                        if t != prefix + c.spelling:
                            out[prefix + c.spelling] = t

    visit(tu.cursor, "")
    return out


def _renamed(sig, aliases: Dict[str, str]):
    """A signature (nested tuples of type spellings) with each alias name replaced by its enum's."""
    if isinstance(sig, tuple):
        return tuple(_renamed(x, aliases) for x in sig)
    if not isinstance(sig, str) or not aliases:
        return sig
    return _ALIAS_RE(aliases).sub(lambda m: aliases[m.group(0)], sig)


@functools.lru_cache(maxsize=4)
def _alias_re_cached(keys: Tuple[str, ...]):
    return re.compile(r"(?<![\w:])(?:" + "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True)) +
                      r")(?![\w:])")


def _ALIAS_RE(aliases):
    return _alias_re_cached(tuple(sorted(aliases)))


def _overloaded_decls(ref) -> List:
    """The declarations an OVERLOADED_DECL_REF names (libclang's C API; cindex has no method)."""
    import ctypes
    ci = libclang.cindex
    lib = ci.conf.lib
    lib.clang_getNumOverloadedDecls.argtypes = [ci.Cursor]
    lib.clang_getNumOverloadedDecls.restype = ctypes.c_uint
    lib.clang_getOverloadedDecl.argtypes = [ci.Cursor, ctypes.c_uint]
    lib.clang_getOverloadedDecl.restype = ci.Cursor
    out = []
    for i in range(lib.clang_getNumOverloadedDecls(ref)):
        d = lib.clang_getOverloadedDecl(ref, i)
        d._tu = ref._tu
        out.append(d)
    return out


def is_model_internal(name: str) -> bool:
    """A member the Model's classes have for its own code (lowercase: `ref`, `set_raw`,
    `init`), no Ascend C name: valid Ascend C never names it, so a user cannot observe it."""
    last = name.rsplit("::", 1)[-1]
    return name.count("::") >= 2 and last[:1].islower()


@dataclasses.dataclass
class Report:
    matching: List[str]
    differing: List[Tuple[Decl, List[Decl]]]
    model_only: List[Decl]
    vendor_only: Dict[str, List[str]]  # vendor header -> names the Model lacks
    internals: List[Decl]  # the Model's own members (is_model_internal)
    model_errors: List[str]
    vendor_errors: List[str]
    # Model declarations matching a vendor declaration of its CPU debug build only
    # (ASCENDC_CPU_DEBUG), with that declaration: not differences (module docstring).
    cpu_debug_only: List[Tuple[Decl, Decl]] = dataclasses.field(default_factory=list)
    cpu_debug_errors: List[str] = dataclasses.field(default_factory=list)

    def text(self, limit: Optional[int] = None) -> str:
        lines = [f"Model vs vendor declarations: {len(self.matching)} matching, {len(self.differing)} differing, "
                 f"{len(self.model_only)} Model-only ({len(self.internals)} more members of the Model's own, "
                 f"no Ascend C name: {', '.join(sorted({d.name.rsplit('::', 2)[-2] + '::' + d.name.rsplit('::', 1)[-1] for d in self.internals}))})"]
        if self.differing:
            lines.append("differing (the Model's declaration, then the vendor's of the same name):")
            for d, vs in self.differing[:limit]:
                lines.append(f"  {d.name}  [{d.file}:{d.line}]")
                lines.append(f"    model:  {d.text}")
                for v in vs[:4]:
                    lines.append(f"    vendor: {v.text}  [{v.file}:{v.line}]")
                if len(vs) > 4:
                    lines.append(f"    vendor: ... {len(vs) - 4} more overloads")
        if self.model_only:
            lines.append("Model-only (no such name in the vendor's headers):")
            for d in self.model_only[:limit]:
                lines.append(f"  {d.name}  [{d.file}:{d.line}]  {d.text}")
        if self.cpu_debug_only:
            lines.append(f"CPU debug only (not counted: the vendor declares them under ASCENDC_CPU_DEBUG, for its CPU "
                         f"debug build, which the Model is like; a kernel using them compiles on the Model and the "
                         f"vendor's CPU build, not for the NPU): {len(self.cpu_debug_only)}")
            for d, v in self.cpu_debug_only[:limit]:
                lines.append(f"  {d.name}  [{d.file}:{d.line}]  {d.text}")
                lines.append(f"    vendor (CPU debug): {v.text}  [{v.file}:{v.line}]")
        lines += [f"Model leniency (not counted): {l}" for l in LENIENCIES]
        missing = sum(len(v) for v in self.vendor_only.values())
        lines.append(f"vendor APIs the Model lacks: {missing} names in {len(self.vendor_only)} headers")
        for header in sorted(self.vendor_only):
            names = self.vendor_only[header]
            lines.append(f"  {header}: {', '.join(names)}")
        return "\n".join(lines)


def _parse(src_text: str, args: List[str], tmp: Path):
    src = tmp / "decls.cpp"
    src.write_text(src_text)
    tu = libclang.cindex.Index.create().parse(str(src), args=["-x", "c++", "-std=c++17", *args])
    errors = [f"{d.location.file}:{d.location.line}: {d.spelling}" for d in tu.diagnostics if d.severity >= 3]
    return tu, errors


def known_differences(path: Optional[Path] = None) -> Dict[str, str]:
    """cpp/vendor_check/known_model_differences.txt: name -> why the Model still differs
    (`AscendC::Name  reason` per line; # comments)."""
    path = path or vendor_check.builtins_dir() / "known_model_differences.txt"
    out = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, why = line.partition(" ")
                out[name] = why.strip()
    return out


def unexplained(report: "Report", known: Dict[str, str]) -> Tuple[List[str], List[str]]:
    """(names that differ and the list does not explain, names the list explains that no longer differ)."""
    now = {d.name for d, _ in report.differing} | {d.name for d in report.model_only}
    return sorted(now - set(known)), sorted(set(known) - now)


def model_include() -> Path:
    from .. import settings
    return settings.model_include.get()


def compare(devkit) -> Report:
    if libclang.cindex is None:
        raise RuntimeError(f"the declaration comparison needs {libclang.missing}")
    devkit = vendor_check.require_devkit(devkit)
    arch = vendor_check.ARCHS["a2-vec"]
    work = vendor_check.work_dir(devkit)
    inc = model_include()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        # The Model's API as a mixed kernel and as a cube-only one (ASCENDC_CUBE_ONLY) sees it,
        # as the vendor's below: its Matmul has each class's batch forms.
        model: Dict[str, List[Decl]] = {}
        model_errors = []
        for extra in ((), ("-DASCENDC_CUBE_ONLY",)):
            model_tu, errors = _parse("".join(f'#include "{h}"\n' for h in vendor_check.HEADERS),
                                      ["-I", str(inc), *extra], tmp)
            model_errors += errors
            for n, ds in collect(model_tu, [str(inc) + os.sep], model=True).items():
                have = model.setdefault(n, [])
                have += [d for d in ds if all(d.signature != h.signature for h in have)]
            if not extra:
                aliases = enum_aliases(model_tu, [str(inc) + os.sep])
        # The vendor's API as either A2 core type sees it: the vector core's headers, then the
        # cube core's of a cube-only kernel (ASCENDC_CUBE_ONLY), where Matmul is MatmulImpl
        # (SetBatchNum, the count-less IterateBatch) instead of the vector core's MatmulClient.
        vendor: Dict[str, List[Decl]] = {}
        vendor_globals, vendor_errors = set(), []
        roots = [str(devkit) + os.sep, str(work) + os.sep]
        for view, extra in ((arch, ()), (vendor_check.ARCHS["a2-cube"], ("-DASCENDC_CUBE_ONLY",))):
            tu, errors = _parse(vendor_check.prelude_text(vendor_check.HEADERS),
                                [*vendor_check.compile_flags(devkit, view, work), *extra, *_CLANG_COMPAT], tmp)
            vendor_errors += errors
            for n, ds in collect(tu, roots, model=False).items():
                have = vendor.setdefault(n, [])
                have += [d for d in ds if all(d.signature != h.signature for h in have)]
            vendor_globals |= global_names(tu, roots)
        vendor = {n: _merge_defaults([dataclasses.replace(d, signature=_renamed(d.signature, aliases)) for d in ds])
                  for n, ds in vendor.items()}
        # The vendor's CPU debug build (ASCENDC_CPU_DEBUG=1, the A2 vector core's macros): the names
        # it declares that neither NPU view has are the members the vendor guards by that macro.
        # Its CPU-side stub headers (stub_def.h ...) ship with CANN's CPU debug library, not with
        # the snapshot: the parse goes on past the missing include, and only those names are taken;
        # the C++ library those headers bring (std::string, which ToFile takes) is included first.
        tu, cpu_debug_errors = _parse("#include <string>\n" + vendor_check.prelude_text(vendor_check.HEADERS),
                                      [*vendor_check.compile_flags(devkit, arch, work), "-DASCENDC_CPU_DEBUG=1",
                                       *_CLANG_COMPAT], tmp)
        cpu_debug = {n: _merge_defaults([dataclasses.replace(d, signature=_renamed(d.signature, aliases))
                                         for d in ds])
                     for n, ds in collect(tu, roots, model=False).items() if n not in vendor}
    matching, differing, model_only, internals, cpu_debug_only = [], [], [], [], []
    for name in sorted(model):
        vs = vendor.get(name)
        for d in model[name]:
            if not vs and name in cpu_debug:
                if _covered(d, cpu_debug[name]):
                    same = [v for v in cpu_debug[name] if _same(d, v)] or cpu_debug[name]
                    cpu_debug_only.append((d, same[0]))
                else:
                    differing.append((d, cpu_debug[name]))
            elif not vs and is_model_internal(name):
                internals.append(d)
            elif not vs:
                if name.count("::") == 1 and name.split("::")[1] in vendor_globals:
                    d = dataclasses.replace(d, text=d.text + "   (the vendor declares it at global scope)")
                model_only.append(d)
            elif _covered(d, vs):
                matching.append(name)
            else:
                differing.append((d, vs))
    # The map of what is still to implement: the public API (declared under include/),
    # not the implementation's helpers (impl/, e.g. SoftMaxNDImpl).
    vendor_only: Dict[str, List[str]] = collections.defaultdict(list)
    for name in sorted(vendor):
        owner = name.rsplit("::", 1)[0]
        public = [d for d in vendor[name] if d.file.startswith("include/")]
        if public and name not in model and (name.count("::") == 1 or owner in model):
            vendor_only[public[0].file].append(name.split("::", 1)[1])
    return Report(matching, differing, model_only, dict(vendor_only), internals, model_errors, vendor_errors,
                  cpu_debug_only, cpu_debug_errors)


def _merge_defaults(decls: List[Decl]) -> List[Decl]:
    """One declaration per signature, with the defaults of all its redeclarations: C++ gives
    a default argument once (`template <uint8_t m = 0> void F();` in include/, the definition
    `template <uint8_t m> void F() {...}` in impl/), and a call may use it whichever it sees."""
    def bare(sig):
        return (tuple(t for t, _ in sig[0]), tuple(t for t, _ in sig[1]))
    merged: Dict[Tuple, Decl] = {}
    for d in decls:
        key = (d.kind, bare(d.signature))
        if key not in merged:
            merged[key] = d
            continue
        have = merged[key].signature
        sig = (tuple((t, a or b) for (t, a), (_, b) in zip(have[0], d.signature[0])),
               tuple((t, a or b) for (t, a), (_, b) in zip(have[1], d.signature[1])))
        merged[key] = dataclasses.replace(merged[key], signature=sig)
    return list(merged.values())


def _same(m: Decl, v: Decl) -> bool:
    """The same template parameters, and every call the Model's declaration takes the vendor's
    takes too (defaulted parameters: `f(p, n = 0)` is `f(p)` and `f(p, n)`)."""
    if m.kind == "class":
        return v.kind == "class" and _same_template(m.signature[0], v.signature[0])
    return v.kind != "class" and _same_template(m.signature[0], v.signature[0]) and \
        _calls(m.signature[1]) <= _calls(v.signature[1])


def _covered(m: Decl, vs: Sequence[Decl]) -> bool:
    """Every call of `m` is a call of one of the vendor's overloads with its template parameters."""
    if m.kind == "class":
        return any(_same(m, v) for v in vs)
    calls = set()
    for v in vs:
        if v.kind != "class" and _same_template(m.signature[0], v.signature[0]):
            calls |= _calls(v.signature[1])
    return _calls(m.signature[1]) <= calls


def _same_template(mt: Tuple, vt: Tuple) -> bool:
    """Same template parameters: kind and type by position, and a default where the vendor has one."""
    return len(mt) == len(vt) and all(a[0] == b[0] and (a[1] or not b[1]) for a, b in zip(mt, vt))
