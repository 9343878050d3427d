"""pyasc's name for a kernel compile error: `asc.codegen.errors.CodegenError`.

It is asc's CompileError (asc.errors): the message names the user's Python
line, and pyasc's own texts lead it where pyasc's tests look for them
("AssertionError" for a compile-time assert that fails, "NameError: print
is not defined" for print in kernel code).
"""

from ..errors import CompileError

CodegenError = CompileError

__all__ = ["CodegenError"]
