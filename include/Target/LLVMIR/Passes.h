//===- Passes.h - passes on the LLVM dialect before translation -*- C++ -*-===//
//
// Declares the debug-information passes of make_llir (enable-line-info,
// extract-variable-info) and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_LLVMIR_PASSES_H
#define TRITON_TARGET_LLVMIR_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "Target/LLVMIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Target/LLVMIR/Passes.h.inc"

} // namespace mlir::triton

#endif // TRITON_TARGET_LLVMIR_PASSES_H
