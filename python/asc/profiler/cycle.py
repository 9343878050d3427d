"""The Python side of the cycle model (cpp/model/src/cycle_model.cpp).

A profiled launch records the Model's instrumentation stream in memory (a C++
Observer per core appending packed records; LaunchConfig.record points at a
RecordIO the runtime fills). `Recording.take` copies the records into numpy
arrays and frees the C++ copy; `simulate` runs the C++ cycle model over them
with the platform's parameters (a flat array of doubles, in the order the
model names in RecordIO.param_names) and returns a `SimResult` whose arrays
are read with numpy. The semantics of the model are described at the top of
cycle_model.cpp; nothing here computes timing.
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Sequence, Union

import numpy as np

from .platform import TimingParams

PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX = 0, 1, 2, 3, 4, 5, 6, 10
PIPE_NAMES = {PIPE_S: "scalar", PIPE_V: "vec", PIPE_M: "cube", PIPE_MTE1: "mte1", PIPE_MTE2: "mte2",
              PIPE_MTE3: "mte3", PIPE_FIX: "fixpipe"}
ALL_PIPES = ("vec", "mte2", "mte3", "scalar", "cube", "mte1", "fixpipe")
_SLOT_PIPES = (PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX)  # kResBusy's column order
BREAKDOWN_KEYS = ("compute_cube", "compute_vector", "hbm_read", "hbm_write", "sync_wait", "scalar")

# asc_model::EventKind and Mem, in enum order (instrument.h, abi.h)
KINDS = ("api", "set_flag", "wait_flag", "barrier", "enque", "deque", "alloc", "free", "cross_set", "cross_wait",
         "sync_all", "prof_start", "prof_stop", "print")
KIND_CODE = {k: i for i, k in enumerate(KINDS)}
MEMS = ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB")
MEM_CODE = {m: i for i, m in enumerate(MEMS)}

# The packed layouts of asc_model/abi.h (RecordIO.sizes checks the sizes at every launch; tests/model/test_abi.py every field).
EVENT = np.dtype([("block", "<i4"), ("kind", "<i4"), ("pipe", "<i4"), ("line", "<i4"), ("event", "<i4"),
                  ("id", "<i4"), ("api", "<u4"), ("file", "<u4"), ("elems", "<u8"), ("bytes", "<u8"),
                  ("acc_first", "<u8"), ("acc_count", "<u8")])
# An access is `rows` equal rows (bytes / rows each) `stride` bytes apart from `offset`; rows <= 1: one range.
ACCESS = np.dtype([("offset", "<u8"), ("bytes", "<u8"), ("region", "<i4"), ("mem", "<i4"), ("write", "<i4"),
                   ("rows", "<u4"), ("stride", "<u8")])
SLICE = np.dtype([("core", "<i4"), ("pipe", "<i4"), ("start", "<f8"), ("end", "<f8"), ("ev", "<i8")])
FLOW = np.dtype([("core", "<i4"), ("set_pipe", "<i4"), ("wait_pipe", "<i4"), ("pad", "<i4"), ("set_t", "<f8"),
                 ("wait_t", "<f8"), ("set_ev", "<i8"), ("wait_ev", "<i8")])
MARK = np.dtype([("core", "<i4"), ("kind", "<i4"), ("t", "<f8")])
INTERVAL = np.dtype([("core", "<i4"), ("pad", "<i4"), ("start", "<f8"), ("end", "<f8")])
LINE = np.dtype([("file", "<u4"), ("line", "<i4"), ("cycles", "<f8"), ("calls", "<i8")])
(RES_SUMMARY, RES_BLOCKS, RES_CORE_END, RES_BUSY, RES_SLICES, RES_FLOWS, RES_MARKS, RES_WAITS, RES_SCALAR,
 RES_LINES, RES_BREAKDOWN, RES_ERROR, RES_CONFLICTS) = range(13)

_BUF = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p))
_FREE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class CycleInput(ctypes.Structure):
    _fields_ = [("events", ctypes.c_void_p), ("num_events", ctypes.c_uint64),
                ("accesses", ctypes.c_void_p), ("num_accesses", ctypes.c_uint64),
                ("strings", ctypes.c_void_p), ("strings_len", ctypes.c_uint64),
                ("num_strings", ctypes.c_uint32), ("num_params", ctypes.c_uint32),
                ("params", ctypes.c_void_p), ("api_factor", ctypes.c_void_p),
                ("aiv_per_aic", ctypes.c_int32), ("aic_base", ctypes.c_int32)]


class RecordIO(ctypes.Structure):
    """asc_model::RecordIO: LaunchConfig.record points at one; the launch fills it."""
    _fields_ = [("recording", ctypes.c_void_p), ("recording_buffer", _BUF), ("free_recording", _FREE),
                ("param_names", ctypes.c_char_p),
                ("run", ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(CycleInput), ctypes.POINTER(ctypes.c_void_p))),
                ("result_buffer", _BUF), ("free_result", _FREE), ("sizes", ctypes.c_uint64)]


_SIZES = EVENT.itemsize | ACCESS.itemsize << 16 | SLICE.itemsize << 32 | FLOW.itemsize << 48
_engine: Optional[RecordIO] = None  # the cycle model's entry points: a recorded launch's, or engine()'s
_engine_lib = None  # the cycle-engine library engine() loaded (kept loaded: _engine points into it)


def _check_layouts(io: RecordIO) -> None:
    """The runtime's record sizes (RecordIO.sizes) are this module's: one build, one layout."""
    if io.sizes != _SIZES:
        raise RuntimeError(f"cycle model: record layouts differ between the Model's runtime and "
                           f"asc.profiler.cycle ({io.sizes:#x} vs {_SIZES:#x})")


def engine() -> RecordIO:
    """The cycle model's entry points: those a profiled launch of this process handed over,
    else the cycle-engine library's (runtime/model/build.py, built once per toolchain), so
    that a recorded stream can be simulated with no launch at all."""
    global _engine, _engine_lib
    if _engine is None:
        from ..runtime.model import build
        lib = ctypes.CDLL(str(build.cycle_engine_library()))
        io = RecordIO()
        getattr(lib, build.CYCLE_ENGINE_ENTRY)(ctypes.byref(io))
        _check_layouts(io)
        _engine_lib, _engine = lib, io
    return _engine


def _read(fn, handle, which, dtype) -> np.ndarray:
    ptr = ctypes.c_void_p()
    n = fn(handle, which, ctypes.byref(ptr))
    if not n:
        return np.empty(0, dtype)
    raw = (ctypes.c_char * (n * np.dtype(dtype).itemsize)).from_address(ptr.value)
    return np.frombuffer(raw, dtype).copy()


def upgrade_accesses(old: np.ndarray) -> np.ndarray:
    """Access records of an older layout (a .prof written before AccessRec had
    rows/stride: each record one contiguous range) in the current one."""
    new = np.zeros(len(old), ACCESS)
    for name in ("offset", "bytes", "region", "mem", "write"):
        new[name] = old[name]
    new["rows"] = 1
    return new


class Recording:
    """One launch's instrumentation stream: `events` (EVENT records, block order, each core's
    in program order), `accesses` (ACCESS), `strings` (API and file names the records index)."""

    def __init__(self, events: np.ndarray, accesses: np.ndarray, strings: List[str]):
        self.events = events
        self.accesses = accesses if accesses.dtype == ACCESS else upgrade_accesses(accesses)
        self.strings = strings
        self._dicts: Optional[List[dict]] = None

    @classmethod
    def take(cls, io: RecordIO) -> "Recording":
        """Copies the launch's records out of `io` and frees the C++ copy."""
        global _engine
        _check_layouts(io)
        _engine = RecordIO.from_buffer_copy(io)
        _engine.recording = None
        rec = io.recording
        if not rec:
            raise RuntimeError("cycle model: the launch recorded no stream")
        try:
            events = _read(io.recording_buffer, rec, 0, EVENT)
            accesses = _read(io.recording_buffer, rec, 1, ACCESS)
            raw = _read(io.recording_buffer, rec, 2, np.uint8).tobytes()
        finally:
            io.free_recording(rec)
            io.recording = None
        strings = raw.decode("utf-8", errors="replace").split("\0")[:-1] if raw else []
        return cls(events, accesses, strings)

    @classmethod
    def from_dicts(cls, dicts: Sequence[dict]) -> "Recording":
        """Packs events in the shape of asc.runtime.model.parse_trace (e.g. a reordered stream)."""
        table: Dict[str, int] = {}
        intern = lambda s: table.setdefault(s, len(table))  # noqa: E731
        events = np.zeros(len(dicts), EVENT)
        acc = []
        for n, e in enumerate(dicts):
            events[n] = (e["block"], KIND_CODE[e["kind"]], e["pipe"], e["line"], e["event"], e["id"],
                         intern(e["api"]), intern(e["file"]), e["elems"], e["bytes"], len(acc), len(e["accesses"]))
            acc += [(a["offset"], a["bytes"], a["region"], MEM_CODE[a["mem"]], int(a["write"]), a.get("rows", 1),
                     a.get("stride", 0)) for a in e["accesses"]]
        return cls(events, np.array(acc, ACCESS), list(table))

    def dicts(self) -> List[dict]:
        """The events as dicts (parse_trace's shape), built once, on demand (the files need them)."""
        if self._dicts is None:
            s = self.strings
            a = self.accesses
            acc = [{"mem": MEMS[m], "write": bool(w), "region": r, "offset": o, "bytes": b, "rows": max(n, 1),
                    "stride": st}
                   for o, b, r, m, w, n, st in zip(a["offset"].tolist(), a["bytes"].tolist(), a["region"].tolist(),
                                                   a["mem"].tolist(), a["write"].tolist(), a["rows"].tolist(),
                                                   a["stride"].tolist())]
            e = self.events
            cols = [e[k].tolist() for k in ("block", "kind", "api", "pipe", "file", "line", "elems", "bytes",
                                            "event", "id", "acc_first", "acc_count")]
            self._dicts = [{"block": b, "kind": KINDS[k], "api": s[api], "pipe": p, "file": s[f], "line": l,
                            "elems": el, "bytes": by, "event": ev, "id": i, "accesses": acc[af:af + ac]}
                           for b, k, api, p, f, l, el, by, ev, i, af, ac in zip(*cols)]
        return self._dicts

    def __len__(self):
        return len(self.events)


class SimResult:
    """The cycle model's output for one launch, read from the C++ result buffers. The
    per-instruction lists (slices, flows, waits, marks, scalar_intervals) are built as Python
    tuples only when asked for (the files and the trace need them; the numbers do not)."""

    def __init__(self, rec: Recording, buffers: Dict[int, np.ndarray]):
        self.recording = rec
        summary = buffers[RES_SUMMARY]
        (self.cycles, self.hbm_read_bytes, self.hbm_write_bytes, gm_read, gm_write, self.l2_hit_bytes,
         self.peak_hbm_bytes_per_cycle, instructions) = summary.tolist()
        self.gm_read_bytes, self.gm_write_bytes, self.instructions = int(gm_read), int(gm_write), int(instructions)
        blocks = buffers[RES_BLOCKS].tolist()
        self.core_end = dict(zip(blocks, buffers[RES_CORE_END].tolist()))
        busy = buffers[RES_BUSY].reshape(len(blocks), len(_SLOT_PIPES)).tolist()
        self.busy = {b: dict(zip(_SLOT_PIPES, row)) for b, row in zip(blocks, busy)}
        self.breakdown = dict(zip(BREAKDOWN_KEYS, buffers[RES_BREAKDOWN].tolist()))
        # {block: (bank-group, bank)} cycles the V pipe lost to UB bank conflicts
        self.conflicts = dict(zip(blocks, map(tuple, buffers[RES_CONFLICTS].reshape(len(blocks), 2).tolist())))
        self.line_table = buffers[RES_LINES]
        self._arrays = {k: buffers[k] for k in (RES_SLICES, RES_FLOWS, RES_MARKS, RES_WAITS, RES_SCALAR)}
        self._lists: Dict[str, object] = {}

    def array(self, which: int) -> np.ndarray:
        return self._arrays[which]

    @property
    def slices(self) -> List[tuple]:
        """(core, pipe, start, end, event index) of every instruction, in simulated order."""
        if "slices" not in self._lists:
            a = self._arrays[RES_SLICES]
            self._lists["slices"] = list(zip(*(a[k].tolist() for k in ("core", "pipe", "start", "end", "ev"))))
        return self._lists["slices"]

    @property
    def waits(self) -> List[tuple]:
        """(core, pipe, since, until, event index): a WaitFlag (or TQue wait) blocking its pipe."""
        if "waits" not in self._lists:
            a = self._arrays[RES_WAITS]
            self._lists["waits"] = list(zip(*(a[k].tolist() for k in ("core", "pipe", "start", "end", "ev"))))
        return self._lists["waits"]

    @property
    def flows(self) -> List[tuple]:
        """(core, set_pipe, set_time, set_index, wait_pipe, wait_time, wait_index)."""
        if "flows" not in self._lists:
            a = self._arrays[RES_FLOWS]
            self._lists["flows"] = list(zip(*(a[k].tolist() for k in ("core", "set_pipe", "set_t", "set_ev",
                                                                       "wait_pipe", "wait_t", "wait_ev"))))
        return self._lists["flows"]

    @property
    def marks(self) -> List[tuple]:
        """(core, time, "prof_start" | "prof_stop")."""
        a = self._arrays[RES_MARKS]
        return [(c, t, ("prof_start", "prof_stop")[k]) for c, k, t in
                zip(a["core"].tolist(), a["kind"].tolist(), a["t"].tolist())]

    @property
    def scalar_intervals(self) -> Dict[int, List[list]]:
        """{core: [[start, end], ...]}: when the scalar unit was busy."""
        if "scalar" not in self._lists:
            a = self._arrays[RES_SCALAR]
            out: Dict[int, List[list]] = {b: [] for b in self.core_end}
            for c, s, e in zip(a["core"].tolist(), a["start"].tolist(), a["end"].tolist()):
                out[c].append([s, e])
            self._lists["scalar"] = out
        return self._lists["scalar"]

    def lines(self) -> List[tuple]:
        """[(file, line, cycles, calls)] hottest first (ties: by file, then line)."""
        s = self.recording.strings
        t = self.line_table
        rows = [(s[f], l, c, n) for f, l, c, n in zip(t["file"].tolist(), t["line"].tolist(), t["cycles"].tolist(),
                                                      t["calls"].tolist())]
        rows.sort(key=lambda r: (-r[2], r[0], r[1]))
        return rows


def param_array(names: Sequence[str], params: TimingParams) -> np.ndarray:
    missing = [n for n in names if not hasattr(params, n)]
    if missing:
        raise ValueError(f"cycle model: platform {params.platform!r} has no value for {', '.join(missing)}")
    return np.array([float(getattr(params, n)) for n in names], np.float64)


def simulate(events: Union[Recording, Sequence[dict]], params: TimingParams, aiv_per_aic: int = 0,
             aic_base: int = 0) -> SimResult:
    """Runs the C++ cycle model over one launch's stream (a Recording, or events as dicts).
    aiv_per_aic > 1: a mixed kernel, whose consecutive groups of that many AIV blocks share
    one AIC's cube pipes (M, MTE1); aic_base > 0: blocks aic_base + g are those AICs, run
    as cores of their own (LaunchConfig.aic_cores)."""
    rec = events if isinstance(events, Recording) else Recording.from_dicts(events)
    io = engine()
    names = io.param_names.decode().rstrip(",").split(",")
    values = param_array(names, params)
    factors = params.vec_api_repeat_factor
    api_factor = np.array([float(factors.get(s, 1.0)) for s in rec.strings] or [1.0], np.float64)
    raw = "".join(s + "\0" for s in rec.strings).encode()
    ev = np.ascontiguousarray(rec.events)
    acc = np.ascontiguousarray(rec.accesses)
    sbuf = ctypes.create_string_buffer(raw, len(raw) + 1)
    inp = CycleInput(ev.ctypes.data, len(ev), acc.ctypes.data if len(acc) else None, len(acc),
                     ctypes.addressof(sbuf), len(raw), len(rec.strings), len(names), values.ctypes.data,
                     api_factor.ctypes.data, int(aiv_per_aic), int(aic_base))
    res = ctypes.c_void_p()
    rc = io.run(ctypes.byref(inp), ctypes.byref(res))
    try:
        if rc != 0:
            msg = _read(io.result_buffer, res, RES_ERROR, np.uint8).tobytes().decode(errors="replace")
            raise RuntimeError(msg)
        dtypes = {RES_SUMMARY: np.float64, RES_BLOCKS: np.int32, RES_CORE_END: np.float64, RES_BUSY: np.float64,
                  RES_SLICES: SLICE, RES_FLOWS: FLOW, RES_MARKS: MARK, RES_WAITS: SLICE, RES_SCALAR: INTERVAL,
                  RES_LINES: LINE, RES_BREAKDOWN: np.float64, RES_CONFLICTS: np.float64}
        buffers = {k: _read(io.result_buffer, res, k, d) for k, d in dtypes.items()}
    finally:
        if res.value:
            io.free_result(res)
    return SimResult(rec, buffers)
