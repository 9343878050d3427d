"""Host runtime helpers (pyasc's asc.lib.runtime): streams and devices.

The implementation is asc.runtime.stream (the backends use it too); this
module keeps pyasc's names.
"""

from ..runtime.stream import (  # noqa: F401
    Stream, _streams, create_stream, current_stream, device_count, get_device, set_device, synchronize)

__all__ = ["Stream", "set_device", "get_device", "current_stream", "create_stream", "synchronize",
           "device_count"]
