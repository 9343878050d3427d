"""Ascend C enumerations, with the values the dialect and Ascend C use.

They are IntEnums: inside a kernel an enum member is a compile-time constant,
and API functions pass it to the dialect as its integer value.

The enums are generated from the dialect's AscendCEnums.td by asc-tblgen into
`_generated.py`: add or change a value there, then run
`bazel run //cpp/tblgen:update_generated` (docs/adding-an-op.md).
"""
from ._generated import *  # noqa: F401,F403
from ._generated import __all__  # noqa: F401
