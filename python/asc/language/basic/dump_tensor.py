"""basic/dump_tensor: printing from the device and profiling markers."""

from .. import docs
from ..core.api import api
from ..core.lowering import build

docs.SUMMARIES.update({
    "metrics_prof_start": "Starts a profiling region (AscendC::MetricsProfStart).",
    "metrics_prof_stop": "Ends the profiling region started by metrics_prof_start.",
})


@api("MetricsProfStart", "dump_tensor", "")
def metrics_prof_start(form, a):
    return build("MetricsProfStartOp")


@api("MetricsProfStop", "dump_tensor", "")
def metrics_prof_stop(form, a):
    return build("MetricsProfStopOp")


__all__ = ["metrics_prof_start", "metrics_prof_stop"]
