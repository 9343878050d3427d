// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @mismatched_element_types(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.global_tensor<f32>, %n: i32) {
  // expected-error @+1 {{failed to verify that all of {dst, src} have same element type}}
  ascendc.data_copy %dst, %src, %n : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

func.func @gm_to_gm(%dst: !ascendc.global_tensor<f32>, %src: !ascendc.global_tensor<f32>, %n: i32) {
  // expected-error @+1 {{copies GlobalTensor to GlobalTensor, which DataCopy cannot}}
  ascendc.data_copy %dst, %src, %n : !ascendc.global_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

func.func @gm_to_gm_params(%dst: !ascendc.global_tensor<f32>, %src: !ascendc.global_tensor<f32>, %p: !ascendc.data_copy_params) {
  // expected-error @+1 {{copies GlobalTensor to GlobalTensor}}
  ascendc.data_copy_params %dst, %src, %p : !ascendc.global_tensor<f32>, !ascendc.global_tensor<f32>
  return
}

// -----

func.func @nz2nd_to_local(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.local_tensor<f16>, %p: !ascendc.nz2nd_params_full) {
  // expected-error @+1 {{operand #0 must be GlobalTensor}}
  "ascendc.data_copy_nz2nd"(%dst, %src, %p) : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.nz2nd_params_full) -> ()
  return
}

// -----

func.func @pad_ext_with_legacy(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.global_tensor<f16>,
                               %p: !ascendc.data_copy_ext_params, %pad: !ascendc.data_copy_pad_params) {
  // expected-error @+1 {{DataCopyExtParams goes with DataCopyPadExtParams<T>, not DataCopyPadParams}}
  ascendc.data_copy_pad %dst, %src, %p, %pad : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_params
  return
}

// -----

func.func @pad_legacy_with_ext(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.global_tensor<f16>,
                               %p: !ascendc.data_copy_params, %pad: !ascendc.data_copy_pad_ext_params<f16>) {
  // expected-error @+1 {{DataCopyParams goes with DataCopyPadParams, not DataCopyPadExtParams<T>}}
  ascendc.data_copy_pad %dst, %src, %p, %pad : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_ext_params<f16>
  return
}

// -----

func.func @pad_ext_element_type(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.global_tensor<f16>,
                                %p: !ascendc.data_copy_ext_params, %pad: !ascendc.data_copy_pad_ext_params<f32>) {
  // expected-error @+1 {{DataCopyPadExtParams element type 'f32' differs from the tensors' element type 'f16'}}
  ascendc.data_copy_pad %dst, %src, %p, %pad : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @copy_mismatch(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.local_tensor<f32>, %rp: !ascendc.copy_repeat_params) {
  %c128 = arith.constant 128 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{failed to verify that all of {dst, src} have same element type}}
  ascendc.copy_l1 %dst, %src, %c128, %c1, %rp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32, i32
  return
}

// -----

// expected-error @+1 {{DataCopyPadExtParams element type 'i3' is not an Ascend C type}}
func.func @pad_ext_bad_type(%pad: !ascendc.data_copy_pad_ext_params<i3>) {
  return
}

// -----

func.func @slice_local_to_local(%dst: !ascendc.local_tensor<f16>, %src: !ascendc.local_tensor<f16>, %s: !ascendc.slice_info, %n: i32) {
  %l = ascendc.slice_info_list(%s) {size = 1 : i32}
  // expected-error @+1 {{copies GM -> local or local -> GM}}
  ascendc.data_copy_slice %dst, %src, %l, %l, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @slice_list_size(%s: !ascendc.slice_info) {
  // expected-error @+1 {{size 2 differs from the 1 slices given}}
  %l = ascendc.slice_info_list(%s) {size = 2 : i32}
  return
}

// -----

// AIPP: AippParams<T> takes its six member structs, the padding ones of the same T.
func.func @aipp_params_wrong_member(%s: !ascendc.aipp_swap_params, %l: !ascendc.aipp_single_line_params,
                                    %d: !ascendc.aipp_dtc_params, %c: !ascendc.aipp_csc_params,
                                    %p: !ascendc.aipp_padding_params<f16>, %cp: !ascendc.aipp_cpadding_params<i8>) {
  // expected-error @+1 {{AippParams field paddingParams must be '!ascendc.aipp_padding_params<i8>', got '!ascendc.aipp_padding_params<f16>'}}
  %cfg = ascendc.construct !ascendc.aipp_params<i8>(%p, %s, %l, %d, %cp, %c) : !ascendc.aipp_padding_params<f16>, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params<i8>, !ascendc.aipp_csc_params
  return
}

// -----

func.func @aipp_params_element_type(%x: i32) {
  // expected-error @+1 {{AippPaddingParams<float>: the element type must be one of int8_t, uint8_t, half}}
  %pad = ascendc.construct !ascendc.aipp_padding_params<f32>(%x, %x, %x, %x, %x) : i32, i32, i32, i32, i32
  return
}

// -----

func.func @aipp_two_planes_of_two_types(%a: !ascendc.global_tensor<ui8>, %b: !ascendc.global_tensor<i8>,
                                        %cfg: !ascendc.aipp_params<i8>) {
  // expected-error @+1 {{src1's element type 'i8' differs from src0's 'ui8'}}
  ascendc.set_aipp_functions %a, %b, YUV420SP_U8, %cfg : !ascendc.global_tensor<ui8>, !ascendc.aipp_params<i8>, !ascendc.global_tensor<i8>
  return
}
