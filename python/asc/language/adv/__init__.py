"""asc.adv: the high-level (advanced) Ascend C APIs, pyasc's `asc.adv` namespace.

This package holds the kernel-side functions of adv/math, adv/activation,
adv/normalization, adv/quantization, adv/sort and the tiling structs they take;
`asc.adv` (python/asc/adv) re-exports them.
"""

from .activation import softmax
from .math import (acos, acosh, asin, asinh, atan, atanh, axpy, ceil, cos, cosh, digamma, erf, erfc, exp,
                   floor, frac, lgamma, log, math_op_impl, power, round, sign, sin, sinh, tan, tanh, trunc, xor)
from .normalization import rmsnorm
from .quantization import QuantConfig, quant
from .sort import concat, extract
from .tiling import RmsNormTiling, SoftmaxTiling

__all__ = ["softmax", "math_op_impl", "acos", "acosh", "asin", "asinh", "atan", "atanh", "axpy", "ceil", "cos", "cosh",
           "digamma", "erf", "erfc", "exp", "floor", "frac", "lgamma", "log", "power", "round", "sign",
           "sin", "sinh", "tan", "tanh", "trunc", "xor", "rmsnorm", "QuantConfig", "quant", "concat",
           "extract", "RmsNormTiling", "SoftmaxTiling"]

# Matmul (adv/matmul, adv/types, the tiling structs of the cube): a module pair of its own.
from . import matmul as _matmul, matmul_types as _matmul_types  # noqa: E402
from .matmul import *  # noqa: E402,F401,F403
from .matmul_types import *  # noqa: E402,F401,F403

__all__ += _matmul.__all__ + _matmul_types.__all__
