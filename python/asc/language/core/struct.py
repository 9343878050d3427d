"""User-defined kernel structs (pyasc's `asc.language.core.struct`).

    class TileConfig(Struct):
        tile_length = Field(dtype=KT.int32, default=0)
        tile_num = Field(dtype=KT.int32, default=0)

    class KernelConfig(Struct):
        tile = StructField(TileConfig)

    cfg = KernelConfig(tile=TileConfig(tile_length=512)); cfg.tile.tile_num = 2   # host
    kernel[n](x, y, cfg)
    ...
    for i in range(cfg.tile.tile_num): ...                                         # kernel

A struct argument travels as its leaf fields: the kernel gets one scalar
parameter per leaf (`cfg_tile_tile_num`, of the field's dtype), in field
order, and the kernel's `cfg` is a view whose attributes are those
parameters (nested structs are nested views). The specialization key is the
struct's class, so every instance of a class shares one compiled kernel and
a launch passes the values. In the kernel the view is read-only: a field
assignment is a located error (the values are the host's).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple, Type

from . import dtype as dt

_missing = object()

# Set once a Struct is made: the launch path checks for struct arguments only then.
seen = False

# Classes seen as kernel arguments, by their key (the cache key names the key).
_CLASSES: Dict[str, type] = {}


class BaseField:
    """A field of a Struct: a scalar (Field) or a nested struct (StructField)."""

    def __init__(self, default: Any = _missing, name: Optional[str] = None) -> None:
        self.default = default
        self.name = name  # pyasc's C++ member name override (kept for its API; the leaves are flattened)


class Field(BaseField):
    """A scalar field of `dtype`."""

    def __init__(self, dtype: dt.DataType, default: Any = _missing, name: Optional[str] = None,
                 enum: Optional[str] = None) -> None:
        super().__init__(default, name)
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"Field(dtype=...) takes an asc dtype (e.g. KT.int32), got {dtype!r}")
        self.dtype = dtype
        self.enum_name = enum


class StructField(BaseField):
    """A nested struct field (by default a struct of its class with its defaults)."""

    def __init__(self, struct_cls: Type["Struct"], default: Any = None, name: Optional[str] = None) -> None:
        if not (isinstance(struct_cls, type) and issubclass(struct_cls, Struct)):
            raise TypeError(f"StructField takes a Struct subclass, got {struct_cls!r}")
        super().__init__(default, name)
        self.struct_cls = struct_cls


class Struct:
    """Base of user-defined kernel structs; subclasses declare Field / StructField attributes."""

    struct_fields: Dict[str, BaseField] = {}

    def __init_subclass__(cls, pack: int = 8, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        fields = {n: v for n, v in vars(cls).items() if isinstance(v, BaseField)}
        if not fields:
            raise RuntimeError(f"Struct '{cls.__name__}' must have at least one field")
        cls.struct_fields = fields  # instances keep their values in __dict__

    def __init__(self, **values) -> None:
        global seen
        seen = True
        for name, value in values.items():
            if name not in self.struct_fields:
                raise RuntimeError(f"{type(self).__name__} does not have a field '{name}'")
        for name, f in self.struct_fields.items():
            if name in values:
                value = values[name]
            elif isinstance(f, StructField):
                value = f.struct_cls() if f.default is None else f.default
            elif f.default is _missing:
                raise RuntimeError(f"{type(self).__name__} does not have a default value for '{name}'")
            else:
                value = f.default
            self._set(name, value)

    def _set(self, name: str, value) -> None:
        f = self.struct_fields[name]
        if isinstance(f, StructField):
            if not isinstance(value, f.struct_cls):
                raise TypeError(f"{type(self).__name__}.{name} is a {f.struct_cls.__name__}, got {value!r}")
        elif f.dtype.is_float():
            value = float(value)
        else:
            value = int(value)
        self.__dict__[name] = value

    def __setattr__(self, name: str, value) -> None:
        if name in self.struct_fields:
            self._set(name, value)
        else:
            raise AttributeError(f"{type(self).__name__} does not have a field '{name}'")

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={self.__dict__.get(n)!r}" for n in self.struct_fields)
        return f"{type(self).__name__}({inner})"


def leaves(cls: Type[Struct], prefix: Tuple[str, ...] = ()) -> Iterator[Tuple[Tuple[str, ...], dt.DataType]]:
    """(field path, dtype) of every scalar leaf of `cls`, in declaration order."""
    for name, f in cls.struct_fields.items():
        if isinstance(f, StructField):
            yield from leaves(f.struct_cls, prefix + (name,))
        else:
            yield prefix + (name,), f.dtype


def leaf_values(obj: Struct) -> List[Any]:
    """The host values of `obj`'s leaves, in `leaves` order."""
    out = []
    for name, f in obj.struct_fields.items():
        v = obj.__dict__[name]
        out.extend(leaf_values(v) if isinstance(f, StructField) else [v])
    return out


def arg_key(obj: Struct) -> Tuple[str, str]:
    """The specialization key of a struct argument: ("ustruct", class key)."""
    cls = type(obj)
    key = f"{cls.__module__}.{cls.__qualname__}@{id(cls):x}"
    _CLASSES.setdefault(key, cls)
    return ("ustruct", key)


def class_of(key: str) -> type:
    return _CLASSES[key]


class StructView:
    """The kernel side of a struct parameter: attributes are its leaf parameters."""

    __slots__ = ("_cls", "_values")

    def __init__(self, cls: Type[Struct], values: Dict[str, Any]):
        object.__setattr__(self, "_cls", cls)
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        cls = object.__getattribute__(self, "_cls")
        raise AttributeError(f"{cls.__name__} has no field {name!r} (fields: {', '.join(cls.struct_fields)})")

    def __setattr__(self, name: str, value) -> None:
        cls = object.__getattribute__(self, "_cls")
        raise AttributeError(f"{cls.__name__}.{name}: a struct argument is read-only in the kernel "
                             "(its values are the host's)")


def view(cls: Type[Struct], leaf_handles: Dict[Tuple[str, ...], Any], prefix: Tuple[str, ...] = ()) -> StructView:
    """The StructView of `cls` over the leaf values `leaf_handles` (path -> value)."""
    values = {}
    for name, f in cls.struct_fields.items():
        path = prefix + (name,)
        values[name] = view(f.struct_cls, leaf_handles, path) if isinstance(f, StructField) else leaf_handles[path]
    return StructView(cls, values)
