"""Loop ranges: `range`/`asc.range` is a runtime loop (scf.for, a C++ for loop);
`asc.static_range` is unrolled at compile time and needs constant bounds.

The front end recognises these in `for` statements; they do nothing by
themselves (outside a `for` they are ordinary iterables of Python ints).
"""

import builtins


class range:  # noqa: A001 - mirrors pyasc's asc.range
    """A runtime loop: `for i in asc.range(start, stop, step)` emits a C++ for loop."""

    def __init__(self, *args):
        self.args = args

    def __iter__(self):
        return iter(builtins.range(*self.args))


class static_range:
    """A compile-time loop: `for i in asc.static_range(n)` repeats the body n times."""

    def __init__(self, *args):
        self.args = args

    def __iter__(self):
        return iter(builtins.range(*self.args))
