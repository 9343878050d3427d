"""adv/matmul: asc.adv.Matmul (AscendC::Matmul<A, B, C, BIAS, CFG>), register_matmul
(REGIST_MATMUL_OBJ), the tiling structs TCubeTiling / MatmulApiStaticTiling and
get_matmul_api_tiling.

A kernel declares the object from four MatmulTypes, registers it with the pipe
and the host's TCubeTiling, gives it A, B (and a bias), then runs it whole
(`iterate_all(c_gm)`) or block by block:

    with mm.iterate() as count:          # while mm.Iterate(): ... count += 1
        mm.get_tensor_c(c_local, en_sequential_write=True)

Each method is one dialect op that the emitter prints as the member call; the
Model composes the object from its cube primitives (asc_model/adv_matmul.h).
"""

from __future__ import annotations

from typing import Optional

from .. import docs
from ..core import context, semantic
from ..core import dtype as dt
from ..core import types as _types
from ..core.api import builtin
from ..core.constexpr import ConstExpr, RuntimeValue
from ..core.enums import LayoutMode, TPosition
from ..core.ir_value import GlobalAddress, PlainValue
from ..core.lowering import build, i32, tensor
from ..core.tensor import GlobalTensor, LocalTensor
from . import matmul_api_tiling
from .matmul_types import MatmulConfig, MatmulType, config_type_text

TCubeTiling = _types.TCubeTiling
MatmulApiStaticTiling = _types.MatmulApiStaticTiling

# The element types Ascend C's Matmul takes for A/B (the Model's runs 16-bit ones),
# and for C / the bias.
_AB_TYPES = (dt.float16, dt.bfloat16, dt.int8, dt.float32)
_C_TYPES = (dt.float32, dt.float16, dt.bfloat16, dt.int32, dt.int8)

docs.SUMMARIES["adv.Matmul"] = ("The adv matrix multiply C = A * B (+ bias) of Ascend C, built from four "
                                "MatmulTypes and a MatmulConfig.")


def _flag(name: str, value) -> bool:
    value = ConstExpr.unwrap(value)
    if isinstance(value, RuntimeValue) or not isinstance(value, (bool, int)):
        raise TypeError(f"asc.adv.Matmul: {name} is a template argument of the Ascend C call and must be a "
                        f"compile-time bool")
    return bool(value)


def _bit(x):
    if isinstance(x, RuntimeValue):
        return semantic.to_bool(x).handle
    return context.builder().get_bool(bool(ConstExpr.unwrap(x)))


def _i8(x):
    x = ConstExpr.unwrap(x)
    if not isinstance(x, RuntimeValue) and x not in (0, 1, 2, 3):
        raise ValueError(f"en_atomic must be 0, 1, 2 or 3, got {x!r}")
    return semantic.as_value(x, dt.int8).handle


def _check_type(name: str, t, accepted) -> None:
    if not isinstance(t, MatmulType):
        raise TypeError(f"asc.adv.Matmul: {name} must be an asc.adv.MatmulType, got {type(t).__name__}")
    if t.dtype not in accepted:
        raise TypeError(f"asc.adv.Matmul: {name} of {t.dtype.name} is not supported (accepted: "
                        f"{', '.join(d.name for d in accepted)})")


def _tiling(x, what="tiling"):
    if not isinstance(x, (TCubeTiling,)):
        raise TypeError(f"{what} must be an asc.adv.TCubeTiling, got {type(x).__name__}")
    return x.materialize()


_MIXED_BATCH = ("the Matmul of a mixed kernel (Ascend C's MatmulClient, which the vector cores drive) has no "
                "SetBatchNum and no IterateBatch without counts: pass them to iterate_batch(c, batch_a, batch_b, "
                "en_sequential_write, ...); set_batch_num and iterate_batch(c, en_partial_sum, en_atomic, ...) are "
                "the cube-only Matmul's (@asc.jit(matmul_cube_only=True))")


def _cube_only() -> bool:
    """The kernel runs on the cube cores alone (matmul_cube_only, kernel_type AIC_ONLY): its
    Matmul is Ascend C's MatmulImpl, else the MatmulClient of a mixed kernel."""
    return bool(getattr(context.current(), "matmul_cube_only", False))


class Matmul(RuntimeValue):
    """AscendC::Matmul<A, B, C, BIAS, MM_CFG>: declared in the kernel, then registered."""

    __slots__ = ("a", "b", "c", "bias", "config")

    def __init__(self, a: MatmulType, b: MatmulType, c: MatmulType, bias: Optional[MatmulType] = None,
                 matmul_config: Optional[MatmulConfig] = None, matmul_policy=0):
        context.current()
        _check_type("a", a, _AB_TYPES)
        _check_type("b", b, _AB_TYPES)
        _check_type("c", c, _C_TYPES)
        if bias is not None:
            _check_type("bias", bias, _C_TYPES)
        if a.dtype != b.dtype:
            raise TypeError(f"asc.adv.Matmul: a is {a.dtype.name} but b is {b.dtype.name}")
        if int(matmul_policy or 0) != 0:
            raise NotImplementedError("asc.adv.Matmul: only the default MatmulPolicy is supported")
        config = matmul_config
        if config is not None and not isinstance(config, MatmulConfig):
            raise TypeError(f"asc.adv.Matmul: matmul_config must be an asc.adv.MatmulConfig, got "
                            f"{type(config).__name__}")
        bias_t = bias if bias is not None else MatmulType(c.position, c.format, c.dtype)
        b_ = context.builder()
        ty = b_.parse_type(
            "!ascendc.matmul<" + ", ".join([
                self._side("a", a, b_, True), self._side("b", b, b_, True), self._side("c", c, b_, False),
                self._side("bias", bias_t, b_, False)]) + ", " + config_type_text(config) + ">")
        super().__init__(build("MatmulOp", ty))
        self.a, self.b, self.c, self.bias, self.config = a, b, c, bias, config

    @staticmethod
    def _side(name: str, t: MatmulType, b_, with_trans: bool) -> str:
        layout = ConstExpr.unwrap(t.layout)
        if isinstance(layout, RuntimeValue):
            raise TypeError(f"asc.adv.MatmulType: the layout of {name} is a template argument and must be a "
                            "compile-time LayoutMode")
        layout = LayoutMode(int(layout))
        if name == "bias" and layout != LayoutMode.NONE:
            raise ValueError("asc.adv.MatmulType: the bias has no batch layout")
        pos = TPosition(int(t.position)).name
        fmt = type(t.format)(int(t.format)).name
        text = f"{name}Pos = {pos}, {name}Fmt = {fmt}, {name}Type = {t.dtype.to_ir(b_)}"
        if with_trans:
            is_trans = ConstExpr.unwrap(t.is_trans)
            if isinstance(is_trans, RuntimeValue):
                raise TypeError(f"asc.adv.MatmulType: is_trans of {name} is a template argument and must be a "
                                "compile-time bool")
            text += f", {name}Trans = {'true' if is_trans else 'false'}"
        if layout != LayoutMode.NONE:
            text += f", {name}Layout = {layout.name}"
        return text

    # ---- setup -----------------------------------------------------------------------
    @builtin
    def init(self, tiling) -> None:
        """`mm.Init(&tiling)`."""
        build("MatmulInitOp", self.handle, _tiling(tiling))

    def _set_matrix(self, which: str, t: MatmulType, tensor_or_scalar, transpose):
        if not isinstance(tensor_or_scalar, (GlobalTensor, LocalTensor)):
            # SetTensorA/B(scalar): every element of the matrix is the scalar
            if ConstExpr.unwrap(transpose) not in (False, 0):
                raise ValueError(f"set_tensor_{which.lower()}(scalar) takes no transpose flag")
            if not isinstance(ConstExpr.unwrap(tensor_or_scalar), (int, float, PlainValue)):
                raise TypeError(f"set_tensor_{which.lower()}: a GlobalTensor, LocalTensor or scalar, got "
                                f"{type(tensor_or_scalar).__name__}")
            build(f"MatmulSetTensor{which}ScalarOp", self.handle, semantic.as_value(tensor_or_scalar, t.dtype).handle)
            return
        if tensor_or_scalar.dtype != t.dtype:
            raise TypeError(f"set_tensor_{which.lower()}: the Matmul's {which.lower()} is {t.dtype.name}, the "
                            f"tensor {tensor_or_scalar.dtype.name}")
        build(f"MatmulSetTensor{which}Op", self.handle, tensor(tensor_or_scalar), _bit(transpose))

    @builtin
    def set_tensor_a(self, tensor, transpose=False) -> None:  # noqa: F811 - pyasc's names
        """`mm.SetTensorA(gm, isTransposeA)`."""
        self._set_matrix("A", self.a, tensor, transpose)

    @builtin
    def set_tensor_b(self, tensor, transpose=False) -> None:  # noqa: F811
        """`mm.SetTensorB(gm, isTransposeB)`."""
        self._set_matrix("B", self.b, tensor, transpose)

    @builtin
    def set_bias(self, tensor) -> None:  # noqa: F811
        """`mm.SetBias(gm)`: C = A * B + bias (one row of N values). Without a bias MatmulType the
        bias has C's type (Ascend C's default BIAS_TYPE)."""
        bias = self.bias if self.bias is not None else self.c
        if not isinstance(tensor, (GlobalTensor, LocalTensor)):
            raise TypeError(f"set_bias: a GlobalTensor or LocalTensor, got {type(tensor).__name__}")
        if tensor.dtype != bias.dtype:
            what = "the bias" if self.bias is not None else "the bias (C's type: no bias MatmulType was given)"
            raise TypeError(f"set_bias: {what} is {bias.dtype.name}, the tensor {tensor.dtype.name}")
        build("MatmulSetBiasOp", self.handle, _tensor_arg(tensor))

    @builtin
    def disable_bias(self) -> None:
        build("MatmulDisableBiasOp", self.handle)

    @builtin
    def set_tail(self, tail_m=-1, tail_n=-1, tail_k=-1) -> None:
        """`mm.SetTail(tailM, tailN, tailK)`: this core's shape when it is smaller than the tiling's."""
        build("MatmulSetTailOp", self.handle, i32(tail_m), i32(tail_n), i32(tail_k))

    @builtin
    def set_org_shape(self, org_m, org_n, org_ka, org_kb=None, org_kc=None) -> None:
        """`mm.SetOrgShape(orgM, orgN, orgKa[, orgKb, orgKc])`: the full matrices' shapes (GM strides)."""
        if org_kb is None:
            build("MatmulSetOrgShapeOp", self.handle, i32(org_m), i32(org_n), i32(org_ka))
        else:
            build("MatmulSetOrgShapeKbOp", self.handle, i32(org_m), i32(org_n), i32(org_ka), i32(org_kb),
                  i32(0 if org_kc is None else org_kc))

    @builtin
    def set_single_shape(self, single_m, single_n, single_k) -> None:
        build("MatmulSetSingleShapeOp", self.handle, i32(single_m), i32(single_n), i32(single_k))

    @builtin
    def set_hf32(self, enable_hf32=False, trans_mode=0) -> None:
        build("MatmulSetHF32Op", self.handle, _bit(enable_hf32), i32(trans_mode))

    # ---- compute ---------------------------------------------------------------------
    @builtin
    def iterate_all(self, tensor, en_atomic=0, sync=True, en_sequential_write=None, wait_iterate_all=None,
                    fake_msg=None) -> None:
        """`mm.IterateAll<sync>(c, enAtomic, ...)`: all of this core's C."""
        self._check_c(tensor, "iterate_all")
        sync = _flag("sync", sync)
        if isinstance(tensor, GlobalTensor):
            if wait_iterate_all and sync:
                raise ValueError("iterate_all: wait_iterate_all=True needs sync=False")
            build("MatmulIterateAllOp", self.handle, tensor._value(), _i8(en_atomic),
                  _bit(en_sequential_write or False), _bit(wait_iterate_all or False), _bit(fake_msg or False),
                  sync)
        else:
            for name, v in (("en_sequential_write", en_sequential_write), ("wait_iterate_all", wait_iterate_all),
                            ("fake_msg", fake_msg)):
                if v is not None:
                    raise ValueError(f"iterate_all to a LocalTensor takes no {name}")
            build("MatmulIterateAllLocalOp", self.handle, tensor._value(), _i8(en_atomic), sync)

    @builtin
    def wait_iterate_all(self) -> None:
        build("MatmulWaitIterateAllOp", self.handle)

    @builtin
    def iterate(self, en_partial_sum=False, sync=True, local_c_matrix=None) -> "MatmulIterator":
        """The block loop: `with mm.iterate() as count:` (or `while mm.iterate(): ...`)."""
        if local_c_matrix is not None:
            raise NotImplementedError("iterate(local_c_matrix=...) is not supported yet")
        return MatmulIterator(self, en_partial_sum, _flag("sync", sync))

    @builtin
    def get_tensor_c(self, tensor=None, en_atomic=0, en_sequential_write=False, sync=True,
                     optional_tensor=None) -> None:
        """`mm.GetTensorC<sync>(c, enAtomic, enSequentialWrite)`: the block of the last Iterate."""
        if tensor is None:
            raise NotImplementedError("get_tensor_c() returning a GlobalTensor (sync=False) is not supported "
                                      "yet: pass the destination tensor")
        self._check_c(tensor, "get_tensor_c")
        if optional_tensor is not None:  # GetTensorC(gm, ub, ...): the block to both
            if not isinstance(tensor, GlobalTensor) or not isinstance(optional_tensor, LocalTensor):
                raise TypeError("get_tensor_c(gm, optional_tensor=ub): the destination is a GlobalTensor and "
                                "the optional one a LocalTensor")
            self._check_c(optional_tensor, "get_tensor_c")
            build("MatmulGetTensorCBothOp", self.handle, tensor._value(), optional_tensor._value(), _i8(en_atomic),
                  _bit(en_sequential_write), _flag("sync", sync))
            return
        build("MatmulGetTensorCOp", self.handle, tensor._value(), _i8(en_atomic), _bit(en_sequential_write),
              _flag("sync", sync))

    @builtin
    def async_get_tensor_c(self, c) -> None:
        """`mm.AsyncGetTensorC(ub)`: the block of an asynchronous `iterate(sync=False)`, complete
        after `wait_get_tensor_c()`."""
        if not isinstance(c, LocalTensor):
            raise TypeError(f"async_get_tensor_c: c must be a LocalTensor, got {type(c).__name__}")
        self._check_c(c, "async_get_tensor_c")
        build("MatmulAsyncGetTensorCOp", self.handle, c._value())

    @builtin
    def wait_get_tensor_c(self) -> None:
        """`mm.WaitGetTensorC()`."""
        build("MatmulWaitGetTensorCOp", self.handle)

    # ---- batch -----------------------------------------------------------------------
    @builtin
    def set_batch_num(self, batch_a, batch_b) -> None:
        """`mm.SetBatchNum(batchA, batchB)`: the batches of A and B the next
        `iterate_batch(c, en_partial_sum, en_atomic, ...)` multiplies. A method of the cube-only
        Matmul (matmul_cube_only=True) alone, as in Ascend C."""
        if not _cube_only():
            raise ValueError("set_batch_num: " + _MIXED_BATCH)
        build("MatmulSetBatchNumOp", self.handle, i32(batch_a), i32(batch_b))

    @builtin
    def iterate_batch(self, tensor, batch_a, batch_b, en_sequential_write=False, matrix_stride_a=0,
                      matrix_stride_b=0, matrix_stride_c=0, en_partial_sum=False, en_atomic=0, sync=True,
                      wait_iterate_batch=None) -> None:
        """`mm.IterateBatch<sync, waitIterateBatch>(c, batchA, batchB, enSequentialWrite, strideA,
        strideB, strideC, enPartialSum, enAtomic)`: max(batch_a, batch_b) matrices C_i = A_i * B_i
        (the smaller side broadcast), each singleCoreM x singleCoreN. The form
        `iterate_batch(c, en_partial_sum, en_atomic, en_sequential_write, ...)` (a bool second)
        takes the counts of `set_batch_num`: that form is the cube-only Matmul's (matmul_cube_only=True),
        the other the mixed kernel's, as in Ascend C (MatmulImpl / MatmulClient)."""
        self._check_c(tensor, "iterate_batch")
        if isinstance(ConstExpr.unwrap(batch_a), bool):
            # Ascend C's MatmulImpl has IterateBatch only for a batch layout (batch_matmul_impl.h); the
            # MatmulClient of a mixed kernel takes the call for any layout, and its cube core drops it
            # for LayoutMode::NONE (the Model stops there).
            for side in ("a", "b", "c"):
                if self._layout(side) == LayoutMode.NONE:
                    raise ValueError(f"iterate_batch: the Matmul's {side} MatmulType has no batch layout "
                                     "(layout=asc.LayoutMode.NORMAL, BSNGD, ...)")
            # iterate_batch(c, en_partial_sum, en_atomic, en_sequential_write, strides...): the counts of
            # set_batch_num
            if wait_iterate_batch is not None or _flag("sync", sync) is not True:
                raise ValueError("iterate_batch(c, en_partial_sum, en_atomic, ...) has no sync / "
                                 "wait_iterate_batch arguments")
            if not _cube_only():
                raise ValueError("iterate_batch(c, en_partial_sum, en_atomic, ...): " + _MIXED_BATCH)
            build("MatmulIterateBatchNumOp", self.handle, tensor._value(), _bit(batch_a), _i8(batch_b),
                  _bit(en_sequential_write), i32(matrix_stride_a), i32(matrix_stride_b), i32(matrix_stride_c))
            return
        if _cube_only():
            raise ValueError("iterate_batch(c, batch_a, batch_b, ...): the Matmul of a cube-only kernel (Ascend "
                             "C's MatmulImpl) takes its counts from set_batch_num: "
                             "mm.set_batch_num(batch_a, batch_b); mm.iterate_batch(c, en_partial_sum, en_atomic, "
                             "en_sequential_write, ...)")
        sync = _flag("sync", sync)
        args = (i32(batch_a), i32(batch_b), _bit(en_sequential_write), i32(matrix_stride_a), i32(matrix_stride_b),
                i32(matrix_stride_c), _bit(en_partial_sum), _i8(en_atomic))
        if isinstance(tensor, GlobalTensor):
            wait = _flag("wait_iterate_batch", bool(wait_iterate_batch))
            if wait and sync:
                raise ValueError("iterate_batch: wait_iterate_batch=True needs sync=False")
            build("MatmulIterateBatchOp", self.handle, tensor._value(), *args, sync, wait)
        else:
            if wait_iterate_batch is not None:
                raise ValueError("iterate_batch to a LocalTensor takes no wait_iterate_batch")
            build("MatmulIterateBatchLocalOp", self.handle, tensor._value(), *args, sync)

    @builtin
    def wait_iterate_batch(self) -> None:
        """`mm.WaitIterateBatch()`: the end of an `iterate_batch(..., sync=False, wait_iterate_batch=True)`."""
        build("MatmulWaitIterateBatchOp", self.handle)

    def _layout(self, side: str) -> LayoutMode:
        return LayoutMode(int(ConstExpr.unwrap(getattr(self, side).layout)))

    def _mixed_only(self, api: str) -> None:
        if _cube_only():
            raise ValueError(f"{api}: a method of the mixed kernel's Matmul (Ascend C's MatmulClient); the "
                             "cube-only Matmul (MatmulImpl, matmul_cube_only=True) has none")

    @builtin
    def iterate_n_batch(self, batch_loop, batch_a, batch_b, en_sequential_write, matrix_stride_a=0,
                        matrix_stride_b=0, matrix_stride_c=0, sync=True, wait_iterate_batch=False) -> None:
        """`mm.IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB, enSequentialWrite, strideA,
        strideB, strideC)`: batch_loop rounds of iterate_batch(batch_a, batch_b) into the workspace
        (set_workspace), fetched with get_batch_tensor_c. It needs a MatmulConfig with is_n_batch=True
        (get_normal_config(batch_loop=True), ...): without, Ascend C's call does nothing. A and B must
        have the BSNGD, SBNGD or BNGS1S2 layout, C not NORMAL (the vendor's static_assert)."""
        self._mixed_only("iterate_n_batch")
        for side in ("a", "b"):
            if self._layout(side) in (LayoutMode.NONE, LayoutMode.NORMAL):
                raise ValueError(f"iterate_n_batch: the Matmul's {side} MatmulType has layout "
                                 f"{self._layout(side).name}; IterateNBatch needs BSNGD, SBNGD or BNGS1S2")
        if self._layout("c") == LayoutMode.NORMAL:
            raise ValueError("iterate_n_batch: the Matmul's c MatmulType has layout NORMAL, which IterateNBatch "
                             "does not take")
        sync, wait = _flag("sync", sync), _flag("wait_iterate_batch", wait_iterate_batch)
        build("MatmulIterateNBatchOp", self.handle, i32(batch_loop), i32(batch_a), i32(batch_b),
              _bit(en_sequential_write), i32(matrix_stride_a), i32(matrix_stride_b), i32(matrix_stride_c), sync,
              wait)

    @builtin
    def get_batch_tensor_c(self, *args, **kwargs):
        """The next batches of an iterate_n_batch: `get_batch_tensor_c(batch_a, batch_b,
        en_sequential_write=False, sync=True)` returns them as a GlobalTensor over the workspace
        (`mm.GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite)`), and
        `get_batch_tensor_c(ub, batch_a, batch_b, en_sequential_write=False, sync=True)` copies them
        to a LocalTensor. Ascend C fetches asynchronously only: sync must be False."""
        self._mixed_only("get_batch_tensor_c")
        first = args[0] if args else kwargs.get("tensor")
        if isinstance(first, (LocalTensor, GlobalTensor)):
            return self._get_batch_tensor_c_local(*args, **kwargs)
        return self._get_batch_tensor_c_global(*args, **kwargs)

    def _get_batch_tensor_c_local(self, tensor, batch_a, batch_b, en_sequential_write=False, sync=True) -> None:
        if not isinstance(tensor, LocalTensor):
            raise TypeError("get_batch_tensor_c(tensor, ...): the destination is a LocalTensor")
        self._check_c(tensor, "get_batch_tensor_c")
        if _flag("sync", sync):
            raise ValueError("get_batch_tensor_c: Ascend C fetches the batches asynchronously only: sync=False")
        build("MatmulGetBatchTensorCOp", self.handle, tensor._value(), i32(batch_a), i32(batch_b),
              _bit(en_sequential_write), False)

    def _get_batch_tensor_c_global(self, batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor:
        if _flag("sync", sync):
            raise ValueError("get_batch_tensor_c: Ascend C fetches the batches asynchronously only: sync=False")
        b_ = context.builder()
        g = GlobalTensor(self.c.dtype)
        g.handle = build("MatmulGetBatchTensorCGlobalOp", b_.get_global_tensor_type(self.c.dtype.to_ir(b_)),
                         self.handle, i32(batch_a), i32(batch_b), _bit(en_sequential_write), False)
        return g

    @builtin
    def set_sparse_index(self, index_global) -> None:
        """`mm.SetSparseIndex(indexGlobal)`: the index matrix (uint8 GlobalTensor) of a sparse B. Ascend C
        uses it only for a SparseMatmulType B under an MDL config and ignores it otherwise; asc has no
        SparseMatmulType yet, so the call records nothing. The mixed kernel's Matmul (MatmulClient) does not
        support it (the vendor asserts), so it is the cube-only Matmul's (matmul_cube_only=True)."""
        if not _cube_only():
            raise ValueError("set_sparse_index: not supported by the Matmul of a mixed kernel (Ascend C's "
                             "MatmulClient asserts); it is the cube-only Matmul's (@asc.jit(matmul_cube_only=True))")
        if not isinstance(index_global, GlobalTensor) or index_global.dtype != dt.uint8:
            raise TypeError("set_sparse_index: the index is a GlobalTensor of uint8")
        build("MatmulSetSparseIndexOp", self.handle, index_global._value())

    @builtin
    def set_self_define_data(self, data_ptr) -> None:
        """`mm.SetSelfDefineData(dataPtr)`: the data address user callbacks receive. asc's Matmul has
        no callback template argument, so the address is recorded only (as in Ascend C without callbacks)."""
        build("MatmulSetSelfDefineDataOp", self.handle, _gm_addr(data_ptr, "set_self_define_data"))

    @builtin
    def set_user_def_info(self, tiling_ptr) -> None:
        """`mm.SetUserDefInfo(tilingPtr)`: the tiling address user callbacks receive (recorded only, see
        set_self_define_data)."""
        build("MatmulSetUserDefInfoOp", self.handle, _gm_addr(tiling_ptr, "set_user_def_info"))

    @builtin
    def set_workspace(self, addr, size=None) -> None:
        """`mm.SetWorkspace(gm)` / `mm.SetWorkspace(addr, size)`: GM for IterateNBatch's results."""
        if isinstance(addr, GlobalTensor):
            if size is not None:
                raise TypeError("set_workspace(global_tensor) takes no size")
            build("MatmulSetWorkspaceOp", self.handle, addr._value())
        elif isinstance(addr, GlobalAddress):
            if size is None:
                raise TypeError("set_workspace(addr, size): the size in bytes is needed with an address")
            build("MatmulSetWorkspacePtrOp", self.handle, addr.handle, i32(size))
        else:
            raise TypeError(f"set_workspace: a GlobalTensor or a GlobalAddress, got {type(addr).__name__}")

    # ---- quantisation ----------------------------------------------------------------
    @builtin
    def set_quant_scalar(self, quant_scalar) -> None:
        """`mm.SetQuantScalar(scalar)`: C = accumulator * scale on the way out of L0C (int8 A/B with
        half C: DEQF16; int8 C: REQ8 from int32, QF322B8_PRE from float); the scale is the float
        whose bits are the low 32 of the uint64."""
        build("MatmulSetQuantScalarOp", self.handle, semantic.as_element(quant_scalar, dt.uint64))

    @builtin
    def set_quant_vector(self, quant_tensor) -> None:
        """`mm.SetQuantVector(gm)`: one uint64 scale per column of C (the float in the low 32 bits)."""
        if not isinstance(quant_tensor, GlobalTensor) or quant_tensor.dtype != dt.uint64:
            raise TypeError("set_quant_vector: the scales are a GlobalTensor of uint64")
        build("MatmulSetQuantVectorOp", self.handle, quant_tensor._value())


    @builtin
    def end(self) -> None:
        build("MatmulEndOp", self.handle)

    def _check_c(self, t, api_name: str) -> None:
        if not isinstance(t, (GlobalTensor, LocalTensor)):
            raise TypeError(f"{api_name}: the destination must be a GlobalTensor or LocalTensor, got "
                            f"{type(t).__name__}")
        if t.dtype != self.c.dtype:
            raise TypeError(f"{api_name}: the Matmul's c is {self.c.dtype.name}, the tensor {t.dtype.name}")


def _tensor_arg(t):
    return tensor(t)


def _gm_addr(x, api: str):
    if not isinstance(x, GlobalAddress):
        raise TypeError(f"{api}: a GlobalAddress (a kernel's GM_ADDR parameter), got {type(x).__name__}")
    return x.handle


class MatmulIterator:
    """`mm.iterate()`: a loop of the kernel language. `with it as count:` runs its body once per
    baseM x baseN block (count = 0, 1, ...); `while it:` is not possible (a runtime truth value),
    so a `while` form calls `mm.iterate()` in the condition, which this object also supports
    through `__asc_loop__`."""

    __slots__ = ("matmul", "partial_sum", "sync")

    def __init__(self, matmul: Matmul, partial_sum, sync: bool):
        self.matmul, self.partial_sum, self.sync = matmul, partial_sum, sync

    def __asc_loop__(self) -> PlainValue:
        """One `mm.Iterate<sync>(enPartialSum)` call: true while blocks remain."""
        return PlainValue(build("MatmulIterateOp", self.matmul.handle, _bit(self.partial_sum), self.sync),
                          dt.bool_)

    def __enter__(self):  # outside a kernel's `with`, e.g. in plain Python: not meaningful
        raise TypeError("mm.iterate() is a loop of the kernel language: use it as `with mm.iterate() as "
                        "count:` inside an @asc.jit function")

    def __exit__(self, *exc):
        return False


@builtin
def register_matmul(pipe, workspace, matmul=None, tiling=None) -> None:
    """REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling). pyasc's tutorials also call it without the
    workspace, `register_matmul(pipe, mm, tiling)`: the system workspace (set_sys_workspace) is used."""
    from ..fwk.tpipe import TPipe
    if isinstance(workspace, Matmul):  # register_matmul(pipe, matmul[, tiling])
        if tiling is not None:
            raise TypeError("register_matmul(pipe, matmul, tiling) takes no fourth argument")
        workspace, matmul, tiling = None, workspace, matmul
    if not isinstance(pipe, TPipe):
        raise TypeError(f"register_matmul: pipe must be an asc.TPipe, got {type(pipe).__name__}")
    if not isinstance(matmul, Matmul):
        raise TypeError(f"register_matmul: matmul must be an asc.adv.Matmul, got {type(matmul).__name__}")
    if workspace is None:
        from ..basic.common import get_sys_workspace
        ws = get_sys_workspace().handle
    elif isinstance(workspace, GlobalAddress):
        ws = workspace.handle
        if workspace.dtype != dt.uint8:
            ws = context.builder().create_asc_GMPtrCastOp(
                context.builder().get_gm_ptr_type(dt.uint8.to_ir(context.builder())), ws)
    else:
        raise TypeError(f"register_matmul: workspace must be a GlobalAddress (GM_ADDR), got "
                        f"{type(workspace).__name__}")
    session = context.current()
    if getattr(session, "matmul_registered", False):
        raise ValueError("register_matmul: the kernel has registered a Matmul already; Ascend C's REGIST_MATMUL_OBJ is one statement per kernel "
                         "(it declares types of its own, and on the cube core serves the objects it names, then "
                         "returns): a kernel with several Matmul objects is not supported")
    session.matmul_registered = True
    if tiling is None:
        build("RegistMatmulObjNoTilingOp", pipe.handle, ws, matmul.handle)
    else:
        build("RegistMatmulObjOp", pipe.handle, ws, matmul.handle, _tiling(tiling))


def _tiling_side(t: MatmulType) -> matmul_api_tiling.Side:
    fmt = type(t.format)(int(t.format)).name
    return matmul_api_tiling.Side(t.dtype.name, TPosition(int(t.position)).name, fmt,
                                  bool(ConstExpr.unwrap(t.is_trans)),
                                  LayoutMode(int(ConstExpr.unwrap(t.layout))).name)


def get_matmul_api_tiling(mm_cfg: MatmulConfig, l1_size: int, a_type: MatmulType, b_type: MatmulType,
                          c_type: MatmulType, bias_type: Optional[MatmulType] = None) -> MatmulApiStaticTiling:
    """GetMatmulApiTiling<A, B, C, BIAS>(mm_cfg, l1_size): the tiling Ascend C fixes at compile time
    for a config with single-core and basic-block sizes (get_special_basic_config, get_mm_config
    with MatmulShapeParams), computed as the vendor's constexpr code does for Atlas A2
    (matmul_api_tiling.py); -1 where it leaves a field to the runtime tiling (every field but the
    base block when the config has no single-core sizes). No bias type is C's, the vendor's
    default."""
    if not isinstance(mm_cfg, MatmulConfig):
        raise TypeError(f"get_matmul_api_tiling: mm_cfg must be an asc.adv.MatmulConfig, got {type(mm_cfg).__name__}")
    for name, t in (("a_type", a_type), ("b_type", b_type), ("c_type", c_type), ("bias_type", bias_type)):
        if t is not None and not isinstance(t, MatmulType):
            raise TypeError(f"get_matmul_api_tiling: {name} must be an asc.adv.MatmulType, got {type(t).__name__}")
    l1 = ConstExpr.unwrap(l1_size)
    if isinstance(l1, RuntimeValue) or not isinstance(l1, int) or isinstance(l1, bool):
        raise TypeError("get_matmul_api_tiling: l1_size is evaluated at compile time and must be a Python int")
    fields = matmul_api_tiling.static_tiling(mm_cfg.members(), l1, _tiling_side(a_type), _tiling_side(b_type),
                                             _tiling_side(c_type),
                                             None if bias_type is None else _tiling_side(bias_type))
    return MatmulApiStaticTiling(**{py: fields[cpp] for py, cpp in
                                    zip(MatmulApiStaticTiling._cpp_fields, matmul_api_tiling.TILING_FIELDS)})


__all__ = ["Matmul", "MatmulIterator", "register_matmul", "get_matmul_api_tiling", "TCubeTiling",
           "MatmulApiStaticTiling"]
