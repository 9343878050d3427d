"""Cycle-model parameter files: one family base plus small per-platform files."""

import json

import pytest

from asc.profiler import known_platforms, timing_params
from asc.profiler.platform import PARAMS_DIR


def test_platforms_merge_base_and_differences():
    series = ["Ascend910_9362", "Ascend910_9372", "Ascend910_9381", "Ascend910_9382", "Ascend910_9391",
              "Ascend910_9392"]
    assert known_platforms() == ["Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
                                 "Ascend910B4_1"] + series
    base = json.loads((PARAMS_DIR / "A2.base.json").read_text())["params"]
    for name in known_platforms():
        file = "Ascend910_93.json" if name in series else f"{name}.json"
        own = json.loads((PARAMS_DIR / file).read_text())
        assert own["base"] == "A2" and (own["platform"] == name or name in own["platforms"])
        assert len(own["params"]) <= 8  # only what differs from the base
        p = timing_params(name)
        assert set(p.values) == set(base) | set(own["params"])
        for k in p.values:
            assert p.sources[k].strip(), (name, k)  # every value keeps its source note
            assert p.origin[k] == (file if k in own["params"] else "A2.base.json")
    b1, b3 = timing_params("Ascend910B1"), timing_params("Ascend910B3")
    assert (b1.clock_ghz, b1.aiv_cores, b1.aic_cores) == (1.85, 48, 24)
    assert (b3.aiv_cores, b3.aic_cores) == (40, 20)
    assert b1.hbm_bytes_per_s == b3.hbm_bytes_per_s == base["hbm_bytes_per_s"]["value"]
    assert timing_params("Ascend910B2").clock_ghz == 1.8
    a3 = timing_params("Ascend910_9391")  # one file for the series; its values are stated assumptions
    assert a3.platform == "Ascend910_9391" and a3.sources["clock_ghz"].startswith("assumed")
    assert timing_params("Ascend910_9362").values == a3.values
    with pytest.raises(ValueError, match="no cycle-model parameters for platform 'Ascend910_9999'"):
        timing_params("Ascend910_9999")


def test_overrides_keep_sources_and_reject_unknown():
    p = timing_params("Ascend910B2").with_overrides(gm_head_cycles=123)
    assert p.gm_head_cycles == 123 and p.origin["gm_head_cycles"] == "A2.base.json"
    assert "hardware.md" in p.sources["clock_ghz"]
    with pytest.raises(ValueError, match="unknown timing parameter"):
        p.with_overrides(no_such=1)


def test_every_parameter_names_the_kind_of_its_source():
    # issue 23: each value is a vendor document's figure, a published
    # measurement (which one; what is fitted is fitted on in-sample cases of
    # benchmarks/fidelity.py only) or a stated assumption
    kinds = ("vendor doc:", "published measurement:", "assumed:")
    for name in known_platforms():
        p = timing_params(name)
        for k, src in p.sources.items():
            assert src.startswith(kinds), (name, k, src)
            if "fitted" in src:
                assert "in-sample" in src, (name, k, src)
