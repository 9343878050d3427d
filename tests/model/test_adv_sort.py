"""asc.adv.concat / asc.adv.extract on the Model: the Ascend C top-k pattern
Concat -> Sort (full sort) -> Extract, in float32 and half, against numpy's stable
descending argsort."""

import numpy as np
import pytest

import asc


@asc.jit
def topk_kernel(x: asc.GlobalAddress, idx: asc.GlobalAddress, vals: asc.GlobalAddress,
                order: asc.GlobalAddress, n: asc.ConstExpr[int]):
    repeat = n // 32
    xg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    vg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ig.set_global_buffer(idx)
    vg.set_global_buffer(vals)
    og.set_global_buffer(order)
    pipe = asc.TPipe()
    b_src = asc.TBuf(asc.TPosition.VECCALC)
    b_idx = asc.TBuf(asc.TPosition.VECCALC)
    b_cat = asc.TBuf(asc.TPosition.VECCALC)
    b_tmp = asc.TBuf(asc.TPosition.VECCALC)
    b_sorted = asc.TBuf(asc.TPosition.VECCALC)
    b_tmp2 = asc.TBuf(asc.TPosition.VECCALC)
    b_val = asc.TBuf(asc.TPosition.VECCALC)
    b_out = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=b_src, num=n * 4)
    pipe.init_buffer(buf=b_idx, num=n * 4)
    pipe.init_buffer(buf=b_cat, num=n * 4)
    pipe.init_buffer(buf=b_tmp, num=n * 4)
    pipe.init_buffer(buf=b_sorted, num=n * 8)
    pipe.init_buffer(buf=b_tmp2, num=n * 8)
    pipe.init_buffer(buf=b_val, num=n * 4)
    pipe.init_buffer(buf=b_out, num=n * 4)
    src = b_src.get(x.dtype)
    index = b_idx.get(asc.uint32)
    cat = b_cat.get(x.dtype)
    tmp = b_tmp.get(x.dtype)
    sorted_ = b_sorted.get(x.dtype)
    tmp2 = b_tmp2.get(x.dtype)
    values = b_val.get(x.dtype)
    order_local = b_out.get(asc.uint32)
    asc.data_copy(src, xg, count=n)
    asc.data_copy(index, ig, count=n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.concat(cat, src, tmp, repeat)
    asc.sort(sorted_, cat, index, tmp2, repeat, True)
    asc.adv.extract(values, order_local, sorted_, repeat)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(vg, values, count=n)
    asc.data_copy(og, order_local, count=n)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_concat_sort_extract_is_a_descending_argsort(dtype):
    n = 128
    rng = np.random.default_rng(17)
    x = rng.standard_normal(n).astype(dtype)
    x[5] = x[70]  # a tie: the stable order keeps index 5 first
    idx = np.arange(n, dtype=np.uint32)
    vals = np.zeros(n, dtype)
    order = np.zeros(n, np.uint32)
    topk_kernel[1](x, idx, vals, order, n)
    expect = np.argsort(-x.astype(np.float64), kind="stable")
    np.testing.assert_array_equal(order, expect.astype(np.uint32))
    np.testing.assert_array_equal(vals, x[expect])
