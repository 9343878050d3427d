"""The native command-line tools, as console scripts and `python -m` modules.

    asc-opt ...          python -m asc.tools.opt ...
    asc-translate ...    python -m asc.tools.translate ...

An installed wheel carries the C++ tools (statically linked) in `asc/_bin/`;
in a checkout (the editable install) they are Bazel's
`bazel-bin/cpp/tools/<tool>`. A console script is one line of
python/pyproject.toml's [project.scripts], which the wheel builder reads too.
"""

import os
import sys
from pathlib import Path
from typing import List, Optional

__all__ = ["tool_path", "exec_tool"]


def tool_path(name: str) -> Path:
    """The executable of the native tool `name` (e.g. "asc-opt")."""
    pkg = Path(__file__).resolve().parents[1]
    candidates = [pkg / "_bin" / name,  # the wheel
                  pkg.parents[1] / "bazel-bin" / "cpp" / "tools" / name,  # a checkout
                  pkg.parents[1] / "cpp" / "tools" / name]  # Bazel's runfiles (a test's data)
    for c in candidates:
        if os.access(c, os.X_OK):
            return c
    raise FileNotFoundError(f"{name} not found (looked in {', '.join(str(c.parent) for c in candidates)}); "
                            f"in a checkout, build it with `./dev setup`")


def exec_tool(name: str, argv: Optional[List[str]] = None) -> None:
    """Replace this process with the tool, passing `argv` (default: this
    process's arguments); its exit status is the command's."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        path = tool_path(name)
    except FileNotFoundError as exc:
        print(f"{name}: error: {exc}", file=sys.stderr)
        sys.exit(2)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(str(path), [name, *args])
