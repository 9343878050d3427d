"""Values of the Model's launch interface that both launch paths use: the
Python launch (asc.runtime.model) and the launches of Ascend C programs
(asc-cc, python/asc/cprog). No imports: asc-cc loads it without the package."""

# Kernel types whose blocks are cube cores (LaunchConfig.core_type 1); all others run on vector cores (0).
CORE_TYPES = {"AIC_ONLY": 1, "MIX_AIC_1_0": 1}

# Vector cores per block of a mixed kernel: its body runs on the AIV cores of each
# AIC-AIV group (block_dim counts groups), GetBlockIdx numbering those AIV cores.
AIV_PER_BLOCK = {"MIX_AIC_1_2": 2, "MIX_AIV_1_0": 1, "MIX_AIC_1_1": 1, "MIX_AIV_HARD_SYNC": 2,
                 "MIX_AIC_HARD_SYNC": 2}

# The watchdog of cross-core waits (LaunchConfig.timeout_s): ModelBackend's default.
WATCHDOG_S = 10.0


def runs_aic_cores(kernel_type: str, core_type: int, source: str) -> bool:
    """Whether a launch of this kernel runs each block's AIC core beside its AIV cores
    (LaunchConfig.aic_cores): a kernel with both core types whose source tests the core
    type (the emitter's `g_coreType`, Ascend C's ASCEND_IS_AIC / ASCEND_IS_AIV)."""
    return (core_type == 0 and kernel_type in _WITH_AIC
            and any(t in source for t in ("g_coreType", "ASCEND_IS_AIC", "ASCEND_IS_AIV")))


# Kernel types with AIC and AIV cores in a block.
_WITH_AIC = ("MIX_AIC_1_1", "MIX_AIC_1_2", "MIX_AIV_HARD_SYNC", "MIX_AIC_HARD_SYNC")


def cores(kernel_type: str):
    """(core_type, simulated cores per block) of a kernel type."""
    return CORE_TYPES.get(kernel_type, 0), AIV_PER_BLOCK.get(kernel_type, 1)


# LaunchConfig.debug_flags bits, by the check's name in $ASC_DEBUG (asc.settings.debug;
# kDebug* in cpp/model/include/asc_model/abi.h).
DEBUG_FLAG_BITS = {"initcheck": 1 << 0, "racecheck": 1 << 1, "synccheck": 1 << 2, "memcheck": 1 << 3}
