"""Loads the example kernels (examples/0*/), so the tests check the very code
the tutorials show instead of copies of it."""

import importlib.util
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def load(relative: str):
    path = EXAMPLES / relative
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
