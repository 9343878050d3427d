"""break and continue in runtime loops (emitted as while loops with a break flag),
checked against the same loops run by Python, on the Model."""

import numpy as np
import pytest

import asc
from emit_check import check, compile_source


@asc.jit
def first_over(x: asc.GlobalAddress, n: int, limit: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    found = -1
    total = 0
    for i in range(n):
        if i * i > limit:
            found = i
            break
        if i % 3 == 0:
            continue
        total = total + i
    g.set_value(0, found)
    g.set_value(1, total)


def py_first_over(n, limit):
    found, total = -1, 0
    for i in range(n):
        if i * i > limit:
            found = i
            break
        if i % 3 == 0:
            continue
        total = total + i
    return found, total


@pytest.mark.parametrize("n, limit", [(10, 20), (10, 1000), (0, 5), (7, 0)])
def test_for_break_continue_on_the_model(n, limit):
    x = np.zeros(8, np.int32)
    first_over[1](x, n, limit)
    assert tuple(x[:2]) == py_first_over(n, limit)


def test_for_with_break_is_a_while_loop():
    src = compile_source(first_over, np.zeros(8, np.int32), 10, 20)
    check(src, "while (", "if (", "}")


@asc.jit
def countdown(x: asc.GlobalAddress, start: int, stop: int, step: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    steps = 0
    last = 0
    for i in range(start, stop, step):  # runtime step, either sign
        if i == 13:
            break
        steps += 1
        last = i
    g.set_value(0, steps)
    g.set_value(1, last)


@pytest.mark.parametrize("start, stop, step", [(20, 0, -1), (0, 20, 2), (0, 30, 1), (5, 5, 1)])
def test_runtime_step_either_direction(start, stop, step):
    x = np.zeros(8, np.int32)
    countdown[1](x, start, stop, step)
    steps, last = 0, 0
    for i in range(start, stop, step):
        if i == 13:
            break
        steps += 1
        last = i
    assert (x[0], x[1]) == (steps, last)


@asc.jit
def nested(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    pairs = 0
    k = 0
    while k < n:
        k += 1
        if k == 5:
            continue
        for j in range(k):
            if j >= 3:
                break  # leaves only the inner loop
            pairs += 1
        if pairs > 20:
            break
    g.set_value(0, pairs)
    g.set_value(1, k)


def test_while_and_nested_loops_on_the_model():
    x = np.zeros(8, np.int32)
    nested[1](x, 12)
    pairs, k = 0, 0
    while k < 12:
        k += 1
        if k == 5:
            continue
        for j in range(k):
            if j >= 3:
                break
            pairs += 1
        if pairs > 20:
            break
    assert (x[0], x[1]) == (pairs, k)


@asc.jit
def unrolled_in_runtime(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    acc = 0
    for i in range(n):
        for j in asc.static_range(8):
            if j == 2:
                break  # compile-time: unrolling stops after j = 1
            acc += i + j
    g.set_value(0, acc)


def test_static_break_inside_runtime_loop():
    x = np.zeros(8, np.int32)
    unrolled_in_runtime[1](x, 4)
    assert x[0] == sum(i + j for i in range(4) for j in range(2))
