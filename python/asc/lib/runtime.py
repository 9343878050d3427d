"""Host runtime helpers (pyasc's asc.lib.runtime): streams and devices.

The implementation is asc.runtime.stream (the backends use it too); this
module keeps pyasc's names.
"""

from ..runtime.npu.device_build import CoreType  # noqa: F401  (pyasc's home of the name)
from ..runtime.stream import (  # noqa: F401
    Stream, _streams, create_stream, current_stream, device_count, get_device, set_device, synchronize)

__all__ = ["Stream", "set_device", "get_device", "current_stream", "create_stream", "synchronize",
           "device_count"]


def get_soc_version():
    """The SoC the kernels run on: asc.runtime.config's platform (an enum whose `.value` is
    the name, e.g. "Ascend910B1"), as pyasc's runtime reports the device's."""
    from ..runtime import config
    return config.platform


__all__.append("get_soc_version")

__all__.append("CoreType")
