"""Compile and relaunch on the Model, for examples/02_add_framework.

first launch : a fresh process with an empty kernel cache, timing the first launch
               (front end + host compiler + load + run). The Model's runtime object
               and precompiled header come from the install step (`./dev setup` runs
               `python3 -m asc.runtime.model --prebuild`); the reference beside it,
               same run: the same with no prebuilt artefacts, where the runtime object is
               compiled too (in parallel with the kernel) — what every fresh cache paid
               before the install step;
new kernel   : a fresh process compiling another kernel (fp32, then int32 source) in
               that cache;
relaunch     : a new process with the cache warm, timing its first launch against the
               best of five more launches in that process (= the kernel's run time): the
               difference is what the disk cache costs (the median over N_RELAUNCH such
               processes: one is at the mercy of the machine's load; the garbage collector's
               passes in it are timed and shown); then each step of it, timed one by one in
               another new process (wall and CPU time of this process). Twice, interleaved:
               asc as a user has it, this checkout's wheel (python/build_wheel.py) installed
               by pip into a temporary directory, whose package and Model files are keyed by
               the dist-info RECORD pip wrote (asc/installed.py: one read); and this
               checkout itself, where the package hash and the Model toolchain digest stat
               every source file (a stamp holds the digest). The backend reads the selected
               platform's record only (none when a library record keeps its memories); `first run` over `second run` is the runtime's
               first-launch cost. The arrays are written before the timing (the output
               too: the page faults of its first write are no cost of the cache). An installed
               copy's relaunch finds the library through the record the previous process left
               in the kernel's cache entry (runtime/model/library_record.py: no include folder,
               toolchain digest, source hash or platform read); a checkout takes the full way.

Goals (issue 24): first launch <= 2 s; relaunch adds <= 1 ms.
"""

import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

N_RELAUNCH = 9

CHILD = r"""
import gc, json, os, sys, time
import numpy as np
sys.path.insert(0, sys.argv[1])
import add_framework as m
n = 8 * 16 * 2048
dt = {"f16": np.float16, "f32": np.float32, "i32": np.int32}[sys.argv[2]]
# every array written before the timing: np.zeros maps its pages at their first write, and the
# first launch would pay the output's 128 page faults, which any first write into it pays
x = np.ones(n, dt); y = np.ones(n, dt); z = np.full(n, 0, dt)
k = m.vadd[8]
gc_s, gc_t0 = [0.0], [0.0]
def gc_watch(phase, info):  # the collector's passes during the first launch (timed, not avoided)
    if phase == "start":
        gc_t0[0] = time.perf_counter()
    else:
        gc_s[0] += time.perf_counter() - gc_t0[0]
gc.callbacks.append(gc_watch)
t0 = time.perf_counter(); k(x, y, z, n // 8); t1 = time.perf_counter()
gc.callbacks.remove(gc_watch)
runs = []
for _ in range(5):
    s = time.perf_counter(); k(x, y, z, n // 8); runs.append(time.perf_counter() - s)
print(json.dumps({"first": t1 - t0, "run": min(runs), "gc": gc_s[0]}))
"""

# The relaunch's steps, each timed on its own in a new process with the cache warm: an installed
# copy finds the library through the record in the kernel's entry (library_record), a checkout
# the full way (include folder, toolchain digest, source hash and trust check).
STEPS = r"""
import json, sys, time
import numpy as np
sys.path.insert(0, sys.argv[1])
import add_framework as m
from asc import cache
from asc.runtime import config
from asc.runtime.model import build, launch, library_record, _dlopen
n = 8 * 16 * 2048
x = np.ones(n, np.float16); y = np.ones(n, np.float16); z = np.full(n, 0, np.float16)
out = {}
def step(name, fn):
    w, c = time.perf_counter(), time.process_time()
    r = fn()
    out[name] = (time.perf_counter() - w, time.process_time() - c)
    return r
step("package key (RECORD or walk)", cache.toolchain_hash)
kernel = step("front end, disk cache hit", lambda: m.vadd.warmup(x, y, z, n // 8))
found = step("library record", lambda: library_record.find(kernel.cache_dir))
if found is not None:
    lib = found.lib
else:
    inc = step("Model include dir", build.include_dir)
    step("Model toolchain digest", lambda: build.toolchain_digest(inc))
    source = kernel.source + launch.launch_stub(kernel.name, kernel.params)
    lib = step("library found + verified", lambda: build.build_library(source, kernel.cache_dir, inc))
handle, entry = step("dlopen", lambda: _dlopen(lib))
backend = step("backend", config.current_backend)
marshaller = step("marshaller", lambda: launch.Marshaller(kernel.params))
if found is not None and found.memories is not None:  # what load() takes from the record
    backend._memories = found.memories[1:]
# what load() keeps of the steps above: the first run below starts from there
kernel.backend_state["model"] = {"lib": handle, "entry": entry, "path": lib, "marshaller": marshaller}
step("backend load (the rest)", lambda: backend.load(kernel))
k = m.vadd[8]
step("first run", lambda: k(x, y, z, n // 8))
step("second run", lambda: k(x, y, z, n // 8))
print(json.dumps(out))
"""


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def child(cache, dtype="f16", script=CHILD, prebuilt=None, site=None):
    """One new process running `script`; `site`: import asc from that installed copy."""
    ex = os.path.join(ROOT, "examples", "02_add_framework")
    env = dict(os.environ, ASC_CACHE_DIR=cache)
    if prebuilt is not None:
        env["ASC_MODEL_PREBUILT"] = prebuilt
    if site is not None:
        env["PYTHONPATH"] = site
    out = subprocess.run([sys.executable, "-c", script, ex, dtype], capture_output=True, text=True, env=env,
                         check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def wheel_files():
    """(path, name in the wheel) of what //python:wheel packs (build_defs/wheel.bzl), from
    this checkout's files: the package (with the checkout's _C.so) and the Model's files."""
    files = []
    pkg = os.path.join(ROOT, "python", "asc")
    for d, dirs, names in os.walk(pkg):
        dirs[:] = [n for n in dirs if n != "__pycache__"]
        rel = os.path.relpath(d, pkg)
        for n in names:
            if n.endswith((".py", ".json")) or n == "_C.so" or rel.startswith(os.path.join("cprog", "cmake")):
                files.append((os.path.join(d, n), os.path.normpath(os.path.join("asc", rel, n))))
    model = os.path.join(ROOT, "cpp", "model")
    for pattern in ("include/**/*.h", "src/*.cpp", "src/*.h", "host/*.cpp", "host/*.h", "host/include/**/*.h"):
        for f in glob.glob(os.path.join(model, pattern), recursive=True):
            files.append((f, os.path.join("asc", "_model", os.path.relpath(f, model))))
    return files


def install_wheel(site):
    """This checkout as a user gets it: its wheel (python/build_wheel.py) installed by pip
    into `site` (pip writes the dist-info RECORD that keys an installed copy)."""
    work = tempfile.mkdtemp(prefix="asc-bench-wheel-")
    manifest = os.path.join(work, "manifest")
    with open(manifest, "w") as f:
        f.writelines(f"{path}\t{name}\n" for path, name in wheel_files())
    subprocess.run([sys.executable, os.path.join(ROOT, "python", "build_wheel.py"), "--manifest", manifest,
                    "--pyproject", os.path.join(ROOT, "python", "pyproject.toml"), "--readme",
                    os.path.join(ROOT, "README.md"), "--out-dir", work, "--no-auditwheel"],
                   check=True, capture_output=True)
    wheel = glob.glob(os.path.join(work, "asc-*.whl"))[0]
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", site, wheel], check=True, capture_output=True)


def prebuilt_state():
    """Whether the install step's runtime object and PCH are there for this toolchain."""
    from asc.runtime.model import build
    inc = build.include_dir()
    root = build.prebuilt_root()
    rt = root / build._runtime_path(inc, root).name
    gch = root / build.pch_dir(inc).name / "kernel_operator.h.gch"
    return build.check(rt)[0] == build.OK, build.check(gch)[0] == build.OK


def print_relaunch(label, relaunches, verifying, steps):
    extras = sorted(r["first"] - r["run"] for r in relaunches)
    extra = statistics.median(extras)
    warm = min(relaunches, key=lambda r: abs((r["first"] - r["run"]) - extra))
    gc_in = statistics.median(r["gc"] for r in relaunches)
    print(f"  relaunch, {label:16s}: {warm['first'] * 1e3:8.2f} ms = run {warm['run'] * 1e3:.2f} ms + "
          f"{extra * 1e3:.2f} ms (goal: + <= 1 ms: ratio {extra / 1e-3:.2f}; median of {N_RELAUNCH} "
          f"processes, range {extras[0] * 1e3:.2f}-{extras[-1] * 1e3:.2f} ms)")
    print(f"    of which garbage-collector passes: {gc_in * 1e3:.2f} ms (median; Python's collector, "
          f"triggered by the count of objects the imports left: it falls in the first launch or not "
          f"as that count goes)")
    print(f"    first relaunch: run + {(verifying['first'] - verifying['run']) * 1e3:.2f} ms (once per "
          f"library: hashed in full, then trusted by its stat key)")
    print("    its steps, one by one in another new process (wall / CPU ms):")
    for name, (w, c) in steps.items():
        print(f"      {name:28s} {w * 1e3:7.2f} / {c * 1e3:7.2f}")


def main():
    rt_ok, pch_ok = prebuilt_state()
    cache = tempfile.mkdtemp(prefix="asc-bench-")
    cold = child(cache)
    second = child(cache, "f32")
    third = child(cache, "i32")
    # the same kernel from this checkout installed as a wheel (keyed by its RECORD, no walks)
    site = tempfile.mkdtemp(prefix="asc-bench-site-")
    install_wheel(site)
    cache_site = tempfile.mkdtemp(prefix="asc-bench-")
    child(cache_site, site=site)
    cold_end = time.time()
    # The first relaunch once the library is older than build.TRUST_AGE_S hashes it in full
    # and records its identity (`.<lib>.verified`); every relaunch after trusts it by that key.
    from asc.runtime.model import build
    time.sleep(max(0.0, build.TRUST_AGE_S + 0.1 - (time.time() - cold_end)))
    verifying, verifying_site = child(cache), child(cache_site, site=site)
    relaunches, relaunches_site = [], []
    for _ in range(N_RELAUNCH):  # interleaved: both see the same load of the machine
        relaunches.append(child(cache))
        relaunches_site.append(child(cache_site, site=site))
    steps, steps_site = child(cache, script=STEPS), child(cache_site, script=STEPS, site=site)
    # the reference: a fresh cache with no prebuilt runtime or PCH
    ref = child(tempfile.mkdtemp(prefix="asc-bench-ref-"), prebuilt=tempfile.mkdtemp(prefix="asc-bench-none-"))
    print("02_add_framework on the Model")
    print(f"  install step's runtime object: {'found' if rt_ok else 'MISSING'}, precompiled header: "
          f"{'found' if pch_ok else 'MISSING'} (./dev setup: python3 -m asc.runtime.model --prebuild)")
    print(f"  first launch, empty cache : {cold['first'] * 1e3:8.1f} ms  (goal <= 2000 ms: ratio "
          f"{cold['first'] / 2.0:.2f})   reference, no prebuilt runtime/PCH: {ref['first'] * 1e3:8.1f} ms "
          f"(ratio {cold['first'] / ref['first']:.2f})")
    print(f"  first launch, new kernel  : {second['first'] * 1e3:8.1f} ms")
    print(f"  first launch, new kernel  : {third['first'] * 1e3:8.1f} ms")
    print_relaunch("installed wheel", relaunches_site, verifying_site, steps_site)
    print_relaunch("checkout", relaunches, verifying, steps)


if __name__ == "__main__":
    main()
