"""asc: write Ascend C kernels in Python.

`asc._C` is the native module (nanobind): the `ascendc` MLIR dialect, the IR
builder the front end drives (`asc._C.ir.Builder`, one `create_asc_<Op>`
method per dialect op) and the Ascend C emitter (`asc._C.ir.ir_to_ascendc`).
"""

from . import _C  # noqa: F401  (native module: dialect, builder, emitter)

__all__ = ["_C"]
