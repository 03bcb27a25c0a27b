//===- LayoutRules.cpp - layouts picked by tt to ttg conversion -----------===//
//
// How convert-triton-to-tritongpu lays tensors out. Checked against the IR
// upstream Triton 3.6 prints after this pass (the corpus pass dumps): e.g.
// with 8 warps a 128x64 tensor gets threadsPerWarp = [1, 32] and
// warpsPerCTA = [4, 2], a 128x1 tensor [32, 1] and [8, 1].
//
//===----------------------------------------------------------------------===//

#include "LayoutRules.h"

#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::tt_to_ttg;

namespace {
/// How the CTAs of a cluster split a tensor.
struct CGASplit {
  /// Per dimension: how many parts the tensor is split into.
  SmallVector<unsigned> splitNum;
  /// The bases of the `block` dimension, flattened (one entry per tensor
  /// dimension each), as BlockedEncodingAttr stores them.
  SmallVector<int32_t> bases;
};
} // namespace

/// Spreads `numCTAs` over the dimensions from the slowest one, each taking as
/// many CTAs as it has elements to give; CTAs left over hold copies along the
/// last dimension. With one CTA this is the trivial layout (no bases).
static CGASplit getDefaultCGASplit(ArrayRef<int64_t> shape,
                                   ArrayRef<unsigned> sizePerThread,
                                   ArrayRef<unsigned> order, unsigned numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> perCGA(rank, 1);
  CGASplit split;
  split.splitNum.assign(rank, 1);
  unsigned remaining = numCTAs;
  for (unsigned dim : llvm::reverse(order)) {
    unsigned fit = std::max<int64_t>(1, shape[dim] / sizePerThread[dim]);
    perCGA[dim] = std::clamp(remaining, 1u, fit);
    split.splitNum[dim] = perCGA[dim];
    remaining /= perCGA[dim];
  }
  perCGA[rank - 1] *= remaining;

  // CTA index bits, minor dimension first: the low log2(splitNum) bits of a
  // dimension step through its parts, the others are copies.
  for (unsigned dim : order) {
    unsigned splitBits = llvm::Log2_32(split.splitNum[dim]);
    for (unsigned bit = 0, e = llvm::Log2_32(perCGA[dim]); bit < e; ++bit)
      for (unsigned d = 0; d < rank; ++d)
        split.bases.push_back(d == dim && bit < splitBits ? 1 << bit : 0);
  }
  return split;
}

BlockedEncodingAttr tt_to_ttg::getBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> sizePerThread,
    ArrayRef<unsigned> order, const LaunchShape &launch) {
  unsigned rank = shape.size();
  CGASplit cga =
      getDefaultCGASplit(shape, sizePerThread, order, launch.numCTAs);

  SmallVector<int64_t> shapePerCTA;
  for (unsigned dim = 0; dim < rank; ++dim)
    shapePerCTA.push_back(std::max<int64_t>(1, shape[dim] / cga.splitNum[dim]));
  return getBlockedEncodingForPart(ctx, shapePerCTA, sizePerThread, order,
                                   launch.threadsPerWarp, launch.numWarps,
                                   cga.bases);
}

/// The dimensions from the last (fastest) to the first.
static SmallVector<unsigned> getReversedOrder(unsigned rank) {
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  return order;
}

BlockedEncodingAttr
tt_to_ttg::getDefaultBlockedEncoding(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                     const LaunchShape &launch) {
  SmallVector<unsigned> sizePerThread(shape.size(), 1);
  return getBlockedEncoding(ctx, shape, sizePerThread,
                            getReversedOrder(shape.size()), launch);
}

BlockedEncodingAttr
tt_to_ttg::getDotAccumulatorEncoding(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                     const LaunchShape &launch) {
  // Square register tiles of the two matrix dimensions: 2x2 once every
  // thread has 4 elements, 4x4 once it has 16.
  unsigned rank = shape.size();
  int64_t numElements = std::accumulate(shape.begin(), shape.end(), int64_t(1),
                                        std::multiplies<int64_t>());
  int64_t perThread =
      numElements / (int64_t(launch.numWarps) * launch.threadsPerWarp);
  unsigned tile = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
  SmallVector<unsigned> sizePerThread(rank, 1);
  for (unsigned dim : {rank - 2, rank - 1})
    sizePerThread[dim] = std::min<int64_t>(tile, shape[dim]);
  return getBlockedEncoding(ctx, shape, sizePerThread, getReversedOrder(rank),
                            launch);
}

BlockedEncodingAttr
tt_to_ttg::getExpandDimsResultEncoding(BlockedEncodingAttr src, unsigned axis) {
  auto insertOne = [&](ArrayRef<unsigned> values) {
    SmallVector<unsigned> result(values);
    result.insert(result.begin() + axis, 1);
    return result;
  };
  // Upstream orders the dimensions of this layout 0, 1, ..., whatever the
  // operand's order; the users' default layouts are reached through a
  // convert_layout anyway.
  unsigned rank = src.getRank() + 1;
  SmallVector<unsigned> order(rank);
  std::iota(order.begin(), order.end(), 0);
  // The new dimension holds one CTA: a zero coordinate in every basis.
  SmallVector<int32_t> bases;
  ArrayRef<int32_t> srcBases = src.getCgaBases();
  for (size_t i = 0; i < srcBases.size(); i += src.getRank()) {
    ArrayRef<int32_t> basis = srcBases.slice(i, src.getRank());
    llvm::append_range(bases, basis.take_front(axis));
    bases.push_back(0);
    llvm::append_range(bases, basis.drop_front(axis));
  }
  return BlockedEncodingAttr::get(
      src.getContext(), insertOne(src.getSizePerThread()),
      insertOne(src.getThreadsPerWarp()), insertOne(src.getWarpsPerCTA()),
      order, bases);
}

bool tt_to_ttg::isSplittableEncoding(Attribute encoding, unsigned rank) {
  auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(encoding);
  return blocked && blocked.getSizePerThread().back() == 2 &&
         blocked.getOrder().front() == rank - 1;
}

BlockedEncodingAttr
tt_to_ttg::getSplitOperandEncoding(MLIRContext *ctx,
                                   ArrayRef<int64_t> resultShape,
                                   const LaunchShape &launch) {
  // The results' default layout with the pair of split elements appended
  // as the fastest dimension, held by each thread.
  return getJoinedBlockedEncoding(
      getDefaultBlockedEncoding(ctx, resultShape, launch));
}

/// How many elements of a tensor of `type` (blocked layout) each thread
/// holds. Along a dimension shorter than the layout's tile, lanes and warps
/// hold copies first; registers are only dropped where the dimension is
/// shorter than sizePerThread.
static int64_t getTotalElemsPerThread(RankedTensorType type,
                                      BlockedEncodingAttr blocked) {
  unsigned rank = type.getRank();
  SmallVector<int64_t> splitNum(rank, 1);
  ArrayRef<int32_t> bases = blocked.getCgaBases();
  for (size_t i = 0; i < bases.size(); i += rank)
    for (unsigned dim = 0; dim < rank; ++dim)
      if (bases[i + dim])
        splitNum[dim] *= 2;
  int64_t total = 1;
  for (unsigned dim = 0; dim < rank; ++dim) {
    int64_t shape = std::max<int64_t>(1, type.getDimSize(dim) / splitNum[dim]);
    int64_t perThread = blocked.getSizePerThread()[dim];
    int64_t tile = perThread * blocked.getThreadsPerWarp()[dim] *
                   blocked.getWarpsPerCTA()[dim];
    total *=
        shape >= tile ? perThread * (shape / tile) : std::min(perThread, shape);
  }
  return total;
}

BlockedEncodingAttr tt_to_ttg::getCatResultEncoding(RankedTensorType operand,
                                                    RankedTensorType result) {
  auto resultEncoding = cast<BlockedEncodingAttr>(result.getEncoding());
  auto operandEncoding =
      dyn_cast_if_present<BlockedEncodingAttr>(operand.getEncoding());
  if (!operandEncoding)
    return resultEncoding;
  // Tensor sizes are powers of two, so the sum is rounded up to one.
  int64_t wanted =
      llvm::PowerOf2Ceil(2 * getTotalElemsPerThread(operand, operandEncoding));
  int64_t have = getTotalElemsPerThread(result, resultEncoding);
  if (wanted <= have)
    return resultEncoding;
  SmallVector<unsigned> sizePerThread(resultEncoding.getSizePerThread());
  sizePerThread[resultEncoding.getOrder().front()] *= wanted / have;
  return BlockedEncodingAttr::get(
      result.getContext(), sizePerThread, resultEncoding.getThreadsPerWarp(),
      resultEncoding.getWarpsPerCTA(), resultEncoding.getOrder(),
      resultEncoding.getCgaBases());
}

SliceEncodingAttr
tt_to_ttg::getGatherOffsetsEncoding(MLIRContext *ctx,
                                    const LaunchShape &launch) {
  auto parent = BlockedEncodingAttr::get(
      ctx, /*sizePerThread=*/{1, 4},
      /*threadsPerWarp=*/{launch.threadsPerWarp, 1},
      /*warpsPerCTA=*/{1, launch.numWarps}, /*order=*/{1, 0},
      /*cgaBases=*/{});
  return SliceEncodingAttr::get(ctx, /*dim=*/0, parent);
}
