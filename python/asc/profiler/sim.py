"""The cycle model: replays the instrumentation stream of one launch (every
core's events, recorded during the functional run) in simulated time.

Semantics of a core (hardware.md "Pipes", "Synchronisation"): the scalar unit
issues every instruction in program order into its pipe's queue, paying an
issue cost; each pipe runs its queue in order; pipes run in parallel.
SetFlag is queued on the source pipe and raises its flag when every earlier
instruction of that pipe is done; WaitFlag blocks the destination pipe's later
work until the flag is up. TQue EnQue/DeQue/FreeTensor/AllocTensor imply the
flags of their position (VECIN: MTE2->V, VECOUT: V->MTE3, ...), keyed by the
buffer. PipeBarrier<PIPE_ALL> and SyncAll stop the scalar unit until the
core's pipes drain (SyncAll: until every core arrives). Cross-core flags are
launch-wide counters.

All cores are simulated together by one discrete-event loop, so shared
resources are shared in simulated time: GM transfers in their data phase split
the HBM bandwidth (and each core's own GM port) among themselves, and an L2
residency tracker decides hits, misses and write-backs in simulated-time
order. The host's thread scheduling never enters: the same stream gives the
same times.

Every cost comes from the platform's parameter file (platform.py).
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict, deque
from typing import Dict, List, Optional, Tuple

from .platform import TimingParams

PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX = 0, 1, 2, 3, 4, 5, 6, 10
PIPE_NAMES = {PIPE_S: "scalar", PIPE_V: "vec", PIPE_M: "cube", PIPE_MTE1: "mte1", PIPE_MTE2: "mte2",
              PIPE_MTE3: "mte3", PIPE_FIX: "fixpipe"}
ALL_PIPES = ("vec", "mte2", "mte3", "scalar", "cube", "mte1", "fixpipe")
_WORK_PIPES = (PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX)

# AscendC::HardEvent, in enum order (cpp/model/include/asc_model/enums.h).
HARD_EVENTS = ("MTE2_MTE1 MTE1_MTE2 MTE1_M M_MTE1 MTE2_V V_MTE2 MTE3_V V_MTE3 M_V V_M V_V MTE3_MTE1 MTE1_MTE3 "
               "MTE1_V MTE2_M M_MTE2 V_MTE1 M_FIX FIX_M MTE3_MTE2 MTE2_MTE3 S_V V_S S_MTE2 MTE2_S S_MTE3 MTE3_S "
               "MTE2_FIX FIX_MTE2 FIX_S M_S FIX_MTE3 MTE1_FIX FIX_MTE1 FIX_FIX").split()
_PIPE_BY_NAME = {"S": PIPE_S, "V": PIPE_V, "M": PIPE_M, "MTE1": PIPE_MTE1, "MTE2": PIPE_MTE2, "MTE3": PIPE_MTE3,
                 "FIX": PIPE_FIX}
# TPosition -> (producer pipe, consumer pipe) of the flags a TQue implies.
_QUEUE_PIPES = {1: (PIPE_MTE2, PIPE_MTE1), 3: (PIPE_MTE2, PIPE_MTE1), 5: (PIPE_MTE2, PIPE_MTE1),
                2: (PIPE_MTE1, PIPE_M), 4: (PIPE_MTE1, PIPE_M), 6: (PIPE_MTE1, PIPE_M),
                7: (PIPE_M, PIPE_FIX), 8: (PIPE_FIX, PIPE_MTE3),
                9: (PIPE_MTE2, PIPE_V), 10: (PIPE_V, PIPE_MTE3)}
CACHE_MODE_DISABLE = 1

# instruction opcodes
OP, DMA, SET, WAIT, DRAIN, SYNCALL, XSET, XWAIT, MARK, SCALAR = range(10)


def hard_event_pipes(ev: int) -> Tuple[int, int]:
    src, dst = HARD_EVENTS[ev].split("_")
    return _PIPE_BY_NAME[src], _PIPE_BY_NAME[dst]


class Transfer:
    __slots__ = ("core", "pipe", "idx", "start", "gm_bytes", "remaining", "cap", "hbm_frac", "eff", "rate",
                 "hbm_read", "hbm_write", "l2_hit", "read", "write", "head_done")


class SimResult:
    """Raw output of the simulator; records.LaunchProfile turns it into the API."""

    def __init__(self):
        self.cycles = 0.0
        self.slices: List[tuple] = []  # (core, pipe, start, end, ev_index)
        self.flows: List[tuple] = []   # (core, set_pipe, set_time, set_idx, wait_pipe, wait_time, wait_idx)
        self.marks: List[tuple] = []   # (core, time, name)
        self.waits: List[tuple] = []   # (core, pipe, since, until, ev_index): a WaitFlag blocking its pipe
        self.core_end: Dict[int, float] = {}
        self.busy: Dict[int, Dict[int, float]] = {}
        self.scalar_intervals: Dict[int, List[list]] = {}
        self.hbm_read_bytes = 0.0
        self.hbm_write_bytes = 0.0
        self.gm_read_bytes = 0
        self.gm_write_bytes = 0
        self.l2_hit_bytes = 0.0
        self.peak_hbm_bytes_per_cycle = 0.0
        self.instructions = 0


class Simulator:
    def __init__(self, events: List[dict], params: TimingParams):
        self.p = params
        self.events = events
        by_block: Dict[int, List[int]] = {}
        for i, e in enumerate(events):
            by_block.setdefault(e["block"], []).append(i)
        self.blocks = sorted(by_block)
        self.progs = {b: self._compile(b, by_block[b]) for b in self.blocks}

    # ------------------------------------------------------------ programs
    def _vec_cycles(self, e) -> float:
        p = self.p
        elems = e["elems"]
        w = [a for a in e["accesses"] if a["write"]]
        esize = 0
        if elems and w:
            esize = max(1, round(sum(a["bytes"] for a in w) / elems)) if len(w) == 1 else \
                max(1, min(8, round(sum(a["bytes"] for a in w) / elems)))
        nbytes = elems * (esize or 2)
        if not elems:  # no element count: charge by the bytes touched
            nbytes = max((a["bytes"] for a in e["accesses"]), default=0)
        repeats = math.ceil(nbytes / p.vec_bytes_per_repeat)
        factor = p.vec_api_repeat_factor.get(e["api"], 1.0)
        return p.vec_fixed_cycles + repeats * p.vec_repeat_cycles * factor

    def _cube_cycles(self, e) -> float:
        p = self.p
        acc = e["accesses"]
        a = sum(x["bytes"] for x in acc if x["mem"] == "L0A")
        b = sum(x["bytes"] for x in acc if x["mem"] == "L0B")
        c = sum(x["bytes"] for x in acc if x["mem"] == "L0C" and x["write"])
        if a and b and c:
            mn = c / 4.0  # L0C elements (fp32 / int32)
            k_bytes = math.sqrt(a * b / mn)  # K (padded) x element size
            return p.cube_fixed_cycles + (mn / 256.0) * (k_bytes / p.cube_k_bytes_per_cycle)
        return p.cube_fixed_cycles + e["elems"] / (16 * 16 * 16)

    def _compile(self, block: int, idxs: List[int]):
        """Program of one core: (opcode, pipe, arg, event index)."""
        p = self.p
        prog = []
        freed = set()
        for i in idxs:
            e = self.events[i]
            kind, pipe = e["kind"], e["pipe"]
            if kind == "api":
                gm = [a for a in e["accesses"] if a["mem"] == "GM"]
                if pipe == PIPE_S or pipe == PIPE_ALL:
                    prog.append((SCALAR, PIPE_S, p.scalar_api_cycles, i))
                elif gm:
                    prog.append((DMA, pipe, gm, i))
                elif pipe == PIPE_V:
                    prog.append((OP, pipe, self._vec_cycles(e), i))
                elif pipe == PIPE_M:
                    prog.append((OP, pipe, self._cube_cycles(e), i))
                elif pipe == PIPE_MTE1:
                    dst = [a for a in e["accesses"] if a["write"]]
                    rate = p.mte1_l0b_bytes_per_cycle if dst and dst[0]["mem"] == "L0B" else p.mte1_l0a_bytes_per_cycle
                    prog.append((OP, pipe, p.mte1_fixed_cycles + e["bytes"] / 2 / rate, i))
                elif pipe in (PIPE_MTE2, PIPE_MTE3, PIPE_FIX):
                    nbytes = sum(a["bytes"] for a in e["accesses"] if a["write"]) or e["bytes"]
                    rate = p.fixpipe_bytes_per_cycle if pipe == PIPE_FIX else p.local_copy_bytes_per_cycle
                    prog.append((OP, pipe, p.mte1_fixed_cycles + nbytes / rate, i))
                else:
                    prog.append((SCALAR, PIPE_S, p.scalar_api_cycles, i))
            elif kind in ("set_flag", "wait_flag"):
                src, dst = hard_event_pipes(e["event"])
                key = ("f", e["event"], e["id"])
                prog.append((SET, src, key, i) if kind == "set_flag" else (WAIT, dst, key, i))
            elif kind == "barrier":
                if pipe == PIPE_ALL or e["api"] != "PipeBarrier":
                    prog.append((DRAIN, PIPE_S, None, i))
                else:  # pipes run in order: a barrier on one pipe only costs its issue
                    prog.append((SCALAR, PIPE_S, p.sync_api_cycles, i))
            elif kind in ("enque", "deque", "alloc", "free"):
                pipes = _QUEUE_PIPES.get(e["event"])
                buf = e["accesses"][0]["offset"] if e["accesses"] else e["id"]
                prog.append((SCALAR, PIPE_S, p.queue_api_cycles, i))
                if pipes is None:
                    continue
                prod, cons = pipes
                if kind == "enque":
                    prog.append((SET, prod, ("q", e["event"], buf), i))
                elif kind == "deque":
                    prog.append((WAIT, cons, ("q", e["event"], buf), i))
                elif kind == "free":
                    prog.append((SET, cons, ("r", e["event"], buf), i))
                    freed.add((e["event"], buf))
                elif (e["event"], buf) in freed:
                    freed.discard((e["event"], buf))
                    prog.append((WAIT, prod, ("r", e["event"], buf), i))
            elif kind == "sync_all":
                prog.append((SYNCALL, PIPE_S, None, i))
            elif kind == "cross_set":
                key = ("ib", block, e["id"]) if e["api"] == "IBSet" else ("x", e["event"], e["id"])
                prog.append((XSET, pipe if pipe in PIPE_NAMES else PIPE_S, key, i))
            elif kind == "cross_wait":
                key = ("ib", e["event"], e["id"]) if e["api"] == "IBWait" else ("x", e["event"], e["id"])
                prog.append((XWAIT, pipe if pipe in PIPE_NAMES else PIPE_S, key, i))
            elif kind in ("prof_start", "prof_stop"):
                prog.append((MARK, PIPE_S, kind, i))
            else:  # print and anything new: scalar work
                prog.append((SCALAR, PIPE_S, p.scalar_api_cycles, i))
        return prog

    # ------------------------------------------------------------ L2 + HBM
    def _l2_split(self, tr: Transfer, gm: List[dict], mode: int):
        """Hits, misses and write-backs of one transfer, in simulated-time order."""
        p = self.p
        g = p.l2_granule_bytes
        lru = self.l2
        hit = miss = wb = 0.0
        wr_l2 = wr_hbm = 0.0
        for a in gm:
            first, last = a["offset"] // g, (a["offset"] + a["bytes"] - 1) // g
            n = last - first + 1
            per = a["bytes"] / n
            for k in range(first, last + 1):
                key = (a["region"], k)
                if a["write"]:
                    if mode == CACHE_MODE_DISABLE:
                        wr_hbm += per
                        lru.pop(key, None)
                    else:
                        wr_l2 += per
                        lru[key] = True
                        lru.move_to_end(key)
                else:
                    if key in lru:
                        hit += per
                        lru.move_to_end(key)
                    else:
                        miss += per
                        if mode != CACHE_MODE_DISABLE:
                            lru[key] = False
            while len(lru) > self.l2_granules:
                _, dirty = lru.popitem(last=False)
                if dirty:
                    wb += g
        tr.hbm_read, tr.hbm_write, tr.l2_hit = miss, wr_hbm + wb, hit
        # time at full speed of the core's port, per part
        t = miss / p.core_gm_read_bytes_per_cycle + hit / p.core_l2_read_bytes_per_cycle + \
            wr_l2 / p.core_l2_write_bytes_per_cycle + wr_hbm / p.core_gm_read_bytes_per_cycle
        total = hit + miss + wr_l2 + wr_hbm
        tr.cap = total / t if t > 0 else p.core_l2_read_bytes_per_cycle
        tr.hbm_frac = (miss + wr_hbm + wb) / total if total else 0.0

    def _efficiency(self, gm: List[dict]) -> float:
        p = self.p
        n = len(gm)
        nbytes = sum(a["bytes"] for a in gm)
        burst = nbytes / n
        eff = burst / (burst + p.burst_overhead_bytes)
        mis = sum(a["bytes"] for a in gm if a["offset"] % p.gm_align_bytes)
        if mis:
            eff *= 1.0 - (1.0 - p.misaligned_gm_efficiency) * mis / nbytes
        return eff

    def _set_rates(self):
        p = self.p
        per_core: Dict[int, int] = {}
        for t in self.active:
            per_core[t.core] = per_core.get(t.core, 0) + 1
        hbm = l2 = 0.0
        for t in self.active:
            t.rate = t.cap * t.eff / per_core[t.core]
            hbm += t.rate * t.hbm_frac / t.eff
            l2 += t.rate
        s = 1.0
        if hbm > self.hbm_bpc:
            s = self.hbm_bpc / hbm
        if l2 * s > self.l2_bpc:
            s = self.l2_bpc / l2
        if s < 1.0:
            for t in self.active:
                t.rate *= s
        self.hbm_rate = hbm * s
        self.res.peak_hbm_bytes_per_cycle = max(self.res.peak_hbm_bytes_per_cycle, self.hbm_rate)

    # ------------------------------------------------------------ run
    def run(self) -> SimResult:
        p = self.p
        clock_hz = p.clock_ghz * 1e9
        self.hbm_bpc = p.hbm_bytes_per_s / clock_hz
        self.l2_bpc = p.l2_bytes_per_s / clock_hz
        self.l2 = OrderedDict()
        self.l2_granules = max(1, int(p.l2_bytes // p.l2_granule_bytes))
        self.active: List[Transfer] = []
        self.hbm_rate = 0.0
        res = self.res = SimResult()
        blocks = self.blocks
        nblocks = len(blocks)
        self.heap: list = []
        self.seq = 0
        st = {}
        for b in blocks:
            st[b] = {"pc": 0, "scalar": 0.0, "queues": {q: deque() for q in _WORK_PIPES},
                     "busy": {q: 0.0 for q in _WORK_PIPES}, "dma": {q: [] for q in _WORK_PIPES},
                     "tokens": {}, "wsince": {}, "sync_n": 0, "waiting_sync": False, "wake": {}}
            res.busy[b] = {q: 0.0 for q in PIPE_NAMES}
            res.scalar_intervals[b] = []
        self.st = st
        self.xcount: Dict[tuple, int] = {}
        self.sync_arrivals: Dict[int, Dict[int, float]] = {}
        now = 0.0
        dirty = set(blocks)
        while True:
            # settle: run every dirty core's scalar unit and pipes until nothing moves
            while dirty:
                for b in sorted(dirty):
                    dirty.discard(b)
                    moved = self._step_core(b, now, dirty)
                    if moved:
                        dirty.add(b)
            if self.active:
                self._set_rates()
            t_dma = min((now + t.remaining / t.rate for t in self.active), default=math.inf)
            t_heap = self.heap[0][0] if self.heap else math.inf
            t = min(t_dma, t_heap)
            if t == math.inf:
                break
            dt = t - now
            for tr in self.active:
                tr.remaining -= tr.rate * dt
            now = t
            done = [tr for tr in self.active if tr.remaining <= 1e-6 * max(1.0, tr.gm_bytes)]
            if done:
                self.active = [tr for tr in self.active if tr not in done]
                for tr in done:
                    s = st[tr.core]
                    fl = s["dma"][tr.pipe]
                    fl.remove(tr)
                    s["busy"][tr.pipe] = now
                    start = max(tr.start, s.setdefault("last_end", {}).get(tr.pipe, 0.0))
                    s["last_end"][tr.pipe] = now
                    res.slices.append((tr.core, tr.pipe, start, now, tr.idx))
                    res.busy[tr.core][tr.pipe] += now - start
                    if fl and fl[0].head_done:  # the next transfer's head is over: its data may flow
                        self.active.append(fl[0])
                    dirty.add(tr.core)
            while self.heap and self.heap[0][0] <= now:
                _, _, kind, b, payload = heapq.heappop(self.heap)
                if kind == "head":
                    payload.head_done = True
                    if st[b]["dma"][payload.pipe][0] is payload:
                        self.active.append(payload)
                dirty.add(b)
        # every core must have finished its program and its pipes
        for b in blocks:
            s = st[b]
            if s["pc"] < len(self.progs[b]) or any(s["queues"][q] for q in _WORK_PIPES):
                i = self.progs[b][min(s["pc"], len(self.progs[b]) - 1)][3]
                e = self.events[i]
                raise RuntimeError(f"cycle model: block {b} cannot proceed at {e['file']}:{e['line']} "
                                   f"({e['api']}); the stream's synchronisation has no schedule")
            end = max([s["scalar"]] + [s["busy"][q] for q in _WORK_PIPES])
            res.core_end[b] = end
            res.busy[b][PIPE_S] = sum(y - x for x, y in res.scalar_intervals[b])
        res.cycles = max(res.core_end.values(), default=0.0)
        res.instructions = sum(len(v) for v in self.progs.values())
        return res

    def _push(self, t, kind, b, payload=None):
        self.seq += 1
        heapq.heappush(self.heap, (t, self.seq, kind, b, payload))

    def _wake(self, s, b, t):
        if s["wake"].get(t) is None:
            s["wake"][t] = True
            self._push(t, "wake", b)

    def _scalar_busy(self, b, start, cycles):
        iv = self.res.scalar_intervals[b]
        if iv and iv[-1][1] >= start:
            iv[-1][1] = start + cycles
        else:
            iv.append([start, start + cycles])

    def _drained(self, s, now) -> bool:
        return all(not s["queues"][q] and not s["dma"][q] and s["busy"][q] <= now for q in _WORK_PIPES)

    def _step_core(self, b, now, dirty) -> bool:
        p = self.p
        s = self.st[b]
        prog = self.progs[b]
        moved = False
        # scalar unit: issue in program order until something blocks it
        while s["pc"] < len(prog):
            op, pipe, arg, i = prog[s["pc"]]
            if op == SCALAR:
                self._scalar_busy(b, s["scalar"], arg)
                self.res.slices.append((b, PIPE_S, s["scalar"], s["scalar"] + arg, i))
                s["scalar"] += arg
            elif op == MARK:
                self.res.marks.append((b, s["scalar"], arg))
            elif op == DRAIN or op == SYNCALL:
                if not self._drained(s, now):
                    break
                if s["scalar"] < now:
                    s["scalar"] = now
                if op == SYNCALL:
                    k = s["sync_n"]
                    arr = self.sync_arrivals.setdefault(k, {})
                    if b not in arr:
                        arr[b] = s["scalar"]
                        if len(arr) == len(self.blocks):
                            release = max(arr.values()) + p.syncall_cycles
                            for c in self.blocks:
                                self._push(release, "wake", c)
                            arr["release"] = release
                    rel = arr.get("release")
                    if rel is None or rel > now:
                        break
                    s["sync_n"] += 1
                    s["scalar"] = max(s["scalar"], rel)
                else:
                    self._scalar_busy(b, s["scalar"], p.sync_api_cycles)
                    s["scalar"] += p.sync_api_cycles
            elif pipe == PIPE_S and op == WAIT:
                toks = s["tokens"].get(arg)
                if not toks:
                    break
                t_tok = toks[0][0]
                if t_tok > now:
                    self._wake(s, b, t_tok)
                    break
                set_t, set_pipe, set_i = toks.popleft()
                if set_t > s["scalar"]:
                    self.res.waits.append((b, PIPE_S, s["scalar"], set_t, i))
                s["scalar"] = max(s["scalar"], set_t)
                self.res.flows.append((b, set_pipe, set_t, set_i, PIPE_S, s["scalar"], i))
            elif pipe == PIPE_S and op == SET:
                s["tokens"].setdefault(arg, deque()).append((s["scalar"], PIPE_S, i))
                self._scalar_busy(b, s["scalar"], p.sync_api_cycles)
                s["scalar"] += p.sync_api_cycles
            elif pipe == PIPE_S and op in (XSET, XWAIT):
                if op == XSET:
                    self.xcount[arg] = self.xcount.get(arg, 0) + 1
                    dirty.update(self.blocks)
                elif self.xcount.get(arg, 0) > 0:
                    self.xcount[arg] -= 1
                else:
                    break
            else:
                cost = p.sync_api_cycles if op in (SET, WAIT) else p.scalar_issue_cycles
                self._scalar_busy(b, s["scalar"], cost)
                s["scalar"] += cost
                s["queues"][pipe].append((s["scalar"], op, arg, i))
            s["pc"] += 1
            moved = True
        # pipes: each runs its queue in order
        for q in _WORK_PIPES:
            queue = s["queues"][q]
            inflight = s["dma"][q]
            while queue and s["busy"][q] <= now:
                t_issue, op, arg, i = queue[0]
                if t_issue > now:
                    self._wake(s, b, t_issue)
                    break
                if inflight and op != WAIT:
                    # a transfer's head latency overlaps the data of the transfers before it, up to
                    # mte_outstanding_transfers in flight; anything else waits for the pipe to drain
                    if op != DMA or len(inflight) >= p.mte_outstanding_transfers or not inflight[-1].head_done:
                        break
                if op == SET:
                    s["tokens"].setdefault(arg, deque()).append((now, q, i))
                elif op == WAIT:
                    toks = s["tokens"].get(arg)
                    if not toks or toks[0][0] > now:
                        s["wsince"].setdefault(q, now)
                        if toks:
                            self._wake(s, b, toks[0][0])
                        break
                    since = s["wsince"].pop(q, now)
                    if now > since:
                        self.res.waits.append((b, q, since, now, i))
                    set_t, set_pipe, set_i = toks.popleft()
                    self.res.flows.append((b, set_pipe, set_t, set_i, q, now, i))
                elif op == OP:
                    s["busy"][q] = now + arg
                    self.res.slices.append((b, q, now, now + arg, i))
                    self.res.busy[b][q] += arg
                    self._push(now + arg, "wake", b)
                elif op == DMA:
                    self._start_dma(b, q, arg, i, now)
                elif op == XSET:
                    self.xcount[arg] = self.xcount.get(arg, 0) + 1
                    dirty.update(self.blocks)
                elif op == XWAIT:
                    if self.xcount.get(arg, 0) <= 0:
                        break
                    self.xcount[arg] -= 1
                queue.popleft()
                moved = True
        return moved

    def _start_dma(self, b, q, gm, i, now):
        p = self.p
        e = self.events[i]
        tr = Transfer()
        tr.core, tr.pipe, tr.idx, tr.start = b, q, i, now
        tr.read = sum(a["bytes"] for a in gm if not a["write"])
        tr.write = sum(a["bytes"] for a in gm if a["write"])
        tr.gm_bytes = tr.read + tr.write
        tr.remaining = float(tr.gm_bytes)
        tr.eff = self._efficiency(gm)
        mode = e["event"] if e["event"] > 0 else 0
        self._l2_split(tr, gm, mode)
        tr.rate = 0.0
        res = self.res
        res.gm_read_bytes += tr.read
        res.gm_write_bytes += tr.write
        res.hbm_read_bytes += tr.hbm_read
        res.hbm_write_bytes += tr.hbm_write
        res.l2_hit_bytes += tr.l2_hit
        tr.head_done = False
        self.st[b]["dma"][q].append(tr)
        self._push(now + p.gm_head_cycles, "head", b, tr)


def simulate(events: List[dict], params: TimingParams) -> SimResult:
    return Simulator(events, params).run()
