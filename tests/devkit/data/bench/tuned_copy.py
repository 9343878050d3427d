"""The tuned vector add of examples/07_bench at a small shape, as a script side."""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
sys.path.insert(0, os.path.join(ROOT, "examples", "07_bench"))
import tuned  # noqa: E402

n = 48 * 8192
x = np.ones(n, np.float32)
y = np.ones(n, np.float32)
z = np.zeros(n, np.float32)
tuned.vadd[tuned.CORES](x, y, z, n)
assert np.array_equal(z, x + y)
