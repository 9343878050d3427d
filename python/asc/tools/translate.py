"""`asc-translate` (console script) and `python -m asc.tools.translate`: the C++ tool.

One option of its own, handled here before the C++ tool runs:

    asc-translate --mlir-to-ascendc kernel.mlir --check-vendor-headers /tmp/asc-devkit

translates as usual (the output unchanged), then checks the Ascend C against the
vendor's headers in that folder (an unpacked asc-devkit) on the Atlas A2 vector
and cube cores (asc.runtime.npu.vendor_check): one line per core on stderr,
`pass` or the compiler's first error with the emitted line and the source line
it came from; exit status 1 when one fails.
"""

import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Optional, Tuple

from . import exec_tool, tool_path

FLAG = "--check-vendor-headers"


def split_check_flag(argv: List[str]) -> Tuple[Optional[str], List[str]]:
    """(the folder given to --check-vendor-headers, or None; the other arguments)."""
    rest, folder = [], None
    it = iter(range(len(argv)))
    for i in it:
        a = argv[i]
        if a == FLAG:
            if i + 1 >= len(argv):
                raise SystemExit(f"asc-translate: error: {FLAG} needs a folder (an unpacked asc-devkit)")
            folder = argv[i + 1]
            next(it, None)
        elif a.startswith(FLAG + "="):
            folder = a.split("=", 1)[1]
        else:
            rest.append(a)
    return folder, rest


def check(folder: str, argv: List[str]) -> int:
    from ..runtime.npu import vendor_check

    if any(a.startswith("--split-input-file") for a in argv):
        print(f"asc-translate: error: {FLAG} checks one module (not with --split-input-file)", file=sys.stderr)
        return 2
    try:
        devkit = vendor_check.require_devkit(folder)
    except FileNotFoundError as exc:
        print(f"asc-translate: error: {exc}", file=sys.stderr)
        return 2
    exe = str(tool_path("asc-translate"))
    res = subprocess.run([exe, *argv], stdout=subprocess.PIPE)
    sys.stdout.buffer.write(res.stdout)
    sys.stdout.flush()
    if res.returncode != 0:
        return res.returncode
    # The same translation with #line directives: the check names the source line.
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kernel.cpp"
        args = list(argv)
        if "-o" in args:  # not the user's output file
            i = args.index("-o")
            del args[i:i + 2]
        if "--asc-line-directives" not in args:
            args.append("--asc-line-directives")
        if subprocess.run([exe, *args, "-o", str(out)]).returncode != 0:
            return 1
        source = out.read_text()
    failed = 0
    for arch in vendor_check.A2:
        r = vendor_check.check_source(source, devkit, arch)
        print(f"asc-translate: vendor headers, {vendor_check.ARCHS[arch].title}: {r.line()}", file=sys.stderr)
        failed += not r.ok
    return 1 if failed else 0


def main() -> None:
    folder, rest = split_check_flag(sys.argv[1:])
    if folder is None:
        exec_tool("asc-translate")
    sys.exit(check(folder, rest))


if __name__ == "__main__":
    main()
