// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s
// CHECK-LABEL: void emit_metrics_prof_stop() {
// CHECK-NEXT:   AscendC::MetricsProfStop();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @emit_metrics_prof_stop() {
  ascendc.metrics_prof_stop
  return
}
