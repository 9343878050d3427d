"""Runs one of asc's command-line modules without importing the `asc` package.

    python -I -S .../asc/cprog/light.py asc.cprog.cc [args...]

`import asc` loads the native MLIR module and the language; asc-cc needs none
of it, and make runs asc-cc once per source file, so the CMake package calls
asc-cc through this file: the packages on the way to the module are entered
as bare namespaces (their __init__ not run), and the module imports only the
plain modules it names (settings, cache, the Model's build, platforms).
"""

import os
import sys
import types


def _enter(name: str, path: str) -> None:
    mod = types.ModuleType(name)
    mod.__path__ = [path]
    mod.__file__ = os.path.join(path, "__init__.py")
    sys.modules[name] = mod


def main() -> None:
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # .../asc
    target = sys.argv[1]
    parts = target.split(".")
    for k in range(1, len(parts)):
        _enter(".".join(parts[:k]), os.path.join(pkg, *parts[1:k]))
    _enter("asc.runtime", os.path.join(pkg, "runtime"))
    _enter("asc.runtime.model", os.path.join(pkg, "runtime", "model"))
    sys.path.insert(0, os.path.dirname(pkg))
    sys.argv = [target] + sys.argv[2:]
    module = __import__(target, fromlist=["main"])
    module.main()


if __name__ == "__main__":
    main()
