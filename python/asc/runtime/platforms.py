"""Platform specifications: per-core memory sizes, core counts, clock.

Values from docs/hardware.md. Where hardware.md gives no number for a platform
(B2C, B4, B4-1 and the Ascend910_93xx parts), the 910B1/B2 values are reused;
every such entry is marked `assumed=True` so tools can say so.
"""

from __future__ import annotations

import dataclasses
from typing import Dict

KiB = 1024

# Memory order shared with cpp/model/include/asc_model/platform.h (enum Mem).
MEMORIES = ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB")


@dataclasses.dataclass(frozen=True)
class PlatformSpec:
    name: str
    ub: int = 192 * KiB
    l1: int = 512 * KiB
    l0a: int = 64 * KiB
    l0b: int = 64 * KiB
    l0c: int = 128 * KiB
    bt: int = 1 * KiB  # bias table
    fb: int = 7 * KiB  # fixpipe buffer
    aiv_cores: int = 48
    aic_cores: int = 24
    clock_ghz: float = 1.8
    # Start alignment in bytes per memory (hardware.md "Alignment").
    align_ub: int = 32
    align_l1: int = 32
    align_l0a: int = 512
    align_l0b: int = 512
    align_l0c: int = 64
    align_bt: int = 64
    align_fb: int = 64
    assumed: bool = False  # True: figures copied from 910B1/B2, not published for this part

    def mem_sizes(self):
        """Bytes per memory in MEMORIES order (GM is unbounded: 0)."""
        return (0, self.ub, self.l1, self.l0a, self.l0b, self.l0c, self.bt, self.fb)

    def mem_aligns(self):
        return (1, self.align_ub, self.align_l1, self.align_l0a, self.align_l0b, self.align_l0c,
                self.align_bt, self.align_fb)


def _b(name: str, **kw) -> PlatformSpec:
    return PlatformSpec(name=name, **kw)


PLATFORMS: Dict[str, PlatformSpec] = {
    "Ascend910B1": _b("Ascend910B1", clock_ghz=1.85),
    "Ascend910B2": _b("Ascend910B2", clock_ghz=1.8),
    "Ascend910B2C": _b("Ascend910B2C", assumed=True),
    "Ascend910B3": _b("Ascend910B3", aiv_cores=40, aic_cores=20, assumed=True),  # clock not published
    "Ascend910B4": _b("Ascend910B4", assumed=True),
    "Ascend910B4_1": _b("Ascend910B4_1", assumed=True),
    "Ascend910_9362": _b("Ascend910_9362", assumed=True),
    "Ascend910_9372": _b("Ascend910_9372", assumed=True),
    "Ascend910_9381": _b("Ascend910_9381", assumed=True),
    "Ascend910_9382": _b("Ascend910_9382", assumed=True),
    "Ascend910_9391": _b("Ascend910_9391", assumed=True),
    "Ascend910_9392": _b("Ascend910_9392", assumed=True),
}

DEFAULT_PLATFORM = "Ascend910B1"


def get_platform(name: str = DEFAULT_PLATFORM) -> PlatformSpec:
    key = name.replace("-", "_")
    try:
        return PLATFORMS[key]
    except KeyError:
        raise ValueError(f"unknown platform {name!r}; known: {', '.join(PLATFORMS)}") from None
