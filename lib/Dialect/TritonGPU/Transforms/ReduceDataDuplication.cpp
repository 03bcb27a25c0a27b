//===- ReduceDataDuplication.cpp - tritongpu-reduce-data-duplication ------===//
//
// A dot operand layout replicates each element over the threads that use
// it. Converting to it from a layout that holds each element once would make
// the generic conversion write and read shared memory with that replication
// on both sides; storing the tensor once to shared memory (local_alloc) and
// loading the dot operand layout from it (local_load) reads each element
// straight into every thread that needs it.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The swizzled shared layout a dot operand is best read from: none for
/// operands of FMA dots; for MMA operands, vectors along the contiguous
/// dimension as wide as one MMA tile's extent there, and enough phases to
/// spread the rows of a tile over the 32 banks.
SwizzledSharedEncodingAttr getDotOperandSharedEncoding(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shapePerCTA,
    ArrayRef<unsigned> order, ArrayRef<int32_t> cgaBases, unsigned bitWidth) {
  MLIRContext *ctx = dotOperand.getContext();
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotOperand.getParent());
  if (!mma || (mma.getVersionMajor() != 2 && mma.getVersionMajor() != 3))
    return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, order, cgaBases);
  unsigned opIdx = dotOperand.getOpIdx();
  unsigned kWidth = dotOperand.getKWidth();
  unsigned rank = order.size();
  int perPhase = std::max<int>(
      128 / std::max<int64_t>(shapePerCTA[order[0]] * 4 / kWidth, 1), 1);
  // Sub-32-bit elements not packed kWidth to a register need more rows per
  // phase when the fastest dimension is the one upstream calls inner.
  int vecWidth = 32 / bitWidth;
  if (vecWidth != int(kWidth) && order[0] == (opIdx == 0 ? 0u : 1u))
    perPhase = std::max(perPhase, 2 * vecWidth);
  // One MMA tile: 8 by 8 (M by N) by 4 * kWidth (K). A row-major operand is
  // read in vectors along its last dimension (K for A, N for B).
  int k = 4 * kWidth, mn = 8;
  bool rowMajor = order[0] == rank - 1;
  int vec, stride;
  if (opIdx == 0) {
    vec = rowMajor ? k : mn;
    stride = rowMajor ? mn : k;
  } else {
    vec = rowMajor ? mn : k;
    stride = rowMajor ? k : mn;
  }
  int maxPhase = std::max(stride / perPhase, 1);
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         cgaBases);
}

struct ReduceDataDuplicationPass
    : public triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplicationPass> {
  void runOnOperation() override {
    getOperation().walk([&](ConvertLayoutOp convert) {
      RankedTensorType srcType = convert.getSrc().getType();
      RankedTensorType dstType = convert.getType();
      auto dotOperand = dyn_cast<DotOperandEncodingAttr>(dstType.getEncoding());
      if (!dotOperand || !isDistributedEncoding(srcType.getEncoding()) ||
          !cvtNeedsSharedMemory(srcType, dstType))
        return;
      unsigned rank = srcType.getRank();
      SmallVector<int32_t> cgaBases = getCgaBases(srcType.getEncoding(), rank);
      auto shared = getDotOperandSharedEncoding(
          dotOperand, getShapePerCTA(srcType), getOrderForMemory(srcType),
          cgaBases, getElementBitWidth(srcType));
      auto memType =
          MemDescType::get(dstType.getShape(), dstType.getElementType(), shared,
                           SharedMemorySpaceAttr::get(&getContext()));
      OpBuilder builder(convert);
      auto alloc = LocalAllocOp::create(builder, convert.getLoc(), memType,
                                        convert.getSrc());
      auto load = LocalLoadOp::create(builder, convert.getLoc(), dstType, alloc,
                                      /*token=*/Value());
      convert.replaceAllUsesWith(load.getResult());
      convert.erase();
    });
  }
};

} // namespace
