"""`import asc` in a fresh process, against `import numpy` measured in the same run, each
the median of N fresh `python -c` processes, timed inside the process around the import
statement (the interpreter's own start-up excluded).

Goal: import asc <= 60 ms. asc imports numpy at its first use (asc/_lazy.py), so the third
figure, `import numpy, asc` in one process, is what a script launching kernels pays;
its excess over numpy alone is asc's own share.

The processes write their bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for them):
otherwise a module edited since its last .pyc would be compiled on every import and the
figure would time the compiler.

    PYTHONPATH=python python3 benchmarks/import_time.py
"""

import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
N = 9
GOAL_MS = 60.0

TIMED = "import time; t0 = time.perf_counter(); import {mod}; print((time.perf_counter() - t0) * 1e3)"


def median_import_ms(mod: str) -> float:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "python"),
                                                       os.environ.get("PYTHONPATH", "")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    for _ in range(N):
        out = subprocess.run([sys.executable, "-c", TIMED.format(mod=mod)], env=env, check=True,
                             capture_output=True, text=True, cwd="/").stdout
        times.append(float(out.strip().splitlines()[-1]))
    return statistics.median(times)


def main():
    median_import_ms("numpy, asc")  # warm the file system cache and write the .pyc files
    numpy_ms = median_import_ms("numpy")
    asc_ms = median_import_ms("asc")
    both_ms = median_import_ms("numpy, asc")
    print(f"import asc       : {asc_ms:7.1f} ms  (median of {N} fresh processes)  goal <= {GOAL_MS:.0f} ms: "
          f"ratio {asc_ms / GOAL_MS:.2f}")
    print(f"import numpy     : {numpy_ms:7.1f} ms  (reference, same run; asc imports it at first use)")
    print(f"import numpy, asc: {both_ms:7.1f} ms  (a script launching kernels; asc's own share: "
          f"{both_ms - numpy_ms:.1f} ms)")


if __name__ == "__main__":
    main()
