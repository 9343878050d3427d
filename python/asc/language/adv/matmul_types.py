"""adv/types for Matmul: MatmulType, MatmulConfig, the get_*_config helpers and the
parameter groups of get_mm_config (pyasc's names and defaults).

These are compile-time descriptions: a MatmulConfig is the Matmul object's
template argument, emitted as Ascend C's predefined config of its schedule
(CFG_NORM, CFG_MDL, GetSpecialMDLConfig(), CFG_IBSHARE_NORM) with the members
that differ from it set (`MatmulConfig.fields`).
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional

from ..core import dtype as dt
from ..core.constexpr import ConstExpr, RuntimeValue
from ..core.enums import (BatchMode, BatchOutMode, CubeFormat, IterateMode, IterateOrder, LayoutMode,
                          MatmulConfigMode, ScheduleType, TPosition)


@dataclasses.dataclass(frozen=True)
class MatmulType:
    """AscendC::MatmulType<position, format, T, isTrans, layout>: where one matrix lives and how."""

    position: TPosition
    format: CubeFormat
    dtype: dt.DataType
    is_trans: bool = False
    layout: LayoutMode = LayoutMode.NONE


@dataclasses.dataclass
class MatmulConfig:
    """AscendC::MatmulConfig (pyasc's fields and defaults)."""

    do_norm: bool = True
    do_basic_block: bool = False
    do_multi_data_load: bool = False
    basic_m: int = 0
    basic_n: int = 0
    basic_k: int = 0
    intrinsics_check: bool = False
    is_n_batch: bool = False
    en_vec_nd2nz: bool = False
    do_special_basic_block: bool = False
    do_mte2_preload: int = 0
    single_core_m: int = 0
    single_core_n: int = 0
    single_core_k: int = 0
    step_m: int = 0
    step_n: int = 0
    base_mn: int = 0
    single_core_mn: int = 0
    en_unit_flag: bool = True
    is_per_tensor: bool = False
    has_anti_quant_offset: bool = False
    do_ib_share_norm: bool = False
    do_special_mdl: bool = False
    enable_init: bool = True
    batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1
    enable_end: bool = True
    enable_get_tensor_c: bool = True
    enable_set_org_shape: bool = True
    enable_set_bias: bool = True
    enable_set_tail: bool = True
    enable_quant_vector: bool = True
    enable_set_define_data: bool = True
    iterate_mode: IterateMode = IterateMode.ITERATE_MODE_DEFAULT
    enable_reuse: bool = True
    enable_ub_reuse: bool = False
    enable_l1_cache_ub: bool = False
    intra_block_part_sum: bool = False
    iterate_order: IterateOrder = IterateOrder.UNDEF
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT
    enable_double_cache: int = 0
    is_bias_batch: bool = True
    enable_static_pad_zeros: bool = False
    is_partial_output: bool = False
    enable_mix_dual_master: bool = False
    is_a2b2_shared: bool = False
    is_enable_channel_split: bool = False
    enable_kdim_reorder_load: bool = False
    is_co1_shared: bool = False
    shared_co1_buffer_size: int = 64 * 1024
    batch_out_mode: BatchOutMode = BatchOutMode.SINGLE_BATCH

    def mode(self) -> MatmulConfigMode:
        """The schedule, whose predefined Ascend C config the emitted one starts from."""
        if self.do_ib_share_norm:
            return MatmulConfigMode.CONFIG_IBSHARE
        if self.do_special_mdl:
            return MatmulConfigMode.CONFIG_SPECIALMDL
        if self.do_multi_data_load:
            return MatmulConfigMode.CONFIG_MDL
        return MatmulConfigMode.CONFIG_NORM

    def members(self) -> dict:
        """Every member of Ascend C's MatmulConfig (its names) with its value here (bools and
        ints; enums as their int values); the vendor's members pyasc's MatmulConfig lacks take
        their defaults."""
        out = dict(_VENDOR_ONLY_MEMBERS)
        for f in dataclasses.fields(self):
            value = ConstExpr.unwrap(getattr(self, f.name))
            if isinstance(value, RuntimeValue) or not isinstance(value, (bool, int)):
                raise TypeError(f"asc.adv.MatmulConfig: {f.name} is part of a template argument and must be a "
                                f"compile-time value, got {type(value).__name__}")
            out[_CPP_NAMES[f.name]] = bool(value) if f.type == "bool" else int(value)
        return out

    def fields(self) -> dict:
        """The members (Ascend C names) whose values differ from the predefined config of
        `mode()`, with their values."""
        base = _vendor_config(self.mode())
        return {k: v for k, v in self.members().items() if k in base and v != base[k]}


# MatmulConfig's members in Ascend C (adv_api/matmul/matmul_config.h), by Python field.
_CPP_NAMES = {
    "do_norm": "doNorm", "do_basic_block": "doBasicBlock", "do_multi_data_load": "doMultiDataLoad",
    "basic_m": "basicM", "basic_n": "basicN", "basic_k": "basicK", "intrinsics_check": "intrinsicsCheck",
    "is_n_batch": "isNBatch", "en_vec_nd2nz": "enVecND2NZ", "do_special_basic_block": "doSpecialBasicBlock",
    "do_mte2_preload": "doMTE2Preload", "single_core_m": "singleCoreM", "single_core_n": "singleCoreN",
    "single_core_k": "singleCoreK", "step_m": "stepM", "step_n": "stepN", "base_mn": "baseMN",
    "single_core_mn": "singleCoreMN", "en_unit_flag": "enUnitFlag", "is_per_tensor": "isPerTensor",
    "has_anti_quant_offset": "hasAntiQuantOffset", "do_ib_share_norm": "doIBShareNorm",
    "do_special_mdl": "doSpecialMDL", "enable_init": "enableInit", "batch_mode": "batchMode",
    "enable_end": "enableEnd", "enable_get_tensor_c": "enableGetTensorC", "enable_set_org_shape": "enableSetOrgShape",
    "enable_set_bias": "enableSetBias", "enable_set_tail": "enableSetTail", "enable_quant_vector": "enableQuantVector",
    "enable_set_define_data": "enableSetDefineData", "iterate_mode": "iterateMode", "enable_reuse": "enableReuse",
    "enable_ub_reuse": "enableUBReuse", "enable_l1_cache_ub": "enableL1CacheUB",
    "intra_block_part_sum": "intraBlockPartSum", "iterate_order": "iterateOrder", "schedule_type": "scheduleType",
    "enable_double_cache": "enableDoubleCache", "is_bias_batch": "isBiasBatch",
    "enable_static_pad_zeros": "enableStaticPadZeros", "is_partial_output": "isPartialOutput",
    "enable_mix_dual_master": "enableMixDualMaster", "is_a2b2_shared": "isA2B2Shared",
    "is_enable_channel_split": "isEnableChannelSplit", "enable_kdim_reorder_load": "enableKdimReorderLoad",
    "is_co1_shared": "isCO1Shared", "shared_co1_buffer_size": "sharedCO1BufferSize", "batch_out_mode": "bmmOutMode",
}

# The vendor's predefined configs member by member (adv_api/matmul/tiling.h of the
# asc-devkit snapshot: CFG_NORM = GetNormalConfig(), CFG_MDL = GetMDLConfig(),
# GetSpecialMDLConfig(), CFG_IBSHARE_NORM = GetIBShareNormConfig()).
_VENDOR_NORM = {
    "doNorm": True, "doBasicBlock": False, "doMultiDataLoad": False, "basicM": 0, "basicN": 0, "basicK": 0,
    "intrinsicsCheck": False, "isNBatch": False, "enVecND2NZ": False, "doSpecialBasicBlock": False,
    "doMTE2Preload": 0, "singleCoreM": 0, "singleCoreN": 0, "singleCoreK": 0, "stepM": 0, "stepN": 0, "baseMN": 0,
    "singleCoreMN": 0, "enUnitFlag": True, "isPerTensor": False, "hasAntiQuantOffset": False,
    "doIBShareNorm": False, "doSpecialMDL": False, "enableInit": True, "batchMode": int(BatchMode.BATCH_LESS_THAN_L1),
    "enableEnd": True, "enableGetTensorC": True, "enableSetOrgShape": True, "enableSetBias": True,
    "enableSetTail": True, "enableQuantVector": True, "enableSetDefineData": True,
    "iterateMode": int(IterateMode.ITERATE_MODE_DEFAULT), "enableReuse": True, "enableUBReuse": True,
    "enableL1CacheUB": False, "intraBlockPartSum": False, "iterateOrder": int(IterateOrder.UNDEF),
    "scheduleType": int(ScheduleType.INNER_PRODUCT), "enableDoubleCache": False, "isBiasBatch": True,
    "enableStaticPadZeros": False, "isPartialOutput": False, "enableMixDualMaster": False, "isA2B2Shared": False,
    "isEnableChannelSplit": False, "enableKdimReorderLoad": False, "isCO1Shared": False,
    "sharedCO1BufferSize": 64 * 1024, "bmmOutMode": int(BatchOutMode.SINGLE_BATCH),
}
# MatmulConfig's members that pyasc's MatmulConfig does not have, at the vendor's defaults.
_VENDOR_ONLY_MEMBERS = {"enableL1BankConflictOptimise": False, "enableRelu": False, "decompMode": 0}
_VENDOR_BASES = {
    MatmulConfigMode.CONFIG_NORM: _VENDOR_NORM,
    MatmulConfigMode.CONFIG_MDL: {**_VENDOR_NORM, "doNorm": False, "doMultiDataLoad": True, "enUnitFlag": False,
                                  "batchMode": int(BatchMode.NONE)},
    MatmulConfigMode.CONFIG_SPECIALMDL: {**_VENDOR_NORM, "doNorm": False, "doSpecialMDL": True, "enUnitFlag": False,
                                         "batchMode": int(BatchMode.NONE)},
    MatmulConfigMode.CONFIG_IBSHARE: {**_VENDOR_NORM, "doNorm": False, "doIBShareNorm": True},
}


def _vendor_config(mode: MatmulConfigMode) -> dict:
    return _VENDOR_BASES[MatmulConfigMode(int(mode))]


def config_type_text(config: Optional["MatmulConfig"]) -> str:
    """The `config = MODE[, fields = {...}]` part of the !ascendc.matmul type: no config is
    the vendor's default template argument, CFG_NORM."""
    if config is None:
        return "config = CONFIG_NORM"
    text = f"config = {config.mode().name}"
    fields = config.fields()
    if fields:
        items = (f"{k} = {'true' if v else 'false'}" if isinstance(v, bool) else f"{k} = {v} : i64"
                 for k, v in fields.items())
        text += ", fields = {" + ", ".join(items) + "}"
    return text


def _config(mode: MatmulConfigMode, **members) -> MatmulConfig:
    """The vendor's predefined config of `mode` with `members` (Python names) set: the
    get_*_config factories set their parameters and keep the vendor's values of the rest."""
    base = _vendor_config(mode)
    defaults = MatmulConfig.__dataclass_fields__
    cfg = MatmulConfig(**{py: _typed(defaults[py].default, base[cpp]) for py, cpp in _CPP_NAMES.items()})
    for name, value in members.items():
        setattr(cfg, name, value)
    return cfg


def _typed(like, value):
    """`value` as the type of the field's default (an enum member for an enum field)."""
    return type(like)(value) if isinstance(like, enum.IntEnum) else value


def _b(x, default: bool) -> bool:
    return default if x is None else bool(x)


def get_normal_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                      is_vec_nd2_nz: Optional[bool] = False,
                      bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1,
                      is_msg_reuse: Optional[bool] = True, iterate_order: Optional[IterateOrder] = IterateOrder.ORDER_M,
                      schedule_type: Optional[ScheduleType] = ScheduleType.INNER_PRODUCT,
                      en_unit_flag: Optional[bool] = True) -> MatmulConfig:
    """CFG_NORM with these switches (Ascend C GetNormalConfig)."""
    return _config(MatmulConfigMode.CONFIG_NORM,
                        intrinsics_check=_b(intrinsics_limit, False), is_n_batch=_b(batch_loop, False),
                        en_vec_nd2nz=_b(is_vec_nd2_nz, False), batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1,
                        enable_reuse=_b(is_msg_reuse, True), iterate_order=iterate_order or IterateOrder.ORDER_M,
                        schedule_type=schedule_type or ScheduleType.INNER_PRODUCT,
                        en_unit_flag=_b(en_unit_flag, True))


def get_mdl_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                   do_mte2_preload: Optional[int] = 0, is_vec_nd2_nz: Optional[bool] = False,
                   is_per_tensor: Optional[bool] = False, has_anti_quant_offset: Optional[bool] = False,
                   en_unit_flag: Optional[bool] = False, is_msg_reuse: Optional[bool] = True,
                   enable_ub_reuse: Optional[bool] = True, enable_l1_cache_ub: Optional[bool] = False,
                   enable_mix_dual_master: Optional[bool] = False,
                   enable_kdim_reorder_load: Optional[bool] = False) -> MatmulConfig:
    """CFG_MDL (multi-data-load: several base blocks per GM -> L1 copy; GetMDLConfig)."""
    return _config(MatmulConfigMode.CONFIG_MDL, intrinsics_check=_b(intrinsics_limit, False),
                        is_n_batch=_b(batch_loop, False), do_mte2_preload=int(do_mte2_preload or 0),
                        en_vec_nd2nz=_b(is_vec_nd2_nz, False), is_per_tensor=_b(is_per_tensor, False),
                        has_anti_quant_offset=_b(has_anti_quant_offset, False),
                        en_unit_flag=_b(en_unit_flag, False), enable_reuse=_b(is_msg_reuse, True),
                        enable_ub_reuse=_b(enable_ub_reuse, True), enable_l1_cache_ub=_b(enable_l1_cache_ub, False),
                        enable_mix_dual_master=_b(enable_mix_dual_master, False),
                        enable_kdim_reorder_load=_b(enable_kdim_reorder_load, False))


def get_special_mdl_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                           do_mte2_pre_load: Optional[int] = 0, is_vec_nd2_nz: Optional[bool] = False,
                           is_per_tensor: Optional[bool] = False,
                           has_anti_quant_offset: Optional[bool] = False) -> MatmulConfig:
    """GetSpecialMDLConfig (a Matmul built with it is rejected: no predefined constant)."""
    return _config(MatmulConfigMode.CONFIG_SPECIALMDL, intrinsics_check=_b(intrinsics_limit, False),
                        is_n_batch=_b(batch_loop, False), do_mte2_preload=int(do_mte2_pre_load or 0),
                        en_vec_nd2nz=_b(is_vec_nd2_nz, False), is_per_tensor=_b(is_per_tensor, False),
                        has_anti_quant_offset=_b(has_anti_quant_offset, False))


def get_ib_share_norm_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                             is_vec_nd2_nz: Optional[bool] = False,
                             bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1,
                             is_double_cache: Optional[bool] = False,
                             en_unit_flag: Optional[bool] = True) -> MatmulConfig:
    """CFG_IBSHARE_NORM (GetIBShareNormConfig)."""
    return _config(MatmulConfigMode.CONFIG_IBSHARE, intrinsics_check=_b(intrinsics_limit, False),
                        is_n_batch=_b(batch_loop, False), en_vec_nd2nz=_b(is_vec_nd2_nz, False),
                        batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1,
                        enable_double_cache=int(_b(is_double_cache, False)), en_unit_flag=_b(en_unit_flag, True))


def get_basic_config(basic_m: int, basic_n: int, basic_k: int, intrinsics_limit: Optional[bool] = False,
                     batch_loop: Optional[bool] = False,
                     bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """GetBasicConfig: fixed base block sizes (a Matmul built with it is rejected for now)."""
    return _config(MatmulConfigMode.CONFIG_NORM, do_norm=False, do_basic_block=True, basic_m=basic_m,
                        basic_n=basic_n, basic_k=basic_k, en_unit_flag=False, intrinsics_check=_b(intrinsics_limit, False), is_n_batch=_b(batch_loop, False),
                        batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1)


def get_special_basic_config(basic_m: int, basic_n: int, basic_k: int, single_core_m: int, single_core_n: int,
                             single_core_k: int, step_m: int, step_n: int,
                             intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                             bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """GetSpecialBasicConfig (a Matmul built with it is rejected for now)."""
    return _config(MatmulConfigMode.CONFIG_NORM, do_norm=False, do_special_basic_block=True,
                        en_unit_flag=False, basic_m=basic_m, basic_n=basic_n,
                        basic_k=basic_k, single_core_m=single_core_m, single_core_n=single_core_n,
                        single_core_k=single_core_k, step_m=step_m, step_n=step_n,
                        intrinsics_check=_b(intrinsics_limit, False), is_n_batch=_b(batch_loop, False),
                        batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1)


@dataclasses.dataclass
class MatmulShapeParams:
    single_core_m: int = 0
    single_core_n: int = 0
    single_core_k: int = 0
    basic_m: int = 0
    basic_n: int = 0
    basic_k: int = 0


@dataclasses.dataclass
class MatmulQuantParams:
    is_per_tensor: bool = False
    has_anti_quant_offset: bool = False


@dataclasses.dataclass
class MatmulBatchParams:
    is_b_batch: bool = False
    batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1
    is_bias_batch: bool = False


@dataclasses.dataclass
class MatmulFuncParams:
    intrinsics_limit: bool = False
    en_vec_nd2_nz: bool = False
    enable_double_cache: bool = False
    enable_l1_cache: bool = False
    do_mte2_pre_load: int = 0
    iterate_order: IterateOrder = IterateOrder.ORDER_M
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT
    enable_reuse: bool = True
    enable_ub_reuse: bool = False
    is_partial_output: bool = False
    is_a2_b2_shared: bool = False
    is_enable_channel_split: bool = False
    enable_kdim_reorder_load: bool = False


def get_mm_config(*args) -> MatmulConfig:
    """GetMMConfig<mode>(params...): the first argument may be the MatmulConfigMode (default
    CONFIG_NORM), then any of MatmulShapeParams, MatmulQuantParams, MatmulBatchParams,
    MatmulFuncParams."""
    mode = MatmulConfigMode.CONFIG_NORM
    rest = list(args)
    if rest and isinstance(rest[0], (MatmulConfigMode, int)) and not isinstance(rest[0], bool):
        mode = MatmulConfigMode(int(rest.pop(0)))
    cfg = _config(mode)  # the mode's predefined config, as the vendor's GetMMConfig
    for arg in rest:
        if isinstance(arg, MatmulShapeParams):
            for f in dataclasses.fields(arg):
                setattr(cfg, f.name, getattr(arg, f.name))
        elif isinstance(arg, MatmulQuantParams):
            cfg.is_per_tensor, cfg.has_anti_quant_offset = arg.is_per_tensor, arg.has_anti_quant_offset
        elif isinstance(arg, MatmulBatchParams):
            cfg.is_n_batch, cfg.batch_mode, cfg.is_bias_batch = arg.is_b_batch, arg.batch_mode, arg.is_bias_batch
        elif isinstance(arg, MatmulFuncParams):
            cfg.intrinsics_check = arg.intrinsics_limit
            cfg.en_vec_nd2nz = arg.en_vec_nd2_nz
            cfg.enable_double_cache = int(arg.enable_double_cache)
            cfg.enable_l1_cache_ub = arg.enable_l1_cache
            cfg.do_mte2_preload = arg.do_mte2_pre_load
            cfg.iterate_order = arg.iterate_order
            cfg.schedule_type = arg.schedule_type
            cfg.enable_reuse = arg.enable_reuse
            cfg.enable_ub_reuse = arg.enable_ub_reuse
            cfg.is_partial_output = arg.is_partial_output
            cfg.is_a2b2_shared = arg.is_a2_b2_shared
            cfg.is_enable_channel_split = arg.is_enable_channel_split
            cfg.enable_kdim_reorder_load = arg.enable_kdim_reorder_load
        else:
            raise TypeError(f"get_mm_config takes MatmulShapeParams, MatmulQuantParams, MatmulBatchParams or "
                            f"MatmulFuncParams, got {type(arg).__name__}")
    return cfg


__all__ = ["MatmulType", "MatmulConfig", "get_normal_config", "get_mdl_config", "get_special_mdl_config",
           "get_ib_share_norm_config", "get_basic_config", "get_special_basic_config", "get_mm_config",
           "MatmulShapeParams", "MatmulQuantParams", "MatmulBatchParams", "MatmulFuncParams"]
