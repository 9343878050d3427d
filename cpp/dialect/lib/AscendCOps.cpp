//===- AscendCOps.cpp - op verifiers -----------------------------------------===//
//
// Verifiers reject what the Ascend C compiler or the hardware rejects, with a
// diagnostic at the op's location (which the front end sets to the user's
// Python file:line:col).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ascendc;

#define GET_OP_CLASSES
#include "asc/Dialect/AscendC/AscendCOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Views (ViewLikeOpInterface, declared in the ops' .td): the value each one is
// a view of. A view with an offset has it as operand 1 (AscendC::viewOffset).
//===----------------------------------------------------------------------===//

Value SubIndexOp::getViewSource() { return getTensor(); }
Value ReinterpretCastOp::getViewSource() { return getTensor(); }
Value GMPtrOffsetOp::getViewSource() { return getPtr(); }
Value GMPtrCastOp::getViewSource() { return getPtr(); }

Value mlir::ascendc::viewOffset(ViewLikeOpInterface view) {
  if (auto sub = dyn_cast<SubIndexOp>(view.getOperation())) return sub.getOffset();
  if (auto off = dyn_cast<GMPtrOffsetOp>(view.getOperation())) return off.getOffset();
  return Value();
}

//===----------------------------------------------------------------------===//
// Structs
//===----------------------------------------------------------------------===//

/// The number of values of a field of C++ type `cppType`: N for "T[N]", else 1.
int64_t mlir::ascendc::getStructFieldArity(StringRef cppType) {
  if (!cppType.ends_with("]")) return 1;
  size_t open = cppType.rfind('[');
  int64_t n = 1;
  if (open == StringRef::npos || cppType.substr(open + 1).drop_back().getAsInteger(10, n)) return 1;
  return n;
}

/// A by-value struct's member read: the member must be one of the struct's
/// scalar fields (an array field has no scalar value to read).
LogicalResult StructFieldOp::verify() {
  auto type = cast<ParamStructType>(getValue().getType());
  ArrayRef<StringRef> names = type.getFieldNames();
  ArrayRef<StringRef> cppTypes = type.getFieldCppTypes();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] != getField()) continue;
    if (i < cppTypes.size() && cppTypes[i].ends_with("]"))
      return emitOpError() << "field '" << getField() << "' of " << type.getCppName()
                           << " is an array, not a scalar";
    return success();
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(names, os);
  return emitOpError() << type.getCppName() << " has no field '" << getField() << "' (fields: "
                       << text << ")";
}

LogicalResult ConstructOp::verify() {
  auto type = cast<ParamStructType>(getResult().getType());
  ArrayRef<StringRef> names = type.getFieldNames();
  ArrayRef<StringRef> cppTypes = type.getFieldCppTypes();
  size_t expected = 0;
  for (size_t i = 0; i < names.size(); ++i)
    expected += i < cppTypes.size() ? getStructFieldArity(cppTypes[i]) : 1;
  if (getFields().size() != expected) {
    std::string text;
    llvm::raw_string_ostream os(text);
    for (size_t i = 0; i < names.size(); ++i) {
      if (i) os << ", ";
      os << names[i];
      if (i < cppTypes.size() && cppTypes[i].ends_with("]"))
        os << "[" << getStructFieldArity(cppTypes[i]) << "]";
    }
    return emitOpError() << type.getCppName() << " takes " << expected
                         << (expected == names.size() ? " fields (" : " values (") << text
                         << "), got " << getFields().size();
  }
  if (auto aipp = dyn_cast<AippParamsType>(type)) {
    // AippParams<T> holds its six member structs, the padding ones of the same T.
    Type elem = aipp.getElementType();
    MLIRContext *ctx = getContext();
    Type expected[] = {AippPaddingParamsType::get(ctx, elem), AippSwapParamsType::get(ctx),
                       AippSingleLineParamsType::get(ctx), AippDataTypeConvParamsType::get(ctx),
                       AippChannelPaddingParamsType::get(ctx, elem), AippColorSpaceConvParamsType::get(ctx)};
    for (auto [i, field] : llvm::enumerate(getFields()))
      if (field.getType() != expected[i])
        return emitOpError() << "AippParams field " << names[i] << " must be " << expected[i] << ", got "
                             << field.getType();
    return success();
  }
  bool tensorFields = isa<MrgSortSrcListType>(type);
  for (Value field : getFields()) {
    // Fields are scalars, or a nested mask/struct; MrgSortSrcList takes tensors.
    Type t = field.getType();
    if (tensorFields) {
      auto tensor = dyn_cast<LocalTensorType>(t);
      if (!tensor)
        return emitOpError() << "MrgSortSrcList field of type " << t << " is not a LocalTensor";
      if (tensor.getElementType() != cast<MrgSortSrcListType>(type).getElementType())
        return emitOpError() << "MrgSortSrcList element type "
                             << cast<MrgSortSrcListType>(type).getElementType()
                             << " differs from the tensor's " << tensor.getElementType();
      continue;
    }
    if (!t.isIntOrIndexOrFloat() && !isa<BitMaskType, ParamStructType>(t))
      return emitOpError() << "field of type " << t << " is not a scalar";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

namespace {
/// The pipes a kernel of a given kind may use, from the enclosing function's
/// or module's `ascendc.kernel_type` attribute (the asc KernelType names).
/// An AIV core has S, V, MTE2 and MTE3; an AIC core has S, MTE1, MTE2, M and FIX.
enum class CoreKind { Unknown, Vector, Cube };

CoreKind getCoreKind(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (auto attr = p->getAttrOfType<StringAttr>("ascendc.kernel_type")) {
      return llvm::StringSwitch<CoreKind>(attr.getValue())
          .Case("AIV_ONLY", CoreKind::Vector)
          .Case("AIC_ONLY", CoreKind::Cube)
          .Default(CoreKind::Unknown);
    }
  }
  return CoreKind::Unknown;
}

bool pipeOnCore(StringRef pipe, CoreKind kind) {
  if (kind == CoreKind::Vector)
    return pipe == "S" || pipe == "V" || pipe == "MTE2" || pipe == "MTE3";
  if (kind == CoreKind::Cube)
    return pipe == "S" || pipe == "MTE1" || pipe == "MTE2" || pipe == "M" || pipe == "FIX";
  return true;
}

constexpr int64_t kNumEventIds = 8; // event ids 0..7 per (src, dst) pair on A2/A3

template <typename FlagOp>
LogicalResult verifyFlagOp(FlagOp op) {
  APInt id;
  if (matchPattern(op.getEventId(), m_ConstantInt(&id))) {
    int64_t v = id.getSExtValue();
    if (v < 0 || v >= kNumEventIds)
      return op.emitOpError() << "event id " << v << " is outside 0.." << kNumEventIds - 1;
  }
  CoreKind kind = getCoreKind(op);
  StringRef name = stringifyHardEvent(op.getEvent());
  auto [src, dst] = name.split('_');
  for (StringRef pipe : {src, dst})
    if (!pipeOnCore(pipe, kind))
      return op.emitOpError() << "HardEvent::" << name << " uses pipe " << pipe
                              << ", which a " << (kind == CoreKind::Vector ? "vector (AIV)" : "cube (AIC)")
                              << " core does not have";
  return success();
}
} // namespace

LogicalResult SetFlagOp::verify() { return verifyFlagOp(*this); }

/// TransDataTo5HD's array forms: 16 + 16 LocalTensors of element_type, or 16 + 16
/// uint64 addresses (the vendor's NCHW_CONV_ADDR_LIST_SIZE).
LogicalResult TransDataTo5HDListOp::verify() {
  if (getDstList().size() != 16 || getSrcList().size() != 16)
    return emitOpError() << "takes 16 destinations and 16 sources, got " << getDstList().size() << " and "
                         << getSrcList().size();
  auto isTensor = [&](Value v) {
    auto t = dyn_cast<LocalTensorType>(v.getType());
    return t && t.getElementType() == getElementType();
  };
  auto isAddress = [](Value v) { return v.getType().isInteger(64); };
  bool tensors = llvm::all_of(getDstList(), isTensor) && llvm::all_of(getSrcList(), isTensor);
  bool addresses = llvm::all_of(getDstList(), isAddress) && llvm::all_of(getSrcList(), isAddress);
  if (!tensors && !addresses)
    return emitOpError() << "lists must be all LocalTensors of " << getElementType()
                         << " or all 64-bit addresses";
  return success();
}

LogicalResult AdvAxpyOp::verify() {
  if (!getSharedTmpBuffer() || !getCount())
    return emitOpError() << "AscendC::Axpy takes a sharedTmpBuffer and a calCount (its only form is "
                            "Axpy(dst, src, scalar, sharedTmpBuffer, calCount))";
  return success();
}

LogicalResult AdvLogOp::verify() {
  if (getSharedTmpBuffer())
    return emitOpError() << "AscendC::Log takes no sharedTmpBuffer (Ascend C has Log(dst, src[, calCount]) only)";
  return success();
}
LogicalResult WaitFlagOp::verify() { return verifyFlagOp(*this); }

LogicalResult PipeBarrierOp::verify() {
  if (getPipe() == PipeID::PIPE_S)
    return emitOpError() << "a barrier on PIPE_S is illegal: the scalar pipe executes in order";
  return success();
}

//===----------------------------------------------------------------------===//
// Data copy (ops/DataCopy.td)
//===----------------------------------------------------------------------===//

namespace {
/// DataCopy moves GM->local, local->local or local->GM; there is no GM->GM form.
template <typename CopyOp>
LogicalResult verifyCopyDirection(CopyOp op) {
  if (isa<GlobalTensorType>(op.getDst().getType()) && isa<GlobalTensorType>(op.getSrc().getType()))
    return op.emitOpError() << "copies GlobalTensor to GlobalTensor, which DataCopy cannot: "
                               "one of dst and src must be a LocalTensor";
  return success();
}
} // namespace

LogicalResult DataCopyOp::verify() { return verifyCopyDirection(*this); }
LogicalResult DataCopyParamsOp::verify() { return verifyCopyDirection(*this); }
LogicalResult DataCopyEnhancedOp::verify() { return verifyCopyDirection(*this); }

LogicalResult DataCopySliceOp::verify() {
  if (isa<LocalTensorType>(getDst().getType()) == isa<LocalTensorType>(getSrc().getType()))
    return emitOpError() << "copies GM -> local or local -> GM";
  return success();
}

LogicalResult SliceInfoListOp::verify() {
  if (static_cast<int64_t>(getSize()) != static_cast<int64_t>(getSlices().size()) || getSlices().empty())
    return emitOpError() << "size " << getSize() << " differs from the " << getSlices().size()
                         << " slices given (at least one)";
  return success();
}

LogicalResult DataCopyPadOp::verify() {
  bool extParams = isa<DataCopyExtParamsType>(getParams().getType());
  auto extPad = dyn_cast<DataCopyPadExtParamsType>(getPadParams().getType());
  if (extParams && !extPad)
    return emitOpError() << "DataCopyExtParams goes with DataCopyPadExtParams<T>, not "
                            "DataCopyPadParams";
  if (!extParams && extPad)
    return emitOpError() << "DataCopyParams goes with DataCopyPadParams, not "
                            "DataCopyPadExtParams<T>";
  Type elem = getTensorElementType(getDst().getType());
  if (extPad && extPad.getElementType() != elem)
    return emitOpError() << "DataCopyPadExtParams element type " << extPad.getElementType()
                         << " differs from the tensors' element type " << elem;
  return success();
}

//===----------------------------------------------------------------------===//
// ops-misc: block_sync, sys_var, common, cache, set_atomic, scalar, proposal,
// dump_tensor, mm, fixpipe
//===----------------------------------------------------------------------===//

namespace {
/// The constant value of `v`, if it is one.
std::optional<int64_t> getConstantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value))) return value.getSExtValue();
  return std::nullopt;
}

/// The element type a tensor-typed value must have, e.g. int32_t for SyncAll's
/// workspaces: `what` names the operand in the diagnostic.
LogicalResult expectElementType(Operation *op, Value v, Type expected, StringRef what) {
  Type elem = getTensorElementType(v.getType());
  if (elem != expected)
    return op->emitOpError() << what << " must have element type " << expected << ", got "
                             << elem;
  return success();
}

LogicalResult expectI32Workspaces(Operation *op, Value gm, Value ub) {
  Type i32 = IntegerType::get(op->getContext(), 32);
  if (failed(expectElementType(op, gm, i32, "gm_workspace")) ||
      failed(expectElementType(op, ub, i32, "ub_workspace")))
    return failure();
  return success();
}

LogicalResult expectGMBytePtr(Operation *op, Type type, StringRef what) {
  Type elem = cast<GMPtrType>(type).getElementType();
  if (!elem.isUnsignedInteger(8))
    return op->emitOpError() << what << " is a GM_ADDR (__gm__ uint8_t*): expected "
                             << "!ascendc.gm_ptr<ui8>, got " << type;
  return success();
}

/// CrossCoreSetFlag/WaitFlag on Atlas A2/A3: modes 0, 1, 2; flag ids 0..10.
constexpr int64_t kMaxCrossCoreFlagId = 10;

template <typename Op>
LogicalResult verifyCrossCoreFlag(Op op) {
  int64_t mode = op.getModeId();
  if (mode < 0 || mode > 2)
    return op.emitOpError() << "mode id " << mode
                            << " is not a cross-core sync mode of Atlas A2/A3 (0, 1 or 2)";
  if (auto id = getConstantInt(op.getFlagId()))
    if (*id < 0 || *id > kMaxCrossCoreFlagId)
      return op.emitOpError() << "cross-core flag id " << *id << " is outside 0.."
                              << kMaxCrossCoreFlagId;
  return success();
}

bool isAtomicElementType(Type t) {
  // The atomic store types of the MTE3/FIX path: float, half, bfloat16_t,
  // int8_t, int16_t, int32_t.
  return t.isF32() || t.isF16() || t.isBF16() || t.isSignlessInteger(8) ||
         t.isSignlessInteger(16) || t.isSignlessInteger(32);
}
} // namespace

LogicalResult SyncAllWorkspaceOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}

LogicalResult CrossCoreSetFlagOp::verify() {
  if (failed(verifyCrossCoreFlag(*this))) return failure();
  if (getPipe() == PipeID::PIPE_S || getPipe() == PipeID::PIPE_ALL)
    return emitOpError() << "CrossCoreSetFlag cannot be issued on " << stringifyPipeID(getPipe());
  return success();
}
LogicalResult CrossCoreWaitFlagOp::verify() { return verifyCrossCoreFlag(*this); }

LogicalResult IBSetOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}
LogicalResult IBWaitOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}
LogicalResult InitDetermineComputeWorkspaceOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}
LogicalResult NotifyNextBlockOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}
LogicalResult WaitPreBlockOp::verify() {
  return expectI32Workspaces(*this, getGmWorkspace(), getUbWorkspace());
}

LogicalResult DataCachePreloadOp::verify() {
  return expectElementType(*this, getSrc(), IntegerType::get(getContext(), 64, IntegerType::Unsigned),
                           "src");
}

LogicalResult GetHcclContextOp::verify() {
  if (getIndex() < 0 || getIndex() > 1)
    return emitOpError() << "communication domain index " << getIndex() << " is not 0 or 1";
  return expectGMBytePtr(*this, getResult().getType(), "the context");
}
LogicalResult SetHcclContextOp::verify() {
  if (getIndex() < 0 || getIndex() > 1)
    return emitOpError() << "communication domain index " << getIndex() << " is not 0 or 1";
  return expectGMBytePtr(*this, getContext().getType(), "the context");
}
LogicalResult SetAippFunctionsOp::verify() {
  // The vendor's two-source form takes GlobalTensor<T> twice (one T).
  if (Value src1 = getSrc1())
    if (getTensorElementType(src1.getType()) != getTensorElementType(getSrc0().getType()))
      return emitOpError() << "src1's element type " << getTensorElementType(src1.getType())
                           << " differs from src0's " << getTensorElementType(getSrc0().getType());
  return success();
}
LogicalResult GetSysWorkspaceOp::verify() {
  return expectGMBytePtr(*this, getResult().getType(), "the workspace");
}
LogicalResult SetSysWorkspaceOp::verify() {
  return expectGMBytePtr(*this, getWorkspace().getType(), "the workspace");
}

template <typename Op>
static LogicalResult verifyAtomicType(Op op) {
  if (!isAtomicElementType(op.getDtype()))
    return op.emitOpError() << "atomic element type " << op.getDtype()
                            << " is not one of f32, f16, bf16, i8, i16, i32";
  return success();
}
LogicalResult SetAtomicAddOp::verify() { return verifyAtomicType(*this); }
LogicalResult SetAtomicMaxOp::verify() { return verifyAtomicType(*this); }
LogicalResult SetAtomicMinOp::verify() { return verifyAtomicType(*this); }
LogicalResult SetAtomicTypeOp::verify() { return verifyAtomicType(*this); }

LogicalResult ScalarCastOp::verify() {
  // ScalarCast converts a float to half, bfloat16_t or int32_t.
  Type src = getValue().getType(), dst = getResult().getType();
  if (!src.isF32())
    return emitOpError() << "ScalarCast converts a f32 value, got " << src;
  if (!dst.isF16() && !dst.isBF16() && !dst.isSignlessInteger(32))
    return emitOpError() << "ScalarCast converts to f16, bf16 or i32, not " << dst;
  return success();
}

template <typename Op>
static LogicalResult verifyBitCount(Op op) {
  if (op.getCountValue() != 0 && op.getCountValue() != 1)
    return op.emitOpError() << "count_value " << op.getCountValue() << " is not a bit value (0 or 1)";
  return success();
}
LogicalResult ScalarGetSFFValueOp::verify() { return verifyBitCount(*this); }
LogicalResult ScalarGetCountOfValueOp::verify() { return verifyBitCount(*this); }

template <typename Op>
static LogicalResult verifySortType(Op op) {
  Type t = op.getDtype();
  if (!t.isF16() && !t.isF32())
    return op.emitOpError() << "sort element type " << t << " is not f16 or f32";
  return success();
}
LogicalResult GetSortLenOp::verify() { return verifySortType(*this); }
LogicalResult GetSortOffsetOp::verify() { return verifySortType(*this); }

template <typename Op>
static LogicalResult verifyProposal(Op op) {
  Type t = getTensorElementType(op.getDst().getType());
  if (!t.isF16() && !t.isF32())
    return op.emitOpError() << "region proposals hold f16 or f32, not " << t;
  if (auto mode = getConstantInt(op.getModeNumber()))
    if (*mode < 0 || *mode > 5)
      return op.emitOpError() << "mode number " << *mode
                              << " is not a proposal field (0..5: x1, y1, x2, y2, score, label)";
  return success();
}
LogicalResult ProposalConcatOp::verify() { return verifyProposal(*this); }
LogicalResult ProposalExtractOp::verify() { return verifyProposal(*this); }

/// Sort and Sort32: f16/f32 values with a ui32 index tensor.
template <typename SortOpT>
static LogicalResult verifySortOp(SortOpT op, StringRef api, Value index, StringRef indexName) {
  Type t = getTensorElementType(op.getDst().getType());
  if (!t.isF16() && !t.isF32())
    return op.emitOpError() << api << " sorts f16 or f32 values, not " << t;
  return expectElementType(op, index, IntegerType::get(op.getContext(), 32, IntegerType::Unsigned),
                           indexName);
}
LogicalResult SortOp::verify() { return verifySortOp(*this, "Sort", getIndex(), "index"); }
LogicalResult Sort32Op::verify() { return verifySortOp(*this, "Sort32", getSrc1(), "src1"); }

LogicalResult PrintfOp::verify() {
  for (Value v : getValues()) {
    Type t = v.getType();
    if (!t.isIntOrIndexOrFloat() && !isa<GMPtrType>(t))
      return emitOpError() << "printf prints scalars and GM pointers, not " << t;
  }
  // Each conversion (other than %%) consumes one value.
  StringRef fmt = getFormat();
  size_t conversions = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') continue;
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') { ++i; continue; }
    ++conversions;
  }
  if (conversions != getValues().size())
    return emitOpError() << "format has " << conversions << " conversion(s) but "
                         << getValues().size() << " value(s) are given";
  return success();
}

LogicalResult LoadDataWithSparseOp::verify() {
  if (failed(expectElementType(*this, getSrc(), IntegerType::get(getContext(), 8), "src")) ||
      failed(expectElementType(*this, getIdx(),
                               IntegerType::get(getContext(), 8, IntegerType::Unsigned), "idx")))
    return failure();
  return success();
}

namespace {
/// The (fm, filter, dst) element types Mmad supports on Atlas A2/A3.
LogicalResult verifyMmadTypes(Operation *op, Value dst, Value fm, Value filter) {
  Type d = getTensorElementType(dst.getType());
  Type a = getTensorElementType(fm.getType());
  Type b = getTensorElementType(filter.getType());
  bool ok = a == b && ((a.isF16() && d.isF32()) || (a.isBF16() && d.isF32()) ||
                       (a.isF32() && d.isF32()) ||
                       (a.isSignlessInteger(8) && d.isSignlessInteger(32)));
  if (!ok)
    return op->emitOpError() << "Mmad does not multiply " << a << " x " << b << " into " << d
                             << " (supported: f16 x f16 -> f32, bf16 x bf16 -> f32, "
                                "f32 x f32 -> f32, i8 x i8 -> i32)";
  return success();
}
} // namespace

LogicalResult MmadOp::verify() { return verifyMmadTypes(*this, getDst(), getFm(), getFilter()); }
LogicalResult MmadBiasOp::verify() {
  if (failed(verifyMmadTypes(*this, getDst(), getFm(), getFilter()))) return failure();
  return expectElementType(*this, getBias(), getTensorElementType(getDst().getType()), "bias");
}
LogicalResult MmadWithSparseOp::verify() {
  Type i8 = IntegerType::get(getContext(), 8), i32 = IntegerType::get(getContext(), 32);
  if (failed(expectElementType(*this, getDst(), i32, "dst")) ||
      failed(expectElementType(*this, getFm(), i8, "fm")) ||
      failed(expectElementType(*this, getFilter(), i8, "filter")))
    return failure();
  return success();
}

namespace {
/// Fixpipe moves an L0C result: float or int32_t.
template <typename Op>
LogicalResult verifyFixpipe(Op op) {
  Type src = getTensorElementType(op.getSrc().getType());
  if (!src.isF32() && !src.isSignlessInteger(32))
    return op.emitOpError() << "Fixpipe reads an L0C result of f32 or i32, not " << src;
  return success();
}
} // namespace

LogicalResult FixpipeOp::verify() { return verifyFixpipe(*this); }
LogicalResult FixpipeWorkspaceOp::verify() {
  if (failed(verifyFixpipe(*this))) return failure();
  return expectElementType(*this, getCbufWorkspace(),
                           IntegerType::get(getContext(), 64, IntegerType::Unsigned),
                           "cbuf_workspace");
}

//===----------------------------------------------------------------------===//
// Merge sort, sign casts
//===----------------------------------------------------------------------===//

template <typename Op>
static LogicalResult verifyMrgSort(Op op, Type listType) {
  Type t = getTensorElementType(op.getDst().getType());
  if (!t.isF16() && !t.isF32())
    return op.emitOpError() << "sorts half or float, not " << t;
  Type listElem = cast<MrgSortSrcListType>(listType).getElementType();
  if (listElem != t)
    return op.emitOpError() << "MrgSortSrcList of " << listElem << " merged into a tensor of " << t;
  return success();
}
LogicalResult MrgSortOp::verify() { return verifyMrgSort(*this, getSortList().getType()); }
LogicalResult MrgSort4Op::verify() { return verifyMrgSort(*this, getSrc().getType()); }

LogicalResult SignCastOp::verify() {
  auto from = cast<IntegerType>(getValue().getType());
  auto to = cast<IntegerType>(getResult().getType());
  if (from.getWidth() != to.getWidth())
    return emitOpError() << "changes the width (" << from << " to " << to << "); use arith casts";
  return success();
}

LogicalResult SetDeqScaleVdeqOp::verify() {
  Type t = getTensorElementType(getVdeq().getType());
  if (!t.isUnsignedInteger(64))
    return emitOpError() << "the vdeq tensor holds uint64_t (ui64), not " << t;
  return success();
}
