"""asc-config: where asc's CMake package and headers are, for Ascend C projects.

    cmake -S ex -B build -DCMAKE_ASC_RUN_MODE=model -DCMAKE_PREFIX_PATH=$(asc-config --cmake-prefix)
"""

from __future__ import annotations

import json

from absl import flags

from .. import cli
from ..runtime.model import build
from . import prefix, toolchain

USAGE = """usage: asc-config [--cmake-prefix | --include | --asc-cc | --json]

Prints where asc's CMake package for the ASC language is (Ascend C projects
built for the Model, docs/ascend-c-programs.md):

  cmake -S ex -B build -DCMAKE_ASC_RUN_MODE=model -DCMAKE_PREFIX_PATH=$(asc-config --cmake-prefix)"""


def _define(fv: flags.FlagValues) -> None:
    flags.DEFINE_boolean("cmake-prefix", False, "Print the CMake prefix holding ASCConfig.cmake.", flag_values=fv)
    flags.DEFINE_boolean("include", False, "Print the Model's include directories (kernel_operator.h, acl/acl.h).",
                         flag_values=fv)
    flags.DEFINE_boolean("asc-cc", False, "Print the path of the asc-cc compiler driver.", flag_values=fv)
    flags.DEFINE_boolean("json", False, "Print all of them as one JSON object.", flag_values=fv)


def run(args: list, command: list, fv: flags.FlagValues) -> int:
    if args or command:
        raise cli.ToolError(f"unexpected argument {(args or command)[0]!r}", "asc-config takes flags only")
    root = prefix.ensure()
    inc = build.include_dir()
    data = {"cmake_prefix": str(root), "include": [str(toolchain.host_include(inc)), str(inc)],
            "asc_cc": str(root / "bin" / "asc-cc")}
    chosen = [k for k in ("cmake-prefix", "include", "asc-cc") if fv[k].value]
    if fv["json"].value:
        print(json.dumps(data, indent=1))
        return 0
    if not chosen:
        raise cli.ToolError("nothing to print", "pass --cmake-prefix, --include, --asc-cc or --json")
    for k in chosen:
        value = data[k.replace("-", "_")]
        print(" ".join(value) if isinstance(value, list) else value)
    return 0


TOOL = cli.Tool("asc-config", USAGE, main=run, needs_args=True)
_define(TOOL.flags)


def main() -> None:  # the console script (python/pyproject.toml)
    TOOL.console()


if __name__ == "__main__":
    main()
