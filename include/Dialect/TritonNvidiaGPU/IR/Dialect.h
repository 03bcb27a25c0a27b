//===- Dialect.h - the ttng dialect ---------------------------*- C++ -*-===//
//
// NVIDIA-specific operations of TTGIR and the tensor-memory attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "Dialect/TritonGPU/IR/Dialect.h"

#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.h.inc"

namespace mlir::triton::nvidia_gpu {
/// The memory resource of Blackwell tensor memory.
struct TensorMemory : public SideEffects::Resource::Base<TensorMemory> {
  StringRef getName() final { return "<TensorMemory>"; }
};
} // namespace mlir::triton::nvidia_gpu

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
