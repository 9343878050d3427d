"""Keeps the vendor example programs that pass on the Model passing.

Runs `./dev vendor-examples --expected expected_pass.txt --only_expected` on
this shard's share of the list; fails when one of them does not PASS. Skips
with one line when the asc-devkit snapshot is not beside the repository
(../shared/third_party/asc-devkit/asc-devkit.tar.xz, or $ASC_DEVKIT_TARBALL).
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent          # the real source dir (runfiles are symlinks)
EXPECTED = Path(__file__).with_name("expected_pass.txt")


def tarball() -> Path:
    env = os.environ.get("ASC_DEVKIT_TARBALL")
    if env:
        return Path(env)
    root = EXPECTED.resolve().parents[2]  # the checkout (the runfile links into it)
    return root.parent / "shared" / "third_party" / "asc-devkit" / "asc-devkit.tar.xz"


def shard(items):
    total = int(os.environ.get("TEST_TOTAL_SHARDS", "1"))
    index = int(os.environ.get("TEST_SHARD_INDEX", "0"))
    if "TEST_SHARD_STATUS_FILE" in os.environ:
        Path(os.environ["TEST_SHARD_STATUS_FILE"]).touch()
    return items[index::total]


def main() -> int:
    tb = tarball()
    if not tb.is_file():
        print(f"SKIP vendor examples: no asc-devkit snapshot at {tb}")
        return 0
    names = [ln.split("#", 1)[0].strip() for ln in EXPECTED.read_text().splitlines()]
    mine = shard([n for n in names if n])
    if not mine:
        print("vendor examples: nothing in this shard")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        lst = Path(tmp) / "expected.txt"
        lst.write_text("\n".join(mine) + "\n")
        env = dict(os.environ, ASC_DEVKIT_TARBALL=str(tb))
        if not env.get("HOME") and not env.get("ASC_CACHE_DIR"):  # asc's cache needs a home
            env["ASC_CACHE_DIR"] = os.path.join(os.environ.get("TEST_TMPDIR", tmp), "asc-cache")
        cmd = [sys.executable, "-m", "vendor_examples.cli", "--expected", str(lst), "--only_expected",
               "--jobs", os.environ.get("ASC_VENDOR_JOBS", "2"), "--logs"]
        return subprocess.run(cmd, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
