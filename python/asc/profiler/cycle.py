"""The Python side of the cycle model (cpp/model/src/cycle_model.cpp).

A profiled launch records the Model's instrumentation stream in memory (a C++
Observer per core appending packed records; LaunchConfig.record points at a
RecordIO the runtime fills). `Recording.take` views the records as numpy arrays
where the C++ recording holds them (freed with the last view: recording.Owner);
`simulate` runs the C++ cycle model over them
with the platform's parameters (a flat array of doubles, in the order the
model names in RecordIO.param_names) and returns a `SimResult` whose arrays
are read with numpy. The semantics of the model are described at the top of
cycle_model.cpp; nothing here computes timing.
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Sequence, Union

import numpy as np

from ..runtime.model.recording import (ACCESS, EVENT, FLOW, INTERVAL, KIND_CODE, KINDS, LINE, MARK, MEM_CODE,  # noqa: F401
                                       MEMS, SIZES, SLICE, CycleInput, RecordIO, _read, check_layouts,
                                       upgrade_accesses)
from ..runtime.model.recording import Owner as _Owner, view as _view
from ..runtime.model.recording import Recording as _Recording
from .platform import TimingParams

PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX = 0, 1, 2, 3, 4, 5, 6, 10
PIPE_NAMES = {PIPE_S: "scalar", PIPE_V: "vec", PIPE_M: "cube", PIPE_MTE1: "mte1", PIPE_MTE2: "mte2",
              PIPE_MTE3: "mte3", PIPE_FIX: "fixpipe"}
ALL_PIPES = ("vec", "mte2", "mte3", "scalar", "cube", "mte1", "fixpipe")
_SLOT_PIPES = (PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX)  # kResBusy's column order
# A PIPE_S API event's `event`: whose scalar work it is (abi.h kScalarMatmulStep*); the
# Matmul records one per k step, the cycle model charges each its own parameter.
SCALAR_MATMUL_STEP, SCALAR_MATMUL_STEP_CONSTANT = 1, 2
BREAKDOWN_KEYS = ("compute_cube", "compute_vector", "hbm_read", "hbm_write", "sync_wait", "scalar")

(RES_SUMMARY, RES_BLOCKS, RES_CORE_END, RES_BUSY, RES_SLICES, RES_FLOWS, RES_MARKS, RES_WAITS, RES_SCALAR,
 RES_LINES, RES_BREAKDOWN, RES_ERROR, RES_CONFLICTS) = range(13)

_SIZES = SIZES
_check_layouts = check_layouts
_engine: Optional[RecordIO] = None  # the cycle model's entry points: a recorded launch's, or engine()'s
_engine_lib = None  # the cycle-engine library engine() loaded (kept loaded: _engine points into it)


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


class Recording(_Recording):
    """runtime.model.recording.Recording; taking one from a launch also keeps the launch's
    cycle-model entry points (RecordIO.run, result_buffer), which simulate() calls."""

    @classmethod
    def take(cls, io: RecordIO, free: bool = True) -> "Recording":
        global _engine
        check_layouts(io)
        _engine = RecordIO.from_buffer_copy(io)
        _engine.recording = None
        return super().take(io, free)


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
    owner = _Owner(io.free_result, res.value) if res.value else None  # frees the result after its last view
    if rc != 0:
        msg = _read(io.result_buffer, res, RES_ERROR, np.uint8).tobytes().decode(errors="replace")
        raise RuntimeError(msg)
    dtypes = {RES_SUMMARY: np.float64, RES_BLOCKS: np.int32, RES_CORE_END: np.float64, RES_BUSY: np.float64,
              RES_SLICES: SLICE, RES_FLOWS: FLOW, RES_MARKS: MARK, RES_WAITS: SLICE, RES_SCALAR: INTERVAL,
              RES_LINES: LINE, RES_BREAKDOWN: np.float64, RES_CONFLICTS: np.float64}
    buffers = {k: _view(io.result_buffer, owner, k, d) for k, d in dtypes.items()}
    return SimResult(rec, buffers)
