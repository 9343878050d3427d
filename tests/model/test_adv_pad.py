"""Pad / UnPad / Broadcast on the Model (C++ kernels) against numpy, their faults, and
the host functions of adv_pad_tiling.h and adv_math_ext_tiling.h (PadTilingFunc,
UnPadTilingFunc, Get{Pad,UnPad,BroadCast,Clamp,Fmod,Power,CumSum}MaxMinTmpSize)
against the vendor's formulas written out here independently."""

import subprocess

import numpy as np
import pytest

from asc.runtime.model import ModelBackend, ModelFault

from conftest import gm, make_kernel, build_host_program


HEAD = r'''#include "kernel_operator.h"
using namespace AscendC;
template <class T>
__aicore__ inline void load(LocalTensor<T> t, GM_ADDR p, int n) {
  GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)p, n); DataCopy(t, g, n); PipeBarrier<PIPE_ALL>();
}
template <class T>
__aicore__ inline void store(GM_ADDR p, LocalTensor<T> t, int n) {
  PipeBarrier<PIPE_ALL>(); GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)p, n); DataCopy(g, t, n);
  PipeBarrier<PIPE_ALL>();
}
'''

PAD = HEAD + r'''
extern "C" __global__ __aicore__ void pad(GM_ADDR x, GM_ADDR y) {
  // x: 4 rows of 14 floats (packed, 56) then 4 rows of 16 floats (64); y: 4x16 + 4x16 + 4x13
  LocalTensor<float> a(TPosition::VECCALC, 0, 64), b(TPosition::VECCALC, 256, 64);
  LocalTensor<float> o(TPosition::VECCALC, 1024, 192);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 4096, 2048);
  load(a, x, 64); load(b, x + 56 * 4, 64);
  PadTiling t;                     // unaligned rows: widened by 1 left, 1 right
  t.srcHeight = 4; t.srcWidth = 14; t.srcOriWidth = 14; t.tmpBuffer1BlockNum = 1;
  PadParams p{1, 1, -7};
  Pad(o, a, p, tmp, t);
  PadTiling u;                     // aligned rows of 16, 11 valid: 3 padded after them
  u.srcHeight = 4; u.srcWidth = 16; u.srcOriWidth = 11;
  PadParams q(0, 3, 9);
  Pad(o[64], b, q, u);
  UnPadTiling v;
  v.srcHeight = 4; v.srcWidth = 16;
  UnPadParams r(0, 3);
  UnPad(o[128], b, r, v);
  store(y, o, 128 + 56);
}
'''


def test_pad_unpad(tmp_path):
    x = np.arange(120, dtype=np.float32) + 1
    y = np.zeros(184, np.float32)
    k = make_kernel("pad", PAD, [gm("x"), gm("y")], tmp_path)
    ModelBackend(timeout_s=20).load(k)(1, None, [x, y])
    a = x[:56].reshape(4, 14)
    b = x[56:120].reshape(4, 16)
    np.testing.assert_array_equal(y[:64].reshape(4, 16), np.pad(a, ((0, 0), (1, 1)), constant_values=-7))
    want = b.copy()
    want[:, 11:14] = 9
    np.testing.assert_array_equal(y[64:128].reshape(4, 16), want)
    np.testing.assert_array_equal(y[128:180].reshape(4, 13), b[:, :13])


BRC = HEAD + r'''
extern "C" __global__ __aicore__ void brc(GM_ADDR x, GM_ADDR y, GM_ADDR xb, GM_ADDR yb) {
  LocalTensor<float> s(TPosition::VECCALC, 0, 64), d(TPosition::VECCALC, 1024, 3 * 128);
  LocalTensor<int8_t> sb(TPosition::VECCALC, 8192, 32), db(TPosition::VECCALC, 8448, 128);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 16384, 8192);
  load(s, x, 64); load(sb, xb, 32);
  const uint32_t s0[2] = {1, 16}, d0[2] = {8, 16};   // a row to 8 rows
  Broadcast<float, 2, 0>(d, s, d0, s0);
  const uint32_t s1[2] = {8, 1}, d1[2] = {8, 16};    // a column to 16 columns
  Broadcast<float, 2, 1>(d[128], s, d1, s1, tmp);
  const uint32_t s2[1] = {1}, d2[1] = {128};         // one value to 128
  Broadcast<float, 1, 0>(d[256], s[8], d2, s2);
  const uint32_t s3[2] = {4, 1}, d3[2] = {4, 32};
  Broadcast<int8_t, 2, 1>(db, sb, d3, s3, tmp);
  store(y, d, 3 * 128); store(yb, db, 128);
}
'''


def test_broadcast(tmp_path):
    x = (np.arange(64, dtype=np.float32) - 10) * 0.5
    xb = (np.arange(32) - 16).astype(np.int8)
    y = np.zeros(384, np.float32)
    yb = np.zeros(128, np.int8)
    k = make_kernel("brc", BRC, [gm("x"), gm("y"), gm("xb", "int8"), gm("yb", "int8")], tmp_path)
    ModelBackend(timeout_s=20).load(k)(1, None, [x, y, xb, yb])
    np.testing.assert_array_equal(y[:128].reshape(8, 16), np.broadcast_to(x[:16], (8, 16)))
    np.testing.assert_array_equal(y[128:256].reshape(8, 16), np.broadcast_to(x[:8, None], (8, 16)))
    np.testing.assert_array_equal(y[256:], np.full(128, x[8]))
    np.testing.assert_array_equal(yb.reshape(4, 32), np.broadcast_to(xb[:4, None], (4, 32)))


FAULT = HEAD + r'''
extern "C" __global__ __aicore__ void f(GM_ADDR x) {
  LocalTensor<float> a(TPosition::VECCALC, 0, 64), o(TPosition::VECCALC, 1024, 128);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 4096, 256);
  BODY
}
'''


@pytest.mark.parametrize("body,match", [
    ("PadTiling t; t.srcHeight = 4; t.srcWidth = 14; t.srcOriWidth = 14; PadParams p{1, 1, 0}; Pad(o, a, p, t);",
     r"Pad: the tiling has no temporary buffer \(tmpBuffer1BlockNum 0\)"),
    ("PadTiling t; t.srcHeight = 4; t.srcWidth = 14; t.srcOriWidth = 14; t.tmpBuffer1BlockNum = 1; "
     "PadParams p{1, 1, 0}; Pad(o, a, p, tmp, t);", r"Pad: sharedTmpBuffer has 256 bytes, fewer than the 1024"),
    ("PadTiling t; t.srcHeight = 4; t.srcWidth = 13; t.srcOriWidth = 13; t.tmpBuffer1BlockNum = 1; "
     "PadParams p{1, 1, 0}; Pad(o, a, p, t);", r"Pad: \(srcWidth \+ leftPad \+ rightPad\)"),
    ("const uint32_t s[2] = {8, 1}, d[2] = {8, 12}; Broadcast<float, 2, 1>(o, a, d, s, tmp);",
     r"Broadcast: sharedTmpBuffer has 256 bytes, fewer than the 768"),
    ("const uint32_t s[2] = {2, 3}, d[2] = {4, 3}; Broadcast<float, 2, 0>(o, a, d, s);",
     r"Broadcast: srcShape cannot broadcast to dstShape"),
])
def test_faults(tmp_path, body, match):
    src = FAULT.replace("BODY", body)
    k = make_kernel("f", src, [gm("x")], tmp_path)
    with pytest.raises(ModelFault, match=match) as info:
        ModelBackend(timeout_s=20).load(k)(1, None, [np.zeros(64, np.float32)])
    line = int(str(info.value).split(".cpp:")[1].split(":")[0])
    assert match.split(":")[0] in src.splitlines()[line - 1]


HOST = r'''
#include <cstdio>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
using namespace AscendC;  // (printf below is the host's: ::printf)
static void dump(const char* tag, const void* p, size_t n) {
  ::printf("%s", tag);
  for (size_t i = 0; i < n / 4; ++i) ::printf(" %u", ((const uint32_t*)p)[i]);
  ::printf("\n");
}
int main() {
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
  uint32_t mx = 0, mn = 0;
  for (auto hw : {std::vector<int64_t>{16, 31}, std::vector<int64_t>{300, 14}, std::vector<int64_t>{7, 16}}) {
    for (uint32_t ts : {2u, 4u}) {
      ge::Shape s(hw);
      GetPadMaxMinTmpSize(s, ts, mx, mn);
      ::printf("padtmp %ld %ld %u %u %u\n", (long)hw[0], (long)hw[1], ts, mx, mn);
      for (uint32_t buf : {0u, mn, mx}) {
        optiling::PadTiling t;
        PadTilingFunc(s, s, buf, ts, t);
        AscendC::tiling::PadTiling k;
        PadTilingFunc(s, s, buf, ts, k);
        char tag[64];
        snprintf(tag, sizeof tag, "pad %ld %ld %u %u", (long)hw[0], (long)hw[1], ts, buf);
        dump(tag, &t, sizeof t);
        snprintf(tag, sizeof tag, "padk %ld %ld %u %u", (long)hw[0], (long)hw[1], ts, buf);
        dump(tag, &k, sizeof k);
        optiling::UnPadTiling u;
        UnPadTilingFunc(s, buf, ts, u);
        snprintf(tag, sizeof tag, "unpad %ld %ld %u %u", (long)hw[0], (long)hw[1], ts, buf);
        dump(tag, &u, sizeof u);
      }
      GetUnPadMaxMinTmpSize(*plat, s, ts, mx, mn);
      ::printf("unpadtmp %ld %ld %u %u %u\n", (long)hw[0], (long)hw[1], ts, mx, mn);
    }
  }
  struct { std::vector<int64_t> s, d; uint32_t t; } bs[] = {
      {{1, 48}, {96, 48}, 4}, {{96, 1}, {96, 96}, 4}, {{8, 1}, {8, 12}, 4}, {{4, 1}, {4, 32}, 1},
      {{1}, {64}, 2}, {{3, 1}, {3, 20}, 2}, {{5, 7}, {5, 7}, 1}};
  for (auto& b : bs) {
    mx = mn = 12345;
    GetBroadCastMaxMinTmpSize(*plat, ge::Shape(b.s), ge::Shape(b.d), b.t, false, mx, mn);
    ::printf("brc %ld %ld %u %u %u\n", (long)b.d[0], (long)(b.d.size() > 1 ? b.d[1] : 0), b.t, mx, mn);
  }
  for (uint32_t n : {1u, 40u, 1000u})
    for (uint32_t ts : {2u, 4u}) {
      ge::Shape s({n});
      GetClampMaxMinTmpSize(s, ts, false, mx, mn); ::printf("clamp %u %u %u %u\n", n, ts, mx, mn);
      GetFmodMaxMinTmpSize(s, ts, false, mx, mn); ::printf("fmod %u %u %u %u\n", n, ts, mx, mn);
      for (int mode = 0; mode < 3; ++mode)
        for (int isInt = 0; isInt < 2; ++isInt) {
          ge::Shape one({1});
          GetPowerMaxMinTmpSize(mode == 2 ? one : s, mode == 1 ? one : s, isInt, isInt ? 4 : ts, false, mx, mn);
          ::printf("power %u %u %d %d %u %u\n", n, ts, mode, isInt, mx, mn);
        }
      uint32_t live = 0, extra = 0;
      GetFmodTmpBufferFactorSize(ts, live, extra); ::printf("fmodf %u %u %u\n", ts, live, extra);
    }
  for (int last = 0; last < 2; ++last)
    for (uint32_t ts : {2u, 4u}) {
      GetCumSumMaxMinTmpSize(ge::Shape({37, 64}), ts, last, false, mx, mn);
      ::printf("cumsum %d %u %u %u\n", last, ts, mx, mn);
    }
  mx = mn = 7;
  GetCumSumMaxMinTmpSize(ge::Shape({4, 3}), 4, true, false, mx, mn);   // inner not 32-byte aligned
  ::printf("cumsum_bad %u %u\n", mx, mn);
  return 0;
}
'''


def u32(x):
    return x & 0xFFFFFFFF


def vendor_pad(h, w, ow, buf, ts):
    """PadTilingFunc (impl/adv_api/tiling/pad/pad_tiling_impl.cpp), field by field."""
    f = [h, w, ow, u32(w - 32 // ts), w * ts // 32, 255, h // 255, h % 255, 255 * w,
         u32((h // 255) * 255 * w + w - 32 // ts)]
    if buf == 0:
        return f + [0] * 16
    base = 16 * 32 // ts
    bn = buf // ts // base // 2
    wt = 16 * bn
    tail = w % wt
    f += [bn, 16 * bn, bn * base, wt, w // wt, tail, u32((u32(tail - 1) // (32 // ts) + 1) * (32 // ts))]
    bt = 16 * bn
    bft = h * w % bt
    f += [bt, h * w // bt, bft, 254, bt // 8 // 254, bt // 8 % 254, bft // 8 // 254, bft // 8 % 254, 0]
    return f


def vendor_unpad(h, w, buf, ts):
    if buf == 0:
        return [h, w] + [0] * 6
    base = 16 * 32 // ts
    bn = buf // ts // base // 2
    wt = 16 * bn
    fr, tail = w // wt, w % wt
    if tail:
        fr += 1
    else:
        tail = wt
    return [h, w, bn, 16 * bn, bn * base, wt, fr, tail]


def vendor_brc(s, d, t):
    cast = 0
    if t == 1:
        t = 2
        al = lambda n: (n + 15) // 16 * 16
        cast = (al(int(np.prod(s))) + al(int(np.prod(d)))) * t
    if np.prod(s) == np.prod(d) or np.prod(s) == 1:
        return (cast + 32, cast + 32) if cast else (0, 0)
    epb = 32 // t
    if s[1] != 1:
        return 32 + cast, 32 + cast
    first, n = d
    brcb_min, brcb_max = epb * epb * t, (first + 7) // 8 * 8 * epb * t
    if n % epb == 0:
        return brcb_max + cast, brcb_min + cast
    na = (n + epb - 1) // epb * epb
    return brcb_max + first * na * t + cast, brcb_min + epb * na * t + cast


def vendor_power(n, ts, mode, is_int):
    tt = mode == 0 and n != 1   # a shape [1] is a scalar operand, whichever position it is in
    half_f, int_f, float_f = (14, 6, 4) if tt else (14, 7, 5)
    if is_int:
        mn = 256 * int_f
    elif ts == 4:
        mn = 256 * float_f + 256
    else:
        mn = 256 * half_f // 2 + 256
    unit = max(n * ts, 256) if ts == 4 else max(n * ts, 128)
    if is_int:
        mx = unit * int_f
    elif ts == 4:
        mx = unit * float_f + 256
    else:
        mx = unit * half_f + 256
    return mx, mn


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    d = tmp_path_factory.mktemp("pad_host")
    build_host_program(d, HOST)
    out = subprocess.run([str(d / "p")], capture_output=True, text=True, check=True)
    return out.stdout.splitlines(), out.stderr


def lines(host, tag):
    return [list(map(int, ln.split()[1:])) for ln in host[0] if ln.split()[0] == tag]


def test_pad_unpad_tiling_is_the_vendors(host):
    for h, w, ts, mx, mn in lines(host, "padtmp"):
        assert mx == ((h * w - 1) // 16 + 1) * 16 * (32 // ts) * 2 * ts
        assert mn == 16 * (32 // ts) * 2 * ts
    got = lines(host, "pad")
    assert len(got) == 18
    for h, w, ts, buf, *fields in got:
        assert fields == vendor_pad(h, w, w, buf, ts), (h, w, ts, buf)
    assert [r[4:] for r in lines(host, "padk")] == [r[4:] for r in got]   # the kernel's struct, alike
    for h, w, ts, buf, *fields in lines(host, "unpad"):
        assert fields == vendor_unpad(h, w, buf, ts)
    assert all(mx == mn == 0 for *_, mx, mn in lines(host, "unpadtmp"))   # A2: no buffer


def test_broadcast_tmp_is_the_vendors(host):
    cases = [((1, 48), (96, 48), 4), ((96, 1), (96, 96), 4), ((8, 1), (8, 12), 4), ((4, 1), (4, 32), 1),
             ((1,), (64,), 2), ((3, 1), (3, 20), 2), ((5, 7), (5, 7), 1)]
    got = lines(host, "brc")
    for (s, d, t), (d0, d1, tt, mx, mn) in zip(cases, got):
        assert (mx, mn) == vendor_brc(s, d, t), (s, d, t)


def test_math_tmp_sizes_are_the_vendors(host):
    for n, ts, mx, mn in lines(host, "clamp"):
        least = 64 if ts == 4 else 128
        assert (mx, mn) == (max(n, least), least)
    for n, ts, mx, mn in lines(host, "fmod"):
        k = 1 if ts == 4 else 2 + 6
        assert (mx, mn) == (k * max(n * ts, 256), k * 256)
    for ts, live, extra in lines(host, "fmodf"):
        assert (live, extra) == ((1 if ts == 4 else 8), 0)
    for n, ts, mode, is_int, mx, mn in lines(host, "power"):
        assert (mx, mn) == vendor_power(n, 4 if is_int else ts, mode, is_int), (n, ts, mode, is_int)
    cs = {(last, ts): (mx, mn) for last, ts, mx, mn in lines(host, "cumsum")}
    assert cs[(0, 4)] == (0, 0) and cs[(0, 2)] == (37 * 64 * 4,) * 2
    assert cs[(1, 4)] == (48 * 64 * 4 * 2, 16 * 64 * 4 * 2)
    assert cs[(1, 2)] == (64 * 48 * 2 + 48 * 64 * 2 * 2, 64 * 16 * 2 + 16 * 64 * 2 * 2)
    assert lines(host, "cumsum_bad") == [[7, 7]]
    assert "[ERROR] GetCumSumMaxMinTmpSize: The inner dim should be 32B aligned." in host[1]
