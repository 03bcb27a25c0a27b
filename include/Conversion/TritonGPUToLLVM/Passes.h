//===- Passes.h - ttg to LLVM passes ----------------------------*- C++ -*-===//
//
// Declares allocate-shared-memory, tritongpu-global-scratch-memory-allocation
// and convert-triton-gpu-to-llvm, and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H

#include "Dialect/NVGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_H
