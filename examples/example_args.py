"""Command line shared by the examples: `-r Model|NPU` and `-v <platform>`.

Each example is a standalone script (`python examples/<dir>/<name>.py`); they
import this file through their own directory's parent.
"""

import argparse
import time

import asc


def parse(description: str):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("-r", "--run-mode", default="Model", choices=["Model", "NPU"],
                        help="backend that runs the kernel (default: Model, the CPU model)")
    parser.add_argument("-v", "--soc-version", default="Ascend910B1",
                        choices=[p.name for p in asc.Platform], help="platform (default Ascend910B1)")
    args = parser.parse_args()
    try:
        asc.runtime.config.set_platform(asc.Backend[args.run_mode], asc.Platform[args.soc_version])
    except asc.runtime.BackendUnavailable as exc:
        raise SystemExit(f"error: {exc}") from None
    return args


def report(name: str, kernel, compiled_args, run, check):
    """Runs `run()` once (compile + launch), then again (cached), and prints the summary."""
    start = time.perf_counter()
    run()
    first = time.perf_counter() - start
    start = time.perf_counter()
    run()
    again = time.perf_counter() - start
    compiled = kernel.warmup(*compiled_args)
    source_path = compiled.cache_dir / "kernel.cpp" if compiled.cache_dir else "(not cached)"
    error = check()
    print(f"{name}: Ascend C at {source_path}")
    print(f"{name}: result matches numpy (max abs error {error:.3g}); "
          f"first launch {first * 1e3:.1f} ms (compile included), cached launch {again * 1e3:.1f} ms")
    return error
