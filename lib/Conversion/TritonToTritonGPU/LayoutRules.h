//===- LayoutRules.h - layouts picked by tt to ttg conversion --*- C++ -*-===//
//
// The layouts convert-triton-to-tritongpu gives tensors, kept apart from the
// conversion mechanics because they are the facts that must match upstream
// Triton bit for bit: the default blocked layout of a shape, the
// accumulator layout of a dot, the parent layout an expand_dims operand is
// sliced from, and the operand and result layouts of split and cat.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_LAYOUTRULES_H
#define TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_LAYOUTRULES_H

#include "Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::tt_to_ttg {

/// The launch configuration layouts are computed for.
struct LaunchShape {
  unsigned numWarps;
  unsigned threadsPerWarp;
  unsigned numCTAs;
};

/// A blocked layout of `shape` with the given registers per thread and
/// dimension order, whose lanes and warps are spread over the dimensions from
/// the fastest one (`order[0]`), and whose CTAs are spread from the slowest.
gpu::BlockedEncodingAttr getBlockedEncoding(MLIRContext *ctx,
                                            ArrayRef<int64_t> shape,
                                            ArrayRef<unsigned> sizePerThread,
                                            ArrayRef<unsigned> order,
                                            const LaunchShape &launch);

/// The layout of a tensor of `shape` with no encoding: one element per
/// thread, the last dimension fastest.
gpu::BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *ctx,
                                                   ArrayRef<int64_t> shape,
                                                   const LaunchShape &launch);

/// The accumulator (and result) layout of a `tt.dot` with result `shape`.
gpu::BlockedEncodingAttr getDotAccumulatorEncoding(MLIRContext *ctx,
                                                   ArrayRef<int64_t> shape,
                                                   const LaunchShape &launch);

/// The result layout of a `tt.expand_dims` at `axis` whose operand has the
/// blocked layout `src`; the operand is converted to a slice of it.
gpu::BlockedEncodingAttr
getExpandDimsResultEncoding(gpu::BlockedEncodingAttr src, unsigned axis);

/// True when `tt.split` can take an operand of layout `encoding` as is: a
/// blocked layout holding the minor dimension (of size 2) in registers.
bool isSplittableEncoding(Attribute encoding, unsigned rank);

/// The operand layout a `tt.split` with results of `resultShape` converts a
/// non-splittable operand to.
gpu::BlockedEncodingAttr getSplitOperandEncoding(MLIRContext *ctx,
                                                 ArrayRef<int64_t> resultShape,
                                                 const LaunchShape &launch);

/// The result layout of a `tt.cat` of two tensors of type `operand` into a
/// result whose default layout is `result`: its registers per thread grow so
/// that each thread holds the elements of both operands.
gpu::BlockedEncodingAttr getCatResultEncoding(RankedTensorType operand,
                                              RankedTensorType result);

/// The layout of the row offsets of a TMA gather or scatter: 4 consecutive
/// offsets in each thread, as `gather4`/`scatter4` read them.
gpu::SliceEncodingAttr getGatherOffsetsEncoding(MLIRContext *ctx,
                                                const LaunchShape &launch);

} // namespace mlir::triton::tt_to_ttg

#endif // TRITON_LIB_CONVERSION_TRITONTOTRITONGPU_LAYOUTRULES_H
