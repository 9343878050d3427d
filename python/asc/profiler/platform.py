"""Cycle-model parameters: one JSON file per platform under params/, each
parameter with its source or calibration note. Nothing in the simulator is a
literal cost; every rate, latency and size comes from here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

PARAMS_DIR = Path(__file__).resolve().parent / "params"
_cache: Dict[str, "TimingParams"] = {}


class TimingParams:
    """Attribute access to the `value` of each parameter; `sources[name]` is its note."""

    def __init__(self, name: str, data: Dict[str, Any]):
        self.platform = name
        self.note = data.get("note", "")
        self.sources = {k: v["source"] for k, v in data["params"].items()}
        self.values = {k: v["value"] for k, v in data["params"].items()}
        for k, v in self.values.items():
            setattr(self, k, v)

    def with_overrides(self, **kw) -> "TimingParams":
        data = {"note": self.note, "params": {k: {"value": kw.get(k, v), "source": self.sources[k]}
                                              for k, v in self.values.items()}}
        unknown = set(kw) - set(self.values)
        if unknown:
            raise ValueError(f"unknown timing parameter(s): {', '.join(sorted(unknown))}")
        return TimingParams(self.platform, data)


def known_platforms():
    return sorted(p.stem for p in PARAMS_DIR.glob("*.json"))


def timing_params(platform: str) -> TimingParams:
    key = platform.replace("-", "_")
    got = _cache.get(key)
    if got is None:
        path = PARAMS_DIR / f"{key}.json"
        if not path.is_file():
            raise ValueError(f"no cycle-model parameters for platform {platform!r}; "
                             f"known: {', '.join(known_platforms())}")
        got = _cache[key] = TimingParams(key, json.loads(path.read_text()))
    return got
