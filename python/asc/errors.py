"""Errors asc reports: the front end's to kernel authors, and the tools' one-line errors.

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


class ToolError(Exception):
    """A failure the user can act on: printed as one `[ERROR]` line (and an
    optional `[INFO]` hint), exit code `exit_code`."""

    def __init__(self, message: str, hint: str | None = None, exit_code: int = 1):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.exit_code = exit_code
