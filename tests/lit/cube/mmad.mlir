// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @mmad
// ROUNDTRIP: ascendc.mmad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, <f16>
// ROUNDTRIP: ascendc.mmad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i8>, <i8>
// ROUNDTRIP: ascendc.mmad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <bf16>, <bf16>
// ROUNDTRIP: ascendc.mmad_bias %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, <f16>, <f32>
// ROUNDTRIP: ascendc.mmad_with_sparse %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i8>, <i8>

// CHECK-LABEL: __aicore__ inline void mmad(AscendC::LocalTensor<float>& c, AscendC::LocalTensor<half>& a, AscendC::LocalTensor<half>& b, AscendC::LocalTensor<float>& bias, AscendC::LocalTensor<int32_t>& ci, AscendC::LocalTensor<int8_t>& ai, AscendC::LocalTensor<int8_t>& bi, AscendC::LocalTensor<float>& cb, AscendC::LocalTensor<bfloat16_t>& ab, AscendC::LocalTensor<bfloat16_t>& bb, AscendC::MmadParams p) {
// CHECK-NEXT:   AscendC::Mmad(c, a, b, p);
// CHECK-NEXT:   AscendC::Mmad(ci, ai, bi, p);
// CHECK-NEXT:   AscendC::Mmad(cb, ab, bb, p);
// CHECK-NEXT:   AscendC::Mmad(c, a, b, bias, p);
// CHECK-NEXT:   AscendC::MmadWithSparse(ci, ai, bi, p);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mmad(%c: !ascendc.local_tensor<f32> loc("c"), %a: !ascendc.local_tensor<f16> loc("a"), %b: !ascendc.local_tensor<f16> loc("b"), %bias: !ascendc.local_tensor<f32> loc("bias"), %ci: !ascendc.local_tensor<i32> loc("ci"), %ai: !ascendc.local_tensor<i8> loc("ai"), %bi: !ascendc.local_tensor<i8> loc("bi"), %cb: !ascendc.local_tensor<f32> loc("cb"), %ab: !ascendc.local_tensor<bf16> loc("ab"), %bb: !ascendc.local_tensor<bf16> loc("bb"), %p: !ascendc.mmad_params loc("p")) {
  ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.mmad %ci, %ai, %bi, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>
  ascendc.mmad %cb, %ab, %bb, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<bf16>, !ascendc.local_tensor<bf16>
  ascendc.mmad_bias %c, %a, %b, %bias, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>
  ascendc.mmad_with_sparse %ci, %ai, %bi, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>
  return
}
