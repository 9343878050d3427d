"""One launch path, tools attached through hooks (asc.runtime.hooks; issue 21 §1).

Every launch (asc.jit's, pyasc's Launcher.run, the ranks of asc.distributed)
goes through hooks.run with one LaunchContext; the tools (profile, debug,
verify_sync, the output watch, asc-bench, asc-profile's script loader) register
there. No module of the package replaces a method of the runtime or of the
launch path at run time: a test reads the sources for it.
"""

import ast
import importlib.util
import os

import numpy as np
import pytest

import asc
import asc.distributed as dist
from asc.runtime import hooks
from asc.runtime.launcher import Launcher, LaunchOptions
from asc.testing import scale


@asc.jit
def racy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)  # MTE2 -> V not ordered: racecheck finds it
    asc.muls(t, t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


def _args(n=64):
    x = np.arange(n, dtype=np.float32)
    return x, np.zeros_like(x), n, 2.0


@pytest.fixture
def registered():
    """hooks.add that is undone after the test."""
    made = []

    def add(*a, **k):
        h = hooks.add(*a, **k)
        made.append(h)
        return h

    yield add
    for h in made:
        h.remove()


def test_no_hook_is_registered_when_no_tool_is_on():
    # asc-debug's hook waits on $ASC_DEBUG (gated), verify_sync's on the kernel option: a plain
    # launch tests one empty tuple on asc.jit's path
    assert hooks.active == ()
    assert all(h.when is not None for h in hooks.gated)
    assert all(h.option is not None for h in hooks.by_option)


def test_a_jit_launch_hands_its_whole_context_to_the_hooks(registered):
    seen = []

    def enter(ctx):
        seen.append(("enter", ctx.name, ctx.jit, ctx.key, list(ctx.args), ctx.core_num, ctx.backend.name,
                     ctx.platform.name, ctx.kernel.function_name, ctx.location, ctx.options.verify_sync))

    def exit(ctx, exc):
        seen.append(("exit", exc, ctx.args[1].copy()))

    registered(enter, exit)
    x, y, n, f = _args()
    scale[2](x, y, n // 2, f)
    (_, name, jit, key, args, core_num, backend, platform, fname, loc, verify), (_, exc, y_after) = seen
    assert (name, jit, core_num, backend, fname, verify) == ("scale", scale, 2, "model", "scale", False)
    assert platform == asc.runtime.config.platform.value and key is not None
    assert args[0] is x and args[1] is y and args[2] == n // 2 and args[3] == f
    assert loc == (scale.fn.__code__.co_filename, scale.fn.__code__.co_firstlineno)
    assert exc is None and np.array_equal(y_after, 2 * x)  # exit runs after the kernel wrote y


def test_hooks_enter_in_order_and_exit_in_reverse(registered):
    calls = []
    for order, tag in ((5, "b"), (-5, "a"), (5, "c")):
        registered(lambda ctx, t=tag: calls.append("enter " + t),
                   lambda ctx, exc, t=tag: calls.append("exit " + t), order)
    scale[1](*_args())
    assert calls == ["enter a", "enter b", "enter c", "exit c", "exit b", "exit a"]


def test_a_fault_reaches_every_exit_hook_and_then_the_caller(registered):
    got = []
    registered(None, lambda ctx, exc: got.append(type(exc).__name__))
    x, y, n, f = _args()
    with pytest.raises(asc.runtime.model.ModelFault):
        scale[1](x, y[:8], n, f)  # y too short: the Model faults
    assert got == ["ModelFault"]


def test_an_enter_hook_that_raises_stops_the_launch_and_unwinds_the_others(registered):
    calls = []
    registered(lambda ctx: calls.append("enter a"), lambda ctx, exc: calls.append(f"exit a {type(exc).__name__}"), -1)

    def refuse(ctx):
        raise RuntimeError("not now")

    registered(refuse, lambda ctx, exc: calls.append("exit b"), 1)
    x, y, n, f = _args()
    with pytest.raises(RuntimeError, match="not now"):
        scale[1](x, y, n, f)
    assert calls == ["enter a", "exit a RuntimeError"]  # b never entered: it does not exit
    assert not y.any()  # the kernel did not run


def test_a_failing_exit_hook_does_not_keep_the_others_from_exiting(registered):
    calls = []
    registered(None, lambda ctx, exc: calls.append("outer"), -1)

    def broken(ctx, exc):
        raise ValueError("hook bug")

    registered(None, broken, 1)
    with pytest.raises(ValueError, match="hook bug"):
        scale[1](*_args())
    assert calls == ["outer"]


def test_an_enter_hook_may_substitute_the_launcher(registered):
    ran = []

    def substitute(ctx):
        inner = ctx.launcher

        def counted(block_dim, stream, args, c=None):
            ran.append(block_dim)
            inner(block_dim, stream, args, c)
        ctx.launcher = counted

    registered(substitute)
    x, y, n, f = _args(96)
    scale[3](x, y, n // 3, f)
    assert ran == [3] and np.array_equal(y, 2 * x)


def test_a_gated_hook_follows_its_condition_at_each_launch(registered):
    state = {"on": False}
    seen = []
    registered(lambda ctx: seen.append(ctx.name), when=lambda: state["on"])
    assert hooks.active == ()  # (asc.jit's path stays hook-free; the Model's launcher asks the gate)
    scale[1](*_args())
    state["on"] = True
    scale[1](*_args())
    assert seen == ["scale"]


def test_a_hook_gated_by_a_setting_follows_the_environment(registered, monkeypatch):
    from asc import settings
    seen = []
    registered(lambda ctx: seen.append(ctx.name), when=settings.print_autotuning)
    for name in settings.print_autotuning.names:
        monkeypatch.delenv(name, raising=False)
    scale[1](*_args())
    monkeypatch.setenv(settings.print_autotuning.name, "1")
    scale[1](*_args())
    assert seen == ["scale"]


def test_asc_debugs_gate_is_its_setting_not_a_call_into_the_tool():
    from asc import settings
    from asc.debug import engine
    (gate,) = [h for h in hooks.gated if h.enter is engine.launch_enter]
    assert gate.when is settings.debug


def test_an_option_hook_sees_only_the_kernels_compiled_with_the_option(registered):
    seen = []
    registered(lambda ctx: seen.append(ctx.name), option="always_compile")
    x, y, n, f = _args()
    scale[1](x, y, n, f)
    asc.jit(always_compile=True)(scale.fn)[1](x, y, n, f)
    assert seen == ["scale"] and len(seen) == 1


def test_pyascs_launcher_run_goes_through_the_same_hooks(registered):
    seen = []
    registered(lambda ctx: seen.append((ctx.name, ctx.core_num, ctx.jit)))
    x, y, n, f = _args()
    kernel = scale.warmup(x, y, n, f)
    Launcher(LaunchOptions(core_num=1)).run(kernel, "scale", [x, y, n, f])
    assert seen == [("scale", 1, None)] and np.array_equal(y, 2 * x)


@asc.jit
def gather_ranks(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_gather(x, y, n)
    hccl.commit(h)
    hccl.wait(h)


def test_every_rank_of_a_distributed_launch_is_a_launch_the_hooks_see(registered):
    seen = []
    registered(lambda ctx: seen.append((ctx.name, ctx.rank, ctx.world is not None)))
    xs = [np.full(16, r, np.float32) for r in range(3)]
    ys = [np.zeros(48, np.float32) for _ in range(3)]
    dist.launch(gather_ranks, 3, 1, [(xs[r], ys[r], 16) for r in range(3)])
    assert sorted(seen) == [("gather_ranks", r, True) for r in range(3)]
    assert all(np.array_equal(y, np.repeat(np.arange(3, dtype=np.float32), 16)) for y in ys)


def test_profile_and_debug_checks_together_on_one_launch():
    x, y, n, f = _args()
    with asc.profile() as prof, asc.debug.checks("racecheck") as run:
        racy[1](x, y, n)
    assert len(prof.launches) == 1 and prof.launches[0].kernel == "racy"
    assert prof.launches[0].spec["kernel"] == "racy" and prof.launches[0].spec["replayable"]
    assert run.errors >= 1 and "racy" in run.findings[0].kernel
    assert hooks.active == ()  # both unregistered when their blocks closed


def test_hook_registration_arguments_are_checked():
    with pytest.raises(ValueError, match="enter or an exit"):
        hooks.add()


# -- no method of the runtime is replaced at run time -------------------------------------------

def _package_root():
    return importlib.util.find_spec("asc").submodule_search_locations[0]


def _launch_path_classes(root):
    """Names of the classes defined in asc/runtime and asc/jit.py: the launch path."""
    names = set()
    for d, _, files in os.walk(os.path.join(root, "runtime")):
        paths = [os.path.join(d, f) for f in files if f.endswith(".py")]
        for p in paths + ([os.path.join(root, "jit.py")] if d.endswith("runtime") else []):
            for node in ast.walk(ast.parse(open(p, encoding="utf-8").read())):
                if isinstance(node, ast.ClassDef):
                    names.add(node.name)
    return names


def test_no_module_replaces_a_method_of_the_launch_path():
    root = _package_root()
    classes = _launch_path_classes(root)
    assert {"ModelBackend", "Launcher", "_Launch", "JITFunction", "NPUBackend"} <= classes
    found = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
                targets = []
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                elif (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr" and node.args
                      and isinstance(node.args[0], ast.Name)):
                    targets = [ast.Attribute(value=node.args[0], attr="?")]
                for t in targets:
                    base = t.value if isinstance(t, ast.Attribute) else None
                    while isinstance(base, ast.Attribute):  # module.Class.method
                        base = ast.Name(id=base.attr) if base.attr in classes else base.value
                    if isinstance(base, ast.Name) and base.id in classes:
                        found.append(f"{os.path.relpath(path, root)}:{node.lineno}: {ast.unparse(t)}")
    assert found == [], "methods of the launch path replaced at run time (use asc.runtime.hooks):\n" + "\n".join(found)
