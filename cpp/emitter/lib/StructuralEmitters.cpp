//===- StructuralEmitters.cpp - func, arith and scf as C++ -------------------===//
//
// The ops that are not Ascend C API calls: control flow, scalar arithmetic and
// calls between device functions. Everything in the ascendc dialect is printed
// by code generated from its TableGen definition instead.
//
//===----------------------------------------------------------------------===//

#include "asc/Emitter/CppEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace asc;

namespace {

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

LogicalResult emitBinary(CppEmitter &e, Operation *op, StringRef cppOp) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  e.emitValue(op->getOperand(0));
  e.os() << " " << cppOp << " ";
  e.emitValue(op->getOperand(1));
  e.endStatement();
  return success();
}

#define ASC_BINARY(OP, TEXT)                                                    \
  table[TypeID::get<OP>()] = [](CppEmitter &e, Operation *op) {                \
    return emitBinary(e, op, TEXT);                                            \
  };

/// Floor and ceiling division (Python's `//` and asc.ceildiv) from C++'s
/// truncating division: adjust the quotient by one when the remainder is
/// non-zero and the operands' signs differ (floor) or agree (ceil).
template <bool isCeil>
LogicalResult emitRoundedDiv(CppEmitter &e, Operation *op) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  Value a = op->getOperand(0), b = op->getOperand(1);
  e.os() << "(";
  e.emitValue(a);
  e.os() << " / ";
  e.emitValue(b);
  e.os() << (isCeil ? " + ((" : " - ((");
  e.emitValue(a);
  e.os() << " % ";
  e.emitValue(b);
  e.os() << " != 0) && ((";
  e.emitValue(a);
  e.os() << (isCeil ? " < 0) == (" : " < 0) != (");
  e.emitValue(b);
  e.os() << " < 0))))";
  e.endStatement();
  return success();
}

LogicalResult emitCast(CppEmitter &e, Operation *op) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  e.os() << "static_cast<";
  e.emitType(op->getResult(0).getType());
  e.os() << ">(";
  e.emitValue(op->getOperand(0));
  e.os() << ")";
  e.endStatement();
  return success();
}

/// Unsigned comparisons and shifts reinterpret signless integers as unsigned.
void emitAsUnsigned(CppEmitter &e, Value v) {
  unsigned width = v.getType().getIntOrFloatBitWidth();
  e.os() << "static_cast<uint" << (width <= 8 ? 8 : width <= 16 ? 16 : width <= 32 ? 32 : 64)
         << "_t>(";
  e.emitValue(v);
  e.os() << ")";
}

/// divui / remui / shrui: the operands reinterpreted as unsigned, the result
/// converted back to the (signless) result type.
LogicalResult emitUnsignedBinary(CppEmitter &e, Operation *op, StringRef cppOp) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  e.os() << "static_cast<";
  e.emitType(op->getResult(0).getType());
  e.os() << ">(";
  emitAsUnsigned(e, op->getOperand(0));
  e.os() << " " << cppOp << " ";
  emitAsUnsigned(e, op->getOperand(1));
  e.os() << ")";
  e.endStatement();
  return success();
}

/// shli / shrsi / shrui. C++ leaves a shift by a negative amount or by the
/// operand's width or more undefined; Ascend C kernels get a defined result:
/// the amount is taken modulo the width (what the Model and x86 compute), and
/// a constant amount in range is written as it is.
LogicalResult emitShift(CppEmitter &e, Operation *op, StringRef cppOp, bool isUnsigned) {
  Value lhs = op->getOperand(0), amount = op->getOperand(1);
  unsigned width = lhs.getType().getIntOrFloatBitWidth();
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  if (isUnsigned) {
    e.os() << "static_cast<";
    e.emitType(op->getResult(0).getType());
    e.os() << ">(";
    emitAsUnsigned(e, lhs);
  } else {
    e.emitValue(lhs);
  }
  e.os() << " " << cppOp << " ";
  APInt value;
  if (matchPattern(amount, m_ConstantInt(&value)) && value.getSExtValue() >= 0 &&
      value.getSExtValue() < int64_t(width)) {
    e.emitValue(amount);
  } else {
    e.os() << "(";
    e.emitValue(amount);
    e.os() << " & " << (width - 1) << ")";
  }
  if (isUnsigned) e.os() << ")";
  e.endStatement();
  return success();
}

/// extui / uitofp: the (signless) source read as unsigned.
LogicalResult emitUnsignedCast(CppEmitter &e, Operation *op) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  e.os() << "static_cast<";
  e.emitType(op->getResult(0).getType());
  e.os() << ">(";
  Value v = op->getOperand(0);
  if (v.getType().isInteger(1)) e.emitValue(v);
  else emitAsUnsigned(e, v);
  e.os() << ")";
  e.endStatement();
  return success();
}

LogicalResult emitCmpI(CppEmitter &e, Operation *o) {
  auto op = cast<arith::CmpIOp>(o);
  using P = arith::CmpIPredicate;
  StringRef text;
  bool isUnsigned = false;
  switch (op.getPredicate()) {
  case P::eq: text = "=="; break;
  case P::ne: text = "!="; break;
  case P::slt: text = "<"; break;
  case P::sle: text = "<="; break;
  case P::sgt: text = ">"; break;
  case P::sge: text = ">="; break;
  case P::ult: text = "<"; isUnsigned = true; break;
  case P::ule: text = "<="; isUnsigned = true; break;
  case P::ugt: text = ">"; isUnsigned = true; break;
  case P::uge: text = ">="; isUnsigned = true; break;
  }
  e.beginStatement(o);
  e.beginAssignment(op.getResult());
  auto operand = [&](Value v) { isUnsigned ? emitAsUnsigned(e, v) : e.emitValue(v); };
  operand(op.getLhs());
  e.os() << " " << text << " ";
  operand(op.getRhs());
  e.endStatement();
  return success();
}

LogicalResult emitCmpF(CppEmitter &e, Operation *o) {
  auto op = cast<arith::CmpFOp>(o);
  using P = arith::CmpFPredicate;
  StringRef text;
  switch (op.getPredicate()) {
  case P::OEQ: case P::UEQ: text = "=="; break;
  case P::ONE: case P::UNE: text = "!="; break;
  case P::OLT: case P::ULT: text = "<"; break;
  case P::OLE: case P::ULE: text = "<="; break;
  case P::OGT: case P::UGT: text = ">"; break;
  case P::OGE: case P::UGE: text = ">="; break;
  default:
    return op.emitOpError() << "predicate " << arith::stringifyCmpFPredicate(op.getPredicate())
                            << " has no C++ form";
  }
  e.beginStatement(o);
  e.beginAssignment(op.getResult());
  e.emitValue(op.getLhs());
  e.os() << " " << text << " ";
  e.emitValue(op.getRhs());
  e.endStatement();
  return success();
}

LogicalResult emitSelect(CppEmitter &e, Operation *o) {
  auto op = cast<arith::SelectOp>(o);
  e.beginStatement(o);
  e.beginAssignment(op.getResult());
  e.emitValue(op.getCondition());
  e.os() << " ? ";
  e.emitValue(op.getTrueValue());
  e.os() << " : ";
  e.emitValue(op.getFalseValue());
  e.endStatement();
  return success();
}

template <bool isMax>
LogicalResult emitMinMax(CppEmitter &e, Operation *op) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  Value a = op->getOperand(0), b = op->getOperand(1);
  e.emitValue(a);
  e.os() << (isMax ? " > " : " < ");
  e.emitValue(b);
  e.os() << " ? ";
  e.emitValue(a);
  e.os() << " : ";
  e.emitValue(b);
  e.endStatement();
  return success();
}

LogicalResult emitNeg(CppEmitter &e, Operation *op) {
  e.beginStatement(op);
  e.beginAssignment(op->getResult(0));
  e.os() << "-";
  e.emitValue(op->getOperand(0));
  e.endStatement();
  return success();
}

//===----------------------------------------------------------------------===//
// scf
//===----------------------------------------------------------------------===//

/// Declares `T name = init;` for each loop-carried value.
void declareCarried(CppEmitter &e, Operation *op, ValueRange vars, ValueRange inits) {
  for (auto [var, init] : llvm::zip(vars, inits)) {
    e.beginStatement(op);
    e.beginAssignment(var);
    e.emitValue(init);
    e.endStatement();
  }
}

/// `dst_i = src_i;` for each pair, through temporaries when there are several
/// (a yield may permute the carried values).
void assignAll(CppEmitter &e, Operation *at, ValueRange dsts, ValueRange srcs) {
  if (dsts.size() == 1) {
    e.beginStatement(at);
    e.os() << e.getName(dsts[0]) << " = ";
    e.emitValue(srcs[0]);
    e.endStatement();
    return;
  }
  SmallVector<std::string> temps;
  for (auto [i, src] : llvm::enumerate(srcs)) {
    e.beginStatement(at);
    std::string temp = (e.getName(dsts[i]) + "_next").str();
    e.os() << e.getTypeName(src.getType()) << " " << temp << " = ";
    e.emitValue(src);
    e.endStatement();
    temps.push_back(temp);
  }
  for (auto [dst, temp] : llvm::zip(dsts, temps)) {
    e.beginStatement(at);
    e.os() << e.getName(dst) << " = " << temp;
    e.endStatement();
  }
}

LogicalResult emitBody(CppEmitter &e, Block &block) {
  ++e.indentLevel;
  LogicalResult result = e.emitBlock(block);
  --e.indentLevel;
  return result;
}

/// The first statement of a loop body: the Model's back-edge check.
void emitLoopCheck(CppEmitter &e, Operation *loop) {
  if (!e.loopChecks) return;
  e.beginStatement(loop);
  e.os() << "ASC_LOOP_CHECK()";
  e.endStatement();
}

/// Loop results and iter_args share one C++ variable; the results are named
/// like the iter_args.
LogicalResult emitFor(CppEmitter &e, Operation *o) {
  auto op = cast<scf::ForOp>(o);
  SmallVector<Value> results(op.getResults());
  declareCarried(e, o, results, op.getInitArgs());
  Value iv = op.getInductionVar();
  e.beginStatement(o);
  e.os() << "for (" << e.getTypeName(iv.getType()) << " " << e.getName(iv) << " = ";
  e.emitValue(op.getLowerBound());
  e.os() << "; " << e.getName(iv) << " < ";
  e.emitValue(op.getUpperBound());
  e.os() << "; " << e.getName(iv) << " += ";
  e.emitValue(op.getStep());
  e.os() << ") {\n";
  ++e.indentLevel;
  // Inside the body the iter_args are the carried variables.
  for (auto [arg, result] : llvm::zip(op.getRegionIterArgs(), results)) {
    e.beginStatement(o);
    e.beginAssignment(arg);
    e.os() << e.getName(result);
    e.endStatement();
  }
  emitLoopCheck(e, o);
  --e.indentLevel;
  if (failed(emitBody(e, *op.getBody()))) return failure();
  e.indent();
  e.os() << "}\n";
  return success();
}

LogicalResult emitIf(CppEmitter &e, Operation *o) {
  auto op = cast<scf::IfOp>(o);
  for (Value result : op.getResults()) {
    e.beginStatement(o);
    e.beginDeclaration(result);
    e.endStatement();
  }
  e.beginStatement(o);
  e.os() << "if (";
  e.emitValue(op.getCondition());
  e.os() << ") {\n";
  if (failed(emitBody(e, op.getThenRegion().front()))) return failure();
  if (!op.getElseRegion().empty()) {
    e.indent();
    e.os() << "} else {\n";
    if (failed(emitBody(e, op.getElseRegion().front()))) return failure();
  }
  e.indent();
  e.os() << "}\n";
  return success();
}

LogicalResult emitWhile(CppEmitter &e, Operation *o) {
  auto op = cast<scf::WhileOp>(o);
  Block &before = op.getBefore().front();
  Block &after = op.getAfter().front();
  declareCarried(e, o, before.getArguments(), op.getInits());
  for (Value result : op.getResults()) {
    e.beginStatement(o);
    e.beginDeclaration(result);
    e.endStatement();
  }
  for (Value arg : after.getArguments()) {
    e.beginStatement(o);
    e.beginDeclaration(arg);
    e.endStatement();
  }
  e.beginStatement(o);
  e.os() << "while (true) {\n";
  ++e.indentLevel;
  emitLoopCheck(e, o);
  --e.indentLevel;
  if (failed(emitBody(e, before))) return failure();
  if (failed(emitBody(e, after))) return failure();
  e.indent();
  e.os() << "}\n";
  return success();
}

LogicalResult emitCondition(CppEmitter &e, Operation *o) {
  auto op = cast<scf::ConditionOp>(o);
  auto whileOp = cast<scf::WhileOp>(op->getParentOp());
  Block &after = whileOp.getAfter().front();
  e.beginStatement(o);
  e.os() << "if (!";
  e.emitValue(op.getCondition());
  e.os() << ") {\n";
  ++e.indentLevel;
  if (!whileOp.getResults().empty()) assignAll(e, o, whileOp.getResults(), op.getArgs());
  e.beginStatement(o);
  e.os() << "break;\n";
  --e.indentLevel;
  e.indent();
  e.os() << "}\n";
  if (!after.getArguments().empty()) assignAll(e, o, after.getArguments(), op.getArgs());
  return success();
}

LogicalResult emitYield(CppEmitter &e, Operation *o) {
  auto op = cast<scf::YieldOp>(o);
  if (op.getResults().empty()) return success();
  Operation *parent = op->getParentOp();
  if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
    SmallVector<Value> results(forOp.getResults());
    assignAll(e, o, results, op.getResults());
  } else if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
    SmallVector<Value> results(ifOp.getResults());
    assignAll(e, o, results, op.getResults());
  } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
    assignAll(e, o, whileOp.getBefore().front().getArguments(), op.getResults());
  } else {
    return op.emitOpError() << "inside " << parent->getName() << " cannot be emitted";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// func
//===----------------------------------------------------------------------===//

LogicalResult emitCall(CppEmitter &e, Operation *o) {
  auto op = cast<func::CallOp>(o);
  e.beginStatement(o);
  // Several results: the returned aggregate, then one variable per member.
  std::string aggregate;
  if (op.getNumResults() > 1) {
    aggregate = e.newName((op.getCallee() + "_result").str());
    e.os() << e.resultStructName(op.getCallee()) << " " << aggregate << " = ";
  } else if (op.getNumResults() == 1) {
    e.beginAssignment(op.getResult(0));
  }
  e.os() << e.functionName(op.getCallee()) << "(";
  e.emitValues(op.getOperands());
  e.os() << ")";
  e.endStatement();
  if (op.getNumResults() > 1) {
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      e.beginStatement(o);
      e.beginAssignment(result);
      e.os() << aggregate << ".v" << i;
      e.endStatement();
    }
  }
  return success();
}

LogicalResult emitReturn(CppEmitter &e, Operation *o) {
  auto op = cast<func::ReturnOp>(o);
  e.beginStatement(o);
  e.os() << "return";
  if (op.getNumOperands() == 1) {
    e.os() << " ";
    e.emitValue(op.getOperand(0));
  } else if (op.getNumOperands() > 1) {
    e.os() << " {";  // the function's result aggregate
    e.emitValues(op.getOperands());
    e.os() << "}";
  }
  e.endStatement();
  return success();
}

} // namespace

void asc::registerStructuralEmitters(CppEmitter::EmitterTable &table) {
  ASC_BINARY(arith::AddIOp, "+")
  ASC_BINARY(arith::SubIOp, "-")
  ASC_BINARY(arith::MulIOp, "*")
  ASC_BINARY(arith::DivSIOp, "/")
  ASC_BINARY(arith::RemSIOp, "%")
  ASC_BINARY(arith::AndIOp, "&")
  ASC_BINARY(arith::OrIOp, "|")
  ASC_BINARY(arith::XOrIOp, "^")
  table[TypeID::get<arith::ShLIOp>()] = [](CppEmitter &e, Operation *op) {
    return emitShift(e, op, "<<", false);
  };
  table[TypeID::get<arith::ShRSIOp>()] = [](CppEmitter &e, Operation *op) {
    return emitShift(e, op, ">>", false);
  };
  ASC_BINARY(arith::AddFOp, "+")
  ASC_BINARY(arith::SubFOp, "-")
  ASC_BINARY(arith::MulFOp, "*")
  ASC_BINARY(arith::DivFOp, "/")
  table[TypeID::get<arith::FloorDivSIOp>()] = emitRoundedDiv<false>;
  table[TypeID::get<arith::CeilDivSIOp>()] = emitRoundedDiv<true>;
  table[TypeID::get<arith::DivUIOp>()] = [](CppEmitter &e, Operation *op) {
    return emitUnsignedBinary(e, op, "/");
  };
  table[TypeID::get<arith::RemUIOp>()] = [](CppEmitter &e, Operation *op) {
    return emitUnsignedBinary(e, op, "%");
  };
  table[TypeID::get<arith::ShRUIOp>()] = [](CppEmitter &e, Operation *op) {
    return emitShift(e, op, ">>", true);
  };
  table[TypeID::get<arith::ExtUIOp>()] = emitUnsignedCast;
  table[TypeID::get<arith::UIToFPOp>()] = emitUnsignedCast;
  for (TypeID id : {TypeID::get<arith::ExtSIOp>(),
                    TypeID::get<arith::TruncIOp>(), TypeID::get<arith::SIToFPOp>(),
                    TypeID::get<arith::FPToSIOp>(),
                    TypeID::get<arith::FPToUIOp>(), TypeID::get<arith::ExtFOp>(),
                    TypeID::get<arith::TruncFOp>(), TypeID::get<arith::IndexCastOp>()})
    table[id] = emitCast;
  table[TypeID::get<arith::CmpIOp>()] = emitCmpI;
  table[TypeID::get<arith::CmpFOp>()] = emitCmpF;
  table[TypeID::get<arith::SelectOp>()] = emitSelect;
  table[TypeID::get<arith::MaxSIOp>()] = emitMinMax<true>;
  table[TypeID::get<arith::MinSIOp>()] = emitMinMax<false>;
  table[TypeID::get<arith::MaximumFOp>()] = emitMinMax<true>;
  table[TypeID::get<arith::MinimumFOp>()] = emitMinMax<false>;
  table[TypeID::get<arith::NegFOp>()] = emitNeg;
  table[TypeID::get<scf::ForOp>()] = emitFor;
  table[TypeID::get<scf::IfOp>()] = emitIf;
  table[TypeID::get<scf::WhileOp>()] = emitWhile;
  table[TypeID::get<scf::ConditionOp>()] = emitCondition;
  table[TypeID::get<scf::YieldOp>()] = emitYield;
  table[TypeID::get<func::CallOp>()] = emitCall;
  table[TypeID::get<func::ReturnOp>()] = emitReturn;
}
