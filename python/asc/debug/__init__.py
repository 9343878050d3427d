"""asc.debug: what asc-debug finds, as a Python API.

`findings` is the one record every check reports through (memcheck,
racecheck, initcheck, synccheck, precision): printed to stderr as it is found
and, under asc-debug, appended to the findings file the CLI summarises.
`checks` switches memcheck / racecheck / initcheck / synccheck on for the
launches of a `with` block (docs/asc-debug.md). `check_precision` compares a
kernel output with a reference (docs/precision.md).
"""

from .findings import Finding, report  # noqa: F401
from .engine import checks  # noqa: F401  (memcheck, racecheck, initcheck, synccheck on the launches of a block)
from . import verify_sync as _verify_sync

_verify_sync.install()  # @asc.jit(verify_sync=True): racecheck and synccheck on each launch of the kernel
from .precision import PrecisionResult, check_precision  # noqa: F401
