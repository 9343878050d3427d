"""One target record per SoC (asc.runtime.platforms; issue 21 §2).

Every platform a user can select has a complete record (cores, clock, memories,
every cycle-model parameter, each with its source) that every consumer reads:
the Model's launch configuration, the timed Model, the host tiling,
PlatformAscendC. Every selectable platform profiles. No module of the package
keeps its own copy of a figure of the records.
"""

import ast
import importlib.util
import os

import numpy as np
import pytest

import asc
from asc.lib.host.platform import CoreMemType, PlatformAscendC
from asc.runtime import config
from asc.runtime.platforms import PLATFORMS, SOC_FIELDS, get_platform
from asc.testing import scale

SELECTABLE = [p for p in config.Platform]


def test_every_selectable_platform_has_one_complete_record():
    base = PLATFORMS["Ascend910B1"].timing.values
    for plat in SELECTABLE:
        record = get_platform(plat.value)
        assert record is PLATFORMS[record.name]  # one frozen record, shared
        assert record.clock_ghz > 0 and record.aic_cores > 0 and record.aiv_cores == 2 * record.aic_cores
        assert all(getattr(record, f) > 0 for f in SOC_FIELDS)
        assert set(record.timing.values) == set(base), plat  # every cycle-model parameter
        for name in list(SOC_FIELDS) + list(base):
            assert record.sources[name].strip(), (plat, name)  # each figure says where it comes from
        assert (record.timing.clock_ghz, record.timing.aic_cores) == (record.clock_ghz, record.aic_cores)
    assert {p.value.replace("-", "_") for p in SELECTABLE} == set(PLATFORMS)
    with pytest.raises(Exception):
        PLATFORMS["Ascend910B1"].clock_ghz = 2.0  # frozen


def test_assumed_figures_are_said_to_be():
    assert not get_platform("Ascend910B1").assumed and not get_platform("Ascend910B2").assumed
    for name in ("Ascend910B2C", "Ascend910B3", "Ascend910B4_1", "Ascend910_9391"):
        assert get_platform(name).assumed, name
    assert get_platform("Ascend910B3").sources["clock_ghz"].startswith("assumed")


def test_consumers_read_the_record():
    for name, record in PLATFORMS.items():
        pa = PlatformAscendC(name)
        assert (pa.get_core_num_aic(), pa.get_core_num_aiv()) == (record.aic_cores, record.aiv_cores)
        assert pa.get_core_mem_size(CoreMemType.L2) == record.timing.l2_bytes
        assert pa.get_core_mem_size(CoreMemType.UB) == record.ub
        assert pa.get_core_mem_size(CoreMemType.HBM) == record.hbm
        assert asc.profiler.timing_params(name) is record.timing


@pytest.mark.parametrize("plat", SELECTABLE, ids=[p.name for p in SELECTABLE])
def test_every_selectable_platform_profiles(plat):
    was = (config.backend, config.platform)
    config.set_platform(config.Backend.Model, plat)
    try:
        x = np.arange(256, dtype=np.float32)
        y = np.zeros_like(x)
        with asc.profile() as prof:
            scale[2](x, y, 128, 2.0)
        (lp,) = prof.launches
        assert lp.platform == plat.value.replace("-", "_") and lp.total_us > 0
        assert np.array_equal(y, 2 * x)
    finally:
        config.set_platform(*was, check=False)


def test_a_faster_clock_is_a_shorter_profile():
    """The clock in the record is the one the timed Model uses (B1 1.85 GHz, B2 1.8 GHz)."""
    times = {}
    for plat in (config.Platform.Ascend910B1, config.Platform.Ascend910B2):
        was = (config.backend, config.platform)
        config.set_platform(config.Backend.Model, plat)
        try:
            x = np.arange(4096, dtype=np.float32)
            with asc.profile() as prof:
                scale[1](x, np.zeros_like(x), 4096, 2.0)
            times[plat.name] = prof.launches[0].total_us
        finally:
            config.set_platform(*was, check=False)
    assert times["Ascend910B1"] < times["Ascend910B2"]


# -- no copies ---------------------------------------------------------------------------------

def _distinctive_figures():
    """Figures of the records that would not appear in code for another reason: the clocks,
    the bandwidths, the L2 and HBM sizes, the fitted latencies (values >= 100 that are
    neither a power of two, like a fractal's 256, nor a round 100 or 1000)."""
    def distinctive(v):
        v = float(v)
        return v >= 100 and not (v.is_integer() and (int(v) & (int(v) - 1) == 0 or v in (100.0, 1000.0)))

    figs = set()
    for record in PLATFORMS.values():
        figs.add(float(record.clock_ghz))
        figs.add(float(record.clock_ghz) * 1e9)
        for v in record.timing.values.values():
            if isinstance(v, (int, float)) and not isinstance(v, bool) and distinctive(v):
                figs.add(float(v))
    return figs


def test_no_module_keeps_its_own_copy_of_a_figure():
    root = importlib.util.find_spec("asc").submodule_search_locations[0]
    figs = _distinctive_figures()
    assert {1.85, 1.8, 1.6e12, 201326592.0, 110.0} <= figs
    found = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            tree = ast.parse(open(path, encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, float) and node.value in figs:
                    found.append(f"{os.path.relpath(path, root)}:{node.lineno}: {node.value!r}")
    assert found == [], "figures of the target records copied into code (read asc.runtime.platforms):\n" + \
        "\n".join(found)
