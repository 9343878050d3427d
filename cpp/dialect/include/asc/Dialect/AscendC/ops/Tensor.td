//===- Tensor.td ---===//
