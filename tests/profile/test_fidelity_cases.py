"""benchmarks/fidelity.py's case table is well-formed: every case names a README
line of the vendor's sources whose text holds its published figure, under no
Ascend 950 heading; names are unique, families known, ladders have >= 2 cases.
Cheap (nothing is launched). Needs the asc-devkit sources: $ASC_DEVKIT_DIR, else
the pinned snapshot beside the repository, unpacked once into asc's cache
(tools/vendor_examples/snapshot.py, as the vendor-example tests do)."""

import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]  # the checkout (a runfile links into it)
FIDELITY = ROOT / "benchmarks" / "fidelity.py"


def _devkit():
    if os.environ.get("ASC_DEVKIT_DIR"):
        return Path(os.environ["ASC_DEVKIT_DIR"])
    sys.path.insert(0, str(ROOT / "tools"))
    from vendor_examples import snapshot
    try:
        return snapshot.unpack()
    except FileNotFoundError:
        return Path("/nonexistent")


DEVKIT = _devkit()

pytestmark = [
    pytest.mark.skipif(not FIDELITY.exists(), reason="benchmarks/fidelity.py is not in this tree"),
    pytest.mark.skipif(not (DEVKIT / "examples").is_dir(), reason=f"no asc-devkit snapshot at {DEVKIT}"),
]

FAMILIES = {"vector", "cube", "copy-bound", "scalar-bound", "mixed"}


@pytest.fixture(scope="module")
def cases():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import fidelity
    return fidelity.CASES


def _numbers(text):
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text.replace(",", ""))]


def test_every_published_figure_is_on_its_readme_line(cases):
    for c in cases:
        path, line = c.source.rsplit(":", 1)
        lines = (DEVKIT / path).read_text(encoding="utf-8").splitlines()
        text = lines[int(line) - 1]
        assert any(abs(v - c.published) <= 1e-9 * max(1.0, c.published) for v in _numbers(text)), \
            f"{c.name}: {c.published} not on {c.source}: {text[:200]}"
        heading = next((h for h in reversed(lines[:int(line)]) if h.startswith("#")), "")
        assert "950" not in heading, f"{c.name}: {c.source} is under an Ascend 950 heading ({heading!r})"


def test_case_table_is_well_formed(cases):
    names = [c.name for c in cases]
    assert len(names) == len(set(names))
    assert all(c.family in FAMILIES for c in cases)
    ladders = {}
    for c in cases:
        ladders.setdefault(c.ladder, []).append(c)
        assert c.published > 0 and c.kernel and callable(c.run)
    assert all(len(cs) >= 2 for cs in ladders.values()), {k: len(v) for k, v in ladders.items()}
    assert len(cases) >= 20 and sum(not c.fitted for c in cases) >= 12
