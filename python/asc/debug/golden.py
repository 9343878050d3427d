"""Golden files: a script's kernel outputs saved, then compared run to run.

    asc-debug --save-golden gold/ -- python my_test.py     # writes gold/
    asc-debug --golden gold/ -- python my_test.py          # compares with it

Layout of a golden directory: `manifest.json` and one `.npy` per output,
named `<launch:04d>_<kernel>_<param>.npy`. The manifest:

    {"format": 1, "launches": [{"launch": 0, "kernel": "vadd",
      "outputs": [{"arg_index": 2, "name": "z", "file": "0000_vadd_z.npy",
                   "shape": [1024], "dtype": "float32"}]}]}

Launches are matched by their index in the process (a script that launches
in the same order matches launch for launch); each output is compared with
check_precision's metrics and bands (atol COMPARE_ATOL), a mismatch being an
asc.debug finding (kind "golden"). The manifest is rewritten after every
launch, so a script that dies half way leaves the launches it made.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

from .findings import Finding, report
from .launch_watch import Output
from .precision import emit, metrics

FORMAT = 1
MANIFEST = "manifest.json"
COMPARE_ATOL = 1e-3


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "_-" else "_" for c in name) or "_"


def _numpy(x) -> np.ndarray:
    from .precision import as_array

    return np.array(as_array(x, "output"), copy=True)


class GoldenWriter:
    """Saves each launch's outputs under `directory` (an existing golden is replaced)."""

    def __init__(self, directory: Path):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        old = self.dir / MANIFEST
        if old.exists():  # a previous golden: its arrays go, so none is left unlisted
            try:
                for entry in json.loads(old.read_text()).get("launches", []):
                    for out in entry.get("outputs", []):
                        (self.dir / Path(out["file"]).name).unlink(missing_ok=True)
            except (OSError, ValueError, KeyError, TypeError, AttributeError):  # not a golden we wrote
                pass
        self.launches: List[dict] = []
        self._lock = threading.Lock()
        self._write_manifest()

    def __call__(self, launch: int, kernel: str, outputs: List[Output]) -> None:
        entry = {"launch": launch, "kernel": kernel, "outputs": []}
        for out in outputs:
            arr = _numpy(out.array)
            fname = f"{launch:04d}_{_safe(kernel)}_{_safe(out.name)}.npy"
            tmp = self.dir / (fname + ".tmp.npy")
            np.save(tmp, arr, allow_pickle=False)
            os.replace(tmp, self.dir / fname)
            entry["outputs"].append({"arg_index": out.arg_index, "name": out.name, "file": fname,
                                     "shape": list(arr.shape), "dtype": str(arr.dtype)})
        with self._lock:
            self.launches.append(entry)
            self._write_manifest()

    def _write_manifest(self) -> None:
        tmp = self.dir / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps({"format": FORMAT, "launches": self.launches}, indent=1) + "\n")
        os.replace(tmp, self.dir / MANIFEST)


class GoldenError(ValueError):
    """A golden directory that cannot be used (missing, or not a golden)."""


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _valid_output(o) -> bool:
    return (isinstance(o, dict) and _is_int(o.get("arg_index")) and isinstance(o.get("name"), str)
            and isinstance(o.get("file"), str) and isinstance(o.get("dtype"), str)
            and isinstance(o.get("shape"), list) and all(_is_int(d) and d >= 0 for d in o["shape"]))


def _valid_launch(e) -> bool:
    return (isinstance(e, dict) and _is_int(e.get("launch")) and isinstance(e.get("kernel"), str)
            and isinstance(e.get("outputs"), list) and all(_valid_output(o) for o in e["outputs"]))


def array_problem(path: Path, shape: List[int], dtype: str) -> Optional[str]:
    """Why the .npy at `path` is not the array the manifest lists (None when it is): read from its
    header alone, and the file's size must be the header's plus the data's, so that a truncated
    or damaged file is named before it is used and a forged header never allocates."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            head = f.read(12)
            if len(head) < 10 or head[:6] != b"\x93NUMPY" or head[6] not in (1, 2, 3):
                return "not a .npy array (no .npy header)"
            hlen = int.from_bytes(head[8:10], "little") if head[6] == 1 else int.from_bytes(head[8:12], "little")
            if (10 if head[6] == 1 else 12) + hlen > min(size, 1 << 20):  # (a header is a few hundred bytes)
                return "not a .npy array (its header is cut or damaged)"
            f.seek(0)
            version = np.lib.format.read_magic(f)
            try:
                if version == (1, 0):
                    hshape, fortran, hdtype = np.lib.format.read_array_header_1_0(f)
                else:
                    hshape, fortran, hdtype = np.lib.format.read_array_header_2_0(f)
            except Exception as exc:  # noqa: BLE001 - numpy parses the header text with tokenize/literal_eval
                return f"not a .npy array (damaged header: {type(exc).__name__})"
            offset = f.tell()
    except FileNotFoundError:
        return "missing"
    except (OSError, ValueError) as exc:
        return f"not a .npy array ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    if hdtype.hasobject:
        return "holds Python objects, not numbers"
    if list(hshape) != list(shape) or str(hdtype) != dtype:
        return f"holds {hdtype}{list(hshape)}, the manifest says {dtype}{list(shape)}"
    want = offset + int(np.prod(hshape, dtype=np.int64)) * hdtype.itemsize
    if size != want:
        return f"{'truncated' if size < want else 'longer than its header says'} ({size} bytes, {want} expected)"
    return None


def load_manifest(directory: Path, check_arrays: bool = True) -> Dict[int, dict]:
    """The golden's launches by index, validated: the manifest's fields and types, and (check_arrays)
    every listed .npy present and whole. Raises GoldenError naming the first problem."""
    d = Path(directory)
    path = d / MANIFEST
    if not d.is_dir():
        raise GoldenError(f"golden directory {str(d)!r} does not exist (write one with --save-golden)")
    if not path.is_file():
        raise GoldenError(f"{str(d)!r} holds no {MANIFEST}: not a golden directory (write one with --save-golden)")
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise GoldenError(f"{path} is not a valid golden manifest ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise GoldenError(f"{path} is not a valid golden manifest (a JSON {type(data).__name__}, not an object)")
    if data.get("format") != FORMAT:
        raise GoldenError(f"{path}: format {data.get('format')!r} is not {FORMAT}")
    launches = data.get("launches")
    if not isinstance(launches, list):
        raise GoldenError(f"{path} is not a valid golden manifest (no 'launches' list)")
    bad = [i for i, e in enumerate(launches) if not _valid_launch(e)]
    if bad:
        raise GoldenError(f"{path} is not a valid golden manifest (entry {bad[0]} of 'launches' lacks a field or "
                          f"has one of the wrong type: launch, kernel, outputs[arg_index, name, file, shape, dtype])")
    out = {e["launch"]: e for e in launches}
    if check_arrays:
        for e in launches:
            for o in e["outputs"]:
                problem = array_problem(d / Path(o["file"]).name, o["shape"], o["dtype"])
                if problem:
                    raise GoldenError(f"{d / Path(o['file']).name} (launch {e['launch']} output {o['name']!r}) is "
                                      f"{problem}: save the golden again with --save-golden")
    return out


class GoldenChecker:
    """Compares each launch's outputs with the golden directory's."""

    def __init__(self, directory: Path, atol: float = COMPARE_ATOL):
        self.dir = Path(directory)
        self.golden = load_manifest(self.dir)
        self.atol = atol
        self.seen: set = set()
        self.compared = 0
        self.mismatches = 0

    def _finding(self, kind: str, lines: List[str], kernel: Optional[str]) -> None:
        self.mismatches += 1
        report(Finding(tool="precision", kind=kind, severity="error", lines=lines, kernel=kernel))

    def __call__(self, launch: int, kernel: str, outputs: List[Output]) -> None:
        self.seen.add(launch)
        entry = self.golden.get(launch)
        if entry is None:
            self._finding("golden-missing", [f"[ERROR] Golden check: launch {launch} ({kernel}) is not in the "
                                             f"golden {self.dir} (it holds {len(self.golden)} launches)"], kernel)
            return
        if entry["kernel"] != kernel:
            self._finding("golden-kernel", [f"[ERROR] Golden check: launch {launch} ran kernel {kernel}, the "
                                            f"golden's launch {launch} is {entry['kernel']}"], kernel)
            return
        written = {o.arg_index: o for o in outputs}
        for g in entry["outputs"]:
            out = written.get(g["arg_index"])
            label = f"{kernel} launch {launch} output {g['name']!r}"
            if out is None:
                self._finding("golden-unwritten", [f"[ERROR] Golden check: {label} was not written this run "
                                                   f"(the golden holds {g['file']})"], kernel)
                continue
            want = self._load(g)
            if want is None:
                self._finding("golden-damaged", [f"[ERROR] Golden check: {label}: the golden's "
                                                 f"{g['file']} cannot be read (damaged since the run began?)"],
                              kernel)
                continue
            got = _numpy(out.array)
            self.compared += 1
            if list(got.shape) != list(want.shape) or str(got.dtype) != str(want.dtype):
                self._finding("golden-shape", [f"[ERROR] Golden check: {label} is {got.dtype}{list(got.shape)}, "
                                               f"the golden {want.dtype}{list(want.shape)}"], kernel)
                continue
            res = metrics(got, want, atol=self.atol, name=f"golden {label}")
            if res.verdict != "pass":
                self.mismatches += 1
                emit(res, kind="golden", kernel=kernel,
                     location={"file": str(self.dir / Path(g["file"]).name), "line": 0})

    def _load(self, g: dict) -> Optional[np.ndarray]:
        """The golden array, or None when it was removed or damaged after the check began."""
        path = self.dir / Path(g["file"]).name
        if array_problem(path, g["shape"], g["dtype"]) is not None:
            return None
        try:
            return np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            return None

    def finish(self, stream=None) -> None:
        missing = sorted(set(self.golden) - self.seen)
        if missing:
            self._finding("golden-missing", [f"[ERROR] Golden check: the golden holds {len(self.golden)} launches, "
                                             f"this run made {len(self.seen)} (launches {missing[:8]} "
                                             f"{'...' if len(missing) > 8 else ''}not run)"], None)
        out = stream or sys.stderr
        out.write(f"[INFO] Golden check against {self.dir}: {self.compared} outputs of {len(self.seen)} launches "
                  f"compared, {self.mismatches} mismatch{'es' * (self.mismatches != 1)}\n")
