//===- DataCopy.td ---===//
