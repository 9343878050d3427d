"""The ABI between Python and the Model's C++ runtime (cpp/model/include/asc_model/abi.h).

Every plain struct and constant that crosses between the two sides is declared
once, in abi.h; Python mirrors them (ctypes structures, numpy record types,
constant tables). This test compiles one program against abi.h that prints the
offset and size of every field the Python side names, the size of every struct
and every constant, and compares them with the Python side: a field added,
removed, moved or retyped on either side fails here, not as a wrong number in
a profile.
"""

import ctypes
import subprocess

import numpy as np
import pytest

from asc.debug import engine
from asc.profiler import cycle
from asc.runtime import platforms
from asc.runtime.model import abi, build, launch

# C++ struct -> its Python mirror (a ctypes Structure or a numpy record dtype)
STRUCTS = {
    "RegionDesc": launch.RegionDesc,
    "LaunchConfig": launch.LaunchConfig,
    "DebugIO": engine.DebugIO,
    "EventRec": cycle.EVENT,
    "AccessRec": cycle.ACCESS,
    "SliceRec": cycle.SLICE,
    "FlowRec": cycle.FLOW,
    "MarkRec": cycle.MARK,
    "IntervalRec": cycle.INTERVAL,
    "LineRec": cycle.LINE,
    "CycleInput": cycle.CycleInput,
    "RecordIO": cycle.RecordIO,
}

# C++ constant -> the Python value that mirrors it
CONSTANTS = {
    "kDebugInitCheck": abi.DEBUG_FLAG_BITS["initcheck"],
    "kDebugRaceCheck": abi.DEBUG_FLAG_BITS["racecheck"],
    "kDebugSyncCheck": abi.DEBUG_FLAG_BITS["synccheck"],
    "kDebugMemCheck": abi.DEBUG_FLAG_BITS["memcheck"],
    "kLaunchTimingOnly": launch.LAUNCH_TIMING_ONLY,
    "kLaunchNpuScript": launch.LAUNCH_NPU_SCRIPT,
    "kMemCount": len(platforms.MEMORIES),
    "kScalarMatmulStep": cycle.SCALAR_MATMUL_STEP, "kScalarMatmulStepConstant": cycle.SCALAR_MATMUL_STEP_CONSTANT,
    "kResSummary": cycle.RES_SUMMARY, "kResBlocks": cycle.RES_BLOCKS, "kResCoreEnd": cycle.RES_CORE_END,
    "kResBusy": cycle.RES_BUSY, "kResSlices": cycle.RES_SLICES, "kResFlows": cycle.RES_FLOWS,
    "kResMarks": cycle.RES_MARKS, "kResWaits": cycle.RES_WAITS, "kResScalar": cycle.RES_SCALAR,
    "kResLines": cycle.RES_LINES, "kResBreakdown": cycle.RES_BREAKDOWN, "kResError": cycle.RES_ERROR,
    "kResConflicts": cycle.RES_CONFLICTS, "kResCount": cycle.RES_CONFLICTS + 1,
}


def python_layout(mirror):
    """[(field, offset, size)] and the total size of a ctypes Structure or a numpy dtype."""
    if isinstance(mirror, np.dtype):
        return [(n, mirror.fields[n][1], mirror.fields[n][0].itemsize) for n in mirror.names], mirror.itemsize
    return [(n, getattr(mirror, n).offset, getattr(mirror, n).size) for n, *_ in mirror._fields_], \
        ctypes.sizeof(mirror)


def layout_program() -> str:
    out = ["#include <cstddef>", "#include <cstdio>", '#include "asc_model/abi.h"', "using namespace asc_model;",
           "int main() {"]
    for name, mirror in STRUCTS.items():
        fields, _ = python_layout(mirror)
        for f, _, _ in fields:
            out.append(f'  std::printf("{name}.{f} %zu %zu\\n", offsetof({name}, {f}), sizeof({name}::{f}));')
        out.append(f'  std::printf("{name} %zu\\n", sizeof({name}));')
    for c in CONSTANTS:
        out.append(f'  std::printf("{c} %lld\\n", (long long)({c}));')
    for i, m in enumerate(platforms.MEMORIES):
        out.append(f'  std::printf("Mem::{m} %d\\n", (int)Mem::{m});')
    out.append('  std::printf("kReportColumns %s\\n", kReportColumns);')
    return "\n".join(out + ["}"]) + "\n"


@pytest.fixture(scope="module")
def cpp(tmp_path_factory):
    """What the compiler says of abi.h: name -> printed value."""
    d = tmp_path_factory.mktemp("abi")
    (d / "abi.cpp").write_text(layout_program())
    res = subprocess.run([build.cxx(), "-std=c++17", "-I", str(build.include_dir()), str(d / "abi.cpp"), "-o",
                          str(d / "abi")], capture_output=True, text=True)
    assert res.returncode == 0, f"a field the Python side names is not in abi.h:\n{res.stderr[:3000]}"
    out = subprocess.run([str(d / "abi")], capture_output=True, text=True, check=True).stdout
    return dict(line.split(" ", 1) for line in out.splitlines())


@pytest.mark.parametrize("name", list(STRUCTS))
def test_struct_layouts_match_field_by_field(cpp, name):
    fields, size = python_layout(STRUCTS[name])
    for f, off, fsize in fields:
        assert cpp[f"{name}.{f}"] == f"{off} {fsize}", f"{name}.{f}: C++ offset/size {cpp[f'{name}.{f}']}, " \
                                                       f"Python {off} {fsize}"
    assert int(cpp[name]) == size, f"{name}: sizeof {cpp[name]} in C++, {size} in Python (a field one side lacks?)"
    # the Python fields cover the struct: no C++ field hides between or after them
    ends = [off + fsize for _, off, fsize in fields]
    assert all(a <= b for a, b in zip(ends, [off for _, off, _ in fields][1:])), f"{name}: fields overlap"


def test_constants_match(cpp):
    for c, value in CONSTANTS.items():
        assert int(cpp[c]) == value, f"{c}: {cpp[c]} in C++, {value} in Python"


def test_memory_order_matches(cpp):
    assert [int(cpp[f"Mem::{m}"]) for m in platforms.MEMORIES] == list(range(len(platforms.MEMORIES)))
    assert tuple(cycle.MEMS) == tuple(platforms.MEMORIES)


def test_debug_report_columns_match(cpp):
    assert tuple(cpp["kReportColumns"].split(",")) == tuple(engine.COLUMNS)


def test_record_io_size_word_matches_the_runtime():
    """RecordIO.sizes: the runtime's own check at every launch, computed from the same records."""
    assert cycle._SIZES == (cycle.EVENT.itemsize | cycle.ACCESS.itemsize << 16 | cycle.SLICE.itemsize << 32
                            | cycle.FLOW.itemsize << 48)


def test_the_check_catches_a_moved_field(tmp_path):
    """A mirror that disagrees with abi.h is caught: LaunchConfig with two fields swapped."""
    fields = list(launch.LaunchConfig._fields_)
    i = [n for n, *_ in fields].index("block_dim")
    fields[i], fields[i + 1] = fields[i + 1], fields[i]
    wrong = type("LaunchConfig", (ctypes.Structure,), {"_fields_": fields})
    names, _ = python_layout(wrong)
    src = ["#include <cstddef>", "#include <cstdio>", '#include "asc_model/abi.h"', "int main() {"]
    src += [f'  std::printf("%zu\\n", offsetof(asc_model::LaunchConfig, {n}));' for n, _, _ in names]
    (tmp_path / "w.cpp").write_text("\n".join(src + ["}"]) + "\n")
    subprocess.run([build.cxx(), "-std=c++17", "-I", str(build.include_dir()), str(tmp_path / "w.cpp"), "-o",
                    str(tmp_path / "w")], check=True)
    got = [int(x) for x in subprocess.run([str(tmp_path / "w")], capture_output=True, text=True,
                                          check=True).stdout.split()]
    assert got != [off for _, off, _ in names]


def test_the_cycle_model_runs_on_a_recorded_stream_without_a_launch(tmp_path):
    """A recording saved by one process is simulated by another that launched nothing: the
    cycle model is the runtime's own library (asc.profiler.cycle.engine), same cycles."""
    import json
    import sys

    import asc
    from asc.testing import scale

    x = np.arange(1024, dtype=np.float32)
    with asc.profile() as prof:
        scale[2](x, np.zeros_like(x), 512, 2.0)
    lp = prof.launches[0]
    rec = lp.recording
    np.save(tmp_path / "events.npy", rec.events)
    np.save(tmp_path / "accesses.npy", rec.accesses)
    (tmp_path / "strings.json").write_text(json.dumps(rec.strings))
    child = ("import json, sys, numpy as np\n"
             "from asc.profiler import cycle, timing_params\n"
             "d = sys.argv[1]\n"
             "rec = cycle.Recording(np.load(d + '/events.npy'), np.load(d + '/accesses.npy'),\n"
             "                      json.load(open(d + '/strings.json')))\n"
             "assert cycle._engine is None  # no launch in this process\n"
             "print(cycle.simulate(rec, timing_params('Ascend910B1')).cycles)\n")
    out = subprocess.run([sys.executable, "-c", child, str(tmp_path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert float(out.stdout.split()[-1]) == pytest.approx(lp.cycles)
