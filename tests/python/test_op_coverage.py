"""Every ascendc op has a lit test that pins its emission (the op-coverage rule).

An op is covered when some lit file
  * runs `asc-translate --mlir-to-ascendc` into FileCheck (with the prefix that RUN line uses),
  * uses the op inside a `func.func @name` whose emitted function is checked from its
    `<PREFIX>-LABEL: ... name(` line to its end (`return;` or `}`), and
  * pins the op's own emitted call (the callee of its emission template in the op list,
    e.g. `AscendC::Add` or `.EnQue`) on a `<PREFIX>-NEXT:` line of that block.

A mention of the mnemonic anywhere in a lit file (a ROUNDTRIP line, a comment, an
error test) does not count: only a checked emission does.
"""

import os
import re
from typing import Dict, Iterator, List, Optional, Set, Tuple

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPS_INC = os.path.join(ROOT, "cpp", "dialect", "include", "asc", "Dialect", "AscendC", "AscendCOps.cpp.inc")

_FUNC = re.compile(r"^\s*func\.func\s+(?:private\s+)?@([\w$.]+)\(")
_OP = re.compile(r"\b(ascendc\.\w+)")
_CALLEE = re.compile(r"(AscendC::[\w:]+|\.\w+)")


def _ops() -> List[Tuple[str, str, str]]:
    """(mnemonic, op class, emission template) rows of asc-tblgen's op list."""
    with open(os.path.join(HERE, "ascendc_ops.tsv")) as f:
        return [tuple(line.split("\t")) for line in f.read().splitlines() if line]


def _registered_op_classes() -> Set[str]:
    """The op classes mlir-tblgen's GET_OP_LIST registers with the dialect."""
    with open(OPS_INC) as f:
        text = f.read()
    section = text[text.index("#ifdef GET_OP_LIST"):text.index("#endif  // GET_OP_LIST")]
    return set(re.findall(r"::mlir::ascendc::(\w+)", section))


def callee(template: str) -> Optional[str]:
    """The name an op's emission calls (None for declarations and structural ops)."""
    m = _CALLEE.search(template)
    return m.group(1) if m else None


def emission_prefixes(text: str) -> Set[str]:
    """FileCheck prefixes of the RUN lines that check asc-translate's Ascend C."""
    prefixes = set()
    for run in re.findall(r"^//\s*RUN:(.*)$", text, re.M):
        if "--mlir-to-ascendc" in run and "FileCheck" in run:
            m = re.search(r"--check-prefix[=\s]+(\w+)", run.split("FileCheck", 1)[1])
            prefixes.add(m.group(1) if m else "CHECK")
    return prefixes


def ops_by_function(text: str) -> Dict[str, Set[str]]:
    """Function name -> the ascendc ops its body uses (comment lines skipped)."""
    result: Dict[str, Set[str]] = {}
    current, depth = None, 0
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            continue
        m = _FUNC.match(line)
        if m and current is None:
            current, depth, opened = m.group(1), 0, False
            result.setdefault(current, set())
        if current is None:
            continue
        result[current].update(_OP.findall(line))
        depth += line.count("{") - line.count("}")
        opened = opened or "{" in line
        if opened and depth <= 0:
            current = None
    return result


def checked_blocks(text: str, prefix: str) -> Iterator[Tuple[str, List[str]]]:
    """(label text, [(kind, pattern)]) for each LABEL block checked to its function's end.

    A block is the LABEL line and the `PREFIX:` / `PREFIX-NEXT:` lines after it; it
    counts only when its last line is the function's `return;` or closing brace."""
    label, lines = None, []
    blocks = []
    for line in text.splitlines():
        m = re.match(r"^//\s*%s-LABEL:(.*)$" % prefix, line)
        if m:
            label, lines = m.group(1), []
            blocks.append((label, lines))
            continue
        m = re.match(r"^//\s*%s(-NEXT)?:(.*)$" % prefix, line)
        if m and label is not None:
            lines.append(("NEXT" if m.group(1) else "ANY", m.group(2)))
        elif re.match(r"^//\s*%s(-\w+)?:" % prefix, line):
            label = None  # CHECK-NOT, CHECK-DAG, ...: the block stops being a straight chain
    for label, lines in blocks:
        if lines and lines[-1][1].strip() in ("return;", "}"):
            yield label, lines


def _coverage() -> Dict[str, List[List[Tuple[str, str]]]]:
    """Mnemonic -> the checked blocks of the functions that use it."""
    covered: Dict[str, List[List[Tuple[str, str]]]] = {}
    for dirpath, _, files in os.walk(os.path.join(ROOT, "tests", "lit")):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(dirpath, name)) as f:
                text = f.read()
            functions = ops_by_function(text)
            for prefix in emission_prefixes(text):
                for label, lines in checked_blocks(text, prefix):
                    for fn, used in functions.items():
                        if re.search(r"\b%s\s*\(" % re.escape(fn), label):
                            for op in used:
                                covered.setdefault(op, []).append(lines)
    return covered


_COVERED = _coverage()


def test_op_list_is_what_the_dialect_registers():
    listed = {cls for _, cls, _ in _ops()}
    registered = _registered_op_classes()
    assert registered, "no op in GET_OP_LIST: the generated file changed shape"
    assert listed == registered, (f"only in asc-tblgen's list: {sorted(listed - registered)}; "
                                  f"registered but not listed: {sorted(registered - listed)}")
    mnemonics = [m for m, _, _ in _ops()]
    assert len(mnemonics) == len(set(mnemonics))


@pytest.mark.parametrize("mnemonic,template", [(m, t) for m, _, t in _ops()])
def test_op_has_an_emission_test(mnemonic, template):
    blocks = _COVERED.get(mnemonic, [])
    assert blocks, f"{mnemonic} is used in no lit function whose emitted Ascend C is checked to its end"
    name = callee(template)
    if name is not None:
        assert any(kind == "NEXT" and name in pattern for lines in blocks for kind, pattern in lines), (
            f"{mnemonic}: no CHECK-NEXT line pins its emitted call {name}")


# The checker itself: a mention outside a checked block must not count.
_PARTIAL = """// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s
// CHECK-LABEL: void f(int32_t n) {
// CHECK:   AscendC::Foo(n);
func.func @f(%n: i32) {
  ascendc.foo %n : i32
  return
}
// CHECK-LABEL: void g(int32_t n) {
// CHECK-NEXT:   AscendC::Bar(n);
// CHECK-NEXT:   return;
func.func @g(%n: i32) {
  ascendc.bar %n : i32
  return
}
"""


def test_the_checker_needs_a_whole_checked_function():
    functions = ops_by_function(_PARTIAL)
    assert functions == {"f": {"ascendc.foo"}, "g": {"ascendc.bar"}}
    blocks = list(checked_blocks(_PARTIAL, "CHECK"))
    assert [label.strip() for label, _ in blocks] == ["void g(int32_t n) {"]
    assert callee("AscendC::Bar($n)") == "AscendC::Bar" and callee("$q.EnQue($t)") == ".EnQue"
    assert callee("<structural>") is None
