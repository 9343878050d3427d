"""basic/common: core type, masks, HF32 and layout modes, workspaces, HCCL contexts."""

from ..core import context
from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.ir_value import GlobalAddress
from ..core.lowering import boolean, build, i32, i64, struct, tensor
from ..core.tensor import LocalTensor, wrap_scalar
from ..core import types as T
from ._args import const_int, ir_type

docs.SUMMARIES.update({
    "ascend_is_aic": "True on a cube (AIC) core.",
    "ascend_is_aiv": "True on a vector (AIV) core.",
    "data_cache_preload": "Preloads the cache line of `src` at byte offset `cache_offset` into the "
                          "data cache.",
    "get_hccl_context": "The HCCL communication context number `index` (a GM address).",
    "get_sys_workspace": "The system workspace (a GM address) set by set_sys_workspace.",
    "pop_stack_buffer": "A LocalTensor of `dtype` on the stack buffer of `position`.",
    "reset_mask": "Resets the vector mask to all elements.",
    "set_aipp_functions": "Configures the AIPP image preprocessing of `src0` (and `src1`).",
    "set_hccl_context": "Sets the HCCL communication context number `index`.",
    "set_hf32_mode": "Enables or disables HF32 mode of the cube unit for float32 matmuls.",
    "set_hf32_trans_mode": "Chooses the HF32 rounding mode (True: round towards zero).",
    "set_mm_layout_transform": "Chooses the cube unit's output order (True: N direction first).",
    "set_mask_count": "Switches the vector mask to counter mode.",
    "set_mask_norm": "Switches the vector mask to normal (bit) mode.",
    "set_sys_workspace": "Sets the system workspace used by the advanced APIs.",
    "set_vector_mask": "Sets the vector mask: a count of elements (`length`), or the two 64-bit "
                       "halves of a bit mask; typed by `dtype`, in mask mode `mode`.",
    "init_soc_state": "Resets the core's global state (masks, atomics, modes) to the defaults.",
    "set_store_atomic_config": "Sets the atomic operation applied by the stores to GM.",
    "get_store_atomic_config": "The atomic type and operation set by set_store_atomic_config.",
    "check_local_memory_ia": "Enables a local-memory access check over an address range.",
})
for _k, _v in {
    "cache_offset": "byte offset of the cache line to preload",
    "index": "the index (a compile-time int for the HCCL contexts; a tensor of indices for sort)",
    "position": "the TPosition of the buffer",
    "src0": "first source tensor",
    "input_format": "the AIPP input image format",
    "config": "the configuration (for set_aipp_functions an asc.AippParams)",
    "context": "a GM address",
    "hf32_mode": "True to enable HF32",
    "trans_mode": "True: round towards zero; False: round to nearest even",
    "mm_layout_mode": "True: N direction first; False: M direction first",
    "workspace": "the GM workspace address",
    "length": "number of elements the mask covers (counter mode) or leading elements (normal mode)",
    "mask_high": "bits 64..127 of the mask",
    "mask_low": "bits 0..63 of the mask",
    "mode": "the mask mode (MaskMode)",
    "atomic_type": "the element type of the atomic operation (AtomicDtype)",
    "atomic_op": "the atomic operation (AtomicOp)",
    "check_params": "the address range and the kinds of access to check",
}.items():
    docs.PARAMS.setdefault(_k, _v)


@api("AscendIsAIC", "common", "")
def ascend_is_aic(form, a):
    return wrap_scalar(build("AscendIsAICOp"))


@api("AscendIsAIV", "common", "")
def ascend_is_aiv(form, a):
    return wrap_scalar(build("AscendIsAIVOp"))


@api("DataCachePreload", "common", "src: GlobalTensor, cache_offset: int")
def data_cache_preload(form, a):
    # Ascend C's only form: DataCachePreload(const GlobalTensor<uint64_t>&, T cacheOffset).
    if getattr(a.src, "dtype", None) not in (None, dt.uint64):
        raise TypeError(f"asc.data_cache_preload: src must be a GlobalTensor of uint64 (Ascend C's "
                        f"DataCachePreload takes GlobalTensor<uint64_t>), got {a.src.dtype.name}")
    return build("DataCachePreloadOp", tensor(a.src, "src"), i64(a.cache_offset))


def _gm_u8():
    b = context.builder()
    return b.get_gm_ptr_type(dt.uint8.to_ir(b))


@api("GetHcclContext", "common", "index: int")
def get_hccl_context(form, a):
    return GlobalAddress(build("GetHcclContextOp", _gm_u8(), const_int(a.index, "index")), dt.uint8)


@api("GetSysWorkSpacePtr", "common", "")
def get_sys_workspace(form, a):
    return GlobalAddress(build("GetSysWorkspaceOp", _gm_u8()), dt.uint8)


@api("PopStackBuffer", "common", "dtype: DataType, position: TPosition = TPosition.VECCALC")
def pop_stack_buffer(form, a):
    b = context.builder()
    handle = build("PopStackBufferOp", b.get_local_tensor_type(ir_type(a.dtype)), int(a.position))
    return LocalTensor(a.dtype, _handle=handle)


@api("ResetMask", "common", "")
def reset_mask(form, a):
    return build("ResetMaskOp")


@api("SetAippFunctions", "common",
     "src0: GlobalTensor, input_format: AippInputFormat, config: AippParams",
     "src0: GlobalTensor, src1: GlobalTensor, input_format: AippInputFormat, config: AippParams")
def set_aipp_functions(form, a):
    src1 = a.get("src1")
    if src1 is not None and src1.dtype != a.src0.dtype:
        raise TypeError(f"asc.set_aipp_functions: src1 is a GlobalTensor of {src1.dtype.name}, src0 of "
                        f"{a.src0.dtype.name} (one element type for both planes)")
    return build("SetAippFunctionsOp", tensor(a.src0, "src0"),
                 None if src1 is None else tensor(src1, "src1"), int(a.input_format),
                 struct(a.config, T.AippParams, "config"))


@api("SetHcclContext", "common", "index: int, context: GlobalAddress")
def set_hccl_context(form, a):
    return build("SetHcclContextOp", const_int(a.index, "index"), a.context.handle)


@api("SetHF32Mode", "common", "hf32_mode: bool")
def set_hf32_mode(form, a):
    return build("SetHF32ModeOp", boolean(a.hf32_mode))


@api("SetHF32TransMode", "common", "trans_mode: bool")
def set_hf32_trans_mode(form, a):
    return build("SetHF32TransModeOp", boolean(a.trans_mode))


@api("SetMMLayoutTransform", "common", "mm_layout_mode: bool")
def set_mm_layout_transform(form, a):
    return build("SetMMLayoutTransformOp", boolean(a.mm_layout_mode))


@api("SetMaskCount", "common", "")
def set_mask_count(form, a):
    return build("SetMaskCountOp")


@api("SetMaskNorm", "common", "")
def set_mask_norm(form, a):
    return build("SetMaskNormOp")


@api("SetSysWorkspace", "common", "workspace: GlobalAddress")
def set_sys_workspace(form, a):
    return build("SetSysWorkspaceOp", a.workspace.handle)


@api("SetVectorMask", "common",
     "length: int, dtype: DataType, mode: MaskMode",
     "mask_high: int, mask_low: int, dtype: DataType, mode: MaskMode")
def set_vector_mask(form, a):
    if form == 0:
        return build("SetVectorMaskLenOp", i32(a.length), ir_type(a.dtype), int(a.mode))
    return build("SetVectorMaskOp", i64(a.mask_high), i64(a.mask_low), ir_type(a.dtype), int(a.mode))


@api("InitSocState", "common", "")
def init_soc_state(form, a):
    return build("InitSocStateOp")


@api("SetStoreAtomicConfig", "common", "atomic_type: AtomicDtype, atomic_op: AtomicOp")
def set_store_atomic_config(form, a):
    return build("SetStoreAtomicConfigOp", int(a.atomic_type), int(a.atomic_op))


@api("GetStoreAtomicConfig", "common", "")
def get_store_atomic_config(form, a):
    atomic_type, atomic_op = context.builder().create_asc_GetStoreAtomicConfigOp()
    return wrap_scalar(atomic_type), wrap_scalar(atomic_op)


@api("CheckLocalMemoryIA", "common", "check_params: CheckLocalMemoryIAParam")
def check_local_memory_ia(form, a):
    return build("CheckLocalMemoryIAOp", struct(a.check_params, T.CheckLocalMemoryIAParam, "check_params"))


__all__ = ["ascend_is_aic", "ascend_is_aiv", "data_cache_preload", "get_hccl_context",
           "get_sys_workspace", "pop_stack_buffer", "reset_mask", "set_aipp_functions",
           "set_hccl_context", "set_hf32_mode", "set_hf32_trans_mode", "set_mm_layout_transform",
           "set_mask_count", "set_mask_norm", "set_sys_workspace", "set_vector_mask",
           "init_soc_state", "set_store_atomic_config", "get_store_atomic_config",
           "check_local_memory_ia"]
