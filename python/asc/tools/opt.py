"""`asc-opt` (console script) and `python -m asc.tools.opt`: the C++ tool."""

from . import exec_tool


def main() -> None:
    exec_tool("asc-opt")


if __name__ == "__main__":
    main()
