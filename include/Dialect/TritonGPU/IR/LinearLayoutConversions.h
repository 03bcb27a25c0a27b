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
#include "mlir/IR/BuiltinTypes.h"

#include <mutex>
#include <optional>

namespace mlir::triton::gpu {

/// toLinearLayout's memo, owned by the ttg dialect: the layouts built so
/// far, by encoding and shape. Safe to share between threads.
class LinearLayoutCache {
public:
  /// The layout of `shape` under `encoding`: the one built before, or the
  /// one `build` returns now, which is remembered. `build` runs without the
  /// lock held, so it may ask the cache for other layouts.
  std::optional<LinearLayout>
  getOrBuild(ArrayRef<int64_t> shape, Attribute encoding,
             llvm::function_ref<std::optional<LinearLayout>()> build);

private:
  using Entry = std::pair<SmallVector<int64_t, 4>, std::optional<LinearLayout>>;
  std::mutex mutex;
  // Few shapes per encoding: a short list each.
  llvm::DenseMap<Attribute, SmallVector<Entry, 2>> entries;
};

/// The linear layout of a tensor of `shape` stored with `layout`, or nullopt
/// for encodings this toolchain does not lay out (such as AMD's).
std::optional<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                           Attribute layout);

/// Whether layouts `a` and `b` put every element in the same CTA of the
/// cluster (their `block` bases are equal): a conversion between them moves
/// no element from one CTA to another.
bool haveSameCtaParts(const LinearLayout &a, const LinearLayout &b);

/// The number of registers each thread uses for a tensor of `type`: the
/// size of its layout's register dimension (all elements without an
/// encoding, 1 for an encoding this toolchain does not lay out).
int64_t getTotalElemsPerThread(RankedTensorType type);

/// The names dim0, dim1, ... of the output dimensions of a rank-`rank`
/// tensor's layout.
SmallVector<StringAttr> standardOutDimNames(MLIRContext *ctx, unsigned rank);

/// `layout` (onto a row-major tensor) seen as a layout onto a tensor of
/// `dstShape` with the same elements in the same row-major order.
LinearLayout reshapeRowMajor(const LinearLayout &layout,
                             ArrayRef<int64_t> dstShape);

/// The output dimensions of `layout` in the order the bases of `inDim`
/// first move them (a broadcast basis moves none), then those of `rest` not
/// named yet.
SmallVector<unsigned> getBasesOrder(const LinearLayout &layout,
                                    StringAttr inDim, ArrayRef<unsigned> rest);

/// The dimensions of a distributed tensor from the one its registers step
/// through first to the last, read off its linear layout: dimensions in the
/// order the register bases first move them, then those no register moves,
/// last dimension first. For a tensor without a layout this toolchain lays
/// out: rank-1, ..., 0.
SmallVector<unsigned> getOrder(RankedTensorType type);

/// Per dimension, how many consecutive elements of a distributed tensor each
/// thread holds in consecutive registers, read off its linear layout (the
/// leading register bases that step 1, 2, 4, ... along the dimensions taken
/// in getOrder's order). All 1 for a tensor without a layout this toolchain
/// lays out.
SmallVector<unsigned> getContigPerThread(RankedTensorType type);

/// ttg.fp4_to_fp unpacks each byte of its source into two elements along
/// `axis`, in the same thread: the result layout is the source's with one
/// more register bit along `axis` (the one that picks the low or high
/// nibble). The source layout of a result layout (that bit taken out, the
/// other coordinates along `axis` halved), or nullopt when the result holds
/// fewer than 2 elements a thread along `axis`.
std::optional<LinearLayout> fp4ToFpSourceLayout(const LinearLayout &result,
                                                int axis,
                                                ArrayRef<int64_t> srcShape);
/// The result layout of a source layout: the nibble bit first among the
/// registers, the other coordinates along `axis` doubled.
LinearLayout fp4ToFpResultLayout(const LinearLayout &source, int axis,
                                 ArrayRef<int64_t> dstShape);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_LINEARLAYOUTCONVERSIONS_H
