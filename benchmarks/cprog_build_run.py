"""Build + run of the vendor's `add` example on the Model (issue 22 §4:
<= 10 s on a cold cache, <= 2 s warm), as ratios against a reference measured
in the same run: the same steps (cmake configure, make, run) for a plain C++
program of the same shape (a host main with <vector>/<iostream>, compiled by
the same g++), i.e. what CMake and the host compiler cost on this machine
anyway.

cold : an empty asc cache (runtime object, ACL object and the prelude's PCH
       are built first, in parallel), a fresh build directory;
warm : the cache filled, a fresh build directory (configure + make + run);
rebuild: the example's source touched, make + run (what an edit costs).

The example comes from the vendor snapshot: $ASC_DEVKIT_DIR, /tmp/asc-devkit,
or ../shared/third_party/asc-devkit/asc-devkit.tar.xz beside the checkout.
"""

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
EXAMPLE = "examples/01_simd_cpp_api/00_introduction/01_add/add"

PLAIN_CMAKE = """cmake_minimum_required(VERSION 3.16)
project(plain LANGUAGES CXX)
add_executable(demo main.cpp)
"""
PLAIN_MAIN = """#include <iostream>
#include <vector>
int main() {
  std::vector<float> x(16384, 1.0f), y(16384, 2.0f), z(16384);
  for (size_t i = 0; i < z.size(); ++i) z[i] = x[i] + y[i];
  std::cout << (z[7] == 3.0f ? "test pass!" : "test failed!") << std::endl;
  return 0;
}
"""


def example_dir(tmp: Path):
    for d in (os.environ.get("ASC_DEVKIT_DIR"), "/tmp/asc-devkit"):
        if d and (Path(d) / EXAMPLE).is_dir():
            return Path(d) / EXAMPLE
    tar = ROOT.parent / "shared" / "third_party" / "asc-devkit" / "asc-devkit.tar.xz"
    if not tar.is_file():
        return None
    with tarfile.open(tar) as t:
        members = [m for m in t.getmembers() if EXAMPLE in m.name]
        t.extractall(tmp, members=members)
    found = [p for p in tmp.rglob("add.asc") if p.parent.name == "add"]
    return found[0].parent if found else None


def steps(src: Path, build: Path, env: dict, cmake_args=()):
    """(configure s, make s, run s) of one fresh build directory."""
    shutil.rmtree(build, ignore_errors=True)
    t0 = time.perf_counter()
    subprocess.run(["cmake", "-S", str(src), "-B", str(build), *cmake_args], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    t1 = time.perf_counter()
    subprocess.run(["make", "-C", str(build)], env=env, check=True, stdout=subprocess.DEVNULL)
    t2 = time.perf_counter()
    out = subprocess.run([str(build / "demo")], cwd=build, env=env, check=True, capture_output=True, text=True)
    t3 = time.perf_counter()
    assert "test pass!" in out.stdout, out.stdout
    return t1 - t0, t2 - t1, t3 - t2


def remake(src_file: Path, build: Path, env: dict):
    os.utime(src_file)
    t0 = time.perf_counter()
    subprocess.run(["make", "-C", str(build)], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([str(build / "demo")], cwd=build, env=env, check=True, capture_output=True)
    return time.perf_counter() - t0


def main():
    if shutil.which("cmake") is None:
        print("cprog_build_run: cmake is not on PATH; skipped")
        return
    tmp = Path(tempfile.mkdtemp(prefix="asc-cprog-bench-"))
    try:
        src = example_dir(tmp / "snapshot")
        if src is None:
            print("cprog_build_run: the vendor snapshot (asc-devkit) is not here; skipped")
            return
        env = dict(os.environ, ASC_CACHE_DIR=str(tmp / "cache"))
        env.pop("ASC_PROFILE", None)
        env.pop("ASC_DEBUG", None)
        from asc.cprog import prefix
        pfx = prefix.ensure()  # (the prefix lives in the default cache; it only names files)
        args = ("-DCMAKE_ASC_RUN_MODE=model", f"-DCMAKE_PREFIX_PATH={pfx}")

        plain = tmp / "plain"
        plain.mkdir()
        (plain / "CMakeLists.txt").write_text(PLAIN_CMAKE)
        (plain / "main.cpp").write_text(PLAIN_MAIN)
        ref = sum(steps(plain, tmp / "b-plain", env))
        ref_rebuild = remake(plain / "main.cpp", tmp / "b-plain", env)

        cold = steps(src, tmp / "b-cold", env, args)
        warm = steps(src, tmp / "b-warm", env, args)
        rebuild = remake(src / "add.asc", tmp / "b-warm", env) if os.access(src / "add.asc", os.W_OK) else None

        print("vendor add example (examples/01_simd_cpp_api/00_introduction/01_add/add) on the Model")
        print(f"  reference: plain C++ program, cmake + make + run : {ref:6.2f} s")
        for name, t, target in (("cold cache", cold, 10.0), ("warm cache", warm, 2.0)):
            total = sum(t)
            print(f"  {name}: cmake {t[0]:5.2f} s + make {t[1]:5.2f} s + run {t[2]:5.2f} s = {total:6.2f} s "
                  f"= {total / ref:5.1f}x the reference (target <= {target:g} s; "
                  f"build + run without configure {t[1] + t[2]:5.2f} s)")
        if rebuild is not None:
            print(f"  edit + make + run (warm): {rebuild:6.2f} s = {rebuild / ref_rebuild:5.1f}x the reference's "
                  f"{ref_rebuild:5.2f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
