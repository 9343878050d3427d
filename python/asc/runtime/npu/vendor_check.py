"""The vendor-header check: emitted Ascend C against the vendor's own headers.

An unpacked asc-devkit (the folder holding `include/` and `impl/`, the Ascend C
API exactly as bisheng compiles it) is the judge: a kernel's source goes
through `g++ -std=c++17 -fsyntax-only` with the vendor's include paths, the
architecture's macros and asc's declaration of the compiler builtins
(cpp/vendor_check/asc_bisheng_builtins.h) forced in front. Any error fails the
check: one in the kernel's lines is asc's (the emitter or the dialect), one in
the vendor's lines means the builtins header is wrong.

    result = check_source(source, devkit, ARCHS["a2-vec"])
    result.ok, result.first_error, result.emitted_line, result.python_loc

Where it is used: `ASC_VENDOR_HEADERS=DIR` runs it on every compile
(`check_kernel`, raising CompileError at the user's line), `asc-translate
--check-vendor-headers DIR`, and `./dev vendor-check` (asc.tools.vendor_check)
over every kernel the project emits. docs/npu-backend.md says what it proves.

The vendor's headers are heavy (a few seconds of the compiler's front end per
architecture): each architecture gets a precompiled header of the builtins and
the vendor headers, kept under `$ASC_CACHE_DIR/vendor/<devkit digest>/`
together with the files the vendor's build generates (kernel_tiling.h) or
installs under another name (lib/matmul_intf.h).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ... import settings
from ...errors import CompileError


@dataclasses.dataclass(frozen=True)
class Arch:
    """One checked target: the macros bisheng defines when it compiles for it."""

    name: str  # "a2-vec"
    title: str  # for reports
    defines: Tuple[str, ...]
    c_api: bool = False  # the vendor's C API exists for it (gen_intrinsics.py reads it)


ARCHS: Dict[str, Arch] = {
    "a2-vec": Arch("a2-vec", "Atlas A2 vector core (dav-c220-vec)",
                   ("__NPU_ARCH__=2201", "__DAV_C220_VEC__", "__DAV_VEC__", "__CCE_AICORE__=220"), True),
    "a2-cube": Arch("a2-cube", "Atlas A2 cube core (dav-c220-cube)",
                    ("__NPU_ARCH__=2201", "__DAV_C220_CUBE__", "__DAV_CUBE__", "__CCE_AICORE__=220"), True),
    "310p": Arch("310p", "Atlas 310P AI Core (dav-m200)", ("__NPU_ARCH__=2002", "__DAV_M200__", "__CCE_AICORE__=200")),
}

# The vendor's device include path, as its bisheng build sets it
# (cmake/asc/legacy_modules/bisheng_intf.cmake, relative to the devkit's asc/ folder).
INCLUDE_DIRS = (
    "impl/adv_api", "impl/basic_api", "impl/c_api", "impl/basic_api/reg_compute", "impl/simt_api", "impl/utils",
    ".", "include", "include/adv_api", "include/basic_api", "include/aicpu_api", "include/c_api",
    "include/basic_api/reg_compute", "include/simt_api", "include/utils",
)
# Files a CANN install has under another name, and the header a user includes for them.
INSTALLED_AS = {"lib/matmul_intf.h": "include/adv_api/matmul/matmul_intf.h"}
# The headers an Ascend C kernel includes (kernel_operator.h first); each set of them
# is one precompiled prelude, with the builtins in front.
HEADERS = ("kernel_operator.h", "lib/matmul_intf.h", "kernel_operator_list_tensor_intf.h")
BUILTINS = "asc_bisheng_builtins.h"


def prelude_text(preamble: Sequence[str] = HEADERS[:1]) -> str:
    """The builtins, then a kernel's preamble (its leading `#define` and `#include` lines; a bare
    name is a header)."""
    lines = [l if l.startswith("#") else f'#include "{l}"' for l in preamble]
    return "".join(f"{l}\n" for l in [f'#include "{BUILTINS}"', *lines])
# bisheng's device pass defines TILING_KEY_VAR (the vendor's device flags).
COMMON_DEFINES = ("TILING_KEY_VAR=0",)
GET_SOURCES = ("the vendor's Ascend C sources (asc-devkit): unpack a snapshot, e.g. "
               "`mkdir -p /tmp/asc-devkit && tar -xJf ../shared/third_party/asc-devkit/asc-devkit.tar.xz "
               "-C /tmp/asc-devkit`, and pass that folder (the one holding include/ and impl/)")


def builtins_dir() -> Path:
    """cpp/vendor_check of the checkout (or the wheel's copy, asc/_vendor_check)."""
    pkg = Path(__file__).resolve().parents[2]  # python/asc
    for d in (pkg / "_vendor_check", pkg.parents[1] / "cpp" / "vendor_check"):
        if (d / "asc_bisheng_builtins.h").is_file():
            return d
    raise FileNotFoundError("asc_bisheng_builtins.h not found (cpp/vendor_check of the checkout)")


def is_devkit(path: Path) -> bool:
    return (path / "include" / "kernel_operator.h").is_file() and (path / "impl").is_dir()


def require_devkit(path) -> Path:
    p = Path(path).expanduser().resolve()
    if not is_devkit(p):
        raise FileNotFoundError(f"{path}: not an unpacked asc-devkit (no include/kernel_operator.h and impl/); "
                                f"{GET_SOURCES}")
    return p


def snapshot_commit(devkit: Path) -> str:
    """The commit the snapshot was taken at, when its folder says (COMMIT beside it), else ''."""
    for p in (devkit / "COMMIT", devkit.parent / "COMMIT"):
        if p.is_file():
            return p.read_text().strip()
    return ""


def compiler() -> str:
    """clang++ (19, Debian's clang-19): the vendor's headers overload on address spaces
    (`asc_dump(__ubuf__ T*)` beside `asc_dump(__cc__ T*)`), which only a compiler with address
    spaces tells apart, as bisheng (a clang) does; g++ takes them for redefinitions."""
    for name in ("clang++-19", "clang++"):
        path = shutil.which(name)
        if path:
            return path
    raise FileNotFoundError("the vendor-header check needs clang++ 19 (Debian: apt-get install clang-19)")


# ---------------------------------------------------------------- the tree
_tree_lock = threading.Lock()
_trees: Dict[Tuple[str, str], Path] = {}


def _devkit_digest(devkit: Path) -> str:
    """Over the header files' names, sizes and mtimes (cheap; a new snapshot is a new digest)."""
    h = hashlib.sha256()
    for sub in ("include", "impl"):
        for root, dirs, files in os.walk(devkit / sub):
            dirs.sort()
            for f in sorted(files):
                st = os.stat(os.path.join(root, f))
                h.update(f"{os.path.relpath(os.path.join(root, f), devkit)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    # The builtins by path and mtime too: a precompiled header records both and clang refuses it
    # ("has been modified since the precompiled header was built") when either differs, as when
    # two checkouts share one cache.
    bdir = builtins_dir()
    for f in sorted(bdir.glob("*.h")):
        h.update(f"{f.resolve()}:{f.stat().st_mtime_ns}\n".encode() + f.read_bytes())
    h.update(compiler().encode())
    h.update(" ".join(BASE_FLAGS).encode())
    return h.hexdigest()[:16]


def prepare_tree(devkit: Path, work: Path) -> None:
    """The files the vendor's build would add: kernel_tiling/kernel_tiling.h (its own generator
    script over include/adv_api) and the installed names of INSTALLED_AS, under work/gen."""
    gen = work / "gen"
    tiling = gen / "kernel_tiling" / "kernel_tiling.h"
    if not tiling.is_file():
        script = devkit / "impl" / "adv_api" / "cmake" / "scripts" / "gen_kernel_tiling_data_def.py"
        tmp = gen / "kernel_tiling" / f"kernel_tiling.h.{os.getpid()}.tmp"
        tmp.parent.mkdir(parents=True, exist_ok=True)
        res = subprocess.run([sys.executable, str(script), str(devkit / "include" / "adv_api"), str(tmp)],
                             capture_output=True, text=True)
        if res.returncode != 0 or not tmp.is_file():
            raise RuntimeError(f"the vendor's kernel_tiling.h generator failed:\n{res.stdout}{res.stderr}")
        os.replace(tmp, tiling)
    for name, target in INSTALLED_AS.items():
        p = gen / name
        if not p.is_file():
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(f'#include "{devkit / target}"\n')


def include_flags(devkit: Path, work: Path) -> List[str]:
    return ([f"-I{builtins_dir()}", f"-I{work / 'gen'}"] + [f"-I{(devkit / d)}" for d in INCLUDE_DIRS])


def compile_flags(devkit: Path, arch: Arch, work: Path) -> List[str]:
    """Macros and include paths for one architecture (without the prelude)."""
    return [f"-D{d}" for d in arch.defines + COMMON_DEFINES] + include_flags(devkit, work)


def work_dir(devkit: Path) -> Path:
    """$ASC_CACHE_DIR/vendor/<digest of the snapshot, the builtins header and the compiler>,
    prepared (generated files in place)."""
    devkit = require_devkit(devkit)
    with _tree_lock:
        key = (str(devkit), compiler())
        if key not in _trees:
            w = settings.cache_dir.get() / "vendor" / _devkit_digest(devkit)
            w.mkdir(parents=True, exist_ok=True)
            prepare_tree(devkit, w)
            _trees[key] = w
        return _trees[key]


# -w: warnings are not the check's business. bisheng's clang accepts `x.template f` without
# an argument list (the vendor's matmul headers write it); clang 19 made that a default error.
BASE_FLAGS = ("-std=c++17", "-fsyntax-only", "-fno-color-diagnostics", "-fno-caret-diagnostics",
              "-ferror-limit=0", "-ftemplate-backtrace-limit=0", "-w",
              "-Wno-error=missing-template-arg-list-after-template-kw")

_pch_lock = threading.Lock()


def prelude(devkit: Path, arch: Arch, preamble: Sequence[str] = HEADERS[:1]) -> List[str]:
    """The flags that put the builtins and a kernel's preamble (see `preamble`) in front of it
    for `arch`: their precompiled form (work/<arch>/prelude-<tag>.pch, built on first use), or
    the header as text when it does not compile (every kernel then fails with its first
    error, in the vendor's lines)."""
    devkit = require_devkit(devkit)
    work = work_dir(devkit)
    d = work / arch.name
    text = prelude_text(preamble)
    tag = "-".join(Path(h).stem for h in preamble if not h.startswith("#"))
    if any(h.startswith("#") for h in preamble):
        tag += "-" + hashlib.sha256(text.encode()).hexdigest()[:8]
    header = d / f"prelude-{tag}.h"
    pch = d / f"prelude-{tag}.pch"
    with _pch_lock:
        if not header.is_file():
            d.mkdir(parents=True, exist_ok=True)
            header.write_text(text)
        if not pch.is_file() and not (d / f"prelude-{tag}.failed").is_file():
            tmp = d / f"pch.{os.getpid()}.{threading.get_ident()}.tmp"
            cmd = [compiler(), *[f for f in BASE_FLAGS if f != "-fsyntax-only"], "-x", "c++-header",
                   *compile_flags(devkit, arch, work), str(header), "-o", str(tmp)]
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode == 0 and tmp.is_file():
                os.replace(tmp, pch)
            else:
                tmp.unlink(missing_ok=True)
                (d / f"prelude-{tag}.failed").write_text(res.stderr)
    if pch.is_file():
        return ["-include-pch", str(pch)]
    return ["-include", str(header)]


# ---------------------------------------------------------------- checking
@dataclasses.dataclass
class Result:
    """One kernel source on one architecture."""

    arch: str
    ok: bool
    first_error: str = ""  # the compiler's first error, "file:line:col: error: message"
    emitted_line: Optional[int] = None  # line of the emitted source it is in (or instantiated from)
    python_loc: Optional[Tuple[str, int]] = None  # the user's (file, line) that line came from
    in_vendor: bool = False  # the error's own location is in the vendor's headers (or the builtins')
    output: str = ""  # what the compiler said about this kernel
    # Not a failure: the API the kernel uses does not exist on this architecture (not_on_arch)
    not_on: str = ""

    def line(self) -> str:
        """One report line: `pass`, or the first error with where it came from."""
        if self.ok:
            return "pass"
        where = []
        if self.emitted_line:
            where.append(f"emitted line {self.emitted_line}")
        if self.python_loc:
            where.append(f"{self.python_loc[0]}:{self.python_loc[1]}")
        return self.first_error + (f" [{', '.join(where)}]" if where else "")


_LINE_DIRECTIVE = re.compile(r'^\s*#line\s+(\d+)(?:\s+"((?:\\.|[^"\\])*)")?\s*$')
_INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*$')


_DEFINE = re.compile(r'^\s*#define\s+\w+(\s.*)?$')


def includes(source: str) -> Tuple[str, ...]:
    """The headers of HEADERS a kernel source includes, in HEADERS' order."""
    found = {m.group(1) for m in map(_INCLUDE.match, source.split("\n")) if m}
    return tuple(h for h in HEADERS if h in found) or HEADERS[:1]


def _preamble_lines(source: str) -> List[int]:
    """0-based indices of the source's leading `#define` / `#include "..."` lines."""
    out = []
    for i, text in enumerate(source.split("\n")):
        if _INCLUDE.match(text) or _DEFINE.match(text):
            out.append(i)
        elif text.strip():
            break
    return out


def preamble(source: str) -> Tuple[str, ...]:
    """What goes in front of a kernel's code, as its precompiled prelude holds it: the macros
    its first lines define (`#define ASCENDC_CUBE_ONLY` of a cube-only Matmul kernel) and the
    headers it includes (a header as its bare name)."""
    lines = source.split("\n")
    defines = tuple(lines[i].strip() for i in _preamble_lines(source) if _DEFINE.match(lines[i]))
    return defines + includes(source)


def _blank_preamble(lines: List[str], source: str) -> List[str]:
    lines = list(lines)
    for i in _preamble_lines(source):
        lines[i] = ""
    return lines


def strip_line_directives(source: str) -> Tuple[List[str], Dict[int, Tuple[str, int]]]:
    """The source's lines with the `#line` directives blanked (so compiler lines are emitted
    lines), and emitted line -> the (Python file, line) the directive before it named."""
    lines = source.split("\n")
    mapping: Dict[int, Tuple[str, int]] = {}
    current: Optional[Tuple[str, int, int]] = None  # file, line, emitted line of the directive
    for i, text in enumerate(lines, start=1):
        m = _LINE_DIRECTIVE.match(text)
        if m:
            fname = (m.group(2).encode().decode("unicode_escape") if m.group(2) is not None
                     else (current[0] if current else ""))
            current = (fname, int(m.group(1)), i)
            lines[i - 1] = ""
            continue
        if current is not None:
            mapping[i] = (current[0], current[1] + (i - current[2] - 1))
    return lines, mapping


_DIAG = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>fatal error|error|note|warning): "
                   r"(?P<msg>.*)$")


def diagnostics(output: str):
    """clang's output as groups: [(error (file, line, col, text), [notes as (file, line, text)])]."""
    groups = []
    for text in output.splitlines():
        m = _DIAG.match(text)
        if not m:
            continue
        item = (m.group("file"), int(m.group("line")), int(m.group("col")), text)
        if m.group("kind") in ("error", "fatal error"):
            groups.append((item, []))
        elif m.group("kind") == "note" and groups:
            groups[-1][1].append(item)
    return groups


def _kernel_line(group, is_kernel_file) -> Tuple[Optional[int], bool]:
    """(line in the kernel file, the error itself is there): the error's own location, else
    the first note there ("in instantiation of ... requested here": the kernel's call)."""
    (f, line, _, _), notes = group
    if is_kernel_file(f):
        return line, True
    for nf, nline, _, _ in notes:
        if is_kernel_file(nf):
            return nline, False
    return None, False


def _run(cmd) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True)


def _compile(devkit: Path, arch: Arch, text: str, file_name: str, preamble_: Sequence[str]):
    work = work_dir(devkit)
    pre = prelude(devkit, arch, preamble_)
    with tempfile.TemporaryDirectory(dir=work, prefix="check-") as tmp:
        src = Path(tmp) / file_name
        src.write_text(text)
        res = _run([compiler(), *BASE_FLAGS, *compile_flags(devkit, arch, work), *pre, str(src)])
    return res.returncode, res.stderr.replace(str(src), file_name)


def _result(arch: Arch, code: int, output: str, file_name: str, mapping, offset: int = 0, groups=None) -> Result:
    if code == 0 and not groups:
        return Result(arch.name, True)
    groups = diagnostics(output) if groups is None else groups
    if not groups:
        text = output.strip().splitlines()
        return Result(arch.name, False, text[0] if text else "the compiler failed without a message", output=output)
    group = groups[0]
    line, own = _kernel_line(group, lambda f: os.path.basename(f) == file_name)
    emitted = line - offset if line is not None else None
    first = group[0][3]
    if own and emitted is not None:  # the kernel's own line: name it as the emitted line
        first = re.sub(rf"^{re.escape(group[0][0])}:{group[0][1]}:", f"{file_name}:{emitted}:", first)
    detail = "\n".join([group[0][3]] + [n[3] for n in group[1]])
    return Result(arch.name, False, first, emitted, mapping.get(emitted) if emitted else None, not own, detail)


# ---- "not on 310P": an API of the A2 kernel that the architecture does not have ----
_QUOTED = re.compile(r"'([A-Za-z_][\w:]*)")
_CALLED = re.compile(r"(?:AscendC::|\.|->)(?:template\s+)?([A-Z]\w*)\s*[<(]")
_INSTANTIATION = re.compile(r"in instantiation of function template specialization '([\w:]+)<([^']*)>' requested")
_DTYPE_CHECK = re.compile(r'SupportType<\s*Tuple<[^<>]*>\s*,((?:\s*Tuple<[^<>]*>\s*,?)+)>\s*\(\)\s*\)?\s*,\s*\{?\s*'
                          r'(?:KERNEL_LOG\(\s*KERNEL_ERROR,\s*)?"(Failed to check dtype[^"]*)"', re.S)


def _builtin_names() -> set:
    """The names asc_bisheng_builtins.h and asc_bisheng_intrinsics.h declare (the intrinsics)."""
    names = set()
    for f in (BUILTINS, "asc_bisheng_intrinsics.h"):
        p = builtins_dir() / f
        if p.is_file():
            names |= set(re.findall(r"\b(\w+)\(", p.read_text()))
    return names


def _vendor_dtype_check(devkit: Path, func: str, types: str) -> str:
    """The vendor's own dtype check of `func` (an AscendC function template the failing
    intrinsic call is in), when the instantiation's types are not among the combinations it
    lists: its message; else "". (`MmadCal<float, float, float>` on dav-m200: the check lists
    no float inputs, and the intrinsic has no such form.)"""
    name = func.rsplit("::", 1)[-1]
    canon = {"_Float16": "half", "__bf16": "bfloat16_t", "int": "int32_t", "unsigned int": "uint32_t",
             "short": "int16_t", "unsigned short": "uint16_t", "signed char": "int8_t", "char": "int8_t",
             "unsigned char": "uint8_t", "long": "int64_t", "unsigned long": "uint64_t"}
    want = tuple(canon.get(t.strip(), t.strip()) for t in types.split(","))
    for path in (devkit / "impl" / "basic_api" / "dav_m200").glob("*.h"):
        text = path.read_text(errors="replace")
        at = text.find(f" {name}(")
        while at >= 0:
            body = text[at:at + 3000]
            m = _DTYPE_CHECK.search(body)
            if m:
                combos = {tuple(t.strip() for t in c.split(","))
                          for c in re.findall(r"Tuple<([^<>]*)>", m.group(1))}
                if want not in combos and len(want) == len(next(iter(combos), ())):
                    # the message: its adjacent string literals joined
                    lits = re.match(r'(?:\s*"(?:[^"\\]|\\.)*")+', body[m.start(2) - 1:])
                    text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', lits.group(0))) if lits else m.group(2)
                    return re.sub(r"\s+", " ", text)
                return ""
            at = text.find(f" {name}(", at + 1)
    return ""


def not_on_arch(r: Result, source: str, devkit, passes_elsewhere: bool) -> str:
    """For a failure on another architecture than the A2 one a kernel was written for (310P):
    the API the architecture does not have, or "" when the failure is a real one.

    - an error in the kernel's own line of a kernel that passes on A2 (`no member named
      'IterateNBatch'` in 310P's Matmul, no `Fixpipe` overload): that API, in that form,
      does not exist there;
    - an error in the vendor's lines that is not a call of a bisheng intrinsic (a vendor
      function with no overload for the architecture, FixpipeL0C2GMImpl, a member of its
      Matmul): the API the kernel's line calls does not exist there;
    - a call of an intrinsic with no form for the types, inside a vendor function whose own
      dtype check does not admit them (MmadCal with float inputs on dav-m200): that API with
      those types.
    Any other error in the vendor's lines (an intrinsic call the builtins header has no form
    for) stays a failure: the header is wrong for the architecture, and is fixed there."""
    if r.ok:
        return ""
    lines, _ = strip_line_directives(source)
    line = lines[r.emitted_line - 1] if r.emitted_line and r.emitted_line <= len(lines) else ""
    called = _CALLED.findall(line)
    api = called[0] if called else ""
    msg = r.first_error.split("error:", 1)[-1].strip()
    quoted = _QUOTED.findall(msg)
    if not r.in_vendor:
        if not passes_elsewhere:
            return ""
        name = quoted[0].rsplit("::", 1)[-1] if quoted and ("no member named" in msg or "no matching" in msg) else api
        return f"{name or 'the API'} ({msg[:160]})"
    callee = quoted[0].rsplit("::", 1)[-1] if quoted and "call to" in msg else ""
    if callee and callee in _builtin_names():
        inst = _INSTANTIATION.search(r.output or "")
        if inst:
            why = _vendor_dtype_check(require_devkit(devkit), inst.group(1), inst.group(2))
            if why:
                return f"{inst.group(1).rsplit('::', 1)[-1]}<{inst.group(2).replace('_Float16', 'half')}> ({why})"
        return ""
    if not passes_elsewhere:
        return ""
    return f"{api or 'the API'} (the vendor's headers: {msg[:160]})"


def check_source(source: str, devkit, arch, *, name: str = "kernel") -> Result:
    """Compiles one emitted kernel source against the vendor headers for `arch` (an Arch or its name)."""
    devkit = require_devkit(devkit)
    arch = ARCHS[arch] if isinstance(arch, str) else arch
    lines, mapping = strip_line_directives(source)
    lines = _blank_preamble(lines, source)
    file_name = (re.sub(r"[^\w.-]", "_", name)[:60] or "kernel") + ".cpp"
    code, out = _compile(devkit, arch, "\n".join(lines), file_name, preamble(source))
    return _result(arch, code, out, file_name, mapping)


_EXTERN_KERNEL = re.compile(r'^(\s*)extern "C" (__global__ __aicore__ void )(\w+)\(')


def check_batch(sources: Sequence[str], devkit, arch) -> List[Result]:
    """Several kernels in one translation unit (each in a namespace of its own, its kernel
    no longer `extern "C"`, its #include lines blanked: the kernels of a batch include the
    same headers, which the batch's prelude holds): one parse of the prelude and of the
    instantiations they share. A kernel the batch finds an error in is checked again
    alone, so its result is exactly check_source's."""
    devkit = require_devkit(devkit)
    arch = ARCHS[arch] if isinstance(arch, str) else arch
    if len(sources) == 1:
        return [check_source(sources[0], devkit, arch)]
    headers = preamble(sources[0])
    if any(preamble(s) != headers for s in sources):
        raise ValueError("check_batch: the kernels of a batch must have the same preamble (defines, headers)")
    file_name = "batch.cpp"
    text, spans, maps = [], [], []
    for i, source in enumerate(sources):
        lines, mapping = strip_line_directives(source)
        lines = [_EXTERN_KERNEL.sub(r"\1\2\3(", l) for l in _blank_preamble(lines, source)]
        text.append(f"namespace asc_vendor_check_{i} {{")
        start = len(text)  # 0-based index of the kernel's first line
        text += lines
        text.append("}")
        spans.append((start + 1, start + len(lines)))  # 1-based batch lines of the kernel
        maps.append(mapping)
    code, out = _compile(devkit, arch, "\n".join(text), file_name, headers)
    if code == 0:
        return [Result(arch.name, True) for _ in sources]
    failed = set()
    unplaced = False
    for group in diagnostics(out) or [None]:
        line = _kernel_line(group, lambda f: os.path.basename(f) == file_name)[0] if group else None
        owner = next((i for i, (a, b) in enumerate(spans) if line is not None and a <= line <= b), None)
        if owner is None:
            unplaced = True
        else:
            failed.add(owner)
    if unplaced:  # an error no kernel line leads to: check every kernel alone
        failed = set(range(len(sources)))
    return [check_source(src, devkit, arch) if i in failed else Result(arch.name, True)
            for i, src in enumerate(sources)]


# The A2 halves. bisheng compiles a kernel for the core types its kernel type runs on
# (--cce-aicore-arch): a vector kernel for dav-c220-vec, a cube kernel for dav-c220-cube,
# a mixed kernel once per half; each of those compiles must pass.
A2 = ("a2-vec", "a2-cube")
_HALVES = {"AIV_ONLY": ("a2-vec",), "AIC_ONLY": ("a2-cube",)}


def arches_for(kernel_type: str, wanted=A2):
    """The architectures of `wanted` a kernel of this type is compiled for: the A2 half
    (halves) it runs on; other architectures (310p) whenever asked for."""
    halves = _HALVES.get(kernel_type, A2)  # MIX_*: both halves
    return tuple(a for a in wanted if a not in A2 or a in halves)


def check_kernel(source: str, devkit, name: str = "kernel", kernel_type: str = "MIX_AIC_1_2") -> None:
    """The `ASC_VENDOR_HEADERS` check of one compile, on the A2 half or halves the kernel
    type runs on: the first failure raises CompileError at the user's Python line (when
    the error comes from the emitted code), quoting the compiler's first error."""
    for arch in arches_for(kernel_type):
        r = check_source(source, devkit, arch, name=name)
        if not r.ok:
            raise vendor_error(r, name)


def vendor_error(r: Result, name: str) -> CompileError:
    where = f" (emitted line {r.emitted_line})" if r.emitted_line else ""
    msg = (f"kernel '{name}' does not compile against the vendor's Ascend C headers "
           f"({ARCHS[r.arch].title}){where}: {r.first_error}")
    if r.python_loc:
        return CompileError(msg, r.python_loc[0], r.python_loc[1])
    return CompileError(msg)
