"""A launch's records and the cycle model's results reach Python as numpy views of the
C++ buffers (asc.runtime.model.recording.Owner / view), not copies: the buffer is freed
exactly once, when the last view of it is gone, and two readers of one launch's
recording (the backend's trace and the profiler) share it."""

import ctypes
import gc

import numpy as np

from asc.runtime.model import recording as R


class FakeRecording:
    """A C++ recording as RecordIO hands it out: events, accesses and strings buffers
    behind function pointers, and a free function that counts its calls."""

    def __init__(self, n_events=3):
        self.events = (ctypes.c_char * (n_events * R.EVENT.itemsize))()
        ev = np.frombuffer(self.events, R.EVENT)
        ev["line"] = np.arange(10, 10 + n_events)
        self.accesses = (ctypes.c_char * R.ACCESS.itemsize)()
        self.strings = ctypes.create_string_buffer(b"Add\0add.py\0", 11)
        self.freed = []
        sizes = {0: (self.events, n_events), 1: (self.accesses, 1), 2: (self.strings, 11)}

        def buffer(handle, which, out):
            buf, n = sizes[which]
            out[0] = ctypes.addressof(buf)
            return n

        self.buffer = R._BUF(buffer)
        self.free = R._FREE(lambda handle: self.freed.append(handle))

    def io(self) -> R.RecordIO:
        io = R.RecordIO()
        io.recording = 0x1234
        io.recording_buffer = self.buffer
        io.free_recording = self.free
        io.sizes = R.SIZES
        return io


def test_the_records_are_views_freed_with_the_last_of_them():
    fake = FakeRecording()
    io = fake.io()
    rec = R.Recording.take(io)
    assert io.recording is None  # the RecordIO let go of it
    assert rec.events["line"].tolist() == [10, 11, 12] and rec.strings == ["Add", "add.py"]
    assert not rec.events.flags.owndata  # a view of the C++ buffer, not a copy
    events = rec.events[1:]  # a view of the view keeps it too
    del rec, io
    gc.collect()
    assert fake.freed == []
    assert events["line"].tolist() == [11, 12]
    del events
    gc.collect()
    assert fake.freed == [0x1234]


def test_two_readers_of_one_launch_share_the_recording_and_free_it_once():
    fake = FakeRecording()
    io = fake.io()
    first = R.Recording.take(io, free=False)  # the backend's trace: the profiler reads it after
    assert io.recording == 0x1234
    second = R.Recording.take(io)
    assert second.events["line"].tolist() == first.events["line"].tolist()
    del io, first
    gc.collect()
    assert fake.freed == []
    del second
    gc.collect()
    assert fake.freed == [0x1234]


def test_a_recording_nobody_takes_is_freed_with_its_record_io():
    """A reader that looked without freeing (free=False) and no second reader: the RecordIO's
    owner frees the recording when the RecordIO goes (before: never freed)."""
    fake = FakeRecording()
    io = fake.io()
    R.Recording.take(io, free=False)
    gc.collect()
    assert fake.freed == []
    del io
    gc.collect()
    assert fake.freed == [0x1234]
