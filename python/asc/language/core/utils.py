"""pyasc's `asc.language.core.utils`: the IR builder singleton its codegen tests read.

pyasc's FileCheck harness compiles a kernel and prints
`global_builder.get_ir_module()`, the module of the last kernel traced in
this process (as emitted; as traced, before the compile passes, while the
compile step is patched out as pyasc's harness does); `get_ir_builder()`
is the builder of the kernel being traced (None outside one), and
`require_jit` guards functions meant for kernel code only.
"""

from __future__ import annotations

import functools
from typing import Any, Optional

from . import context


class _GlobalBuilder:
    def __init__(self):
        self.last_module: Any = None  # set by the codegen layer when a kernel is traced
        # The launch layer sets this while a test has patched the compile step out (pyasc's
        # FileCheck harness): the module is then kept as traced, before the compile passes.
        self.keep_traced = False

    def get_ir_module(self) -> Any:
        if self.last_module is None:
            raise RuntimeError("no kernel has been compiled in this process yet")
        return self.last_module

    def get_ir_builder(self) -> Optional[Any]:
        return context.builder() if context.in_kernel() else None


global_builder = _GlobalBuilder()


def require_jit(fn):
    """Decorator: `fn` may only be called while a kernel is traced."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if not context.in_kernel():
            raise RuntimeError(f"{fn.__name__} can only be called in a JIT function")
        return fn(*args, **kwargs)
    return call
