// basic/vec_transpose
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @transpose(
// ROUNDTRIP: ascendc.transpose %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.transpose_ext %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui8>
// CHECK-LABEL: void transpose(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, AscendC::LocalTensor<uint8_t>& tmp) {
// CHECK-NEXT:   AscendC::TransposeParamsExt params{1, 16, 4, 4, static_cast<AscendC::TransposeType>(11)};
// CHECK-NEXT:   AscendC::Transpose(dst, src);
// CHECK-NEXT:   AscendC::Transpose(dst, src, tmp, params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @transpose(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %tmp: !ascendc.local_tensor<ui8> loc("tmp")) {
  %n = arith.constant 1 : i16
  %c = arith.constant 16 : i16
  %h = arith.constant 4 : i16
  %w = arith.constant 4 : i16
  %tt = arith.constant 11 : i32
  %p = ascendc.construct !ascendc.transpose_params_ext(%n, %c, %h, %w, %tt) : i16, i16, i16, i16, i32 loc("params")
  ascendc.transpose %dst, %src : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.transpose_ext %dst, %src, %tmp, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>
  return
}

// ROUNDTRIP-LABEL: func.func @trans_data_to_5hd(
// ROUNDTRIP: ascendc.trans_data_to_5hd f16, %{{.*}}, %{{.*}}, %{{.*}} : <ui64>, <ui64>
// CHECK-LABEL: void trans_data_to_5hd(AscendC::LocalTensor<uint64_t>& dst_addrs, AscendC::LocalTensor<uint64_t>& src_addrs) {
// CHECK-NEXT:   AscendC::TransDataTo5HDParams params{false, false, 1, 0, 0};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(dst_addrs, src_addrs, params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @trans_data_to_5hd(%dst_addrs: !ascendc.local_tensor<ui64> loc("dst_addrs"), %src_addrs: !ascendc.local_tensor<ui64> loc("src_addrs")) {
  %false = arith.constant false
  %r = arith.constant 1 : i8
  %z = arith.constant 0 : i16
  %p = ascendc.construct !ascendc.trans_data_to_5hd_params(%false, %false, %r, %z, %z) : i1, i1, i8, i16, i16 loc("params")
  ascendc.trans_data_to_5hd f16, %dst_addrs, %src_addrs, %p : !ascendc.local_tensor<ui64>, !ascendc.local_tensor<ui64>
  return
}

// ROUNDTRIP-LABEL: func.func @trans_data_to_5hd_lists(
// ROUNDTRIP: ascendc.trans_data_to_5hd_list f16, [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}
// CHECK-LABEL: void trans_data_to_5hd_lists(AscendC::LocalTensor<half>& t, int64_t a) {
// CHECK-NEXT:   AscendC::TransDataTo5HDParams params{false, false, 1, 0, 0};
// CHECK-NEXT:   AscendC::LocalTensor<half> dst_list[16] = {t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t};
// CHECK-NEXT:   AscendC::LocalTensor<half> src_list[16] = {t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(dst_list, src_list, params);
// CHECK-NEXT:   uint64_t dst_list_1[16] = {a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a};
// CHECK-NEXT:   uint64_t src_list_1[16] = {a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(dst_list_1, src_list_1, params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @trans_data_to_5hd_lists(%t: !ascendc.local_tensor<f16> loc("t"), %a: i64 loc("a")) {
  %false = arith.constant false
  %r = arith.constant 1 : i8
  %z = arith.constant 0 : i16
  %p = ascendc.construct !ascendc.trans_data_to_5hd_params(%false, %false, %r, %z, %z) : i1, i1, i8, i16, i16 loc("params")
  ascendc.trans_data_to_5hd_list f16, [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], %p : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
  ascendc.trans_data_to_5hd_list f16, [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], %p : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64), (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  return
}
