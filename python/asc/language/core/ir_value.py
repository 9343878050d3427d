"""Runtime values of a kernel: things that exist only on the device.

`RuntimeValue` wraps an MLIR value handle (defined in constexpr.py, beside
ConstExpr). `PlainValue` is a runtime scalar with Python operators that build
`arith` ops; `GlobalAddress` is a GM pointer (a kernel's array argument). Both
are defined with their arithmetic in semantic.py; this module keeps the names
where the language and pyasc scripts import them.
"""

from .constexpr import RuntimeValue
from .semantic import GlobalAddress, PlainValue

__all__ = ["RuntimeValue", "PlainValue", "GlobalAddress"]
