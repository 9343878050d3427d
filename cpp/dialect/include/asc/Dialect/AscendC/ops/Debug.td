//===- Debug.td - basic/dump_tensor: printing, dumps, profiling marks ------===//

def AscendC_MetricsProfStartOp : AscendC_ApiOp<"metrics_prof_start", "MetricsProfStart"> {
  let summary = "Starts a profiling region";
  let assemblyFormat = "attr-dict";
}
def AscendC_MetricsProfStopOp : AscendC_ApiOp<"metrics_prof_stop", "MetricsProfStop"> {
  let summary = "Ends a profiling region";
  let assemblyFormat = "attr-dict";
}
