"""asc-bench's files and flags under abuse (issue 25): a damaged history is read around and said
so in one line, several writers lose no line, a function side that raises at import or calls
sys.exit is one [ERROR] line, and every numeric flag refuses NaN/inf naming the flag."""

import json
import multiprocessing
import os
import subprocess
import sys
import textwrap

import pytest

from asc.bench import history as hist
from asc.bench import cli as bench

GOOD = {"time": "2026-01-01T00:00:00Z", "commit": "abc", "asc_version": "0", "platform": "Ascend910B1",
        "key": {"operator": "vadd", "shape": "1024", "dtype": "float32", "platform": "Ascend910B1",
                "measure": "model"},
        "baseline": "b", "candidate": "c", "kernel": "vadd", "candidate_us": 10.0, "baseline_us": 10.0,
        "unit": "GB/s", "candidate_throughput": 1.0, "baseline_throughput": 1.0, "ratio": 1.0,
        "verdict": "ship", "samples_us": None}


def run(capsys, *argv):
    code = bench.TOOL.run(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def errors(err):
    return [l for l in err.splitlines() if l.startswith("[ERROR]")]


def line(**over):
    e = json.loads(json.dumps(GOOD))
    e.update(over)
    return json.dumps(e)


def test_history_skips_non_utf8_and_wrong_typed_lines_and_says_so(capsys, tmp_path):
    h = tmp_path / "history.jsonl"
    bad_key = json.loads(line())
    bad_key["key"]["shape"] = [1024]
    h.write_bytes(b"\n".join([line().encode(), b"\xff\xfe not utf-8", line(candidate_us="fast").encode(),
                              json.dumps(bad_key).encode(), line(candidate_us=0).encode(), b"[1, 2]",
                              line(candidate_us=20.0).encode(), b'{"key": {"operator": "vadd"'])
                 + b"\n")
    entries, skipped = hist.read(h)
    assert [e["candidate_us"] for e in entries] == [10.0, 20.0]
    assert skipped == [2, 3, 4, 5, 6, 8]
    code, out, err = run(capsys, "history", "--history", str(h))
    assert code == 0, err
    warn = [l for l in err.splitlines() if l.startswith("[WARNING]")]
    assert len(warn) == 1 and "skipped 6 damaged line(s)" in warn[0] and "line 2, 3, 4, 5, 6, ..." in warn[0]
    assert "vadd (1024, float32, Ascend910B1, timed Model): 2 run(s)" in out
    code, out, err = run(capsys, "history", "--history", str(h), "--json")
    assert code == 0 and len(json.loads(out)) == 1


def test_append_after_a_damaged_line_keeps_both(tmp_path):
    h = tmp_path / "history.jsonl"
    h.write_bytes(line().encode() + b"\n\xff\xfe cut by a crash")  # no newline at the end
    hist.append(h, [json.loads(line(candidate_us=30.0))])
    entries, skipped = hist.read(h)
    assert [e["candidate_us"] for e in entries] == [10.0, 30.0] and skipped == [2]
    assert h.read_bytes().startswith(line().encode() + b"\n\xff\xfe cut by a crash\n")


def _appender(path, who, m):
    for i in range(m):
        hist.append(path, [json.loads(line(candidate_us=float(who * 1000 + i + 1)))])


def test_concurrent_appends_lose_nothing(tmp_path):
    h = tmp_path / "history.jsonl"
    n, m = 6, 40
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_appender, args=(h, w, m)) for w in range(n)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    entries, skipped = hist.read(h)
    assert not skipped
    assert sorted(e["candidate_us"] for e in entries) == sorted(float(w * 1000 + i + 1)
                                                                for w in range(n) for i in range(m))


@pytest.mark.parametrize("flag,value", [("fail-under", "nan"), ("factor", "nan"), ("timeout", "nan"),
                                        ("factor", "inf"), ("alpha", "nan"), ("min-time", "-inf"),
                                        ("timeout", "0"), ("fail-under", "-1")])
def test_numeric_flags_refuse_nan_inf_and_out_of_range(capsys, tmp_path, flag, value):
    code, out, err = run(capsys, "--baseline", "asc:add", str(tmp_path / "nothing.py"), f"--{flag}={value}")
    assert code == 1
    (e,) = errors(err)
    assert e.startswith(f"[ERROR] --{flag} {value}: must be a finite number"), e
    assert "Traceback" not in err


def test_history_factor_nan_is_refused(capsys, tmp_path):
    h = tmp_path / "history.jsonl"
    h.write_text(line() + "\n")
    code, _, err = run(capsys, "history", "--history", str(h), "--factor", "nan")
    assert code == 1 and errors(err) == ["[ERROR] --factor nan: must be a finite number >= 0"]


def _side_module(tmp_path, name, body):
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(body))
    return f"{name}:side"


@pytest.mark.parametrize("body,expect", [
    ("raise RuntimeError('broken at import')\ndef side(): pass\n",
     "importing {m} raised RuntimeError: broken at import"),
    ("import sys\nsys.exit(2)\n", "importing {m} called sys.exit(2)"),
    ("import sys\ndef side():\n    sys.exit(2)\n", "called sys.exit(2)"),
])
def test_function_side_failures_are_one_error_line(tmp_path, body, expect):
    name = f"side_{abs(hash(body)) % 10**8}"
    spec = _side_module(tmp_path, name, body)
    proc = subprocess.run([sys.executable, "-m", "asc.bench.cli", "--baseline", spec, spec,
                           "--history", str(tmp_path / "h.jsonl")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    (e,) = errors(proc.stderr)
    assert e.startswith("[ERROR] the candidate " + spec) and expect.format(m=name) in e, e
