"""adv/types for Matmul: MatmulType, MatmulConfig, the get_*_config helpers and the
parameter groups of get_mm_config (pyasc's names and defaults).

These are compile-time descriptions: a MatmulConfig selects the Matmul object's
template argument (Ascend C's predefined CFG_NORM, CFG_MDL, CFG_IBSHARE_NORM).
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from ..core import dtype as dt
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
        """The predefined Ascend C config this one is (the Matmul's template argument).

        Basic-block configs (GetBasicConfig / GetSpecialBasicConfig) carry their
        block sizes in a constexpr MatmulConfig of their own, which asc does not
        emit yet."""
        if self.do_basic_block or self.do_special_basic_block:
            raise NotImplementedError("asc.adv.Matmul: basic-block configs (get_basic_config, "
                                      "get_special_basic_config) are not supported yet; use the norm, "
                                      "MDL or IBShare config")
        if self.do_special_mdl:
            raise NotImplementedError("asc.adv.Matmul: the special MDL config has no predefined Ascend C "
                                      "constant; asc supports CFG_NORM, CFG_MDL and CFG_IBSHARE_NORM")
        if self.is_n_batch:
            raise NotImplementedError("asc.adv.Matmul: a config with is_n_batch=True (IterateNBatch) has no "
                                      "predefined Ascend C constant; asc supports CFG_NORM, CFG_MDL and "
                                      "CFG_IBSHARE_NORM")
        if self.do_ib_share_norm:
            return MatmulConfigMode.CONFIG_IBSHARE
        if self.do_multi_data_load:
            return MatmulConfigMode.CONFIG_MDL
        return MatmulConfigMode.CONFIG_NORM


def _b(x, default: bool) -> bool:
    return default if x is None else bool(x)


def get_normal_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                      is_vec_nd2_nz: Optional[bool] = False,
                      bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1,
                      is_msg_reuse: Optional[bool] = True, iterate_order: Optional[IterateOrder] = IterateOrder.ORDER_M,
                      schedule_type: Optional[ScheduleType] = ScheduleType.INNER_PRODUCT,
                      en_unit_flag: Optional[bool] = True) -> MatmulConfig:
    """CFG_NORM with these switches (Ascend C GetNormalConfig)."""
    return MatmulConfig(intrinsics_check=_b(intrinsics_limit, False), is_n_batch=_b(batch_loop, False),
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
    return MatmulConfig(do_norm=False, do_multi_data_load=True, intrinsics_check=_b(intrinsics_limit, False),
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
    return MatmulConfig(do_norm=False, do_special_mdl=True, intrinsics_check=_b(intrinsics_limit, False),
                        is_n_batch=_b(batch_loop, False), do_mte2_preload=int(do_mte2_pre_load or 0),
                        en_vec_nd2nz=_b(is_vec_nd2_nz, False), is_per_tensor=_b(is_per_tensor, False),
                        has_anti_quant_offset=_b(has_anti_quant_offset, False))


def get_ib_share_norm_config(intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                             is_vec_nd2_nz: Optional[bool] = False,
                             bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1,
                             is_double_cache: Optional[bool] = False,
                             en_unit_flag: Optional[bool] = True) -> MatmulConfig:
    """CFG_IBSHARE_NORM (GetIBShareNormConfig)."""
    return MatmulConfig(do_norm=False, do_ib_share_norm=True, intrinsics_check=_b(intrinsics_limit, False),
                        is_n_batch=_b(batch_loop, False), en_vec_nd2nz=_b(is_vec_nd2_nz, False),
                        batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1,
                        enable_double_cache=int(_b(is_double_cache, False)), en_unit_flag=_b(en_unit_flag, True))


def get_basic_config(basic_m: int, basic_n: int, basic_k: int, intrinsics_limit: Optional[bool] = False,
                     batch_loop: Optional[bool] = False,
                     bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """GetBasicConfig: fixed base block sizes (a Matmul built with it is rejected for now)."""
    return MatmulConfig(do_norm=False, do_basic_block=True, basic_m=basic_m, basic_n=basic_n, basic_k=basic_k,
                        intrinsics_check=_b(intrinsics_limit, False), is_n_batch=_b(batch_loop, False),
                        batch_mode=bmm_mode or BatchMode.BATCH_LESS_THAN_L1)


def get_special_basic_config(basic_m: int, basic_n: int, basic_k: int, single_core_m: int, single_core_n: int,
                             single_core_k: int, step_m: int, step_n: int,
                             intrinsics_limit: Optional[bool] = False, batch_loop: Optional[bool] = False,
                             bmm_mode: Optional[BatchMode] = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """GetSpecialBasicConfig (a Matmul built with it is rejected for now)."""
    return MatmulConfig(do_norm=False, do_special_basic_block=True, basic_m=basic_m, basic_n=basic_n,
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
    cfg = MatmulConfig(do_norm=mode == MatmulConfigMode.CONFIG_NORM,
                       do_multi_data_load=mode == MatmulConfigMode.CONFIG_MDL,
                       do_special_mdl=mode == MatmulConfigMode.CONFIG_SPECIALMDL,
                       do_ib_share_norm=mode == MatmulConfigMode.CONFIG_IBSHARE,
                       iterate_order=IterateOrder.ORDER_M, enable_reuse=False, is_bias_batch=False)
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
