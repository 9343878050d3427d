"""Which --cce-aicore-arch bisheng compiles for, by platform and kernel type.

Source of the table: the AI Core architecture names CANN's own Ascend C build
(the ascendc CMake modules' soc-version -> arch mapping and the bisheng manual)
uses: Atlas A2/A3 training parts (Ascend910B*, Ascend910_93*) are v220 with
separate vector ("-vec") and cube ("-cube") cores, and a mixed kernel is built for
the plain "dav-c220"; the first-generation Ascend910 (A/Pro/Premium) is "dav-c100",
one core type for everything. Not verified against a CANN install on this machine.
"""

from __future__ import annotations

from typing import Dict

# soc-version prefix -> {"vec" | "cube" | "mix": arch}
AICORE_ARCH: Dict[str, Dict[str, str]] = {
    "Ascend910B": {"vec": "dav-c220-vec", "cube": "dav-c220-cube", "mix": "dav-c220"},
    "Ascend910_93": {"vec": "dav-c220-vec", "cube": "dav-c220-cube", "mix": "dav-c220"},
    "Ascend910A": {"vec": "dav-c100", "cube": "dav-c100", "mix": "dav-c100"},
    "Ascend910ProA": {"vec": "dav-c100", "cube": "dav-c100", "mix": "dav-c100"},
    "Ascend910ProB": {"vec": "dav-c100", "cube": "dav-c100", "mix": "dav-c100"},
    "Ascend910PremiumA": {"vec": "dav-c100", "cube": "dav-c100", "mix": "dav-c100"},
}


def core_kind(kernel_type: str) -> str:
    """"vec", "cube" or "mix" for a KernelType name."""
    if kernel_type == "AIV_ONLY":
        return "vec"
    if kernel_type == "AIC_ONLY":
        return "cube"
    if kernel_type.startswith("MIX_"):
        return "mix"
    raise ValueError(f"unknown kernel type {kernel_type!r}")


def aicore_arch(platform: str, kernel_type: str = "AIV_ONLY") -> str:
    kind = core_kind(kernel_type)
    for prefix in sorted(AICORE_ARCH, key=len, reverse=True):
        if platform.startswith(prefix):
            return AICORE_ARCH[prefix][kind]
    raise ValueError(f"no AI Core architecture known for platform {platform!r} "
                     f"(known prefixes: {', '.join(AICORE_ARCH)})")
