"""Runs the pytest files given as arguments (Bazel py_test entry point)."""

import sys

import pytest

if __name__ == "__main__":
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider"] + sys.argv[1:]))
