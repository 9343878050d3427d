"""Errors the front end reports to kernel authors.

A CompileError points at the user's Python source: file:line:col, the line
itself and a caret under the column, the way Python's own SyntaxError does.
"""

from __future__ import annotations

import linecache
from typing import Optional


class CompileError(Exception):
    """A kernel could not be compiled; the message names the user's source line."""

    def __init__(self, message: str, filename: Optional[str] = None, lineno: Optional[int] = None,
                 col: Optional[int] = None, source_line: Optional[str] = None):
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        if source_line is None and filename and lineno:
            source_line = linecache.getline(filename, lineno).rstrip("\n")
        self.source_line = source_line
        super().__init__(self._format())

    def _format(self) -> str:
        if not self.filename:
            return self.message
        col = self.col or 0
        text = f"{self.filename}:{self.lineno}:{col + 1}: error: {self.message}"
        if self.source_line:
            stripped = self.source_line.lstrip()
            indent = len(self.source_line) - len(stripped)
            text += f"\n    {stripped}\n    {' ' * max(col - indent, 0)}^"
        return text


class UnsupportedSyntaxError(CompileError):
    """A Python construct the kernel language does not have."""
