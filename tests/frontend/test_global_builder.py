"""pyasc's asc.language.core.utils.global_builder: the module of the last traced kernel, for its FileCheck tests."""

from unittest.mock import patch

import pytest

import asc
from asc.language.core.utils import global_builder, require_jit


@asc.jit
def unused_compare(a: int, b: int):
    c = a == b  # dead: the compile passes remove it


def test_module_as_traced_while_the_compile_step_is_patched_out():
    with patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None), \
         patch("asc.runtime.jit.JITFunction._run_compiler", return_value=None):
        unused_compare[1](1, 2, always_compile=True)
    text = str(global_builder.get_ir_module())
    assert "func.func @unused_compare" in text and "arith.cmpi eq" in text, text


def test_module_as_emitted_otherwise():
    unused_compare.warmup(1, 2)
    text = str(global_builder.get_ir_module())
    assert "func.func @unused_compare" in text and "arith.cmpi" not in text, text


def test_require_jit_outside_a_kernel_is_an_error():
    @require_jit
    def helper():
        return 1

    with pytest.raises(RuntimeError, match="helper can only be called in a JIT function"):
        helper()
    assert global_builder.get_ir_builder() is None
