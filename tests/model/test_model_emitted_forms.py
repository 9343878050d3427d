"""Every emitted form the base owns compiles against the Model headers: the
lit tests' MLIR is run through the real emitter and the result through g++."""

import subprocess

import pytest

from conftest import ROOT, emit_mlir
from asc.runtime.model import build

BASE_LIT = ["sync/block_sync.mlir", "sync/flags.mlir", "pipe/pipe.mlir", "sys_var/sys_var.mlir",
            "debug/dump.mlir", "debug/metrics_prof.mlir", "debug/metrics_prof_stop.mlir",
            "tensor/global_tensor.mlir", "tensor/local_tensor.mlir",
            # struct field C++ types (enum casts, array fields), merge sort, TPipe ptr, unsigned arith
            "common/mrg_sort.mlir", "core/struct_fields.mlir", "pipe/tpipe_ptr.mlir", "core/unsigned.mlir",
            "data_copy/data_copy.mlir", "cube/fixpipe.mlir", "vector/vdeq.mlir"]


@pytest.mark.parametrize("rel", BASE_LIT)
def test_lit_forms_compile(rel, tmp_path):
    text = (ROOT / "tests" / "lit" / rel).read_text()
    for i, chunk in enumerate(text.split("// -----")):
        src = tmp_path / f"chunk{i}.cpp"
        src.write_text(emit_mlir(chunk, line_directives=False))
        r = subprocess.run([build.cxx(), *build.CXX_FLAGS, "-fsyntax-only", "-I", str(build.include_dir()),
                            str(src)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


STRUCTS = """#include "kernel_operator.h"
void structs(int32_t len) {
  AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
  AscendC::UnaryRepeatParams un{1, 1, 8, 8};
  AscendC::DataCopyParams p{1, 8, 0, 0};
  AscendC::DataCopyExtParams ext{1, len, 0, 0, 0};
  AscendC::DataCopyPadExtParams<half> ext_pad{true, 0, 2, (half)1.50000e+00f};
  AscendC::DataCopyPadParams pad{true, 0, 2, 0};
  AscendC::MmadParams mm{16, 16, 16, 0, false, true};
  AscendC::LoadData2DParams l2{0, 1, 0, 0, 0, false, 0};
  AscendC::FixpipeParamsV220 fp{16, 16, 16, 16, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Nd2NzParams nd{1, 16, 16, 0, 16, 16, 1, 0};
  AscendC::DataCopyCO12DstParams co{16, 16, 16, 16, 1, 0, false, true};
  AscendC::DataCopyEnhancedParams e{0, 0, 0, 0, false, 0, 0};
  AscendC::TransposeParamsExt t{1, 2, 3, 4, AscendC::TransposeType::TRANSPOSE_ND2ND_B16};
  AscendC::InitConstValueParams init{1, 2, 0, 1.5};
  AscendC::LoadData3DParamsV2 l3{{0, 0, 0, 0}, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, false, false, 0, false, false, false};
  AscendC::MrgSort4Info ms{{1, 2, 3, 4}, false, 15, 1};
  uint8_t pads[4] = {1, 0, 0, 0};
  AscendC::LoadData3DParamsV1 l3v1{pads, 4, 4, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0};
  AscendC::LoadData3DParamsV2 l3v2{pads, len, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, false, false, 0, false, false, false};
  uint16_t lens[4] = {1, 2, 0, 0};
  AscendC::MrgSort4Info ms2{lens, false, static_cast<uint16_t>(len), 1};
  AscendC::DataCopyEnhancedParams e2{static_cast<AscendC::BlockMode>(1), static_cast<AscendC::DeqScale>(0), 0, 0, false, static_cast<pad_t>(0), 0};
  AscendC::DataCopyCO12DstParams co2{16, 16, 16, 16, static_cast<QuantMode_t>(1), 0, false, true};
  static_assert(sizeof(half) == 2, "");
  (void)bin_params; (void)un; (void)p; (void)ext; (void)ext_pad; (void)pad; (void)mm; (void)l2; (void)fp;
  (void)nd; (void)co; (void)e; (void)t; (void)init; (void)l3; (void)ms;
  (void)l3v1; (void)l3v2; (void)ms2; (void)e2; (void)co2;
}
"""


def test_structs_brace_init(tmp_path):
    src = tmp_path / "structs.cpp"
    src.write_text(STRUCTS)
    r = subprocess.run([build.cxx(), *build.CXX_FLAGS, "-fsyntax-only", "-I", str(build.include_dir()), str(src)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
