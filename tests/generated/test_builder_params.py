"""lowering.build checks keyword arguments against the generated parameter table.

asc-tblgen generates, with each create_asc_<Op> builder method, its keyword
arguments (Builder.OP_PARAMS); a keyword argument an op does not have raises,
naming the op, the argument and the accepted ones.
"""

import re
from types import SimpleNamespace

import pytest

from asc._C import ir
from asc.language.core import lowering

context = lowering.context  # the kernel context lowering.build takes its builder from


@pytest.fixture
def kernel():
    """A module with one kernel function, the builder's insertion point in its body."""
    ctx = ir.Context()
    b = ir.Builder(ctx)
    module = b.create_module()
    f = b.create_function(module, "k", [], [], kernel=True)
    b.set_insertion_point_to_end(f.block())
    context.push(SimpleNamespace(builder=b))
    try:
        yield SimpleNamespace(builder=b, module=module)
    finally:
        context.pop()


@pytest.fixture
def kernel_builder(kernel):
    return kernel.builder


def test_a_misspelt_keyword_raises(kernel_builder):
    event_id = kernel_builder.get_int(0, kernel_builder.get_i32_type())
    with pytest.raises(TypeError) as e:
        lowering.build("SetFlagOp", 4, evnt_id=event_id)
    msg = str(e.value)
    assert "SetFlagOp" in msg and "'evnt_id'" in msg and "event, event_id" in msg


def test_correct_keywords_build(kernel):
    b = kernel.builder
    lowering.build("SetFlagOp", event=4, event_id=b.get_int(3, b.get_i32_type()))
    lowering.build("SyncAllOp", is_aiv_only=False)
    text = str(kernel.module)  # generic form: the function has no terminator yet
    # The keywords reached the ops: the event enum, the id operand and the attribute.
    assert re.search(r'%(\w+) = "arith.constant"\(\) <\{value = 3 : i32\}>', text), text
    assert re.search(r'"ascendc.set_flag"\(%\w+\) <\{event = 4 : i32\}>', text), text
    assert '"ascendc.sync_all"() <{is_aiv_only = false}>' in text, text


def test_an_unknown_op_raises(kernel_builder):
    with pytest.raises(AttributeError, match="no op SetFlgOp"):
        lowering.build("SetFlgOp")


def test_level_options_are_dropped_only_where_the_op_lacks_them(kernel_builder):
    # The level-2 ops take no is_set_mask; the shared vector lowering passes it anyway.
    assert not lowering.takes("AddL2Op", "is_set_mask")
    assert lowering.takes("AddL0Op", "is_set_mask")
    with pytest.raises(TypeError, match="'is_set_mak'"):
        lowering.build("AddL2Op", None, None, None, None, is_set_mak=True)


def _signature_names(method) -> list:
    """The parameter names nanobind reports for a builder method (its docstring's first line)."""
    head = method.__doc__.split("\n")[0]
    inner = head[head.index("(") + 1:head.rindex(")")]
    return [n for n in re.findall(r"(?:^|, )(\w+):", inner) if n != "self"]


def test_the_table_matches_the_builder_methods():
    methods = {n[len("create_asc_"):] for n in dir(ir.Builder) if n.startswith("create_asc_")}
    assert set(lowering.OP_PARAMS) == methods
    for op, names in lowering.OP_PARAMS.items():
        assert list(names) == _signature_names(getattr(ir.Builder, "create_asc_" + op)), op
