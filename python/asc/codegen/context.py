"""Moved to asc.language.core.context (the language owns its trace state); kept for old imports."""

from ..language.core.context import (  # noqa: F401
    NotInKernelError, _active, builder, current, in_kernel, not_in_kernel, pop, push)
