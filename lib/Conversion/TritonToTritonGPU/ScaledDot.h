//===- ScaledDot.h - tt.dot_scaled as upcasts and a tt.dot ------*- C++ -*-===//

#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_SCALEDDOT_H
#define TRITON_CONVERSION_TRITONTOTRITONGPU_SCALEDDOT_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::tt_to_ttg {

/// Replaces every `tt.dot_scaled` of `module` (on tensors without layouts)
/// by the upcasts of its operands, their scaling and a `tt.dot`. Fails,
/// with a diagnostic, on operand types it cannot upcast.
LogicalResult decomposeScaledDots(ModuleOp module);

} // namespace mlir::triton::tt_to_ttg

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_SCALEDDOT_H
