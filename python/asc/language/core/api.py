"""How kernel API functions are declared: overload forms, argument matching, docs.

Each public API function is declared once with the overload forms pyasc
accepts, written as Python parameter lists:

    @api("Add", "vec_binary",
         "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: int, is_set_mask: bool = True",
         "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, mask: int, repeat_times: int, "
         "repeat_params: BinaryRepeatParams, is_set_mask: bool = True")
    def add(form: int, a: Args): ...

A call is matched against the forms in order (positional and keyword
arguments, with defaults); the body receives the index of the form that
matched and the bound arguments. A call that matches no form raises a
TypeError listing the forms. The docstring is assembled from `docs.py` (one
summary per API, one description per parameter name), so no text is repeated.
"""

from __future__ import annotations

import ast
import functools
import numbers
from typing import Any, Callable, Dict, List, Optional, Tuple

from ..._lazy import lazy_module

from . import context
from . import dtype as dt
from .ir_value import GlobalAddress, PlainValue

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)

# name -> predicate on a value; filled by the modules that define the classes
_TYPE_CHECKS: Dict[str, Callable[[Any], bool]] = {}
# names usable in default values (enums, KnownTypes, ...)
_DEFAULT_NAMESPACE: Dict[str, Any] = {}
# name -> class, for the classes the language names in signatures
_CLASSES: Dict[str, type] = {}


def register_type(name: str, check: Callable[[Any], bool]) -> None:
    _TYPE_CHECKS[name] = check


def register_class(cls: type, name: Optional[str] = None) -> type:
    register_type(name or cls.__name__, lambda v, cls=cls: isinstance(v, cls))
    _DEFAULT_NAMESPACE[name or cls.__name__] = cls
    _CLASSES[name or cls.__name__] = cls
    return cls


def registered_class(name: str) -> type:
    """The class registered under `name`: a module names a class of a module above
    it by name, as API forms do ("shape_info: ShapeInfo"), instead of importing it
    (tensor.py's ShapeInfo methods: types.py, which defines ShapeInfo, imports tensor.py)."""
    return _CLASSES[name]


def _is_int(v) -> bool:
    if isinstance(v, PlainValue):
        return v.dtype.is_int()
    return isinstance(v, (numbers.Integral, np.integer))


def _is_number(v) -> bool:
    if isinstance(v, PlainValue):
        return True
    return isinstance(v, (numbers.Real, np.generic))


def _is_int_list(v) -> bool:
    return isinstance(v, (list, tuple)) and all(_is_int(x) for x in v)


register_type("int", _is_int)
register_type("RuntimeInt", _is_int)
register_type("float", _is_number)
register_type("Numeric", _is_number)
register_type("RuntimeNumeric", _is_number)
register_type("Union[int, float]", _is_number)
register_type("Union[float, int]", _is_number)
register_type("bool", lambda v: isinstance(v, (bool, np.bool_, numbers.Integral)) or isinstance(v, PlainValue))
register_type("RuntimeBool", lambda v: isinstance(v, (bool, np.bool_, numbers.Integral, PlainValue)))
register_type("str", lambda v: isinstance(v, str))
register_type("List[int]", _is_int_list)
register_type("list", lambda v: isinstance(v, (list, tuple)))
register_type("List[float]", lambda v: isinstance(v, (list, tuple)) and all(_is_number(x) for x in v))
register_type("List[bool]", lambda v: isinstance(v, (list, tuple)))
register_type("DataType", lambda v: isinstance(v, dt.DataType))
register_type("Type[T]", lambda v: isinstance(v, dt.DataType))
register_type("GlobalAddress", lambda v: isinstance(v, GlobalAddress))
register_type("Any", lambda v: True)


def _register_enums() -> None:
    from . import enums
    for name in enums.__all__:
        cls = getattr(enums, name)
        # Enum parameters take the member; a plain int is accepted too, as pyasc does.
        register_type(name, lambda v, cls=cls: isinstance(v, cls) or (
            isinstance(v, numbers.Integral) and not isinstance(v, bool)))
        _DEFAULT_NAMESPACE[name] = cls


_register_enums()
_DEFAULT_NAMESPACE["KT"] = dt.KnownTypes


_UNSET = object()


class Param:
    __slots__ = ("name", "annotation", "default_src", "has_default", "check", "variadic", "_default")

    def __init__(self, name, annotation, default_src, has_default, variadic=False):
        self.name = name
        self.annotation = annotation
        self.default_src = default_src
        self.has_default = has_default
        self.variadic = variadic
        self.check = None
        self._default = _UNSET

    def accepts(self, value) -> bool:
        if self.check is None:
            self.check = _checker(self.annotation)
        return self.check(value)

    def default(self):
        # Defaults are our own literals (numbers, enum members, tuples): evaluated once.
        if self._default is _UNSET:
            self._default = eval(self.default_src, dict(_DEFAULT_NAMESPACE))  # noqa: S307
        return self._default

    def __str__(self):
        text = f"{self.name}: {self.annotation}" if self.annotation else self.name
        if self.variadic:
            text = "*" + text
        return f"{text} = {self.default_src}" if self.has_default else text


def _checker(annotation: str) -> Callable[[Any], bool]:
    if not annotation:
        return lambda v: True
    if annotation in _TYPE_CHECKS:
        return _TYPE_CHECKS[annotation]
    if annotation.startswith("Optional[") and annotation.endswith("]"):
        inner = _checker(annotation[len("Optional["):-1])
        return lambda v: v is None or inner(v)
    if annotation.startswith("Union[") and annotation.endswith("]"):
        parts = [_checker(p.strip()) for p in _split_top(annotation[len("Union["):-1])]
        return lambda v: any(p(v) for p in parts)
    if annotation.startswith("ConstExpr[") and annotation.endswith("]"):
        inner = _checker(annotation[len("ConstExpr["):-1])
        return lambda v: not isinstance(v, PlainValue) and inner(v)
    raise KeyError(f"unknown parameter type {annotation!r} in an API declaration")


def _split_top(text: str) -> List[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "["
        depth -= ch == "]"
        cur += ch
    parts.append(cur)
    return parts


class Form:
    """One overload: an ordered parameter list, parsed at first use (`params`,
    `vararg`): `import asc` declares ~360 forms and parsing them all cost ~20 ms."""

    __slots__ = ("text", "_params", "_vararg")

    def __init__(self, text: str):
        self.text = text
        self._params: Optional[List[Param]] = None
        self._vararg: Optional[Param] = None

    def _parse(self) -> None:
        try:
            fn = ast.parse(f"def f({self.text}): pass").body[0]
        except SyntaxError as exc:
            raise SyntaxError(f"API form {self.text!r}: {exc.msg}") from None
        a = fn.args
        params: List[Param] = []
        defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
        for arg, default in zip(a.args, defaults):
            ann = ast.unparse(arg.annotation) if arg.annotation else ""
            params.append(Param(arg.arg, ann, ast.unparse(default) if default else None,
                                default is not None))
        self._vararg = Param(a.vararg.arg, "", None, False, True) if a.vararg else None
        self._params = params

    @property
    def params(self) -> List[Param]:
        if self._params is None:
            self._parse()
        return self._params

    @property
    def vararg(self) -> Optional[Param]:
        if self._params is None:
            self._parse()
        return self._vararg

    def bind(self, args: Tuple, kwargs: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        if self._params is None:
            self._parse()
        params, vararg = self._params, self._vararg
        if len(args) > len(params) and vararg is None:
            return None
        bound: Dict[str, Any] = {}
        for p, v in zip(params, args):
            bound[p.name] = v
        extra = args[len(params):]
        for k, v in kwargs.items():
            if k in bound or not any(p.name == k for p in params):
                return None
            bound[k] = v
        for p in params:
            if p.name not in bound:
                if not p.has_default:
                    return None
                bound[p.name] = p.default()
            elif not p.accepts(bound[p.name]):
                return None
        if vararg is not None:
            bound[vararg.name] = tuple(extra)
        return bound

    def __str__(self):
        params = [str(p) for p in self.params]
        if self.vararg is not None:
            params.append(str(self.vararg))
        return ", ".join(params)


class Args(dict):
    """Bound arguments; attribute access for brevity (`a.dst`)."""

    __getattr__ = dict.__getitem__


# Every declared API, by Python name: used by docs and the coverage tests.
REGISTRY: Dict[str, "ApiFunction"] = {}


class ApiFunction:
    """A kernel API function with its overload forms."""

    def __init__(self, impl, name: str, cpp_name: str, family: str, forms: List[Form]):
        self.impl = impl
        self.__name__ = name
        self.__qualname__ = name
        self.__module__ = impl.__module__
        self.cpp_name = cpp_name
        self.family = family
        self.forms = forms
        self._doc: Optional[str] = None
        self.__wrapped__ = impl

    @property
    def __doc__(self) -> str:  # type: ignore[override]
        """Assembled from docs.py at first read (help(), the docs tests), not at `import asc`."""
        if self._doc is None:
            self._doc = _docs().render(self.__name__, self.cpp_name, self.forms)
        return self._doc

    def __call__(self, *args, **kwargs):
        if not context._active:  # raised here, so no front-end frame is in the traceback
            raise context.not_in_kernel("asc." + self.__name__)
        for index, form in enumerate(self.forms):
            bound = form.bind(args, kwargs)
            if bound is not None:
                return self.impl(index, Args(bound))
        raise TypeError(self.mismatch_message(args, kwargs))

    def mismatch_message(self, args, kwargs) -> str:
        given = [_describe(a) for a in args] + [f"{k}={_describe(v)}" for k, v in kwargs.items()]
        forms = "\n".join(f"    asc.{self.__name__}({f})" for f in self.forms)
        return (f"no form of asc.{self.__name__} takes ({', '.join(given)}); "
                f"the forms are:\n{forms}")

    def __repr__(self):
        return f"<asc API {self.__name__} -> AscendC::{self.cpp_name}>"


def _describe(v) -> str:
    if isinstance(v, PlainValue):
        return f"runtime {v.dtype.name}"
    cls = type(v).__name__
    if isinstance(v, (list, tuple)):
        return f"{cls} of {len(v)}"
    dtype = getattr(v, "dtype", None)
    if isinstance(dtype, dt.DataType):
        return f"{cls}[{dtype.name}]"
    if isinstance(v, (bool, int, float, str)):
        return f"{cls} {v!r}"
    return cls


def _docs():
    from .. import docs
    return docs


def api(cpp_name: str, family: str, *forms: str, name: Optional[str] = None):
    """Declares a kernel API function (see the module docstring)."""

    def wrap(impl):
        fn = ApiFunction(impl, name or impl.__name__, cpp_name, family, [Form(f) for f in forms])
        REGISTRY[fn.__name__] = fn
        return fn

    return wrap


def builtin(fn):
    """Marks a plain helper (e.g. a class method) as callable only inside a kernel."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        context.current()
        return fn(*args, **kwargs)

    return wrapper
