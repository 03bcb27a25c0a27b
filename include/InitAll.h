//===- InitAll.h - registration of everything the tools offer --*- C++ -*-===//
//
// One place that registers our dialects, the upstream dialects Triton IR
// uses, and every pass the tools expose.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_INITALL_H
#define TRITON_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::triton {

/// Registers the tt dialect and the upstream dialects that appear in Triton
/// IR (builtin, func, arith, math, scf, cf, ub, gpu, llvm, nvvm).
void registerTritonDialects(DialectRegistry &registry);

/// Registers the upstream MLIR passes, ours and our named pipelines.
void registerTritonPasses();

} // namespace mlir::triton

#endif // TRITON_INITALL_H
