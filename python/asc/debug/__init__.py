"""asc.debug: what asc-debug finds, as a Python API.

`findings` is the one record every check reports through (memcheck,
racecheck, initcheck, synccheck, precision): printed to stderr as it is found
and, under asc-debug, appended to the findings file the CLI summarises.
"""

from .findings import Finding, report  # noqa: F401
