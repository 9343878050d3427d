"""One target record per SoC: core counts, clock, memory sizes and alignments,
and the timed Model's cycle-model parameters, each figure with its source.

The records are read from `targets/*.json`, the only place a figure of a SoC is
written: `<family>.base.json` (A2.base.json) holds what a chip family shares
("soc": the memories; "params": the cycle model's rates, latencies and sizes);
`<platform>.json` names its base ("base": "A2") and holds only what differs
(clock, core counts, ...), which wins over the base. A file may cover a series
of identical SoCs ("platforms": the Ascend910_93 series). Every consumer (the
Model's launch configuration, the timed Model, the host tiling, asc-bench's
peaks, pyasc's PlatformAscendC) reads the record; a figure that is not
published for a part is marked "assumed" in its source, and the record's
`assumed` says whether any of its own figures is.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Dict, Iterator, Optional, Tuple

from .._read import read_bytes

KiB = 1024

# Memory order shared with cpp/model/include/asc_model/abi.h (enum Mem).
MEMORIES = ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB")

TARGETS_DIR = Path(__file__).resolve().parent / "targets"


class TimingParams:
    """The cycle model's parameters of one SoC: attribute access to each `value`;
    `sources[name]` is its note, `origin[name]` the file it came from."""

    def __init__(self, name: str, data: Dict[str, Any]):
        self.platform = name
        self.note = data.get("note", "")
        self.origin = data.get("origin", {})
        self.sources = {k: v["source"] for k, v in data["params"].items()}
        self.values = {k: v["value"] for k, v in data["params"].items()}
        for k, v in self.values.items():
            setattr(self, k, v)

    def with_overrides(self, **kw) -> "TimingParams":
        data = {"note": self.note, "origin": self.origin,
                "params": {k: {"value": kw.get(k, v), "source": self.sources[k]} for k, v in self.values.items()}}
        unknown = set(kw) - set(self.values)
        if unknown:
            raise ValueError(f"unknown timing parameter(s): {', '.join(sorted(unknown))}")
        return TimingParams(self.platform, data)


# The "soc" figures of a record (PlatformSpec fields besides name, clock, cores, timing).
SOC_FIELDS = ("ub", "l1", "l0a", "l0b", "l0c", "bt", "fb", "align_ub", "align_l1", "align_l0a", "align_l0b",
              "align_l0c", "align_bt", "align_fb", "hbm")


@dataclasses.dataclass(frozen=True)
class PlatformSpec:
    """A SoC's target record (frozen: one per SoC, shared by every consumer)."""

    name: str
    family: str
    clock_ghz: float
    aiv_cores: int
    aic_cores: int
    ub: int
    l1: int
    l0a: int
    l0b: int
    l0c: int
    bt: int  # bias table
    fb: int  # fixpipe buffer
    align_ub: int
    align_l1: int
    align_l0a: int
    align_l0b: int
    align_l0c: int
    align_bt: int
    align_fb: int
    hbm: int  # bytes of device memory
    timing: TimingParams = dataclasses.field(compare=False, repr=False)
    sources: Dict[str, str] = dataclasses.field(compare=False, repr=False)
    assumed: bool = False  # a figure of this part's own file is assumed, not published

    @property
    def l2(self) -> int:
        return int(self.timing.l2_bytes)

    def mem_sizes(self) -> Tuple[int, ...]:
        """Bytes per memory in MEMORIES order (GM is unbounded: 0)."""
        return (0, self.ub, self.l1, self.l0a, self.l0b, self.l0c, self.bt, self.fb)

    def mem_aligns(self) -> Tuple[int, ...]:
        return (1, self.align_ub, self.align_l1, self.align_l0a, self.align_l0b, self.align_l0c,
                self.align_bt, self.align_fb)


def _target_files() -> Dict[str, Path]:
    """SoC name -> its file."""
    files: Dict[str, Path] = {}
    for path in sorted(TARGETS_DIR.glob("*.json")):
        if path.name.endswith(".base.json"):
            continue
        names = json.loads(path.read_text()).get("platforms")
        for name in names or [path.stem]:
            files[name] = path
    return files


def _merged(path: Path, data: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """A platform file over its base file: the platform's figures win; each keeps its source.
    `data`: the file's content when the caller has read it already."""
    if data is None:
        data = json.loads(read_bytes(path))
    merged: Dict[str, Dict[str, Any]] = {"soc": {}, "params": {}}
    origin: Dict[str, str] = {}
    notes = [data.get("note", "")]
    base = data.get("base")
    if base:
        bpath = TARGETS_DIR / f"{base}.base.json"
        try:
            raw = read_bytes(bpath)  # (a new process's first launch reads it: few system calls)
        except OSError:
            raise ValueError(f"target record {path.name}: base {base!r} has no file {bpath.name}") from None
        bdata = json.loads(raw)
        for part in merged:
            merged[part].update(bdata.get(part, {}))
            origin.update(dict.fromkeys(bdata.get(part, {}), bpath.name))
        notes.append(bdata.get("note", ""))
    for part in merged:
        merged[part].update(data.get(part, {}))
        origin.update(dict.fromkeys(data.get(part, {}), path.name))
    own_assumed = any(str(v["source"]).startswith("assumed")
                      for part in ("soc", "params") for v in data.get(part, {}).values())
    return {"note": " | ".join(n for n in notes if n), "soc": merged["soc"], "params": merged["params"],
            "origin": origin, "family": base or path.stem, "assumed": own_assumed}


def _record(name: str, path: Path, data: Optional[Dict[str, Any]] = None) -> PlatformSpec:
    m = _merged(path, data)
    timing = TimingParams(name, m)
    soc = m["soc"]
    missing = [f for f in SOC_FIELDS if f not in soc]
    if missing:
        raise ValueError(f"target record {path.name} ({name}): no {', '.join(missing)}")
    sources = {k: v["source"] for k, v in {**soc, **m["params"]}.items()}
    return PlatformSpec(name=name, family=m["family"], clock_ghz=float(timing.clock_ghz),
                        aiv_cores=int(timing.aiv_cores), aic_cores=int(timing.aic_cores),
                        **{f: int(soc[f]["value"]) for f in SOC_FIELDS}, timing=timing, sources=sources,
                        assumed=m["assumed"])


def _own_file(name: str) -> Optional[Path]:
    """The file of SoC `name` when it is named after it (`<name>.json` naming no other
    SoCs, or listing `name`): found without reading every target file."""
    found = _own_file_data(name)
    return None if found is None else found[0]


def _own_file_data(name: str) -> Optional[Tuple[Path, Dict[str, Any]]]:
    """(_own_file(name), its parsed content), or None: the record is built from that content
    (a new process's first launch reads the file once)."""
    path = TARGETS_DIR / f"{name}.json"
    if name.endswith(".base"):
        return None
    try:
        text = read_bytes(path)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError):  # (no such file: as is_file())
        return None
    data = json.loads(text)
    names = data.get("platforms")
    return (path, data) if not names or name in names else None


class _Records(Mapping):
    """SoC name -> record, read from the files at first use (not at `import asc`: ~4 ms).
    One SoC's record is read alone (a launch needs only the selected platform's: reading
    all of them cost a new process ~2 ms before its first launch); listing them reads all."""

    def __init__(self):
        self._records: Optional[Dict[str, PlatformSpec]] = None
        self._some: Dict[str, PlatformSpec] = {}

    def _all(self) -> Dict[str, PlatformSpec]:
        if self._records is None:
            # the records read one by one are kept: PlatformSpec is shared by identity
            self._records = {name: self._some.get(name) or _record(name, path)
                             for name, path in _target_files().items()}
        return self._records

    def __getitem__(self, name: str) -> PlatformSpec:
        if self._records is None:
            got = self._some.get(name)
            if got is not None:
                return got
            found = _own_file_data(name) if isinstance(name, str) else None
            if found is not None:
                got = self._some[name] = _record(name, *found)
                return got
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


PLATFORMS: Mapping[str, PlatformSpec] = _Records()

DEFAULT_PLATFORM = "Ascend910B1"


def get_platform(name: str = DEFAULT_PLATFORM) -> PlatformSpec:
    key = name.replace("-", "_")
    try:
        return PLATFORMS[key]
    except KeyError:
        raise ValueError(f"unknown platform {name!r}; known: {', '.join(PLATFORMS)}") from None


def targets_version() -> str:
    """A short digest of every target file: two installations print the same version
    exactly when their platform data are the same (`asc-profile --version`)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(TARGETS_DIR.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]
