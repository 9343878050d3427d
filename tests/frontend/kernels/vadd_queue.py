"""The API doc's queue-based vector add: examples/02_add_framework."""

from .examples import load

_example = load("02_add_framework/add_framework.py")
vadd, copy_in, compute, copy_out = (_example.vadd, _example.copy_in, _example.compute,
                                     _example.copy_out)
