"""Which APIs each vendor example program uses, which the Model lacks, and
which programs need hardware-only features.

Sources are read with libclang's lexer (comments, strings and literals are
tokens of their own, so a name in a comment or a printf text is never taken
for a use); the Model's names come from libclang's AST of
cpp/model/include/kernel_operator.h and of the host headers asc ships
(acl/acl.h, tiling/…), so "lacks" means "the Model's headers do not declare
it", not a guess. The examples never write ``using namespace AscendC`` (the
survey checks this and reports it), so every Ascend C use is qualified.
"""

from __future__ import annotations

import ctypes
import functools
import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from . import readme

# Namespaces whose qualified uses the survey records.
API_NAMESPACES = ("AscendC", "matmul_tiling", "platform_ascendc", "optiling", "ge",
                  "matmul", "MicroAPI", "Reg", "Std")
SOURCE_SUFFIXES = (".asc", ".cpp", ".h", ".hpp", ".cc")
_ACL = re.compile(r"^(acl[a-z][A-Za-z0-9_]*|ACL_[A-Z0-9_]+)$")
_MACRO = re.compile(r"^[A-Z][A-Z0-9_]{2,}$")
# C/POSIX macros the examples call; they are the host C library's, not APIs.
_LIBC_MACROS = {"S_ISREG", "S_ISDIR", "EXIT_FAILURE", "EXIT_SUCCESS", "INT_MAX"}

# Hardware-only features: (id, reason, test on the program's facts). A
# program with any of them is UNSUPPORTED: a CPU model cannot provide it.
HARDWARE_ONLY = [
    ("torch", "PyTorch/torch_npu integration (a custom op called from torch on an NPU device)",
     lambda f: any(h.startswith(("torch/", "torch_npu/")) for h in f["headers"])
     or any(m.startswith("TORCH_LIBRARY") for m in f["macros"])),
    ("ge", "GE graph engine integration (the op is registered in a GE graph and run by ge_runner)",
     lambda f: any(h.startswith(("graph/", "ge/")) for h in f["headers"])
     or "REG_OP" in f["macros"]),
    ("aclgraph", "aclgraph: stream capture into a model-runtime instance (aclmdlRICaptureBegin/"
     "aclmdlRIExecuteAsync) replayed by the NPU runtime",
     lambda f: any(a.startswith("aclmdlRI") for a in f["acl"])),
    ("aclprof", "the device profiler's ACL API (aclprof*): msprof data collection on an NPU",
     lambda f: any(a.startswith("aclprof") for a in f["acl"])),
]


# The architecture the Model runs (Atlas A2, dav-2201): code under
# `#if __NPU_ARCH__ == 3510` is not compiled for it, so it is not surveyed.
ARCH_DEFINES = ["-D__NPU_ARCH__=2201"]


def _lex(path: Path, include_dirs: list[str]):
    """(kind, spelling) tokens of one source file that the preprocessor keeps
    for the Model's architecture (ranges skipped by #if/#ifdef dropped)."""
    import clang.cindex as ci
    tu = ci.TranslationUnit.from_source(
        str(path), args=["-x", "c++", "-std=c++17", "-nostdinc", "-ferror-limit=0"] + ARCH_DEFINES
        + [f"-I{d}" for d in include_dirs],
        options=ci.TranslationUnit.PARSE_INCOMPLETE | ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
        | ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES, index=_index())
    skipped = _skipped_lines(tu, str(path))
    return [(t.kind.name, t.spelling) for t in tu.get_tokens(extent=tu.cursor.extent)
            if t.location.file and t.location.file.name == str(path)
            and not any(a <= t.location.line <= b for a, b in skipped)]


class _RangeList(ctypes.Structure):
    pass


def _skipped_lines(tu, path: str) -> list[tuple[int, int]]:
    # clang_getSkippedRanges is in libclang's C API but not in its Python
    # binding; call it through ctypes.
    import clang.cindex as ci
    lib = ci.conf.lib
    if not getattr(lib, "_asc_skipped_ready", False):
        _RangeList._fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.POINTER(ci.SourceRange))]
        lib.clang_getSkippedRanges.restype = ctypes.POINTER(_RangeList)
        lib.clang_getSkippedRanges.argtypes = [ci.TranslationUnit, ci.File]
        lib.clang_disposeSourceRangeList.argtypes = [ctypes.POINTER(_RangeList)]
        lib._asc_skipped_ready = True
    rl = lib.clang_getSkippedRanges(tu, tu.get_file(path))
    try:
        return [(rl.contents.ranges[i].start.line, rl.contents.ranges[i].end.line)
                for i in range(rl.contents.count)]
    finally:
        lib.clang_disposeSourceRangeList(rl)


def _stub_headers(prog_dir: Path, stub_dir: Path) -> None:
    """Empty stand-ins for every header the program includes that it does
    not ship, so the preprocessor walks each file to its end (a missing
    include is fatal) and the #if ranges are known."""
    inc = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
    for path in prog_dir.rglob("*"):
        if path.suffix in SOURCE_SUFFIXES:
            for h in inc.findall(path.read_text(errors="replace")):
                if not (prog_dir / h).is_file():
                    stub = stub_dir / h
                    stub.parent.mkdir(parents=True, exist_ok=True)
                    stub.touch()


@functools.lru_cache(maxsize=None)
def _index():
    import clang.cindex as ci
    return ci.Index.create()


def program_facts(prog_dir: Path) -> dict:
    """Everything the survey knows about one example program."""
    qualified, acl, macros, headers, defined = Counter(), Counter(), Counter(), set(), set()
    using_ascendc = False
    stubs = tempfile.TemporaryDirectory(prefix="asc-survey-")
    _stub_headers(prog_dir, Path(stubs.name))
    for path in sorted(prog_dir.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or "build" in path.relative_to(prog_dir).parts:
            continue
        toks = _lex(path, [str(prog_dir), stubs.name])
        n = len(toks)
        for i, (kind, s) in enumerate(toks):
            if s == "#" and i + 2 < n and toks[i + 1][1] == "include":
                nxt = toks[i + 2][1]
                if nxt.startswith('"'):
                    headers.add(nxt.strip('"'))
                elif nxt == "<":
                    j, parts = i + 3, []
                    while j < n and toks[j][1] != ">":
                        parts.append(toks[j][1]); j += 1
                    headers.add("".join(parts))
            if s == "#" and i + 2 < n and toks[i + 1][1] == "define":
                defined.add(toks[i + 2][1])
            if kind != "IDENTIFIER":
                continue
            if s == "AscendC" and i >= 2 and toks[i - 1][1] == "namespace" and toks[i - 2][1] == "using":
                using_ascendc = True
            if s in API_NAMESPACES and i + 2 < n and toks[i + 1][1] == "::" and (i == 0 or toks[i - 1][1] != "::"):
                path_ = [s]
                j = i + 1
                while j + 1 < n and toks[j][1] == "::" and toks[j + 1][0] == "IDENTIFIER":
                    path_.append(toks[j + 1][1]); j += 2
                if len(path_) > 1:
                    qualified["::".join(path_)] += 1
            elif _ACL.match(s):
                acl[s] += 1
            elif _MACRO.match(s) and i + 1 < n and toks[i + 1][1] == "(" and s not in _LIBC_MACROS:
                macros[s] += 1
    stubs.cleanup()
    own = defined | _own_decls(prog_dir)
    facts = {
        "qualified": sorted(qualified),
        "acl": sorted(a for a in acl if a not in own),
        "macros": sorted(m for m in macros if m not in own),
        "headers": sorted(headers),
        "using_namespace_AscendC": using_ascendc,
    }
    facts.update(readme.cmake_facts(prog_dir))
    return facts


def _own_decls(prog_dir: Path) -> set[str]:
    # Helper macros the program defines itself (ERROR_LOG, CHECK_ACL, …).
    names = set()
    for path in prog_dir.rglob("*"):
        if path.suffix in SOURCE_SUFFIXES:
            names.update(re.findall(r"^\s*#\s*define\s+(\w+)", path.read_text(errors="replace"), re.M))
    return names


@functools.lru_cache(maxsize=None)
def model_names(include_dirs: tuple[str, ...], headers: tuple[str, ...]) -> frozenset:
    """Qualified names (ns::Name, ns::Class::member, enum values) and macros
    the Model's headers declare."""
    import clang.cindex as ci
    names = set()
    K = ci.CursorKind
    scopes = {K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.ENUM_DECL,
              K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION, K.UNION_DECL}

    def walk(cur, prefix):
        for ch in cur.get_children():
            if ch.kind == K.MACRO_DEFINITION:
                names.add(ch.spelling)
                continue
            if not ch.spelling or ch.kind == K.INCLUSION_DIRECTIVE:
                continue
            if ch.location.file and "/usr/" in str(ch.location.file.name):
                continue
            if ch.kind in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):  # extern "C" { ... }: same scope
                walk(ch, prefix)
                continue
            q = "::".join(prefix + [ch.spelling])
            names.add(q)
            if ch.kind in scopes:
                walk(ch, prefix + [ch.spelling])
            if ch.kind == K.ENUM_DECL and not ch.is_scoped_enum():
                for e in ch.get_children():  # unscoped enumerators live in the enclosing scope
                    names.add("::".join(prefix + [e.spelling]))

    # libclang's wheel has no compiler headers (stddef.h …): take g++'s.
    gcc_inc = subprocess.run(["g++", "-print-file-name=include"], capture_output=True, text=True).stdout.strip()
    args = ["-x", "c++", "-std=c++17", "-isystem", gcc_inc] + [f"-I{d}" for d in include_dirs]
    for h in headers:
        tu = _index().parse(h, args=args, options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
                            | ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
        walk(tu.cursor, [])
    return frozenset(names)


def _declared(name: str, known: frozenset) -> bool:
    if name in known:
        return True
    parts = name.split("::")
    # ns::Class::Member where the Model declares ns::Class as an alias or a
    # template whose members libclang does not expand: the class is enough.
    if parts[0] == "AscendC" and len(parts) >= 3 and "::".join(parts[:2]) in known:
        return "::".join(parts[:2]) not in _ENUMS_WITH_VALUES(known)
    return False


def _ENUMS_WITH_VALUES(known):  # an enum's missing value is a real miss
    return {n.rsplit("::", 1)[0] for n in known if n.count("::") >= 2}


def _canonical(name: str) -> str:
    # The vendor's matmul headers alias the namespace: namespace matmul = AscendC.
    return "AscendC::" + name[len("matmul::"):] if name.startswith("matmul::") else name


def missing(facts: dict, known: frozenset) -> dict:
    facts = dict(facts, qualified=sorted({_canonical(q) for q in facts["qualified"]}))
    kernel = [q for q in facts["qualified"] if q.split("::")[0] in
              ("AscendC", "matmul", "MicroAPI", "Reg", "Std") and not _declared(q, known)]
    host = [q for q in facts["qualified"] if q.split("::")[0] in
            ("matmul_tiling", "platform_ascendc", "optiling", "ge") and not _declared(q, known)]
    host += [a for a in facts["acl"] if a not in known]
    macros = [m for m in facts["macros"] if m not in known]
    return {"kernel": kernel, "host": host, "macros": macros}


def hardware_only(facts: dict) -> list[tuple[str, str]]:
    return [(fid, reason) for fid, reason, test in HARDWARE_ONLY if test(facts)]
