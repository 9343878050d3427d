"""basic/dump_tensor: printing from the device and profiling markers."""

from .. import docs
from ..core.api import api
from ..core import semantic
from ..core.ir_value import PlainValue
from ..core.lowering import build, i32, struct, tensor
from ..core.types import ShapeInfo


docs.SUMMARIES.update({
    "metrics_prof_start": "Starts a profiling region (AscendC::MetricsProfStart).",
    "metrics_prof_stop": "Ends the profiling region started by metrics_prof_start.",
    "dump_tensor": "Prints the first `dump_size` elements of `tensor` from the device, tagged with "
                   "the user number `desc`.",
    "printf": "Prints from the device with a C printf format (%d, %f, %x, %s, %p).",
    "print_time_stamp": "Records a time stamp tagged with `desc_id` (shown by the profiler).",
    "dump_acc_chk_point": "Prints `dump_size` elements of `tensor` from element `count_off`, tagged "
                          "with the check point `index`.",
})
for _k, _v in {
    "tensor": "the tensor to print",
    "desc": "user number printed with the data (dump_tensor) or the format string (printf)",
    "dump_size": "number of elements to print",
    "shape_info": "shape to print the data with (asc.ShapeInfo)",
    "desc_id": "user number of the time stamp (at least 10; 0..9 are reserved)",
    "count_off": "offset, in elements, of the first element printed",
    "params": "the values printed (runtime or compile-time scalars)",
}.items():
    docs.PARAMS.setdefault(_k, _v)


@api("DumpTensor", "dump_tensor",
     "tensor: GlobalTensor, desc: int, dump_size: int, shape_info: Optional[ShapeInfo] = None",
     "tensor: LocalTensor, desc: int, dump_size: int, shape_info: Optional[ShapeInfo] = None")
def dump_tensor(form, a):
    if a.shape_info is not None:
        return build("DumpTensorShapeOp", tensor(a.tensor, "tensor"), i32(a.desc), i32(a.dump_size),
                     struct(a.shape_info, ShapeInfo, "shape_info"))
    return build("DumpTensorOp", tensor(a.tensor, "tensor"), i32(a.desc), i32(a.dump_size))


@api("printf", "dump_tensor", "desc: str, *params")
def printf(form, a):
    values = []
    for p in a.params:
        if isinstance(p, PlainValue):
            values.append(p.handle)
        elif isinstance(p, (bool, int, float)):
            values.append(semantic.as_value(p).handle)
        elif isinstance(p, semantic.GlobalAddress):
            values.append(p.handle)  # pyasc's printf("%s", gm): the C string at that GM address
        else:
            raise TypeError(f"printf prints scalars and GM addresses; got {type(p).__name__}")
    return build("PrintfOp", a.desc, values)


@api("PrintTimeStamp", "dump_tensor", "desc_id: int")
def print_time_stamp(form, a):
    return build("PrintTimeStampOp", i32(a.desc_id))


@api("DumpAccChkPoint", "dump_tensor",
     "tensor: LocalTensor, index: int, count_off: int, dump_size: int",
     "tensor: GlobalTensor, index: int, count_off: int, dump_size: int")
def dump_acc_chk_point(form, a):
    return build("DumpAccChkPointOp", tensor(a.tensor, "tensor"), i32(a.index), i32(a.count_off),
                 i32(a.dump_size))


@api("MetricsProfStart", "dump_tensor", "")
def metrics_prof_start(form, a):
    return build("MetricsProfStartOp")


@api("MetricsProfStop", "dump_tensor", "")
def metrics_prof_stop(form, a):
    return build("MetricsProfStopOp")


__all__ = ["metrics_prof_start", "metrics_prof_stop", "dump_tensor", "printf", "print_time_stamp",
           "dump_acc_chk_point"]
