//===- Common.td ---===//
