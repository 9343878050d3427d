"""asc.debug: what asc-debug finds, as a Python API.

`findings` is the one record every check reports through (memcheck,
racecheck, initcheck, synccheck, precision): printed to stderr as it is found
and, under asc-debug, appended to the findings file the CLI summarises.
`check_precision` compares a kernel output with a reference (docs/precision.md).
"""

from .findings import Finding, report  # noqa: F401
from .precision import PrecisionResult, check_precision  # noqa: F401
