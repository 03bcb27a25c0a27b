//===- Passes.h - tt to ttg conversion pass --------------------*- C++ -*-===//
//
// Declares convert-triton-to-tritongpu (its options struct and factory) and
// its registration.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H
#define TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Conversion/TritonToTritonGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TritonToTritonGPU/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_H
