"""The hand-written Python side of the dialect's structs and enums against the .td.

types.py builds each struct class from the .td's field list, but the pyasc
constructor forms (names, order, defaults) are written by hand: every form must
name exactly the .td's fields (by their Python names), with the .td's enum types.
"""

import pytest

from asc.language.core import api, enums, types as T
from td import ENUM_CPP_NAMES, ENUMS, STRUCTS

_TEMPLATE_PARAMS = ("dtype",)  # MrgSortSrcList<T>, DataCopyPadExtParams<T>: the T


def _form_params(cls):
    return [[p for p in form.params] for form in cls._forms]


def test_every_td_struct_is_a_python_class():
    missing = [name for name in STRUCTS if not isinstance(getattr(T, name, None), type)
               or not issubclass(getattr(T, name), T.ParamStruct)]
    assert not missing, f"structs of the .td without a class in asc.language.core.types: {missing}"
    stale = sorted(set(T._FORMS) - set(STRUCTS))
    assert not stale, f"types._FORMS has forms for structs the .td does not define: {stale}"


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_fields_follow_td(name):
    cls, td = getattr(T, name), STRUCTS[name]
    assert cls._mnemonic == td.mnemonic
    assert cls._cpp_fields == [f.py for f in td.fields], (
        f"{name}: the class's C++ field order differs from the .td's")


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_forms_name_the_td_fields(name):
    cls, td = getattr(T, name), STRUCTS[name]
    if name in T._GENERIC:
        assert name in T._FORMS, (
            f"{name} is new in the .td: add its pyasc constructor form (names, order, the "
            f"Ascend C defaults) to _FORMS in python/asc/language/core/types.py")
    fields = [f.py for f in td.fields]
    allowed = set(fields) | set(T._EXTRA_FORM_PARAMS.get(name, ()))
    allowed |= set(_TEMPLATE_PARAMS if td.templated else ())
    derived = set(getattr(cls, "_derived_fields", ()))
    named = set()
    for form in cls._forms:
        params = [p.name for p in form.params]
        unknown = [p for p in params if p not in allowed]
        assert not unknown, (f"asc.{name}({form.text}): {unknown} are not fields of {td.cpp_name} in the "
                             f".td (fields: {fields})")
        named |= set(params)
    unnamed = [f for f in fields if f not in named and f not in derived]
    assert not unnamed, (f"asc.{name}: no constructor form takes the .td field(s) {unnamed}; "
                         f"add them to its form in types._FORMS")


def _enum_of_annotation(annotation):
    return annotation if annotation in ENUMS else None


@pytest.mark.parametrize("name", sorted(STRUCTS))
def test_field_types_follow_td(name):
    cls, td = getattr(T, name), STRUCTS[name]
    by_py = {f.py: f for f in td.fields}
    for form in cls._forms:
        for p in form.params:
            f = by_py.get(p.name)
            if f is None:
                continue
            enum = _enum_of_annotation(p.annotation)
            if f.cpp_type.endswith("]"):
                assert enum is None, f"asc.{name}.{p.name}: the .td makes it an array {f.cpp_type}"
                n = int(f.cpp_type[f.cpp_type.index("[") + 1:-1])
                assert T._ARRAY_FIELDS[(name, p.name)][0] == n
            elif f.cpp_type:
                assert enum is not None and ENUM_CPP_NAMES[enum] == f.cpp_type, (
                    f"asc.{name}.{p.name}: the .td types it {f.cpp_type}, the form {p.annotation!r}")
            else:
                assert enum is None, (f"asc.{name}.{p.name}: the form takes a {enum} but the .td gives "
                                      f"{td.cpp_name}::{f.cpp} no enum type (add it to the .td's types)")


def test_python_enums_are_the_td_enums():
    assert enums.__all__ == list(ENUMS)
    for name, td_enum in ENUMS.items():
        have = [(m.name, m.value) for m in getattr(enums, name)]
        want = [(m.name, m.value) for m in td_enum]
        assert have == want, f"asc.{name} differs from the .td: {have} != {want}"
        assert api._DEFAULT_NAMESPACE[name] is getattr(enums, name)
