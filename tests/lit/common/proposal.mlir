// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @proposal
// ROUNDTRIP: %{{.*}} = ascendc.get_sort_len %{{.*}}, f32 : i32
// ROUNDTRIP: %{{.*}} = ascendc.get_sort_offset %{{.*}}, f16 : i32
// ROUNDTRIP: ascendc.proposal_concat %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i32, i32
// ROUNDTRIP: ascendc.proposal_extract %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i32, i32
// ROUNDTRIP: ascendc.rp_sort16 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i32
// ROUNDTRIP: ascendc.sort %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, true : <f16>, <f16>, <ui32>, <f16>, i32
// ROUNDTRIP: ascendc.sort32 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <ui32>, i32

// CHECK-LABEL: __aicore__ inline void proposal(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, AscendC::LocalTensor<uint32_t>& idx, AscendC::LocalTensor<half>& tmp, AscendC::LocalTensor<float>& fdst, AscendC::LocalTensor<float>& fsrc, int32_t n) {
// CHECK-NEXT:   uint32_t len = AscendC::GetSortLen<float>(n);
// CHECK-NEXT:   uint32_t off = AscendC::GetSortOffset<half>(4);
// CHECK-NEXT:   AscendC::ProposalConcat(dst, src, 2, 4);
// CHECK-NEXT:   AscendC::ProposalExtract(dst, src, n, 4);
// CHECK-NEXT:   AscendC::RpSort16(dst, src, 2);
// CHECK-NEXT:   AscendC::Sort<half, true>(dst, src, idx, tmp, n);
// CHECK-NEXT:   AscendC::Sort32(fdst, fsrc, idx, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @proposal(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %idx: !ascendc.local_tensor<ui32> loc("idx"), %tmp: !ascendc.local_tensor<f16> loc("tmp"), %fdst: !ascendc.local_tensor<f32> loc("fdst"), %fsrc: !ascendc.local_tensor<f32> loc("fsrc"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i32
  %c2 = arith.constant 2 : i32
  %len = ascendc.get_sort_len %n, f32 : i32 loc("len")
  %off = ascendc.get_sort_offset %c4, f16 : i32 loc("off")
  ascendc.proposal_concat %dst, %src, %c2, %c4 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
  ascendc.proposal_extract %dst, %src, %n, %c4 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
  ascendc.rp_sort16 %dst, %src, %c2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.sort %dst, %src, %idx, %tmp, %n, true : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32
  ascendc.sort32 %fdst, %fsrc, %idx, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, i32
  return
}
