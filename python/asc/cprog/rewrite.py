"""The one source transformation asc-cc makes: the `<<<...>>>` kernel launch.

g++ has no `kernel<<<numBlocks, l2ctrl, stream>>>(args...)`. Every such launch
is rewritten, on the same source line (so every other line keeps its number,
and the compiler's messages name the .asc line), into

    ::asc_program::launch(numBlocks, l2ctrl, stream, __FILE__, __LINE__, "<kernel>", <core type>,
                          <cores per block>, [&](auto&&... a) { kernel(a...); }, args...)

The arguments are evaluated once, at the launch, as on the device; each block
then calls the kernel with copies of them. The generic lambda lets overloads
and templates deduce exactly as the direct call would. The kernel's type
(vector, cube, mixed) is read from its `__global__` declaration in the same
file: `__cube__` is AIC_ONLY, `__mix__(1, 2)` MIX_AIC_1_2, anything else AIV_ONLY;
the cores each type runs on are the Python launch's (runtime/model/abi.py).

Comments, string and character literals are skipped; nothing else changes.
"""

from __future__ import annotations

import re
import warnings
from typing import Dict, List, Optional, Set, Tuple

from ..runtime.model.abi import cores as kernel_cores


class RewriteError(ValueError):
    """A launch asc-cc cannot read: `line` is the 1-based source line."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def code_mask(src: str) -> List[bool]:
    """True for each character that is code (not inside a comment or a string or character literal)."""
    mask = [True] * len(src)
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c == 'R' and src.startswith('R"', i) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', src[i:])
            if not m:
                i += 1
                continue
            end = src.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
        elif c in "\"'":
            if c == "'" and i > 0 and (src[i - 1].isalnum() and src[i - 1] not in "uUL8"):
                i += 1  # a digit separator (1'000'000)
                continue
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            i += 1
            continue
        for k in range(i, j):
            if src[k] != "\n":
                mask[k] = False
        i = j
    return mask


def _blank(src: str, mask: List[bool]) -> str:
    """The source with non-code characters replaced by spaces (newlines kept): searchable by regex."""
    return "".join(ch if ok or ch == "\n" else " " for ch, ok in zip(src, mask))


# __mix__(aic, aiv) -> the kernel type the Python path names (asc.runtime.model.abi).
_MIX = {(1, 0): "MIX_AIC_1_0", (0, 1): "MIX_AIV_1_0", (1, 1): "MIX_AIC_1_1", (1, 2): "MIX_AIC_1_2"}

_GLOBAL = re.compile(r"\b__global__\b")


def kernel_types(code: str, cube_only: bool = False, with_aic: Optional[Set[str]] = None) -> Dict[str, str]:
    """{kernel name: kernel type} of the `__global__` functions declared in `code` (blanked source);
    `cube_only`: the build defines ASCENDC_CUBE_ONLY. `with_aic` receives the names of the
    kernels written for both core types (`__mix__(1, n)`, n >= 1): their launches run each
    block's AIC core beside its AIV cores (the AIC's code is the program's own)."""
    out: Dict[str, str] = {}
    for m in _GLOBAL.finditer(code):
        # the declaration runs from the qualifiers before __global__ to the parameter list's "("
        start = max(code.rfind(";", 0, m.start()), code.rfind("}", 0, m.start()), code.rfind("{", 0, m.start()))
        head_end = m.end()
        depth = 0
        name = None
        i = m.end()
        # find the first "(" that is not __mix__'s: the function name is the identifier before it
        while i < len(code):
            c = code[i]
            if c == "(":
                before = code[head_end:i].rstrip()
                ident = re.search(r"([A-Za-z_]\w*)\s*$", before)
                if ident and ident.group(1) == "__mix__":
                    depth = 1
                    j = i + 1
                    while j < len(code) and depth:
                        depth += {"(": 1, ")": -1}.get(code[j], 0)
                        j += 1
                    i = j
                    continue
                name = ident.group(1) if ident else None
                break
            if c in ";{}":
                break
            i += 1
        if not name:
            continue
        decl = code[start + 1:i]
        mix = re.search(r"\b__mix__\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)", decl)
        if mix:
            kind = _MIX.get((int(mix.group(1)), int(mix.group(2))), "MIX_AIC_1_2")
            if with_aic is not None and int(mix.group(1)) >= 1 and int(mix.group(2)) >= 1:
                with_aic.add(name)
        elif re.search(r"\b__cube__\b", decl):
            kind = "AIC_ONLY"
        elif _MATMUL_OBJ.search(_body(code, i)):
            # No qualifier: bisheng gives the kernel the core types it uses. A Matmul object
            # registered in the kernel is the cube's: the whole kernel runs on the AIC
            # with ASCENDC_CUBE_ONLY, else it is a mixed kernel whose AIV cores are the
            # Matmul's clients, two per AIC (the launch's numBlocks counts AIC-AIV groups).
            kind = "AIC_ONLY" if cube_only else "MIX_AIC_1_2"
        else:
            kind = "AIV_ONLY"
        out[name] = kind
    return out


_MATMUL_OBJ = re.compile(r"\bREGIST_(MATMUL_OBJ|MATMUL_OBJ_STATIC|CUBE_OBJ)\b")


def _body(code: str, paren: int) -> str:
    """The body `{...}` of the function whose parameter list opens at `paren` ("" for a declaration)."""
    depth = 0
    i = paren
    while i < len(code):
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        i += 1
        if depth == 0:
            break
    brace = i
    while brace < len(code) and code[brace] not in "{;":
        brace += 1
    if brace >= len(code) or code[brace] == ";":
        return ""
    depth = 0
    for j in range(brace, len(code)):
        depth += {"{": 1, "}": -1}.get(code[j], 0)
        if depth == 0:
            return code[brace:j + 1]
    return code[brace:]


def conditional_code(code: str, macros: Optional[Dict[str, str]] = None) -> Tuple[str, Dict[str, str]]:
    """The (blanked) source with the lines of its inactive #if branches blanked
    too (newlines kept), and the macros defined at its end. `macros` holds the
    compile's -D definitions; the source's own #define / #undef count where its
    #if / #ifdef / #ifndef / #elif / #else put them (matmul_ibshareB declares its
    kernel `__cube__` and defines ASCENDC_CUBE_ONLY only under `#if SCENARIO_NUM
    == 2`). Included files are not read: a kernel's type is decided in its file."""
    defined = dict(macros or {})
    stack: List[List[bool]] = []  # per open #if: [this branch is active, an earlier branch was taken]
    out: List[str] = []

    def active() -> bool:
        return all(frame[0] for frame in stack)

    for line in code.split("\n"):
        m = re.match(r"\s*#\s*(\w+)\s*(.*)$", line)
        if not m:
            out.append(line if active() else "")
            continue
        out.append("")
        word, rest = m.group(1), m.group(2).strip()
        if word in ("if", "ifdef", "ifndef"):
            outer = active()
            if word == "if":
                cond = _pp_true(rest, defined)
            else:
                name = rest.split()[0] if rest else ""
                cond = (name in defined) == (word == "ifdef")
            stack.append([outer and cond, cond])
        elif word == "elif" and stack:
            outer = all(frame[0] for frame in stack[:-1])
            cond = not stack[-1][1] and _pp_true(rest, defined)
            stack[-1] = [outer and cond, stack[-1][1] or cond]
        elif word == "else" and stack:
            outer = all(frame[0] for frame in stack[:-1])
            stack[-1] = [outer and not stack[-1][1], True]
        elif word == "endif" and stack:
            stack.pop()
        elif word == "define" and active():
            parts = rest.split(None, 1)
            if parts and re.match(r"^\w+$", parts[0]):
                defined[parts[0]] = parts[1].strip() if len(parts) > 1 else "1"
        elif word == "undef" and active():
            defined.pop(rest.split()[0] if rest else "", None)
    return "\n".join(out), defined


def defines_cube_only(code: str, macros: Optional[Dict[str, str]] = None) -> bool:
    """Whether ASCENDC_CUBE_ONLY is defined once the source's own directives have run."""
    return "ASCENDC_CUBE_ONLY" in conditional_code(code, macros)[1]


def _pp_true(expr: str, defined: Dict[str, str]) -> bool:
    """A #if condition: defined(X), integer macros, arithmetic, comparisons and
    logic, as the preprocessor evaluates them (an unknown name is 0); a form
    this cannot evaluate counts as false."""
    expr = re.sub(r"\bdefined\s*\(\s*(\w+)\s*\)|\bdefined\s+(\w+)",
                  lambda m: "1" if (m.group(1) or m.group(2)) in defined else "0", expr)
    for _ in range(8):  # macros defined as other macros
        new = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: defined.get(m.group(0), "0") or "1", expr)
        if new == expr:
            break
        expr = new
    expr = re.sub(r"(\d+)[uUlL]+\b", r"\1", expr)
    expr = expr.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    if not re.fullmatch(r"[\d\s()+\-*/%<>=!andortx]*", expr):
        return False
    try:
        with warnings.catch_warnings():  # `1(2)` and the like: not a condition this evaluates
            warnings.simplefilter("ignore")
            return bool(eval(compile(expr.replace("/", "//"), "<#if>", "eval"), {"__builtins__": {}}, {}))
    except Exception:  # noqa: BLE001 - a malformed or unsupported condition
        return False


def _callee_start(code: str, end: int) -> int:
    """Start of the kernel expression that ends at `end` (exclusive): identifiers joined
    by `::`, each optionally followed by template arguments in balanced `<...>`."""
    i = end
    while i > 0 and code[i - 1].isspace():
        i -= 1
    start = i
    while True:
        j = i
        if j > 0 and code[j - 1] == ">":  # template arguments
            depth = 0
            while j > 0:
                j -= 1
                if code[j] == ">":
                    depth += 1
                elif code[j] == "<":
                    depth -= 1
                    if depth == 0:
                        break
            else:
                return start
            i = j
            while i > 0 and code[i - 1].isspace():
                i -= 1
        k = i
        while k > 0 and (code[k - 1].isalnum() or code[k - 1] == "_"):
            k -= 1
        if k == i:
            return start
        start = i = k
        while i > 0 and code[i - 1].isspace():
            i -= 1
        if i >= 2 and code[i - 2:i] == "::":
            i -= 2
            while i > 0 and code[i - 1].isspace():
                i -= 1
            start = i
            if i == 0 or not (code[i - 1].isalnum() or code[i - 1] in "_>"):
                return start  # a leading ::
            continue
        return start


def _split_top(text: str) -> List[str]:
    """`text` split at the commas outside brackets."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _line_of(src: str, pos: int) -> int:
    return src.count("\n", 0, pos) + 1


def rewrite(src: str, types: Optional[Dict[str, str]] = None,
            macros: Optional[Dict[str, str]] = None) -> Tuple[str, int]:
    """(the source with every `<<<...>>>` launch rewritten, how many there were);
    `macros`: the compile's -D definitions (ASCENDC_CUBE_ONLY among them; the
    source's #if conditions read them)."""
    mask = code_mask(src)
    code = _blank(src, mask)
    explicit_mix: Set[str] = set()
    live, defined = conditional_code(code, macros)  # kernels declared in inactive #if branches do not count
    known = dict(kernel_types(live, "ASCENDC_CUBE_ONLY" in defined, explicit_mix))
    if types:
        known.update(types)
    out: List[str] = []
    pos = 0
    count = 0
    search = 0
    while True:
        open_at = code.find("<<<", search)
        if open_at < 0:
            break
        close_at = code.find(">>>", open_at + 3)
        line = _line_of(src, open_at)
        if close_at < 0:
            raise RewriteError(line, "a kernel launch `<<<` without its closing `>>>`")
        cfg = _split_top(code[open_at + 3:close_at])
        if len(cfg) not in (2, 3) or not all(p.strip() for p in cfg):
            raise RewriteError(line, f"a kernel launch takes <<<numBlocks, l2ctrl, stream>>> (or <<<numBlocks, "
                                     f"l2ctrl>>>), not <<<{code[open_at + 3:close_at].strip()}>>>")
        callee_at = _callee_start(code, open_at)
        callee = src[callee_at:open_at].strip()
        if not callee or callee_at < pos:
            raise RewriteError(line, "a kernel launch `<<<...>>>` must follow the kernel's name")
        paren = close_at + 3
        while paren < len(code) and code[paren].isspace():
            paren += 1
        if paren >= len(code) or code[paren] != "(":
            raise RewriteError(line, f"the launch of {callee} has no argument list after `>>>`")
        depth, j = 0, paren
        while j < len(code):
            if code[j] in "([{":
                depth += 1
            elif code[j] in ")]}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        else:
            raise RewriteError(line, f"the argument list of the launch of {callee} is not closed")
        args = src[paren + 1:j]
        name = re.sub(r"\s+", "", callee)
        base = re.sub(r"<.*", "", name).split("::")[-1]
        kind = known.get(base, "AIV_ONLY")
        cfg_src = [src[open_at + 3:close_at]]
        stream = "" if len(cfg) == 3 else ", nullptr"
        core_type, per_block = kernel_cores(kind)
        with_aic = int(base in explicit_mix and core_type == 0)
        call = (f"::asc_program::launch({cfg_src[0].strip()}{stream}, __FILE__, __LINE__, \"{base}\", "
                f"{core_type}, {per_block}, {with_aic}, "
                f"[&](auto&&... asc_a_) {{ {callee}(static_cast<decltype(asc_a_)&&>(asc_a_)...); }}"
                f"{', ' if args.strip() else ''}{args})")
        # keep the line count: the newlines inside the replaced text follow the call
        removed = src[callee_at:j + 1]
        out.append(src[pos:callee_at])
        out.append(call + "\n" * (removed.count("\n") - call.count("\n")))
        pos = j + 1
        search = j + 1
        count += 1
    out.append(src[pos:])
    return "".join(out), count
