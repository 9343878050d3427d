"""asc-debug's cost (issue 13 §2): the softmax of benchmarks/model_softmax.py
(examples/04_softmax, 4096x1024 fp32, 8 cores) with racecheck + initcheck on,
against the plain run measured in the same process (target: <= 10x; all four
checks are printed too)."""

import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "04_softmax"))
os.environ.setdefault("ASC_CACHE_DIR", tempfile.mkdtemp(prefix="asc-bench-"))
os.environ.pop("ASC_DEBUG", None)
os.environ["ASC_DEBUG_FINDINGS"] = os.devnull  # a finding would be written, not summarised at exit
import softmax  # noqa: E402
from model_softmax import best  # noqa: E402  (the same timing as the plain benchmark)


def timed(checks, x):
    if checks:
        os.environ["ASC_DEBUG"] = checks
    else:
        os.environ.pop("ASC_DEBUG", None)
    try:
        return best(lambda: softmax.softmax(x))
    finally:
        os.environ.pop("ASC_DEBUG", None)


def main():
    x = np.random.default_rng(0).standard_normal((4096, 1024)).astype(np.float32)
    softmax.softmax(x)  # compile and load
    plain = timed("", x)
    race_init = timed("racecheck,initcheck", x)
    every = timed("memcheck,racecheck,initcheck,synccheck", x)
    print("asc-debug on softmax 4096x1024 fp32, 8 cores")
    print(f"  plain run                 : {plain * 1e3:8.2f} ms")
    print(f"  racecheck + initcheck     : {race_init * 1e3:8.2f} ms  = {race_init / plain:5.1f}x the plain run "
          f"(target <= 10x)")
    print(f"  all four checks           : {every * 1e3:8.2f} ms  = {every / plain:5.1f}x the plain run")


if __name__ == "__main__":
    main()
