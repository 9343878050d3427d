"""`asc-translate` (console script) and `python -m asc.tools.translate`: the C++ tool."""

from . import exec_tool


def main() -> None:
    exec_tool("asc-translate")


if __name__ == "__main__":
    main()
