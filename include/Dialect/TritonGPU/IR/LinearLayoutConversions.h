//===- LinearLayoutConversions.h - encodings as linear layouts -*- C++ -*-===//
//
// Every ttg encoding, applied to a tensor shape, as a linear layout: from
// (register, lane, warp, block) to (dim0, dim1, ...) for distributed
// encodings, from (offset, block) for shared-memory encodings. Layout
// questions (equivalence, elements per thread, vector widths, conversions)
// are answered from these maps.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
#define TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H

#include "Tools/LinearLayout.h"
#include "mlir/IR/Attributes.h"

#include <optional>

namespace mlir::triton::gpu {

/// The linear layout of a tensor of `shape` stored with `layout`, or nullopt
/// for encodings this toolchain does not lay out (such as AMD's).
std::optional<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                           Attribute layout);

/// The names dim0, dim1, ... of the output dimensions of a rank-`rank`
/// tensor's layout.
SmallVector<StringAttr> standardOutDimNames(MLIRContext *ctx, unsigned rank);

/// `layout` (onto a row-major tensor) seen as a layout onto a tensor of
/// `dstShape` with the same elements in the same row-major order.
LinearLayout reshapeRowMajor(const LinearLayout &layout,
                             ArrayRef<int64_t> dstShape);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
