"""ReduceRepeat / ReducePairElem / ReduceDataBlock<ReduceType> (the newer names of
WholeReduce*, PairReduceSum, BlockReduce*) and the reduction registers
(GetReduceRepeatSumSpr after ReduceSum, GetReduceRepeatMaxMinSpr after ReduceMax /
WholeReduceMin) on the Model, against numpy; reading a register nothing wrote faults;
AscendC::Std's traits and tuple (static_asserts compiled into the kernel)."""

import numpy as np
import pytest

from asc.runtime.model import ModelBackend, ModelFault

from conftest import gm, make_kernel

SRC = r'''#include "kernel_operator.h"
using namespace AscendC;
static_assert(Std::is_void_v<const void> && !Std::is_void<void*>::value);
static_assert(Std::is_integral<bool>::value && !Std::is_integral<float>::value && !Std::is_integral<int&>::value);
static_assert(Std::is_floating_point<half>::value && Std::is_floating_point<const double>::value &&
              !Std::is_floating_point<int>::value);
static_assert(Std::is_array<int[3]>::value && Std::is_pointer<int* const>::value && Std::is_reference<int&&>::value);
static_assert(Std::is_const<const int>::value && !Std::is_const<const int*>::value);
static_assert(Std::is_same_v<Std::remove_cv_t<const volatile int>, int> &&
              Std::is_same_v<Std::remove_pointer_t<int* const>, int> &&
              Std::is_same_v<Std::add_lvalue_reference_t<void>, void> &&
              Std::is_same_v<Std::add_rvalue_reference_t<int>, int&&> &&
              Std::is_same_v<Std::add_cv<int>::type, const volatile int>);
static_assert(Std::tuple_size<Std::tuple<int, float, char>>::value == 3);
extern "C" __global__ __aicore__ void red(GM_ADDR x, GM_ADDR y) {
  GlobalTensor<float> xg, yg;
  xg.SetGlobalBuffer((__gm__ float*)x, 128);
  yg.SetGlobalBuffer((__gm__ float*)y, 256);
  LocalTensor<float> s(TPosition::VECCALC, 0, 128), d(TPosition::VECCALC, 1024, 256), w(TPosition::VECCALC, 4096, 64);
  DataCopy(s, xg, 128);
  Duplicate(d, 0.0f, 256);
  PipeBarrier<PIPE_ALL>();
  uint64_t all[2] = {~0ull, 0};
  ReduceRepeat<ReduceType::SUM, float>(d, s, 64, 2, 1, 1, 8);                          // d[0..1]
  ReduceRepeat<ReduceType::MAX, float>(d[8], s, all, 2, 1, 1, 8);                      // (value, index) x 2
  ReducePairElem<ReduceType::SUM, float>(d[16], s, 64, 2, 1, 1, 8);                    // 32 x 2
  ReduceDataBlock<ReduceType::MIN, float>(d[80], s, 64, 2, 1, 1, 8);                   // 8 x 2
  ReduceSum<float>(d[96], s, w, 100);
  PipeBarrier<PIPE_ALL>();
  float sum = GetReduceRepeatSumSpr<float>();
  d.SetValue(104, sum);
  ReduceMax<float>(d[112], s, w, 128, true);
  PipeBarrier<PIPE_ALL>();
  float v = 0, i = 0;
  GetReduceRepeatMaxMinSpr<float>(v, i);
  d.SetValue(120, v);
  d.SetValue(121, i);
  WholeReduceMin<float>(d[128], s, 64, 2, 1, 1, 8);
  PipeBarrier<PIPE_ALL>();
  GetReduceMaxMinCount<float>(v, i);
  d.SetValue(136, v);
  d.SetValue(137, i);
  Std::tuple<int, float> t = Std::make_tuple(3, 2.5f);
  d.SetValue(140, float(Std::get<0>(t)) + Std::get<1>(t));
  PipeBarrier<PIPE_ALL>();
  DataCopy(yg, d, 256);
}
'''


def bits(f):
    return np.float32(f).view(np.uint32)


def test_reduce_type_forms_and_registers(tmp_path):
    rng = np.random.default_rng(7)
    x = rng.uniform(-8, 8, 128).astype(np.float32)
    y = np.zeros(256, np.float32)
    k = make_kernel("red", SRC, [gm("x"), gm("y")], tmp_path)
    ModelBackend(timeout_s=20).load(k)(1, None, [x, y])
    r = x.reshape(2, 64)
    np.testing.assert_allclose(y[0:2], r.sum(axis=1), rtol=1e-5)
    assert y[8] == r[0].max() and bits(y[9]) == np.argmax(r[0])
    assert y[10] == r[1].max() and bits(y[11]) == np.argmax(r[1])
    np.testing.assert_array_equal(y[16:80], x.reshape(-1, 2).sum(axis=1))
    np.testing.assert_array_equal(y[80:96], x.reshape(16, 8).min(axis=1))
    np.testing.assert_allclose(y[96], x[:100].sum(), rtol=1e-5)
    assert y[104] == y[96]                      # ACC_VAL holds ReduceSum's result
    assert y[120] == x.max() and bits(y[121]) == np.argmax(x) and y[112] == x.max()
    assert y[136] == r[1].min() and bits(y[137]) == np.argmin(r[1])   # index bits; WholeReduceMin's last repeat
    assert y[140] == 5.5


NOREG = r'''#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void f(GM_ADDR x) {
  float v = 0, i = 0;
  BODY
  (void)x; (void)v; (void)i;
}
'''


@pytest.mark.parametrize("body,match", [
    ("v = GetReduceRepeatSumSpr<float>();", r"GetReduceRepeatSumSpr: no ReduceSum has run on this core"),
    ("GetReduceRepeatMaxMinSpr<float>(v, i);", r"GetReduceRepeatMaxMinSpr: no ReduceMax / ReduceMin"),
    ("GetReduceRepeatMaxMinSpr<float>(v);", r"GetReduceRepeatMaxMinSpr: the form without maxMinIndex"),
])
def test_register_faults(tmp_path, body, match):
    src = NOREG.replace("BODY", body)
    k = make_kernel("f", src, [gm("x")], tmp_path)
    with pytest.raises(ModelFault, match=match) as info:
        ModelBackend(timeout_s=20).load(k)(1, None, [np.zeros(8, np.float32)])
    line = int(str(info.value).split(".cpp:")[1].split(":")[0])
    assert body in src.splitlines()[line - 1]
