"""The asc kernel language: every name pyasc's `asc` package exports for kernels."""
