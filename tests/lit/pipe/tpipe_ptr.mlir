// GetTPipePtr: the result binds a reference to the kernel's TPipe.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP: %{{.*}} = ascendc.get_tpipe_ptr

// CHECK-LABEL: __aicore__ inline void tpipe_ptr() {
// CHECK-NEXT:   AscendC::TPipe& pipe = *GetTPipePtr();
// CHECK-NEXT:   AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
// CHECK-NEXT:   pipe.InitBuffer(buf, 256);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @tpipe_ptr() {
  %c256 = arith.constant 256 : i32
  %pipe = ascendc.get_tpipe_ptr loc("pipe")
  %buf = ascendc.tbuf : !ascendc.buffer<VECCALC> loc("buf")
  ascendc.init_buffer_tbuf %pipe, %buf, %c256 : !ascendc.pipe, !ascendc.buffer<VECCALC>, i32
  return
}
