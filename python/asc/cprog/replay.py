"""The host tiling of C++ programs: `python -m asc.cprog.replay`.

A C++ program built for the Model (asc-cc) calls the vendor's host API
(platform_ascendc::PlatformAscendC, matmul_tiling::MultiCoreMatmulTiling …,
cpp/model/host/include/tiling/). Its C++ objects only record the calls; the
algorithm is this package's (one definition, docs/host-tiling.md): the
program runs this module once per query with the recorded calls as
arguments and reads one line of integers back.

    replay platform SOC
        -> aic aiv l0a l0b l0c l1 l2 ub hbm fb bt lib_api_workspace
    replay tiling CLASS SOC method:a,b,c ...
        -> ret f0 f1 ... f48        (TCubeTiling fields in the struct's order)

Bad input is one `[ERROR] ...` line on stderr and exit status 2.
"""

from __future__ import annotations

import sys

from ..lib.host.matmul_tiling import BatchMatmulTiling, MatmulApiTiling, MultiCoreMatmulTiling
from ..lib.host.platform import CoreMemType, PlatformAscendC

CLASSES = {"MatmulApiTiling": MatmulApiTiling, "MultiCoreMatmulTiling": MultiCoreMatmulTiling,
           "BatchMatmulTiling": BatchMatmulTiling}

# The methods a C++ program may replay (the vendor's CamelCase names are
# mapped to these by the C++ header); anything else is refused.
METHODS = {"set_a_type", "set_b_type", "set_c_type", "set_bias_type", "set_shape", "set_org_shape",
           "enable_bias", "set_buffer_space", "set_fix_split", "set_split_range", "set_traverse",
           "set_mad_type", "set_double_buffer", "set_dequant_type", "set_sparse", "set_batch_num",
           "set_batch_info_for_normal", "set_a_layout", "set_b_layout", "set_c_layout",
           "set_matmul_config_params", "set_dim", "set_single_shape", "set_single_range",
           "set_align_split", "enable_multi_core_split_k"}


def tiling_fields():
    """TCubeTiling's fields in the C++ struct's order (the TableGen struct definition)."""
    from ..language.core._generated import STRUCTS
    return STRUCTS["TCubeTiling"].fields


def platform_line(soc: str) -> str:
    p = PlatformAscendC(soc)
    mems = [p.get_core_mem_size(t) for t in (CoreMemType.L0_A, CoreMemType.L0_B, CoreMemType.L0_C, CoreMemType.L1,
                                              CoreMemType.L2, CoreMemType.UB, CoreMemType.HBM, CoreMemType.FB,
                                              CoreMemType.BT)]
    return " ".join(str(v) for v in [p.get_core_num_aic(), p.get_core_num_aiv(), *mems,
                                     p.get_lib_api_work_space_size()])


def tiling_line(cls_name: str, soc: str, calls: list[str]) -> str:
    try:
        cls = CLASSES[cls_name]
    except KeyError:
        raise ValueError(f"unknown tiling class {cls_name!r} (known: {', '.join(sorted(CLASSES))})") from None
    obj = cls(PlatformAscendC(soc))
    for call in calls:
        name, _, args = call.partition(":")
        if name not in METHODS or not hasattr(obj, name):
            raise ValueError(f"{cls_name} has no replayable method {name!r}")
        try:
            vals = [int(a) for a in args.split(",") if a != ""]
        except ValueError:
            raise ValueError(f"{name}: arguments must be integers, got {args!r}") from None
        getattr(obj, name)(*vals)

    class _Fields:  # what get_tiling fills: attributes by the Python field names
        pass

    t = _Fields()
    ret = obj.get_tiling(t)
    vals = [int(getattr(t, f.py, 0)) for f in tiling_fields()]
    return " ".join(str(v) for v in [ret, *vals])


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if len(argv) == 2 and argv[0] == "platform":
            print(platform_line(argv[1]))
        elif len(argv) >= 3 and argv[0] == "tiling":
            print(tiling_line(argv[1], argv[2], argv[3:]))
        else:
            raise ValueError("usage: replay platform SOC | replay tiling CLASS SOC method:args ...")
    except (ValueError, KeyError, TypeError) as e:
        print(f"[ERROR] asc.cprog.replay: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
