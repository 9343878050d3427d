"""asc-cc: the compiler driver of the `ASC` language for the Model.

    asc-cc [flags] -c add.asc -o add.o        compile one .asc (or kernel .cpp)
    asc-cc [flags] add.o main.o -o demo       link a program
    asc-cc [flags] add.asc -o demo            both

It takes the command lines CMake writes for the vendor's bisheng (the ASC
language of asc's CMake package; docs/ascend-c-programs.md) and compiles
with the host C++ compiler instead, for the Model:

  * each source is rewritten for its `<<<numBlocks, l2ctrl, stream>>>`
    launches (rewrite.py; every line keeps its number) and compiled with the
    Model's kernel flags behind the precompiled prelude (kernel_operator.h,
    acl/acl.h, the launch; toolchain.py);
  * a program is linked with the Model's runtime object, its ACL and a
    configuration generated from asc's settings (config_gen.py);
  * `--npu-arch=dav-2201` selects the Model's platform (Ascend910B1); the
    other bisheng/ascc flags the vendor's projects pass are accepted and have
    nothing to do here (see IGNORED); optimisation and language-standard
    flags are the Model's own (every program source shares one PCH);
  * the CANN libraries the projects link (tiling_api, register, ...) are the
    Model's business: their -l flags are dropped (VENDOR_LIBS).

A compile error for an Ascend C API the Model does not implement ends with
one line naming the API and the .asc line. Its argument syntax is the C
compilers' (what CMake and make hand it), not absl flags.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .. import cache as _cache
from ..runtime.model import build
from . import config_gen, rewrite, toolchain

USAGE = """usage: asc-cc [flags] -c file.asc [-o file.o]     compile for the Model
       asc-cc [flags] files.o... -o program          link a program
       asc-cc [flags] file.asc -o program            compile and link

The ASC language's compiler in asc's CMake package (docs/ascend-c-programs.md):
compiles Ascend C (.asc, kernel .cpp) with the host C++ compiler for the Model.
  --npu-arch=dav-2201     the architecture (selects the Model's platform)
  -I -D -U -include -isystem -iquote -M* -W -l -L -Wl,   as for g++
  --help, --version
"""

SOURCE_SUFFIXES = (".asc", ".cpp", ".cc", ".cxx", ".c++", ".C", ".c")

# bisheng/ascc flags the vendor's projects pass that mean nothing on the Model
# (device code generation, SIMT, the separate-compilation mode): accepted, unused.
IGNORED = ("--asc-aicore-lang", "--aicore-only", "-dc", "--enable-simt", "-forward-options-to-host-compiler",
           "-Xaicore-end", "-Xhost-start", "-Xhost-end", "-fno-common")
IGNORED_PREFIXES = ("--run-mode=", "--gcc-toolchain=", "--cce-", "-mllvm", "--save-temps", "-std=", "-O", "-g",
                    "--sanitizer", "-fsanitize")

# CANN libraries the projects link; on the Model what they provide is the Model's.
VENDOR_LIBS = frozenset({"tiling_api", "register", "platform", "graph_base", "unified_dlog", "ascendcl", "acl_rt",
                         "runtime", "error_manager", "profapi", "ge_common_base", "mmpa", "ascend_dump", "c_sec",
                         "ascendc_runtime", "ascendalog", "graph", "ge_runner", "nnopbase", "opapi", "ascendc_acl_stub",
                         "tikicpulib_ascend910B1", "tikicpulib", "cpudebug", "cpudebug_npuchk", "cpudebug_stubreg",
                         "cpudebug_cceprint", "pem_davinci", "_pvmodel", "npu_drv_camodel", "runtime_camodel",
                         "ascendc_kernel", "aicpu_kernels", "hccl", "exe_graph", "lowering"})


class UsageError(Exception):
    pass


class Args:
    def __init__(self):
        self.compile_only = False
        self.output: Optional[str] = None
        self.sources: List[str] = []
        self.inputs: List[str] = []  # objects and libraries for the link
        self.cflags: List[str] = []  # preprocessor and warning flags for the compiles
        self.depflags: List[str] = []
        self.ldflags: List[str] = []
        self.arch = config_gen.DEFAULT_ARCH
        self.shared = False


_TAKES_VALUE = ("-I", "-D", "-U", "-include", "-isystem", "-iquote", "-idirafter", "-MT", "-MF", "-MQ", "-L", "-l",
                "-x", "-o", "-Xlinker")


def parse(argv: List[str]) -> Args:
    a = Args()
    i = 0
    in_aicore = False
    while i < len(argv):
        arg = argv[i]
        i += 1

        def value() -> str:
            nonlocal i
            if i >= len(argv):
                raise UsageError(f"{arg} needs a value")
            i += 1
            return argv[i - 1]

        if arg == "-Xaicore-start":
            in_aicore = True  # kernel-only flags: only the preprocessor's matter on the Model
            continue
        if arg == "-Xaicore-end":
            in_aicore = False
            continue
        if in_aicore and not arg.startswith(("-D", "-U", "-I")):
            continue
        if arg in IGNORED or arg.startswith(IGNORED_PREFIXES):
            continue
        if arg.startswith("--npu-arch"):
            a.arch = arg.split("=", 1)[1] if "=" in arg else value()
            config_gen.platform_for(a.arch)  # an architecture the Model has no platform for: an error now
        elif arg == "--arch" or arg.startswith("--cce-aicore-arch"):
            if "=" not in arg:
                value()
        elif arg == "-c":
            a.compile_only = True
        elif arg == "-o":
            a.output = value()
        elif arg == "-x":
            value()  # `-x asc`, `-x c++`: the file's language is ours to pick
        elif arg in ("-MD", "-MMD", "-MP"):
            a.depflags.append(arg)
        elif arg in ("-MT", "-MF", "-MQ"):
            a.depflags += [arg, value()]
        elif arg in ("-I", "-D", "-U", "-include", "-isystem", "-iquote", "-idirafter"):
            a.cflags += [arg, value()]
        elif arg.startswith(("-I", "-D", "-U", "-isystem", "-iquote", "-W")) and not arg.startswith("-Wl,"):
            a.cflags.append(arg)
        elif arg.startswith(("-L", "-Wl,")) or arg in ("-pthread", "-rdynamic", "-no-pie", "-pie", "-static-libstdc++",
                                                     "-static-libgcc"):
            a.ldflags.append(arg)
        elif arg == "-Xlinker":
            a.ldflags += [arg, value()]
        elif arg == "-l" or arg.startswith("-l"):
            name = value() if arg == "-l" else arg[2:]
            if name not in VENDOR_LIBS:
                a.ldflags.append("-l" + name)
        elif arg == "-shared":
            a.shared = True
        elif arg in ("-fPIC", "-fpic", "-fPIE", "-fpie"):
            continue  # the Model's flags have -fPIC
        elif arg.startswith("-f") or arg.startswith("-m"):
            continue  # code-generation flags: the Model's own (they must match the prelude's PCH)
        elif arg.startswith("-"):
            raise UsageError(f"unknown flag {arg!r}")
        elif arg.endswith(SOURCE_SUFFIXES):
            a.sources.append(arg)
        else:
            a.inputs.append(arg)
    if in_aicore:
        raise UsageError("-Xaicore-start without -Xaicore-end")
    return a


# ---------------------------------------------------------------- compile

# g++'s quotes are ASCII or typographic, by locale
_Q, _QE = "[\u2018']", "[\u2019']"
_NOT_MEMBER = re.compile(rf"^(?P<loc>[^:\s]+:\d+)(?::\d+)?: error: {_Q}(?P<name>[\w:]+){_QE} is not a member of "
                         rf"{_Q}(?P<ns>AscendC[\w:]*){_QE}")
_NO_MATCH = re.compile(rf"^(?P<loc>[^:\s]+:\d+)(?::\d+)?: error: no matching function for call to "
                       rf"{_Q}(?P<ns>AscendC::)?(?P<name>\w+)")
_NOT_DECLARED = re.compile(rf"^(?P<loc>[^:\s]+:\d+)(?::\d+)?: error: {_Q}(?P<name>\w+){_QE} was not declared in this "
                           rf"scope")
_NO_MEMBER = re.compile(rf"^(?P<loc>[^:\s]+:\d+)(?::\d+)?: error: {_Q}(?P<cls>(?:class |struct )?AscendC::[\w<>:, ]+)"
                        rf"{_QE} has no member named {_Q}(?P<name>\w+){_QE}")


_NO_HEADER = re.compile(r"^(?P<loc>[^:\s]+:\d+)(?::\d+)?: fatal error: (?P<name>\S+): No such file or directory")


def unsupported_apis(stderr: str, source: str) -> List[str]:
    """One line per Ascend C API (or vendor header) the Model lacks, from g++'s errors on `source` lines."""
    out: List[str] = []
    for line in stderr.splitlines():
        m = _NO_HEADER.match(line)
        if m and m.group("loc").startswith(source):
            out.append(f"{m.group('loc')}: error: {m.group('name')} is a CANN header the Model does not provide")
        for pat, form in ((_NOT_MEMBER, "{ns}::{name}"), (_NO_MATCH, "{ns}{name} with these arguments"),
                          (_NO_MEMBER, "{cls}::{name}"), (_NOT_DECLARED, "{name}")):
            m = pat.match(line)
            if m and m.group("loc").startswith(source):
                api = form.format(**{k: v or "AscendC::" for k, v in m.groupdict().items()})
                msg = f"{m.group('loc')}: error: {api} is an Ascend C API the Model does not implement"
                if msg not in out:
                    out.append(msg)
    return out


def _macros(cflags: List[str]) -> Dict[str, str]:
    """The macros the compile's -D / -U flags leave defined (name -> value; "1" for -DNAME)."""
    out: Dict[str, str] = {}
    for prev, arg in zip([""] + cflags, cflags):
        for flag in ("-D", "-U"):
            if arg.startswith(flag) and len(arg) > 2:
                text = arg[2:]
            elif prev == flag and arg != flag:
                text = arg
            else:
                continue
            name, _, value = text.partition("=")
            if flag == "-D":
                out[name] = value if "=" in text else "1"
            else:
                out.pop(name, None)
    return out


def _rewritten(src: Path, out_dir: Path, macros: Optional[Dict[str, str]] = None) -> Path:
    """The source with its launches rewritten, under #line so every message names `src`."""
    text = src.read_text(encoding="utf-8", errors="surrogateescape")
    try:
        body, _ = rewrite.rewrite(text, macros=macros)
    except rewrite.RewriteError as exc:
        raise CompileFailed(f"{src}:{exc.line}: error: {exc}")
    path = out_dir / (src.name + ".model.cpp")
    quoted = str(src.resolve()).replace("\\", "\\\\").replace('"', '\\"')
    data = f'#line 1 "{quoted}"\n{body}'.encode("utf-8", errors="surrogateescape")
    try:
        if path.read_bytes() == data:
            return path  # unchanged: keep its mtime
    except OSError:
        pass
    _cache.write_atomic(path, data)
    return path


class CompileFailed(Exception):
    pass


def compile_one(src: str, obj: str, a: Args, inc: Path) -> None:
    pch = toolchain.prepare(inc)["pch"]
    src_path = Path(src)
    obj_path = Path(obj)
    obj_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _rewritten(src_path, obj_path.parent, _macros(a.cflags))
    stub = pch.parent / toolchain.PRELUDE  # found beside its .gch (the PCH when valid, else the real prelude)
    if not stub.exists():
        _cache.write_atomic(stub, f'#include "{toolchain.host_include(inc) / toolchain.PRELUDE}"\n'.encode())
    arch = f"-D__NPU_ARCH__={config_gen.ARCH_NUMBERS[a.arch]}"  # after the PCH: the prelude does not read it
    cmd = [build.cxx(), *toolchain.program_flags(inc), "-iquote", str(src_path.resolve().parent), *a.cflags,
           "-include", str(stub), arch, "-x", "c++", "-c", str(tmp), "-o", obj, *a.depflags]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        lines = unsupported_apis(r.stderr, str(src_path.resolve()))
        raise CompileFailed(r.stderr + r.stdout + "".join(f"asc-cc: {m}\n" for m in lines))
    if r.stderr:
        sys.stderr.write(r.stderr)


# ---------------------------------------------------------------- link

def link(objects: List[str], out: str, a: Args, inc: Path) -> None:
    text = config_gen.source(a.arch)
    inputs = toolchain.link_inputs(inc, text)
    cmd = [build.cxx(), *build.cxx_flags(), *(["-shared"] if a.shared else []), *objects,
           *[str(p) for p in inputs], "-o", out, "-pthread", "-ldl", *a.ldflags]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise CompileFailed(f"linking {out} failed:\n{r.stderr}{r.stdout}")


def run(argv: List[str]) -> int:
    if not argv or argv[0] in ("--help", "-h"):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    if argv[0] == "--print-host-include":  # for the CMake package: acl/acl.h for plain C++ sources
        sys.stdout.write(f"{toolchain.host_include(build.include_dir())}\n")
        return 0
    if argv[0] == "--version":
        from .. import _version
        sys.stdout.write(f"asc-cc (asc {_version.__version__}) for the Model, with {build.cxx()}\n")
        return 0
    a = parse(argv)
    inc = build.include_dir()
    if a.compile_only:
        if not a.sources:
            raise UsageError("-c needs a source file")
        if a.output and len(a.sources) > 1:
            raise UsageError("-o with -c takes one source file")
        for src in a.sources:
            compile_one(src, a.output or Path(src).with_suffix(".o").name, a, inc)
        return 0
    if not a.sources and not a.inputs:
        raise UsageError("no input files")
    objects = list(a.inputs)
    with tempfile.TemporaryDirectory(prefix="asc-cc-") as tmp:
        for src in a.sources:
            obj = str(Path(tmp) / (hashlib.sha256(src.encode()).hexdigest()[:8] + "-" + Path(src).stem + ".o"))
            compile_one(src, obj, a, inc)
            objects.append(obj)
        link(objects, a.output or "a.out", a, inc)
    return 0


def main(argv: Optional[List[str]] = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    try:
        code = run(argv)
    except UsageError as exc:
        sys.stderr.write(f"[ERROR] asc-cc: {exc} (asc-cc --help)\n")
        code = 2
    except config_gen.ArchError as exc:
        sys.stderr.write(f"[ERROR] asc-cc: {exc}\n")
        code = 2
    except CompileFailed as exc:
        sys.stderr.write(str(exc) if str(exc).endswith("\n") else f"{exc}\n")
        code = 1
    except build.ModelCompileError as exc:
        sys.stderr.write(f"[ERROR] asc-cc: {exc}\n")
        code = 1
    sys.exit(code)


if __name__ == "__main__":
    main()
