"""A module imported at its first use, for names `import asc` binds but seldom needs.

    np = lazy_module("numpy", globals(), "np")

binds `np` to a stand-in; the first attribute read through it imports numpy and
rebinds `np` in that namespace to numpy itself, so every later use (the launch
path's `type(x) is np.ndarray`) costs what a plain global does. numpy is ~50 ms of
`import asc` when the script has not imported it: a script that launches kernels
has, and one that only compiles (or a tool reading a profile) never pays for it.

Only attribute reads are forwarded: code that needs the module object itself
(`isinstance(m, types.ModuleType)`, pickling) imports it directly.
"""

from __future__ import annotations

import importlib
from typing import Any, Dict


class _LazyModule:
    __slots__ = ("_name", "_namespace", "_alias")

    def __init__(self, name: str, namespace: Dict[str, Any], alias: str):
        self._name = name
        self._namespace = namespace
        self._alias = alias

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self._name)
        if self._namespace.get(self._alias) is self:
            self._namespace[self._alias] = module
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<module {self._name!r} (imported at first use)>"


def lazy_module(name: str, namespace: Dict[str, Any], alias: str) -> Any:
    """A stand-in for module `name` bound as `alias` in `namespace` (a module's globals())."""
    return _LazyModule(name, namespace, alias)
