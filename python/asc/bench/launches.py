"""One collected launch of a benchmark side, as the tool keeps it (and as the
side's runner writes it to JSON for the tool to read back)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import List, Optional, Tuple

from .work import Work


@dataclass
class Launch:
    kernel: str                      # the @asc.jit function's name
    core_num: int
    arrays: List[dict]               # array arguments in order: {"name", "shape", "dtype"}
    platform: str
    backend: str                     # "model" or "npu"
    time_us: Optional[float] = None  # the timed Model's prediction (one run is exact)
    samples_us: List[float] = field(default_factory=list)  # wall-clock samples (--measure wall)
    work: Optional[Work] = None      # counted from the instrumentation stream
    compute: bool = True             # False: timed in timing-only mode
    profile: dict = field(default_factory=dict)  # what the advice needs (breakdown, pipes, lines)
    operator: Optional[str] = None   # set by a named baseline: the operator it stands for
    shape: Optional[str] = None      # the operator's shape label (e.g. 1024x1024x1024)

    # -- identity -----------------------------------------------------------------
    def signature(self) -> Tuple:
        """What the launch computed on: the shapes and dtypes of its array arguments."""
        return tuple((tuple(a["shape"]), a["dtype"]) for a in self.arrays)

    def shape_label(self) -> str:
        if self.shape:
            return self.shape
        shapes = []
        for a in self.arrays:
            s = "x".join(str(d) for d in a["shape"]) or "scalar"
            if s not in shapes:
                shapes.append(s)
        return ", ".join(shapes) or "no arrays"

    def dtype_label(self) -> str:
        seen = []
        for a in self.arrays:
            if a["dtype"] not in seen:
                seen.append(a["dtype"])
        return "/".join(seen) or "-"

    def itemsize(self) -> int:
        """The operand size the peaks are taken for: the smallest array element."""
        import numpy as np

        sizes = [np.dtype(a["dtype"]).itemsize for a in self.arrays if a["dtype"] != "object"]
        return min(sizes) if sizes else 2

    def name(self) -> str:
        return self.operator or self.kernel

    # -- JSON ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        d = asdict(self)
        d["work"] = None if self.work is None else self.work.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Launch":
        d = dict(d)
        d["work"] = Work.from_dict(d.get("work"))
        return cls(**d)
