"""The asc tour: Ascend C kernels from the ascendc dialect.

1. Translates each example module under examples/mlir with asc-translate.
2. Builds a vector-add kernel (manual flags) through the Python IR builder,
   asc._C, stamping each op with a Python source location, and emits it with
   #line directives pointing back at that source.

The Python front end (@asc.jit) and the Model backend that runs kernels on the
CPU come in their own issues; this tour shows the compiler core they stand on.
"""

import glob
import os
import subprocess
import sys
import time

from asc._C import ir

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRANSLATE = os.path.join(ROOT, "bazel-bin", "cpp", "tools", "asc-translate")

HARD_EVENT = {"MTE2_V": 4, "V_MTE3": 7, "MTE3_MTE2": 19}
TPOSITION = {"VECIN": 9, "VECOUT": 10}


def banner(text):
    print("\n" + "=" * 78 + "\n" + text + "\n" + "=" * 78)


def translate_examples():
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "mlir", "*.mlir"))):
        banner(f"asc-translate --mlir-to-ascendc {os.path.relpath(path, ROOT)}")
        t0 = time.perf_counter()
        out = subprocess.run([TRANSLATE, "--mlir-to-ascendc", path], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(out.stderr)
        print(out.stdout, end="")
        print(f"// translated in {1e3 * (time.perf_counter() - t0):.1f} ms (process start included)")


def build_vadd_with_flags():
    """vadd with manual synchronisation, built op by op as the front end will."""
    ctx = ir.Context()
    b = ir.Builder(ctx)
    # The front end stamps each op with its Python file:line:col; here each
    # statement of this builder gets the next line of a stand-in file name.
    here = "vadd_flags.py"
    line = [0]

    def at(name=None):
        line[0] += 1
        loc = b.get_file_loc(here, line[0], 5)
        b.set_loc(b.get_name_loc(name, loc) if name else loc)

    f32, i32 = b.get_f32_type(), b.get_i32_type()
    module = b.create_module()
    at()
    kernel = b.create_function(module, "vadd_flags", [b.get_gm_ptr_type(f32)] * 3 + [i32], [], kernel=True)
    for i, name in enumerate(["x", "y", "z", "block_length"]):
        kernel.set_arg_name(i, name)
    x, y, z, block_length = (kernel.block().arg(i) for i in range(4))
    b.set_insertion_point_to_end(kernel.block())
    at("block")
    block = b.create_cast("arith.trunci", b.create_asc_GetBlockIdxOp(), i32)
    at("offset")
    offset = b.create_binary("arith.muli", block, block_length)
    gms = []
    for name, ptr in (("x_gm", x), ("y_gm", y), ("z_gm", z)):
        at(name)
        gm = b.create_asc_GlobalTensorOp(b.get_global_tensor_type(f32))
        at()
        b.create_asc_SetGlobalBufferSizeOp(gm, b.create_asc_GMPtrOffsetOp(ptr.get_type(), ptr, offset), block_length)
        gms.append(gm)
    at()
    zero, one = b.get_int(0, i32), b.get_int(1, i32)
    local = []
    for i, (name, pos) in enumerate((("x_ub", "VECIN"), ("y_ub", "VECIN"), ("z_ub", "VECOUT"))):
        at(name)
        local.append(b.create_asc_LocalTensorPosOp(
            b.get_local_tensor_type(f32), TPOSITION[pos], b.get_int(i * 1024, i32), b.get_int(256, i32)))
    at()
    tiles = b.create_binary("arith.divsi", block_length, b.get_int(256, i32))
    loop = b.create_for(zero, tiles, one)
    b.set_insertion_point_to_start(loop.block())
    i = loop.block().arg(0)
    at("tile")
    start = b.create_binary("arith.muli", i, b.get_int(256, i32))
    n = b.get_int(256, i32)
    at()
    b.create_asc_MetricsProfStartOp()
    for gm, ub in zip(gms[:2], local[:2]):
        at()
        b.create_asc_DataCopyOp(ub, b.create_asc_SubIndexOp(gm.get_type(), gm, start), n)
    at()
    b.create_asc_SetFlagOp(HARD_EVENT["MTE2_V"], zero)
    b.create_asc_WaitFlagOp(HARD_EVENT["MTE2_V"], zero)
    at()
    b.create_asc_AddL2Op(local[2], local[0], local[1], n)
    at()
    b.create_asc_SetFlagOp(HARD_EVENT["V_MTE3"], zero)
    b.create_asc_WaitFlagOp(HARD_EVENT["V_MTE3"], zero)
    at()
    b.create_asc_DataCopyOp(b.create_asc_SubIndexOp(gms[2].get_type(), gms[2], start), local[2], n)
    at()
    b.create_asc_SetFlagOp(HARD_EVENT["MTE3_MTE2"], zero)
    b.create_asc_WaitFlagOp(HARD_EVENT["MTE3_MTE2"], zero)
    b.create_asc_MetricsProfStopOp()
    b.set_insertion_point_after(loop)
    at()
    b.create_return()
    module.run_passes("canonicalize,cse")
    return module


def main():
    translate_examples()
    banner("vadd with manual flags, built through the Python IR builder (asc._C)")
    t0 = time.perf_counter()
    module = build_vadd_with_flags()
    text = ir.ir_to_ascendc(module, line_directives=True)
    elapsed = time.perf_counter() - t0
    print(text, end="")
    print(f"// built, optimised and emitted in {1e3 * elapsed:.2f} ms")
    print("\nNext: the @asc.jit front end and the Model backend (open issues).")


if __name__ == "__main__":
    main()
