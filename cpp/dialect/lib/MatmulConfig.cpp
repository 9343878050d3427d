//===- MatmulConfig.cpp - the members of AscendC's MatmulConfig -----------===//

#include "asc/Dialect/AscendC/MatmulConfig.h"

#include "asc/Dialect/AscendC/AscendCDialect.h"

using namespace mlir;
using namespace mlir::ascendc;

namespace {
using K = MatmulConfigKind;
constexpr MatmulConfigField kFields[] = {
    {"doNorm", K::Bool, 1},
    {"doBasicBlock", K::Bool, 1},
    {"doMultiDataLoad", K::Bool, 1},
    {"basicM", K::UInt, 32},
    {"basicN", K::UInt, 32},
    {"basicK", K::UInt, 32},
    {"intrinsicsCheck", K::Bool, 1},
    {"isNBatch", K::Bool, 1},
    {"enVecND2NZ", K::Bool, 1},
    {"doSpecialBasicBlock", K::Bool, 1},
    {"doMTE2Preload", K::UInt, 32},
    {"singleCoreM", K::UInt, 32},
    {"singleCoreN", K::UInt, 32},
    {"singleCoreK", K::UInt, 32},
    {"stepM", K::UInt, 32},
    {"stepN", K::UInt, 32},
    {"baseMN", K::UInt, 32},
    {"singleCoreMN", K::UInt, 32},
    {"enUnitFlag", K::Bool, 1},
    {"isPerTensor", K::Bool, 1},
    {"hasAntiQuantOffset", K::Bool, 1},
    {"doIBShareNorm", K::Bool, 1},
    {"doSpecialMDL", K::Bool, 1},
    {"enableInit", K::Bool, 1},
    {"batchMode", K::BatchMode, 0},
    {"enableEnd", K::Bool, 1},
    {"enableGetTensorC", K::Bool, 1},
    {"enableSetOrgShape", K::Bool, 1},
    {"enableSetBias", K::Bool, 1},
    {"enableSetTail", K::Bool, 1},
    {"enableQuantVector", K::Bool, 1},
    {"enableSetDefineData", K::Bool, 1},
    {"iterateMode", K::UInt, 8},
    {"enableReuse", K::Bool, 1},
    {"enableUBReuse", K::Bool, 1},
    {"enableL1CacheUB", K::Bool, 1},
    {"intraBlockPartSum", K::Bool, 1},
    {"iterateOrder", K::IterateOrder, 0},
    {"scheduleType", K::ScheduleType, 0},
    {"enableDoubleCache", K::Bool, 1},
    {"isBiasBatch", K::Bool, 1},
    {"enableStaticPadZeros", K::Bool, 1},
    {"isPartialOutput", K::Bool, 1},
    {"enableMixDualMaster", K::Bool, 1},
    {"isA2B2Shared", K::Bool, 1},
    {"isEnableChannelSplit", K::Bool, 1},
    {"enableKdimReorderLoad", K::Bool, 1},
    {"isCO1Shared", K::Bool, 1},
    {"sharedCO1BufferSize", K::UInt, 32},
    {"bmmOutMode", K::BatchOutMode, 0},
    {"enableL1BankConflictOptimise", K::Bool, 1},
    {"enableRelu", K::Bool, 1},
};

// The enumerator's name, or empty when `v` is none of the enum's values.
std::string enumName(MatmulConfigKind kind, int64_t v) {
  auto name = [](auto e) -> std::string { return e ? stringifyEnum(*e).str() : std::string(); };
  switch (kind) {
  case K::BatchMode: return name(symbolizeBatchMode(v));
  case K::IterateOrder: return name(symbolizeIterateOrder(v));
  case K::ScheduleType: return name(symbolizeScheduleType(v));
  case K::BatchOutMode: return name(symbolizeBatchOutMode(v));
  default: return std::string();
  }
}

// The vendor declares these enums at global scope (matmul_config.h).
llvm::StringRef enumPrefix(MatmulConfigKind kind) {
  switch (kind) {
  case K::BatchMode: return "BatchMode::";
  case K::IterateOrder: return "IterateOrder::";
  case K::ScheduleType: return "ScheduleType::";
  case K::BatchOutMode: return "BatchOutMode::";
  default: return "";
  }
}
} // namespace

ArrayRef<MatmulConfigField> mlir::ascendc::getMatmulConfigFields() { return kFields; }

std::optional<MatmulConfigField> mlir::ascendc::lookupMatmulConfigField(StringRef name) {
  for (const MatmulConfigField &f : kFields)
    if (f.name == name) return f;
  return std::nullopt;
}

std::string mlir::ascendc::checkMatmulConfigValue(const MatmulConfigField &field, Attribute value) {
  if (field.kind == K::Bool)
    return isa<BoolAttr>(value) ? "" : "is a bool (true or false)";
  auto i = dyn_cast<IntegerAttr>(value);
  if (!i || isa<BoolAttr>(value)) return "is an integer";
  int64_t v = i.getValue().getSExtValue();
  if (field.kind == K::UInt) {
    if (v < 0 || (field.bits < 64 && uint64_t(v) >> field.bits))
      return "is a uint" + std::to_string(field.bits) + "_t, got " + std::to_string(v);
    return "";
  }
  if (enumName(field.kind, v).empty())
    return "is a " + enumPrefix(field.kind).drop_back(2).str() + " value, got " + std::to_string(v);
  return "";
}

std::string mlir::ascendc::formatMatmulConfigValue(const MatmulConfigField &field, Attribute value) {
  if (field.kind == K::Bool) return cast<BoolAttr>(value).getValue() ? "true" : "false";
  int64_t v = cast<IntegerAttr>(value).getValue().getSExtValue();
  if (field.kind == K::UInt) return std::to_string(v);
  return enumPrefix(field.kind).str() + enumName(field.kind, v);
}

LogicalResult MatmulType::verify(function_ref<InFlightDiagnostic()> emitError, TPosition, CubeFormat, Type,
                                 bool, TPosition, CubeFormat, Type, bool, TPosition, CubeFormat, Type,
                                 TPosition, CubeFormat, Type, MatmulConfigMode, LayoutMode, LayoutMode,
                                 LayoutMode, DictionaryAttr fields) {
  if (!fields) return success();
  for (NamedAttribute member : fields) {
    auto field = lookupMatmulConfigField(member.getName().strref());
    if (!field)
      return emitError() << "MatmulConfig has no member '" << member.getName().strref() << "'";
    std::string why = checkMatmulConfigValue(*field, member.getValue());
    if (!why.empty())
      return emitError() << "MatmulConfig member '" << field->name << "' " << why;
  }
  return success();
}
