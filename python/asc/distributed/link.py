"""The link model: how long a collective takes between the ranks of a distributed launch.

Ring algorithms over point-to-point links, each hop costing a latency plus the
bytes it moves over the link bandwidth (every rank sends one chunk per round,
all rounds in lock step, so a round costs one hop):

| collective | rounds | bytes per round (per link) |
|---|---|---|
| AllReduce (reduce-scatter, then all-gather) | 2 (n - 1) | ceil(count / n) elements |
| AllGather | n - 1 | sendCount elements |
| ReduceScatter | n - 1 | recvCount elements |
| AlltoAll (pairwise, a direct link per pair) | n - 1 | dataCount elements |

time = rounds * (latency_us + bytes_per_round / bandwidth); one rank: 0.

The defaults are named, uncalibrated figures for an 8-card Atlas A2 server
(HCCS full mesh): 56 GB/s per link and direction, 2 us per hop. They are
parameters, not measurements: pass a LinkModel of your own.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("AllReduce", "AllGather", "ReduceScatter", "AlltoAll")

# HcclDataType value -> bytes per element (the .td's HcclDataType order)
DTYPE_BYTES = (1, 2, 4, 2, 4, 8, 8, 1, 2, 4, 8, 2)


@dataclass(frozen=True)
class LinkModel:
    bandwidth_gbps: float = 56.0  # GB/s per link and direction
    latency_us: float = 2.0       # per hop

    def rounds(self, kind: str, n: int) -> int:
        if n <= 1:
            return 0
        return 2 * (n - 1) if kind == "AllReduce" else n - 1

    def chunk_bytes(self, kind: str, count: int, elem_bytes: int, n: int) -> int:
        if kind == "AllReduce":
            return -(-count // n) * elem_bytes
        return count * elem_bytes

    def time_us(self, kind: str, count: int, elem_bytes: int, n: int) -> float:
        """Predicted duration of one collective of `count` elements (the count the API takes)."""
        if kind not in KINDS:
            raise ValueError(f"unknown collective {kind!r} (one of {', '.join(KINDS)})")
        r = self.rounds(kind, n)
        per_round = self.latency_us + self.chunk_bytes(kind, count, elem_bytes, n) / (self.bandwidth_gbps * 1e3)
        return r * per_round
