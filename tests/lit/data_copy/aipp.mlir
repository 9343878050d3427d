// AIPP: the six member structs, AippParams<T> built from them, SetAippFunctions
// with one plane (RGB) and two (YUV420SP), and LoadImageToLocal into L1.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @aipp
// ROUNDTRIP: ascendc.construct !ascendc.aipp_padding_params<i8>(
// ROUNDTRIP: ascendc.construct !ascendc.aipp_params<i8>(
// ROUNDTRIP: ascendc.set_aipp_functions %{{.*}}, RGB888_U8, %{{.*}} : <ui8>, <i8>
// ROUNDTRIP: ascendc.set_aipp_functions %{{.*}}, %{{.*}}, YUV420SP_U8, %{{.*}} : <ui8>, <i8>, !ascendc.global_tensor<ui8>
// ROUNDTRIP: ascendc.load_image_to_local

// CHECK-LABEL: void aipp(AscendC::GlobalTensor<uint8_t>& img, AscendC::GlobalTensor<uint8_t>& uv, AscendC::LocalTensor<int8_t>& l1, AscendC::LoadImageToLocalParams lp) {
// CHECK:        AscendC::AippPaddingParams<int8_t> pad{1, 0, 0, 0, static_cast<decltype(AscendC::AippPaddingParams<int8_t>::paddingValueCh3)>(-3)};
// CHECK-NEXT:   AscendC::AippSwapParams swap{true, false, false};
// CHECK-NEXT:   AscendC::AippSingleLineParams line{false};
// CHECK-NEXT:   AscendC::AippDataTypeConvParams dtc{128, 0, 0, 0.0e+00f, 0.0e+00f, 0.0e+00f, 1.000000000e+00f, 1.000000000e+00f, 1.000000000e+00f, 0};
// CHECK-NEXT:   AscendC::AippChannelPaddingParams<int8_t> cpad{0, 0};
// CHECK-NEXT:   AscendC::AippColorSpaceConvParams csc{true, 0, 0, 0, 0, static_cast<decltype(AscendC::AippColorSpaceConvParams::cscMatrixR1C1)>(-88), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   AscendC::AippParams<int8_t> cfg{pad, swap, line, dtc, cpad, csc};
// CHECK-NEXT:   AscendC::SetAippFunctions(img, AscendC::AippInputFormat::RGB888_U8, cfg);
// CHECK-NEXT:   AscendC::SetAippFunctions(img, uv, AscendC::AippInputFormat::YUV420SP_U8, cfg);
// CHECK-NEXT:   AscendC::LoadImageToLocal(l1, lp);
// CHECK-NEXT:   return;
func.func @aipp(%img: !ascendc.global_tensor<ui8> loc("img"), %uv: !ascendc.global_tensor<ui8> loc("uv"),
                %l1: !ascendc.local_tensor<i8> loc("l1"), %lp: !ascendc.load_image_to_local_params loc("lp")) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %m88 = arith.constant -88 : i32
  %p0 = arith.constant 0 : i8
  %pm = arith.constant -3 : i8
  %t = arith.constant true
  %f = arith.constant false
  %h0 = arith.constant 0.0 : f32
  %h1 = arith.constant 1.0 : f32
  %pad = ascendc.construct !ascendc.aipp_padding_params<i8>(%c1, %p0, %p0, %p0, %pm) : i32, i8, i8, i8, i8 loc("pad")
  %swap = ascendc.construct !ascendc.aipp_swap_params(%t, %f, %f) : i1, i1, i1 loc("swap")
  %line = ascendc.construct !ascendc.aipp_single_line_params(%f) : i1 loc("line")
  %dtc = ascendc.construct !ascendc.aipp_dtc_params(%c128, %c0, %c0, %h0, %h0, %h0, %h1, %h1, %h1, %c0) : i32, i32, i32, f32, f32, f32, f32, f32, f32, i32 loc("dtc")
  %cpad = ascendc.construct !ascendc.aipp_cpadding_params<i8>(%c0, %p0) : i32, i8 loc("cpad")
  %csc = ascendc.construct !ascendc.aipp_csc_params(%t, %c0, %c0, %c0, %c0, %m88, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) : i1, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 loc("csc")
  %cfg = ascendc.construct !ascendc.aipp_params<i8>(%pad, %swap, %line, %dtc, %cpad, %csc) : !ascendc.aipp_padding_params<i8>, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params<i8>, !ascendc.aipp_csc_params loc("cfg")
  ascendc.set_aipp_functions %img, RGB888_U8, %cfg : !ascendc.global_tensor<ui8>, !ascendc.aipp_params<i8>
  ascendc.set_aipp_functions %img, %uv, YUV420SP_U8, %cfg : !ascendc.global_tensor<ui8>, !ascendc.aipp_params<i8>, !ascendc.global_tensor<ui8>
  ascendc.load_image_to_local %l1, %lp : !ascendc.local_tensor<i8>
  return
}
