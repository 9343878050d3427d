"""The version of asc: the one place it is written (python/pyproject.toml reads
it from here, and so does the wheel builder, python/build_wheel.py)."""

__version__ = "0.1.0"
