"""./dev vendor-examples [DIR]: the vendor's example programs on the Model.

Prints one line per program (PASS / FAIL: first error / UNSUPPORTED: the
hardware-only feature; with --debug also FINDINGS: what asc-debug reported on a
program that otherwise passes) and last `vendor examples: P pass, F fail, U
unsupported of N` (with --debug: `, D with findings`). --expected FILE makes it a regression check: exit 1 when a
program listed there does not pass.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import sys
import tempfile
from pathlib import Path

from absl import app, flags

from . import classify, runner, snapshot

FLAGS = flags.FLAGS
flags.DEFINE_integer("jobs", max(1, (os.cpu_count() or 2)), "programs built and run in parallel")
flags.DEFINE_string("json", None, "write the results as JSON to this file ('-' = stdout, lines then go to stderr)")
flags.DEFINE_string("expected", None, "file of program dirs that must PASS (one per line, # comments); "
                    "exit 1 when one does not")
flags.DEFINE_boolean("only_expected", False, "run only the programs listed in --expected")
flags.DEFINE_multi_string("only", [], "run only programs whose dir contains this text (repeatable)")
flags.DEFINE_string("cmake_prefix", None, "asc's CMake package prefix (default: asc-config --cmake-prefix)")
flags.DEFINE_string("work_dir", None, "where programs are copied and built (default: a temporary dir, removed)")
flags.DEFINE_float("timeout", 600.0, "seconds per program (build + data + run + verify)")
flags.DEFINE_boolean("survey", False, "rewrite tests/vendor_examples/classification.json from the "
                     "snapshot (libclang) and exit")
flags.DEFINE_string("write_expected", None, "write the dirs that passed to this file")
flags.DEFINE_boolean("logs", False, "print the full log of each failing program")
flags.DEFINE_boolean("debug", False, "run each program as under `asc-debug -- ...` (memcheck, racecheck, initcheck, "
                     "synccheck): a program that passes with findings gets FINDINGS, with its finding count")


def _read_list(path: str) -> list[str]:
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def _progress(it=None, **kw):
    from tqdm import tqdm
    return tqdm(it, file=sys.stderr, leave=False, disable=not sys.stderr.isatty(), **kw)


def main(argv):
    if len(argv) > 2:
        raise app.UsageError("at most one DIR")
    try:
        root = snapshot.examples_root(argv[1] if len(argv) > 1 else None)
    except FileNotFoundError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 2
    if FLAGS.jobs < 1:
        print("[ERROR] --jobs must be at least 1", file=sys.stderr)
        return 2
    if FLAGS.survey:
        table = classify.build_table(root, _progress)
        classify.write(table)
        n = len(table["programs"])
        u = sum(e["status"] == "UNSUPPORTED" for e in table["programs"].values())
        print(f"survey: {n} programs, {u} unsupported; wrote {classify.TABLE}")
        return 0

    programs = snapshot.list_programs(root)
    if not programs:
        print(f"[ERROR] no example programs (dirs with a CMakeLists.txt) under {root}", file=sys.stderr)
        return 2
    expected = _read_list(FLAGS.expected) if FLAGS.expected else []
    if FLAGS.only_expected:
        unknown = sorted(set(expected) - set(programs))
        if unknown:
            print(f"[ERROR] --expected lists programs not in {root}: {', '.join(unknown[:5])}", file=sys.stderr)
            return 2
        programs = [p for p in programs if p in set(expected)]
    if FLAGS.only:
        programs = [p for p in programs if any(s in p for s in FLAGS.only)]
    table = classify.load()["programs"]

    out = sys.stderr if FLAGS.json == "-" else sys.stdout
    todo, results = [], {}
    for p in programs:
        entry = table.get(p)
        if entry and entry["status"] == "UNSUPPORTED":
            results[p] = runner.Result(p, "UNSUPPORTED", entry["reason"])
            print(results[p].line(), file=out, flush=True)
        else:
            todo.append(p)
    prefix = None
    if todo:
        try:
            prefix = runner.cmake_prefix(FLAGS.cmake_prefix)
        except FileNotFoundError as e:
            print(f"[ERROR] {e}", file=sys.stderr)
            return 2
    cmake_extra = ["-DCMAKE_ASC_RUN_MODE=model", f"-DCMAKE_PREFIX_PATH={prefix}"]
    make_jobs = 1 if FLAGS.jobs > 1 else 2
    with tempfile.TemporaryDirectory(prefix="asc-vendor-") as tmp:
        work = Path(FLAGS.work_dir) if FLAGS.work_dir else Path(tmp)
        env = runner.program_env(Path(tmp) / "bin")
        bar = _progress(total=len(todo), desc="vendor examples", unit="prog")
        with cf.ThreadPoolExecutor(max_workers=FLAGS.jobs) as pool:
            futs = {pool.submit(runner.run_program, root, p, work, cmake_extra, make_jobs, FLAGS.timeout,
                                env, FLAGS.debug): p
                    for p in todo}
            for fut in cf.as_completed(futs):
                r = fut.result()
                results[r.program] = r
                bar.update(1)
                # One line as each program finishes (a full run takes minutes).
                bar.write(r.line(), file=out)
                if r.status in ("FAIL", "FINDINGS") and FLAGS.logs:
                    bar.write(f"----- {r.program}\n{r.log}", file=out)
                out.flush()
        bar.close()
    ordered = [results[p] for p in programs]
    n_pass = sum(r.status == "PASS" for r in ordered)
    n_fail = sum(r.status == "FAIL" for r in ordered)
    n_uns = sum(r.status == "UNSUPPORTED" for r in ordered)
    n_found = sum(r.status == "FINDINGS" for r in ordered)
    with_findings = f", {n_found} with findings" if FLAGS.debug else ""
    print(f"vendor examples: {n_pass} pass, {n_fail} fail, {n_uns} unsupported of {len(ordered)}{with_findings}",
          file=out)
    if FLAGS.json:
        data = {"root": str(root), "results": [
            {"program": r.program, "status": r.status, "detail": r.detail, "seconds": round(r.seconds, 2),
             "notes": r.notes, "findings": r.findings} for r in ordered],
            "pass": n_pass, "fail": n_fail, "unsupported": n_uns, "findings": n_found, "total": len(ordered)}
        text = json.dumps(data, indent=1)
        if FLAGS.json == "-":
            print(text)
        else:
            Path(FLAGS.json).write_text(text + "\n")
    if FLAGS.write_expected:
        Path(FLAGS.write_expected).write_text(
            "# vendor example programs that pass on the Model (./dev vendor-examples --write_expected)\n"
            + "".join(r.program + "\n" for r in ordered if r.status == "PASS"))
    if expected:
        regressed = [p for p in expected if p in results and results[p].status != "PASS"]
        if regressed:
            print(f"[ERROR] {len(regressed)} expected-passing program(s) did not pass: "
                  f"{', '.join(regressed[:10])}", file=sys.stderr)
            return 1
    return 0


def run():
    app.run(main)


if __name__ == "__main__":
    run()
