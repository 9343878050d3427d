// adv/activation SoftMax (SoftMaxTiling, with and without the temporary
// buffer; half data with float sum/max), adv/normalization RmsNorm
// (RmsNormTiling, float reciprocal field), adv/quantization AscendQuant,
// AscendQuant with an AscendQuantConfig (a static constexpr object in a block,
// passed as its template argument), adv/sort Concat and Extract.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @adv
// ROUNDTRIP: ascendc.construct !ascendc.softmax_tiling(
// ROUNDTRIP: ascendc.adv_softmax %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} tiling %{{.*}} : <f32>, <f32>, <f32>, <f32>
// ROUNDTRIP: ascendc.adv_softmax %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} tmp %{{.*}} : !ascendc.local_tensor<ui8> tiling %{{.*}} {basic_block = true} : <f16>, <f32>, <f32>, <f16>
// ROUNDTRIP: ascendc.construct !ascendc.rms_norm_tiling(
// ROUNDTRIP: ascendc.adv_rmsnorm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, f32
// ROUNDTRIP: ascendc.adv_quant %{{.*}}, %{{.*}} tmp %{{.*}} : !ascendc.local_tensor<ui8>, %{{.*}}, %{{.*}} count %{{.*}} : i32 : <i8>, <f32>
// ROUNDTRIP: ascendc.adv_quant_config %{{.*}}, %{{.*}} tmp %{{.*}} : !ascendc.local_tensor<ui8>, %{{.*}}, %{{.*}} count %{{.*}} : i32 {calc_count = 32 : i32, offset_count = 0 : i32, scale_count = 0 : i32, work_local_size = 512 : i32} : <i8>, <f32>
// ROUNDTRIP: ascendc.adv_concat
// ROUNDTRIP: ascendc.adv_extract

// CHECK-LABEL: __aicore__ inline void adv(AscendC::LocalTensor<float>& x, AscendC::LocalTensor<half>& h, AscendC::LocalTensor<uint8_t>& tmp, AscendC::LocalTensor<int8_t>& q, AscendC::LocalTensor<uint32_t>& idx, int32_t n) {
// CHECK-NEXT:   AscendC::tiling::SoftMaxTiling t{8, 64, static_cast<decltype(AscendC::tiling::SoftMaxTiling::srcSize)>(512), 8, 8, 64, 8, 64, static_cast<decltype(AscendC::tiling::SoftMaxTiling::splitSize)>(512), 8, 8, 64, 1, 0, 0, 0};
// CHECK-NEXT:   AscendC::SoftMax<float, false, false, false>(x, x, x, x, t);
// CHECK-NEXT:   AscendC::SoftMax<half, false, true, false>(h, x, x, h, tmp, t);
// CHECK-NEXT:   AscendC::tiling::RmsNormTiling r{1, 8, 64, 64, 1.562500000e-02f, static_cast<decltype(AscendC::tiling::RmsNormTiling::mainBshLength)>(512), 8, 8, 1, static_cast<decltype(AscendC::tiling::RmsNormTiling::inputTailPos)>(512), 0, 0};
// CHECK-NEXT:   AscendC::RmsNorm<float, false>(x, x, x, 9.999999970e-07f, r);
// CHECK-NEXT:   AscendC::RmsNorm<half, true>(h, h, h, tmp, (half)1.00140e-05f, r);
// CHECK-NEXT:   AscendC::AscendQuant<float, false>(q, x, tmp, 2.000000000e+00f, 8.999999760e-01f, n);
// CHECK-NEXT:   AscendC::AscendQuant<half, true>(q, h, 2.000000000e+00f, 8.999999760e-01f);
// CHECK-NEXT:   { static constexpr AscendC::AscendQuantConfig asc_quant_config{32, 0, 0, 512}; AscendC::AscendQuant<float, false, asc_quant_config>(q, x, tmp, 2.000000000e+00f, 8.999999760e-01f, n); };
// CHECK-NEXT:   AscendC::Concat(x, x, x, n);
// CHECK-NEXT:   AscendC::Extract(x, idx, x, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @adv(%x: !ascendc.local_tensor<f32> loc("x"), %h: !ascendc.local_tensor<f16> loc("h"), %tmp: !ascendc.local_tensor<ui8> loc("tmp"), %q: !ascendc.local_tensor<i8> loc("q"), %idx: !ascendc.local_tensor<ui32> loc("idx"), %n: i32 loc("n")) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c512 = arith.constant 512 : i32
  %t = ascendc.construct !ascendc.softmax_tiling(%c8, %c64, %c512, %c8, %c8, %c64, %c8, %c64, %c512, %c8, %c8, %c64, %c1, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 loc("t")
  ascendc.adv_softmax %x, %x, %x, %x tiling %t : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_softmax %h, %x, %x, %h tmp %tmp : !ascendc.local_tensor<ui8> tiling %t {basic_block = true} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>
  %recip = arith.constant 0.015625 : f32
  %r = ascendc.construct !ascendc.rms_norm_tiling(%c1, %c8, %c64, %c64, %recip, %c512, %c8, %c8, %c1, %c512, %c0, %c0) : i32, i32, i32, i32, f32, i32, i32, i32, i32, i32, i32, i32 loc("r")
  %eps = arith.constant 1.0e-6 : f32
  ascendc.adv_rmsnorm %x, %x, %x, %eps, %r : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32
  %heps = arith.constant 1.0e-5 : f16
  ascendc.adv_rmsnorm %h, %h, %h tmp %tmp : !ascendc.local_tensor<ui8>, %heps, %r {basic_block = true} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16
  %scale = arith.constant 2.0 : f32
  %offset = arith.constant 0.9 : f32
  ascendc.adv_quant %q, %x tmp %tmp : !ascendc.local_tensor<ui8>, %scale, %offset count %n : i32 : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f32>
  ascendc.adv_quant %q, %h, %scale, %offset {is_reuse_source = true} : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>
  ascendc.adv_quant_config %q, %x tmp %tmp : !ascendc.local_tensor<ui8>, %scale, %offset count %n : i32 {calc_count = 32 : i32, offset_count = 0 : i32, scale_count = 0 : i32, work_local_size = 512 : i32} : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f32>
  ascendc.adv_concat %x, %x, %x, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.adv_extract %x, %idx, %x, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f32>, i32
  return
}
