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
import fcntl
import io
import math
import json
import os
import sqlite3
import stat
import sys
import zlib
from pathlib import Path
from typing import Dict, List, Optional

import numpy as np

from . import analysis
from .cycle import (EVENT, FLOW, INTERVAL, KINDS, LINE, MARK, MEMS, PIPE_NAMES, SLICE, RES_BLOCKS, RES_BREAKDOWN, RES_BUSY, RES_CONFLICTS, RES_CORE_END, RES_FLOWS, RES_LINES,
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
    """Appends launches to a .prof; each launch is committed when added.

    One program run = one file: the writer replaces an older file of the same name, except
    when the file belongs to this run or is being written right now, when it appends instead
    (nothing another writer committed is ever lost):
    - the run's processes share a run id (`ASC_PROFILE_RUN`, set by the first profiled process
      of an ASC_PROFILE run, or by `asc-profile run` / asc-bench for the program they start),
      so `sh -c "a.py && b.py"` and a script that runs a profiled child keep every launch;
    - every open writer holds a shared flock on the file, so a second, independent run started
      while the first still writes joins the file instead of pulling it from under it.
    The choice is made under an exclusive flock of the file's directory (two writers never both
    create it). Several writers append at once safely: SQLite's locks serialise the commits
    and each connection waits up to BUSY_TIMEOUT_S for the others (rollback journal: a reader
    sees whole launches only; a writer killed mid-commit leaves a hot journal that the next
    read-write open rolls back)."""

    def __init__(self, path, argv: Optional[List[str]] = None, run: Optional[str] = None):
        self.path = Path(path)
        self.count = 0
        self.db = None
        self._sources = set()
        self._hold = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            dfd = os.open(str(self.path.parent), os.O_RDONLY)
        except OSError as exc:
            raise OSError(exc.errno, f"cannot create the profile {self.path}: {exc.strerror}") from None
        try:
            fcntl.flock(dfd, fcntl.LOCK_EX)  # creation mutex: released when dfd closes
            if not self._joins(run):
                self._create(argv, run)
            self._hold = os.open(str(self.path), os.O_RDONLY)
            fcntl.flock(self._hold, fcntl.LOCK_SH)  # "a writer is open": later writers join, not replace
        finally:
            os.close(dfd)
        self.db = _connect(self.path)

    def _joins(self, run: Optional[str]) -> bool:
        """Append to the existing file: it is an asc profile of this run, or a live writer holds it."""
        if not self.path.is_file():
            return False
        try:
            db = _connect(self.path)
            try:
                meta = dict(db.execute("SELECT key, value FROM meta"))
            finally:
                db.close()
        except sqlite3.DatabaseError:
            return False
        if meta.get("format") != FORMAT:
            return False
        if run is not None and meta.get("run") == run:
            return True
        try:
            fd = os.open(str(self.path), os.O_RDONLY)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True  # another process's writer has it open
        finally:
            os.close(fd)
        return False

    def _create(self, argv, run) -> None:
        tmp = self.path.with_name(self.path.name + f".new.{os.getpid()}")
        for p in (tmp, Path(str(tmp) + "-journal")):
            if p.exists():
                p.unlink()
        db = sqlite3.connect(str(tmp))
        try:
            db.executescript(_SCHEMA)
            meta = {"format": FORMAT, "format_version": str(FORMAT_VERSION), "asc_version": _asc_version(),
                    "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                    "argv": json.dumps(list(sys.argv if argv is None else argv)), "cwd": os.getcwd(),
                    "platform_data": params_version(), "pid": str(os.getpid()), "run": run or ""}
            db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
            db.commit()
        finally:
            db.close()
        os.replace(tmp, self.path)  # an old profile of the same name is replaced whole

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
        if self._hold is not None:
            os.close(self._hold)
            self._hold = None


BUSY_TIMEOUT_S = 60.0


def _connect(path, readonly: bool = False) -> sqlite3.Connection:
    """A connection that waits for other writers (busy timeout) instead of failing at once."""
    mode = "ro" if readonly else "rw"
    return sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False)


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
            return {str(name): _from_npy(blob) for name, blob in rows}
        except (zlib.error, ValueError, OSError, TypeError, EOFError) as exc:
            raise ProfError(self.prof.path, f"launch {self.id}: damaged arrays ({exc})") from None

    def profile(self):
        """The full LaunchProfile (files, plots, slices), rebuilt without re-running anything.
        Raises ProfError when the stored recording is damaged (never another exception)."""
        if self._lp is None:
            try:
                self._lp = self._rebuild()
            except ProfError:
                raise
            except (KeyError, IndexError, ValueError, TypeError, AttributeError, ZeroDivisionError,
                    OverflowError) as exc:  # stored arrays that do not fit together
                raise ProfError(self.prof.path, f"launch {self.id}: damaged recording ({type(exc).__name__}: "
                                                f"{str(exc).splitlines()[0] if str(exc) else ''})") from None
        return self._lp

    def _rebuild(self):
        from .records import LaunchProfile
        a = self.arrays()
        missing = {"events", "accesses", "strings"} - set(a)
        if missing:
            raise ProfError(self.prof.path, f"launch {self.id}: missing arrays {sorted(missing)}")
        layouts = {"events": EVENT, "res_slices": SLICE, "res_waits": SLICE, "res_flows": FLOW, "res_marks": MARK,
                   "res_scalar": INTERVAL, "res_lines": LINE, "res_summary": np.dtype(np.float64),
                   "res_blocks": np.dtype(np.int32), "res_core_end": np.dtype(np.float64),
                   "res_busy": np.dtype(np.float64), "res_breakdown": np.dtype(np.float64),
                   "res_conflicts": np.dtype(np.float64)}
        for name, dtype in layouts.items():
            if name in a and (a[name].dtype != dtype or a[name].ndim != 1):
                raise ProfError(self.prof.path, f"launch {self.id}: array {name} has the wrong layout")
        if "res_summary" in a and len(a["res_summary"]) != 8:
            raise ProfError(self.prof.path, f"launch {self.id}: array res_summary has the wrong layout")
        raw = a["strings"].tobytes()
        strings = raw.decode("utf-8", errors="replace").split("\0")[:-1] if raw else []
        rec = Recording(a["events"], a["accesses"], strings)
        _check_recording(self, rec)
        nblocks = len(a["res_blocks"]) if "res_blocks" in a else 0
        fill = {RES_CONFLICTS: np.zeros(2 * nblocks)}  # a buffer the model added after the file was written
        missing = [n for k, n in _RESULT_NAMES.items() if "res_" + n not in a and k not in fill]
        if missing:
            raise ProfError(self.prof.path, f"launch {self.id}: missing result buffers {missing}")
        buffers = {k: a["res_" + n] if "res_" + n in a else fill[k] for k, n in _RESULT_NAMES.items()}
        sim = SimResult(rec, buffers)
        _check_result(self, rec, sim)
        params = timing_params(self.summary["platform"])
        if self.summary.get("overrides"):
            params = params.with_overrides(**self.summary["overrides"])
        lp = LaunchProfile(self.kernel, self.summary["block_dim"], params, rec, sim,
                           compute=self.summary.get("compute", True))
        lp.spec = self.spec
        lp.cores_simulated = self.summary.get("cores_simulated", lp.block_dim)
        return lp


def _check_recording(sl: "StoredLaunch", rec: Recording) -> None:
    """Every index the recording holds points inside it (a damaged one must not index wildly)."""
    ev, n_str, n_acc = rec.events, len(rec.strings), len(rec.accesses)
    bad = None
    if len(ev):
        if int(ev["api"].max()) >= n_str or int(ev["file"].max()) >= n_str:
            bad = "a string index"
        elif int((ev["acc_first"] + ev["acc_count"]).max()) > n_acc:
            bad = "an access index"
        elif int(ev["kind"].min()) < 0 or int(ev["kind"].max()) >= len(KINDS):
            bad = "an event kind"
    acc = rec.accesses
    if bad is None and len(acc) and (int(acc["mem"].min()) < 0 or int(acc["mem"].max()) >= len(MEMS)):
        bad = "a memory kind"
    if bad:
        raise ProfError(sl.prof.path, f"launch {sl.id}: damaged recording ({bad} out of range)")


def _check_result(sl: "StoredLaunch", rec: Recording, sim: SimResult) -> None:
    n_ev = len(rec.events)
    blocks = set(sim.core_end)
    for name in ("res_slices", "res_waits"):
        a = sim.array(RES_SLICES if name == "res_slices" else RES_WAITS)
        if len(a) and (int(a["ev"].min()) < 0 or int(a["ev"].max()) >= n_ev or not set(np.unique(a["core"]).tolist())
                       <= blocks or not set(np.unique(a["pipe"]).tolist()) <= set(PIPE_NAMES)):
            raise ProfError(sl.prof.path, f"launch {sl.id}: damaged cycle-model result ({name[4:]} out of range)")
    f = sim.array(RES_FLOWS)
    if len(f) and (min(int(f["set_ev"].min()), int(f["wait_ev"].min())) < 0
                   or max(int(f["set_ev"].max()), int(f["wait_ev"].max())) >= n_ev
                   or not set(np.unique(np.concatenate([f["set_pipe"], f["wait_pipe"]])).tolist()) <= set(PIPE_NAMES)
                   or not set(np.unique(f["core"]).tolist()) <= blocks):
        raise ProfError(sl.prof.path, f"launch {sl.id}: damaged cycle-model result (flows out of range)")
    sc = sim.array(RES_SCALAR)
    if len(sc) and not set(np.unique(sc["core"]).tolist()) <= blocks:
        raise ProfError(sl.prof.path, f"launch {sl.id}: damaged cycle-model result (scalar intervals)")
    lt = sim.line_table
    if len(lt) and (lt.dtype.names is None or "file" not in lt.dtype.names or int(lt["file"].max()) >= len(rec.strings)):
        raise ProfError(sl.prof.path, f"launch {sl.id}: damaged cycle-model result (line table)")


# What a launch's stored summary must hold, and of which type, for the report (profile_report)
_NUM = (int, float)
_SUMMARY_FIELDS = {"platform": str, "block_dim": int, "total_us": _NUM, "breakdown": dict, "analysis": dict,
                   "lines": list}


def _finite(v) -> bool:
    return isinstance(v, _NUM) and not isinstance(v, bool) and math.isfinite(v)


def launch_problem(kernel, total_us, summary, spec) -> Optional[str]:
    """Why a stored launch row cannot be reported (None when it can)."""
    if not isinstance(kernel, str) or not _finite(total_us):
        return "kernel or total time"
    if not isinstance(summary, dict) or not isinstance(spec, dict):
        return "summary or spec is not an object"
    for k, t in _SUMMARY_FIELDS.items():
        v = summary.get(k)
        if not isinstance(v, t) or isinstance(v, bool):
            return f"summary field {k!r}"
    if not _finite(summary["total_us"]) or summary["block_dim"] < 1 or summary["total_us"] < 0:
        return "summary figures out of range"
    for k in ("launch_overhead_us", "hbm_read_bytes", "hbm_write_bytes", "cycles", "clock_ghz"):
        if k in summary and not _finite(summary[k]):
            return f"summary field {k!r}"
    if not isinstance(summary.get("compute", True), bool) or not isinstance(summary.get("overrides", {}), dict):
        return "summary field 'compute' or 'overrides'"
    if not all(isinstance(k, str) and _finite(v) for k, v in summary["breakdown"].items()):
        return "summary breakdown"
    for row in summary["lines"]:
        if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and isinstance(row[1], int)
                and _finite(row[2]) and isinstance(row[3], int)):
            return "summary lines"
    a = summary["analysis"]
    if not all(isinstance(k, str) and (v is None or _finite(v) or isinstance(v, (str, dict, list, bool)))
               for k, v in a.items()):
        return "summary analysis"
    if not all(isinstance(v, dict) and all(_finite(x) for x in v.values()) for k, v in a.items()
               if k == "utilisation"):
        return "summary analysis"
    return None


class ProfFile:
    """A loaded .prof: `meta`, `launches` (StoredLaunch, in launch order), `source_text(path)`;
    `skipped`: [(launch id, reason)] of the rows that could not be used (a damaged file keeps
    every launch that can be read; the tools say in one line what they skipped)."""

    def __init__(self, path):
        self.path = str(path)
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise ProfError(path, "No such file or directory") from None
        except OSError as exc:
            raise ProfError(path, exc.strerror or str(exc)) from None
        if stat.S_ISDIR(st.st_mode):
            raise ProfError(path, "is a directory, not a .prof file")
        if not stat.S_ISREG(st.st_mode):  # a FIFO or a device: reading it could block forever
            raise ProfError(path, "not a regular file (a pipe or a device); a .prof is a file written by "
                                  "ASC_PROFILE=1 or asc-profile run")
        try:
            with open(self.path, "rb") as f:
                head = f.read(16)
        except OSError as exc:
            raise ProfError(path, exc.strerror or str(exc)) from None
        if head != b"SQLite format 3\0":
            raise ProfError(path, "not an asc profile (not an SQLite file; a .prof is written by "
                                  "ASC_PROFILE=1 or asc-profile run)")
        journal = self.path + "-journal"
        writable = os.access(self.path, os.W_OK) and os.access(os.path.dirname(os.path.abspath(self.path)),
                                                               os.W_OK)
        if not writable and os.path.exists(journal) and os.path.getsize(journal) > 0:
            raise ProfError(path, "holds an unfinished commit (its writer was killed: " + os.path.basename(journal)
                            + ") and is read-only here: copy the file and its -journal somewhere writable")
        try:
            # read-write when possible: SQLite then rolls back the hot journal of a writer killed
            # mid-commit, and every launch committed before it reads as usual
            self.db = _connect(self.path, readonly=not writable)
            self.meta = {str(k): str(v) for k, v in self.db.execute("SELECT key, value FROM meta")}
        except (sqlite3.DatabaseError, ValueError) as exc:
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
        except sqlite3.DatabaseError as exc:
            raise ProfError(path, f"damaged asc profile ({exc})") from None
        self.launches: List[StoredLaunch] = []
        self.skipped: List[tuple] = []
        for row in rows:
            lid, k, t, s, sp = row
            try:
                summary, spec = json.loads(s), json.loads(sp)
            except (ValueError, TypeError, RecursionError):
                summary = spec = None
            problem = launch_problem(k, t, summary, spec) if isinstance(lid, int) else "launch id"
            if problem:
                self.skipped.append((lid, problem))
                continue
            self.launches.append(StoredLaunch(self, lid, k, float(t), summary, spec))
        self._sources: Optional[Dict[str, str]] = None

    def skipped_note(self) -> Optional[str]:
        """One line for the launches that could not be read (None when none was skipped)."""
        if not self.skipped:
            return None
        ids = ", ".join(str(i) for i, _ in self.skipped[:5]) + (", ..." if len(self.skipped) > 5 else "")
        return (f"{self.path}: skipped {len(self.skipped)} damaged launch(es) (id {ids}: "
                f"{self.skipped[0][1]})")

    def _query(self, sql, args=()):
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise ProfError(self.path, f"damaged asc profile ({exc})") from None

    def source_text(self, path: str) -> Optional[str]:
        """The stored text of a source file, or None. The sources only annotate the report: a
        damaged or missing table means no text, not a failure."""
        if self._sources is None:
            try:
                rows = self.db.execute("SELECT CAST(path AS BLOB), CAST(text AS BLOB) FROM sources").fetchall()
            except sqlite3.DatabaseError:
                rows = []
            self._sources = {bytes(p).decode("utf-8", "replace"): bytes(t).decode("utf-8", "replace")
                             for p, t in rows if isinstance(p, bytes) and isinstance(t, bytes)}
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


def collect(command: List[str], path, cwd: Optional[str] = None, compute: bool = True,
            params: Optional[dict] = None) -> tuple:
    """Runs an unchanged program (argv list) with every Model launch profiled into `path`
    (ASC_PROFILE=<path>); returns (exit code, the loaded ProfFile or None if it made no launch).
    What `asc-profile run` does; asc-bench collects a script's launches the same way.
    compute=False: timing-only launches (ASC_PROFILE_COMPUTE=0); params: what-if values of the
    cycle-model parameters (ASC_PROFILE_PARAMS)."""
    import subprocess

    from .. import settings

    import uuid

    path = os.path.abspath(str(path))
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory", path)
    if os.path.lexists(path):
        os.unlink(path)
    # one run id for the program's processes: they all append to the one file (ProfWriter)
    env = settings.profile_run.child_env(f"{os.getpid()}-{uuid.uuid4().hex[:12]}",
                                         settings.profile.child_env(path))
    env = settings.profile_compute.child_env(None if compute else "0", env)
    env = settings.profile_params.child_env(settings.param_text(params) if params else None, env)
    rc = subprocess.run(list(command), env=env, cwd=cwd).returncode
    return rc, (load(path) if os.path.exists(path) else None)
