// Struct fields with C++ types: enum fields are cast to their enum
// (`static_cast<AscendC::BlockMode>(v)`), array fields (ShapeInfo shape /
// originalShape: uint32_t[8]) are declared first as local arrays.
// ShapeInfo values: GetShapeSize, shape[dim], originalShape[dim].
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @struct_fields
// ROUNDTRIP: ascendc.construct !ascendc.data_copy_enhanced_params
// ROUNDTRIP: ascendc.get_shape_size %{{.*}}
// ROUNDTRIP: ascendc.shape_info_shape %{{.*}}, %{{.*}} : i32
// ROUNDTRIP: ascendc.shape_info_original_shape %{{.*}}, %{{.*}} : i32

// CHECK-LABEL: __aicore__ inline int32_t struct_fields(int32_t n) {
// CHECK-NEXT:   AscendC::DataCopyEnhancedParams enh{static_cast<AscendC::BlockMode>(1), static_cast<AscendC::DeqScale>(0), 0, 0, false, static_cast<pad_t>(2), 0};
// CHECK-NEXT:   AscendC::TransposeParamsExt tr{1, static_cast<decltype(AscendC::TransposeParamsExt::cSize)>(n), 1, 1, static_cast<AscendC::TransposeType>(n)};
// CHECK-NEXT:   AscendC::DataCopyCO12DstParams co{16, 16, 16, 16, static_cast<QuantMode_t>(1), 0, false, true};
// CHECK-NEXT:   AscendC::FixpipeParamsV220 fp{16, 16, 16, 16, false, static_cast<QuantMode_t>(0), 0, 1, 0, 0, 0, false};
// CHECK-NEXT:   uint32_t shape_shape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   uint32_t shape_originalShape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   AscendC::ShapeInfo shape{2, shape_shape, 2, shape_originalShape, static_cast<AscendC::DataFormat>(0)};
// CHECK-NEXT:   int32_t size = AscendC::GetShapeSize(shape);
// CHECK-NEXT:   int32_t d1 = shape.shape[1];
// CHECK-NEXT:   int32_t o0 = shape.originalShape[0];
// CHECK-NEXT:   int32_t s = size + d1;
// CHECK-NEXT:   int32_t t = s + o0;
// CHECK-NEXT:   return t;
// CHECK-NEXT: }
func.func @struct_fields(%n: i32 loc("n")) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c16 = arith.constant 16 : i32
  %false = arith.constant false
  %true = arith.constant true
  %enh = ascendc.construct !ascendc.data_copy_enhanced_params(%c1, %c0, %c0, %c0, %false, %c2, %c0) : i32, i32, i32, i32, i1, i32, i32 loc("enh")
  %tr = ascendc.construct !ascendc.transpose_params_ext(%c1, %n, %c1, %c1, %n) : i32, i32, i32, i32, i32 loc("tr")
  %co = ascendc.construct !ascendc.data_copy_co12_dst_params(%c16, %c16, %c16, %c16, %c1, %c0, %false, %true) : i32, i32, i32, i32, i32, i32, i1, i1 loc("co")
  %fp = ascendc.construct !ascendc.fixpipe_params_v220(%c16, %c16, %c16, %c16, %false, %c0, %c0, %c1, %c0, %c0, %c0, %false) : i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1 loc("fp")
  %shape = ascendc.construct !ascendc.shape_info(%c2, %c2, %n, %c0, %c0, %c0, %c0, %c0, %c0, %c2, %c2, %n, %c0, %c0, %c0, %c0, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 loc("shape")
  %size = ascendc.get_shape_size %shape loc("size")
  %d1 = ascendc.shape_info_shape %shape, %c1 : i32 loc("d1")
  %o0 = ascendc.shape_info_original_shape %shape, %c0 : i32 loc("o0")
  %s = arith.addi %size, %d1 : i32 loc("s")
  %t = arith.addi %s, %o0 : i32 loc("t")
  return %t : i32
}
