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

from ...codegen import context
from . import api
from . import dtype as dt
from .ir_value import PlainValue

# (class name, dialect type mnemonic, pyasc constructor forms, C++ field order as pyasc names)
_STRUCTS: List[Tuple[str, str, List[str], List[str]]] = [
    ('BinaryRepeatParams', 'binary_repeat_params',
     ['dst_blk_stride: int = 1, src0_blk_stride: int = 1, src1_blk_stride: int = 1, dst_rep_stride: int = 8, src0_rep_stride: int = 8, src1_rep_stride: int = 8'],
     ['dst_blk_stride', 'src0_blk_stride', 'src1_blk_stride', 'dst_rep_stride', 'src0_rep_stride', 'src1_rep_stride']),
    ('BrcbRepeatParams', 'brcb_repeat_params',
     ['dst_blk_stride: int = 1, dst_rep_stride: int = 8'],
     ['dst_blk_stride', 'dst_rep_stride']),
    ('CopyRepeatParams', 'copy_repeat_params',
     ['dst_stride: int = 0, src_stride: int = 0, dst_repeat_size: int = 0, src_repeat_size: int = 0'],
     ['dst_stride', 'src_stride', 'dst_repeat_size', 'src_repeat_size']),
    ('DataCopyParams', 'data_copy_params',
     ['block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0'],
     ['block_count', 'block_len', 'src_stride', 'dst_stride']),
    ('DataCopyEnhancedParams', 'data_copy_enhanced_params',
     ['block_mode: BlockMode = BlockMode.BLOCK_MODE_NORMAL, deq_scale: DeqScale = DeqScale.DEQ_NONE, deq_value_in: int = 0, sid_store_mode_in: int = 0, is_relu_in: bool = False, pad_mode_in: pad_t = pad_t.PAD_NONE, pad_value_in: int = 0'],
     ['block_mode', 'deq_scale', 'deq_value_in', 'sid_store_mode_in', 'is_relu_in', 'pad_mode_in', 'pad_value_in']),
    ('InitConstValueParams', 'init_const_value_params',
     ['repeat_times: int = 0, block_num: int = 0, dst_gap: int = 0, init_value = 0'],
     ['repeat_times', 'block_num', 'dst_gap', 'init_value']),
    ('UnaryRepeatParams', 'unary_repeat_params',
     ['dst_blk_stride: int = 1, src_blk_stride: int = 1, dst_rep_stride: int = 8, src_rep_stride: int = 8'],
     ['dst_blk_stride', 'src_blk_stride', 'dst_rep_stride', 'src_rep_stride']),
    ('TransDataTo5HDParams', 'trans_data_to_5hd_params',
     ['dst_high_half: bool = False, src_high_half: bool = False, repeat_times: int = 1, dst_rep_stride: int = 0, src_rep_stride: int = 0'],
     ['dst_high_half', 'src_high_half', 'repeat_times', 'dst_rep_stride', 'src_rep_stride']),
    ('TransposeParamsExt', 'transpose_params_ext',
     ['n_size: int = 0, c_size: int = 0, h_size: int = 0, w_size: int = 0, transpose_type: TransposeType = TransposeType.TRANSPOSE_ND2ND_B16'],
     ['n_size', 'c_size', 'h_size', 'w_size', 'transpose_type']),
    ('DataCopyPadParams', 'data_copy_pad_params',
     ['is_pad: bool = False, left_padding: int = 0, right_padding: int = 0, padding_value: int = 0'],
     ['is_pad', 'left_padding', 'right_padding', 'padding_value']),
    ('DataCopyExtParams', 'data_copy_ext_params',
     ['block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0, rsv: int = 0'],
     ['block_count', 'block_len', 'src_stride', 'dst_stride', 'rsv']),
    ('GatherMaskParams', 'gather_mask_params',
     ['src0_block_stride: int = 1, repeat_times: int = 1, src0_repeat_stride: int = 0, src1_repeat_stride: int = 0'],
     ['src0_block_stride', 'repeat_times', 'src0_repeat_stride', 'src1_repeat_stride']),
    ('MmadParams', 'mmad_params',
     ['m: int = 0, n: int = 0, k: int = 0, unit_flag: int = 0, cmatrix_source: bool = False, cmatrix_init_val: bool = True', 'm: int = 0, n: int = 0, k: int = 0, is_bias: bool = False, fm_offset: int = 0, en_ssparse: bool = False, en_winograd_a: bool = False, en_winograd_b: bool = False'],
     ['m', 'n', 'k', 'unit_flag', 'cmatrix_source', 'cmatrix_init_val']),
    ('Nd2NzParams', 'nd2nz_params',
     ['nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_d_value: int, dst_nz_c0_stride: int, dst_nz_n_stride: int, dst_nz_matrix_stride: int'],
     ['nd_num', 'n_value', 'd_value', 'src_nd_matrix_stride', 'src_d_value', 'dst_nz_c0_stride', 'dst_nz_n_stride', 'dst_nz_matrix_stride']),
    ('Nz2NdParamsFull', 'nz2nd_params_full',
     ['nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_n_stride: int, dst_d_stride: int, dst_nd_matrix_stride: int'],
     ['nd_num', 'n_value', 'd_value', 'src_nd_matrix_stride', 'src_n_stride', 'dst_d_stride', 'dst_nd_matrix_stride']),
    ('DataCopyCO12DstParams', 'data_copy_co12_dst_params',
     ['n_size: int, m_size: int, dst_stride: int, src_stride: int, quant_pre: QuantModes = QuantModes.NoQuant, relu_pre: int = 0, channel_split: bool = False, nz2nd_en: bool = False'],
     ['n_size', 'm_size', 'dst_stride', 'src_stride', 'quant_pre', 'relu_pre', 'channel_split', 'nz2nd_en']),
    ('GatherRepeatParams', 'gather_repeat_params',
     ['dst_blk_stride: int = 1, dst_rep_stride: int = 8'],
     ['dst_blk_stride', 'dst_rep_stride']),
    ('LoadData2DParams', 'load_data_2d_params',
     ['start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, sid: int = 0, dst_gap: int = 0, if_transpose: bool = False, addr_mode: int = 0'],
     ['start_index', 'repeat_times', 'src_stride', 'sid', 'dst_gap', 'if_transpose', 'addr_mode']),
    ('LoadData2DParamsV2', 'load_data_2d_params_v2',
     ['m_start_position: int = 0, k_start_position: int = 0, m_step: int = 0, k_step: int = 0, src_stride: int = 0, dst_stride: int = 0, if_transpose: bool = False, sid: int = 0'],
     ['m_start_position', 'k_start_position', 'm_step', 'k_step', 'src_stride', 'dst_stride', 'if_transpose', 'sid']),
    ('LoadData3DParamsV1', 'load_data_3d_params_v1',
     ['pad_list = (0, 0, 0, 0), l1_h: int = 1, l1_w: int = 1, c1_index: int = 0, fetch_filter_w: int = 0, fetch_filter_h: int = 0, left_top_w: int = 0, left_top_h: int = 0, stride_w: int = 1, stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1, dilation_filter_h: int = 1, jump_stride: int = 1, repeat_mode: int = 0, repeat_time: int = 1, c_size: int = 0, pad_value: int = 0'],
     ['pad_list', 'l1_h', 'l1_w', 'c1_index', 'fetch_filter_w', 'fetch_filter_h', 'left_top_w', 'left_top_h', 'stride_w', 'stride_h', 'filter_w', 'filter_h', 'dilation_filter_w', 'dilation_filter_h', 'jump_stride', 'repeat_mode', 'repeat_time', 'c_size', 'pad_value']),
    ('LoadData3DParamsV2', 'load_data_3d_params_v2',
     ['pad_list = (0, 0, 0, 0), l1_h: int = 1, l1_w: int = 1, channel_size: int = 1, k_extension: int = 1, m_extension: int = 1, k_start_pt: int = 0, m_start_pt: int = 0, stride_w: int = 1, stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1, dilation_filter_h: int = 1, en_transpose: bool = False, en_small_k: bool = False, pad_value: int = 0, filter_size_w: bool = False, filter_size_h: bool = False, f_matrix_ctrl: bool = False'],
     ['pad_list', 'l1_h', 'l1_w', 'channel_size', 'k_extension', 'm_extension', 'k_start_pt', 'm_start_pt', 'stride_w', 'stride_h', 'filter_w', 'filter_h', 'dilation_filter_w', 'dilation_filter_h', 'en_transpose', 'en_small_k', 'pad_value', 'filter_size_w', 'filter_size_h', 'f_matrix_ctrl']),
    ('LoadData3DParamsV2Pro', 'load_data_3d_params_v2_pro',
     ['channel_size: int = 0, en_transpose: bool = False, en_small_k: bool = False, filter_size_w: bool = False, filter_size_h: bool = False, f_matrix_ctrl: bool = False, ext_config: int = 0, filter_config: int = 1103823438081'],
     ['channel_size', 'en_transpose', 'en_small_k', 'filter_size_w', 'filter_size_h', 'f_matrix_ctrl', 'ext_config', 'filter_config']),
    ('LoadData2dTransposeParams', 'load_data_2d_transpose_params',
     ['start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, dst_gap: int = 0, dst_frac_gap: int = 0, addr_mode: int = 0'],
     ['start_index', 'repeat_times', 'src_stride', 'dst_gap', 'dst_frac_gap', 'addr_mode']),
    ('LoadData2dTransposeParamsV2', 'load_data_2d_transpose_params_v2',
     ['start_index: int = 0, repeat_times: int = 0, src_stride: int = 0, dst_gap: int = 0, dst_frac_gap: int = 0, src_frac_gap: int = 0, addr_mode: int = 0'],
     ['start_index', 'repeat_times', 'src_stride', 'dst_gap', 'dst_frac_gap', 'src_frac_gap', 'addr_mode']),
    ('LoadDataRepeatParam', 'load_data_repeat_param',
     ['repeat_time: int = 1, repeat_stride: int = 0, repeat_mode: int = 0'],
     ['repeat_stride', 'repeat_time', 'repeat_mode']),
    ('MrgSort4Info', 'mrg_sort_4_info',
     ['element_lengths: List[int], if_exhausted_suspension: bool = False, valid_bit: int = 15, repeat_times: int = 1'],
     ['element_lengths', 'if_exhausted_suspension', 'valid_bit', 'repeat_times']),
    ('VdeqInfo', 'vdeq_info',
     ['scale: List[float], offset: List[int], sign_mode: List[bool]'],
     ['scale', 'offset', 'sign_mode']),
    ('FixpipeParamsV220', 'fixpipe_params_v220',
     ['n_size: int, m_size: int, src_stride: int, dst_stride: int, quant_pre: QuantModes = QuantModes.NoQuant, deq_scalar: int = 0, nd_num: int = 1, src_nd_stride: int = 0, dst_nd_stride: int = 0, relu_en: bool = False, unit_flag: int = 0, is_channel_split: bool = False'],
     ['n_size', 'm_size', 'src_stride', 'dst_stride', 'relu_en', 'quant_pre', 'deq_scalar', 'nd_num', 'src_nd_stride', 'dst_nd_stride', 'unit_flag', 'is_channel_split']),
    ('LoadImageToLocalParams', 'load_image_to_local_params',
     ['horiz_size: int = 2, vert_size: int = 2, horiz_start_pos: int = 0, vert_start_pos: int = 0, src_horiz_size: int = 2, top_pad_size: int = 0, bot_pad_size: int = 0, left_pad_size: int = 0, right_pad_size: int = 0, sid: int = 0'],
     ['horiz_size', 'vert_size', 'horiz_start_pos', 'vert_start_pos', 'src_horiz_size', 'top_pad_size', 'bot_pad_size', 'left_pad_size', 'right_pad_size', 'sid']),
    ('CheckLocalMemoryIAParam', 'check_local_memory_ia_param',
     ['enable_bit: int = 0, start_addr: int = 0, end_addr: int = 0, is_scalar_read: bool = False, is_scalar_write: bool = False, is_vector_read: bool = False, is_vector_write: bool = False, is_mte_read: bool = False, is_mte_write: bool = False, is_enable: bool = False'],
     ['enable_bit', 'start_addr', 'end_addr', 'is_scalar_read', 'is_scalar_write', 'is_vector_read', 'is_vector_write', 'is_mte_read', 'is_mte_write', 'is_enable']),
]


# Array fields: (struct, field) -> (length, element dtype). Their values are
# lists (or asc.array), padded with zeros to the length; ascendc.construct takes
# the elements as consecutive operands and the emitter declares the array.
_ARRAY_FIELDS: Dict[Tuple[str, str], Tuple[int, dt.DataType]] = {
    ("MrgSort4Info", "element_lengths"): (4, dt.int32),
    ("LoadData3DParamsV1", "pad_list"): (4, dt.int32),
    ("LoadData3DParamsV2", "pad_list"): (4, dt.int32),
    ("ShapeInfo", "shape"): (8, dt.int32),
    ("VdeqInfo", "scale"): (16, dt.float32),
    ("VdeqInfo", "offset"): (16, dt.int16),
    ("VdeqInfo", "sign_mode"): (16, dt.bool_),
    ("ShapeInfo", "original_shape"): (8, dt.int32),
}


def _field_handle(b, value, kind=None):
    from ...codegen import scalar
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


def _make(name: str, mnemonic: str, forms: List[str], cpp_fields: List[str]) -> type:
    cls = type(name, (ParamStruct,), {"__slots__": (), "_mnemonic": mnemonic,
                                      "_forms": [api.Form(f) for f in forms],
                                      "_cpp_fields": cpp_fields})
    cls.__doc__ = (f"AscendC::{name}. Fields: " + "; ".join(forms))
    cls.__module__ = __name__
    return api.register_class(cls)


for _name, _mnemonic, _forms, _fields in _STRUCTS:
    globals()[_name] = _make(_name, _mnemonic, _forms, _fields)


class DataCopyPadExtParams(ParamStruct):
    """AscendC::DataCopyPadExtParams<T>: padding for DataCopyPad, typed by the tensors' dtype."""

    _mnemonic = "data_copy_pad_ext_params"
    _forms = [api.Form("dtype: DataType, is_pad: bool = False, left_padding: int = 0, "
                       "right_padding: int = 0, padding_value: int = 0")]
    _cpp_fields = ["is_pad", "left_padding", "right_padding", "padding_value"]
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
    _cpp_fields = ["src1", "src2", "src3", "src4"]
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
    _cpp_fields = ["shape_dim", "shape", "original_shape_dim", "original_shape", "data_format"]
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
        from ...codegen import scalar
        from .tensor import wrap_scalar
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
    _cpp_fields = ["start_index", "end_index", "stride", "burst_len", "shape_value"]
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
        k = int(key)
        if not -5 <= k < 5:
            raise IndexError(f"asc.SliceInfo: field index {k} out of range 0..4")
        return self.fields[self._cpp_fields[k]]

    def __len__(self):
        return 5


api.register_class(SliceInfo)


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
    from .tensor import wrap_scalar
    return wrap_scalar(context.builder().create_asc_GetShapeSizeOp(info.materialize()))


__all__ = [s[0] for s in _STRUCTS] + ["DataCopyPadExtParams", "ParamStruct", "MrgSortSrcList",
                                      "ShapeInfo", "get_shape_size", "SliceInfo"]
