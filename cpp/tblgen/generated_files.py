"""Keeps the checked-in files asc-tblgen generates current.

  --check GEN=FILE ...   fails, printing a diff, if a checked-in FILE differs
                         from GEN, what asc-tblgen generates now (the Bazel test
                         //cpp/tblgen:generated_test);
  --update GEN=PATH ...  copies each GEN to PATH in the workspace
                         (`bazel run //cpp/tblgen:update_generated`).
"""

import difflib
import os
import shutil
import sys

REFRESH = "bazel run //cpp/tblgen:update_generated"


def check(pairs):
    stale = []
    for gen, path in pairs:
        want = open(gen, encoding="utf-8").read()
        have = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if want != have:
            stale.append(path)
            sys.stdout.writelines(difflib.unified_diff(
                have.splitlines(True), want.splitlines(True),
                fromfile=f"{path} (checked in)", tofile=f"{path} (generated from the .td)"))
    if stale:
        print(f"\n{len(stale)} generated file(s) are stale: {', '.join(stale)}\n"
              f"The .td files changed without them; refresh with:\n    {REFRESH}")
        return 1
    print(f"{len(pairs)} generated file(s) current")
    return 0


def update(pairs):
    root = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not root:
        print(f"run this with `{REFRESH}`", file=sys.stderr)
        return 2
    for gen, path in pairs:
        dest = os.path.join(root, path)
        same = os.path.exists(dest) and open(dest, "rb").read() == open(gen, "rb").read()
        if not same:
            shutil.copyfile(gen, dest)
            os.chmod(dest, 0o644)
        print(f"{path}: {'unchanged' if same else 'updated'}")
    return 0


def main(argv):
    mode, pairs = argv[0], [tuple(a.split("=", 1)) for a in argv[1:]]
    return check(pairs) if mode == "--check" else update(pairs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
