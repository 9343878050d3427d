#!/usr/bin/env python3
"""Writes asc_bisheng_intrinsics.h: the declarations of the bisheng intrinsics
that the vendor's Ascend C headers call (see asc_bisheng_builtins.h).

    python3 cpp/vendor_check/gen_intrinsics.py /tmp/asc-devkit   # an unpacked asc-devkit

How a signature is found (libclang, the clang-19 Python bindings):

1. The names: every identifier the vendor's headers call, preprocessed for each
   checked architecture (asc.runtime.npu.vendor_check.ARCHS), that the headers
   do not declare themselves.
2. The documented forms: the vendor's C API (include/c_api, whose functions are
   documented one per intrinsic form) is parsed with every name declared as a
   probe (a variadic template whose result converts to anything); each call of
   a probe inside a C API function gives one form: the types of its arguments
   (the C API's documented parameter types) and, from where its result goes
   (a `return` in a function of result type R, a variable of type V, a cast),
   its result type.
3. What the C API does not cover comes from TABLE below (signatures as the CCE
   intrinsic documentation states them); a name in neither is declared as a
   catch-all (`CATCH_ALL`), and listed in docs/npu-backend.md.

Forms of one intrinsic that differ only in arithmetic parameter types (a
literal `0` in one call, a `uint16_t` in another) are merged into one, keeping
the declared type, so overload resolution stays unambiguous. Run it again
when the snapshot changes; the output is deterministic.
"""

from __future__ import annotations

import collections
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The two modules are used without importing the package (which needs its native module).
_pkg = type(sys)("asc")
_pkg.__path__ = [str(HERE.parents[1] / "python" / "asc")]
sys.modules.setdefault("asc", _pkg)

from asc.runtime.npu import vendor_check  # noqa: E402  (the include paths and arch flags)
from asc.runtime.npu.libclang import cindex  # noqa: E402

OUT = HERE / "asc_bisheng_intrinsics.h"
RESERVED = HERE.parent / "emitter" / "lib" / "ReservedNames.inc"

# Address spaces as clang attributes while probing, so the argument types keep them.
SPACES = {"__gm__": 1, "__ubuf__": 2, "__cbuf__": 3, "__ca__": 4, "__cb__": 5, "__cc__": 6,
          "__fbuf__": 7, "__biasbuf__": 8, "__ssbuf__": 9}
SPACE_NAMES = {n: s for s, n in SPACES.items()}

# Signatures the C API does not show, as the CCE intrinsic documentation states them.
TABLE = """
int64_t conv_f322s32a(float in);
int64_t conv_f322s32c(float in);
int64_t conv_f322s32f(float in);
int64_t conv_f322s32r(float in);
half conv_f322f16o(float in);
void hset_flag(pipe_t pipe, pipe_t tpipe, event_t n, mem_t mem, bool v);
void hwait_flag(pipe_t pipe, pipe_t tpipe, event_t n, mem_t mem, bool v);
void wait_flag_dev(int64_t flagID);
void wait_flag_dev(pipe_t pipe, int64_t flagID);
void trap();
void trap(uint64_t err_code);
void set_flag(pipe_t pipe, pipe_t tpipe, event_t n);
void set_flag(pipe_t pipe, pipe_t tpipe, uint64_t n);
void wait_flag(pipe_t pipe, pipe_t tpipe, event_t n);
void wait_flag(pipe_t pipe, pipe_t tpipe, uint64_t n);
void dcci(__gm__ void *dst, uint64_t entire, uint64_t type);
void dcci(__gm__ void *dst, uint64_t entire);
void dcci(__ubuf__ void *dst, uint64_t entire, uint64_t type);
void dcci(__ubuf__ void *dst, uint64_t entire);
void set_st_atomic_cfg(uint64_t config);
void set_st_atomic_cfg(atomic_type_t type, atomic_op_t op);
void vmaxs(__ubuf__ T *dst, __ubuf__ T *src, T a, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint8_t dstRepeatStride, uint8_t srcRepeatStride, bool isSetMask, bool isCounterMode);  // T: half float int16_t int32_t
void vmins(__ubuf__ T *dst, __ubuf__ T *src, T a, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint8_t dstRepeatStride, uint8_t srcRepeatStride, bool isSetMask, bool isCounterMode);  // T: half float int16_t int32_t
void vsel(__ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ void *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, uint8_t mode);  // T: half float
void create_cbuf_matrix(__cbuf__ T *dst, uint64_t repeat, int32_t value);  // T: uint32_t int32_t uint16_t int16_t
void vmrgsort4(__ubuf__ T *dst, __ubuf__ T *src[4], uint64_t src1, uint64_t config);  // T: half float
void mad(__cc__ float *c, __ca__ half *a, __cb__ half *b, uint64_t bias, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ float *c, __ca__ float *a, __cb__ float *b, uint64_t bias, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ float *c, __ca__ bfloat16_t *a, __cb__ bfloat16_t *b, uint64_t bias, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ int32_t *c, __ca__ int8_t *a, __cb__ int8_t *b, uint64_t bias, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
// Atlas 310P (dav-m200) forms: the strides' repeatStrideMode / strideSizeMode flags after them,
// config-word gathers, and the pointer-typed fills.
void vsel(__ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ void *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, uint8_t mode, bool repeatStrideMode, bool strideSizeMode);  // T: half float
void vgather(__ubuf__ T *dst, __ubuf__ uint32_t *offset, uint64_t config);  // T: uint16_t uint32_t
void vmulconv_f162s8(__ubuf__ int8_t *dst, __ubuf__ half *src0, __ubuf__ half *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode);
void vmulconv_f162u8(__ubuf__ uint8_t *dst, __ubuf__ half *src0, __ubuf__ half *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode);
void vcmax(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint16_t dstRepeatStride, uint16_t srcBlockStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode, bool order);  // T: half float
void vcmin(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint16_t dstRepeatStride, uint16_t srcBlockStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode, bool order);  // T: half float
void vcadd(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint16_t dstRepeatStride, uint16_t srcBlockStride, uint16_t srcRepeatStride);  // T: half float
void vconv_f162s16r(__ubuf__ int16_t *dst, __ubuf__ half *src, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode);
void vconv_s162f16(__ubuf__ half *dst, __ubuf__ int16_t *src, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode);
void vconv_f162s4(__ubuf__ void *dst, __ubuf__ half *src, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode);
void preload(const void *pc);
void img2colv2_cbuf_to_ca_s4(__ca__ void *dst, __cbuf__ void *src, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8, uint64_t a9, uint64_t a10, uint64_t a11);
void create_cbuf_matrix(__cbuf__ void *dst, uint64_t repeat, half value);
void create_ca_matrix(__ca__ void *dst, uint64_t repeat, half value);
void create_cb_matrix(__cb__ void *dst, uint64_t repeat, half value);
// More Atlas 310P (dav-m200) forms: no C API documents dav-m200, so these are the forms the
// vendor's impl/basic_api/dav_m200 calls make (their argument kinds as passed; the element
// types each call's static_assert admits), checked by `--arch 310p`.
void mad(__cc__ float *c, __ca__ half *a, __cb__ half *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void mad(__cc__ half *c, __ca__ half *a, __cb__ half *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void mad(__cc__ int32_t *c, __ca__ int8_t *a, __cb__ int8_t *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void mad(__cc__ int32_t *c, __ca__ uint8_t *a, __cb__ int8_t *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void mad(__cc__ int32_t *c, __ca__ uint8_t *a, __cb__ uint8_t *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void mad_s4(__cc__ int32_t *c, __ca__ void *a, __cb__ void *b, uint16_t m, uint16_t k, uint16_t n, bool cmatrixInitVal);
void img2colv2_cbuf_to_ca(__ca__ T *dst, __cbuf__ T *src, uint16_t kExtension, uint16_t mExtension, uint16_t kStartPt, uint16_t mStartPt, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, bool enTranspose, uint16_t channelSize);  // T: half float int8_t uint8_t int32_t uint32_t
void img2colv2_cbuf_to_cb(__cb__ T *dst, __cbuf__ T *src, uint16_t kExtension, uint16_t mExtension, uint16_t kStartPt, uint16_t mStartPt, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, bool enTranspose, uint16_t channelSize);  // T: half float int8_t uint8_t int32_t uint32_t
void vlrelu(__ubuf__ T *dst, __ubuf__ T *src, T a, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint8_t dstRepeatStride, uint8_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode);  // T: half float
void vaddrelu(__ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ T *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode);  // T: half float int16_t
void vsubrelu(__ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ T *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode);  // T: half float int16_t
void vaddreluconv_f162s8(__ubuf__ int8_t *dst, __ubuf__ half *src0, __ubuf__ half *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode, bool h);
void vsubreluconv_f162s8(__ubuf__ int8_t *dst, __ubuf__ half *src0, __ubuf__ half *src1, uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride, uint8_t src1RepeatStride, bool repeatStrideMode, bool strideSizeMode, bool h);
void vbitsort(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat);  // T: half float
void vmrgsort4(__ubuf__ T *dst, __ubuf__ T *src[4], uint64_t config);  // T: half float
void vconcat(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint8_t modeNumber);  // T: half float
void vextract(__ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint8_t modeNumber);  // T: half float
void vconv_deqs162b8(__ubuf__ T *dst, __ubuf__ int16_t *src, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode, bool halfBlock);  // T: int8_t uint8_t
void vconv_vdeqs162b8(__ubuf__ T *dst, __ubuf__ int16_t *src, uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride, uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool repeatStrideMode, bool strideSizeMode, bool halfBlock);  // T: int8_t uint8_t
void img2colv2_cbuf_to_ub(__ubuf__ T *dst, __cbuf__ T *src, uint16_t kExtension, uint16_t mExtension, uint16_t kStartPt, uint16_t mStartPt, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, bool enTranspose, uint16_t channelSize);  // T: half float int8_t uint8_t int32_t uint32_t
void img2col_cbuf_to_ca(__ca__ T *dst, __cbuf__ T *src, uint8_t fetchFilterW, uint8_t fetchFilterH, int16_t leftTopW, int16_t leftTopH, uint16_t c1Index, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, uint8_t jumpStride, uint8_t repeatMode, uint8_t repeatTime, csize_t cSize);  // T: half float int8_t uint8_t int32_t uint32_t
void img2col_cbuf_to_cb(__cb__ T *dst, __cbuf__ T *src, uint8_t fetchFilterW, uint8_t fetchFilterH, int16_t leftTopW, int16_t leftTopH, uint16_t c1Index, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, uint8_t jumpStride, uint8_t repeatMode, uint8_t repeatTime, csize_t cSize);  // T: half float int8_t uint8_t int32_t uint32_t
void img2col_cbuf_to_ub(__ubuf__ T *dst, __cbuf__ T *src, uint8_t fetchFilterW, uint8_t fetchFilterH, int16_t leftTopW, int16_t leftTopH, uint16_t c1Index, uint8_t strideW, uint8_t strideH, uint8_t filterW, uint8_t filterH, uint8_t dilationFilterW, uint8_t dilationFilterH, uint8_t jumpStride, uint8_t repeatMode, uint8_t repeatTime, csize_t cSize);  // T: half float int8_t uint8_t int32_t uint32_t
void broadcast_ub_to_cc(__cc__ T *dst, __ubuf__ T *src, uint8_t blockCount, uint8_t blockLen, uint8_t srcGap, uint8_t dstGap);  // T: half float int32_t
void v4dtrans(__ubuf__ T *dst, __ubuf__ T *src, uint16_t imageSize, uint16_t channelSize, bool mode);  // T: uint8_t uint16_t uint32_t
"""

# Called by the vendor's headers, no documented signature: declared as
# `template <class... A> <result> name(A...)` (listed in docs/npu-backend.md).
CATCH_ALL = {
    "ld_dev": "int64_t",
    "st_dev": "void",
    "vld_va_reg": "void",
    "copy_ubuf_to_gm_align_v2": "void",
    "load_cbuf_to_cb_transpose_s4": "void",
}

# Not intrinsics: names the headers call that the C++ library, the vendor's
# own macros or the language provide.
KEYWORDS = {"if", "for", "while", "switch", "return", "void", "volatile", "constexpr", "operator", "sizeof",
            "case", "do", "else", "new", "delete", "throw", "catch", "static_cast", "reinterpret_cast",
            "const_cast", "dynamic_cast", "int", "float", "bool", "char", "double", "long", "short", "unsigned",
            "signed", "auto", "const", "struct", "class", "enum", "union", "inline", "template", "typename"}
NOT_INTRINSICS = {
    "__builtin_expect", "__volatile__", "__attribute__", "__asm__", "asm", "declval", "forward",
    "forward_as_tuple", "make_tuple", "tie", "get", "move", "deprecated", "format", "section",
    "__out_pipe__", "__in_pipe__", "__inout_pipe__", "alignas", "alignof", "decltype", "sizeof",
    "static_assert", "noexcept", "typeid", "defined", "__has_include", "__builtin_offsetof", "address_space",
    "begin_pipe",  # `#pragma begin_pipe(V)` in dav_m200's headers: a pragma's argument, not a call
}


def expand_table(table: str):
    """TABLE's lines; a line ending in `// T: a b c` stands for one declaration per type."""
    out = []
    for line in table.strip().split("\n"):
        if line.startswith("//"):
            continue
        decl, _, types = line.partition("// T:")
        decl = decl.strip()
        if not types:
            out.append(decl)
            continue
        for t in types.split():
            out.append(re.sub(r"\bT\b", t, decl))
    return out


def preprocess(devkit: Path, arch: "vendor_check.Arch", tmp: Path) -> str:
    src = tmp / "probe_names.cpp"
    src.write_text(umbrella(arch))
    cmd = ["g++", "-std=c++17", "-E", "-DASC_BUILTINS_NO_INTRINSICS", *vendor_check.compile_flags(devkit, arch, tmp),
           str(src)]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def umbrella(arch) -> str:
    text = '#include "asc_bisheng_builtins.h"\n#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'
    if arch.c_api:
        text += '#include "c_api/asc_simd.h"\n'
    return text


def called_names(preprocessed: str, devkit: Path) -> set:
    """Identifiers in call position in the vendor's lines (a candidate list; libclang filters it)."""
    lines, keep = [], False
    for line in preprocessed.split("\n"):
        if line.startswith("# "):
            m = re.match(r'# \d+ "([^"]+)"', line)
            if m:
                keep = m.group(1).startswith(str(devkit))
            continue
        if keep:
            lines.append(line)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', "\n".join(lines))
    return set(re.findall(r"(?<![\w.:>~])([A-Za-z_]\w*)\s*\(", text))


def parse(path: Path, args, macros=False) -> "cindex.TranslationUnit":
    opts = cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD if macros else 0
    return cindex.Index.create().parse(str(path), args=["-x", "c++", "-std=c++17", "-ferror-limit=0", *args],
                                       options=opts)


def reserved_names(tu, devkit: Path):
    """(macros, symbols): the macros the vendor's headers and the builtins header define, and
    the names a kernel's C++ symbol must not take: the members of namespace AscendC and the
    global names of both (functions, types, variables, enumerators)."""
    roots = (str(devkit), str(HERE))
    macros, symbols = set(), set()
    for c in tu.cursor.get_children():
        f = c.location.file.name if c.location.file else ""
        if not f.startswith(roots):
            continue
        if c.kind == cindex.CursorKind.MACRO_DEFINITION:
            macros.add(c.spelling)
        elif c.kind == cindex.CursorKind.NAMESPACE and c.spelling == "AscendC":
            symbols.update(ch.spelling for ch in c.get_children() if ch.spelling and ch.kind != cindex.CursorKind.NAMESPACE)
        elif c.kind == cindex.CursorKind.ENUM_DECL:
            symbols.update(ch.spelling for ch in c.get_children())
            symbols.add(c.spelling)
        elif c.kind != cindex.CursorKind.NAMESPACE and c.spelling:
            symbols.add(c.spelling)
    ident = re.compile(r"^[A-Za-z_]\w*$")
    return {m for m in macros if ident.match(m)}, {s for s in symbols if ident.match(s)}


def declared_names(tu) -> set:
    kinds = {cindex.CursorKind.FUNCTION_DECL, cindex.CursorKind.FUNCTION_TEMPLATE, cindex.CursorKind.CXX_METHOD,
             cindex.CursorKind.CONSTRUCTOR, cindex.CursorKind.CLASS_DECL, cindex.CursorKind.STRUCT_DECL,
             cindex.CursorKind.CLASS_TEMPLATE, cindex.CursorKind.TYPEDEF_DECL, cindex.CursorKind.TYPE_ALIAS_DECL,
             cindex.CursorKind.VAR_DECL, cindex.CursorKind.FIELD_DECL, cindex.CursorKind.PARM_DECL,
             cindex.CursorKind.ENUM_CONSTANT_DECL, cindex.CursorKind.TEMPLATE_TYPE_PARAMETER,
             cindex.CursorKind.TEMPLATE_NON_TYPE_PARAMETER, cindex.CursorKind.TYPE_ALIAS_TEMPLATE_DECL,
             cindex.CursorKind.MACRO_DEFINITION}
    names = set()
    for c in tu.cursor.walk_preorder():
        if c.kind in kinds:
            names.add(c.spelling)
    return names


def probe_header(names, tmp: Path) -> Path:
    p = tmp / "probe.h"
    lines = ["struct __asc_any { template <class T> operator T() const; };"]
    lines += [f"template <class... A> __asc_any {n}(A...);" for n in sorted(names)]
    p.write_text("\n".join(lines) + "\n")
    return p


def spelled(t) -> str:
    """A clang type spelling back in the project's words: address spaces as qualifiers."""
    s = t.spelling
    s = re.sub(r"__attribute__\(\(address_space\((\d+)\)\)\)\s*", lambda m: SPACE_NAMES[int(m.group(1))] + " ", s)
    s = s.replace("_Float16", "half").replace("struct bfloat16_t", "bfloat16_t")
    for c_name, fixed in (("unsigned long long", "uint64_t"), ("unsigned long", "uint64_t"), ("long long", "int64_t"),
                          ("long", "int64_t"), ("unsigned int", "uint32_t"), ("unsigned short", "uint16_t"),
                          ("unsigned char", "uint8_t"), ("signed char", "int8_t")):
        s = re.sub(r"(?<![\w ])" + c_name + r"(?![\w])", fixed, s) if " " not in c_name else s.replace(c_name, fixed)
    s = re.sub(r"\bconst\s+(__\w+__)", r"\1 const", s)
    s = re.sub(r"\s+", " ", s).strip()
    # A pointer to a type of the vendor's headers (int4b_t, ...) is declared before them: void*.
    m = re.match(r"^((?:__\w+__ )?)(const )?([\w:]+) \*$", s)
    if m and m.group(3) not in KNOWN_ELEMENTS:
        s = f"{m.group(1)}{m.group(2) or ''}void *"
    return s


KNOWN_ELEMENTS = {"void", "half", "bfloat16_t", "float", "double", "bool", "char", "int8_t", "uint8_t", "int16_t",
                  "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "int"}
_ARITH = {"bool", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
          "long", "unsigned long", "long long", "unsigned long long", "int8_t", "uint8_t", "int16_t",
          "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "size_t"}


def collect_forms(tu, names, devkit: Path):
    """name -> {(result, (param types...))} from the calls of the probes: those inside the C API
    (documented), and separately those elsewhere in the vendor's headers whose argument types
    do not depend on a template parameter (used only for a name the C API never calls)."""
    forms = collections.defaultdict(set)
    other = collections.defaultdict(set)
    capi = str(devkit / "impl" / "c_api")

    def visit(c, stack):
        if c.kind == cindex.CursorKind.CALL_EXPR and c.spelling in names and c.location.file \
                and c.location.file.name.startswith(str(devkit)):
            arg_cursors = list(c.get_arguments())
            args = tuple(spelled(a.type) for a in arg_cursors)
            canon = "".join(a.type.get_canonical().spelling for a in arg_cursors)
            if all(args) and "__asc_any" not in "".join(args) and "type-parameter" not in canon \
                    and "<dependent type>" not in canon and "<overloaded function type>" not in canon:
                target = forms if c.location.file.name.startswith(capi) else other
                target[c.spelling].add((result_type(c, stack), args))
        stack.append(c)
        for ch in c.get_children():
            visit(ch, stack)
        stack.pop()

    visit(tu.cursor, [])
    return forms, other


def result_type(call, stack) -> str:
    """What the call's result is used as: void in a statement, else the type it converts to."""
    for anc in reversed(stack):
        k = anc.kind
        if k in (cindex.CursorKind.COMPOUND_STMT, cindex.CursorKind.IF_STMT, cindex.CursorKind.FOR_STMT):
            return "void"
        if k == cindex.CursorKind.RETURN_STMT:
            fn = next((a for a in reversed(stack) if a.kind in (cindex.CursorKind.FUNCTION_DECL,
                                                                cindex.CursorKind.CXX_METHOD)), None)
            return spelled(fn.result_type) if fn is not None else "int64_t"
        if k in (cindex.CursorKind.VAR_DECL, cindex.CursorKind.CSTYLE_CAST_EXPR,
                 cindex.CursorKind.CXX_STATIC_CAST_EXPR):
            return spelled(anc.type)
        t = anc.type.spelling if anc.type else ""
        if t and "__asc_any" not in t and "<" not in t and k != cindex.CursorKind.CALL_EXPR:
            return spelled(anc.type)
    return "void"


def merge(forms):
    """One declaration per (result, pointer/class pattern, arity): arithmetic parameters that
    differ between calls take the type a C API parameter declared (not a literal's int)."""
    groups = collections.OrderedDict()
    for res, args in sorted(forms):
        key = (tuple(a if a not in _ARITH else "#" for a in args),)
        groups.setdefault(key, []).append((res, args))
    out = []
    for _, items in groups.items():
        res = next((r for r, _ in items if r != "void"), "void")
        n = len(items[0][1])
        params = []
        for i in range(n):
            seen = [a[i] for _, a in items]
            non_int = [s for s in seen if s != "int"]
            params.append(collections.Counter(non_int or seen).most_common(1)[0][0])
        out.append((res, tuple(params)))
    return sorted(set(out))


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    devkit = Path(argv[1]).resolve()
    table_lines = expand_table(TABLE)
    table_names = {re.search(r"(\w+)\(", l).group(1) for l in table_lines}
    header = [
        "// Generated by gen_intrinsics.py from asc-devkit "
        + (vendor_check.snapshot_commit(devkit) or "(unknown commit)") + "; do not edit.",
        "// The bisheng intrinsics the vendor's Ascend C headers call, one declaration per",
        "// documented form (asc_bisheng_builtins.h says how they were found).",
        "#pragma once",
        "",
    ]
    all_forms = collections.defaultdict(set)
    other_forms = collections.defaultdict(set)
    names_all = set()
    reserved_macros, reserved_symbols = set(), set()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        vendor_check.prepare_tree(devkit, tmp)
        for arch in vendor_check.ARCHS.values():
            flags = vendor_check.compile_flags(devkit, arch, tmp)
            names = called_names(preprocess(devkit, arch, tmp), devkit) - NOT_INTRINSICS
            src = tmp / "probe_tu.cpp"
            src.write_text(umbrella(arch))
            base_args = ["-DASC_BUILTINS_NO_INTRINSICS", *flags]
            base_tu = parse(src, base_args)
            declared = declared_names(base_tu)
            names = {n for n in names if n not in declared and not n.startswith("__builtin")
                     and n not in KEYWORDS and not n[0].isupper()}
            names_all |= names
            probe = probe_header(names, tmp)
            space_defs = [f"-D{q}=__attribute__((address_space({n})))" for q, n in SPACES.items()]
            tu = parse(src, [*space_defs, "-include", str(probe), *base_args])
            full = parse(src, flags, macros=True)  # with the intrinsics: the names they take too
            m, sym = reserved_names(full, devkit)
            reserved_macros |= m
            reserved_symbols |= sym | names
            documented, elsewhere = collect_forms(tu, names, devkit)
            for n, f in documented.items():
                all_forms[n] |= f
            for n, f in elsewhere.items():
                other_forms[n] |= f
    body, used, catch_all = [], [], []
    for name in sorted(names_all | table_names | set(CATCH_ALL)):
        merged = merge(all_forms.get(name, ()))
        body += [f"{res} {name}({', '.join(params)});" for res, params in merged]
        if merged or name in table_names:
            continue  # (TABLE's forms are added below)
        if name in CATCH_ALL:
            catch_all.append(f"template <class... A> {CATCH_ALL[name]} {name}(A...);")
        elif other_forms.get(name):
            used += [f"{res} {name}({', '.join(params)});" for res, params in merge(other_forms[name])]
        else:
            print(f"warning: no documented form of {name}: add it to TABLE or CATCH_ALL", file=sys.stderr)
            catch_all.append(f"template <class... A> void {name}(A...);  // NO FORM FOUND")
    text = "\n".join(header + ["// ---- from the C API's documented forms ----"] + body
                     + ["", "// ---- not in the C API: the types the vendor's own (non-template) calls pass ----"]
                     + used
                     + ["", "// ---- forms the C API does not show (gen_intrinsics.py TABLE) ----"]
                     + table_lines
                     + ["", "// ---- catch-alls: no documented signature (docs/npu-backend.md) ----"] + catch_all) + "\n"
    OUT.write_text(text)
    reserved_symbols -= reserved_macros
    RESERVED.write_text(
        "// Generated by cpp/vendor_check/gen_intrinsics.py from asc-devkit "
        + (vendor_check.snapshot_commit(devkit) or "(unknown commit)") + "; do not edit.\n"
        "// Names the emitter's C++ identifiers avoid (CppEmitter.cpp): macros of the vendor's headers and\n"
        "// of the bisheng builtins (no identifier), and their global and AscendC:: names (no function).\n"
        + "".join(f'ASC_RESERVED_MACRO("{m}")\n' for m in sorted(reserved_macros))
        + "".join(f'ASC_RESERVED_SYMBOL("{s}")\n' for s in sorted(reserved_symbols)))
    print(f"{RESERVED}: {len(reserved_macros)} macros, {len(reserved_symbols)} symbols")
    print(f"{OUT}: {len(body)} C API forms, {len(used)} from the vendor's calls, {len(table_lines)} documented, {len(catch_all)} catch-alls")


if __name__ == "__main__":
    main(sys.argv)
