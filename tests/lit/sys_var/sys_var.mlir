// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @sys_var
// ROUNDTRIP: %{{.*}} = ascendc.get_block_idx : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_block_num : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_data_block_size_in_bytes : i16
// ROUNDTRIP: %{{.*}} = ascendc.get_program_counter : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_sub_block_idx : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_sub_block_num : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_system_cycle : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_task_ratio : i64
// ROUNDTRIP: %{{.*}} = ascendc.get_arch_version : ui32
// ROUNDTRIP: ascendc.trap

// CHECK-LABEL: __aicore__ inline void sys_var() {
// CHECK-NEXT:   int64_t idx = AscendC::GetBlockIdx();
// CHECK-NEXT:   int64_t num = AscendC::GetBlockNum();
// CHECK-NEXT:   int16_t block_size = AscendC::GetDataBlockSizeInBytes();
// CHECK-NEXT:   int64_t pc = AscendC::GetProgramCounter();
// CHECK-NEXT:   int64_t sub_idx = AscendC::GetSubBlockIdx();
// CHECK-NEXT:   int64_t sub_num = AscendC::GetSubBlockNum();
// CHECK-NEXT:   int64_t cycle = AscendC::GetSystemCycle();
// CHECK-NEXT:   int64_t ratio = AscendC::GetTaskRatio();
// CHECK-NEXT:   uint32_t core_version; AscendC::GetArchVersion(core_version);
// CHECK-NEXT:   AscendC::Trap();
// CHECK-NEXT:   return;
// CHECK-NEXT: }


func.func @sys_var() {
  %idx = ascendc.get_block_idx : i64 loc("idx")
  %num = ascendc.get_block_num : i64 loc("num")
  %bs = ascendc.get_data_block_size_in_bytes : i16 loc("block_size")
  %pc = ascendc.get_program_counter : i64 loc("pc")
  %sub = ascendc.get_sub_block_idx : i64 loc("sub_idx")
  %subn = ascendc.get_sub_block_num : i64 loc("sub_num")
  %cyc = ascendc.get_system_cycle : i64 loc("cycle")
  %ratio = ascendc.get_task_ratio : i64 loc("ratio")
  %ver = ascendc.get_arch_version : ui32 loc("core_version")
  ascendc.trap
  return
}
