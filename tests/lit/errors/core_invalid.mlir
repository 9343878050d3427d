// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @too_few_fields(%a: i32) {
  // expected-error @+1 {{AscendC::DataCopyParams takes 4 fields (blockCount, blockLen, srcStride, dstStride), got 2}}
  %p = ascendc.construct !ascendc.data_copy_params(%a, %a) : i32, i32
  return
}

// -----

// expected-error @+1 {{LocalTensor element type 'tensor<4xf32>' is not an Ascend C type}}
func.func @bad_element(%t: !ascendc.local_tensor<tensor<4xf32>>) {
  return
}
