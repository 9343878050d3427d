"""What a new adv Matmul kernel's build costs on the Model (issue 24 §1: the compile a
user waits for at a kernel's first launch): pyasc's 03_matmul_mix tutorial kernel
(tests/model/adv_matmul_kernels.py; it starts with kernel_operator.h and
lib/matmul_intf.h) compiled with its own PCH (build.PCH_HEADERS["matmul"]) against the
common PCH only, measured in the same run; examples/02_add_framework's vadd beside them
for scale.

Each build is the Model's own (build.build_library) into a fresh kernel folder, with the
runtime object and the PCHs the install step built (`./dev setup`; missing ones are built
first, outside the timing). Alternating, N_ROUNDS of each; medians. Machine noise moves
both sides of a pair alike; the ratio is the figure.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "model"))
sys.path.insert(0, str(ROOT / "examples" / "02_add_framework"))

N_ROUNDS = 9


def matmul_source():
    import adv_matmul_kernels as mk
    from asc.runtime.model import launch

    m, n, k, cores = 64, 64, 64, 1
    tiling = mk.host_tiling(m, n, k, cores)
    a = np.zeros((m, k), np.float16)
    b = np.zeros((k, n), np.float16)
    c = np.zeros((m, n), np.float32)
    bias = np.zeros(n, np.float32)
    ws = np.zeros(16 * 1024 * 1024, np.uint8)
    kernel = mk.matmul_mix_kernel.warmup(a, b, c, bias, tiling, ws, False, False)
    return kernel.source + launch.launch_stub(kernel.name, kernel.params)


def vadd_source():
    import add_framework
    from asc.runtime.model import launch

    n = 8 * 16 * 2048
    x = np.ones(n, np.float16)
    kernel = add_framework.vadd.warmup(x, x, x, n // 8)
    return kernel.source + launch.launch_stub(kernel.name, kernel.params)


def timed_build(build, source, inc) -> float:
    d = Path(tempfile.mkdtemp(prefix="asc-bench-build-"))
    t0 = time.perf_counter()
    build.build_library(source, d, inc)
    return time.perf_counter() - t0


def main():
    from asc.runtime.model import build

    inc = build.include_dir()
    build.prebuild(inc)  # (what `./dev setup` does: nothing when they are there)
    build._start_pch = lambda *a, **k: None  # no background PCH builds inside the timing
    sources = {"matmul": matmul_source(), "vadd": vadd_source()}
    assert build.pch_variant(sources["matmul"]) == "matmul" and build.pch_variant(sources["vadd"]) == ""
    root = build.prebuilt_root()
    common = root / build.pch_dir(inc).name
    # a prebuilt folder with the runtime and the common PCH only (links to the real ones)
    only_common = Path(tempfile.mkdtemp(prefix="asc-bench-prebuilt-"))
    rt = build._runtime_path(inc, root)
    for p in (rt, build._sum_path(rt)):
        (only_common / p.name).symlink_to(p)
    (only_common / common.name).symlink_to(common)
    cache = tempfile.mkdtemp(prefix="asc-bench-cache-")  # no PCH of its own
    os.environ["ASC_CACHE_DIR"] = cache

    def with_prebuilt(path):
        os.environ["ASC_MODEL_PREBUILT"] = str(path)

    cases = {
        "matmul, its PCH": (lambda: with_prebuilt(root), "matmul"),
        "matmul, common PCH": (lambda: with_prebuilt(only_common), "matmul"),
        "vadd": (lambda: with_prebuilt(root), "vadd"),
    }
    times = {name: [] for name in cases}
    for name, (setup, src) in cases.items():  # one untimed build each (page cache, .verified stamps)
        setup()
        timed_build(build, sources[src], inc)
    for _ in range(N_ROUNDS):
        for name, (setup, src) in cases.items():
            setup()
            times[name].append(timed_build(build, sources[src], inc))
    med = {name: statistics.median(t) for name, t in times.items()}
    print(f"kernel build on the Model (median of {N_ROUNDS}, alternating):")
    for name, t in med.items():
        print(f"  {name:20s}: {t * 1e3:7.0f} ms")
    print(f"  adv Matmul kernel with its PCH: ratio {med['matmul, its PCH'] / med['matmul, common PCH']:.2f} "
          f"of the common PCH's build")


if __name__ == "__main__":
    main()
