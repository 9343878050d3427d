"""pyasc's `asc.runtime.jit` names: the JIT function class and the mock arguments.

`MockTensor(dtype)` and `MockValue(dtype)` stand for a kernel argument whose
data never exists: a global-memory array of `dtype` and a scalar of `dtype`.
A kernel launched with them is traced, specialized and compiled to Ascend C
as it would be for real arguments of that type, which is what pyasc's unit
tests do with `Launcher.run` patched out (or with DRY_RUN=1). Running such a
kernel for real is refused with a TypeError naming the argument: there is
no data to run it on.

`JITFunction` and `jit` are asc.jit's; `JITFunction._run_launcher` is the
step a launch takes when `Launcher.run` is replaced, so patching either one
stops the run.
"""

# The names live in asc.jit (the launch layer, which may use the language's
# dtypes). This runtime module imports nothing above it: the package (asc/__init__.py,
# the top layer) puts them here once asc.jit is imported; a user importing
# asc.runtime.jit imports the package first, so they are always here.
__all__ = ["JITFunction", "jit", "MockTensor", "MockValue"]
