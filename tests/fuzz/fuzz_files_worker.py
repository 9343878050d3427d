"""The worker of fuzz_files.py: reads mutated copies of a real file through asc's readers and
tools, under the memory (RLIMIT_AS) and CPU (RLIMIT_CPU) limits the test sets, and prints one
JSON line: the cases run and the ones answered by anything but a result or one [ERROR] line.

    python fuzz_files_worker.py prof|history|golden SEED_PATH SEED COUNT WORKDIR
"""

import contextlib
import io
import json
import os
import random
import shutil
import sqlite3
import sys
import time
import traceback
from pathlib import Path

import numpy as np


# ------------------------------------------------------------------------------------- mutations

def truncate(data: bytes, rng) -> bytes:
    return data[:rng.randrange(len(data))]


def flip(data: bytes, rng) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 24)):
        i = rng.randrange(len(b))
        b[i] = rng.choice([b[i] ^ (1 << rng.randrange(8)), rng.randrange(256), 0, 0xFF])
    return bytes(b)


def splice(data: bytes, rng) -> bytes:
    i, j = sorted(rng.randrange(len(data)) for _ in range(2))
    k = rng.randrange(len(data))
    return data[:k] + data[i:j] + data[k:]


WEIRD = [None, 0, -1, 1.5, float("inf"), "x", "", [], {}, [1, 2], {"a": 1}, True, 2 ** 70, "\udcff"]


def mutate_json(obj, rng, depth=0):
    """A copy of a JSON value with one field dropped, retyped or added, somewhere inside."""
    if isinstance(obj, dict) and obj:
        obj = dict(obj)
        k = rng.choice(list(obj))
        r = rng.random()
        if r < 0.3:
            del obj[k]
        elif r < 0.6 or depth > 4:
            obj[k] = rng.choice(WEIRD)
        else:
            obj[k] = mutate_json(obj[k], rng, depth + 1)
        return obj
    if isinstance(obj, list) and obj:
        obj = list(obj)
        i = rng.randrange(len(obj))
        if rng.random() < 0.3:
            del obj[i]
        else:
            obj[i] = mutate_json(obj[i], rng, depth + 1) if depth < 4 else rng.choice(WEIRD)
        return obj
    return rng.choice(WEIRD)


def dumps(obj) -> str:
    return json.dumps(obj, default=str).replace("NaN", "NaN")


# ------------------------------------------------------------------------------------- .prof

PROF_SQL = [
    "DROP TABLE arrays", "DROP TABLE sources", "DROP TABLE launches", "DELETE FROM meta WHERE key = 'format'",
    "UPDATE meta SET value = '99' WHERE key = 'format_version'", "UPDATE meta SET value = 'x' WHERE key = 'format_version'",
    "ALTER TABLE launches RENAME COLUMN spec TO sp", "ALTER TABLE arrays RENAME TO arr",
    "UPDATE launches SET summary = 'not json'", "UPDATE launches SET spec = '[]'", "UPDATE launches SET total_us = 'fast'",
    "UPDATE launches SET kernel = 12", "UPDATE launches SET summary = 17", "UPDATE launches SET id = -id",
    "UPDATE arrays SET data = x'00'", "UPDATE arrays SET data = randomblob(64)", "DELETE FROM arrays WHERE name = 'strings'",
    "UPDATE arrays SET name = 'res_slices' WHERE name = 'res_flows'", "DELETE FROM arrays WHERE name LIKE 'res_%'",
    "UPDATE arrays SET launch = launch + 1", "UPDATE sources SET text = 5", "DELETE FROM launches WHERE id = 1",
    "UPDATE arrays SET data = (SELECT data FROM arrays a2 WHERE a2.name = 'accesses' AND a2.launch = arrays.launch) "
    "WHERE name = 'events'",
    "UPDATE arrays SET data = (SELECT data FROM arrays a2 WHERE a2.name = 'events' AND a2.launch = arrays.launch) "
    "WHERE name = 'res_slices'",
]


def _npy_blob(a):
    import zlib
    buf = io.BytesIO()
    np.save(buf, a, allow_pickle=False)
    return zlib.compress(buf.getvalue(), 1)


def mutate_prof(seed: Path, out: Path, rng) -> str:
    data = seed.read_bytes()
    kind = rng.choice(["truncate", "flip", "flip", "splice", "sql", "sql", "json", "json", "array", "array"])
    if kind in ("truncate", "flip", "splice"):
        out.write_bytes(globals()[kind](data, rng))
        return kind
    out.write_bytes(data)
    db = sqlite3.connect(str(out))
    try:
        if kind == "sql":
            for stmt in rng.sample(PROF_SQL, rng.randint(1, 2)):
                try:
                    db.execute(stmt)
                except sqlite3.DatabaseError:
                    pass
            what = "sql"
        elif kind == "json":
            col = rng.choice(["summary", "spec"])
            for lid, text in db.execute(f"SELECT id, {col} FROM launches").fetchall():
                db.execute(f"UPDATE launches SET {col} = ? WHERE id = ?", (dumps(mutate_json(json.loads(text), rng)), lid))
            what = "json " + col
        else:  # one stored array replaced by a well-formed one of another shape, dtype or values
            rows = db.execute("SELECT launch, name, data FROM arrays").fetchall()
            lid, name, blob = rng.choice(rows)
            import zlib
            a = np.load(io.BytesIO(zlib.decompress(blob)), allow_pickle=False)
            r = rng.random()
            if r < 0.25 and len(a):
                a = a[:rng.randrange(len(a))]
            elif r < 0.5:
                a = np.zeros(rng.randint(0, 5), rng.choice([np.float64, np.int32, np.uint8]))
            elif r < 0.8 and a.dtype.names:
                a = a.copy()
                f = rng.choice(a.dtype.names)
                if len(a):
                    a[f][rng.randrange(len(a))] = rng.choice([-1, 2 ** 31 - 1, 10 ** 6, 7])
            else:
                a = np.frombuffer(os.urandom(a.nbytes), a.dtype) if a.nbytes and a.dtype.names else a[::-1].copy()
            db.execute("UPDATE arrays SET data = ? WHERE launch = ? AND name = ?", (_npy_blob(a), lid, name))
            what = f"array {name}"
        db.commit()
    finally:
        db.close()
    return what


def check_prof(path: Path, work: Path):
    from asc.profiler import cli as tool

    codes = [tool.run([str(path), "--json", "--lines"])]
    codes.append(tool.run(["export", str(path), "-o", str(work / "export")]))
    shutil.rmtree(work / "export", ignore_errors=True)
    return codes


# ------------------------------------------------------------------------------------- history

def mutate_history(seed: Path, out: Path, rng) -> str:
    data = seed.read_bytes()
    kind = rng.choice(["truncate", "flip", "splice", "json", "json", "bytes"])
    if kind == "json":
        lines = data.decode().splitlines()
        i = rng.randrange(len(lines))
        lines[i] = dumps(mutate_json(json.loads(lines[i]), rng))
        out.write_text("\n".join(lines) + "\n")
    elif kind == "bytes":
        lines = data.split(b"\n")
        lines.insert(rng.randrange(len(lines)), rng.choice([b"\xff\xfe\x00", b"{", b"[]", b"null", b"1e999",
                                                             b'{"key": "x"}', b"\x00" * 50]))
        out.write_bytes(b"\n".join(lines))
    else:
        out.write_bytes(globals()[kind](data, rng))
    return kind


def check_history(path: Path, work: Path):
    from asc.bench import history as hist
    from asc.bench import cli as bench

    codes = [bench.TOOL.run(["history", "--history", str(path)]), bench.TOOL.run(["history", "--history", str(path),
                                                                                  "--json"])]
    entries, _ = hist.read(path)
    before = len(entries)
    hist.append(path, [dict(entries[0])] if entries else [json.loads(SEED_HISTORY_LINE)])
    after, _ = hist.read(path)
    if len(after) != before + 1:
        raise AssertionError(f"append after damage kept {len(after)} of {before + 1} entries")
    return codes


SEED_HISTORY_LINE = ""


# ------------------------------------------------------------------------------------- golden

def mutate_golden(seed: Path, out: Path, rng) -> str:
    shutil.copytree(seed, out)
    files = sorted(out.iterdir())
    kind = rng.choice(["manifest", "manifest", "json", "json", "npy", "npy", "delete"])
    if kind == "manifest":
        p = out / "manifest.json"
        p.write_bytes(rng.choice([truncate, flip, splice])(p.read_bytes(), rng))
    elif kind == "json":
        p = out / "manifest.json"
        p.write_text(dumps(mutate_json(json.loads(p.read_text()), rng)))
    elif kind == "npy":
        p = rng.choice([f for f in files if f.suffix == ".npy"])
        p.write_bytes(rng.choice([truncate, flip, flip, splice])(p.read_bytes(), rng))
    else:
        rng.choice(files).unlink()
    return kind


def check_golden(path: Path, work: Path):
    from absl import flags

    from asc.debug import launch_watch
    from asc.debug.golden import GoldenChecker, GoldenError
    from asc.debug import cli as debug

    fv = debug.TOOL.flags
    codes = [debug.TOOL.run(["--golden", str(path), "--", sys.executable, "-c", "pass"])]
    try:
        checker = GoldenChecker(path)
    except GoldenError:
        return codes
    for launch in range(3):
        checker(launch, "k", [launch_watch.Output(launch, "k", 2, "z", np.arange(64, dtype=np.float32)),
                              launch_watch.Output(launch, "k", 3, "w", np.ones((4, 4), np.float16))])
    checker.finish(io.StringIO())
    return codes


# ------------------------------------------------------------------------------------- driver

SLOW_S = 60.0  # a case taking longer is a hang (each takes about a second, more on a loaded machine)

def main():
    what, seed_path, seed, count, work = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), \
        Path(sys.argv[5])
    global SEED_HISTORY_LINE
    if what == "history":
        SEED_HISTORY_LINE = seed_path.read_text().splitlines()[0]
    mutate, check = globals()["mutate_" + what], globals()["check_" + what]
    rng = random.Random(seed)
    bad = []
    kinds = {}
    for case in range(count):
        target = work / f"case{case}{seed_path.suffix}"
        kind = mutate(seed_path, target, rng)
        kinds[kind] = kinds.get(kind, 0) + 1
        err = io.StringIO()
        t0 = time.monotonic()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                codes = check(target, work)
        except BaseException as exc:  # noqa: BLE001 - any escape is the defect this test looks for
            bad.append({"case": case, "kind": kind, "error": "".join(traceback.format_exception(exc))[-1500:]})
        else:
            lines = [l for l in err.getvalue().splitlines() if l.startswith("[ERROR]")]
            if "Traceback" in err.getvalue() or any(c not in (0, 1) for c in codes) or \
                    any(c == 1 for c in codes) and not lines:
                bad.append({"case": case, "kind": kind, "error": f"exit codes {codes}: " + err.getvalue()[-1500:]})
        took = time.monotonic() - t0
        if took > SLOW_S:
            bad.append({"case": case, "kind": kind, "error": f"took {took:.1f} s (a hang?)"})
        if target.is_dir():
            shutil.rmtree(target, ignore_errors=True)
        else:
            for p in (target, Path(str(target) + "-journal")):
                if p.exists():
                    p.unlink()
    print(json.dumps({"cases": count, "kinds": kinds, "bad": bad}))


if __name__ == "__main__":
    main()
