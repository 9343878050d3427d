"""AIPP on the Model: SetAippFunctions + LoadImageToLocal (GM image -> L1) against
an independent numpy reading of the unit's documented steps (crop, channel swap,
colour-space conversion, data-type conversion, padding, channel padding), and
the faults of bad use.

The kernels take their whole configuration from GM (ints in `cfg`, the half
fields in `cfgf`), so two compiled kernels (int8_t and half output) cover
every case; L1 is copied back to GM with DataCopy (A2's L1 -> GM path)."""

import numpy as np
import pytest

import asc
import asc.runtime.config as config
from conftest import gm, make_kernel, scalar
from asc.runtime.model import ModelFault

YUV420SP, XRGB8888, RGB888, YUV400 = 0, 1, 4, 9

# cfg (int32): 0 format, 1 horizSize, 2 vertSize, 3 horizStartPos, 4 vertStartPos,
# 5 srcHorizSize, 6 top, 7 bot, 8 left, 9 right, 10 paddingMode, 11-14 padding values
# (int8 output), 15-17 swap rb/uv/ax, 18 single line, 19-21 dtc mean, 22 cPaddingMode,
# 23 cPaddingValue (int8 output), 24 csc enable, 25-33 csc matrix, 34-36 bias in,
# 37-39 bias out, 40 out elements, 41 image bytes, 42 uv bytes, 43 use src1.
# cfgf (float32): 0-3 padding values, 4 cPaddingValue (half output), 5-7 dtc min, 8-10 dtc var.
SOURCE = r"""#include "kernel_operator.h"

template <class T>
__aicore__ inline T pick(const AscendC::GlobalTensor<int32_t>& c, const AscendC::GlobalTensor<float>& f, int ci, int fi) {
  if constexpr (std::is_same<T, half>::value) return half(f.GetValue(fi));
  else return static_cast<T>(c.GetValue(ci));
}

template <class T>
__aicore__ inline void body(GM_ADDR img, GM_ADDR uv, GM_ADDR cfg, GM_ADDR cfgf, GM_ADDR out, int32_t which) {
  AscendC::GlobalTensor<int32_t> c;
  AscendC::GlobalTensor<float> f;
  c.SetGlobalBuffer((__gm__ int32_t*)cfg, 64);
  f.SetGlobalBuffer((__gm__ float*)cfgf, 16);
  AscendC::GlobalTensor<uint8_t> img_gm, uv_gm;
  img_gm.SetGlobalBuffer((__gm__ uint8_t*)img, c.GetValue(41));
  uv_gm.SetGlobalBuffer((__gm__ uint8_t*)uv, c.GetValue(42));
  AscendC::GlobalTensor<T> out_gm;
  int32_t n = c.GetValue(40);
  out_gm.SetGlobalBuffer((__gm__ T*)out, n);

  AscendC::AippParams<T> p;
  p.paddingParams.paddingMode = c.GetValue(10);
  p.paddingParams.paddingValueCh0 = pick<T>(c, f, 11, 0);
  p.paddingParams.paddingValueCh1 = pick<T>(c, f, 12, 1);
  p.paddingParams.paddingValueCh2 = pick<T>(c, f, 13, 2);
  p.paddingParams.paddingValueCh3 = pick<T>(c, f, 14, 3);
  p.swapParams.isSwapRB = c.GetValue(15);
  p.swapParams.isSwapUV = c.GetValue(16);
  p.swapParams.isSwapAX = c.GetValue(17);
  p.singleLineParams.isSingleLineCopy = c.GetValue(18);
  p.dtcParams.dtcMeanCh0 = c.GetValue(19);
  p.dtcParams.dtcMeanCh1 = c.GetValue(20);
  p.dtcParams.dtcMeanCh2 = c.GetValue(21);
  p.dtcParams.dtcMinCh0 = half(f.GetValue(5));
  p.dtcParams.dtcMinCh1 = half(f.GetValue(6));
  p.dtcParams.dtcMinCh2 = half(f.GetValue(7));
  p.dtcParams.dtcVarCh0 = half(f.GetValue(8));
  p.dtcParams.dtcVarCh1 = half(f.GetValue(9));
  p.dtcParams.dtcVarCh2 = half(f.GetValue(10));
  p.cPaddingParams.cPaddingMode = c.GetValue(22);
  p.cPaddingParams.cPaddingValue = pick<T>(c, f, 23, 4);
  p.cscParams.isEnableCsc = c.GetValue(24);
  p.cscParams.cscMatrixR0C0 = c.GetValue(25);
  p.cscParams.cscMatrixR0C1 = c.GetValue(26);
  p.cscParams.cscMatrixR0C2 = c.GetValue(27);
  p.cscParams.cscMatrixR1C0 = c.GetValue(28);
  p.cscParams.cscMatrixR1C1 = c.GetValue(29);
  p.cscParams.cscMatrixR1C2 = c.GetValue(30);
  p.cscParams.cscMatrixR2C0 = c.GetValue(31);
  p.cscParams.cscMatrixR2C1 = c.GetValue(32);
  p.cscParams.cscMatrixR2C2 = c.GetValue(33);
  p.cscParams.cscBiasIn0 = c.GetValue(34);
  p.cscParams.cscBiasIn1 = c.GetValue(35);
  p.cscParams.cscBiasIn2 = c.GetValue(36);
  p.cscParams.cscBiasOut0 = c.GetValue(37);
  p.cscParams.cscBiasOut1 = c.GetValue(38);
  p.cscParams.cscBiasOut2 = c.GetValue(39);
  auto format = static_cast<AscendC::AippInputFormat>(c.GetValue(0));
  if (which != 1) {  // 1: LoadImageToLocal without a configuration
    if (c.GetValue(43)) AscendC::SetAippFunctions(img_gm, uv_gm, format, p);
    else AscendC::SetAippFunctions(img_gm, format, p);
  }
  AscendC::LoadImageToLocalParams lp(c.GetValue(1), c.GetValue(2), c.GetValue(3), c.GetValue(4), c.GetValue(5),
                                     c.GetValue(6), c.GetValue(7), c.GetValue(8), c.GetValue(9));
  AscendC::LocalTensor<T> l1(AscendC::TPosition::A1, 0, 65536 / sizeof(T));
  if (which == 2) {  // dst in UB
    AscendC::LocalTensor<T> ub(AscendC::TPosition::VECIN, 0, 4096);
    AscendC::LoadImageToLocal(ub, lp);
  }
  if (which == 3) {  // a dst too small for the padded image
    AscendC::LocalTensor<T> small(AscendC::TPosition::A1, 0, 64);
    AscendC::LoadImageToLocal(small, lp);
  }
  AscendC::LoadImageToLocal(l1, lp);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
  AscendC::DataCopy(out_gm, l1, n);
}

extern "C" __global__ __aicore__ void aipp_i8(GM_ADDR img, GM_ADDR uv, GM_ADDR cfg, GM_ADDR cfgf, GM_ADDR out, int32_t which) {
  body<int8_t>(img, uv, cfg, cfgf, out, which);
}
extern "C" __global__ __aicore__ void aipp_f16(GM_ADDR img, GM_ADDR uv, GM_ADDR cfg, GM_ADDR cfgf, GM_ADDR out, int32_t which) {
  body<half>(img, uv, cfg, cfgf, out, which);
}
"""
def params(out_dtype):
    return [gm("img", "uint8"), gm("uv", "uint8"), gm("cfg", "int32"), gm("cfgf"), gm("out", out_dtype),
            scalar("which")]
BT601_YUV2RGB = [[298, 0, 409], [298, -100, -208], [298, 516, 0]]  # ATC's BT-601 narrow, input bias 16/128/128
RGB2YUV = [[66, 129, 25], [-38, -74, 112], [112, -94, -18]]       # ATC's RGB -> BT-601 YUV, output bias 16/128/128


def reference(image, uv, dtype, fmt, horiz, vert, hstart, vstart, srcw, top=0, bot=0, left=0, right=0,
              padding_mode=0, padding_values=(0, 0, 0, 0), swap_rb=False, swap_uv=False, swap_ax=False,
              single_line=False, mean=(0, 0, 0), dmin=(0, 0, 0), dvar=(1, 1, 1), c_padding_mode=0,
              c_padding_value=0, csc=None, bias_in=(0, 0, 0), bias_out=(0, 0, 0)):
    """The unit's steps on whole arrays: crop -> channels (swap) -> CSC -> DTC -> padding."""
    if single_line:
        vert = 1
    if padding_mode == 0:
        top = bot = 0
    rows = np.arange(vstart, vstart + vert)
    cols = np.arange(hstart, hstart + horiz)
    per_px = {RGB888: 3, XRGB8888: 4, YUV400: 1, YUV420SP: 1}[fmt]
    px = image.reshape(-1, srcw, per_px)[rows][:, cols].astype(np.int64)  # vert x horiz x bytes
    if fmt == YUV420SP:
        plane = uv.reshape(-1, srcw)
        uv_rows = vstart // 2 + np.arange(vert) // 2
        uv_cols = hstart + np.arange(horiz) // 2 * 2
        u = plane[uv_rows][:, uv_cols].astype(np.int64)
        v = plane[uv_rows][:, uv_cols + 1].astype(np.int64)
        if swap_uv:
            u, v = v, u
        chans = np.stack([px[..., 0], u, v], axis=-1)
    elif fmt == YUV400:
        chans = np.stack([px[..., 0], np.zeros_like(px[..., 0]), np.zeros_like(px[..., 0])], axis=-1)
        if csc is None:
            chans = chans[..., :1]
    elif fmt == XRGB8888:
        order = {(True, True): [3, 2, 1], (False, True): [1, 2, 3], (True, False): [2, 1, 0],
                 (False, False): [0, 1, 2]}[(swap_rb, swap_ax)]
        chans = px[..., order]
    else:
        chans = px[..., [2, 1, 0] if swap_rb else [0, 1, 2]]
    if csc is not None:
        m = np.array(csc, np.int64)
        if fmt in (RGB888, XRGB8888):
            acc = np.einsum("kc,hwc->hwk", m, chans) + 128
            vals = np.trunc(acc / 256).astype(np.int64) + np.array(bias_out)
        else:
            acc = np.einsum("kc,hwc->hwk", m, chans - np.array(bias_in)) + 128
            vals = np.trunc(acc / 256).astype(np.int64)
        vals = vals & 0xFF  # kept as 8 bits
    else:
        vals = chans
    nch = vals.shape[-1]
    if dtype == np.int8:
        conv = (vals - np.array(mean[:nch])).astype(np.int8)
    else:
        h = (vals - np.array(mean[:nch])).astype(np.float16)
        h = (h - np.array(dmin[:nch], np.float16)).astype(np.float16)
        conv = (h * np.array(dvar[:nch], np.float16)).astype(np.float16)
    cpad = (32 // np.dtype(dtype).itemsize) if c_padding_mode == 0 else 4
    height, width = vert + top + bot, horiz + left + right
    out = np.zeros((height, width, cpad), dtype)
    out[..., nch:] = c_padding_value
    out[top:top + vert, left:left + horiz, :nch] = conv
    padc = 4 if padding_mode == 0 else nch
    outside = np.ones((height, width), bool)
    outside[top:top + vert, left:left + horiz] = False
    if padding_mode == 0:
        for k in range(padc):
            out[outside, k] = padding_values[k]
    else:
        def source(i, lo, size, far):  # the image pixel a padding pixel copies, on one axis
            if padding_mode == 1:
                return min(max(i, lo), lo + size - 1)
            if padding_mode == 2:
                return lo + i if i < lo else (i - far if i >= lo + size else i)
            return 2 * lo - i - 1 if i < lo else (2 * (lo + size) - i - 1 if i >= lo + size else i)
        flat = out.reshape(-1)
        for i in range(height):
            for j in range(width):
                if outside[i, j]:
                    si, sj = source(i, top, vert, bot), source(j, left, horiz, right)
                    for k in range(padc):
                        flat[(i * width + j) * cpad + k] = flat[(si * width + sj) * cpad + k]
    return out.reshape(-1)


def _cfg(fmt, horiz, vert, hstart, vstart, srcw, dtype, n, img_bytes, uv_bytes, top=0, bot=0, left=0, right=0,
         padding_mode=0, padding_values=(0, 0, 0, 0), swap_rb=False, swap_uv=False, swap_ax=False,
         single_line=False, mean=(0, 0, 0), dmin=(0, 0, 0), dvar=(1, 1, 1), c_padding_mode=0, c_padding_value=0,
         csc=None, bias_in=(0, 0, 0), bias_out=(0, 0, 0), use_src1=None):
    c = np.zeros(64, np.int32)
    f = np.zeros(16, np.float32)
    c[:11] = [fmt, horiz, vert, hstart, vstart, srcw, top, bot, left, right, padding_mode]
    if dtype == np.int8:
        c[11:15] = padding_values
        c[23] = c_padding_value
    else:
        f[0:4] = padding_values
        f[4] = c_padding_value
    c[15:19] = [swap_rb, swap_uv, swap_ax, single_line]
    c[19:22] = mean
    c[22] = c_padding_mode
    f[5:8], f[8:11] = dmin, dvar
    if csc is not None:
        c[24] = 1
        c[25:34] = np.array(csc).reshape(-1)
        c[34:37], c[37:40] = bias_in, bias_out
    c[40], c[41], c[42] = n, img_bytes, uv_bytes
    c[43] = (fmt == YUV420SP) if use_src1 is None else use_src1
    return c, f


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    cache = tmp_path_factory.mktemp("aipp") / "kernels"
    return {name: make_kernel(name, SOURCE, params(out), cache_dir=cache, kernel_type="AIC_ONLY")
            for name, out in (("aipp_i8", "int8"), ("aipp_f16", "float16"))}


def launch(backend, kernels, dtype, image, uv, which=0, **kw):
    ref = reference(image, uv, dtype, **{k: v for k, v in kw.items() if k != "use_src1"})
    per_block = 32 // np.dtype(dtype).itemsize
    n = -(-ref.size // per_block) * per_block  # DataCopy L1 -> GM moves whole 32-byte blocks
    c, f = _cfg(dtype=dtype, n=n, img_bytes=image.size, uv_bytes=uv.size, **kw)
    out = np.full(n, 77, dtype)
    k = kernels["aipp_i8" if dtype == np.int8 else "aipp_f16"]
    backend.load(k)(1, None, [image, uv, c, f, out, which])
    return out[:ref.size], ref


RNG = np.random.default_rng(7)
IMG_RGB = RNG.integers(0, 256, 12 * 10 * 3, dtype=np.uint8)    # 10 wide, 12 rows, RGB888
IMG_XRGB = RNG.integers(0, 256, 8 * 10 * 4, dtype=np.uint8)    # 10 wide, 8 rows, XRGB8888
IMG_Y = RNG.integers(0, 256, 8 * 12, dtype=np.uint8)           # 12 wide, 8 rows, Y plane
IMG_UV = RNG.integers(0, 256, 4 * 12, dtype=np.uint8)          # its UV plane (4 rows of 6 pairs)
NO_UV = np.zeros(32, np.uint8)

CASES = {
    "rgb_swap_crop_mean_lr_pad": (np.int8, IMG_RGB, NO_UV, dict(
        fmt=RGB888, horiz=6, vert=5, hstart=2, vstart=3, srcw=10, left=2, right=3, top=4, bot=1,
        padding_mode=0, padding_values=(-1, -2, -3, -4), swap_rb=True, mean=(10, 20, 30), c_padding_value=9)),
    "yuv420_csc_half_edge_pad": (np.float16, IMG_Y, IMG_UV, dict(
        fmt=YUV420SP, horiz=6, vert=4, hstart=2, vstart=2, srcw=12, top=2, bot=1, left=1, right=2,
        padding_mode=1, csc=BT601_YUV2RGB, bias_in=(16, 128, 128), mean=(104, 117, 123),
        dmin=(0.5, 0.25, 0), dvar=(0.0171, 0.0175, 0.0174), c_padding_mode=1, c_padding_value=-1.5)),
    "yuv420_swap_uv_no_csc": (np.int8, IMG_Y, IMG_UV, dict(
        fmt=YUV420SP, horiz=5, vert=3, hstart=4, vstart=1, srcw=12, swap_uv=True, c_padding_mode=1)),
    "xrgb_swap_ax_rb_mirror_pad": (np.int8, IMG_XRGB, NO_UV, dict(
        fmt=XRGB8888, horiz=4, vert=3, hstart=1, vstart=2, srcw=10, top=2, bot=3, left=3, right=1,
        padding_mode=3, swap_rb=True, swap_ax=True)),
    "xrgb_swap_ax_single_line": (np.float16, IMG_XRGB, NO_UV, dict(
        fmt=XRGB8888, horiz=7, vert=4, hstart=0, vstart=5, srcw=10, single_line=True, swap_ax=True,
        mean=(1, 2, 3), dvar=(0.5, 2, 1))),
    "yuv400_gray_shift_pad": (np.int8, IMG_Y, NO_UV, dict(
        fmt=YUV400, horiz=6, vert=4, hstart=3, vstart=2, srcw=12, top=2, bot=2, left=2, right=2,
        padding_mode=2, mean=(100, 0, 0), c_padding_value=5)),
    "rgb_to_yuv_csc_half": (np.float16, IMG_RGB, NO_UV, dict(
        fmt=RGB888, horiz=5, vert=4, hstart=0, vstart=0, srcw=10, csc=RGB2YUV, bias_out=(16, 128, 128),
        left=1, padding_values=(2.5, 3.5, 4.5, 5.5))),
}


@pytest.mark.parametrize("case", list(CASES))
def test_load_image_matches_the_documented_steps(backend, kernels, case):
    dtype, image, uv, kw = CASES[case]
    out, ref = launch(backend, kernels, dtype, image, uv, **kw)
    np.testing.assert_array_equal(out, ref)


def test_reference_knows_the_basics():
    # The reference itself on a 2x2 RGB crop: swap, mean, channel padding to 32 bytes.
    img = np.arange(2 * 2 * 3, dtype=np.uint8)
    out = reference(img, NO_UV, np.int8, RGB888, 2, 2, 0, 0, 2, swap_rb=True, mean=(1, 1, 1),
                    c_padding_value=7).reshape(2, 2, 32)
    assert list(out[0, 0, :4]) == [1, 0, -1, 7] and list(out[1, 1, :3]) == [10, 9, 8]


def test_vector_core_load_is_a_fault(backend, kernels):
    # Atlas A2 runs LoadImageToLocal on the AIC only (a vector core skips it): the Model says so.
    dtype, image, uv, kw = CASES["rgb_swap_crop_mean_lr_pad"]
    c, f = _cfg(dtype=dtype, n=4096, img_bytes=image.size, uv_bytes=uv.size, **kw)
    k = make_kernel("aipp_i8", SOURCE, params("int8"), cache_dir=kernels["aipp_i8"].cache_dir,
                    kernel_type="AIV_ONLY")
    with pytest.raises(ModelFault, match=r"LoadImageToLocal: the AIPP unit is on the cube core, and this is a "
                                         r"vector core.*kernel type AIC_ONLY"):
        backend.load(k)(1, None, [image, uv, c, f, np.zeros(4096, dtype), 0])


BASE = dict(fmt=RGB888, horiz=4, vert=2, hstart=0, vstart=0, srcw=4)


@pytest.mark.parametrize("which,kw,match", [
    (1, {}, r"LoadImageToLocal: no AIPP configuration on this core: call SetAippFunctions first"),
    (2, {}, r"LoadImageToLocal: dst must be in A1 / B1 \(L1\)"),
    (3, {}, r"LoadImageToLocal: writes L1 .*outside its tensor"),
    (0, {"horiz": 1}, r"LoadImageToLocal: horizSize 1 is out of range \[2, 4095\]"),
    (0, {"left": 33}, r"LoadImageToLocal: leftPadSize 33 is out of range \[0, 32\]"),
    (0, {"vstart": 10}, r"LoadImageToLocal: reads GM .*outside"),
    (0, {"fmt": YUV420SP, "srcw": 8, "use_src1": 0},
     r"a YUV420SP_U8 image needs its UV plane: SetAippFunctions\(src0, src1, format, config\)"),
    (0, {"padding_mode": 3, "left": 5}, r"padding modes 2 and 3 copy image pixels"),
])
def test_faults_name_the_call(backend, kernels, which, kw, match):
    image = RNG.integers(0, 256, 4 * 4 * 3, dtype=np.uint8)
    args = {**BASE, **kw}
    c, f = _cfg(dtype=np.int8, n=4096, img_bytes=image.size, uv_bytes=NO_UV.size, **args)
    out = np.zeros(4096, np.int8)
    with pytest.raises(ModelFault, match=match):
        backend.load(kernels["aipp_i8"])(1, None, [image, NO_UV, c, f, out, which])


# ------------------------------------------------------------------ through @asc.jit

@asc.jit(kernel_type=config.KernelType.AIC_ONLY)
def rgb_to_l1(img_addr: asc.GlobalAddress, out_addr: asc.GlobalAddress, width: int, n_out: int):
    img = asc.GlobalTensor()
    img.set_global_buffer(img_addr)
    out = asc.GlobalTensor()
    out.set_global_buffer(out_addr, n_out)
    cfg = asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True),
                         dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=1, dtc_mean_ch1=2, dtc_mean_ch2=3),
                         c_padding_params=asc.AippChannelPaddingParams(c_padding_mode=1, c_padding_value=-7))
    asc.set_aipp_functions(img, asc.AippInputFormat.RGB888_U8, cfg)
    l1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, 4096)
    asc.load_image_to_local(l1, asc.LoadImageToLocalParams(4, 2, 1, 1, width))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(out, l1, n_out)


def test_jit_kernel_loads_an_image():
    image = RNG.integers(0, 256, 6 * 3 * 3, dtype=np.uint8)  # 6 wide, 3 rows
    out = np.zeros(32, np.int8)
    rgb_to_l1[1](image, out, 6, 32)
    ref = reference(image, NO_UV, np.int8, RGB888, 4, 2, 1, 1, 6, swap_rb=True, mean=(1, 2, 3),
                    c_padding_mode=1, c_padding_value=-7)
    np.testing.assert_array_equal(out, ref)


@asc.jit
def vector_copy_after_aipp(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    # pyasc's generalization test_aipp: a vector kernel configures AIPP, then copies GM -> UB -> GM;
    # the configuration only affects LoadImageToLocal, so the data comes back unchanged.
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    cfg = asc.AippParams(dtype=asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True))
    asc.set_aipp_functions(x_gm, asc.AippInputFormat.RGB888_U8, cfg)
    t = asc.LocalTensor(x_gm.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, n)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.float16])
def test_configuring_aipp_leaves_other_copies_alone(dtype):
    x = RNG.integers(0, 127, 16 * 16 * 3).astype(dtype)
    z = np.zeros_like(x)
    vector_copy_after_aipp[1](x, z, x.size)
    np.testing.assert_array_equal(z, x)
