"""Compile and relaunch on the Model, for examples/02_add_framework.

first launch : a fresh process with an empty cache, timing the first launch
               (front end + host compiler + load + run); the once-per-machine
               runtime object is compiled too (in parallel with the kernel);
new kernel   : a fresh process compiling another kernel (fp32, then int32
               source) in that cache: the runtime object cached, and for the
               second one also the precompiled kernel_operator.h, which is
               built in the background from a cache's second kernel on;
relaunch     : a new process with the cache warm, timing its first launch
               against a second launch in that process (= the kernel's run
               time): the difference is what the disk cache costs
               (target: first <= 2 s, relaunch adds <= 1 ms).
"""

import glob
import json
import os
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, os, sys, time
import numpy as np
sys.path.insert(0, sys.argv[1])
import add_framework as m
n = 8 * 16 * 2048
dt = {"f16": np.float16, "f32": np.float32, "i32": np.int32}[sys.argv[2]]
x = np.ones(n, dt); y = np.ones(n, dt); z = np.zeros(n, dt)
k = m.vadd[8]
t0 = time.perf_counter(); k(x, y, z, n // 8); t1 = time.perf_counter()
runs = []
for _ in range(5):
    s = time.perf_counter(); k(x, y, z, n // 8); runs.append(time.perf_counter() - s)
print(json.dumps({"first": t1 - t0, "run": min(runs)}))
"""


def child(cache, dtype="f16"):
    here = os.path.dirname(os.path.abspath(__file__))
    ex = os.path.join(here, "..", "examples", "02_add_framework")
    env = dict(os.environ, ASC_CACHE_DIR=cache)
    out = subprocess.run([sys.executable, "-c", CHILD, ex, dtype], capture_output=True, text=True, env=env,
                         check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    cache = tempfile.mkdtemp(prefix="asc-bench-")
    cold = child(cache)
    second = child(cache, "f32")  # another kernel: runtime cached; starts the PCH build
    pch = glob.glob(os.path.join(cache, "model", "pch-*", "kernel_operator.h.gch"))
    deadline = time.time() + 60
    while not pch and time.time() < deadline:
        time.sleep(0.1)
        pch = glob.glob(os.path.join(cache, "model", "pch-*", "kernel_operator.h.gch"))
    third = child(cache, "i32")  # and another: runtime and PCH cached
    warm = child(cache)
    print("02_add_framework on the Model")
    print(f"  first launch, empty cache : {cold['first'] * 1e3:8.1f} ms  (target <= 2000 ms; "
          f"{cold['first'] / 2.0:.2f}x of target; includes the once-per-machine runtime compile)")
    print(f"  first launch, new kernel  : {second['first'] * 1e3:8.1f} ms  (runtime object cached)")
    print(f"  first launch, new kernel  : {third['first'] * 1e3:8.1f} ms  (runtime object"
          f"{' and PCH' if pch else ''} cached)")
    print(f"  kernel run time           : {warm['run'] * 1e3:8.2f} ms")
    extra = warm['first'] - warm['run']
    print(f"  relaunch in a new process : {warm['first'] * 1e3:8.2f} ms = run + {extra * 1e3:.2f} ms "
          f"(target: + <= 1 ms)")


if __name__ == "__main__":
    main()
