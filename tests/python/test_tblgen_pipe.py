"""asc-tblgen refuses an op without a pipe (`ascPipe` is part of every op definition), and generates each op's memory effects.

The ascendc-insert-sync pass takes each op's pipe from the table asc-tblgen
generates from `ascPipe` (AscendCBase.td); before, the pass guessed it from the
op's name and an unknown op became a vector op without a word.
"""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(os.path.abspath(__file__)).parents[2]  # the runfiles tree (resolve() would leave it)
TBLGEN = ROOT / "cpp" / "tblgen" / "asc-tblgen"


def _mlir_include() -> Path:
    for cand in (ROOT.parent / "llvm" / "include", ROOT / "external" / "llvm" / "include",
                 Path("/usr/lib/llvm-19/include")):
        if (cand / "mlir" / "IR" / "OpBase.td").exists():
            return cand
    pytest.fail("MLIR's .td files are not in the runfiles")


def _sync_info(tmp_path, definition: str):
    td = tmp_path / "op.td"
    td.write_text('include "asc/Dialect/AscendC/AscendCBase.td"\n' + definition)
    return subprocess.run([str(TBLGEN), "--gen-ascendc-sync-info", "-I", str(ROOT / "cpp" / "dialect" / "include"),
                           "-I", str(_mlir_include()), str(td)], capture_output=True, text=True)


def test_an_op_without_a_pipe_is_an_error(tmp_path):
    r = _sync_info(tmp_path, 'def AscendC_FooOp : AscendC_Op<"foo"> { let ascCall = "AscendC::Foo()"; }\n')
    assert r.returncode != 0
    assert "ascendc.foo: ascPipe is not set" in r.stderr, r.stderr


def test_an_unknown_pipe_is_an_error(tmp_path):
    r = _sync_info(tmp_path, 'let ascPipe = "vector" in\n'
                             'def AscendC_FooOp : AscendC_Op<"foo"> { let ascCall = "AscendC::Foo()"; }\n')
    assert r.returncode != 0
    assert "ascendc.foo: ascPipe 'vector' is not one of" in r.stderr, r.stderr


@pytest.mark.parametrize("value,enumerator", [("MTE3", "Mte3"), ("copy", "Copy"), ("fill", "Fill"), ("none", "None")])
def test_the_pipe_reaches_the_table(tmp_path, value, enumerator):
    r = _sync_info(tmp_path, f'let ascPipe = "{value}" in\n'
                             'def AscendC_FooOp : AscendC_Op<"foo"> { let ascCall = "AscendC::Foo()"; }\n')
    assert r.returncode == 0, r.stderr
    assert f"{{::mlir::TypeID::get<::mlir::ascendc::FooOp>(), OpPipe::{enumerator}}}" in r.stdout


# Memory effects (--gen-ascendc-effects): generated from ascWrites, ascPipe and
# ascState; a contradiction in the definition stops asc-tblgen.

def _effects(tmp_path, definition: str):
    td = tmp_path / "op.td"
    td.write_text('include "asc/Dialect/AscendC/AscendCBase.td"\n'
                  'include "asc/Dialect/AscendC/AscendCTypes.td"\n' + definition)
    return subprocess.run([str(TBLGEN), "--gen-ascendc-effects", "-I", str(ROOT / "cpp" / "dialect" / "include"),
                           "-I", str(_mlir_include()), str(td)], capture_output=True, text=True)


_TWO_TENSORS = ('let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src); '
                'let ascCall = "AscendC::Foo($args)";')


def test_effects_follow_ascwrites_and_ascstate(tmp_path):
    r = _effects(tmp_path, 'let ascPipe = "V" in\n'
                           'def AscendC_FooOp : AscendC_Op<"foo"> { ' + _TWO_TENSORS +
                           ' let ascWrites = ["src"]; let ascState = "read"; }\n')
    assert r.returncode == 0, r.stderr
    body = r.stdout[r.stdout.index("FooOp::getEffects"):]
    assert "markOperands(written, getODSOperandIndexAndLength(1))" in body
    assert "getODSOperandIndexAndLength(0)" not in body
    assert "addStateEffects(StateEffect::Read, effects)" in body


def test_an_op_without_ascwrites_writes_its_destination(tmp_path):
    r = _effects(tmp_path, 'let ascPipe = "V" in\n'
                           'def AscendC_FooOp : AscendC_Op<"foo"> { ' + _TWO_TENSORS + ' }\n')
    assert r.returncode == 0, r.stderr
    assert "written = effect_rules::destinationOperand(getOperation())" in r.stdout
    assert "StateEffect::ReadWrite" in r.stdout  # the conservative default


def test_a_pure_op_gets_no_generated_effects(tmp_path):
    r = _effects(tmp_path, 'let ascPipe = "none" in\n'
                           'def AscendC_FooOp : AscendC_Op<"foo", [Pure]> { let ascCall = "AscendC::Foo()"; }\n')
    assert r.returncode == 0, r.stderr
    assert "FooOp::getEffects" not in r.stdout


@pytest.mark.parametrize("definition,message", [
    ('let ascPipe = "V" in\ndef AscendC_FooOp : AscendC_Op<"foo"> { ' + _TWO_TENSORS + ' let ascState = "write"; }\n',
     "ascendc.foo: ascState 'write' is not one of none read readwrite"),
    ('let ascPipe = "none" in\ndef AscendC_FooOp : AscendC_Op<"foo", [Pure]> { ' + _TWO_TENSORS +
     ' let ascWrites = ["dst"]; }\n',
     "ascendc.foo: a Pure op has no effects"),
    ('let ascPipe = "none" in\ndef AscendC_FooOp : AscendC_Op<"foo"> { ' + _TWO_TENSORS +
     ' let ascWrites = ["dst"]; }\n',
     "ascendc.foo: ascWrites names operands of an op whose ascPipe is \"none\""),
    ('let ascPipe = "V" in\ndef AscendC_FooOp : AscendC_Op<"foo"> { ' + _TWO_TENSORS +
     ' let ascWrites = ["out"]; }\n',
     "ascendc.foo: ascWrites names 'out', which is not an operand"),
])
def test_contradictory_effects_are_errors(tmp_path, definition, message):
    r = _effects(tmp_path, definition)
    assert r.returncode != 0
    assert message in r.stderr, r.stderr
