"""basic/fixpipe: moving matmul results out of L0C through the fixpipe (with quantisation).

FixpipeConfig mirrors Ascend C's FixpipeConfig constants: `FixpipeConfig.cfg_nz`
(NZ output) and `FixpipeConfig.cfg_row_major` (ND, row-major output, the
default). The dialect's `config` attribute encodes them as 0 = CFG_ROW_MAJOR,
1 = CFG_NZ (printed as the Fixpipe template argument); int(config) gives it.
"""

from .. import docs
from ..core.api import api, register_class
from ..core.lowering import build, i64, struct, tensor
from ..core import types as T
from ..core.enums import CO2Layout


class FixpipeConfig:
    """AscendC::FixpipeConfig: the output format of Fixpipe (cfg_nz or cfg_row_major)."""

    __slots__ = ("format",)
    cfg_nz: "FixpipeConfig"
    cfg_row_major: "FixpipeConfig"
    _CONFIG = {CO2Layout.ROW_MAJOR: 0, CO2Layout.NZ: 1}  # the dialect's `config` attribute

    def __init__(self, format: CO2Layout = CO2Layout.ROW_MAJOR):  # noqa: A002 (Ascend C's name)
        format = CO2Layout(int(format))
        if format not in self._CONFIG:
            raise ValueError(f"FixpipeConfig: Ascend C has CFG_NZ and CFG_ROW_MAJOR only, not {format.name}")
        self.format = format

    def __int__(self):
        return self._CONFIG[self.format]

    def __eq__(self, other):
        return isinstance(other, FixpipeConfig) and other.format == self.format

    def __hash__(self):
        return hash(self.format)

    def __repr__(self):
        return f"asc.FixpipeConfig({self.format!r})"


FixpipeConfig.cfg_nz = FixpipeConfig(CO2Layout.NZ)
FixpipeConfig.cfg_row_major = FixpipeConfig(CO2Layout.ROW_MAJOR)
register_class(FixpipeConfig)

docs.SUMMARIES.update({
    "fixpipe": "Moves the matmul result `src` (L0C) to GM, converting and quantising it per "
               "`params`, in the output format `config`.",
    "set_fix_pipe_pre_quant_flag": "Sets the scalar quantisation parameter of later fixpipe calls.",
})
docs.PARAMS.setdefault("cbuf_workspace", "L1 tensor of per-channel quantisation parameters")
docs.PARAMS.setdefault("config", "the configuration")


@api("Fixpipe", "fixpipe",
     "dst: GlobalTensor, src: LocalTensor, params: FixpipeParamsV220, "
     "config: FixpipeConfig = FixpipeConfig.cfg_row_major",
     "dst: GlobalTensor, src: LocalTensor, cbuf_workspace: LocalTensor, params: FixpipeParamsV220, "
     "config: FixpipeConfig = FixpipeConfig.cfg_row_major")
def fixpipe(form, a):
    params = struct(a.params, T.FixpipeParamsV220)
    if form == 0:
        return build("FixpipeOp", tensor(a.dst, "dst"), tensor(a.src, "src"), params, config=int(a.config))
    return build("FixpipeWorkspaceOp", tensor(a.dst, "dst"), tensor(a.src, "src"),
                 tensor(a.cbuf_workspace, "cbuf_workspace"), params, config=int(a.config))


@api("SetFixpipePreQuantFlag", "fixpipe", "config: int")
def set_fix_pipe_pre_quant_flag(form, a):
    return build("SetFixpipePreQuantFlagOp", i64(a.config))


__all__ = ["FixpipeConfig", "fixpipe", "set_fix_pipe_pre_quant_flag"]
