"""adv tiling structs: asc.adv.SoftmaxTiling (AscendC SoftMaxTiling) and asc.adv.RmsNormTiling.

Their fields come from the dialect (AscendCAdvStructs.td) like every other
parameter struct; built in a kernel by keyword or position, or from a host
tiling of asc.lib.host (`asc.adv.SoftmaxTiling(*host_tiling)`: the host
objects iterate over their fields in this order).
"""

from ..core import dtype as dt
from ..core.types import RmsNormTiling, SoftMaxTiling

SoftmaxTiling = SoftMaxTiling  # pyasc's spelling
# The one float field: a by-value kernel parameter reads it as float (core/kernel_struct.py).
RmsNormTiling._field_dtypes = {"reciprocal_of_h_length": dt.float32}

__all__ = ["SoftmaxTiling", "RmsNormTiling"]
