// basic/vec_reduce
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @block_reduce(
// ROUNDTRIP: ascendc.block_reduce_sum_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.block_reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i8, i32, i8, i8, i8
// ROUNDTRIP: ascendc.block_reduce_max_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.block_reduce_max_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i8, i32, i8, i8, i8
// ROUNDTRIP: ascendc.block_reduce_min_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.block_reduce_min_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i8, i32, i8, i8, i8
// CHECK-LABEL: void block_reduce(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BlockReduceSum<half, true>(dst, src, 4, mask, 1, 1, 8);
// CHECK-NEXT:   AscendC::BlockReduceSum<half, false>(dst, src, 4, n, 1, 1, 8);
// CHECK-NEXT:   AscendC::BlockReduceMax<half, true>(dst, src, 4, mask, 1, 1, 8);
// CHECK-NEXT:   AscendC::BlockReduceMax<half, false>(dst, src, 4, n, 1, 1, 8);
// CHECK-NEXT:   AscendC::BlockReduceMin<half, true>(dst, src, 4, mask, 1, 1, 8);
// CHECK-NEXT:   AscendC::BlockReduceMin<half, false>(dst, src, 4, n, 1, 1, 8);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @block_reduce(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i8
  ascendc.block_reduce_sum_l0 %dst, %src, %c4, %mask, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.block_reduce_sum_l1 %dst, %src, %c4, %n, %c1, %c1, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8
  ascendc.block_reduce_max_l0 %dst, %src, %c4, %mask, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.block_reduce_max_l1 %dst, %src, %c4, %n, %c1, %c1, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8
  ascendc.block_reduce_min_l0 %dst, %src, %c4, %mask, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.block_reduce_min_l1 %dst, %src, %c4, %n, %c1, %c1, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8
  return
}

// ROUNDTRIP-LABEL: func.func @pair_reduce_sum(
// ROUNDTRIP: ascendc.pair_reduce_sum_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.pair_reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i8, i32, i8, i8, i8
// CHECK-LABEL: void pair_reduce_sum(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::PairReduceSum<half, true>(dst, src, 4, mask, 1, 1, 8);
// CHECK-NEXT:   AscendC::PairReduceSum<half, false>(dst, src, 4, n, 1, 1, 8);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @pair_reduce_sum(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i8
  ascendc.pair_reduce_sum_l0 %dst, %src, %c4, %mask, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.pair_reduce_sum_l1 %dst, %src, %c4, %n, %c1, %c1, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8
  return
}

// ROUNDTRIP-LABEL: func.func @repeat_reduce_sum(
// ROUNDTRIP: ascendc.repeat_reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i32, i8, i8, i8, i8
// ROUNDTRIP: ascendc.repeat_reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i8, i32, i8, i8, i8, i8
// CHECK-LABEL: void repeat_reduce_sum(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::RepeatReduceSum<half, true>(dst, src, 4, n, 1, 1, 2, 8);
// CHECK-NEXT:   AscendC::RepeatReduceSum<half, false>(dst, src, 4, n, 1, 1, 2, 8);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @repeat_reduce_sum(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i8
  ascendc.repeat_reduce_sum_l1 %dst, %src, %c4, %n, %c1, %c1, %c2, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8, i8
  ascendc.repeat_reduce_sum_l1 %dst, %src, %c4, %n, %c1, %c1, %c2, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32, i8, i8, i8, i8
  return
}

// ROUNDTRIP-LABEL: func.func @whole_reduce(
// ROUNDTRIP: ascendc.whole_reduce_sum_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.whole_reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i32, i8, i8, i8, i8
// ROUNDTRIP: ascendc.whole_reduce_max_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.whole_reduce_max_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} order ORDER_INDEX_VALUE {is_set_mask = false} : <f16>, <f16>, i32, i8, i8, i8, i8
// ROUNDTRIP: ascendc.whole_reduce_min_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i8, i8, i8
// ROUNDTRIP: ascendc.whole_reduce_min_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} order ORDER_INDEX_VALUE {is_set_mask = false} : <f16>, <f16>, i32, i8, i8, i8, i8
// CHECK-LABEL: void whole_reduce(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::WholeReduceSum<half, true>(dst, src, mask, 4, 1, 1, 8);
// CHECK-NEXT:   AscendC::WholeReduceSum<half, false>(dst, src, n, 4, 1, 1, 8);
// CHECK-NEXT:   AscendC::WholeReduceMax<half, true>(dst, src, mask, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_VALUE_INDEX);
// CHECK-NEXT:   AscendC::WholeReduceMax<half, false>(dst, src, n, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:   AscendC::WholeReduceMin<half, true>(dst, src, mask, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_VALUE_INDEX);
// CHECK-NEXT:   AscendC::WholeReduceMin<half, false>(dst, src, n, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @whole_reduce(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i8
  ascendc.whole_reduce_sum_l0 %dst, %src, %mask, %c4, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.whole_reduce_sum_l1 %dst, %src, %n, %c4, %c1, %c1, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8, i8, i8, i8
  ascendc.whole_reduce_max_l0 %dst, %src, %mask, %c4, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.whole_reduce_max_l1 %dst, %src, %n, %c4, %c1, %c1, %c8 order ORDER_INDEX_VALUE {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8, i8, i8, i8
  ascendc.whole_reduce_min_l0 %dst, %src, %mask, %c4, %c1, %c1, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i8, i8, i8
  ascendc.whole_reduce_min_l1 %dst, %src, %n, %c4, %c1, %c1, %c8 order ORDER_INDEX_VALUE {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8, i8, i8, i8
  return
}

// ROUNDTRIP-LABEL: func.func @reduce(
// ROUNDTRIP: ascendc.reduce_sum_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i8, i8
// ROUNDTRIP: ascendc.reduce_sum_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32, i8, i8
// ROUNDTRIP: ascendc.reduce_sum_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// ROUNDTRIP: ascendc.reduce_sum_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, <f32>, i32
// ROUNDTRIP: ascendc.reduce_max_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i8, i8
// ROUNDTRIP: ascendc.reduce_max_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {cal_index = true} : <f32>, <f32>, <f32>, i32, i8, i8
// ROUNDTRIP: ascendc.reduce_max_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// ROUNDTRIP: ascendc.reduce_max_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {cal_index = true} : <f32>, <f32>, <f32>, i32
// ROUNDTRIP: ascendc.reduce_min_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i8, i8
// ROUNDTRIP: ascendc.reduce_min_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {cal_index = true} : <f32>, <f32>, <f32>, i32, i8, i8
// ROUNDTRIP: ascendc.reduce_min_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// ROUNDTRIP: ascendc.reduce_min_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {cal_index = true} : <f32>, <f32>, <f32>, i32
// CHECK-LABEL: void reduce(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, AscendC::LocalTensor<float>& tmp, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::ReduceSum<float>(dst, src, tmp, mask, 4, 8);
// CHECK-NEXT:   AscendC::ReduceSum<float>(dst, src, tmp, n, 4, 8);
// CHECK-NEXT:   AscendC::ReduceSum<float, true>(dst, src, tmp, n);
// CHECK-NEXT:   AscendC::ReduceSum<float, false>(dst, src, tmp, n);
// CHECK-NEXT:   AscendC::ReduceMax<float>(dst, src, tmp, mask, 4, 8, false);
// CHECK-NEXT:   AscendC::ReduceMax<float>(dst, src, tmp, n, 4, 8, true);
// CHECK-NEXT:   AscendC::ReduceMax<float>(dst, src, tmp, n, false);
// CHECK-NEXT:   AscendC::ReduceMax<float>(dst, src, tmp, n, true);
// CHECK-NEXT:   AscendC::ReduceMin<float>(dst, src, tmp, mask, 4, 8, false);
// CHECK-NEXT:   AscendC::ReduceMin<float>(dst, src, tmp, n, 4, 8, true);
// CHECK-NEXT:   AscendC::ReduceMin<float>(dst, src, tmp, n, false);
// CHECK-NEXT:   AscendC::ReduceMin<float>(dst, src, tmp, n, true);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @reduce(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %tmp: !ascendc.local_tensor<f32> loc("tmp"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i8
  ascendc.reduce_sum_l0 %dst, %src, %tmp, %mask, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8, i8
  ascendc.reduce_sum_l1 %dst, %src, %tmp, %n, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8, i8
  ascendc.reduce_sum_l2 %dst, %src, %tmp, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.reduce_sum_l2 %dst, %src, %tmp, %n {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.reduce_max_l0 %dst, %src, %tmp, %mask, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8, i8
  ascendc.reduce_max_l1 %dst, %src, %tmp, %n, %c4, %c8 {cal_index = true} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8, i8
  ascendc.reduce_max_l2 %dst, %src, %tmp, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.reduce_max_l2 %dst, %src, %tmp, %n {cal_index = true} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.reduce_min_l0 %dst, %src, %tmp, %mask, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8, i8
  ascendc.reduce_min_l1 %dst, %src, %tmp, %n, %c4, %c8 {cal_index = true} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8, i8
  ascendc.reduce_min_l2 %dst, %src, %tmp, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.reduce_min_l2 %dst, %src, %tmp, %n {cal_index = true} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
