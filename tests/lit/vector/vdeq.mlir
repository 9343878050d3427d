// SetDeqScale(vdeq, VdeqInfo): VdeqInfo's three 16-element array fields are
// declared as local arrays before the struct.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP: ascendc.set_deq_scale_vdeq %{{.*}}, %{{.*}} : <ui64>

// CHECK-LABEL: __aicore__ inline void vdeq(AscendC::LocalTensor<uint64_t>& t, float s) {
// CHECK-NEXT:   float info_vdeqScale[16] = {s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s};
// CHECK-NEXT:   int16_t info_vdeqOffset[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
// CHECK-NEXT:   bool info_vdeqSignMode[16] = {true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true};
// CHECK-NEXT:   AscendC::VdeqInfo info{info_vdeqScale, info_vdeqOffset, info_vdeqSignMode};
// CHECK-NEXT:   AscendC::SetDeqScale(t, info);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @vdeq(%t: !ascendc.local_tensor<ui64> loc("t"), %s: f32 loc("s")) {
  %o = arith.constant 1 : i16
  %m = arith.constant true
  %info = ascendc.construct !ascendc.vdeq_info(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1 loc("info")
  ascendc.set_deq_scale_vdeq %t, %info : !ascendc.local_tensor<ui64>
  return
}
