"""Parameter structs passed to a kernel by value (tiling structs).

pyasc kernels take their tiling as a by-value struct parameter:

    tiling = asc.adv.TCubeTiling(); tiler.get_tiling(tiling)       # host
    kernel[cores](a, b, c, tiling, workspace)

    @asc.jit
    def kernel(a, b, c, tiling: asc.adv.TCubeTiling, workspace):  # kernel
        m_blocks = tiling.m.ceildiv(tiling.single_core_m)

Any parameter struct of the dialect (a `ParamStruct` class made from an
`AscendC_StructType` in the .td) works this way, nothing per struct:

- launch: the argument's class is part of the specialization; its field
  values travel as one double per field (exact for 32-bit integers and
  floats), and the launch stub builds the C++ struct member by member
  (`kernel_args.struct_arg_expr`), so no byte layout is shared between Python
  and C++;
- kernel: the parameter is an instance of the struct's class (isinstance
  holds, APIs taking the struct materialize it as the parameter itself); a
  field read (`tiling.base_m`) emits `ascendc.struct_field` (`tiling.baseM` in
  C++), an int32 value unless the class lists the field in `_field_dtypes`
  (e.g. `{"reciprocal_of_h_length": asc.float32}`);
- a field assignment (`tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)`,
  as pyasc's matmul kernels do) changes the kernel's copy: later reads of the
  field give the assigned value, and an API taking the struct gets a copy
  built from the parameter's fields with the assigned ones replaced.
"""

from __future__ import annotations

from typing import Dict, Tuple

from . import context
from . import dtype as dt
from ._generated import STRUCTS, StructDef
from .semantic import PlainValue, ir_type

_BY_MNEMONIC: Dict[str, Tuple[str, StructDef]] = {d.mnemonic: (k, d) for k, d in STRUCTS.items()}
# Classes seen as kernel arguments, by dialect mnemonic (the cache key names the mnemonic).
_CLASSES: Dict[str, type] = {}


def struct_def(cls) -> StructDef:
    """The .td definition of a parameter struct class."""
    entry = _BY_MNEMONIC.get(getattr(cls, "_mnemonic", ""))
    if entry is None:
        raise TypeError(f"{cls.__name__} is not a parameter struct of the ascendc dialect")
    return entry[1]


def is_kernel_struct_class(cls) -> bool:
    d = _BY_MNEMONIC.get(getattr(cls, "_mnemonic", ""))
    return d is not None and not d[1].templated and all(not f.cpp_type.endswith("]") for f in d[1].fields)


def field_dtype(cls, py_name: str) -> dt.DataType:
    return getattr(cls, "_field_dtypes", {}).get(py_name, dt.int32)


def arg_key(value) -> Tuple[str, str]:
    """The specialization key of a struct argument: ("struct", mnemonic)."""
    cls = type(value)
    if not is_kernel_struct_class(cls):
        raise TypeError(f"asc.{cls.__name__} cannot be passed to a kernel by value "
                        "(templated or with array fields)")
    _CLASSES.setdefault(cls._mnemonic, cls)
    return ("struct", cls._mnemonic)


def class_of(mnemonic: str) -> type:
    return _CLASSES[mnemonic]


def layout(cls) -> str:
    """ParamSpec.dtype of a struct parameter: `cppName=py_name[:f]` per field,
    comma-separated (`:f` marks a floating-point field)."""
    items = []
    for f in struct_def(cls).fields:
        kind = ":f" if field_dtype(cls, f.py).is_float() else ""
        items.append(f"{f.cpp}={f.py}{kind}")
    return ",".join(items)


class _StructValue:
    """Kernel side of a by-value struct: field reads are struct_field ops."""

    __slots__ = ()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        fields = object.__getattribute__(self, "fields")
        if name in fields:  # assigned in the kernel (`tiling.share_l1_size = ...`)
            return fields[name]
        cls = type(self).__mro__[2]  # (value class, _StructValue, the struct's class, ...)
        for f in struct_def(cls).fields:
            if f.py == name:
                b = context.builder()
                kind = field_dtype(cls, name)
                handle = b.create_asc_StructFieldOp(ir_type(kind, b), self.handle, f.cpp)
                return PlainValue(handle, kind)
        names = ", ".join(f.py for f in struct_def(cls).fields)
        raise AttributeError(f"asc.{cls.__name__} has no field {name!r} (fields: {names})")

    def __setattr__(self, name, value):
        if name in ("handle", "fields"):
            object.__setattr__(self, name, value)
            return
        cls = type(self).__mro__[2]
        if not any(f.py == name for f in struct_def(cls).fields):
            names = ", ".join(f.py for f in struct_def(cls).fields)
            raise AttributeError(f"asc.{cls.__name__} has no field {name!r} (fields: {names})")
        # The kernel's copy of the struct (C++ passes it by value): later reads
        # of the field see the value, and an API taking the struct gets a copy
        # with it (materialize).
        self.fields[name] = value

    def materialize(self):
        if not self.fields:
            return self.handle
        from .types import _field_handle
        b = context.builder()
        cls = type(self).__mro__[2]
        handles = []
        for f in struct_def(cls).fields:
            if f.py in self.fields:
                handles.append(_field_handle(b, self.fields[f.py], field_dtype(cls, f.py)))
            else:
                kind = field_dtype(cls, f.py)
                handles.append(b.create_asc_StructFieldOp(ir_type(kind, b), self.handle, f.cpp))
        return b.create_asc_ConstructOp(self.ir_type(b), handles)


_VALUE_CLASSES: Dict[type, type] = {}


def struct_value(cls, handle):
    """The kernel-side object of a struct parameter bound to `handle`."""
    sub = _VALUE_CLASSES.get(cls)
    if sub is None:
        sub = type(cls.__name__, (_StructValue, cls), {"__slots__": ("handle",),
                                                        "__module__": cls.__module__})
        _VALUE_CLASSES[cls] = sub
    obj = object.__new__(sub)
    obj.handle = handle
    obj.fields = {}
    return obj


def copy_value(value):
    """A struct value with the fields assigned to `value` built in (one handle)."""
    return struct_value(type(value).__mro__[2], value.materialize())


def is_struct_value(value) -> bool:
    return isinstance(value, _StructValue)


def host_values(obj, spec_dtype: str):
    """The doubles a launch passes for a struct argument, in `layout` order."""
    values = []
    fields = getattr(obj, "fields", {})
    for item in spec_dtype.split(","):
        py = item.split("=", 1)[1].split(":", 1)[0]
        v = fields.get(py)
        if v is None:
            v = type(obj)._default(py) if hasattr(type(obj), "_default") else 0
        values.append(float(v))
    return values
