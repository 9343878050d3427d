//===- asc-translate.cpp - ascendc IR to Ascend C source --------------------===//

#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  asc::registerToAscendCTranslation();
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, "asc translation driver"));
}
