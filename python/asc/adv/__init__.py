"""asc.adv: pyasc's namespace of the high-level Ascend C APIs.

softmax, rmsnorm, quant, the math family, concat/extract and their tiling
structs live in asc.language.adv (the kernel language layer); Matmul and its
types are added beside them.
"""

from ..language.adv import *  # noqa: F401,F403
from ..language.adv import __all__ as _language_adv

__all__ = list(_language_adv)
