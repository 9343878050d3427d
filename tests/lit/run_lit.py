"""Runs the lit suite under Bazel: finds the tools in the runfiles, puts them
on PATH, and hands over to lit. Exits non-zero if any test fails."""

import os
import sys

import lit.main


def _runfile_dir(rel):
    root = os.environ.get("TEST_SRCDIR") or os.path.join(os.path.dirname(__file__), "..", "..")
    path = os.path.join(root, os.environ.get("TEST_WORKSPACE", "asc"), rel)
    if not os.path.exists(path):
        path = os.path.join(root, rel)
    return os.path.dirname(os.path.realpath(path))


def main():
    tools = [
        "cpp/tools/asc-opt",
        "cpp/tools/asc-translate",
        "tests/embed/embed_emit",
    ]
    dirs = [_runfile_dir(t) for t in tools]
    dirs.append(_runfile_dir("external/llvm/bin/FileCheck"))
    os.environ["PATH"] = os.pathsep.join(dirs + [os.environ.get("PATH", "")])
    here = os.path.dirname(os.path.realpath(__file__))
    args = sys.argv[1:] or [here]
    sys.argv = ["lit", "-sv"] + args
    lit.main.main()


if __name__ == "__main__":
    main()
