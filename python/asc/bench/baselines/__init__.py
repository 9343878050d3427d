"""asc.bench.baselines: tuned reference kernels a script can name as its baseline
(`asc-bench --baseline asc:matmul my_matmul.py`).

A reference kernel is run at the shapes of the candidate's launches: each
candidate launch whose array arguments fit the operator (in order: inputs, then
the output) is recognised, the reference kernel runs once per distinct shape on
the candidate's platform (timing-only on the timed Model: the reference is
tested elsewhere, its outputs are not needed), and the pair is matched by the
operator. A launch that does not fit is listed as unmatched.

| name     | arrays (in order)                          | reference                          |
|----------|--------------------------------------------|------------------------------------|
| add, mul | x, y, z: n elements each, fp16 or fp32     | elementwise.py: 32 KB tiles, TQue  |
| softmax  | x, y: rows x cols, fp32                    | rows.py: 32 KB row blocks, TQue    |
| rmsnorm  | x: rows x cols, gamma: cols, y, fp32       | rows.py                            |
| matmul   | a: M x K fp16, b: K x N fp16, c: M x N fp32| matmul.py: L1 panels, L0 ping-pong |

ROOFLINE states, per kernel, the shape it is measured at and the smallest share
of the platform roofline (asc.bench.work) it reaches there on the timed Model
(Ascend910B1); tests/devkit/test_bench_baselines.py holds each kernel to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

import numpy as np

from ...errors import ToolError
from ..launches import Launch


@dataclass
class Workload:
    operator: str
    shape: str             # label, e.g. 1024x1024x1024
    make: Callable         # () -> launches the reference kernel on fresh arrays


def _elementwise(op):
    def recognize(arrays) -> Optional[Workload]:
        if len(arrays) != 3:
            return None
        sizes = {int(np.prod(a["shape"])) for a in arrays}
        dtypes = {a["dtype"] for a in arrays}
        if len(sizes) != 1 or len(dtypes) != 1:
            return None
        n, dtype = sizes.pop(), np.dtype(dtypes.pop())
        from . import elementwise

        if not elementwise.supports(n, dtype):
            return None

        def make(cores):
            x, y, z = (np.zeros(n, dtype) for _ in range(3))
            elementwise.launch(op, x, y, z, cores)

        return Workload(op, str(n), make)
    return recognize


def _softmax(arrays):
    if len(arrays) != 2 or any(len(a["shape"]) != 2 or a["dtype"] != "float32" for a in arrays):
        return None
    if arrays[0]["shape"] != arrays[1]["shape"]:
        return None
    rows, cols = arrays[0]["shape"]
    from . import rows as R

    if not R.supports(rows, cols):
        return None

    def make(cores):
        R.softmax(np.zeros((rows, cols), np.float32), np.zeros((rows, cols), np.float32), cores)

    return Workload("softmax", f"{rows}x{cols}", make)


def _rmsnorm(arrays):
    if len(arrays) != 3 or any(a["dtype"] != "float32" for a in arrays):
        return None
    x, g, y = (a["shape"] for a in arrays)
    if len(x) != 2 or x != y or list(g) != [x[1]]:
        return None
    rows, cols = x
    from . import rows as R

    if not R.supports(rows, cols):
        return None

    def make(cores):
        R.rmsnorm(np.zeros((rows, cols), np.float32), np.zeros(cols, np.float32),
                  np.zeros((rows, cols), np.float32), cores)

    return Workload("rmsnorm", f"{rows}x{cols}", make)


def _matmul(arrays):
    if len(arrays) != 3 or any(len(a["shape"]) != 2 for a in arrays):
        return None
    (m, k), (k2, n), (m2, n2) = (a["shape"] for a in arrays)
    if (k, m, n) != (k2, m2, n2):
        return None
    if [a["dtype"] for a in arrays] != ["float16", "float16", "float32"]:
        return None
    from . import matmul

    if not matmul.supports(m, k, n):
        return None

    def make(cores):
        matmul.launch(np.zeros((m, k), np.float16), np.zeros((k, n), np.float16), np.zeros((m, n), np.float32),
                      cores)

    return Workload("matmul", f"{m}x{k}x{n}", make)


RECOGNIZE: Dict[str, Callable] = {"add": _elementwise("add"), "mul": _elementwise("mul"), "softmax": _softmax,
                                  "rmsnorm": _rmsnorm, "matmul": _matmul}

# name -> (shape it is measured at, smallest roofline share there, bound); see docs/asc-bench.md
ROOFLINE = {
    "add": ("16777216 float32", 0.70, "memory"),
    "mul": ("16777216 float16", 0.70, "memory"),
    "softmax": ("4096x1024 float32", 0.35, "memory"),
    "rmsnorm": ("4096x1024 float32", 0.35, "memory"),
    "matmul": ("1024x1024x1024 float16", 0.13, "compute"),
}


def names() -> List[str]:
    return sorted(RECOGNIZE)


def cores_for(platform: str, operator: str) -> int:
    from ...profiler.platform import timing_params

    p = timing_params(platform)
    return int(p.aic_cores if operator == "matmul" else p.aiv_cores)


def run(name: str, candidate: List[Launch], options) -> List[Launch]:
    """Runs reference kernel `name` at the candidate's shapes; marks the candidate launches it covers."""
    from ...runtime import config
    from ..collect import Collector

    recognize = RECOGNIZE.get(name)
    if recognize is None:
        raise ToolError(f"unknown reference kernel asc:{name}", f"known: {', '.join('asc:' + n for n in names())}")
    out: List[Launch] = []
    done: Dict[tuple, List[Launch]] = {}
    was = (config.backend, config.platform)
    try:
        for launch in candidate:
            w = recognize(launch.arrays)
            if w is None:
                continue
            key = (launch.signature(), launch.platform)
            if key not in done:
                config.set_platform(config.Backend.Model if launch.backend == "model" else config.Backend.NPU,
                                    launch.platform)
                collector = Collector(measure=options.measure, compute=options.measure == "wall" and options.compute)
                try:
                    with collector:
                        w.make(cores_for(launch.platform, w.operator))
                except Exception as exc:  # noqa: BLE001 - one line for the user
                    first = (str(exc).strip().splitlines() or [""])[0]
                    raise ToolError(f"the baseline asc:{name} failed at {w.shape}: {type(exc).__name__}: {first}")
                for l in collector.launches:
                    l.operator, l.shape, l.arrays = w.operator, w.shape, launch.arrays
                done[key] = collector.launches
                out += collector.launches
            launch.operator, launch.shape = w.operator, w.shape
    finally:
        config.set_platform(was[0], was[1], check=False)
    if not out:
        raise ToolError(f"no launch of the candidate fits the reference kernel asc:{name}",
                        _expectation(name))
    return out


def _expectation(name: str) -> str:
    return {"add": "asc:add expects x, y, z arrays of one size and dtype (fp16/fp32, a multiple of 32 bytes)",
            "mul": "asc:mul expects x, y, z arrays of one size and dtype (fp16/fp32, a multiple of 32 bytes)",
            "softmax": "asc:softmax expects x, y: rows x cols fp32 arrays (cols*4 a multiple of 32, <= 4096)",
            "rmsnorm": "asc:rmsnorm expects x (rows x cols), gamma (cols), y (rows x cols), fp32",
            "matmul": "asc:matmul expects a (MxK fp16), b (KxN fp16), c (MxN fp32), M, N, K multiples of 128",
            }[name]
