"""printf("%s", gm_address) (pyasc's form): the C string stored at a GM argument, read through the Model's checks."""

import numpy as np
import pytest

import asc
from asc.runtime.model import ModelFault


@asc.jit
def print_name(name: asc.GlobalAddress, n: int):
    asc.printf("name=%s n=%d\n", name, n)


def test_prints_the_string_at_the_gm_address(capfd):
    name = np.frombuffer(b"vadd\0junk", dtype=np.uint8).copy()
    print_name[1](name, 3)
    out = capfd.readouterr().out
    assert "name=vadd n=3" in out, out
    assert "junk" not in out


def test_a_string_filling_its_argument_ends_in_the_padding(capfd):
    name = np.full(64, ord("a"), dtype=np.uint8)  # no NUL in the argument: the padding (zeros here) ends it
    print_name[1](name, 1)
    assert "name=" + "a" * 64 + " n=1" in capfd.readouterr().out


def test_the_form_is_emitted_with_the_gm_pointer():
    src = print_name.warmup(np.zeros(8, np.uint8), 1).source
    assert 'AscendC::printf("name=%s n=%d\\n", (__gm__ uint8_t*)name, n);' in src, src


@asc.jit
def print_past_the_end(name: asc.GlobalAddress):
    asc.printf("%s\n", name + 200)


def test_an_address_past_the_padding_faults():
    name = np.frombuffer(b"vadd\0", dtype=np.uint8).copy()
    with pytest.raises(ModelFault, match="printf.*outside every argument|printf.*beyond") as err:
        print_past_the_end[1](name)
    # the fault names the Python line of the call: printf has the vendor's declaration
    # (no trailing location parameters), its line comes from its return address
    import inspect
    lines, first = inspect.getsourcelines(print_past_the_end.fn)
    line = first + next(i for i, text in enumerate(lines) if "asc.printf" in text)
    assert f"test_printf_gm_string.py:{line}:" in str(err.value), str(err.value)


# The vendor's declaration: `template <class... Args> void printf(__gm__ const char* fmt,
# Args&&... args)`: arguments by forwarding reference (lvalues, rvalues), and a fault names the
# caller's line.
PRINTF_FORMS = r"""#include "kernel_operator.h"
struct NoCopy {
  int v;
  NoCopy(int x) : v(x) {}
  NoCopy(const NoCopy&) = delete;
  operator int() const { return v; }
};
extern "C" __global__ __aicore__ void printf_forms(GM_ADDR x, int32_t bad) {
  const NoCopy k(7);
  int32_t n = 3;
  AscendC::printf("k=%d n=%d f=%.1f\n", static_cast<int>(k), n, 1.5f);
  if (bad) {
    AscendC::printf("%s\n", x + 4096);  // the faulting line
  }
}
"""


def test_printf_forms_of_the_vendors_declaration(run, capfd):
    from conftest import gm, scalar
    run("printf_forms", PRINTF_FORMS, [gm("x", "uint8"), scalar("bad")], 1, [np.zeros(8, np.uint8), 0])
    assert "k=7 n=3 f=1.5" in capfd.readouterr().out
    with pytest.raises(ModelFault) as err:
        run("printf_forms", PRINTF_FORMS, [gm("x", "uint8"), scalar("bad")], 1, [np.zeros(8, np.uint8), 1])
    line = next(i for i, text in enumerate(PRINTF_FORMS.splitlines(), 1) if "the faulting line" in text)
    assert f":{line}:" in str(err.value) and "printf" in str(err.value), str(err.value)
