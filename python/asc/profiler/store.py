"""The `.prof` file: every profiled launch of one program run, in one SQLite file.

`ASC_PROFILE=1 python my_test.py` leaves `my_test.prof` in the current
directory (`asc-profile run -- ...` does the same). SQLite because a launch is
appended and committed as soon as it is timed (a program that dies later
still leaves the launches before), and a reader takes only what it needs: the
per-launch summaries answer `asc-profile my_test.prof` without reading the
instruction arrays, which only the files, plots and re-timing need.

Schema (format "asc-profile", FORMAT_VERSION; docs/asc-profile.md):

    meta(key, value)                 format, format_version, asc_version, created (UTC),
                                     argv (JSON), cwd, platform_data, pid (of the writer that
                                     created it: its child processes append instead of replacing)
    launches(id, kernel, total_us,   summary: the LaunchProfile's figures + analysis.derive();
             summary, spec)          spec: what re-times the launch without its data (launch_spec)
    arrays(launch, name, data)       zlib-compressed .npy: the recording (events, accesses,
                                     strings) and the cycle model's result buffers
    sources(path, text)              the Python files the launches' lines name, as they were

A launch's spec (kernel source, specialization, argument shapes and dtypes,
grid, platform, the emitted Ascend C and the autotune declaration when the
launch came through asc.autotune) is what asc-profile's re-timing and
asc-bench read; `load()` gives `StoredLaunch`s with `.summary`, `.spec` and
`.profile()` (the full LaunchProfile, rebuilt from the arrays).
"""

from __future__ import annotations

import datetime
import io
import json
import os
import sqlite3
import sys
import zlib
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

from . import analysis
from .cycle import (RES_BLOCKS, RES_BREAKDOWN, RES_BUSY, RES_CONFLICTS, RES_CORE_END, RES_FLOWS, RES_LINES,
                    RES_MARKS, RES_SCALAR, RES_SLICES, RES_SUMMARY, RES_WAITS, _SLOT_PIPES, Recording, SimResult)
from .platform import params_version, timing_params

FORMAT = "asc-profile"
FORMAT_VERSION = 1
SUFFIX = ".prof"

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE launches(id INTEGER PRIMARY KEY, kernel TEXT NOT NULL, total_us REAL NOT NULL,
                      summary TEXT NOT NULL, spec TEXT NOT NULL);
CREATE TABLE arrays(launch INTEGER NOT NULL, name TEXT NOT NULL, data BLOB NOT NULL,
                    PRIMARY KEY(launch, name));
CREATE TABLE sources(path TEXT PRIMARY KEY, text TEXT NOT NULL);
"""

# The cycle model's result buffers kept per launch (SimResult is rebuilt from them).
_RESULT_NAMES = {RES_SUMMARY: "summary", RES_BLOCKS: "blocks", RES_CORE_END: "core_end", RES_BUSY: "busy",
                 RES_SLICES: "slices", RES_FLOWS: "flows", RES_MARKS: "marks", RES_WAITS: "waits",
                 RES_SCALAR: "scalar", RES_LINES: "lines", RES_BREAKDOWN: "breakdown", RES_CONFLICTS: "conflicts"}


class ProfError(Exception):
    """A .prof that cannot be read: missing, not an SQLite file, not an asc profile, or damaged."""

    def __init__(self, path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason


def default_path(argv0: Optional[str] = None, cwd: Optional[str] = None) -> Path:
    """`<script stem>.prof` in the current directory (`asc.prof` for `python -c`/a REPL)."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    stem = Path(argv0).stem if argv0 and argv0 not in ("-c", "-") else ""
    return Path(cwd or os.getcwd()) / ((stem or "asc") + SUFFIX)


# ---------------------------------------------------------------------------------------------- writing

def _npy(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(a), allow_pickle=False)
    return zlib.compress(buf.getvalue(), 1)


def _from_npy(blob: bytes) -> np.ndarray:
    return np.load(io.BytesIO(zlib.decompress(blob)), allow_pickle=False)


def result_buffers(sim: SimResult) -> Dict[int, np.ndarray]:
    """The cycle model's result buffers again, from a SimResult (the inverse of its __init__)."""
    blocks = list(sim.core_end)
    return {
        RES_SUMMARY: np.array([sim.cycles, sim.hbm_read_bytes, sim.hbm_write_bytes, sim.gm_read_bytes,
                               sim.gm_write_bytes, sim.l2_hit_bytes, sim.peak_hbm_bytes_per_cycle,
                               sim.instructions], np.float64),
        RES_BLOCKS: np.array(blocks, np.int32),
        RES_CORE_END: np.array([sim.core_end[b] for b in blocks], np.float64),
        RES_BUSY: np.array([[sim.busy[b][q] for q in _SLOT_PIPES] for b in blocks], np.float64).reshape(-1),
        RES_LINES: sim.line_table,
        RES_BREAKDOWN: np.array([sim.breakdown[k] for k in sim.breakdown], np.float64),
        RES_CONFLICTS: np.array([sim.conflicts.get(b, (0.0, 0.0)) for b in blocks], np.float64).reshape(-1),
        **{k: sim.array(k) for k in (RES_SLICES, RES_FLOWS, RES_MARKS, RES_WAITS, RES_SCALAR)},
    }


def summarize(lp) -> dict:
    """The figures of a launch that the report needs, JSON-ready (no per-instruction data)."""
    return {
        "kernel": lp.kernel, "block_dim": lp.block_dim, "platform": lp.platform, "compute": lp.compute,
        "total_us": lp.total_us, "cycles": lp.cycles, "clock_ghz": lp.clock_ghz,
        "launch_overhead_us": float(getattr(lp.params, "launch_overhead_us", 0.0)),
        "breakdown": lp.breakdown, "pipes": lp.pipes,
        "block_us": {str(b): t for b, t in lp.block_us.items()},
        "lines": [list(r) for r in lp.lines],
        "hbm_read_bytes": lp.hbm_read_bytes, "hbm_write_bytes": lp.hbm_write_bytes,
        "gm_read_bytes": lp.gm_read_bytes, "gm_write_bytes": lp.gm_write_bytes,
        "l2_hit_bytes": lp.sim.l2_hit_bytes, "peak_hbm_bandwidth": lp.peak_hbm_bandwidth,
        "instructions": lp.instructions, "overrides": dict(getattr(lp, "overrides", {}) or {}),
        "cores_simulated": getattr(lp, "cores_simulated", lp.block_dim),
        "analysis": analysis.derive(lp),
    }


class ProfWriter:
    """Appends launches to a .prof; each launch is committed when added. The file is
    replaced when the writer opens it (one program run = one file)."""

    def __init__(self, path, argv: Optional[List[str]] = None):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.count = 0
        self._sources = set()
        if self._parents_file():  # a child of the profiled process (it inherited ASC_PROFILE): append
            self.db = sqlite3.connect(str(self.path), timeout=60, check_same_thread=False)
            return
        tmp = self.path.with_name(self.path.name + ".new")
        for p in (tmp, Path(str(tmp) + "-journal")):
            if p.exists():
                p.unlink()
        db = sqlite3.connect(str(tmp))
        db.executescript(_SCHEMA)
        meta = {"format": FORMAT, "format_version": str(FORMAT_VERSION), "asc_version": _asc_version(),
                "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "argv": json.dumps(list(sys.argv if argv is None else argv)), "cwd": os.getcwd(),
                "platform_data": params_version(), "pid": str(os.getpid())}
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        db.commit()
        db.close()
        os.replace(tmp, self.path)  # an old profile of the same name is replaced whole
        self.db = sqlite3.connect(str(self.path), timeout=60, check_same_thread=False)

    def _parents_file(self) -> bool:
        """The file exists and was created by this process's parent (e.g. the profiled
        script started a worker process that launches kernels too)."""
        if not self.path.is_file():
            return False
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=60)
            try:
                meta = dict(db.execute("SELECT key, value FROM meta"))
            finally:
                db.close()
        except sqlite3.DatabaseError:
            return False
        return meta.get("format") == FORMAT and meta.get("pid") == str(os.getppid())

    def add(self, lp, spec: Optional[dict] = None) -> int:
        spec = dict(spec or getattr(lp, "spec", None) or {})
        summary = summarize(lp)
        rec, sim = lp.recording, lp.sim
        strings = np.frombuffer("".join(s + "\0" for s in rec.strings).encode(), np.uint8)
        arrays = {"events": rec.events, "accesses": rec.accesses, "strings": strings}
        arrays.update({"res_" + _RESULT_NAMES[k]: v for k, v in result_buffers(sim).items()})
        db = self.db
        with db:
            cur = db.execute("INSERT INTO launches(kernel, total_us, summary, spec) VALUES (?, ?, ?, ?)",
                             (lp.kernel, lp.total_us, json.dumps(summary), json.dumps(spec, default=repr)))
            lid = cur.lastrowid
            db.executemany("INSERT INTO arrays VALUES (?, ?, ?)", [(lid, n, _npy(a)) for n, a in arrays.items()])
            for path in {r[0] for r in lp.lines} | {spec.get("file") or ""}:
                if path and path not in self._sources:
                    self._sources.add(path)
                    text = _read_text(path)
                    if text is not None:
                        db.execute("INSERT OR REPLACE INTO sources VALUES (?, ?)", (path, text))
        self.count += 1
        return lid

    def close(self):
        if self.db is not None:
            self.db.close()
            self.db = None


def _asc_version() -> str:
    # The package is imported whenever the profiler runs (asc/__init__ imports it); read its
    # version there rather than import the top layer from the profiler's.
    return str(getattr(sys.modules.get("asc"), "__version__", "unknown"))


def _read_text(path: str) -> Optional[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


# ---------------------------------------------------------------------------------------------- reading

class StoredLaunch:
    """One launch of a .prof: `summary` and `spec` (dicts); `profile()` rebuilds the LaunchProfile."""

    def __init__(self, prof: "ProfFile", lid: int, kernel: str, total_us: float, summary: dict, spec: dict):
        self.prof = prof
        self.id = lid
        self.kernel = kernel
        self.total_us = total_us
        self.summary = summary
        self.spec = spec
        self._lp = None

    def arrays(self) -> Dict[str, np.ndarray]:
        rows = self.prof._query("SELECT name, data FROM arrays WHERE launch = ?", (self.id,))
        try:
            return {name: _from_npy(blob) for name, blob in rows}
        except (zlib.error, ValueError, OSError) as exc:
            raise ProfError(self.prof.path, f"launch {self.id}: damaged arrays ({exc})") from None

    def profile(self):
        """The full LaunchProfile (files, plots, slices), rebuilt without re-running anything."""
        if self._lp is None:
            from .records import LaunchProfile
            a = self.arrays()
            missing = {"events", "accesses", "strings"} - set(a)
            if missing:
                raise ProfError(self.prof.path, f"launch {self.id}: missing arrays {sorted(missing)}")
            raw = a["strings"].tobytes()
            strings = raw.decode("utf-8", errors="replace").split("\0")[:-1] if raw else []
            rec = Recording(a["events"], a["accesses"], strings)
            nblocks = len(a["res_blocks"]) if "res_blocks" in a else 0
            fill = {RES_CONFLICTS: np.zeros(2 * nblocks)}  # a buffer the model added after the file was written
            missing = [n for k, n in _RESULT_NAMES.items() if "res_" + n not in a and k not in fill]
            if missing:
                raise ProfError(self.prof.path, f"launch {self.id}: missing result buffers {missing}")
            buffers = {k: a["res_" + n] if "res_" + n in a else fill[k] for k, n in _RESULT_NAMES.items()}
            sim = SimResult(rec, buffers)
            params = timing_params(self.summary["platform"])
            if self.summary.get("overrides"):
                params = params.with_overrides(**self.summary["overrides"])
            lp = LaunchProfile(self.kernel, self.summary["block_dim"], params, rec, sim,
                               compute=self.summary.get("compute", True))
            lp.spec = self.spec
            lp.cores_simulated = self.summary.get("cores_simulated", lp.block_dim)
            self._lp = lp
        return self._lp


class ProfFile:
    """A loaded .prof: `meta`, `launches` (StoredLaunch, in launch order), `source_text(path)`."""

    def __init__(self, path):
        self.path = str(path)
        if not os.path.exists(self.path):
            raise ProfError(path, "No such file or directory")
        if os.path.isdir(self.path):
            raise ProfError(path, "is a directory, not a .prof file")
        with open(self.path, "rb") as f:
            head = f.read(16)
        if head != b"SQLite format 3\0":
            raise ProfError(path, "not an asc profile (not an SQLite file; a .prof is written by "
                                  "ASC_PROFILE=1 or asc-profile run)")
        try:
            self.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            self.meta = dict(self.db.execute("SELECT key, value FROM meta"))
        except sqlite3.DatabaseError as exc:
            raise ProfError(path, f"an SQLite file but not an asc profile ({exc})") from None
        if self.meta.get("format") != FORMAT:
            raise ProfError(path, "an SQLite file but not an asc profile (no 'asc-profile' format mark)")
        try:
            version = int(self.meta.get("format_version", "0"))
        except ValueError:
            version = 0
        if version < 1 or version > FORMAT_VERSION:
            raise ProfError(path, f"profile format version {self.meta.get('format_version')!r}; this asc "
                                  f"reads versions 1..{FORMAT_VERSION}")
        try:
            rows = self.db.execute("SELECT id, kernel, total_us, summary, spec FROM launches ORDER BY id").fetchall()
            self.launches = [StoredLaunch(self, lid, k, t, json.loads(s), json.loads(sp))
                             for lid, k, t, s, sp in rows]
        except (sqlite3.DatabaseError, ValueError) as exc:
            raise ProfError(path, f"damaged asc profile ({exc})") from None
        self._sources: Optional[Dict[str, str]] = None

    def _query(self, sql, args=()):
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise ProfError(self.path, f"damaged asc profile ({exc})") from None

    def source_text(self, path: str) -> Optional[str]:
        if self._sources is None:
            self._sources = dict(self._query("SELECT path, text FROM sources"))
        return self._sources.get(path)

    def source_line(self, path: str, line: int) -> str:
        """The text of a Python line as it was when profiled ('' if unknown)."""
        text = self.source_text(path)
        if text is None:
            return ""
        lines = text.splitlines()
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""

    def close(self):
        self.db.close()


def load(path) -> ProfFile:
    return ProfFile(path)


def collect(command: List[str], path, cwd: Optional[str] = None) -> tuple:
    """Runs an unchanged program (argv list) with every Model launch profiled into `path`
    (ASC_PROFILE=<path>); returns (exit code, the loaded ProfFile or None if it made no launch).
    What `asc-profile run` does; asc-bench collects a script's launches the same way."""
    import subprocess

    from .. import settings

    path = os.path.abspath(str(path))
    if os.path.exists(path):
        os.unlink(path)
    rc = subprocess.run(list(command), env=settings.profile.child_env(path), cwd=cwd).returncode
    return rc, (load(path) if os.path.exists(path) else None)
