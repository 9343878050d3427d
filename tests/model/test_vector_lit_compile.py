"""The emitter's contract with the Model: every vector op in tests/lit/vector,
emitted by the real emitter, compiles against kernel_operator.h (one g++
-fsyntax-only run; templates in the emitted functions are instantiated)."""

import re
import subprocess


from conftest import ROOT, emit_mlir
from asc.runtime.model import build

LIT = ROOT / "tests" / "lit" / "vector"


def functions(src):
    """Splits emitted text into top-level functions (each ends at a '}' line)."""
    out, cur = [], []
    for line in src.splitlines():
        if line.startswith("#include"):
            continue
        cur.append(line)
        if line == "}":
            out.append("\n".join(cur))
            cur = []
    return out


def test_vector_lit_sources_compile(tmp_path):
    parts = ['#include "kernel_operator.h"']
    for f in sorted(LIT.glob("*.mlir")):
        text = f.read_text()
        emitted = functions(emit_mlir(text, False))
        # One C++ function per MLIR function, none dropped on the way.
        names = re.findall(r"^\s*func\.func\s+(?:private\s+)?@(\w+)\(", text, re.M)
        assert len(emitted) == len(names), f"{f.name}: {len(names)} functions, {len(emitted)} emitted"
        for name in names:
            assert any(re.search(r"\b%s\(" % name, fn.split("{", 1)[0]) for fn in emitted), f"{f.name}: {name}"
        parts.append(f"namespace lit_{re.sub(r'[^A-Za-z0-9_]', '_', f.stem)} {{\n" + "\n".join(emitted) + "\n}")
    src = tmp_path / "lit_vector.cpp"
    src.write_text("\n".join(parts) + "\n")
    r = subprocess.run([build.cxx(), "-std=c++17", "-fsyntax-only", "-Wno-narrowing", "-I", str(build.include_dir()),
                        str(src)], capture_output=True, text=True)
    errors = [l for l in r.stderr.splitlines() if "error" in l]
    assert r.returncode == 0, "\n".join(errors[:20])
