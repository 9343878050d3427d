"""Streams, the current stream of each device, and the device (pyasc's asc.lib.runtime).

On the Model there is one device and launches complete before they return,
so streams are ordering tokens and synchronize() has nothing to wait for.
When the NPU backend is selected (config.backend is Backend.NPU) they map to
ACL: set_device -> aclrtSetDevice, a Stream owns an aclrtStream (created on
first use), Stream.synchronize -> aclrtSynchronizeStream, synchronize ->
aclrtSynchronizeDevice, device_count -> aclrtGetDeviceCount.

A launch without a stream runs on `current_stream()`: the NPU backend takes it
from here. asc.lib.runtime re-exports these names for pyasc scripts.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

__all__ = ["Stream", "set_device", "get_device", "current_stream", "create_stream", "synchronize",
           "device_count"]


# The selected device, and how to find the NPU backend when it is the selected
# backend (None otherwise). asc.runtime.config owns the backend selection and
# installs the lookup at import: config imports this module, never the reverse,
# so the NPU backend can take its default stream from here without a circle.
_device = 0
selected_npu: Callable[[], Optional[Any]] = lambda: None


def _npu():
    """The NPU backend instance when it is the selected backend, else None."""
    return selected_npu()


class Stream:
    """A launch queue: an aclrtStream on the NPU; on the Model only an ordering token."""

    def __init__(self, device_id: int = 0):
        self.device_id = device_id
        self._acl = None  # the AclRuntime that created _handle
        self._handle = None

    def acl_handle(self, backend) -> int:
        """The aclrtStream of this stream for `backend` (an NPUBackend), created on first use."""
        acl = backend.acl
        if self._handle is None or self._acl is not acl:
            acl.set_device(self.device_id)
            self._handle = acl.create_stream()
            self._acl = acl
            acl.set_device(backend.device_id)
        return self._handle

    def synchronize(self) -> None:
        npu = _npu()
        if npu is not None:
            npu.acl.synchronize_stream(self.acl_handle(npu))

    def __repr__(self):
        return f"<asc Stream on device {self.device_id}>"


_streams: Dict[int, Stream] = {}  # device id -> its current stream (created on first use)


def set_device(device_id: int = 0) -> None:
    global _device
    _device = int(device_id)
    npu = _npu()
    if npu is not None:
        npu.device_id = int(device_id)
        npu.runtime().set_device(int(device_id), force=True)


def get_device() -> int:
    return _device


def current_stream() -> Stream:
    stream = _streams.get(_device)
    if stream is None:
        stream = _streams[_device] = Stream(_device)
    return stream


def create_stream() -> Stream:
    return Stream(_device)


def synchronize() -> None:
    """Waits for every launch on the current device (Model launches are already done)."""
    npu = _npu()
    if npu is not None:
        npu.acl.synchronize_device()
        return
    current_stream().synchronize()


def device_count() -> int:
    npu = _npu()
    if npu is not None and "aclrtGetDeviceCount" in npu.acl.fn:
        return npu.acl.device_count()
    return 1
