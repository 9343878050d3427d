"""Fuzzes asc-opt and asc-translate with mutated .mlir inputs.

Seeds: the lit tests (tests/lit/**/*.mlir, each split into its `// -----` chunks)
and the regression inputs in tests/fuzz/regressions/ (inputs that once crashed a
tool; they also run unmutated, first). Each input gets 1-4 mutations: byte flips,
token deletion / duplication / substitution (element types, one element type
everywhere, op names, numbers from a list of edge values), line swaps,
deletions, duplications and splices from other seeds.

Two rounds per run: a fixed seed (the same inputs every run) and a fresh random
seed, printed, so that a failure can be reproduced with

    ASC_FUZZ_SEED=<seed> python3 tests/fuzz/fuzz_tools.py

The inputs are batched (`--split-input-file`, one process per batch and tool):
    asc-opt                        parse, verify, print
    asc-opt --canonicalize --cse   and the folders / canonicalization patterns
    asc-translate --mlir-to-ascendc
A run fails if any tool dies by a signal, exits with a code other than 0 or 1,
prints an LLVM fatal error / crash report, or exceeds the timeout. The failing
inputs are found by rerunning the batch one input at a time; they are written
to $TEST_UNDECLARED_OUTPUTS_DIR (or a temporary directory) and printed.

Environment: ASC_FUZZ_SEED (the random round's seed), ASC_FUZZ_COUNT (inputs per
round, default 500), ASC_OPT / ASC_TRANSLATE (tool paths outside Bazel: default
bazel-bin/cpp/tools), ASC_FUZZ_BATCH_TIMEOUT / ASC_FUZZ_INPUT_TIMEOUT (seconds,
default 30 per batch of 100 inputs, 10 per input), ASC_FUZZ_JOBS (default 2).
"""

import concurrent.futures
import glob
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXED_SEED = 20240611
SPLIT = "// -----"
BATCH = 100            # inputs per tool process
# Seconds for one batch, and for one input when a failed batch is rerun input by input.
BATCH_TIMEOUT = float(os.environ.get("ASC_FUZZ_BATCH_TIMEOUT", "30"))
INPUT_TIMEOUT = float(os.environ.get("ASC_FUZZ_INPUT_TIMEOUT", "10"))
CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Stack dump:",
                 "UNREACHABLE executed", "Assertion `")

EDGE_NUMBERS = ["0", "-1", "1", "2", "7", "8", "15", "16", "31", "32", "63", "64", "127", "128",
                "255", "256", "-128", "65535", "65536", "2147483647", "-2147483648",
                "4294967295", "4294967296", "9223372036854775807", "-9223372036854775808",
                "18446744073709551615", "18446744073709551616", "99999999999999999999999",
                "0x7fffffff", "0xffffffffffffffff", "1.5", "-0.0", "1e308", "1e309",
                "3.4e38", "nan", "0x7FC00000"]
ELEMENT_TYPES = ["i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "si32",
                 "f16", "bf16", "f32", "f64", "index", "none", "i0", "i3", "f80", "tf32",
                 "vector<4xf32>", "tensor<?xf32>", "memref<4xf32>", "complex<f32>"]
TOKEN_RE = re.compile(r"\s+|[A-Za-z_][\w.$]*|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|0x[0-9a-fA-F]+|"
                      r"\"[^\"\n]*\"|%[\w.$#]+|@[\w.$]+|!\w[\w.]*|#\w[\w.]*|->|.", re.S)
TYPE_RE = re.compile(r"\b(?:[su]?i\d+|bf16|f16|f32|f64|index)\b")
NUMBER_RE = re.compile(r"(?<![\w%#@!])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")


# ------------------------------------------------------------------ tools and seeds
def _runfile(rel):
    root = os.environ.get("TEST_SRCDIR")
    if root:
        for base in (os.path.join(root, os.environ.get("TEST_WORKSPACE", "asc")), root):
            path = os.path.join(base, rel)
            if os.path.exists(path):
                return path
    repo = os.path.normpath(os.path.join(HERE, "..", ".."))
    for base in (repo, os.path.join(repo, "bazel-bin")):
        path = os.path.join(base, rel)
        if os.path.exists(path) and (rel.endswith(".mlir") or os.access(path, os.X_OK)):
            return path
    return None


def tools():
    opt = os.environ.get("ASC_OPT") or _runfile("cpp/tools/asc-opt")
    translate = os.environ.get("ASC_TRANSLATE") or _runfile("cpp/tools/asc-translate")
    if not (opt and translate):
        sys.exit("asc-opt / asc-translate not found: build them (bazel build //cpp/tools:all) "
                 "or set ASC_OPT and ASC_TRANSLATE")
    split = ["--split-input-file", "--output-split-marker=" + SPLIT]
    return [
        ("asc-opt", [opt] + split),
        ("asc-opt --canonicalize --cse", [opt] + split + ["--canonicalize", "--cse"]),
        ("asc-translate", [translate] + split + ["--mlir-to-ascendc"]),
    ]


def _lit_dir():
    return _runfile("tests/lit") or os.path.normpath(os.path.join(HERE, "..", "lit"))


def _chunks(text):
    return [c.strip("\n") + "\n" for c in text.split(SPLIT) if c.strip()]


def load_seeds():
    lit = sorted(p for p in glob.glob(os.path.join(_lit_dir(), "**", "*.mlir"), recursive=True)
                 if os.sep + "Output" + os.sep not in p)
    regressions = sorted(glob.glob(os.path.join(HERE, "regressions", "*.mlir")))
    if not lit:
        sys.exit("no lit seeds found under " + _lit_dir())
    seeds, regression_inputs = [], []
    for path in lit + regressions:
        with open(path, encoding="utf-8", errors="replace") as f:
            chunks = _chunks(f.read())
        seeds += chunks
        if path in regressions:
            regression_inputs += [(os.path.basename(path), c) for c in chunks]
    return seeds, regression_inputs


# ------------------------------------------------------------------ mutations
class Mutator:
    def __init__(self, rng, seeds):
        self.rng = rng
        self.seeds = seeds
        names = set()
        for s in seeds:
            names.update(re.findall(r"\bascendc\.[a-z0-9_]+", s))
            names.update(re.findall(r"\b(?:arith|scf|func)\.[a-z_]+", s))
        self.op_names = sorted(names)
        # Mutations that keep the input parseable more often (types, ops, numbers, whole
        # lines) reach the verifiers and the emitter; they are weighted up.
        self.methods = ([self.retype_all, self.change_type, self.change_op,
                         self.change_number] * 3 +
                        [self.duplicate_line, self.delete_line, self.splice_line] * 2 +
                        [self.swap_lines, self.flip_byte, self.random_byte, self.delete_token,
                         self.duplicate_token, self.delete_span, self.truncate])

    def mutate(self, text):
        for _ in range(self.rng.randint(1, 4)):
            text = self.rng.choice(self.methods)(text)
        # a mutation must not create a split marker: the batch boundaries stay ours
        return text.replace(SPLIT, "// ----")

    def _pos(self, text):
        return self.rng.randrange(len(text)) if text else 0

    def flip_byte(self, text):
        data = bytearray(text.encode("utf-8"))
        if not data:
            return text
        i = self.rng.randrange(len(data))
        data[i] ^= 1 << self.rng.randrange(8)
        return data.decode("utf-8", errors="replace")

    def random_byte(self, text):
        i = self._pos(text)
        c = self.rng.choice("{}()<>[],:=%@!#\"'\\-+*/.?0123456789xe \n\t\x00\x7f")
        return text[:i] + c + text[i + 1:]

    def _tokens(self, text):
        return [m.group(0) for m in TOKEN_RE.finditer(text)]

    def delete_token(self, text):
        toks = self._tokens(text)
        if toks:
            del toks[self.rng.randrange(len(toks))]
        return "".join(toks)

    def duplicate_token(self, text):
        toks = self._tokens(text)
        if toks:
            i = self.rng.randrange(len(toks))
            toks.insert(i, toks[i])
        return "".join(toks)

    def _replace_match(self, text, regex, choices):
        found = list(regex.finditer(text))
        if not found:
            return text
        m = self.rng.choice(found)
        return text[:m.start()] + self.rng.choice(choices) + text[m.end():]

    def change_number(self, text):
        return self._replace_match(text, NUMBER_RE, EDGE_NUMBERS)

    def change_type(self, text):
        return self._replace_match(text, TYPE_RE, ELEMENT_TYPES)

    def retype_all(self, text):
        """Replaces every occurrence of one element type: the input often still parses
        (the types stay consistent) and reaches the verifiers and the emitter."""
        found = sorted(set(TYPE_RE.findall(text)))
        if not found:
            return text
        old = self.rng.choice(found)
        return re.sub(r"\b%s\b" % re.escape(old), self.rng.choice(ELEMENT_TYPES), text)

    def change_op(self, text):
        if not self.op_names:
            return text
        return self._replace_match(text, re.compile(r"\b(?:ascendc|arith|scf|func)\.[a-z0-9_]+"),
                                   self.op_names)

    def _lines(self, text):
        return text.split("\n")

    def swap_lines(self, text):
        lines = self._lines(text)
        if len(lines) > 1:
            i, j = self.rng.randrange(len(lines)), self.rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)

    def delete_line(self, text):
        lines = self._lines(text)
        if lines:
            del lines[self.rng.randrange(len(lines))]
        return "\n".join(lines)

    def duplicate_line(self, text):
        lines = self._lines(text)
        if lines:
            i = self.rng.randrange(len(lines))
            lines.insert(self.rng.randrange(len(lines) + 1), lines[i])
        return "\n".join(lines)

    def splice_line(self, text):
        other = self._lines(self.rng.choice(self.seeds))
        lines = self._lines(text)
        lines.insert(self.rng.randrange(len(lines) + 1), self.rng.choice(other))
        return "\n".join(lines)

    def delete_span(self, text):
        i = self._pos(text)
        return text[:i] + text[i + self.rng.randint(1, 40):]

    def truncate(self, text):
        return text[:self._pos(text)]


def generate(seed, count, seeds):
    rng = random.Random(seed)
    mutator = Mutator(rng, seeds)
    return [(f"seed {seed} #{k}", mutator.mutate(rng.choice(seeds))) for k in range(count)]


# ------------------------------------------------------------------ running
def _crashed(proc_or_none, stderr):
    """None if the run is fine, else why it is not."""
    if proc_or_none is None:
        return "timeout"
    rc = proc_or_none.returncode
    if rc < 0:
        return f"killed by signal {-rc}"
    if rc not in (0, 1):
        return f"exit code {rc}"
    for marker in CRASH_MARKERS:
        if marker in stderr:
            return f"crash report ({marker!r})"
    return None


def _run(cmd, text, timeout):
    """Runs `cmd` on `text` (stdin). Returns (the completed process or None on a
    timeout, its stderr). On a timeout the tool's whole process group is killed
    (the tools fork a child to parse each input)."""
    proc = subprocess.Popen(cmd + ["-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(text.encode("utf-8", errors="replace"), timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return None, ""
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), \
        err.decode("utf-8", errors="replace")


def run_batch(tool, cmd, inputs):
    """Runs one batch; on a failure, reruns the inputs one by one.
    Returns (failures, number of inputs the tool accepted)."""
    text = ("\n" + SPLIT + "\n").join(t for _, t in inputs)
    proc, batch_err = _run(cmd, text, BATCH_TIMEOUT)
    batch_why = _crashed(proc, batch_err)
    if batch_why is None:
        chunks = proc.stdout.decode("utf-8", errors="replace").split(SPLIT)
        return [], sum(1 for c in chunks if c.strip())
    failures = []
    for name, t in inputs:
        proc, err = _run(cmd, t, INPUT_TIMEOUT)
        why = _crashed(proc, err)
        if why:
            failures.append((tool, name, why, t, err))
    if not failures:  # only the inputs together fail (e.g. heap corruption): the batch
        failures.append((tool, f"a batch of {len(inputs)} inputs", batch_why, text, batch_err))
    return failures, 0


def run_all(inputs, tool_cmds, jobs):
    """Returns the failures and, per tool, how many inputs it accepted."""
    batches = [inputs[i:i + BATCH] for i in range(0, len(inputs), BATCH)]
    failures, accepted = [], {tool: 0 for tool, _ in tool_cmds}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [(tool, pool.submit(run_batch, tool, cmd, b))
                   for tool, cmd in tool_cmds for b in batches]
        for tool, f in futures:
            fails, ok = f.result()
            failures += fails
            accepted[tool] += ok
    return failures, accepted


def report(failures):
    out = os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR") or tempfile.mkdtemp(prefix="asc-fuzz-")
    os.makedirs(out, exist_ok=True)
    for k, (tool, name, why, text, err) in enumerate(failures):
        path = os.path.join(out, f"crash_{k}.mlir")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"\nFAIL: {tool}: {why} on {name}; input saved to {path}")
        print("---- input ----\n" + text[:2000] + ("\n[...]" if len(text) > 2000 else ""))
        print("---- stderr ----\n" + err[-3000:])
    print(f"\nTo keep a crashing input as a regression seed, copy it to {HERE}/regressions/.")


def main():
    start = time.time()
    tool_cmds = tools()
    seeds, regression_inputs = load_seeds()
    count = int(os.environ.get("ASC_FUZZ_COUNT", "500"))
    random_seed = int(os.environ.get("ASC_FUZZ_SEED") or random.SystemRandom().randrange(2**32))
    print(f"{len(seeds)} seed inputs ({len(regression_inputs)} regression inputs); "
          f"{count} mutations with the fixed seed {FIXED_SEED} and {count} with the random seed "
          f"{random_seed}")
    print(f"reproduce the random round with: ASC_FUZZ_SEED={random_seed} python3 "
          f"tests/fuzz/fuzz_tools.py")
    sys.stdout.flush()
    inputs = [(f"regression {n}", t) for n, t in regression_inputs]
    inputs += generate(FIXED_SEED, count, seeds) + generate(random_seed, count, seeds)
    jobs = int(os.environ.get("ASC_FUZZ_JOBS", str(min(2, os.cpu_count() or 1))))
    failures, accepted = run_all(inputs, tool_cmds, jobs)
    took = time.time() - start
    print("inputs accepted (the rest rejected with an error): " +
          ", ".join(f"{tool} {n}" for tool, n in accepted.items()))
    if failures:
        report(failures)
        print(f"\n{len(failures)} failure(s) in {len(inputs)} inputs x {len(tool_cmds)} tools "
              f"({took:.1f} s); random seed {random_seed}")
        return 1
    print(f"OK: {len(inputs)} inputs x {len(tool_cmds)} tools, no crash or hang ({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
