"""Host runtime helpers (pyasc's asc.lib.runtime), working without CANN.

On the Model there is one device and launches complete before they return,
so streams are ordering tokens and synchronize() has nothing to wait for;
with the NPU backend these map to the ACL runtime.
"""

from __future__ import annotations

from ..runtime import config


class Stream:
    """A launch queue. Model launches are synchronous, so a stream only orders them."""

    def __init__(self, device_id: int = 0):
        self.device_id = device_id

    def synchronize(self) -> None:
        pass

    def __repr__(self):
        return f"<asc Stream on device {self.device_id}>"


_streams = {}


def set_device(device_id: int = 0) -> None:
    config.device_id = int(device_id)


def get_device() -> int:
    return config.device_id


def current_stream() -> Stream:
    stream = _streams.get(config.device_id)
    if stream is None:
        stream = _streams[config.device_id] = Stream(config.device_id)
    return stream


def create_stream() -> Stream:
    return Stream(config.device_id)


def synchronize() -> None:
    """Waits for every launch on the current device (Model launches are already done)."""
    current_stream().synchronize()


def device_count() -> int:
    return 1
