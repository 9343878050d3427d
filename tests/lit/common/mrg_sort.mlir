// Merge sort: MrgSortSrcList<T> and MrgSort4Info (array field elementLengths,
// declared as a local array first), MrgSort, MrgSort4, GetMrgSortResult (four
// uint16_t out-parameters); GetStoreAtomicConfig (two out-parameters);
// sign_cast (unsigned results made signless for arith).
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @mrg_sort
// ROUNDTRIP: ascendc.construct !ascendc.mrg_sort_src_list<f32>(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
// ROUNDTRIP: ascendc.construct !ascendc.mrg_sort_4_info(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : i32, i32, i32, i32, i1, i32, i32
// ROUNDTRIP: ascendc.mrg_sort %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>
// ROUNDTRIP: ascendc.mrg_sort4 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>
// ROUNDTRIP: %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = ascendc.get_mrg_sort_result
// ROUNDTRIP: ascendc.sign_cast %{{.*}} : ui16 to i16
// ROUNDTRIP: %{{.*}}, %{{.*}} = ascendc.get_store_atomic_config

// CHECK-LABEL: __aicore__ inline int32_t mrg_sort(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& a, AscendC::LocalTensor<float>& b, int32_t n) {
// CHECK-NEXT:   AscendC::MrgSortSrcList<float> list{static_cast<decltype(AscendC::MrgSortSrcList<float>::src1)>(a), static_cast<decltype(AscendC::MrgSortSrcList<float>::src2)>(b), static_cast<decltype(AscendC::MrgSortSrcList<float>::src3)>(a), static_cast<decltype(AscendC::MrgSortSrcList<float>::src4)>(b)};
// CHECK-NEXT:   uint16_t info_elementLengths[4] = {32, static_cast<uint16_t>(n), 0, 0};
// CHECK-NEXT:   AscendC::MrgSort4Info info{info_elementLengths, true, 3, 1};
// CHECK-NEXT:   AscendC::MrgSort<float>(dst, list, info);
// CHECK-NEXT:   AscendC::MrgSort4(dst, list, info);
// CHECK-NEXT:   uint16_t r;
// CHECK-NEXT:   uint16_t r_1;
// CHECK-NEXT:   uint16_t r_2;
// CHECK-NEXT:   uint16_t r_3;
// CHECK-NEXT:   AscendC::GetMrgSortResult(r, r_1, r_2, r_3);
// CHECK-NEXT:   int16_t first = static_cast<int16_t>(r);
// CHECK-NEXT:   uint16_t cfg;
// CHECK-NEXT:   uint16_t cfg_1;
// CHECK-NEXT:   AscendC::GetStoreAtomicConfig(cfg, cfg_1);
// CHECK-NEXT:   int32_t wide = static_cast<int32_t>(static_cast<uint16_t>(first));
// CHECK-NEXT:   return wide;
// CHECK-NEXT: }
func.func @mrg_sort(%dst: !ascendc.local_tensor<f32> loc("dst"), %a: !ascendc.local_tensor<f32> loc("a"), %b: !ascendc.local_tensor<f32> loc("b"), %n: i32 loc("n")) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c32 = arith.constant 32 : i32
  %true = arith.constant true
  %list = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%a, %b, %a, %b) : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32> loc("list")
  %info = ascendc.construct !ascendc.mrg_sort_4_info(%c32, %n, %c0, %c0, %true, %c3, %c1) : i32, i32, i32, i32, i1, i32, i32 loc("info")
  ascendc.mrg_sort %dst, %list, %info : !ascendc.local_tensor<f32>, !ascendc.mrg_sort_src_list<f32>
  ascendc.mrg_sort4 %dst, %list, %info : !ascendc.local_tensor<f32>, !ascendc.mrg_sort_src_list<f32>
  %r:4 = ascendc.get_mrg_sort_result loc("r")
  %first = ascendc.sign_cast %r#0 : ui16 to i16 loc("first")
  %cfg:2 = ascendc.get_store_atomic_config loc("cfg")
  %wide = arith.extui %first : i16 to i32 loc("wide")
  return %wide : i32
}
