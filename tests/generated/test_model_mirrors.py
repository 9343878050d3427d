"""The Model's hand-written structs (cpp/model/include/asc_model/structs.h)
against the .td, field by field, by the compiler.

structs.h stays hand-written (vendor defaults, constructors for array fields,
EnumArg members), so this test writes one static_assert per fact of the .td and
compiles them against the Model's headers with the Model's compiler:
  - each .td field is a member of the struct, in the .td's order (offsetof);
  - enum fields are EnumArg<E> (or E) of the .td's enum, array fields T[N],
    untyped fields numbers (half and bfloat16_t included) or bools;
  - the struct is built from exactly the .td's number of values (its constructor's,
    where the .td gives one), as the emitter builds it (`S name{v1, ..., vN}`): a
    member the .td lacks fails too.
The Model's enums are generated (generated_enums.h); every value is checked too,
spelt as the emitter prints it.
"""

import os
import shutil
import subprocess

from td import ENUM_CPP_NAMES, ENUMS, MODEL_INCLUDE, STRUCTS, generated

_PRELUDE = r"""
#include <cstddef>
#include <type_traits>
#include <utility>
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

namespace chk {
struct Any { template <class T> operator T() const; };
template <class S, class Seq, class = void> struct braces : std::false_type {};
template <class S, std::size_t... I>
struct braces<S, std::index_sequence<I...>, std::void_t<decltype(S{((void)I, Any{})...})>>
    : std::true_type {};
template <class S, std::size_t N>
constexpr bool takes_n = braces<S, std::make_index_sequence<N>>::value;
// A number: arithmetic, or one of the Model's 16-bit float classes (half, bfloat16_t).
template <class T>
constexpr bool number = std::is_arithmetic<T>::value || std::is_same<T, half>::value ||
                        std::is_same<T, bfloat16_t>::value;
template <class F, class E>
constexpr bool enum_field = std::is_same<F, asc_model::EnumArg<E>>::value || std::is_same<F, E>::value;
}  // namespace chk
"""


# Trailing members the Model (as the vendor) has after a struct's .td fields, which
# asc never sets (the emitter's braced list leaves them at their defaults):
# MatmulApiStaticTiling::cfg, the MatmulConfig the tiling was computed for.
_TRAILING_DEFAULTED = {"MatmulApiStaticTiling": 1}


def check_source(structs=STRUCTS, enums=True) -> str:
    out = [_PRELUDE]
    for name, td in structs.items():
        s = f"chk_{name}"
        out.append(f"\n// {td.cpp_name}: {', '.join(f.cpp for f in td.fields)}")
        templated = td.templated or bool(td.template_field)  # InitConstValueParams<T>
        out.append(f"using {s} = {td.cpp_name}{'<float>' if templated else ''};")
        # The emitter passes the constructor's fields (all, or constructor_arity) and assigns the rest.
        n = len(td.fields) if td.constructor_arity < 0 else td.constructor_arity
        out.append(f'static_assert(chk::takes_n<{s}, {n}>, "{name}: cannot be built from the {n} fields '
                   f'of the .td ({name}{{v1, ..., v{n}}}, as the emitter writes it)");')
        extra = _TRAILING_DEFAULTED.get(name, 0)
        out.append(f'static_assert(!chk::takes_n<{s}, {n + extra + 1}>, "{name}: the Model takes more than the '
                   f'{n} fields of the .td (a member the .td lacks?)");')
        for a, b in zip(td.fields, td.fields[1:]):
            out.append(f'static_assert(offsetof({s}, {a.cpp}) < offsetof({s}, {b.cpp}), "{name}: {a.cpp} '
                       f'must come before {b.cpp} (the .td order)");')
        for f in td.fields:
            t = f"decltype({s}::{f.cpp})"
            if f.cpp_type.endswith("]"):
                elem, count = f.cpp_type[:f.cpp_type.index("[")], f.cpp_type[f.cpp_type.index("["):]
                out.append(f'static_assert(std::is_same<{t}, {elem}{count}>::value, "{name}.{f.cpp}: the .td '
                           f'says {f.cpp_type}");')
            elif f.cpp_type:
                out.append(f'static_assert(chk::enum_field<{t}, {f.cpp_type}>, "{name}.{f.cpp}: the .td says '
                           f'{f.cpp_type} (asc_model::EnumArg<{f.cpp_type}>)");')
            elif not td.templated:
                out.append(f'static_assert(chk::number<{t}>, "{name}.{f.cpp}: the .td gives no '
                           f'type, so a number or bool; an enum or array member needs its type in the .td");')
    if enums:
        # Every enum value, as the emitter spells it (AscendC::HardEvent::MTE2_V, PIPE_V,
        # QuantMode_t::NoQuant), has the .td's value (generated_enums.h is generated:
        # this catches a hand edit of it, or a stale copy when run outside Bazel).
        out.append("")
        for name, cls in ENUMS.items():
            spelling = ENUM_CPP_NAMES[name]
            for m in cls:
                out.append(f"static_assert(static_cast<long long>({spelling}::{m.name}) == {m.value}, "
                           f'"{spelling}::{m.name} is not {m.value} (the .td)");')
    # Tables the Model sizes by an enum.
    out.append("\nstatic_assert(asc_model::kNumHardEvents == asc_model::EnumInfo<AscendC::HardEvent>::kCount, "
               '"core.h kNumHardEvents differs from the .td\'s HardEvent");')
    return "\n".join(out) + "\n"


def compile_check(source: str, tmp_path):
    cxx = os.environ.get("CXX") or shutil.which("g++") or "g++"
    path = tmp_path / "model_mirror_check.cpp"
    path.write_text(source)
    return subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-Wno-invalid-offsetof", "-ferror-limit=0"
                           if "clang" in cxx else "-fmax-errors=0", f"-I{MODEL_INCLUDE}", str(path)],
                          capture_output=True, text=True, env={**os.environ, "LC_ALL": "C"})


def _failures(stderr: str):
    return [line.split("error: ", 1)[1] for line in stderr.splitlines() if "error: " in line]


def test_model_structs_follow_td(tmp_path):
    r = compile_check(check_source(), tmp_path)
    assert r.returncode == 0, ("the Model's structs.h differs from the .td:\n  " +
                               "\n  ".join(_failures(r.stderr) or [r.stderr]))


# The check itself, on fixed .td data (not the live .td, which may have drifted).
_F = generated.StructField
_DATA_COPY_PARAMS = generated.StructDef("data_copy_params", "AscendC::DataCopyParams", False, (
    _F("blockCount", "block_count", ""), _F("blockLen", "block_len", ""),
    _F("srcStride", "src_stride", ""), _F("dstStride", "dst_stride", "")))
_ENHANCED = generated.StructDef("data_copy_enhanced_params", "AscendC::DataCopyEnhancedParams", False, (
    _F("blockMode", "block_mode", "AscendC::BlockMode"), _F("deqScale", "deq_scale", "AscendC::DeqScale"),
    _F("deqValueIn", "deq_value_in", ""), _F("sidStoreModeIn", "sid_store_mode_in", ""),
    _F("isReluIn", "is_relu_in", ""), _F("padModeIn", "pad_mode_in", "pad_t"),
    _F("padValueIn", "pad_value_in", "")))


def test_the_check_accepts_matching_structs(tmp_path):
    r = compile_check(check_source({"A": _DATA_COPY_PARAMS, "B": _ENHANCED}, enums=False), tmp_path)
    assert r.returncode == 0, r.stderr


def test_the_check_catches_a_td_only_field(tmp_path):
    extra = _DATA_COPY_PARAMS._replace(fields=_DATA_COPY_PARAMS.fields + (_F("rsv", "rsv", ""),))
    r = compile_check(check_source({"DataCopyParams": extra}, enums=False), tmp_path)
    assert r.returncode != 0 and "has no member named 'rsv'" in r.stderr


def test_the_check_catches_a_model_only_field(tmp_path):
    fewer = _DATA_COPY_PARAMS._replace(fields=_DATA_COPY_PARAMS.fields[:-1])
    r = compile_check(check_source({"DataCopyParams": fewer}, enums=False), tmp_path)
    assert r.returncode != 0 and "more than the 3 fields" in r.stderr


def test_the_check_catches_a_swapped_or_retyped_field(tmp_path):
    f = list(_ENHANCED.fields)
    swapped = _ENHANCED._replace(fields=tuple([f[1], f[0]] + f[2:]))
    r = compile_check(check_source({"X": swapped}, enums=False), tmp_path)
    assert r.returncode != 0 and "must come before" in r.stderr
    retyped = _ENHANCED._replace(fields=tuple([f[0]._replace(cpp_type="AscendC::DeqScale")] + f[1:]))
    r = compile_check(check_source({"X": retyped}, enums=False), tmp_path)
    assert r.returncode != 0 and "the .td says AscendC::DeqScale" in r.stderr
