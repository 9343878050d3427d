"""Reading a small file in four system calls.

Python's `open(path, "rb").read()` (and Path.read_bytes) makes ten: openat, two fstats,
an ioctl asking whether it is a terminal, two lseeks, the read, a read of the end, and
the close. A new process reads a handful of small files before its first cached launch
(the install's RECORD, the cache entry, stamps and checksums, the platform record), and
on a VM each system call costs microseconds.
"""

from __future__ import annotations

import os

_CHUNK = 1 << 16
_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)


def read_bytes(path) -> bytes:
    """The whole content of `path` (open, read until the end, close). Raises OSError as open() does."""
    fd = os.open(path, _FLAGS)
    try:
        return read_fd(fd)
    finally:
        os.close(fd)


def read_fd(fd: int) -> bytes:
    """What is left of an open file, to its end (the caller closes it)."""
    data = os.read(fd, _CHUNK)
    if not data:
        return data
    chunks = [data]
    while True:  # (to the end: a short read is not taken for it)
        data = os.read(fd, _CHUNK)
        if not data:
            break
        chunks.append(data)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)
