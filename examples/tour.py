"""The asc tour: runs every example kernel on the Model.

For each example it prints where the generated Ascend C is, whether the
result matches numpy, and the launch times. Extra arguments (`-r`, `-v`) are
passed to every example.

    python examples/tour.py [-r Model|NPU] [-v Ascend910B1]
"""

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv):
    scripts = sorted(HERE.glob("0*/*.py"))
    failures = []
    for script in scripts:
        print(f"== {script.parent.name}: {script.relative_to(HERE.parent)}", flush=True)
        start = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)] + argv)
        elapsed = time.perf_counter() - start
        status = "ok" if result.returncode == 0 else f"FAILED (exit {result.returncode})"
        print(f"   {status} in {elapsed:.1f} s (process start and compile included)\n", flush=True)
        if result.returncode:
            failures.append(script.parent.name)
    if failures:
        print("failed:", ", ".join(failures))
        return 1
    print(f"all {len(scripts)} examples match numpy")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
