// Values the API calls take: parameter structs, level-0 masks, GM pointers,
// system variables.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP: ascendc.construct !ascendc.data_copy_params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : i32, i32, i32, i32
// ROUNDTRIP: ascendc.bitmask %{{.*}}, %{{.*}} : i64, i64

// CHECK-LABEL: extern "C" __global__ __aicore__ void core(GM_ADDR x, int32_t n) {
// CHECK-NEXT:   AscendC::DataCopyParams params{1, static_cast<decltype(AscendC::DataCopyParams::blockLen)>(n), 0, 0};
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(-1), static_cast<uint64_t>(255)};
// CHECK-NEXT:   int64_t block = AscendC::GetBlockIdx();
// CHECK-NEXT:   int32_t offset = static_cast<int32_t>(block);
// CHECK-NEXT:   __gm__ float* x_block = (__gm__ float*)x + offset;
// CHECK-NEXT:   __gm__ int32_t* x_bits = reinterpret_cast<__gm__ int32_t*>(x_block);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @core(%x: !ascendc.gm_ptr<f32> loc("x"), %n: i32 loc("n")) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %params = ascendc.construct !ascendc.data_copy_params(%c1, %n, %c0, %c0) : i32, i32, i32, i32 loc("params")
  %all = arith.constant -1 : i64
  %low = arith.constant 255 : i64
  %mask = ascendc.bitmask %all, %low : i64, i64 loc("mask")
  %block = ascendc.get_block_idx : i64 loc("block")
  %offset = arith.trunci %block : i64 to i32 loc("offset")
  %xb = ascendc.gm_ptr_offset %x, %offset : !ascendc.gm_ptr<f32>, i32 loc("x_block")
  %xi = ascendc.gm_ptr_cast %xb : !ascendc.gm_ptr<f32> to !ascendc.gm_ptr<i32> loc("x_bits")
  return
}
