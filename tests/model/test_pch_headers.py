"""Every Model header a kernel includes after kernel_operator.h compiles with the
precompiled kernel_operator.h (the Model's PCH: build.pch_dir, first on -I).

Why: g++ 12 fails a kernel whose header re-includes "kernel_operator.h" by a name it
looks up on the include path (lib/matmul_intf.h did: "fatal error:
<pch dir>/kernel_operator.h: No such file or directory"); build_library then compiled
the kernel again without the PCH and removed the PCH as broken, the prebuilt one
included, so every kernel after it compiled from the plain headers and each test
cache built a PCH of its own again."""

import re
import subprocess

from asc.runtime.model import build

# A header that includes kernel_operator.h by a path the compiler searches for.
_INCLUDES_KO = re.compile(r'^\s*#\s*include\s*[<"]([^">]*kernel_operator\.h)[">]', re.M)


def _headers_including_kernel_operator(inc):
    out = []
    for h in sorted(inc.rglob("*.h")):
        if h.name != "kernel_operator.h" and _INCLUDES_KO.search(h.read_text(errors="replace")):
            out.append(h.relative_to(inc).as_posix())
    return out


def test_headers_that_include_kernel_operator_compile_with_its_pch(tmp_path):
    inc = build.include_dir()
    headers = _headers_including_kernel_operator(inc)
    assert "lib/matmul_intf.h" in headers, headers  # the search finds the adv Matmul's header
    pch_dir = tmp_path / "pch"
    pch_dir.mkdir()
    gch = pch_dir / "kernel_operator.h.gch"
    r = subprocess.run([*build._pch_flags(inc), str(gch)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for h in headers:
        src = tmp_path / (h.replace("/", "_") + ".cpp")
        src.write_text(f'#include "kernel_operator.h"\n#include "{h}"\n')
        # -H: g++ names the PCH it used ("! <path>.gch") and every header it read
        r = subprocess.run([build.cxx(), *build.cxx_flags(), "-H", "-fsyntax-only", "-I", str(pch_dir),
                            "-I", str(inc), str(src)], capture_output=True, text=True)
        assert r.returncode == 0, f"{h} breaks compiles that use the PCH:\n{r.stderr[-2000:]}"
        assert f"! {gch}" in r.stderr, f"{h}: the PCH was not used:\n{r.stderr[:2000]}"
