// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @no_such_field(%t: !ascendc.data_copy_params) {
  // expected-error @+1 {{'ascendc.struct_field' op AscendC::DataCopyParams has no field 'blockSize' (fields: blockCount, blockLen, srcStride, dstStride)}}
  %v = ascendc.struct_field %t, "blockSize" : !ascendc.data_copy_params -> i32
  return
}

// -----

func.func @array_field(%t: !ascendc.mrg_sort_4_info) {
  // expected-error @+1 {{'ascendc.struct_field' op field 'elementLengths' of AscendC::MrgSort4Info is an array, not a scalar}}
  %v = ascendc.struct_field %t, "elementLengths" : !ascendc.mrg_sort_4_info -> i32
  return
}
