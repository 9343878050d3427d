"""Builder and emitter throughput of asc._C (issue: compiler core).

Builds a module of N API ops through the Python builder and emits it as
Ascend C, for N = 10,000 and 100,000, with a no-operand op
(metrics_prof_start) and an op with an operand and a template argument
(set_flag). Prints ops built and emitted per second, the 100k/10k time ratio
(linear cost gives ~10), and each time against a reference measured in the
same run: an empty Python method call per op (the floor of any Python
builder) and writing the same Ascend C line per op from Python.

Targets (issue): >= 3.5 M ops/s built, >= 2 M ops/s emitted for the no-operand
op, ratio <= 12. pyasc (pybind11) on this machine kind: ~2.3 M/s built,
~0.22 M/s emitted.
"""

import io
import time

from asc._C import ir

HARD_EVENT_MTE2_V = 4
REPEATS = 5


def best_of(fn):
    best = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def fresh_function(b):
    module = b.create_module()
    b.set_loc(b.get_file_loc("bench.py", 1, 1))
    func = b.create_function(module, "bench", [], [])
    b.set_insertion_point_to_end(func.block())
    return module, func


def build(b, kind, n):
    module, func = fresh_function(b)
    if kind == "metrics_prof_start":
        create = b.create_asc_MetricsProfStartOp
        t0 = time.perf_counter()
        for _ in range(n):
            create()
        elapsed = time.perf_counter() - t0
    else:
        zero = b.get_int(0, b.get_i32_type())
        create = b.create_asc_SetFlagOp
        t0 = time.perf_counter()
        for _ in range(n):
            create(HARD_EVENT_MTE2_V, zero)
        elapsed = time.perf_counter() - t0
    b.create_return()
    return module, elapsed


class _Empty:
    def call(self, *args):
        return None


def reference_call(n, kind):
    obj = _Empty()
    call = obj.call
    if kind == "metrics_prof_start":
        return best_of(lambda: [call() for _ in range(n)])
    return best_of(lambda: [call(HARD_EVENT_MTE2_V, 0) for _ in range(n)])


def reference_write(n, line):
    def run():
        out = io.StringIO()
        write = out.write
        for _ in range(n):
            write(line)
        out.getvalue()
    return best_of(run)


def measure(kind, n):
    ctx = ir.Context()
    b = ir.Builder(ctx)
    build_time = float("inf")
    module = None
    for _ in range(REPEATS):
        module, elapsed = build(b, kind, n)
        build_time = min(build_time, elapsed)
    text = ir.ir_to_ascendc(module)
    assert text.count("\n") >= n
    emit_time = best_of(lambda: ir.ir_to_ascendc(module))
    line = ("  AscendC::MetricsProfStart();\n" if kind == "metrics_prof_start"
            else "  AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);\n")
    return build_time, emit_time, reference_call(n, kind), reference_write(n, line)


def main():
    print(__doc__.split("\n\n")[0])
    print()
    header = (f"{'op':<20}{'N':>8}{'built/s':>12}{'emitted/s':>12}"
              f"{'build/pycall':>14}{'emit/pywrite':>14}")
    print(header)
    print("-" * len(header))
    for kind in ("metrics_prof_start", "set_flag"):
        times = {}
        for n in (10_000, 100_000):
            build_time, emit_time, ref_call, ref_write = measure(kind, n)
            times[n] = (build_time, emit_time)
            print(f"{kind:<20}{n:>8}{n / build_time / 1e6:>10.2f} M{n / emit_time / 1e6:>10.2f} M"
                  f"{build_time / ref_call:>13.2f}x{emit_time / ref_write:>13.2f}x")
        print(f"{kind:<20}{'100k/10k time ratio: build':>36} {times[100_000][0] / times[10_000][0]:.1f}, "
              f"emit {times[100_000][1] / times[10_000][1]:.1f}  (linear = 10, target <= 12)")
    print()
    print("build/pycall: builder time over an empty Python method call per op (1.0 = free builder).")
    print("emit/pywrite: emission (with verification) over writing the same lines from Python.")


if __name__ == "__main__":
    main()
