"""Ascend C parameter structs (BinaryRepeatParams, DataCopyParams, ...).

Each class takes pyasc's constructor arguments (by position or keyword, with
its defaults). Inside a kernel an instance only records its field values
(compile-time or runtime); passing it to an API materialises it as one
`ascendc.construct` op, which the emitter prints as a brace-initialised
Ascend C struct. The field order of that struct is the dialect's (the C++
constructor's), which is not always pyasc's argument order — hence the two
lists per struct below.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from . import context
from . import api
from . import dtype as dt
from ._generated import STRUCTS
from .ir_value import PlainValue

# The pyasc constructor forms of each struct of the dialect (the Python API:
# argument names, order, defaults). The C++ field order, the dialect type and
# the array fields come from the .td (STRUCTS in _generated.py); the order of
# a form may differ from the C++ one (LoadDataRepeatParam, FixpipeParamsV220).
# tests/generated/test_struct_mirrors.py checks every form against the .td.
_FORMS: Dict[str, List[str]] = {
    'BinaryRepeatParams':
        ['dst_blk_stride: int = 1, src0_blk_stride: int = 1, src1_blk_stride: int = 1, dst_rep_stride: int = 8, src0_rep_stride: int = 8, src1_rep_stride: int = 8'],
    'BrcbRepeatParams':
        ['dst_blk_stride: int = 1, dst_rep_stride: int = 8'],
    'CopyRepeatParams':
        ['dst_stride: int = 0, src_stride: int = 0, dst_repeat_size: int = 0, src_repeat_size: int = 0'],
    'DataCopyParams':
        ['block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0'],
    'DataCopyEnhancedParams':
        ['block_mode: BlockMode = BlockMode.BLOCK_MODE_NORMAL, deq_scale: DeqScale = DeqScale.DEQ_NONE, deq_value_in: int = 0, sid_store_mode_in: int = 0, is_relu_in: bool = False, pad_mode_in: pad_t = pad_t.PAD_NONE, pad_value_in: int = 0'],
    'InitConstValueParams':
        ['repeat_times: int = 0, block_num: int = 0, dst_gap: int = 0, init_value = 0'],
    'UnaryRepeatParams':
        ['dst_blk_stride: int = 1, src_blk_stride: int = 1, dst_rep_stride: int = 8, src_rep_stride: int = 8'],
    'TransDataTo5HDParams':
        ['dst_high_half: bool = False, src_high_half: bool = False, repeat_times: int = 1, dst_rep_stride: int = 0, src_rep_stride: int = 0'],
    'TransposeParamsExt':
        ['n_size: int = 0, c_size: int = 0, h_size: int = 0, w_size: int = 0, transpose_type: TransposeType = TransposeType.TRANSPOSE_ND2ND_B16'],
    'DataCopyPadParams':
        ['is_pad: bool = False, left_padding: int = 0, right_padding: int = 0, padding_value: int = 0'],
    'DataCopyExtParams':
        ['block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0, rsv: int = 0'],
    'GatherMaskParams':
        ['src0_block_stride: int = 1, repeat_times: int = 1, src0_repeat_stride: int = 0, src1_repeat_stride: int = 0'],
    'MmadParams': [
        'm: int = 0, n: int = 0, k: int = 0, unit_flag: int = 0, cmatrix_source: bool = False, cmatrix_init_val: bool = True',
        'm: int = 0, n: int = 0, k: int = 0, is_bias: bool = False, fm_offset: int = 0, en_ssparse: bool = False, en_winograd_a: bool = False, en_winograd_b: bool = False',
    ],
    'Nd2NzParams':
        ['nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_d_value: int, dst_nz_c0_stride: int, dst_nz_n_stride: int, dst_nz_matrix_stride: int'],
    'Nz2NdParamsFull':
        ['nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_n_stride: int, dst_d_stride: int, dst_nd_matrix_stride: int'],
    'DataCopyCO12DstParams':
        ['n_size: int, m_size: int, dst_stride: int, src_stride: int, quant_pre: QuantModes = QuantModes.NoQuant, relu_pre: int = 0, channel_split: bool = False, nz2nd_en: bool = False'],
    'GatherRepeatParams':
        ['dst_blk_stride: int = 1, dst_rep_stride: int = 8'],
    'LoadData2DParams':
        ['start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, sid: int = 0, dst_gap: int = 0, if_transpose: bool = False, addr_mode: int = 0'],
    'LoadData2DParamsV2':
        ['m_start_position: int = 0, k_start_position: int = 0, m_step: int = 0, k_step: int = 0, src_stride: int = 0, dst_stride: int = 0, if_transpose: bool = False, sid: int = 0'],
    'LoadData3DParamsV1':
        ['pad_list = (0, 0, 0, 0), l1_h: int = 1, l1_w: int = 1, c1_index: int = 0, fetch_filter_w: int = 0, fetch_filter_h: int = 0, left_top_w: int = 0, left_top_h: int = 0, stride_w: int = 1, stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1, dilation_filter_h: int = 1, jump_stride: int = 1, repeat_mode: int = 0, repeat_time: int = 1, c_size: int = 0, pad_value: int = 0'],
    'LoadData3DParamsV2':
        ['pad_list = (0, 0, 0, 0), l1_h: int = 1, l1_w: int = 1, channel_size: int = 1, k_extension: int = 1, m_extension: int = 1, k_start_pt: int = 0, m_start_pt: int = 0, stride_w: int = 1, stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1, dilation_filter_h: int = 1, en_transpose: bool = False, en_small_k: bool = False, pad_value: int = 0, filter_size_w: bool = False, filter_size_h: bool = False, f_matrix_ctrl: bool = False'],
    'LoadData3DParamsV2Pro':
        ['channel_size: int = 0, en_transpose: bool = False, en_small_k: bool = False, filter_size_w: bool = False, filter_size_h: bool = False, f_matrix_ctrl: bool = False, ext_config: int = 0, filter_config: int = 1103823438081'],
    'LoadData2dTransposeParams':
        ['start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, dst_gap: int = 0, dst_frac_gap: int = 0, addr_mode: int = 0'],
    'LoadData2dTransposeParamsV2':
        ['start_index: int = 0, repeat_times: int = 0, src_stride: int = 0, dst_gap: int = 0, dst_frac_gap: int = 0, src_frac_gap: int = 0, addr_mode: int = 0'],
    'LoadDataRepeatParam':
        ['repeat_time: int = 1, repeat_stride: int = 0, repeat_mode: int = 0'],
    'MrgSort4Info':
        ['element_lengths: List[int], if_exhausted_suspension: bool = False, valid_bit: int = 15, repeat_times: int = 1'],
    'VdeqInfo':
        ['scale: List[float], offset: List[int], sign_mode: List[bool]'],
    'FixpipeParamsV220':
        ['n_size: int, m_size: int, src_stride: int, dst_stride: int, quant_pre: QuantModes = QuantModes.NoQuant, deq_scalar: int = 0, nd_num: int = 1, src_nd_stride: int = 0, dst_nd_stride: int = 0, relu_en: bool = False, unit_flag: int = 0, is_channel_split: bool = False'],
    'LoadImageToLocalParams':
        ['horiz_size: int = 2, vert_size: int = 2, horiz_start_pos: int = 0, vert_start_pos: int = 0, src_horiz_size: int = 2, top_pad_size: int = 0, bot_pad_size: int = 0, left_pad_size: int = 0, right_pad_size: int = 0, sid: int = 0'],
    # AIPP (pyasc's dataclasses: every field a keyword with a default; kernel_struct_aipp.h)
    'AippSwapParams':
        ['is_swap_rb: bool = False, is_swap_uv: bool = False, is_swap_ax: bool = False'],
    'AippSingleLineParams':
        ['is_single_line_copy: bool = False'],
    'AippDataTypeConvParams':
        ['dtc_mean_ch0: int = 0, dtc_mean_ch1: int = 0, dtc_mean_ch2: int = 0, dtc_min_ch0 = 0.0, dtc_min_ch1 = 0.0, dtc_min_ch2 = 0.0, dtc_var_ch0 = 1.0, dtc_var_ch1 = 1.0, dtc_var_ch2 = 1.0, dtc_round_mode: int = 0'],
    'AippColorSpaceConvParams':
        ['is_enable_csc: bool = False, csc_matrix_r0_c0: int = 0, csc_matrix_r0_c1: int = 0, csc_matrix_r0_c2: int = 0, csc_matrix_r1_c0: int = 0, csc_matrix_r1_c1: int = 0, csc_matrix_r1_c2: int = 0, csc_matrix_r2_c0: int = 0, csc_matrix_r2_c1: int = 0, csc_matrix_r2_c2: int = 0, csc_bias_in_0: int = 0, csc_bias_in_1: int = 0, csc_bias_in_2: int = 0, csc_bias_out_0: int = 0, csc_bias_out_1: int = 0, csc_bias_out_2: int = 0'],
    'CheckLocalMemoryIAParam':
        ['enable_bit: int = 0, start_addr: int = 0, end_addr: int = 0, is_scalar_read: bool = False, is_scalar_write: bool = False, is_vector_read: bool = False, is_vector_write: bool = False, is_mte_read: bool = False, is_mte_write: bool = False, is_enable: bool = False'],
    # adv tiling structs (asc.adv.SoftmaxTiling / RmsNormTiling; AscendCAdvStructs.td)
    'SoftMaxTiling':
        ['src_m: int = 0, src_k: int = 0, src_size: int = 0, out_max_m: int = 0, out_max_k: int = 0, out_max_size: int = 0, split_m: int = 0, split_k: int = 0, split_size: int = 0, reduce_m: int = 0, reduce_k: int = 0, reduce_size: int = 0, range_m: int = 0, tail_m: int = 0, tail_split_size: int = 0, tail_reduce_size: int = 0'],
    'RmsNormTiling':
        ['b_length: int = 0, s_length: int = 0, h_length: int = 0, original_h_length: int = 0, reciprocal_of_h_length: float = 0.0, main_bsh_length: int = 0, main_bs_length: int = 0, main_bs_length_align: int = 0, loop_round: int = 0, input_tail_pos: int = 0, tail_bsh_length: int = 0, tail_bs_length: int = 0'],
    # the Matmul tiling structs (asc.adv.TCubeTiling / MatmulApiStaticTiling; AscendCAdvMatmul.td)
    'TCubeTiling':
        ['used_core_num: int = 0, m: int = 0, n: int = 0, k_a: int = 0, k_b: int = 0, single_core_m: int = 0, single_core_n: int = 0, single_core_k: int = 0, base_m: int = 0, base_n: int = 0, base_k: int = 0, depth_a1: int = 0, depth_b1: int = 0, step_m: int = 0, step_n: int = 0, is_bias: int = 0, trans_length: int = 0, iterate_order: int = 0, share_mode: int = 0, share_l1_size: int = 0, share_l0c_size: int = 0, share_ub_size: int = 0, batch_m: int = 0, batch_n: int = 0, single_batch_m: int = 0, single_batch_n: int = 0, step_k_a: int = 0, step_k_b: int = 0, depth_a_l1_cache_ub: int = 0, depth_b_l1_cache_ub: int = 0, db_l0a: int = 0, db_l0b: int = 0, db_l0c: int = 0, a_layout_info_b: int = 0, a_layout_info_s: int = 0, a_layout_info_n: int = 0, a_layout_info_g: int = 0, a_layout_info_d: int = 0, b_layout_info_b: int = 0, b_layout_info_s: int = 0, b_layout_info_n: int = 0, b_layout_info_g: int = 0, b_layout_info_d: int = 0, c_layout_info_b: int = 0, c_layout_info_s1: int = 0, c_layout_info_n: int = 0, c_layout_info_g: int = 0, c_layout_info_s2: int = 0, batch_num: int = 0'],
    'MatmulApiStaticTiling':
        ['used_core_num: int = 0, m: int = 0, n: int = 0, k_a: int = 0, k_b: int = 0, single_core_m: int = 0, single_core_n: int = 0, single_core_k: int = 0, base_m: int = 0, base_n: int = 0, base_k: int = 0, depth_a1: int = 0, depth_b1: int = 0, step_m: int = 0, step_n: int = 0, is_bias: int = 0, trans_length: int = 0, iterate_order: int = 0, share_mode: int = 0, share_l1_size: int = 0, share_l0c_size: int = 0, share_ub_size: int = 0, step_k_a: int = 0, step_k_b: int = 0, depth_a_l1_cache_ub: int = 0, depth_b_l1_cache_ub: int = 0, db_l0a: int = 0, db_l0b: int = 0, db_l0c: int = 0, a_layout_info_b: int = 0, a_layout_info_s: int = 0, a_layout_info_n: int = 0, a_layout_info_g: int = 0, a_layout_info_d: int = 0, b_layout_info_b: int = 0, b_layout_info_s: int = 0, b_layout_info_n: int = 0, b_layout_info_g: int = 0, b_layout_info_d: int = 0, c_layout_info_b: int = 0, c_layout_info_s1: int = 0, c_layout_info_n: int = 0, c_layout_info_g: int = 0, c_layout_info_s2: int = 0, batch_num: int = 0, mx_type_para: int = 0'],
}

# Parameters of a form that are not fields of the dialect's struct (pyasc's
# older MmadParams form): accepted and ignored.
_EXTRA_FORM_PARAMS: Dict[str, Tuple[str, ...]] = {
    "MmadParams": ("is_bias", "fm_offset", "en_ssparse", "en_winograd_a", "en_winograd_b"),
}


def _fields_of(name: str) -> List[str]:
    """The struct's fields in the dialect's (C++ constructor) order, by their Python names."""
    return [f.py for f in STRUCTS[name].fields]


def _array_dtype(cpp_elem: str) -> dt.DataType:
    # The IR type of the elements ascendc.construct takes for a `T[N]` field.
    return {"float": dt.float32, "bool": dt.bool_, "int16_t": dt.int16}.get(cpp_elem, dt.int32)


# Array fields: (struct, field) -> (length, element dtype), from the .td's `T[N]`
# field types. Their values are lists (or asc.array), padded with zeros to the
# length; ascendc.construct takes the elements as consecutive operands and the
# emitter declares the array.
_ARRAY_FIELDS: Dict[Tuple[str, str], Tuple[int, dt.DataType]] = {
    (name, f.py): (int(f.cpp_type[f.cpp_type.index("[") + 1:-1]),
                   _array_dtype(f.cpp_type[:f.cpp_type.index("[")]))
    for name, d in STRUCTS.items() for f in d.fields if f.cpp_type.endswith("]")
}


def _field_handle(b, value, kind=None):
    from . import semantic as scalar
    if isinstance(value, bool) and kind in (None, dt.bool_):
        return b.get_bool(value)
    if isinstance(value, PlainValue):
        return value.handle if kind is None else scalar.as_value(value, kind).handle
    value = int(value) if not isinstance(value, float) else value
    if kind is None:
        if isinstance(value, float):
            kind = dt.float32
        else:  # wide fields (e.g. LoadData3DParamsV2Pro.filter_config) must not be truncated
            kind = dt.int32 if -2**31 <= value < 2**31 else dt.int64
    return scalar.as_value(value, kind).handle


class ParamStruct:
    """Base of the parameter structs: holds field values until an API uses them."""

    _mnemonic = ""
    _forms: List[api.Form] = []
    _cpp_fields: List[str] = []
    __slots__ = ("fields",)

    def __init__(self, *args, **kwargs):
        for form in self._forms:
            bound = form.bind(args, kwargs)
            if bound is not None:
                self.fields: Dict[str, object] = dict(bound)
                return
        forms = "\n".join(f"    asc.{type(self).__name__}({f})" for f in self._forms)
        raise TypeError(f"no form of asc.{type(self).__name__} takes these arguments; "
                        f"the forms are:\n{forms}")

    def __getattr__(self, name):
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        # Host code fills a struct field by field (a tiling: `t.base_m = 128`).
        if name in type(self)._cpp_fields:
            self.fields[name] = value
        else:
            object.__setattr__(self, name, value)

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"asc.{type(self).__name__}({inner})"

    def ir_type(self, builder):
        return builder.parse_type(f"!ascendc.{self._mnemonic}")

    @classmethod
    def _default(cls, name):
        for form in cls._forms:
            for p in form.params:
                if p.name == name and p.has_default:
                    return p.default()
        return 0

    def materialize(self):
        """The struct as an IR value (one ascendc.construct op)."""
        from .array import Array
        b = context.builder()
        handles = []
        for name in self._cpp_fields:
            # A field the matched form does not name takes its default in the
            # form that does (MmadParams' cmatrix_init_val is true), else zero.
            value = self.fields[name] if name in self.fields else self._default(name)
            array = _ARRAY_FIELDS.get((type(self).__name__, name))
            if array is not None:
                length, kind = array
                items = list(value) if isinstance(value, (list, tuple, Array)) else [value]
                if len(items) > length:
                    raise ValueError(f"asc.{type(self).__name__}: {name} has at most {length} "
                                     f"elements, got {len(items)}")
                items += [0] * (length - len(items))
                handles.extend(_field_handle(b, v, kind) for v in items)
                continue
            if isinstance(value, (list, tuple)):
                raise NotImplementedError(
                    f"asc.{type(self).__name__}: the array field {name} cannot be built yet (the "
                    "ascendc dialect's struct construction takes scalar fields only)")
            handles.append(_field_handle(b, value))
        return b.create_asc_ConstructOp(self.ir_type(b), handles)


def _make(name: str) -> type:
    forms = _FORMS.get(name)
    if forms is None:
        # A struct new in the .td without its pyasc form yet: its fields in C++
        # order, each defaulting to 0 (the mirror test asks for the real form).
        forms = [", ".join(f"{f} = 0" for f in _fields_of(name))]
    cls = type(name, (ParamStruct,), {"__slots__": (), "_mnemonic": STRUCTS[name].mnemonic,
                                      "_forms": [api.Form(f) for f in forms],
                                      "_cpp_fields": _fields_of(name)})
    cls.__doc__ = (f"{STRUCTS[name].cpp_name}. Fields: " + "; ".join(forms))
    cls.__module__ = __name__
    return api.register_class(cls)


# Structs with behaviour of their own are classes below; every other struct of
# the dialect is made from its form.
_CLASSES = ("DataCopyPadExtParams", "MrgSortSrcList", "ShapeInfo", "SliceInfo", "AippPaddingParams",
            "AippChannelPaddingParams", "AippParams")
_GENERIC = [name for name in STRUCTS if name not in _CLASSES]
for _name in _GENERIC:
    globals()[_name] = _make(_name)


class DataCopyPadExtParams(ParamStruct):
    """AscendC::DataCopyPadExtParams<T>: padding for DataCopyPad, typed by the tensors' dtype."""

    _mnemonic = "data_copy_pad_ext_params"
    _forms = [api.Form("dtype: DataType, is_pad: bool = False, left_padding: int = 0, "
                       "right_padding: int = 0, padding_value: int = 0")]
    _cpp_fields = _fields_of("DataCopyPadExtParams")
    __slots__ = ()

    def ir_type(self, builder):
        return builder.parse_type(
            f"!ascendc.data_copy_pad_ext_params<{self.fields['dtype'].to_ir(builder)}>")


api.register_class(DataCopyPadExtParams)


class MrgSortSrcList(ParamStruct):
    """AscendC::MrgSortSrcList<T>: the (up to four) sorted lists a mrg_sort merges.
    src3 / src4 default to src1 (unused unless the MrgSort4Info's valid_bit names them)."""

    _mnemonic = "mrg_sort_src_list"
    _forms = [api.Form("dtype: DataType, src1: LocalTensor, src2: LocalTensor, "
                       "src3: Optional[LocalTensor] = None, src4: Optional[LocalTensor] = None")]
    _cpp_fields = _fields_of("MrgSortSrcList")
    __slots__ = ()

    def ir_type(self, builder):
        return builder.parse_type(f"!ascendc.mrg_sort_src_list<{self.fields['dtype'].to_ir(builder)}>")

    def materialize(self):
        from .tensor import LocalTensor
        b = context.builder()
        handles = []
        for name in self._cpp_fields:
            t = self.fields[name]
            if t is None:
                t = self.fields["src1"]
            if not isinstance(t, LocalTensor):
                raise TypeError(f"asc.MrgSortSrcList: {name} must be a LocalTensor")
            if t.dtype != self.fields["dtype"]:
                raise TypeError(f"asc.MrgSortSrcList of {self.fields['dtype'].name}: {name} is a "
                                f"LocalTensor of {t.dtype.name}")
            handles.append(t._value())
        return b.create_asc_ConstructOp(self.ir_type(b), handles)


api.register_class(MrgSortSrcList)


class ShapeInfo(ParamStruct):
    """AscendC::ShapeInfo: a shape (up to 8 dimensions), an original shape and a data format.
    Built from asc.array / lists (compile-time or runtime elements), or returned by
    tensor.get_shape_info() (then a runtime value)."""

    _mnemonic = "shape_info"
    _forms = [api.Form(""),
              api.Form("shape: Union[Array, list], original_shape: Optional[Union[Array, list]] = None, "
                       "data_format: DataFormat = DataFormat.ND")]
    _cpp_fields = _fields_of("ShapeInfo")
    _derived_fields = ("shape_dim", "original_shape_dim")  # from the lengths of shape, original_shape
    __slots__ = ("handle",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.handle = None
        f = self.fields
        shape = list(f.get("shape") or [])
        original = f.get("original_shape")
        original = shape if original is None else list(original)
        if len(shape) > 8 or len(original) > 8:
            raise ValueError("asc.ShapeInfo: at most 8 dimensions (K_MAX_SHAPE_DIM)")
        self.fields = {"shape_dim": len(shape), "shape": shape, "original_shape_dim": len(original),
                       "original_shape": original, "data_format": f.get("data_format", 0)}

    @classmethod
    def _from_handle(cls, handle):
        obj = cls()
        obj.handle = handle
        return obj

    def materialize(self):
        if self.handle is not None:
            return self.handle
        return super().materialize()

    def _dim(self, field, op, dim):
        from . import semantic as scalar
        from .semantic import from_result as wrap_scalar
        if self.handle is None and not isinstance(dim, PlainValue):
            items = self.fields[field]
            d = int(dim)
            if not 0 <= d < 8:
                raise IndexError(f"asc.ShapeInfo.{field}: dimension {d} out of range 0..7")
            value = items[d] if d < len(items) else 0
            return value if isinstance(value, PlainValue) else int(value)
        b = context.builder()
        return wrap_scalar(getattr(b, "create_asc_" + op)(self.materialize(),
                                                           scalar.as_value(dim, dt.int32).handle))

    @api.builtin
    def shape(self, dim):
        """`shape[dim]` (compile-time when built from compile-time values)."""
        return self._dim("shape", "ShapeInfoShapeOp", dim)

    @api.builtin
    def original_shape(self, dim):
        """`originalShape[dim]`."""
        return self._dim("original_shape", "ShapeInfoOriginalShapeOp", dim)


api.register_class(ShapeInfo)


class SliceInfo(ParamStruct):
    """AscendC::SliceInfo: one dimension of a slice-list data_copy. Fields (Ascend C
    constructor order): start_index (first index), end_index (last index; default 31 =
    ONE_BLK_SIZE - 1), stride (gap after each burst: elements in dimension 0, indices
    above), burst_len (dimension 0: 32-byte blocks per burst; above: indices per burst;
    default 32 = ONE_BLK_SIZE), shape_value (the size of the dimension).

    `info[k]` / `info["name"]` is field k (0..4, constructor order) or the named field:
    a Python int when it was given as one, else the runtime value."""

    _mnemonic = "slice_info"
    _forms = [api.Form("start_index: int = 0, end_index: int = None, stride: int = 0, "
                       "burst_len: int = None, shape_value: int = 0")]
    _cpp_fields = _fields_of("SliceInfo")
    __slots__ = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.fields.get("end_index") is None:
            self.fields["end_index"] = 31  # ONE_BLK_SIZE - 1
        if self.fields.get("burst_len") is None:
            self.fields["burst_len"] = 32  # ONE_BLK_SIZE

    def __getitem__(self, key):
        if isinstance(key, slice):
            return [self.fields[n] for n in self._cpp_fields[key]]
        if isinstance(key, str):
            if key not in self._cpp_fields:
                raise KeyError(f"asc.SliceInfo has no field {key!r}; the fields are {self._cpp_fields}")
            return self.fields[key]
        k, n = int(key), len(self._cpp_fields)
        if not -n <= k < n:
            raise IndexError(f"asc.SliceInfo: field index {k} out of range 0..{n - 1}")
        return self.fields[self._cpp_fields[k]]

    def __len__(self):
        return len(self._cpp_fields)


api.register_class(SliceInfo)


class _AippTyped(ParamStruct):
    """An AIPP member struct templated on the image's output type T (AippPaddingParams<T>,
    AippChannelPaddingParams<T>): T is the dtype of the asc.AippParams holding it, so the
    struct is built when that is (materialize(dtype)); its value fields are Ts."""

    _value_fields: Tuple[str, ...] = ()
    __slots__ = ()

    def materialize(self, dtype: dt.DataType = None):
        if dtype is None:
            raise TypeError(f"asc.{type(self).__name__} is typed by the asc.AippParams that holds it: "
                            "pass it to asc.AippParams(dtype, ...)")
        b = context.builder()
        handles = [_field_handle(b, self.fields.get(name, 0), dtype if name in self._value_fields else None)
                   for name in self._cpp_fields]
        return b.create_asc_ConstructOp(
            b.parse_type(f"!ascendc.{self._mnemonic}<{dtype.to_ir(b)}>"), handles)


class AippPaddingParams(_AippTyped):
    """AscendC::AippPaddingParams<T>: how LoadImageToLocal fills the padding around the
    cropped image (padding_mode 0: the constant per channel, left and right only; 1: the
    nearest image pixel; 2: the image pixel one pad-size inwards; 3: the mirrored pixel)."""

    _mnemonic = "aipp_padding_params"
    _forms = [api.Form("padding_mode: int = 0, padding_value_ch0 = 0, padding_value_ch1 = 0, "
                       "padding_value_ch2 = 0, padding_value_ch3 = 0")]
    _cpp_fields = _fields_of("AippPaddingParams")
    _value_fields = ("padding_value_ch0", "padding_value_ch1", "padding_value_ch2", "padding_value_ch3")
    __slots__ = ()


class AippChannelPaddingParams(_AippTyped):
    """AscendC::AippChannelPaddingParams<T>: the channels past the image's own (c_padding_mode
    0: up to 32 bytes of T per pixel; 1: up to 4 channels), filled with c_padding_value."""

    _mnemonic = "aipp_cpadding_params"
    _forms = [api.Form("c_padding_mode: int = 0, c_padding_value = 0")]
    _cpp_fields = _fields_of("AippChannelPaddingParams")
    _value_fields = ("c_padding_value",)
    __slots__ = ()


# The element types of AippParams<T> (pyasc's: LoadImageToLocal's int8_t or half on Atlas A2).
_AIPP_DTYPES = (dt.int8, dt.float16)
# AippParams' member structs in the C++ member order: (Python field, class).
_AIPP_MEMBERS = tuple((field, globals()[name]) for field, name in (
    ("padding_params", "AippPaddingParams"), ("swap_params", "AippSwapParams"),
    ("single_line_params", "AippSingleLineParams"), ("dtc_params", "AippDataTypeConvParams"),
    ("c_padding_params", "AippChannelPaddingParams"), ("csc_params", "AippColorSpaceConvParams")))


class AippParams(ParamStruct):
    """AscendC::AippParams<T>: the configuration asc.set_aipp_functions gives the AIPP unit
    for the next load_image_to_local; T (`dtype`, asc.int8 or asc.float16) is the image's
    type in L1. Members left out take their defaults (no swap, no CSC, mean 0, min 0, var 1)."""

    _mnemonic = "aipp_params"
    _forms = [api.Form("dtype: DataType, padding_params = None, swap_params = None, "
                       "single_line_params = None, dtc_params = None, c_padding_params = None, "
                       "csc_params = None")]
    _cpp_fields = [field for field, _ in _AIPP_MEMBERS]
    __slots__ = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        dtype = self.fields["dtype"]
        if dtype not in _AIPP_DTYPES:
            raise TypeError(f"asc.AippParams: dtype must be asc.int8 or asc.float16 (the image's type "
                            f"in L1), got {getattr(dtype, 'name', dtype)}")
        for field, cls in _AIPP_MEMBERS:
            value = self.fields.get(field)
            if value is None:
                self.fields[field] = cls()
            elif not isinstance(value, cls):
                raise TypeError(f"asc.AippParams: {field} must be an asc.{cls.__name__}, got "
                                f"{type(value).__name__}")

    def ir_type(self, builder):
        return builder.parse_type(f"!ascendc.aipp_params<{self.fields['dtype'].to_ir(builder)}>")

    def materialize(self):
        b = context.builder()
        dtype = self.fields["dtype"]
        handles = [self.fields[field].materialize(dtype) if isinstance(self.fields[field], _AippTyped)
                   else self.fields[field].materialize() for field, _ in _AIPP_MEMBERS]
        return b.create_asc_ConstructOp(self.ir_type(b), handles)


for _cls in (AippPaddingParams, AippChannelPaddingParams, AippParams):
    _cls.__module__ = __name__
    api.register_class(_cls)


def slice_info_list(slices, what: str):
    """An `AscendC::SliceInfo name[N] = {...}` array (ascendc.slice_info_list) of `slices`."""
    b = context.builder()
    items = list(slices) if isinstance(slices, (list, tuple)) else [slices]
    if not items:
        raise ValueError(f"{what}: at least one asc.SliceInfo")
    for i, s in enumerate(items):
        if not isinstance(s, SliceInfo):
            raise TypeError(f"{what}[{i}] must be an asc.SliceInfo, got {type(s).__name__}")
    return b.create_asc_SliceInfoListOp([s.materialize() for s in items], len(items))


def _register_docs():
    from .. import docs
    docs.SUMMARIES.setdefault("get_shape_size", "The number of elements of `shape_info`'s shape (the "
                                                "product of its dimensions).")
    docs.PARAMS.setdefault("shape_info", "an asc.ShapeInfo")


_register_docs()


@api.api("GetShapeSize", "types", "shape_info: ShapeInfo")
def get_shape_size(form, a):
    """The product of the dimensions of `shape_info` (compile-time when they all are)."""
    info = a.shape_info
    if info.handle is None and not any(isinstance(v, PlainValue) for v in info.fields["shape"]):
        n = 1
        for v in info.fields["shape"]:
            n *= int(v)
        return n
    from .semantic import from_result as wrap_scalar
    return wrap_scalar(context.builder().create_asc_GetShapeSizeOp(info.materialize()))


__all__ = _GENERIC + ["DataCopyPadExtParams", "ParamStruct", "MrgSortSrcList",
                      "ShapeInfo", "get_shape_size", "SliceInfo", "AippPaddingParams",
                      "AippChannelPaddingParams", "AippParams"]
