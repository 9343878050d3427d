//===- MatmulConfig.h - the members of AscendC's MatmulConfig ---*- C++ -*-===//
//
// The adv Matmul's config is a template argument: a `MatmulConfig` value
// (adv_api/matmul/matmul_config.h of the vendor's asc-devkit). The dialect's
// !ascendc.matmul type names a predefined config and the members set to
// other values (its `fields` dictionary); this table is what both the type's
// verifier and the emitter know of each member.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASCENDC_MATMULCONFIG_H
#define ASC_DIALECT_ASCENDC_MATMULCONFIG_H

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::ascendc {

/// How a member's value is written: a bool, an unsigned integer of `bits`,
/// or an enumerator of one of the Matmul enums.
enum class MatmulConfigKind { Bool, UInt, BatchMode, IterateOrder, ScheduleType, BatchOutMode };

struct MatmulConfigField {
  llvm::StringRef name;  ///< the vendor's member name (isNBatch, basicM, ...)
  MatmulConfigKind kind;
  unsigned bits;         ///< width of an UInt member (8 or 32)
};

/// Every member asc can set, in the vendor's declaration order.
llvm::ArrayRef<MatmulConfigField> getMatmulConfigFields();

/// The member named `name`, if MatmulConfig has one.
std::optional<MatmulConfigField> lookupMatmulConfigField(llvm::StringRef name);

/// Why `value` cannot be the value of `field` (empty when it can).
std::string checkMatmulConfigValue(const MatmulConfigField &field, mlir::Attribute value);

/// The C++ expression of a checked value: true, 128, BatchMode::NONE, ...
std::string formatMatmulConfigValue(const MatmulConfigField &field, mlir::Attribute value);

} // namespace mlir::ascendc

#endif // ASC_DIALECT_ASCENDC_MATMULCONFIG_H
