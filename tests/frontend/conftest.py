import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """Each test gets its own disk cache, so tests never see each other's kernels."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PYASC_CACHE_DIR", raising=False)
    monkeypatch.delenv("ASC_DUMP_PATH", raising=False)
    monkeypatch.delenv("PYASC_DUMP_PATH", raising=False)
