"""The API doc's vector add with manual flags: examples/01_add."""

from .examples import load

_example = load("01_add/add.py")
vadd = _example.vadd
