"""PlatformAscendC: the SoC the host tiling sizes its blocks for (pyasc's asc.lib.host).

`get_ascendc_platform()` is the platform chosen with asc.runtime.config.set_platform;
its memory sizes and core counts come from the platform's target record
(asc.runtime.platforms).
"""

from __future__ import annotations

import enum

from ...runtime import config
from ...runtime.platforms import PlatformSpec, get_platform


class CoreMemType(enum.IntEnum):
    L0_A = 0
    L0_B = 1
    L0_C = 2
    L1 = 3
    L2 = 4
    UB = 5
    HBM = 6
    FB = 7
    BT = 8


class PlatformAscendC:
    """The vendor's platform_ascendc::PlatformAscendC, read from the platform tables."""

    def __init__(self, soc_version: str):
        self.soc_version = soc_version
        self.spec: PlatformSpec = get_platform(soc_version)

    def get_core_num(self) -> int:
        """Vector cores (the vendor's GetCoreNum on a split-core part)."""
        return self.spec.aiv_cores

    def get_core_num_aic(self) -> int:
        return self.spec.aic_cores

    def get_core_num_aiv(self) -> int:
        return self.spec.aiv_cores

    def get_soc_version(self) -> str:
        return self.soc_version

    def get_core_mem_size(self, mem_type: CoreMemType) -> int:
        s = self.spec
        sizes = {CoreMemType.L0_A: s.l0a, CoreMemType.L0_B: s.l0b, CoreMemType.L0_C: s.l0c,
                 CoreMemType.L1: s.l1, CoreMemType.L2: s.l2, CoreMemType.UB: s.ub,
                 CoreMemType.HBM: s.hbm, CoreMemType.FB: s.fb, CoreMemType.BT: s.bt}
        return sizes[CoreMemType(int(mem_type))]

    def get_lib_api_work_space_size(self) -> int:
        """Bytes of system workspace the adv APIs need (16 MiB, as the vendor reserves)."""
        return 16 * 1024 * 1024

    def __repr__(self):
        return f"PlatformAscendC({self.soc_version!r})"


def get_ascendc_platform() -> PlatformAscendC:
    """The platform of asc.runtime.config.set_platform (Ascend910B1 by default)."""
    return PlatformAscendC(config.platform.value)


class PlatformAscendCManager:
    @staticmethod
    def get_instance(soc_version: str = None) -> PlatformAscendC:
        return PlatformAscendC(soc_version or config.platform.value)


__all__ = ["CoreMemType", "PlatformAscendC", "get_ascendc_platform", "PlatformAscendCManager"]
