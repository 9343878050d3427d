"""pytest plugin used by benchmarks/pyasc_suites.py: torch's "npu" device on the CPU.

pyasc's generalization tests select `Backend.NPU` and then make their inputs
with `torch.randn(..., device="npu")` (torch_npu's device). With
ASC_FORCE_BACKEND=Model the launches run on the Model, which takes CPU
tensors, but a machine without an NPU has no torch_npu, and plain torch
refuses the device name. While the knob forces the Model and torch has no
"npu" device, this plugin makes the torch calls that create or move tensors
treat "npu" as "cpu", so the tests run unchanged. It only rewrites the device
argument: the data, the kernels and the comparisons are the tests' own.
"""

from __future__ import annotations

import functools
import os

FACTORIES = ("randn", "rand", "randint", "zeros", "ones", "full", "empty", "tensor", "arange",
             "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like", "as_tensor")


def _cpu(device):
    if isinstance(device, str) and device.split(":")[0] == "npu":
        return "cpu"
    return device


def _wrap(fn):
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if "device" in kwargs:
            kwargs["device"] = _cpu(kwargs["device"])
        return fn(*args, **kwargs)
    return call


def _install(torch) -> None:
    for name in FACTORIES:
        if hasattr(torch, name):
            setattr(torch, name, _wrap(getattr(torch, name)))
    to = torch.Tensor.to

    def tensor_to(self, *args, **kwargs):
        args = tuple(_cpu(a) for a in args)
        if "device" in kwargs:
            kwargs["device"] = _cpu(kwargs["device"])
        return to(self, *args, **kwargs)

    torch.Tensor.to = tensor_to
    torch.Tensor.npu = lambda self, *a, **k: self


def _has_npu_device(torch) -> bool:
    try:
        torch.empty(0, device="npu")
        return True
    except (RuntimeError, AssertionError):
        return False


def pytest_configure(config):
    if (os.environ.get("ASC_FORCE_BACKEND") or "").lower() != "model":
        return
    try:
        import torch
    except ImportError:
        return  # the tests skip themselves without torch
    if not _has_npu_device(torch):
        _install(torch)
