"""Runs the pytest files given as arguments (Bazel py_test entry point); sharded
targets (BUILD: shard_count) run their share of the tests (tests/pytest_shard.py)."""

import sys

from tests.pytest_shard import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
