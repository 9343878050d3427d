// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @context_not_bytes(%ctx: !ascendc.gm_ptr<f32>) {
  %h = ascendc.hccl
  // expected-error @+1 {{operand #1 must be GM_ADDR (!ascendc.gm_ptr<ui8>), but got '!ascendc.gm_ptr<f32>'}}
  ascendc.hccl_init %h, %ctx : !ascendc.gm_ptr<f32>
  return
}

// -----

func.func @send_not_bytes(%x: !ascendc.gm_ptr<f16>, %y: !ascendc.gm_ptr<ui8>, %n: i64) {
  %h = ascendc.hccl
  // expected-error @+1 {{operand #1 must be GM_ADDR (!ascendc.gm_ptr<ui8>), but got '!ascendc.gm_ptr<f16>'}}
  %0 = ascendc.hccl_all_reduce %h, %x, %y, %n, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM : !ascendc.gm_ptr<f16>, !ascendc.gm_ptr<ui8>, i64
  return
}

// -----

func.func @unknown_reduce_op(%x: !ascendc.gm_ptr<ui8>, %n: i64) {
  %h = ascendc.hccl
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'op' [HCCL_REDUCE_SUM, HCCL_REDUCE_PROD, HCCL_REDUCE_MAX, HCCL_REDUCE_MIN]}}
  %0 = ascendc.hccl_all_reduce %h, %x, %x, %n, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_AVG : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64
  return
}

// -----

func.func @handle_not_integer(%f: f32) {
  %h = ascendc.hccl
  // expected-error @+1 {{invalid kind of type specified}}
  ascendc.hccl_commit %h, %f : f32
  return
}

// -----

func.func @handle_is_an_integer(%f: f32) {
  %h = ascendc.hccl
  // expected-error @+1 {{'ascendc.hccl_wait' op operand #1 must be signless integer, but got 'f32'}}
  %r = "ascendc.hccl_wait"(%h, %f) : (!ascendc.hccl, f32) -> i32
  return
}
