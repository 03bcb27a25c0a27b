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

struct ReduceDataDuplicationPass
    : public triton::gpu::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplicationPass> {
  void runOnOperation() override {
    getOperation().walk([&](ConvertLayoutOp convert) {
      RankedTensorType srcType = convert.getSrc().getType();
      RankedTensorType dstType = convert.getType();
      auto dotOperand =
          dyn_cast_or_null<DotOperandEncodingAttr>(dstType.getEncoding());
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
