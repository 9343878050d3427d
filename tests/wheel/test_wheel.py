"""The wheel (issue 16), installed the way a kernel author installs it.

//python:wheel is installed into a fresh virtual environment created without
the system site packages (numpy from a wheel repacked from this interpreter's
numpy, so no network is needed), and every check runs that environment's
Python or console scripts in an empty directory, with no checkout on sys.path
and no PYTHONPATH: a kernel on the Model against numpy, a compile error naming
the user's file, asc-translate and asc-opt on a lit module, the Model's missing
host compiler. `_C.so` and the tools need no LLVM/MLIR library (readelf, ldd),
and the kernel also runs with the system's LLVM/MLIR libraries hidden from the
process (a private mount namespace over /usr/lib/llvm-19/lib and libLLVM.so.19.1;
skipped where namespaces are not allowed).

Under Bazel: bazel test //tests/wheel:test_wheel. By hand:
bazel build //python:wheel && python3 -m pytest tests/wheel
"""

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIT_MODULE = ROOT / "tests" / "lit" / "debug" / "metrics_prof.mlir"
LLVM_LIB = Path("/usr/lib/llvm-19/lib")
# What the wheel's binaries may need: the C and C++ runtime.
RUNTIME_LIBS = {"libstdc++.so.6", "libm.so.6", "libgcc_s.so.1", "libc.so.6", "ld-linux-x86-64.so.2"}


def find_wheel() -> Path:
    for d in (ROOT / "python" / "dist", ROOT / "bazel-bin" / "python" / "dist"):
        wheels = sorted(d.glob("asc-*.whl"))
        if wheels:
            assert len(wheels) == 1, wheels
            return wheels[0]
    pytest.fail("no wheel: bazel build //python:wheel")


# The wheel's dependencies (python/pyproject.toml), repacked so that the
# fresh environment installs them with no network.
DEPENDENCIES = ("numpy", "absl-py", "tqdm")


def repack(dist_name: str, out_dir: Path) -> Path:
    """A wheel of this interpreter's installed distribution, from its files."""
    dist = importlib.metadata.distribution(dist_name)
    wheel_meta = dist.read_text("WHEEL") or ""
    tag = next(line.split(":", 1)[1].strip() for line in wheel_meta.splitlines() if line.startswith("Tag:"))
    stem = dist.metadata["Name"].replace("-", "_")
    base = Path(dist.locate_file(""))
    out = out_dir / f"{stem}-{dist.version}-{tag}.whl"
    files = [f for f in dist.files if f.parts[0] != ".." and "__pycache__" not in f.parts]
    info_dir = next(f.parts[0] for f in files if f.parts[0].endswith(".dist-info"))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for f in files:
            if f.name == "RECORD":
                continue  # scripts outside site-packages (pip writes its own), caches
            src = base / f
            if src.is_file():
                z.write(src, str(f))
        z.writestr(f"{info_dir}/RECORD", "\n".join(str(f) + ",," for f in files) + "\n")
    return out


def clean_env(tmp: Path) -> dict:
    """The environment of a user's shell: no PYTHONPATH or Bazel runfiles, no
    LLVM directory on the library path, caches in the temporary directory."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "RUNFILES", "BUILD_WORKSPACE", "TEST_", "BAZEL", "ASC_", "PYASC_"))}
    if "LD_LIBRARY_PATH" in env:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(p for p in env["LD_LIBRARY_PATH"].split(os.pathsep)
                                                 if p and "llvm" not in p.lower())
    env["ASC_CACHE_DIR"] = str(tmp / "cache")
    env["PIP_CONFIG_FILE"] = os.devnull
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["HOME"] = str(tmp / "home")
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints the Python stack
    return env


class Venv:
    def __init__(self, root: Path, env: dict, work: Path):
        self.root, self.env, self.work = root, env, work
        self.python = root / "bin" / "python"

    def run(self, *args, check=True, env=None, prefix=(), **kw):
        res = subprocess.run([*prefix, *map(str, args)], cwd=self.work, env=env or self.env,
                             capture_output=True, text=True, timeout=900, **kw)
        if check and res.returncode != 0:
            pytest.fail(f"{' '.join(map(str, args))} exited {res.returncode}:\n{res.stdout}\n{res.stderr}")
        return res

    def script(self, name: str, text: str, **kw):
        (self.work / name).write_text(text)
        return self.run(self.python, name, **kw)

    def package(self) -> Path:
        out = self.run(self.python, "-c", "import asc, os; print(os.path.dirname(asc.__file__))").stdout
        return Path(out.strip())


@pytest.fixture(scope="module")
def venv():
    wheel = find_wheel()
    tmp = Path(tempfile.mkdtemp(prefix="asc-wheel-", dir=os.environ.get("TEST_TMPDIR")))
    (tmp / "home").mkdir()
    work = tmp / "work"  # the user's empty directory
    work.mkdir()
    env = clean_env(tmp)
    subprocess.run([sys.executable, "-m", "venv", str(tmp / "venv")], check=True, env=env, cwd=work)
    (tmp / "wheels").mkdir()
    for dep in DEPENDENCIES:
        repack(dep, tmp / "wheels")
    v = Venv(tmp / "venv", env, work)
    v.run(v.python, "-m", "pip", "install", "-q", "--no-index", "--find-links", tmp / "wheels", wheel)
    yield v
    shutil.rmtree(tmp, ignore_errors=True)


def test_installed_package_is_used(venv):
    out = venv.run(venv.python, "-c", """
import sys, asc
from asc import settings
print(asc.__file__); print(asc.__version__); print(settings.model_include.get())
print(sys.flags.no_site, sys.prefix != sys.base_prefix)
print(repr(sys.path))
""").stdout.splitlines()
    pkg = Path(out[0]).parent
    assert pkg.is_relative_to(venv.root), pkg
    assert out[2] == str(pkg / "_model" / "include")
    assert (pkg / "_model" / "include" / "kernel_operator.h").is_file()
    assert (pkg / "_model" / "src" / "runtime.cpp").is_file()
    assert out[3] == "0 True"
    assert str(ROOT) not in out[4] and "/python'" not in out[4]
    # no system site packages: only the venv's
    for entry in eval(out[4]):
        assert "site-packages" not in entry or entry.startswith(str(venv.root)), entry
    assert list(pkg.glob("runtime/targets/*.json")), "the target records (platform data)"


KERNEL = '''
import numpy as np
import asc

@asc.jit
def scale(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, factor: float):
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor(); x_gm.set_global_buffer(x + offset, n)
    y_gm = asc.GlobalTensor(); y_gm.set_global_buffer(y + offset, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0); asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, factor, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0); asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)

x = np.arange(8 * 1024, dtype=np.float32); y = np.empty_like(x)
scale[8](x, y, 1024, 0.5)
assert np.array_equal(y, x * 0.5), (y[:8], x[:8])
maps = open("/proc/self/maps").read()
assert "libLLVM" not in maps and "libMLIR" not in maps, "an LLVM/MLIR library was loaded"
print("kernel ok")
'''


def hidden_llvm_prefix(tmp: Path):
    """A command prefix running its command in a private mount namespace where
    /usr/lib/llvm-19/lib is empty and libLLVM.so.* of the multiarch directory
    is an empty file, or None where that is not allowed."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return None
    empty = tmp / "empty"
    empty.mkdir(exist_ok=True)
    mounts = []
    if LLVM_LIB.is_dir():
        mounts.append(f"mount --bind {empty} {LLVM_LIB}")
    for lib in sorted(Path("/usr/lib/x86_64-linux-gnu").glob("libLLVM*.so*")) + \
            sorted(Path("/usr/lib/x86_64-linux-gnu").glob("libMLIR*.so*")):
        if lib.is_file() and not lib.is_symlink():
            mounts.append(f"mount --bind /dev/null {lib}")
    script = " && ".join(mounts + ['exec "$@"'])
    prefix = ["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh"]
    probe = subprocess.run(prefix + ["true"], capture_output=True)
    return prefix if probe.returncode == 0 else None


def test_kernel_on_the_model(venv):
    res = venv.script("kernel.py", KERNEL)
    assert "kernel ok" in res.stdout


def test_a_relaunch_takes_the_library_record(venv):
    """An installed copy's relaunch finds the kernel's library through the record the previous
    process left in the kernel's cache entry (asc/runtime/model/library_record.py), without
    the full way's lookup: the third process runs with that way disabled."""
    venv.script("kernel.py", KERNEL)  # compiled (or found) by this install
    time.sleep(2.2)  # older than build.TRUST_AGE_S: the next process trusts it by its identity
    venv.script("kernel.py", KERNEL)  # ... and records it
    # the same kernel.py (its absolute path, as `python kernel.py` runs it, is part of the
    # kernel's key), run with the full way disabled
    relaunch = "from asc.runtime.model import build\n" \
               "def full_way(*a, **k): raise AssertionError('the full way was taken')\n" \
               "build.build_library = build.include_dir = full_way\n" \
               "import os, runpy; runpy.run_path(os.path.abspath('kernel.py'), run_name='__main__')\n"
    assert "kernel ok" in venv.run(venv.python, "-c", relaunch).stdout
    records = list(Path(venv.env["ASC_CACHE_DIR"]).glob("*/*/model-library.rec"))
    assert records, "no library record was written"


def test_kernel_with_llvm_hidden(venv):
    """The system's LLVM/MLIR libraries out of the loader's reach (and the
    dynamic loader's cache cannot find them either)."""
    prefix = hidden_llvm_prefix(venv.work.parent)
    if prefix is None:
        pytest.skip("no private mount namespace here (needs root and unshare)")
    hidden = venv.run("sh", "-c", f"ls {LLVM_LIB} | wc -l; ldd {venv.package() / '_C.so'}", prefix=prefix).stdout
    assert hidden.splitlines()[0].strip() == "0", hidden
    assert "libLLVM" not in hidden and "libMLIR" not in hidden and "not found" not in hidden, hidden
    (venv.work / "kernel.py").write_text(KERNEL)
    res = venv.run(venv.python, "kernel.py", prefix=prefix)
    assert "kernel ok" in res.stdout


def test_compile_error_names_the_users_file(venv):
    res = venv.script("bad.py", '''import numpy as np
import asc


@asc.jit
def bad(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, n)
    asc.add(a, a, b, n)


bad[1](np.zeros(256, dtype=np.float32), 256)
''', check=False)
    assert res.returncode == 1
    assert f"CompileError: {venv.work / 'bad.py'}:9:5: error: tensors of mismatched dtypes" in res.stderr, res.stderr


def test_asc_translate(venv):
    shutil.copy(LIT_MODULE, venv.work / "metrics_prof.mlir")
    res = venv.run(venv.root / "bin" / "asc-translate", "--mlir-to-ascendc", "metrics_prof.mlir")
    assert "void emit_metrics_prof_start() {" in res.stdout
    assert "AscendC::MetricsProfStart();" in res.stdout
    same = venv.run(venv.python, "-m", "asc.tools.translate", "--mlir-to-ascendc", "metrics_prof.mlir")
    assert same.stdout == res.stdout


def test_asc_opt(venv):
    shutil.copy(LIT_MODULE, venv.work / "metrics_prof.mlir")
    res = venv.run(venv.root / "bin" / "asc-opt", "--canonicalize", "metrics_prof.mlir")
    assert "ascendc.metrics_prof_start" in res.stdout
    bad = venv.run(venv.python, "-m", "asc.tools.opt", "-", check=False, input="func.func @f( {\n")
    assert bad.returncode == 1 and "error:" in bad.stderr


def test_devkit_versions(venv):
    """asc-profile, asc-debug and asc-bench run from the wheel (absl-py and
    tqdm came with it) and name the package's version and platform data."""
    version = venv.run(venv.python, "-c", "import asc; print(asc.__version__)").stdout.strip()
    for tool in ("asc-profile", "asc-debug", "asc-bench"):
        res = venv.run(venv.root / "bin" / tool, "--version")
        assert res.stdout.startswith(f"{tool} {version} (asc {version}, platform data "), res.stdout


def test_console_scripts_from_pyproject(venv):
    """Every [project.scripts] line of python/pyproject.toml is a command of
    the installed wheel (adding a console script is that one line)."""
    import tomllib

    scripts = tomllib.loads((ROOT / "python" / "pyproject.toml").read_text())["project"]["scripts"]
    assert {"asc-opt", "asc-translate"} <= set(scripts)
    eps = venv.run(venv.python, "-c", "from importlib.metadata import entry_points; "
                   "print(sorted((e.name, e.value) for e in entry_points(group='console_scripts') "
                   "if e.value.startswith('asc.')))").stdout
    assert eps.strip() == str(sorted(scripts.items()))
    for name in scripts:
        assert os.access(venv.root / "bin" / name, os.X_OK), name


def test_binaries_need_only_the_c_runtime(venv):
    pkg = venv.package()
    for binary in [pkg / "_C.so", pkg / "_bin" / "asc-opt", pkg / "_bin" / "asc-translate"]:
        dyn = venv.run("readelf", "-d", binary).stdout
        needed = {line.split("[", 1)[1].rstrip("]") for line in dyn.splitlines() if "(NEEDED)" in line}
        assert needed <= RUNTIME_LIBS, (binary, needed)
        ldd = venv.run("ldd", binary).stdout
        assert "libLLVM" not in ldd and "libMLIR" not in ldd and "not found" not in ldd, ldd


def test_missing_compiler_is_one_clear_error(venv):
    """No g++, clang++ or $CXX: the launch raises one error naming the package."""
    bare = venv.work.parent / "bare-bin"  # a PATH with nothing but what the script runs
    bare.mkdir(exist_ok=True)
    env = dict(venv.env, PATH=str(bare), ASC_CACHE_DIR=str(venv.work.parent / "cache-nocxx"))
    env.pop("CXX", None)
    (venv.work / "kernel.py").write_text(KERNEL)
    res = venv.run(venv.python, "kernel.py", check=False, env=env)
    assert res.returncode == 1, res.stdout + res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert last.startswith("asc.runtime.model.build.ModelCompileError: ") or "ModelCompileError" in last, res.stderr
    assert "neither g++ nor clang++ is on PATH" in last and "apt-get install g++" in last, last


if __name__ == "__main__":  # the Bazel py_test's entry point
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", __file__]))
