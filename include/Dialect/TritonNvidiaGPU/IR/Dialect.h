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

/// Whether `t` is an fp8 type NVIDIA tensor cores multiply: e4m3 or e5m2.
bool isTensorCoreFp8(Type t);

/// Whether NVIDIA tensor cores (mma.sync, wgmma, tcgen05.mma) multiply
/// `a` x `b` into `d`: f16 x f16 into f16 or f32, bf16 x bf16 into f32,
/// f32 x f32 (as tf32) into f32, any two of e4m3 and e5m2 into f16 or f32,
/// and i8 x i8 into i32.
bool isTensorCoreTypeCombination(Type a, Type b, Type d);
} // namespace mlir::triton::nvidia_gpu

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
