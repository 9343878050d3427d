"""Every ascendc op has a lit test that emits it (the issue's coverage rule)."""

import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _ops():
    with open(os.path.join(HERE, "ascendc_ops.tsv")) as f:
        return [line.split("\t") for line in f.read().splitlines() if line]


def _emitting_lit_sources():
    texts = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "tests", "lit")):
        for name in files:
            if name.endswith(".mlir"):
                with open(os.path.join(dirpath, name)) as f:
                    text = f.read()
                if "asc-translate --mlir-to-ascendc" in text and "CHECK-NEXT" in text:
                    texts.append(text)
    return "\n".join(texts)


def test_op_list_is_not_empty():
    assert len(_ops()) > 10


@pytest.mark.parametrize("mnemonic", [op[0] for op in _ops()])
def test_op_has_an_emission_test(mnemonic):
    sources = _emitting_lit_sources()
    assert re.search(re.escape(mnemonic) + r"(?![\w])", sources), (
        f"{mnemonic} appears in no lit test that emits Ascend C with CHECK-NEXT lines"
    )
