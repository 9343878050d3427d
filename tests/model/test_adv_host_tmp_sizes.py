"""The host tmp-size functions of the quantization, reduce, filter and sort adv APIs
(cpp/model/host/include/tiling/adv_{quant,reduce,filter,sort}_tiling.h) give the numbers
the vendor's impl/adv_api/tiling/** compute; a check that fails is logged (as the vendor's
device log) and the function goes on, never an [ERROR] report."""

import subprocess

import pytest
from conftest import build_host_program


PROGRAM = r"""
#include <cstdio>
#include "tiling/tiling_api.h"
int main() {
  uint32_t mx = 0, mn = 0;
  AscendC::GetAscendQuantMaxMinTmpSize(ge::Shape({1024}), 4, mx, mn); printf("quant %u %u\n", mx, mn);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(ge::Shape({8, 128}), ge::Shape({1, 128}), false, ge::DT_INT8,
                                           ge::DT_FLOAT16, mx, mn); printf("antiquant_half %u %u\n", mx, mn);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(ge::Shape({8, 128}), ge::Shape({1, 128}), false, ge::DT_INT8,
                                           ge::DT_BF16, mx, mn); printf("antiquant_bf16 %u %u\n", mx, mn);
  AscendC::GetAscendAntiQuantMaxMinTmpSize(ge::Shape({128, 64}), ge::Shape({128, 1}), true, ge::DT_INT8,
                                           ge::DT_BF16, mx, mn); printf("antiquant_bf16_t %u %u\n", mx, mn);
  AscendC::GetAscendDequantMaxMinTmpSize(ge::Shape({128, 32}), 4, mx, mn); printf("dequant %u %u\n", mx, mn);
  AscendC::GetReduceMaxMaxMinTmpSize(ge::Shape({5, 20}), ge::DT_FLOAT16, AscendC::ReducePattern::AR, true, false,
                                     mx, mn); printf("reducemax_ar %u %u\n", mx, mn);
  AscendC::GetReduceMaxMaxMinTmpSize(ge::Shape({32, 136}), ge::DT_FLOAT, AscendC::ReducePattern::RA, true, false,
                                     mx, mn); printf("reducemax_ra %u %u\n", mx, mn);
  AscendC::GetReduceSumMaxMinTmpSize(ge::Shape({4, 100}), ge::DT_FLOAT, AscendC::ReducePattern::AR, true, false,
                                     mx, mn); printf("reducesum_ar %u %u\n", mx, mn);
  AscendC::GetReduceSumMaxMinTmpSize(ge::Shape({7, 10}), ge::DT_FLOAT, AscendC::ReducePattern::RA, false, true,
                                     mx, mn); printf("reducesum_reuse %u %u\n", mx, mn);
  AscendC::GetSumMaxMinTmpSize(1000, 4, false, mx, mn); printf("sum %u %u\n", mx, mn);
  AscendC::GetDropOutMaxMinTmpSize(ge::Shape({4, 256, 32}), 4, false, mx, mn); printf("dropout %u %u\n", mx, mn);
  AscendC::GetSelectMaxMinTmpSize(ge::Shape({2, 5000}), ge::Shape({1}), 4, ge::Shape({2, 5024}), 1, false, mx, mn);
  printf("select %u %u\n", mx, mn);
  auto* p = platform_ascendc::PlatformAscendCManager::GetInstance();
  printf("sort %u %u %u\n", AscendC::GetConcatTmpSize(*p, 128, 4), AscendC::GetSortTmpSize(*p, 128, 4),
         AscendC::GetSortTmpSize(*p, 128, 2));
  mx = mn = 77;
  AscendC::SortConfig cfg;
  AscendC::GetSortMaxMinTmpSize(ge::Shape({128}), ge::DT_FLOAT, ge::DT_UINT32, false, cfg, mx, mn);
  printf("sort_a2 %u %u\n", mx, mn);
  return 0;
}
"""


@pytest.fixture(scope="module")
def output(tmp_path_factory):
    d = tmp_path_factory.mktemp("adv_host")
    build_host_program(d, PROGRAM)
    r = subprocess.run([str(d / "p")], capture_output=True, text=True, check=True)
    return {ln.split()[0]: [int(x) for x in ln.split()[1:]] for ln in r.stdout.splitlines()}, r.stderr


def test_the_vendor_numbers(output):
    out, _ = output
    assert out["quant"] == [2048, 512]                       # max(1024 * 2, 512), two repeats
    assert out["antiquant_half"] == [0, 0]                   # half output: in place
    assert out["antiquant_bf16"] == [128 * 2 * 4 + 64 * 8 * 4] * 2
    assert out["antiquant_bf16_t"] == [80 * 128 * 4] * 2
    assert out["dequant"] == [(64 + 128 * 32 + 40) * 4, (64 + 32 + 40) * 4]
    assert out["reducemax_ar"] == [5 * 16 * 2] * 2           # between a block and a repeat: a block per row
    assert out["reducemax_ra"] == [16 * 544] * 2             # 32 rows: 16 rows of 136 floats
    assert out["reducesum_ar"] == [4 * 64 * 4] * 2
    assert out["reducesum_reuse"] == [0, 0]
    assert out["sum"] == [16 * 4] * 2                        # 16 repeats, one block
    assert out["dropout"] == [2 * 4 * 256 * 32 * 4, 512]
    # the minimum caps the half copy at 4096 elements; both add the compacted mask
    assert out["select"] == [10016 * 2 + 512 + 10016, 4096 * 2 + 512 + 10016]
    assert out["sort"] == [0, 128 * 2 * 4, 128 * 4 * 2]
    assert out["sort_a2"] == [77, 77]                        # unsupported on A2: left as they were


def test_failed_checks_are_logged_not_errors(output):
    _, err = output
    assert "[ReduceSum][GetReduceSumMaxMinTmpSize] isSrcInnerPad must be true on this platform." in err
    assert "[Sort][GetSortMaxMinTmpSize] Unsupported NpuArch for Sort API." in err
    assert "[ERROR]" not in err
