"""@asc.jit options: each one either works or is rejected when the decorator
runs; none is silently ignored (issue 9, section 4)."""

import numpy as np
import pytest

import asc
from asc.options import NOT_IMPLEMENTED, CompileOptions, split_options


def body(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    x_gm.set_value(0, n)


@pytest.mark.parametrize("name, value", [
    ("opt_level", 2),
    ("bisheng_options", ["-g"]), ("ir_multithreading", True),
    ("print_ir_before_all", True), ("capture_exceptions", False),
])
def test_unimplemented_option_values_are_rejected_at_decoration(name, value):
    with pytest.raises(NotImplementedError, match=rf"option {name}=.* is not supported: "):
        asc.jit(**{name: value})(body)


def test_matmul_cube_only_picks_the_kernel_type():
    # a kernel with an adv Matmul is mixed (AIC + 2 AIV per block) unless matmul_cube_only
    # says it runs on the cube cores alone; a kernel without one stays a vector kernel
    from asc.jit import _kernel_type_name
    src = "AscendC::Matmul<AscendC::MatmulType<...>> mm;"
    assert _kernel_type_name(CompileOptions(), src) == "MIX_AIC_1_2"
    assert _kernel_type_name(CompileOptions(matmul_cube_only=True), src) == "AIC_ONLY"
    assert _kernel_type_name(CompileOptions(matmul_cube_only=True), "AscendC::Add(x, y, z, n);") == "AIV_ONLY"
    kernel = asc.jit(matmul_cube_only=True)(body)
    x = np.zeros(4, np.int32)
    kernel[1](x, 4)
    assert x[0] == 4


def test_every_unimplemented_option_accepts_what_asc_does():
    for name, (accepted, _) in NOT_IMPLEMENTED.items():
        kernel = asc.jit(**{name: accepted})(body)
        x = np.zeros(4, np.int32)
        kernel[1](x, 4)
        assert x[0] == 4


def test_defaults_are_the_accepted_values():
    defaults = CompileOptions()
    for name, (accepted, _) in NOT_IMPLEMENTED.items():
        if hasattr(defaults, name):
            assert getattr(defaults, name) == accepted, name


def test_working_options_change_what_they_say():
    x = np.zeros(4, np.int32)
    stripped = asc.jit(strip_loc=True)(body).warmup(x, 4).source
    assert "#line" not in stripped
    assert "#line" in asc.jit(body).warmup(x, 4).source
    _, opts, launch = split_options({"always_compile": True, "core_num": 2})
    assert opts.always_compile and launch.core_num == 2


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="unknown option 'auto_synk'"):
        asc.jit(auto_synk=True)(body)


def _scaled(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], synced: asc.ConstExpr[bool]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    if synced:
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


def test_verify_sync_checks_every_launch_for_races():
    from asc.debug.verify_sync import SyncVerificationError
    kernel = asc.jit(verify_sync=True)(_scaled)
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    kernel[1](x, y, 64, True)  # correctly synchronised: runs, no finding
    np.testing.assert_array_equal(y, 2 * x)
    # MTE2 -> V not ordered (the kernel has manual flags, so no pass adds the missing pair)
    with pytest.raises(SyncVerificationError, match=r"_scaled: verify_sync found \d+ synchronisation error"
                                                    r".*test_options\.py:\d+"):
        kernel[1](x, y, 64, False)
    plain = asc.jit(_scaled)  # without the option the same racy launch is not checked
    plain[1](x, y, 64, False)


def test_options_key_is_every_field_sorted_as_asdict_gives_it():
    """options_key reads the fields without dataclasses.asdict's deep copy: the same
    (field, value) pairs and so the same repr (the disk cache's keys do not move)."""
    import dataclasses

    from asc.options import CodegenOptions, LaunchOptions, options_key
    from asc.runtime.config import KernelType

    cases = [(CodegenOptions(), CompileOptions(), LaunchOptions()),
             (CodegenOptions(ir_multithreading=True),
              CompileOptions(debug=True, kernel_type=KernelType.MIX_AIC_1_2, bisheng_options=("-g", "-O1"),
                             auto_sync_log="log.txt", opt_level=2),
              LaunchOptions(core_num=8))]
    for opts in cases:
        want = [sorted(dataclasses.asdict(o).items(), key=lambda kv: kv[0]) for o in opts]
        assert options_key(*opts) == want and repr(options_key(*opts)) == repr(want)
