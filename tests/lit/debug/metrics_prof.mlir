// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s
// CHECK-LABEL: void emit_metrics_prof_start() {
// CHECK-NEXT:   AscendC::MetricsProfStart();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @emit_metrics_prof_start() {
  ascendc.metrics_prof_start
  return
}
