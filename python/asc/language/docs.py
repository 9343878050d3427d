"""The documentation of the kernel API, in one place.

`SUMMARIES` holds one sentence per API function; `PARAMS` one description
per parameter name (shared by every function that has the parameter). Each
API function's docstring is rendered from these, its Ascend C counterpart
and its overload forms (see core/api.py).
"""

from typing import Dict

SUMMARIES: Dict[str, str] = {}

PARAMS: Dict[str, str] = {
    "dst": "destination tensor",
    "src": "source tensor",
    "src0": "first source tensor",
    "src1": "second source tensor",
    "count": "number of elements to process (level-2 form)",
    "mask": "level-0 mask: an int is the number of leading elements of each repeat that take "
            "part (1..128 for 16-bit types, 1..64 for 32-bit); a list [m0, m1] is a 128-bit "
            "bit mask, m0 covering elements 0..63 of each repeat and m1 elements 64..127",
    "repeat_times": "number of repeats (each repeat covers 256 bytes; at most 255)",
    "repeat_time": "number of repeats (each repeat covers 256 bytes; at most 255)",
    "repeat_params": "block and repeat strides, in 32-byte blocks",
    "is_set_mask": "whether the API sets the vector mask itself (False: the mask set by "
                   "set_vector_mask applies)",
    "scalar": "scalar operand, converted to the tensor's element type",
    "rsvd_cnt": "pyasc's place for Ascend C's out-parameter (the number of elements kept); the "
                "value passed is not read: the call returns the count",
    "event": "the HardEvent naming the source and destination pipes",
    "event_id": "event id, 0..7",
    "pipe": "the pipe (PipeID)",
    "round_mode": "rounding mode of the conversion (RoundMode)",
    "cmp_mode": "comparison (CMPMODE)",
    "sel_mode": "selection mode (SelMode)",
    "shared_tmp_buffer": "scratch tensor the API may use",
    "params": "the parameter struct of the call",
    "intri_params": "the parameter struct of the call",
    "repeat_params_": "strides",
    "src0_offset": "per-element byte offsets into src0",
    "h_repeat": "number of horizontal repeats",
    "repeat_mode": "repeat mode of the weights (False: one src1 element per block, True: per repeat)",
    "dst_blk_stride": "destination block stride, in 32-byte blocks",
    "v_r_offset": "vertical repeat offset of dst, in elements",
    "v_repeat": "number of vertical repeats",
    "src1_scalar": "scalar second operand, converted to src0's element type",
    "sel_mask": "bit mask tensor choosing src0 (bit set) or src1 per element",
    "dst_block_stride": "destination block stride, in 32-byte blocks",
    "dst_repeat_stride": "destination repeat stride, in 32-byte blocks",
    "offset": "byte offsets of the source blocks",
    "src_offset": "byte offsets of the source elements",
    "src_base": "base address subtracted from src_offset",
    "dst_offset": "byte offsets of the destination elements",
    "dst_base": "base address subtracted from dst_offset",
    "src1_pattern": "a mask tensor, or a built-in pattern number (1..7)",
    "reduce_mode": "False: normal mode, mask ignored; True: the mask sets the elements per repeat",
    "gather_mask_mode": "GatherMaskMode",
    "repeat": "number of repeats (each repeat covers 256 bytes; at most 255)",
    "dst_rep_stride": "destination repeat stride",
    "src_blk_stride": "source block stride, in 32-byte blocks",
    "src_rep_stride": "source repeat stride, in 32-byte blocks",
    "order": "ReduceOrder: which of value and index to write, and in what order",
    "cal_index": "whether to also write the index of the result",
    "dst_list": "destination addresses (16)",
    "src_list": "source addresses (16)",
    "is_vec_deq": "whether the scale is per element (vector) rather than one scalar",
    "half_block": "whether results go to the upper half of each block",
    "scale": "dequantisation scale",
    "sign_mode": "whether the result is signed",
    "vdeq": "tensor of per-channel deq parameters",
    "vdeq_info": "the deq parameter table (VdeqInfo)",
}


def render(name: str, cpp_name: str, forms) -> str:
    lines = [SUMMARIES.get(name, f"asc.{name}: calls AscendC::{cpp_name}.")]
    lines.append("")
    lines.append(f"Ascend C: AscendC::{cpp_name}. Callable only inside an @asc.jit kernel.")
    lines.append("")
    lines.append("Forms:")
    seen = []
    for form in forms:
        lines.append(f"    {name}({form})")
        for p in form.params:
            if p.name not in seen:
                seen.append(p.name)
    described = [p for p in seen if p in PARAMS]
    if described:
        lines.append("")
        lines.append("Parameters:")
        for p in described:
            lines.append(f"    {p}: {PARAMS[p]}")
    return "\n".join(lines)
