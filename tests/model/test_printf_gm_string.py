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
    with pytest.raises(ModelFault, match="printf.*outside every argument|printf.*beyond"):
        print_past_the_end[1](name)
