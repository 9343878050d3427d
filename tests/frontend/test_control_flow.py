"""Control flow, compile-time folding, scalars and device functions in the emitted Ascend C."""

import numpy as np

import asc
from emit_check import check, check_next, check_not, code_lines, compile_source

SCALE = 3
X = np.ones(64, np.float32)


def _body(src):
    return "\n".join(code_lines(src))


@asc.jit
def k_for(x: asc.GlobalAddress, n: int):
    acc = 0
    for i in range(n):
        acc = acc + i
    g = asc.GlobalTensor()
    g.set_global_buffer(x, acc)


def test_runtime_for_loop_carried_scalar():
    src = compile_source(k_for, X, 5)
    check_next(src, "int32_t acc = 0;", "for (int32_t i = 0; i < n; i += 1) {")
    check(src, "for (int32_t i = 0; i < n; i += 1) {", "int32_t acc_1 = v0 + i;", "acc = acc_1;", "}",
          "g.SetGlobalBuffer((__gm__ float*)x, acc);")


@asc.jit
def k_nested(x: asc.GlobalAddress, n: int):
    acc = 0
    for i in range(n):
        for j in range(2, n, 2):
            acc += i * j
    g = asc.GlobalTensor()
    g.set_global_buffer(x, acc)


def test_nested_loops():
    src = compile_source(k_nested, X, 5)
    check(src, "for (int32_t i = 0; i < n; i += 1) {",
          "for (int32_t j = 2; j < n; j += 2) {",
          "i * j;", "acc_1 = acc_2;", "}", "acc = acc_1;", "}",
          "g.SetGlobalBuffer((__gm__ float*)x, acc);")
    assert src.count("for (") == 2


@asc.jit
def k_static(x: asc.GlobalAddress, n: int):
    for i in asc.static_range(4):
        asc.set_flag(asc.HardEvent.MTE2_V, i)
    for i in asc.static_range(8):
        if i == 2:
            continue
        if i == 5:
            break
        asc.wait_flag(asc.HardEvent.MTE2_V, i)


def test_static_range_unrolls_with_break_continue():
    src = compile_source(k_static, X, 5)
    check_not(src, "for (")
    assert src.count("AscendC::SetFlag<") == 4
    check_next(src, *[f"AscendC::SetFlag<AscendC::HardEvent::MTE2_V>({i});" for i in range(4)])
    # continue at 2, break at 5: waits for 0, 1, 3, 4
    check_next(src, *[f"AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>({i});" for i in (0, 1, 3, 4)])
    assert src.count("AscendC::WaitFlag<") == 4
    check_not(src, "if (")


@asc.jit
def k_if(x: asc.GlobalAddress, n: int):
    if n > 10:
        m = n * 2
    elif n > 5:
        m = n + 1
    else:
        m = 7
    g = asc.GlobalTensor()
    g.set_global_buffer(x, m)


def test_runtime_if_elif_else_merges_scalar():
    src = compile_source(k_if, X, 5)
    check(src, "bool v0 = n > 10;", "int32_t m;", "if (v0) {", "n * 2;", "m = m_1;", "} else {",
          "n > 5;", "if (v1) {", "n + 1;", "} else {", "m_2 = 7;", "}", "m = m_2;", "}",
          "g.SetGlobalBuffer((__gm__ float*)x, m);")


@asc.jit
def k_ifc(x: asc.GlobalAddress, n: int, flag: asc.ConstExpr[bool]):
    if flag:
        m = n * SCALE
    else:
        m = n - SCALE
    g = asc.GlobalTensor()
    g.set_global_buffer(x, m)


def test_compile_time_if_folded_and_constexpr_and_global():
    on = compile_source(k_ifc, X, 5, True)
    off = compile_source(k_ifc, X, 5, False)
    for src in (on, off):
        check_not(src, "if (")
        check_not(src, "flag")
        check(src, 'void k_ifc(GM_ADDR x, int32_t n) {')  # the ConstExpr is not a parameter
    check(on, "int32_t m = n * 3;")  # SCALE read at compile time
    check(off, "int32_t m = n - 3;")


@asc.jit
def k_while(x: asc.GlobalAddress, n: int):
    i = 0
    while i < n:
        i = i + 3
    g = asc.GlobalTensor()
    g.set_global_buffer(x, i)


def test_runtime_while():
    src = compile_source(k_while, X, 5)
    check(src, "while (true) {", "< n;", "if (!v2) {", "break;", "}", "+ 3;", "}",
          "g.SetGlobalBuffer((__gm__ float*)x, i);")


@asc.jit
def k_prom(x: asc.GlobalAddress, n: int, f: float):
    r = n * f
    t = asc.ceildiv(n, 16)
    c = asc.number(5, asc.int64)
    g = asc.GlobalTensor()
    g.set_global_buffer(x + t, c)
    g.set_value(0, r)


def test_scalar_promotion_ceildiv_number_and_address_offset():
    src = compile_source(k_prom, X, 5, 2.0)
    check(src, 'void k_prom(GM_ADDR x, int32_t n, float f) {',
          "float v0 = static_cast<float>(n);", "float r = v0 * f;",
          "int32_t v1 = n + 15;", "int32_t t = v1 / 16;",
          "__gm__ float* v2 = (__gm__ float*)x + t;",
          "g.SetGlobalBuffer(v2, 5);", "g.SetValue(0, r);")


@asc.jit
def k_const_ceildiv(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, asc.ceildiv(n, 16) * x.dtype.sizeof())


def test_ceildiv_and_sizeof_fold_at_compile_time():
    src = compile_source(k_const_ceildiv, X, 33)
    check(src, "g.SetGlobalBuffer((__gm__ float*)x, 12);")  # ceil(33/16)=3, *4
    src16 = compile_source(k_const_ceildiv, X.astype(np.float16), 33)
    check(src16, "g.SetGlobalBuffer((__gm__ half*)x, 6);")


@asc.jit
def twice(a: int):
    return a * 2


@asc.jit
def k_dev(x: asc.GlobalAddress, n: int):
    m = twice(n)
    g = asc.GlobalTensor()
    g.set_global_buffer(x, m)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 64)
    v = t.get_value(3)  # t[3] is the view from element 3 (operator[])
    g.set_value(1, v)


def test_device_function_returning_scalar_and_tensor_read():
    src = compile_source(k_dev, X, 5)
    check(src, "__aicore__ inline int32_t twice(int32_t a) {", "a * 2;", "return v0;", "}",
          'void k_dev(GM_ADDR x, int32_t n) {', "int32_t m = twice(n);",
          "g.SetGlobalBuffer((__gm__ float*)x, m);",
          "AscendC::LocalTensor<float> t(AscendC::TPosition::VECIN, 0, 64);",
          "float v = t.GetValue(3);", "g.SetValue(1, v);")


@asc.jit
def k_minmax(x: asc.GlobalAddress, n: int, m: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    g.set_value(0, min(n, 64))
    g.set_value(1, max(n, m, 3))
    g.set_value(2, abs(n - m))
    g.set_value(3, min(4, 9))  # compile-time: folded by Python


def test_builtins_on_runtime_scalars_select():
    src = compile_source(k_minmax, X, 5, 7)
    body = _body(src)
    assert body.count("?") == 4, body  # min: 1 select, max of three: 2, abs: 1
    check(src, "g.SetValue(3, 4")  # a float constant, no select


def test_builtins_on_runtime_scalars_run_on_the_model():
    x = np.zeros(64, np.float32)
    k_minmax[1](x, 5, 7)
    np.testing.assert_array_equal(x[:4], [5, 7, 2, 4])
