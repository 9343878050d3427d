"""FileCheck-style assertions on emitted Ascend C, for the front-end tests.

`compile_source(kernel, *args)` compiles without launching and returns the
Ascend C text; `check(text, *patterns)` asserts the patterns occur on lines in
this order (each pattern a substring of one line; lines may lie between),
like a FileCheck file of CHECK lines; `check_next` requires consecutive lines.
"""

from __future__ import annotations

from typing import Sequence


def compile_source(kernel, *args, **kwargs) -> str:
    return kernel.warmup(*args, **kwargs).source


def code_lines(text: str):
    """Emitted lines without #line directives, stripped."""
    return [line.strip() for line in text.splitlines() if not line.lstrip().startswith("#line")]


def check(text: str, *patterns: str) -> None:
    lines = code_lines(text)
    pos = 0
    for pattern in patterns:
        for i in range(pos, len(lines)):
            if pattern in lines[i]:
                pos = i + 1
                break
        else:
            context = "\n".join(lines[max(pos - 3, 0):pos + 20])
            raise AssertionError(f"CHECK: expected a line containing {pattern!r} after line {pos}; "
                                 f"emitted:\n{context}")


def check_next(text: str, *patterns: Sequence[str]) -> None:
    """The patterns on consecutive lines (the first anywhere)."""
    lines = code_lines(text)
    for start in range(len(lines)):
        if all(start + k < len(lines) and p in lines[start + k] for k, p in enumerate(patterns)):
            return
    raise AssertionError(f"CHECK-NEXT: no consecutive lines {list(patterns)} in:\n" + "\n".join(lines))


def check_not(text: str, pattern: str) -> None:
    for line in code_lines(text):
        if pattern in line:
            raise AssertionError(f"CHECK-NOT: {pattern!r} found in line {line!r}")
