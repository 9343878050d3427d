"""Every emitted form the base owns compiles against the Model headers: the
lit tests' MLIR is run through the real emitter and the result through g++."""

import re
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
        emitted = emit_mlir(chunk, line_directives=False)
        # Every function of the chunk is in the compiled text (an emission that dropped
        # one would compile just as well).
        for name in re.findall(r"^\s*func\.func\s+(?:private\s+)?@(\w+)\(", chunk, re.M):
            assert re.search(r"\b%s\(" % name, emitted), f"{rel} chunk {i}: function {name} not emitted"
        src.write_text(emitted)
        _syntax_check(src)


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
  AscendC::InitConstValueParams<half> init{1, 2, 0, (half)1.5f};
  uint8_t zeros[4] = {0, 0, 0, 0};
  AscendC::LoadData3DParamsV2<half> l3{zeros, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, false, false, 0, false, false, false};
  uint16_t four[4] = {1, 2, 3, 4};
  AscendC::MrgSort4Info ms{four, false, 15, 1};
  uint8_t pads[4] = {1, 0, 0, 0};
  AscendC::LoadData3DParamsV1<half> l3v1{pads, 4, 4, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0};
  AscendC::LoadData3DParamsV2<half> l3v2{pads, static_cast<uint16_t>(len), 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, false, false, 0, false, false, false};
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

# The brace-init forms the emitter writes, with a distinct value in every position, and
# the field each position must land in (the vendor's constructor order): a Model struct
# whose fields are declared in another order compiles but fills the wrong field.
FIELD_ORDER = """#include <cstdio>
#include "kernel_operator.h"
static int bad = 0;
#define EXPECT(expr, want) do { if (!((expr) == (want))) { std::printf("%s != %s\\n", #expr, #want); ++bad; } } while (0)
int main() {
  AscendC::BinaryRepeatParams b{1, 2, 3, 4, 5, 6};
  EXPECT(b.dstBlkStride, 1); EXPECT(b.src0BlkStride, 2); EXPECT(b.src1BlkStride, 3);
  EXPECT(b.dstRepStride, 4); EXPECT(b.src0RepStride, 5); EXPECT(b.src1RepStride, 6);
  AscendC::UnaryRepeatParams u{1, 2, 3, 4};
  EXPECT(u.dstBlkStride, 1); EXPECT(u.srcBlkStride, 2); EXPECT(u.dstRepStride, 3); EXPECT(u.srcRepStride, 4);
  AscendC::DataCopyParams p{1, 2, 3, 4};
  EXPECT(p.blockCount, 1); EXPECT(p.blockLen, 2); EXPECT(p.srcStride, 3); EXPECT(p.dstStride, 4);
  AscendC::DataCopyExtParams x{1, 70000, 3, 4, 0};
  EXPECT(x.blockCount, 1); EXPECT(x.blockLen, 70000u); EXPECT(x.srcStride, 3u); EXPECT(x.dstStride, 4u);
  AscendC::DataCopyPadExtParams<float> xp{true, 2, 3, 1.5f};
  EXPECT(xp.isPad, true); EXPECT(xp.leftPadding, 2); EXPECT(xp.rightPadding, 3); EXPECT(xp.paddingValue, 1.5f);
  AscendC::MmadParams m{1, 2, 3, 4, true, false};
  EXPECT(m.m, 1); EXPECT(m.n, 2); EXPECT(m.k, 3); EXPECT(m.unitFlag, 4); EXPECT(m.cmatrixSource, true);
  EXPECT(m.cmatrixInitVal, false);
  AscendC::LoadData2DParams l{1, 2, 3, 4, 5, true, 7};
  EXPECT(l.startIndex, 1); EXPECT(l.repeatTimes, 2); EXPECT(l.srcStride, 3); EXPECT(l.sid, 4); EXPECT(l.dstGap, 5);
  EXPECT(l.ifTranspose, true); EXPECT(l.addrMode, 7);
  AscendC::Nd2NzParams n{1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT(n.ndNum, 1); EXPECT(n.nValue, 2); EXPECT(n.dValue, 3); EXPECT(n.srcNdMatrixStride, 4); EXPECT(n.srcDValue, 5);
  EXPECT(n.dstNzC0Stride, 6); EXPECT(n.dstNzNStride, 7); EXPECT(n.dstNzMatrixStride, 8);
  AscendC::TransposeParamsExt t{1, 2, 3, 4, AscendC::TransposeType::TRANSPOSE_ND2ND_B16};
  EXPECT(t.nSize, 1); EXPECT(t.cSize, 2); EXPECT(t.hSize, 3); EXPECT(t.wSize, 4);
  uint16_t lens[4] = {1, 2, 3, 4};
  AscendC::MrgSort4Info s{lens, true, 7, 9};
  EXPECT(s.elementLengths[0], 1); EXPECT(s.elementLengths[3], 4); EXPECT(s.ifExhaustedSuspension, true);
  EXPECT(s.validBit, 7); EXPECT(s.repeatTimes, 9);
  return bad;
}
"""


def _syntax_check(src):
    r = subprocess.run([build.cxx(), *build.cxx_flags(), "-fsyntax-only", "-I", str(build.include_dir()), str(src)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_structs_brace_init(tmp_path):
    src = tmp_path / "structs.cpp"
    src.write_text(STRUCTS)
    _syntax_check(src)


def test_struct_positions_fill_the_vendors_fields(tmp_path):
    src, exe = tmp_path / "fields.cpp", tmp_path / "fields"
    src.write_text(FIELD_ORDER)
    r = subprocess.run([build.cxx(), *build.cxx_flags(), "-I", str(build.include_dir()), str(src), "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0 and not run.stdout, run.stdout
