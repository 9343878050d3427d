"""asc-debug names a tensor by the call on its Python line (asc.debug.names):
the destination is the first argument, the sources follow in order; a method
call's receiver is its tensor; a line it cannot read gives no name."""

from asc.debug.names import operand_name

SOURCE = '''\
asc.add(z_local, x_local, y_local, n)
asc.data_copy(y_gm[r * cols:], row, cols)
value = result.get_value(0)
t.set_value(3, 1.0)
asc.data_copy(self.buf,
              src, n)
x = 1
asc.duplicate(asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 8), 0.0, 8)
'''


def test_operands_by_direction_and_rank(tmp_path):
    f = tmp_path / "k.py"
    f.write_text(SOURCE)
    p = str(f)
    assert operand_name(p, 1, True, 0) == "z_local"
    assert operand_name(p, 1, False, 0) == "x_local"
    assert operand_name(p, 1, False, 1) == "y_local"
    assert operand_name(p, 2, True, 0) == "y_gm"  # a slice names its tensor
    assert operand_name(p, 2, False, 0) == "row"
    assert operand_name(p, 3, False, 0) == "result"  # the receiver of get_value
    assert operand_name(p, 4, True, 0) == "t"
    assert operand_name(p, 5, True, 0) == "self.buf"  # the first line of a call spread over two
    assert operand_name(p, 7, False, 0) is None  # no call
    assert operand_name(p, 8, True, 0) is None  # not a plain name
    assert operand_name(p, 99, True, 0) is None  # no such line
    assert operand_name(str(tmp_path / "missing.py"), 1, True, 0) is None


def test_a_fault_of_a_mixed_launchs_aic_core_is_reported_with_its_group():
    # runtime.cpp names a mixed launch's AIC cores "block N (AIC)"; the report keeps that
    from asc.debug import engine
    f = engine._fault_finding("k.asc:12: block 1 (AIC): CrossCoreWaitFlag: deadlock: every running core "
                              "is blocked", "k")
    assert f.lines[0] == "[ERROR] Deadlock detected in k:"
    assert "Block: 1 (AIC)" in f.lines[1] and "API: CrossCoreWaitFlag" in f.lines[1]
    assert f.lines[2] == "[ERROR]   Reason: deadlock: every running core is blocked"
    plain = engine._fault_finding("k.asc:12: block 3: DataCopy: reads GM", "k")
    assert "Block: 3, Pipe" in plain.lines[1]
