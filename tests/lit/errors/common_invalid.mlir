// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @hccl_index_out_of_range() {
  // expected-error @+1 {{communication domain index 2 is not 0 or 1}}
  %h = ascendc.get_hccl_context 2 : !ascendc.gm_ptr<ui8>
  return
}

// -----

func.func @hccl_context_not_bytes(%ctx: !ascendc.gm_ptr<f32>) {
  // expected-error @+1 {{the context is a GM_ADDR (__gm__ uint8_t*): expected !ascendc.gm_ptr<ui8>, got '!ascendc.gm_ptr<f32>'}}
  ascendc.set_hccl_context 0, %ctx : !ascendc.gm_ptr<f32>
  return
}

// -----

func.func @sys_workspace_not_bytes() {
  // expected-error @+1 {{the workspace is a GM_ADDR}}
  %w = ascendc.get_sys_workspace : !ascendc.gm_ptr<i32>
  return
}

// -----

func.func @preload_not_u64(%g: !ascendc.global_tensor<i64>, %off: i64) {
  // expected-error @+1 {{src must have element type 'ui64', got 'i64'}}
  ascendc.data_cache_preload %g, %off : !ascendc.global_tensor<i64>, i64
  return
}

// -----

func.func @atomic_f64() {
  // expected-error @+1 {{atomic element type 'f64' is not one of f32, f16, bf16, i8, i16, i32}}
  ascendc.set_atomic_add f64
  return
}

// -----

func.func @scalar_cast_from_int(%x: f16) {
  // expected-error @+1 {{ScalarCast converts a f32 value, got 'f16'}}
  %y = ascendc.scalar_cast %x, CAST_ROUND : f16 to i32
  return
}

// -----

func.func @scalar_cast_to_i64(%x: f32) {
  // expected-error @+1 {{ScalarCast converts to f16, bf16 or i32, not 'i64'}}
  %y = ascendc.scalar_cast %x, CAST_ROUND : f32 to i64
  return
}

// -----

func.func @sff_count_value(%v: i64) {
  // expected-error @+1 {{count_value 2 is not a bit value (0 or 1)}}
  %y = ascendc.scalar_get_sff_value %v, 2 : i64
  return
}

// -----

func.func @sort_len_int(%n: i32) {
  // expected-error @+1 {{sort element type 'i32' is not f16 or f32}}
  %y = ascendc.get_sort_len %n, i32 : i32
  return
}

// -----

func.func @proposal_mode(%d: !ascendc.local_tensor<f16>, %s: !ascendc.local_tensor<f16>, %n: i32) {
  %c6 = arith.constant 6 : i32
  // expected-error @+1 {{mode number 6 is not a proposal field (0..5: x1, y1, x2, y2, score, label)}}
  ascendc.proposal_concat %d, %s, %n, %c6 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
  return
}

// -----

func.func @sort32_index_type(%d: !ascendc.local_tensor<f32>, %s: !ascendc.local_tensor<f32>, %i: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{src1 must have element type 'ui32', got 'i32'}}
  ascendc.sort32 %d, %s, %i, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @sort_int_values(%d: !ascendc.local_tensor<i32>, %i: !ascendc.local_tensor<ui32>, %n: i32) {
  // expected-error @+1 {{Sort sorts f16 or f32 values, not 'i32'}}
  ascendc.sort %d, %d, %i, %d, %n, false : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @mrg_sort_info_lengths(%n: i32) {
  // expected-error @+1 {{AscendC::MrgSort4Info takes 7 values (elementLengths[4], ifExhaustedSuspension, validBit, repeatTimes), got 4}}
  %info = ascendc.construct !ascendc.mrg_sort_4_info(%n, %n, %n, %n) : i32, i32, i32, i32
  return
}

// -----

func.func @mrg_sort_list_dtype(%a: !ascendc.local_tensor<f16>) {
  // expected-error @+1 {{MrgSortSrcList element type 'f32' differs from the tensor's 'f16'}}
  %l = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%a, %a, %a, %a) : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @mrg_sort_dst_dtype(%d: !ascendc.local_tensor<f16>, %a: !ascendc.local_tensor<f32>, %i: !ascendc.mrg_sort_4_info) {
  %l = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%a, %a, %a, %a) : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  // expected-error @+1 {{MrgSortSrcList of 'f32' merged into a tensor of 'f16'}}
  ascendc.mrg_sort %d, %l, %i : !ascendc.local_tensor<f16>, !ascendc.mrg_sort_src_list<f32>
  return
}

// -----

func.func @sign_cast_width(%a: i32) {
  // expected-error @+1 {{changes the width ('i32' to 'ui16'); use arith casts}}
  %u = ascendc.sign_cast %a : i32 to ui16
  return
}
