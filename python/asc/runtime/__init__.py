"""Running compiled kernels: backend selection (config) and the backends."""

from . import config  # noqa: F401
from .backend import BackendUnavailable, CompiledKernel, KernelBackend, ParamSpec  # noqa: F401
