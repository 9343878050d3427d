// ascendc-insert-sync as a library (gtest): the pass run on modules built in
// C++, and the tables it reads, without asc-opt or Python. The lit tests check
// the exact flags; these check the pass's contract from the inside: the pipe
// table covers every op, a kernel without flags gets the pairs its pipes need,
// one that already has them gets none, and a second run changes nothing.
#include <gtest/gtest.h>

#include <string>

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Dialect/AscendC/AscendCSyncInfo.inc"
#include "asc/Dialect/AscendC/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace {

constexpr const char* kStraight = R"mlir(
func.func @straight(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %b = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.muls_l2 %b, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.data_copy %z_gm, %b, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
)mlir";

struct Fixture : ::testing::Test {
  MLIRContext ctx;
  Fixture() {
    ctx.loadDialect<ascendc::AscendCDialect, func::FuncDialect, arith::ArithDialect, scf::SCFDialect>();
  }
  OwningOpRef<ModuleOp> parse(const char* text) {
    OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(m) << "the test module does not parse";
    return m;
  }
  bool runPass(ModuleOp m) {
    PassManager pm(&ctx);
    pm.addPass(ascendc::createAscendCInsertSync());
    return succeeded(pm.run(m));
  }
  static int count(ModuleOp m, llvm::StringRef name) {
    int n = 0;
    m.walk([&](Operation* op) { n += op->getName().getStringRef() == name; });
    return n;
  }
  static std::string print(ModuleOp m) {
    std::string s;
    llvm::raw_string_ostream os(s);
    m.print(os);
    return s;
  }
};

TEST_F(Fixture, EveryOpOfTheDialectHasAPipe) {
  // asc-tblgen refuses an op without ascPipe; the table it generates must hold them all.
  const auto& pipes = ascendc::sync_info::pipeTable();
  auto* dialect = ctx.getLoadedDialect<ascendc::AscendCDialect>();
  int ops = 0;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    if (&name.getDialect() != dialect) continue;
    ++ops;
    EXPECT_TRUE(pipes.count(name.getTypeID())) << name.getStringRef().str() << " has no pipe";
  }
  EXPECT_GT(ops, 300);
  EXPECT_EQ(static_cast<size_t>(ops), pipes.size());
}

TEST_F(Fixture, TheViewOpsDeclareThemselvesViews) {
  // insert-sync follows a tensor or GM pointer back through its views by the interface,
  // not by a list of op names
  for (const char* name : {"ascendc.subindex", "ascendc.reinterpret_cast", "ascendc.gm_ptr_offset",
                           "ascendc.gm_ptr_cast"}) {
    auto op = RegisteredOperationName::lookup(name, &ctx);
    ASSERT_TRUE(op.has_value()) << name;
    EXPECT_TRUE(op->hasInterface<ViewLikeOpInterface>()) << name;
  }
  auto data_copy = RegisteredOperationName::lookup("ascendc.data_copy", &ctx);
  ASSERT_TRUE(data_copy.has_value());
  EXPECT_FALSE(data_copy->hasInterface<ViewLikeOpInterface>());
}

TEST_F(Fixture, AViewAtAnotherOffsetIsAnotherRegion) {
  // the vector op writes b[0:256]; the copy out reads b[256:] through a subindex view:
  // no V -> MTE3 pair is needed for regions apart, one is for the same region
  std::string apart = kStraight, same = kStraight;
  std::string out = "ascendc.data_copy %z_gm, %b, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32\n";
  std::string viewed = "%bv = ascendc.subindex %b[%c256] : !ascendc.local_tensor<f32>, i32\n"
                       "  ascendc.data_copy %z_gm, %bv, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32\n";
  std::string viewed0 = "%bv = ascendc.subindex %b[%c0] : !ascendc.local_tensor<f32>, i32\n"
                        "  ascendc.data_copy %z_gm, %bv, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32\n";
  apart.replace(apart.find(out), out.size(), viewed);
  same.replace(same.find(out), out.size(), viewed0);
  auto a = parse(apart.c_str()), s = parse(same.c_str());
  ASSERT_TRUE(a && s);
  ASSERT_TRUE(runPass(*a));
  ASSERT_TRUE(runPass(*s));
  EXPECT_EQ(print(*a).find("set_flag V_MTE3"), std::string::npos) << print(*a);
  EXPECT_NE(print(*s).find("set_flag V_MTE3"), std::string::npos) << print(*s);
}

TEST_F(Fixture, AKernelWithoutFlagsGetsThePairsItsPipesNeed) {
  auto m = parse(kStraight);
  ASSERT_TRUE(m);
  ASSERT_EQ(count(*m, "ascendc.set_flag"), 0);
  ASSERT_TRUE(runPass(*m));
  // GM -> UB copy (MTE2), then the vector op (V), then the copy out (MTE3): MTE2_V and V_MTE3.
  EXPECT_EQ(count(*m, "ascendc.set_flag"), 2);
  EXPECT_EQ(count(*m, "ascendc.wait_flag"), 2);
  std::string text = print(*m);
  EXPECT_NE(text.find("set_flag MTE2_V"), std::string::npos) << text;
  EXPECT_NE(text.find("set_flag V_MTE3"), std::string::npos) << text;
}

TEST_F(Fixture, ASecondRunAddsNothing) {
  auto m = parse(kStraight);
  ASSERT_TRUE(m);
  ASSERT_TRUE(runPass(*m));
  std::string once = print(*m);
  ASSERT_TRUE(runPass(*m));
  EXPECT_EQ(print(*m), once);
}

TEST_F(Fixture, AKernelWithItsOwnBarrierIsLeftAlone) {
  std::string text = kStraight;
  // a PIPE_ALL barrier after each copy: the user ordered everything
  std::string in = "ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32\n";
  text.replace(text.find(in), in.size(), in + "  ascendc.pipe_barrier PIPE_ALL\n");
  std::string mid = "ascendc.muls_l2 %b, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32\n";
  text.replace(text.find(mid), mid.size(), mid + "  ascendc.pipe_barrier PIPE_ALL\n");
  auto m = parse(text.c_str());
  ASSERT_TRUE(m);
  ASSERT_TRUE(runPass(*m));
  EXPECT_EQ(count(*m, "ascendc.set_flag"), 0);
  EXPECT_EQ(count(*m, "ascendc.wait_flag"), 0);
}

}  // namespace
