//===- Inlining.h - inlining of Triton's GPU dialects ----------*- C++ -*-===//
//
// The inliner asks each dialect whether its ops may be inlined and whether
// calls may be inlined into its regions. The ttg and ttng ops carry no
// state that inlining would break, so both dialects answer yes throughout.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_IR_INLINING_H
#define TRITON_DIALECT_TRITON_IR_INLINING_H

#include "mlir/Transforms/InliningUtils.h"

namespace mlir::triton {

/// Every op of the dialect may be inlined, and calls inlined into its
/// regions (a ttg.warp_specialize partition, say).
struct InlineEverywhereInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_INLINING_H
