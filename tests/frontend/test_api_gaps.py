"""SliceInfo / slice-list data_copy, TensorDesc / ListTensorDesc, TensorShape /
LocalTensorAuto, TBufHandle / TPipeManager: the emitted Ascend C of each form,
and its numerics on the Model against numpy."""

import numpy as np
import pytest

import asc
from emit_check import check, check_next, compile_source

F16 = asc.float16


# ------------------------------------------------------------ slice-list data_copy
@asc.jit
def k_slices(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 3 * 87)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, 96)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 4 * 64)
    ub = asc.LocalTensor(F16, asc.TPosition.VECIN, 0, 96)
    # src: a 3 x 87 array; rows 0 and 2 (stride 1 row), columns 16..63 (one burst of 3 blocks)
    src_sl = [asc.SliceInfo(16, 70, 7, 3, 87), asc.SliceInfo(0, 2, 1, 1, 3)]
    ub_sl = [asc.SliceInfo(0, 47, 0, 3, 48), asc.SliceInfo(0, 1, 0, 1, 2)]
    asc.data_copy(ub, x_gm, ub_sl, src_sl, 2)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, ub, 96)
    # back out into rows 1 and 3, columns 8..55 of a 4 x 64 array
    out_sl = [asc.SliceInfo(start_index=8, end_index=55, burst_len=3, shape_value=64),
              asc.SliceInfo(1, 3, 1, 1, 4)]
    asc.data_copy(z_gm, ub, out_sl, ub_sl, 2)


def test_slice_info_fields():
    s = asc.SliceInfo()
    assert s[0] == 0 and s["end_index"] == 31 and s[3] == 32 and s[-1] == 0 and len(s) == 5
    s = asc.SliceInfo(1, 2, 3, 4, 5)
    assert s[1:3] == [2, 3] and s["shape_value"] == 5
    with pytest.raises(KeyError):
        s["nope"]
    assert "SliceInfo" in asc.SliceInfo.__doc__


def test_slice_copy_emitted():
    text = compile_source(k_slices, np.zeros(3 * 87, np.float16), np.zeros(96, np.float16),
                          np.zeros(256, np.float16))
    check(text, "AscendC::SliceInfo", "{16, 70, 7, 3, 87}")
    check_next(text, "AscendC::SliceInfo ", "AscendC::SliceInfo ")
    check(text, "[2] = {", "[2] = {", "AscendC::DataCopy(", ", 2);")
    assert text.count("AscendC::DataCopy(") == 3
    check(text, "{8, 55, 0, 3, 64}")


def test_slice_copy_numerics():
    x = (np.arange(3 * 87) % 1000).astype(np.float16)
    y = np.zeros(96, np.float16)
    z = np.full(256, -1, np.float16)
    k_slices[1](x, y, z)
    ref = x.reshape(3, 87)[[0, 2], 16:64]
    np.testing.assert_array_equal(y.reshape(2, 48), ref)
    zr = np.full((4, 64), -1, np.float16)
    zr[[1, 3], 8:56] = ref
    np.testing.assert_array_equal(z.reshape(4, 64), zr)


@asc.jit
def k_slice_bad(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    ub = asc.LocalTensor(F16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(ub, x_gm, [asc.SliceInfo(0, 47, 0, 3, 48)], [asc.SliceInfo(0, 31, 0, 2, 256)], 1)


def test_slice_copy_burst_mismatch_faults():
    from asc.runtime.model import ModelFault
    with pytest.raises(ModelFault, match="burstLen"):
        k_slice_bad[1](np.zeros(256, np.float16))
