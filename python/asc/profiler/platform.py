"""Cycle-model parameters under params/, each with its source or calibration note.

`<family>.base.json` (A2.base.json) holds the physical parameters a chip
family shares; `<platform>.json` names its base ("base": "A2") and holds only
what differs (clock, core counts, ...), which wins over the base. Nothing in
the simulator is a literal cost; every rate, latency and size comes from here."""

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
        self.origin = data.get("origin", {})  # parameter -> file it came from
        self.sources = {k: v["source"] for k, v in data["params"].items()}
        self.values = {k: v["value"] for k, v in data["params"].items()}
        for k, v in self.values.items():
            setattr(self, k, v)

    def with_overrides(self, **kw) -> "TimingParams":
        data = {"note": self.note, "origin": self.origin, "params": {k: {"value": kw.get(k, v), "source": self.sources[k]}
                                              for k, v in self.values.items()}}
        unknown = set(kw) - set(self.values)
        if unknown:
            raise ValueError(f"unknown timing parameter(s): {', '.join(sorted(unknown))}")
        return TimingParams(self.platform, data)


def _platform_files() -> Dict[str, Path]:
    """SoC name -> its parameter file. A file is named after its platform, or
    covers a series of identical SoCs listed in its "platforms" field (the
    Ascend910_93 series: one file for 9362 ... 9392)."""
    files: Dict[str, Path] = {}
    for path in sorted(PARAMS_DIR.glob("*.json")):
        if path.name.endswith(".base.json"):
            continue
        names = json.loads(path.read_text()).get("platforms")
        for name in names or [path.stem]:
            files[name] = path
    return files


def known_platforms():
    return sorted(_platform_files())


def _merged(path: Path) -> Dict[str, Any]:
    """A platform file over its base file: the platform's parameters win; each keeps its source."""
    data = json.loads(path.read_text())
    params: Dict[str, Any] = {}
    origin: Dict[str, str] = {}
    notes = []
    base = data.get("base")
    if base:
        bpath = PARAMS_DIR / f"{base}.base.json"
        if not bpath.is_file():
            raise ValueError(f"cycle-model parameters {path.name}: base {base!r} has no file {bpath.name}")
        bdata = json.loads(bpath.read_text())
        params.update(bdata["params"])
        origin.update(dict.fromkeys(bdata["params"], bpath.name))
        notes.append(bdata.get("note", ""))
    params.update(data["params"])
    origin.update(dict.fromkeys(data["params"], path.name))
    notes.insert(0, data.get("note", ""))
    return {"note": " | ".join(n for n in notes if n), "params": params, "origin": origin}


def timing_params(platform: str) -> TimingParams:
    key = platform.replace("-", "_")
    got = _cache.get(key)
    if got is None:
        path = _platform_files().get(key)
        if path is None:
            raise ValueError(f"no cycle-model parameters for platform {platform!r}; "
                             f"known: {', '.join(known_platforms())}")
        got = _cache[key] = TimingParams(key, _merged(path))
    return got


def params_version() -> str:
    """The version of the platform data: a short digest of every parameter
    file, so that two installations print the same version exactly when
    their timing parameters are the same (`asc-profile --version`)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(PARAMS_DIR.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]
