"""Link options of the wheel's self-contained binaries (//python:wheel)."""

# With @llvm//:mlir_static: drop the sections nothing references (LLVM's
# archives are built with -ffunction-sections/-fdata-sections), and strip.
STATIC_LINKOPTS = [
    "-Wl,--gc-sections",
    "-Wl,--strip-all",
]
