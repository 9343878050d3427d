"""asc-profile's speed figures (issue 12 §4), measured as users run the tool (a fresh
`asc-profile` process each time):

1. `asc-profile` on a 50-launch .prof answers in <= 2 s (printed against the
   target and against a bare `python -c "import asc"` of the same run);
2. `asc-profile --auto-tune` of the 32 configs of examples/06_autotune in
   timing-only mode with 2 jobs <= 60 s, printed beside the serial (--jobs 1) time.

Each tuning run gets its own empty kernel cache (every config compiles, as on a
first tuning); the Model's runtime object is built once beforehand and shared.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "06_autotune" / "tiled_add.py"

FIFTY = f"""
import sys
sys.path.insert(0, {str(EXAMPLE.parent)!r})
import numpy as np
import tiled_add as ex
x = np.ones(2 * 4096, np.float32); y = np.ones_like(x); z = np.empty_like(x)
for i in range(50):
    ex.tiled_add[2](x, y, z, 4096, tile=(256, 512, 1024)[i % 3], buffers=1 + i % 2)
"""


def env(cache: Path, **extra) -> dict:
    e = dict(os.environ, ASC_CACHE_DIR=str(cache), **extra)
    e.pop("ASC_PROFILE", None)
    e.update(extra)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    return e


def timed(cmd, **kw) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{r.stdout}\n{r.stderr}")
    return wall


def main():
    tmp = Path(tempfile.mkdtemp(prefix="asc-profile-bench-"))
    shared = tmp / "cache0"
    tool = [sys.executable, "-m", "asc.profiler.cli"]

    # 1. a 50-launch profile, then the analysis of it
    script = tmp / "fifty.py"
    script.write_text(FIFTY)
    fifty = tmp / "fifty.prof"
    timed([sys.executable, str(script)], env=env(shared, ASC_PROFILE=str(fifty)))
    bare = min(timed([sys.executable, "-c", "import asc"], env=env(shared)) for _ in range(3))
    analyse = min(timed(tool + [str(fifty)], env=env(shared)) for _ in range(3))
    print(f"asc-profile on a 50-launch .prof: {analyse:.2f} s (target <= 2 s: {analyse / 2:.2f} of the budget; "
          f"a bare `import asc` takes {bare:.2f} s of it, ratio {analyse / bare:.1f}x)")

    # 2. auto-tune of the example's 32 configs, serial and with 2 jobs, each on a cold kernel cache
    prof = tmp / "tiled_add.prof"
    timed([sys.executable, str(EXAMPLE), "--naive"], env=env(shared, ASC_PROFILE=str(prof)))
    walls, busy = {}, {}
    for jobs in (1, 2):
        cache = tmp / f"cache{jobs}"
        cache.mkdir()
        os.symlink(shared / "model", cache / "model")  # the runtime object, built above
        out = tmp / f"tune{jobs}.json"
        walls[jobs] = timed(["sh", "-c", f'"$0" "$@" > {out}', *tool, str(prof), "--auto-tune", "--jobs",
                             str(jobs), "--json"], env=env(cache))
        busy[jobs] = sum(r["wall_s"] for r in json.loads(out.read_text())["tune"][0]["results"])
    load = os.getloadavg()[0]
    print(f"auto-tune of 32 configs (timing-only, cold kernel cache): 2 jobs {walls[2]:.1f} s "
          f"(target <= 60 s: {walls[2] / 60:.2f} of the budget), serial {walls[1]:.1f} s, "
          f"speed-up {walls[1] / walls[2]:.2f}x on {os.cpu_count()} cores (load average {load:.1f}); "
          f"config time summed over the workers / wall: {busy[2] / walls[2]:.2f} with 2 jobs, "
          f"{busy[1] / walls[1]:.2f} serial")


if __name__ == "__main__":
    main()
