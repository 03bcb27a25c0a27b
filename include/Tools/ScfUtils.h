//===- ScfUtils.h - Small queries on scf control flow -------------*- C++
//-*-===//
//
// Header-only helpers on scf loops and branches that passes of several
// libraries share (the TritonGPU transforms and the TritonNvidiaGPU IR
// library both pipeline loops).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TOOLS_SCFUTILS_H
#define TRITON_TOOLS_SCFUTILS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton {

/// Whether `op` sits in the body of `loop`, directly or in scf.if regions
/// only (so that it runs once per iteration at most).
inline bool isInBodyThroughIfs(scf::ForOp loop, Operation *op) {
  for (Operation *parent = op->getParentOp(); parent != loop.getOperation();
       parent = parent->getParentOp())
    if (!parent || !isa<scf::IfOp>(parent))
      return false;
  return true;
}

} // namespace mlir::triton

#endif // TRITON_TOOLS_SCFUTILS_H
