// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @local_tensor
// ROUNDTRIP: ascendc.local_tensor : <f16>
// ROUNDTRIP: ascendc.local_tensor_pos VECIN, %{{.*}}, %{{.*}} : i32, i32 -> <f16>
// ROUNDTRIP: ascendc.reinterpret_cast %{{.*}} : <f16> to <i16>
// ROUNDTRIP: ascendc.to_file %{{.*}}, "x_ub.bin" : <f16>

// CHECK-LABEL: void local_tensor(int32_t addr, int32_t n) {
// CHECK-NEXT:   AscendC::LocalTensor<half> empty;
// CHECK-NEXT:   AscendC::LocalTensor<half> at(addr);
// CHECK-NEXT:   AscendC::LocalTensor<half> x_ub(AscendC::TPosition::VECIN, 0, 256);
// CHECK-NEXT:   AscendC::LocalTensor<half> tail = x_ub[n];
// CHECK-NEXT:   half v = x_ub.GetValue(n);
// CHECK-NEXT:   tail.SetValue(0, v);
// CHECK-NEXT:   int32_t len = x_ub.GetLength();
// CHECK-NEXT:   int64_t size = x_ub.GetSize();
// CHECK-NEXT:   x_ub.SetSize(n);
// CHECK-NEXT:   int64_t a = x_ub.GetPhyAddr();
// CHECK-NEXT:   int64_t b = x_ub.GetPhyAddr(n);
// CHECK-NEXT:   int32_t pos = x_ub.GetPosition();
// CHECK-NEXT:   x_ub.SetUserTag(n);
// CHECK-NEXT:   int32_t tag = x_ub.GetUserTag();
// CHECK-NEXT:   AscendC::LocalTensor<int16_t> bits = x_ub.ReinterpretCast<int16_t>();
// CHECK-NEXT:   empty.SetAddrWithOffset(x_ub, n);
// CHECK-NEXT:   empty.SetBufferLen(n);
// CHECK-NEXT:   x_ub.Print(n);
// CHECK-NEXT:   x_ub.ToFile("x_ub.bin");
// CHECK-NEXT:   return;
func.func @local_tensor(%addr: i32 loc("addr"), %n: i32 loc("n")) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %empty = ascendc.local_tensor : !ascendc.local_tensor<f16> loc("empty")
  %at = ascendc.local_tensor_addr %addr : i32 -> !ascendc.local_tensor<f16> loc("at")
  %x_ub = ascendc.local_tensor_pos VECIN, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f16> loc("x_ub")
  %tail = ascendc.subindex %x_ub[%n] : !ascendc.local_tensor<f16>, i32 loc("tail")
  %v = ascendc.get_value %x_ub[%n] : !ascendc.local_tensor<f16>, i32 loc("v")
  ascendc.set_value %tail[%c0], %v : !ascendc.local_tensor<f16>, i32
  %len = ascendc.get_length %x_ub : !ascendc.local_tensor<f16> loc("len")
  %size = ascendc.get_size %x_ub : !ascendc.local_tensor<f16> loc("size")
  ascendc.set_size %x_ub, %n : !ascendc.local_tensor<f16>, i32
  %a = ascendc.local_get_phy_addr %x_ub : !ascendc.local_tensor<f16> loc("a")
  %b = ascendc.local_get_phy_addr_offset %x_ub, %n : !ascendc.local_tensor<f16>, i32 loc("b")
  %pos = ascendc.get_position %x_ub : !ascendc.local_tensor<f16> loc("pos")
  ascendc.set_user_tag %x_ub, %n : !ascendc.local_tensor<f16>, i32
  %tag = ascendc.get_user_tag %x_ub : !ascendc.local_tensor<f16> loc("tag")
  %bits = ascendc.reinterpret_cast %x_ub : !ascendc.local_tensor<f16> to !ascendc.local_tensor<i16> loc("bits")
  ascendc.set_addr_with_offset %empty, %x_ub, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.set_buffer_len %empty, %n : !ascendc.local_tensor<f16>, i32
  ascendc.print %x_ub, %n : !ascendc.local_tensor<f16>, i32
  ascendc.to_file %x_ub, "x_ub.bin" : !ascendc.local_tensor<f16>
  return
}
