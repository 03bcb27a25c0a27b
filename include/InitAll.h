//===- InitAll.h - registration of everything the tools offer --*- C++ -*-===//
//
// One place that registers our dialects, the upstream dialects Triton IR
// uses, every pass the tools expose, and the translations to LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_INITALL_H
#define TRITON_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton {

/// Registers the tt dialect and the upstream dialects that appear in Triton
/// IR (builtin, func, arith, math, scf, cf, ub, gpu, llvm, nvvm; rocdl, which
/// upstream's lit tests of the LLVM-dialect passes use).
void registerTritonDialects(DialectRegistry &registry);

/// Registers the upstream MLIR passes, ours and our named pipelines.
void registerTritonPasses();

/// Registers the translations to LLVM IR of the dialects a lowered module
/// holds (builtin, llvm, nvvm).
void registerTritonTranslations(DialectRegistry &registry);

} // namespace mlir::triton

#endif // TRITON_INITALL_H
