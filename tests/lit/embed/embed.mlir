// The emitter linked into a C++ program without Python (tests/embed).
// RUN: embed_emit | FileCheck %s
// CHECK:      #include "kernel_operator.h"
// CHECK:      extern "C" __global__ __aicore__ void embedded_kernel(GM_ADDR v0, int32_t v1) {
// CHECK-NEXT:   AscendC::MetricsProfStart();
// CHECK-NEXT:   int64_t block_idx = AscendC::GetBlockIdx();
// CHECK-NEXT:   for (int32_t v2 = 0; v2 < v1; v2 += 1) {
// CHECK-NEXT:     ASC_LOOP_CHECK();
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:   }
// CHECK-NEXT:   AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:   AscendC::MetricsProfStop();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
