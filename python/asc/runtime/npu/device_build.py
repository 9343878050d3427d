"""A kernel's device binary, built the way CANN's kernel-object flow builds it.

The NPU backend (build.py) compiles kernel + launch stub into one host-loadable
library. Runtimes that register a raw device binary with the ACL/RT runtime
(pyasc's launcher: rtDevBinaryRegister + rtKernelLaunch) need the other form:
the kernel alone, compiled per AI Core type with `--cce-aicore-only` and joined
by ld.lld into one relocatable-free image:

    vector or cube kernel   bisheng -c ... --cce-aicore-arch=dav-c220-vec|cube  ->  ld.lld -m aicorelinux
    mixed kernel (MIX_AIC)  bisheng for the cube and for the vector arch,
                            with -cce-enable-mix -D__MIX_CORE_MACRO__=1           ->  ld.lld of both objects

Source of the flags: CANN's Ascend C kernel build (the bisheng options of its
kernel-launch samples) and pyasc's compile driver (hicann/pyasc
python/asc/runtime/compiler.py), which builds for Atlas A2/A3 (Ascend910B*,
Ascend910_93*) only. Not run against a real bisheng on this machine: the tests
check the exact command lines with a fake bisheng and ld.lld on PATH.
"""

from __future__ import annotations

import dataclasses
import enum
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

# Kernel types whose cube and vector halves are compiled separately and linked together.
SPLIT_MIX = ("MIX_AIC_1_1", "MIX_AIC_1_2")
# Kernel types built for one core type: the vector arch (AIV side) or the cube arch.
VECTOR_SIDE = ("AIV_ONLY", "MIX_AIV_1_0", "MIX_AIV_HARD_SYNC")
CUBE_SIDE = ("AIC_ONLY", "MIX_AIC_1_0", "MIX_AIC_HARD_SYNC")

COMMON_FLAGS = ("-std=c++17", "--cce-disable-kernel-global-attr-check",
                "-mllvm", "-cce-aicore-stack-size=0x8000",
                "-mllvm", "-cce-aicore-function-stack-size=0x8000",
                "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false")
# A compile that crashes bisheng's machine LICM is retried once without it.
LICM_WORKAROUND = ("-mllvm", "-disable-machine-licm")


@dataclasses.dataclass(frozen=True)
class DeviceBuildOptions:
    opt_level: int = 3
    debug: bool = False  # -g and jump expansion
    auto_sync: bool = True  # bisheng's own sync insertion
    auto_sync_log: str = ""
    dump: bool = False  # ASCENDC_DUMP (printf / DumpTensor kept)
    extra: Tuple[str, ...] = ()  # the user's bisheng options, before the common ones
    includes: Tuple[str, ...] = ()


def arch_of(soc: str, side: str) -> str:
    """The --cce-aicore-arch of the "vec" or "cube" side of an Atlas A2/A3 part."""
    if not (soc.startswith("Ascend910B") or soc.startswith("Ascend910_93")):
        raise ValueError(f"device binaries are built for Atlas A2/A3 (Ascend910B*, Ascend910_93*), not {soc}")
    return f"dav-c220-{side}"


def compile_command(bisheng: str, arch: str, src: str, out: str, kernel_type: str,
                    opts: DeviceBuildOptions) -> List[str]:
    cmd = [bisheng, "-c", "-x", "cce", f"-O{opts.opt_level}", src, f"--cce-aicore-arch={arch}",
           "--cce-aicore-only", "-o", out]
    for inc in opts.includes:
        cmd += ["-I", inc]
    cmd += [*opts.extra, *COMMON_FLAGS, f"-DASCENDC_DUMP={int(opts.dump)}"]
    if opts.debug:
        cmd += ["-g", "-mllvm", "--cce-aicore-jump-expand=true"]
    if opts.auto_sync:
        cmd += ["--cce-auto-sync", "-mllvm", "-api-deps-filter"]
        if opts.auto_sync_log:
            cmd.append(f"-cce-auto-sync-log={opts.auto_sync_log}")
    if kernel_type in SPLIT_MIX:
        cmd += ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"]
        if kernel_type == "MIX_AIC_1_1":
            cmd.append("-D__MIX_CORE_AIC_RATION__=1")
    return cmd + ["-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]


def link_command(linker: str, objects: Sequence[str], out: str) -> List[str]:
    return [linker, "-m", "aicorelinux", "-Ttext=0", *objects, "-static", "-o", out]


def build_commands(bisheng: str, linker: str, soc: str, kernel_type: str, src: Path, out: Path,
                   opts: DeviceBuildOptions) -> List[List[str]]:
    """Every command, in order, that turns `src` into the device binary `out`."""
    work = out.parent
    if kernel_type in SPLIT_MIX:
        objs = [str(work / "output_cube.o"), str(work / "output_vec.o")]
        cmds = [compile_command(bisheng, arch_of(soc, "cube"), str(src), objs[0], kernel_type, opts),
                compile_command(bisheng, arch_of(soc, "vec"), str(src), objs[1], kernel_type, opts)]
        return cmds + [link_command(linker, objs, str(out))]
    if kernel_type in VECTOR_SIDE:
        side = "vec"
    elif kernel_type in CUBE_SIDE:
        side = "cube"
    else:
        raise ValueError(f"unknown kernel type {kernel_type!r}")
    obj = str(work / "output_kernel.o")
    return [compile_command(bisheng, arch_of(soc, side), str(src), obj, kernel_type, opts),
            link_command(linker, [obj], str(out))]


class CoreType(enum.Enum):
    """The cores a device binary runs on (pyasc's names, asc.lib.runtime.CoreType): both kinds
    (a mixed kernel), the vector cores, the cube cores, or the AI CPU."""

    AiCore = "AiCore"
    VectorCore = "VectorCore"
    CubeCore = "CubeCore"
    AiCpu = "AiCpu"


def core_type_of(kernel_type: str) -> CoreType:
    """Both core types for the split mixed kernels, else the side the kernel is built for."""
    if kernel_type in SPLIT_MIX:
        return CoreType.AiCore
    if kernel_type in VECTOR_SIDE:
        return CoreType.VectorCore
    return CoreType.CubeCore


class DeviceBuildError(RuntimeError):
    """A build step failed; the message quotes its output and the command to rerun."""


def run_step(cmd: List[str]) -> None:
    r = _run(cmd)
    if r.returncode != 0 and "--cce-aicore-only" in cmd:
        retry = cmd[:4] + list(LICM_WORKAROUND) + cmd[4:]
        if _run(retry).returncode == 0:
            return
    if r.returncode != 0:
        step = "compile" if "--cce-aicore-only" in cmd else "link"
        out = (r.stdout or b"").decode(errors="replace").rstrip()
        raise DeviceBuildError(f"{step} failed (exit code {r.returncode}):\n{out}\nPlease rerun: {' '.join(cmd)}")


def _run(cmd: List[str]) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as exc:
        raise DeviceBuildError(f"could not run {cmd[0]}: {exc}") from None


def build(bisheng: str, linker: str, soc: str, kernel_type: str, source: str, work: Path,
          opts: Optional[DeviceBuildOptions] = None) -> bytes:
    """The device binary of `source` (built in the folder `work`)."""
    src = work / "input.cce"
    src.write_text(source)
    out = work / "output.o"
    for cmd in build_commands(bisheng, linker, soc, kernel_type, src, out, opts or DeviceBuildOptions()):
        run_step(cmd)
    if not out.is_file():
        raise DeviceBuildError(f"the link wrote no {out}")
    return out.read_bytes()
