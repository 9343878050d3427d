"""The pytest entry point of the sharded test targets (BUILD: shard_count).

Shard i of n runs every n-th test from the i-th, in collection order (Bazel's
TEST_TOTAL_SHARDS / TEST_SHARD_INDEX; the test tells Bazel it shards by touching
TEST_SHARD_STATUS_FILE). Unsharded, it runs every test, as `pytest` does."""

import os
import sys

import pytest


class Shard:
    def __init__(self, index: int, total: int):
        self.index, self.total = index, total

    def pytest_collection_modifyitems(self, config, items):
        keep = [it for i, it in enumerate(items) if i % self.total == self.index]
        config.hook.pytest_deselected(items=[it for it in items if it not in keep])
        items[:] = keep


def main(argv) -> int:
    plugins = []
    total = int(os.environ.get("TEST_TOTAL_SHARDS", "1"))
    if total > 1:
        if os.environ.get("TEST_SHARD_STATUS_FILE"):
            open(os.environ["TEST_SHARD_STATUS_FILE"], "a").close()
        plugins.append(Shard(int(os.environ["TEST_SHARD_INDEX"]), total))
    rc = pytest.main(["-q", "-p", "no:cacheprovider"] + list(argv), plugins=plugins)
    return 0 if rc == pytest.ExitCode.NO_TESTS_COLLECTED and plugins else int(rc)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
