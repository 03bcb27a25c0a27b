//===- LoopPeeling.h - peel the last iteration off an scf.for ---*- C++ -*-===//
//
// Loop peeling as the pipeliner and warp specialization use it, and the
// test pass that exercises it (triton-test-loop-peeling).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_TRANSFORMS_LOOPPEELING_H
#define TRITON_DIALECT_TRITON_TRANSFORMS_LOOPPEELING_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton {

/// Runs the last iteration of `forOp` after it: the loop stops one step
/// earlier (upper bound `ub - step`), and a copy of its body runs at the
/// last induction value, `lb + ((ub - lb - 1) / step) * step`, in an
/// `scf.if` taken when the loop runs at all (`lb < ub`), on the loop's
/// results; the loop's users get the `scf.if`'s results. Returns the
/// `scf.if`.
scf::IfOp peelLoopEpilogue(scf::ForOp forOp);

/// Registers `triton-test-loop-peeling`: peels the epilogue of every loop
/// marked `__test_peel_epilogue`.
void registerTestLoopPeelingPass();

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_TRANSFORMS_LOOPPEELING_H
