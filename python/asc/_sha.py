"""The SHA-256 asc hashes keys and small files with: CPython's own module, not
hashlib's (loading OpenSSL's _hashlib costs ~3 ms of `import asc`). Python 3.12+
names the module _sha2; a Python built without either falls back to hashlib."""

try:
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12+, or a Python built without it
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
