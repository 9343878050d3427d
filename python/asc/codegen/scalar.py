"""Moved to asc.language.core.semantic (scalar semantics belong to the language); kept for old imports."""

from ..language.core.semantic import (  # noqa: F401
    as_element, as_value, binary, cast, constant, dtype_of_constant, from_result, ir_type, is_scalar,
    logical, logical_not, to_bool)
