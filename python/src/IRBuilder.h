//===- IRBuilder.h - the state behind asc._C.ir.Builder ---------*- C++ -*-===//

#ifndef ASC_PYTHON_IRBUILDER_H
#define ASC_PYTHON_IRBUILDER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OperationSupport.h"

#include <nanobind/nanobind.h>

#include <optional>

namespace asc::python {

/// An OpBuilder plus the location stamped on every op it creates. The front
/// end sets the location (the user's Python file:line:col) before each
/// statement, so the generated create_asc_<Op> methods take no location.
class IRBuilder {
public:
  explicit IRBuilder(mlir::MLIRContext *context)
      : opBuilder(context), location(mlir::UnknownLoc::get(context)) {}

  mlir::OpBuilder &builder() { return opBuilder; }
  mlir::MLIRContext *context() { return opBuilder.getContext(); }
  mlir::Location loc() const { return location; }
  void setLoc(mlir::Location loc) { location = loc; }

  /// The registered name of op class OpT, found by TypeID (no string lookup).
  template <typename OpT>
  mlir::OperationName opName() {
    std::optional<mlir::RegisteredOperationName> name =
        mlir::RegisteredOperationName::lookup(mlir::TypeID::get<OpT>(), context());
    if (!name)
      throw nanobind::value_error("the ascendc dialect is not loaded in this context");
    return *name;
  }

  /// Inserts the op described by `state`; returns its result, or None.
  nanobind::object finish(mlir::OperationState &state) {
    if (!opBuilder.getInsertionBlock())
      throw nanobind::value_error("the builder has no insertion point");
    mlir::Operation *op = opBuilder.create(state);
    if (op->getNumResults() == 0) return nanobind::none();
    if (op->getNumResults() == 1) return nanobind::cast(mlir::Value(op->getResult(0)));
    // Several results (out-parameter ops such as GetMrgSortResult): a tuple.
    nanobind::list results;
    for (mlir::Value r : op->getResults()) results.append(nanobind::cast(r));
    return nanobind::tuple(results);
  }

private:
  mlir::OpBuilder opBuilder;
  mlir::Location location;
};

} // namespace asc::python

#endif // ASC_PYTHON_IRBUILDER_H
