"""The Model's instrumentation stream as it crosses to Python: the packed record
layouts of asc_model/abi.h (EventRec, AccessRec and the cycle model's result
records; tests/model/test_abi.py checks every field against the header), the
RecordIO a launch fills (LaunchConfig.record), and `Recording`, one launch's
stream as numpy arrays.

This is the one format of the stream: the profiler simulates a Recording,
`ModelBackend(trace=True)` hands its events to tests as dicts, and an Ascend C
program's spool (asc.cprog) stores the same records. It lives in the runtime
layer so that the backend can read a recording without the profiler.
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Sequence

import numpy as np

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


SIZES = EVENT.itemsize | ACCESS.itemsize << 16 | SLICE.itemsize << 32 | FLOW.itemsize << 48

def check_layouts(io: RecordIO) -> None:
    """The runtime's record sizes (RecordIO.sizes) are this module's: one build, one layout."""
    if io.sizes != SIZES:
        raise RuntimeError(f"cycle model: record layouts differ between the Model's runtime and "
                           f"asc.profiler.cycle ({io.sizes:#x} vs {SIZES:#x})")


def _buffer(fn, handle, which, dtype):
    """Buffer `which` of a C++ recording or result as a ctypes array over its memory (None: empty)."""
    ptr = ctypes.c_void_p()
    n = fn(handle, which, ctypes.byref(ptr))
    return (ctypes.c_char * (n * np.dtype(dtype).itemsize)).from_address(ptr.value) if n else None


def _read(fn, handle, which, dtype) -> np.ndarray:
    """A copy of buffer `which` of a C++ recording or result."""
    raw = _buffer(fn, handle, which, dtype)
    return np.empty(0, dtype) if raw is None else np.frombuffer(raw, dtype).copy()


class Owner:
    """A C++ recording or cycle-model result, freed (by `free`) when the last numpy view
    of its buffers is gone: the records are taken without a copy (a 16M-element add's
    ~8 MB of records and results took ~3 ms a profiled launch to copy, a tenth of it)."""

    __slots__ = ("_free", "handle")

    def __init__(self, free, handle: int):
        self._free, self.handle = free, handle

    def __del__(self):
        handle, self.handle = self.handle, None
        if handle:
            self._free(handle)


def view(fn, owner: Owner, which, dtype) -> np.ndarray:
    """Buffer `which` of the owner's C++ object as a numpy array over its memory (writable,
    as a copy was); the array holds the owner, which frees the memory after the last view."""
    raw = _buffer(fn, owner.handle, which, dtype)
    if raw is None:
        return np.empty(0, dtype)
    raw._owner = owner  # (the array's base is `raw`)
    return np.frombuffer(raw, dtype)


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
    def take(cls, io: RecordIO, free: bool = True) -> "Recording":
        """The launch's records in `io`, viewed where the C++ recording holds them; `free`:
        `io` lets go of it (the views keep it until they are gone), else another reader
        (the profiler's launch hook) takes it from `io` afterwards and shares it."""
        check_layouts(io)
        rec = io.recording
        if not rec:
            raise RuntimeError("cycle model: the launch recorded no stream")
        owner = getattr(io, "_owner", None)
        if owner is None or owner.handle != rec:
            owner = io._owner = Owner(io.free_recording, rec)
        try:
            events = view(io.recording_buffer, owner, 0, EVENT)
            accesses = view(io.recording_buffer, owner, 1, ACCESS)
            raw = view(io.recording_buffer, owner, 2, np.uint8).tobytes()
        finally:
            if free:
                io.recording = None
                io._owner = None
        strings = raw.decode("utf-8", errors="replace").split("\0")[:-1] if raw else []
        return cls(events, accesses, strings)

    @classmethod
    def from_dicts(cls, dicts: Sequence[dict]) -> "Recording":
        """Packs events in the shape of dicts() (e.g. a reordered stream)."""
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
        """The events as dicts (block, kind, api, pipe, file, line, elems, bytes, event, id,
        accesses), built once, on demand."""
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
