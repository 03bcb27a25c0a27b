//===- Passes.h - ttng passes ----------------------------------*- C++ -*-===//
//
// Declares the ttng passes (options structs and factories) and their
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::nvidia_gpu {

#define GEN_PASS_DECL
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
