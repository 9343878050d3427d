"""Load3Dv2 img2col on the Model (asc_model::load_3d_v2, api/cube_load.h):
LoadData with LoadData3DParamsV2 (default IsResetLoad3dConfig, and {false, false}
reading the FMATRIX / padding registers), LoadData3DParamsV2Pro (extConfig /
filterConfig), SetFmatrix LEFT / RIGHT with fMatrixCtrl, SetLoadDataPaddingValue,
enTranspose into L0A (16/32-bit; no effect on 8-bit), the always-transposing L0B
form, SetLoadDataRepeat (both modes), SetLoadDataBoundary (the feature map wraps to
L1's start) and the filterSizeW high bit; plus the vendor's range checks as faults.

Each case loads L0A or L0B, then reads the whole buffer back through Mmad with an
identity on the other side and Fixpipe, and compares with an independent numpy
img2col (a padded map sliced per filter tap), so a layout error shows as a wrong
matrix: L0A holds S (zZ) or S^T (enTranspose), L0B holds S as the k x n matrix.
Fractal rows the transposing forms skip (past kExtension) keep the sentinel the
buffer was filled with first."""

import numpy as np
import pytest

from conftest import gm, scalar
from test_cube_matmul import to_zn, to_zz
from asc.runtime.model import ModelFault

KERNEL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void l3d(GM_ADDR fm, GM_ADDR idn, GM_ADDR sent, GM_ADDR out, int32_t fm_n, int32_t fm_at, int32_t wrap_n, int32_t boundary, int32_t sent_n, int32_t dst_n, int32_t id_n, int32_t form, int32_t dst_b, int32_t fmctrl, int32_t l1h, int32_t l1w, int32_t pl, int32_t pr, int32_t pt, int32_t pb, int32_t cs, int32_t kext, int32_t mext, int32_t kst, int32_t mst, int32_t sw, int32_t sh, int32_t fw, int32_t fh, int32_t dw, int32_t dh, int32_t fsw, int32_t fsh, int32_t trans, int32_t padv, int32_t rtime, int32_t rstride, int32_t rmode, int32_t rm, int32_t rk, int32_t rn) {
  constexpr int32_t F = 512 / sizeof(DT);
  AscendC::GlobalTensor<DT> fm_gm;
  AscendC::GlobalTensor<DT> id_gm;
  AscendC::GlobalTensor<DT> s_gm;
  AscendC::GlobalTensor<CT> o_gm;
  fm_gm.SetGlobalBuffer((__gm__ DT*)fm, fm_n);
  id_gm.SetGlobalBuffer((__gm__ DT*)idn, id_n);
  s_gm.SetGlobalBuffer((__gm__ DT*)sent, sent_n);
  o_gm.SetGlobalBuffer((__gm__ CT*)out, rm * rn);
  AscendC::LocalTensor<DT> fm_l1(AscendC::TPosition::A1, fm_at, fm_n);
  AscendC::LocalTensor<DT> id_l1(AscendC::TPosition::B1, 262144, id_n);
  AscendC::LocalTensor<DT> s_l1(AscendC::TPosition::B1, 393216, sent_n);
  AscendC::DataCopy(fm_l1, fm_gm, fm_n - wrap_n);
  if (wrap_n > 0) {  // the map's part past the boundary lives at L1's start; junk where it would be unwrapped
    AscendC::LocalTensor<DT> head(AscendC::TPosition::A1, 0, wrap_n);
    AscendC::DataCopy(head, fm_gm[fm_n - wrap_n], wrap_n);
    AscendC::LocalTensor<DT> junk(AscendC::TPosition::A1, boundary, wrap_n);
    AscendC::DataCopy(junk, s_gm, wrap_n);
  }
  AscendC::DataCopy(id_l1, id_gm, id_n);
  AscendC::DataCopy(s_l1, s_gm, sent_n);
  AscendC::LocalTensor<DT> dst = dst_b ? AscendC::LocalTensor<DT>(AscendC::TPosition::B2, 0, dst_n)
                                       : AscendC::LocalTensor<DT>(AscendC::TPosition::A2, 0, dst_n);
  AscendC::LoadData2DParams fill{0, dst_n / F, 1, 0, 0, false, 0};
  AscendC::LoadData(dst, s_l1, fill);
  const uint8_t pads[4] = {(uint8_t)pl, (uint8_t)pr, (uint8_t)pt, (uint8_t)pb};
  const uint8_t junkpads[4] = {3, 0, 2, 0};
  if (boundary) AscendC::SetLoadDataBoundary(boundary);
  AscendC::SetLoadDataRepeat({(uint16_t)rstride, (uint8_t)rtime, (uint8_t)rmode});
  if (form == 0) {
    AscendC::LoadData3DParamsV2<DT> p(pads, l1h, l1w, cs, kext, mext, kst, mst, sw, sh, fw, fh, dw, dh, trans, false, (DT)(float)padv, fsw, fsh, false);
    AscendC::LoadData(dst, fm_l1, p);
  } else {
    // the FMATRIX fMatrixCtrl selects gets the map; the other one and p's own fields get junk
    if (form != 3) {
      AscendC::SetFmatrix(l1h, l1w, pads, fmctrl ? AscendC::FmatrixMode::FMATRIX_RIGHT : AscendC::FmatrixMode::FMATRIX_LEFT);
      AscendC::SetFmatrix(1, 1, junkpads, fmctrl ? AscendC::FmatrixMode::FMATRIX_LEFT : AscendC::FmatrixMode::FMATRIX_RIGHT);
    }
    AscendC::SetLoadDataPaddingValue((DT)(float)padv);
    if (form == 1) {
      static constexpr AscendC::IsResetLoad3dConfig KEEP = {false, false};
      AscendC::LoadData3DParamsV2<DT> p(junkpads, 1, 1, cs, kext, mext, kst, mst, sw, sh, fw, fh, dw, dh, trans, false, (DT)0.0f, fsw, fsh, fmctrl);
      AscendC::LoadData<DT, KEEP>(dst, fm_l1, p);
    } else {
      AscendC::LoadData3DParamsV2Pro p;
      p.channelSize = cs;
      p.enTranspose = trans;
      p.filterSizeW = fsw;
      p.filterSizeH = fsh;
      p.fMatrixCtrl = fmctrl;
      p.extConfig = (uint64_t)kext | (uint64_t)mext << 16 | (uint64_t)kst << 32 | (uint64_t)mst << 48;
      p.filterConfig = (uint64_t)sw | (uint64_t)sh << 8 | (uint64_t)fw << 16 | (uint64_t)fh << 24 | (uint64_t)dw << 32 | (uint64_t)dh << 40;
      AscendC::LoadData(dst, fm_l1, p);
    }
  }
  AscendC::SetLoadDataBoundary(0);
  AscendC::SetLoadDataRepeat({0, 1, 0});
  AscendC::LoadData2DParams lid{0, id_n / F, 1, 0, 0, false, 0};
  AscendC::LocalTensor<CT> c_l0(AscendC::TPosition::CO1, 0, (rm + 15) / 16 * 16 * ((rn + 15) / 16 * 16));
  AscendC::MmadParams mp{rm, rn, rk, 0, false, true};
  if (dst_b) {
    AscendC::LocalTensor<DT> ida(AscendC::TPosition::A2, 0, id_n);
    AscendC::LoadData(ida, id_l1, lid);
    AscendC::Mmad(c_l0, ida, dst, mp);
  } else {
    AscendC::LocalTensor<DT> idb(AscendC::TPosition::B2, 0, id_n);
    AscendC::LoadData(idb, id_l1, lid);
    AscendC::Mmad(c_l0, dst, idb, mp);
  }
  AscendC::FixpipeParamsV220 fp{rn, rm, (rm + 15) / 16 * 16, rn, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<CT, CT, AscendC::CFG_ROW_MAJOR>(o_gm, c_l0, fp);
  return;
}
"""
NAMES = ("fm_n fm_at wrap_n boundary sent_n dst_n id_n form dst_b fmctrl l1h l1w pl pr pt pb cs kext mext kst mst "
         "sw sh fw fh dw dh fsw fsh trans padv rtime rstride rmode rm rk rn").split()
TYPES = {"half": ("float16", "float", "float32"), "float": ("float32", "float", "float32"),
         "int8_t": ("int8", "int32_t", "int32")}
SENTINEL = -7


def img2col(x5, pads, stride, dil, filt, padv, cols):
    """The img2col matrix of a [C1][H][W][C0] map: row = output position (oh, ow),
    column = ((c1*fh + kh)*fw + kw)*C0 + c0; columns past the map's are padv."""
    c1n, h, w, c0 = x5.shape
    pl, pr, pt, pb = pads
    fh, fw = filt
    xp = np.full((c1n, h + pt + pb, w + pl + pr, c0), padv, np.float64)
    xp[:, pt:pt + h, pl:pl + w] = x5
    ho = (h + pt + pb - dil[0] * (fh - 1) - 1) // stride[0] + 1
    wo = (w + pl + pr - dil[1] * (fw - 1) - 1) // stride[1] + 1
    taps = np.empty((ho, wo, c1n, fh, fw, c0))
    for kh in range(fh):
        for kw in range(fw):
            win = xp[:, kh * dil[0]:kh * dil[0] + stride[0] * (ho - 1) + 1:stride[0],
                     kw * dil[1]:kw * dil[1] + stride[1] * (wo - 1) + 1:stride[1]]
            taps[:, :, :, kh, kw, :] = win.transpose(1, 2, 0, 3)
    s = taps.reshape(ho * wo, c1n * fh * fw * c0)
    if cols > s.shape[1]:
        s = np.hstack([s, np.full((s.shape[0], cols - s.shape[1]), padv)])
    return s


def up16(x):
    return (x + 15) // 16 * 16


def run_case(run, dt, *, c, h, w, pads=(0, 0, 0, 0), stride=(1, 1), dil=(1, 1), filt=(1, 1), fsize=(0, 0),
             mext, kext, mst=0, kst=0, form=0, dst_b=0, fmctrl=0, trans=0, padv=0, rep=(1, 0, 0),
             boundary=0, fm_at=0, rm=None, cs=None, reference=True):
    """Load the img2col block and read it back: returns (out, expected); cs
    overrides channelSize; reference=False skips the numpy side (fault cases)."""
    npdt, ct, cdt = TYPES[dt]
    isz = np.dtype(npdt).itemsize
    c0 = 32 // isz
    f = 512 // isz
    rng = np.random.default_rng(c * h * w + mext + kext)
    x5 = rng.integers(-5, 6, (c // c0, h, w, c0)).astype(npdt)
    fh, fw = filt[0] + 256 * fsize[0], filt[1] + 256 * fsize[1]
    rtime, rstride, rmode = rep
    m1 = (mext + 15) // 16
    rows = m1 * 16
    blk = np.zeros((rtime * rows, kext))
    if reference:
        kmax = kst + kext + (rtime - 1) * rstride * c0 * (rmode == 1)
        s = img2col(x5.astype(np.float64), pads, stride, dil, (fh, fw), padv, kmax)
        blocks = []
        for r in range(rtime):
            m0 = mst + r * rstride * 16 * (rmode == 0)
            k0 = kst + r * rstride * c0 * (rmode == 1)
            assert m0 + rows <= s.shape[0], "the case reads rows past Ho*Wo (not in the reference)"
            blocks.append(s[m0:m0 + rows, k0:k0 + kext])
        blk = np.vstack(blocks)
    transposed = dst_b or (trans and isz != 1)
    if not dst_b and transposed:  # L0A holds S^T: kext rows (16-row fractals) x rows columns
        rm_, rk, rn = up16(kext), rows, rows
        expect = np.full((rm_, rn), SENTINEL, np.float64)
        expect[:kext] = blk.T
        ident = to_zn(np.eye(rk, rn, dtype=npdt), c0)
        dst_n = (up16(kext) // 16) * (rows // c0) * f
    elif not dst_b:  # L0A zZ
        rm_, rk, rn = rtime * rows, kext, up16(kext)
        expect = np.zeros((rm_, rn))
        expect[:, :kext] = blk
        ident = to_zn(np.eye(-(-rk // c0) * c0, rn, dtype=npdt), c0)  # (rounded up for the fault cases)
        dst_n = rtime * m1 * (kext // c0) * f
    else:  # L0B: S as the k x n matrix, n fractal rows past kext skipped
        rm_, rk, rn = rtime * rows, rtime * rows, up16(kext)
        expect = np.full((rm_, rn), SENTINEL, np.float64)
        expect[:, :kext] = blk
        ident = to_zz(np.eye(rm_, rk, dtype=npdt), c0)
        dst_n = rtime * (rows // c0) * (up16(kext) // 16) * f
    if rm is not None:
        rm_ = rm
        expect = expect[:rm]
    fm = x5.ravel()
    wrap_n = 0
    if boundary and fm_at + fm.size * isz > boundary:
        wrap_n = fm.size - (boundary - fm_at) // isz
    sent = np.full(max(dst_n, wrap_n, 512), SENTINEL, npdt)
    out = np.zeros((rm_, rn), cdt)
    vals = dict(fm_n=fm.size, fm_at=fm_at, wrap_n=wrap_n, boundary=boundary, sent_n=sent.size, dst_n=dst_n,
                id_n=ident.size, form=form, dst_b=dst_b, fmctrl=fmctrl, l1h=h, l1w=w, pl=pads[0], pr=pads[1],
                pt=pads[2], pb=pads[3], cs=c if cs is None else cs, kext=kext, mext=mext, kst=kst, mst=mst, sw=stride[1], sh=stride[0],
                fw=filt[1], fh=filt[0], dw=dil[1], dh=dil[0], fsw=fsize[1], fsh=fsize[0], trans=trans, padv=padv,
                rtime=rtime, rstride=rstride, rmode=rmode, rm=rm_, rk=rk, rn=rn)
    src = KERNEL.replace("DT", dt).replace("CT", ct)
    params = [gm("fm", npdt), gm("idn", npdt), gm("sent", npdt), gm("out", cdt)] + [scalar(n) for n in NAMES]
    run("l3d", src, params, 1, [fm, ident, sent, out] + [vals[n] for n in NAMES])
    return out, expect


CASES = {
    # 3x3 conv window, padding 1, a K slice (kStartPt) of two channel blocks: zZ in L0A
    "conv_v2": ("half", dict(c=32, h=6, w=6, pads=(1, 1, 1, 1), filt=(3, 3), mext=32, kext=64, kst=32, padv=0)),
    # strides, dilations, asymmetric padding and a pad value, from the registers (LEFT)
    "regs_left": ("half", dict(c=16, h=9, w=11, pads=(2, 0, 1, 3), stride=(2, 1), dil=(1, 2), filt=(2, 3),
                               mext=32, kext=48, mst=16, kst=16, padv=3, form=1)),
    # LoadData3DParamsV2 with fMatrixCtrl: the RIGHT FMATRIX
    "regs_right": ("half", dict(c=16, h=5, w=7, pads=(1, 1, 1, 1), filt=(3, 3), mext=32, kext=80, padv=-2,
                                form=1, fmctrl=1)),
    # LoadData3DParamsV2Pro (extConfig / filterConfig), RIGHT FMATRIX
    "v2pro": ("half", dict(c=32, h=8, w=8, pads=(1, 0, 1, 0), stride=(1, 2), filt=(2, 2), mext=32, kext=96,
                           kst=32, mst=0, padv=1, form=2, fmctrl=1)),
    # the vendor's transposed A: l1H 1, l1W = k, channels = m; L0A holds A (S^T)
    "a_transpose_half": ("half", dict(c=32, h=1, w=48, mext=48, kext=32, trans=1)),
    # float: 16 x 16 squares; kExtension 24 leaves the last square's 8 dummy rows untouched
    "a_transpose_float": ("float", dict(c=24, h=1, w=32, mext=32, kext=24, trans=1)),
    # L0B always transposes (enTranspose false here); float's n rows 8..15 skipped
    "b_float": ("float", dict(c=8, h=1, w=32, mext=32, kext=8, trans=0, dst_b=1)),
    "b_half_v2pro": ("half", dict(c=32, h=4, w=8, pads=(1, 1, 0, 0), filt=(1, 3), mext=32, kext=64, kst=32,
                                  padv=2, form=2, dst_b=1, trans=1)),
    # int8: enTranspose has no effect in L0A (the vendor's note)
    "int8_transpose_ignored": ("int8_t", dict(c=64, h=4, w=8, filt=(1, 1), mext=32, kext=64, trans=1)),
    # float zZ with mExtension 24 (not a multiple of 16: the fractal's rows 24..31 follow the img2col)
    "float_zz": ("float", dict(c=16, h=6, w=6, pads=(1, 1, 1, 1), filt=(2, 2), mext=24, kext=32, kst=8)),
    # SetLoadDataRepeat: mode 0 steps mStartPt by repeatStride*16, mode 1 kStartPt by repeatStride*C0
    "repeat_height": ("half", dict(c=16, h=8, w=8, pads=(1, 1, 1, 1), filt=(3, 3), mext=16, kext=32,
                                   rep=(3, 1, 0))),
    "repeat_width": ("half", dict(c=16, h=8, w=8, filt=(3, 3), mext=16, kext=16, kst=16, rep=(3, 2, 1))),
    "repeat_b": ("half", dict(c=32, h=1, w=64, mext=16, kext=32, dst_b=1, rep=(2, 2, 0))),
    # SetLoadDataBoundary: the map runs past byte 4096, whose bytes come from L1's start
    "boundary_wrap": ("half", dict(c=32, h=4, w=8, filt=(1, 2), mext=16, kext=64, boundary=4096, fm_at=3072)),
    "boundary_wrap_b": ("float", dict(c=16, h=4, w=16, mext=32, kext=16, dst_b=1, boundary=4096, fm_at=3072,
                                      form=1)),
    # filterSizeW: filter width filterW + 256; the taps of kw = 256 start at column 256*16
    "filter_size_high_bit": ("half", dict(c=16, h=4, w=260, filt=(1, 1), fsize=(0, 1), mext=16, kext=16,
                                          kst=256 * 16)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_load3dv2(run, case):
    dt, kw = CASES[case]
    out, expect = run_case(run, dt, **kw)
    np.testing.assert_array_equal(out, expect.astype(out.dtype))


FAULTS = [
    (dict(form=1, c=16, h=0, w=4, mext=16, kext=16), r"SetFmatrix: l1H 0 / l1W 4 outside \[1, 32767\]"),
    (dict(c=16, h=4, w=4, stride=(1, 64), mext=16, kext=16), r"LoadData: strideW 64 / strideH 1 outside \[1, 63\]"),
    (dict(form=3, c=16, h=4, w=4, mext=16, kext=16), r"LoadData: the left FMATRIX holds l1H 0, l1W 0"),
    (dict(c=16, h=4, w=4, mext=16, kext=16, boundary=512), r"boundary of at least 1024 bytes"),
    (dict(c=16, h=4, w=4, mext=16, kext=24), r"kExtension 24 and kStartPt 0 must be multiples of C0"),
    (dict(c=16, cs=20, h=4, w=4, mext=16, kext=16), r"channelSize 20 is not a positive multiple of C0 = 16"),
    (dict(c=16, h=4, w=4, mext=8, kext=16), r"mExtension 8 and mStartPt 0 must be multiples of 16"),
]


@pytest.mark.parametrize("kw,match", FAULTS)
def test_load3dv2_faults(run, kw, match):
    with pytest.raises(ModelFault, match=match):
        run_case(run, "half", reference=False, **kw)


def test_load3dv2_int8_into_l0b_faults(run):
    with pytest.raises(ModelFault, match=r"LoadData: Load3Dv2 into B2 \(L0B\) takes .* not 8-bit types"):
        run_case(run, "int8_t", c=32, h=1, w=32, mext=32, kext=32, dst_b=1, reference=False)


V1_REGS = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void l3d1(GM_ADDR fm, GM_ADDR idn, GM_ADDR out1, GM_ADDR out2, int32_t fm_n, int32_t id_n, int32_t h, int32_t w, int32_t taps, int32_t padv) {
  AscendC::GlobalTensor<half> fm_gm;
  AscendC::GlobalTensor<half> id_gm;
  AscendC::GlobalTensor<float> o1;
  AscendC::GlobalTensor<float> o2;
  fm_gm.SetGlobalBuffer((__gm__ half*)fm, fm_n);
  id_gm.SetGlobalBuffer((__gm__ half*)idn, id_n);
  o1.SetGlobalBuffer((__gm__ float*)out1, 16 * taps * 16);
  o2.SetGlobalBuffer((__gm__ float*)out2, 16 * taps * 16);
  AscendC::LocalTensor<half> fm_l1(AscendC::TPosition::A1, 0, fm_n);
  AscendC::LocalTensor<half> id_l1(AscendC::TPosition::B1, 131072, id_n);
  AscendC::DataCopy(fm_l1, fm_gm, fm_n);
  AscendC::DataCopy(id_l1, id_gm, id_n);
  AscendC::LocalTensor<half> a0(AscendC::TPosition::A2, 0, taps * 256);
  AscendC::LocalTensor<half> a1(AscendC::TPosition::A2, 32768, taps * 256);
  const uint8_t pads[4] = {1, 1, 1, 1};
  const uint8_t junk[4] = {0, 2, 0, 2};
  // the default config writes the left FMATRIX and the padding register from p
  AscendC::LoadData3DParamsV1<half> p(pads, h, w, 0, 0, 0, -1, -1, 1, 1, 3, 3, 1, 1, 1, 0, taps, 0, (half)(float)padv);
  AscendC::LoadData(a0, fm_l1, p);
  // {false, false}: the same load from the registers, p's own map fields junk
  AscendC::SetFmatrix(3, 3, junk, AscendC::FmatrixMode::FMATRIX_RIGHT);
  AscendC::SetLoadDataPaddingValue((half)(float)(padv + 1));
  AscendC::SetLoadDataPaddingValue((half)(float)padv);
  AscendC::LoadData3DParamsV1<half> q(junk, 1, 2, 0, 0, 0, -1, -1, 1, 1, 3, 3, 1, 1, 1, 0, taps, 0, (half)0.0f);
  AscendC::SetFmatrix(h, w, pads, AscendC::FmatrixMode::FMATRIX_LEFT);
  static constexpr AscendC::IsResetLoad3dConfig KEEP = {false, false};
  AscendC::LoadData<half, KEEP>(a1, fm_l1, q);
  AscendC::LocalTensor<half> idb(AscendC::TPosition::B2, 0, id_n);
  AscendC::LoadData2DParams lid{0, id_n / 256, 1, 0, 0, false, 0};
  AscendC::LoadData(idb, id_l1, lid);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, 16 * taps * 16);
  AscendC::MmadParams mp{16, taps * 16, taps * 16, 0, false, true};
  AscendC::FixpipeParamsV220 fp{taps * 16, 16, 16, taps * 16, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Mmad(c_l0, a0, idb, mp);
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(o1, c_l0, fp);
  AscendC::Mmad(c_l0, a1, idb, mp);
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(o2, c_l0, fp);
  return;
}
"""


def test_load3dv1_reads_the_registers(run):
    """Load3Dv1 with IsResetLoad3dConfig {false, false} takes l1H, l1W, padList from
    the left FMATRIX and the pad value from the padding register (the default config
    writes them from the struct): both forms load the same fractals."""
    h, w, taps, padv = 5, 5, 9, 4
    x = np.random.default_rng(3).integers(-5, 6, (h, w, 16)).astype(np.float16).ravel()
    ident = to_zn(np.eye(taps * 16, dtype=np.float16), 16)
    o1 = np.zeros((16, taps * 16), np.float32)
    o2 = np.zeros_like(o1)
    params = [gm("fm", "float16"), gm("idn", "float16"), gm("out1"), gm("out2")] + [
        scalar(n) for n in ("fm_n", "id_n", "h", "w", "taps", "padv")]
    run("l3d1", V1_REGS, params, 1, [x, ident, o1, o2, x.size, ident.size, h, w, taps, padv])
    np.testing.assert_array_equal(o2, o1)
    # window 0 sits at (-1, -1): its tap (0, 0) reads the padding
    assert (o1[0, :16] == padv).all() and (o1 != padv).any()
