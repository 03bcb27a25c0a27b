//===- Passes.h - ttg optimization passes ----------------------*- C++ -*-===//
//
// Declares the ttg optimization passes (options structs and factories) and
// their registration.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton::gpu {

#define GEN_PASS_DECL
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
