"""Regenerates docs/img/timeline_add.png (the README's picture): the profile of
examples/01_add's vadd (8 cores, fp32, manual double-buffered flags, every tile
between metrics_prof_start/stop), drawn by LaunchProfile.plot.

    python docs/img/timeline_add.py
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "01_add"))
import asc  # noqa: E402
from add import vadd  # noqa: E402

n = 8 * 16 * 1024
x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
y = np.ones_like(x)
z = np.zeros_like(x)
with asc.profile() as prof:
    vadd[8](x, y, z, n // 8)
lp = prof.launches[-1]
print(lp.summary())
print(lp.plot(os.path.join(HERE, "timeline_add.png"), max_cores=2, dpi=90))
