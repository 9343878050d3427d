"""Vector math on the Model: row-wise softmax of a 4096x1024 fp32 matrix
(examples/04_softmax) against a numpy softmax measured in the same run
(target: >= 0.25x numpy's throughput)."""

import os
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "04_softmax"))
os.environ.setdefault("ASC_CACHE_DIR", tempfile.mkdtemp(prefix="asc-bench-"))
import softmax  # noqa: E402


def numpy_softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def best(fn, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    x = np.random.default_rng(0).standard_normal((4096, 1024)).astype(np.float32)
    want = numpy_softmax(x)
    got = softmax.softmax(x)  # compile and load
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)
    t_numpy = best(lambda: numpy_softmax(x))
    t_model = best(lambda: softmax.softmax(x))
    print("softmax 4096x1024 fp32, 8 cores")
    print(f"  numpy : {t_numpy * 1e3:8.2f} ms")
    print(f"  Model : {t_model * 1e3:8.2f} ms")
    print(f"  Model throughput / numpy = {t_numpy / t_model:.2f}x  (target >= 0.25x)")


if __name__ == "__main__":
    main()
