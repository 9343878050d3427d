"""asc.lib.host: the host-side tiling API (pyasc binds CANN's closed library here; asc
implements it in the open). The matmul tutorials' flow:

    tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    ...; tiling.set_dim(cores); tiling.set_shape(m, n, k); tiling.set_org_shape(m, n, k)
    t = asc.adv.TCubeTiling(); tiling.get_tiling(t)      # 0, or -1 when nothing fits
    kernel[t.used_core_num](a, b, c, t, workspace)

The algorithm is described in docs/host-tiling.md.
"""

from .enums import *  # noqa: F401,F403
from .enums import __all__ as _enums
from .matmul_tiling import BatchMatmulTiling, MatmulApiTiling, MatmulConfigParams, MultiCoreMatmulTiling
from .platform import CoreMemType, PlatformAscendC, PlatformAscendCManager, get_ascendc_platform
from .softmax_tiling import *  # noqa: F401,F403  (softmax / rmsnorm tiling)
from .softmax_tiling import __all__ as _norm_tiling

__all__ = list(_enums) + ["MatmulApiTiling", "MultiCoreMatmulTiling", "BatchMatmulTiling", "MatmulConfigParams",
                          "CoreMemType", "PlatformAscendC", "PlatformAscendCManager", "get_ascendc_platform"] + list(_norm_tiling)
