//===- TMALowering.cpp - descriptor ops into TMA copies -------------------===//
//
// triton-nvidia-tma-lowering: each tt.descriptor_load becomes a TMA copy into
// a shared buffer laid out as its descriptor's block (an mbarrier expects
// the block's bytes, the copy completes them, every thread waits, the buffer
// is read into the load's layout); each tt.descriptor_store and
// tt.descriptor_reduce writes its value into such a buffer, fences it for
// the async proxy and copies (or reduces) it into global memory, waiting for
// the copy to have read the buffer.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// The shared layout of a descriptor's block: its own encoding, else the
/// NVMMA layout (row-major, the widest swizzle the rows fill).
FailureOr<NVMMASharedEncodingAttr> blockEncoding(Operation *op,
                                                 TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  if (Attribute enc = block.getEncoding()) {
    if (auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(enc))
      return nvmma;
    return op->emitError("a TMA copy needs a descriptor whose block is laid "
                         "out as #ttg.nvmma_shared, not ")
           << enc;
  }
  unsigned rank = block.getRank();
  SmallVector<unsigned> order;
  for (int d = rank - 1; d >= 0; --d)
    order.push_back(d);
  return getNVMMASharedEncoding(op->getContext(), block.getShape(), order,
                                block.getElementType(), /*cgaBases=*/{});
}

MemDescType bufferType(TensorDescType desc, NVMMASharedEncodingAttr enc,
                       bool mutableMemory) {
  RankedTensorType block = desc.getBlockType();
  return MemDescType::get(block.getShape(), block.getElementType(), enc,
                          SharedMemorySpaceAttr::get(desc.getContext()),
                          mutableMemory);
}

/// The loads and stores a TMA copy can serve: the result (or value) has the
/// descriptor block's shape.
LogicalResult checkShape(Operation *op, TensorDescType desc,
                         RankedTensorType value) {
  if (value.getShape() != desc.getBlockType().getShape())
    return op->emitError("TMA copies move whole descriptor blocks: ")
           << value << " against the block " << desc.getBlockType();
  return success();
}

LogicalResult lowerLoad(DescriptorLoadOp op, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  TensorDescType desc = op.getDesc().getType();
  auto resultType = cast<RankedTensorType>(op.getType());
  if (failed(checkShape(op, desc, resultType)))
    return failure();
  FailureOr<NVMMASharedEncodingAttr> enc = blockEncoding(op, desc);
  if (failed(enc))
    return failure();
  MLIRContext *ctx = op.getContext();
  rewriter.setInsertionPoint(op);
  Value buffer = LocalAllocOp::create(
      rewriter, loc, TypeRange{bufferType(desc, *enc, true)}, ValueRange{});
  auto barrierEnc = SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, ArrayRef<unsigned>{0}, ArrayRef<int32_t>{});
  auto barrierType =
      MemDescType::get({1}, rewriter.getI64Type(), barrierEnc,
                       SharedMemorySpaceAttr::get(ctx), /*mutable=*/true);
  Value barrier = LocalAllocOp::create(rewriter, loc, TypeRange{barrierType},
                                       ValueRange{});
  InitBarrierOp::create(rewriter, loc, barrier, 1);
  Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  RankedTensorType block = desc.getBlockType();
  int64_t bytes = block.getNumElements() *
                  std::max(1u, block.getElementTypeBitWidth() / 8);
  BarrierExpectOp::create(rewriter, loc, barrier, bytes, yes);
  AsyncTMACopyGlobalToLocalOp::create(
      rewriter, loc, op.getDesc(), op.getIndices(), barrier, buffer, yes,
      op.getCache(), op.getEvict(), /*isVolatile=*/false);
  Value phase = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  WaitBarrierOp::create(rewriter, loc, barrier, phase, /*pred=*/Value(),
                        /*deps=*/ValueRange());
  InvalBarrierOp::create(rewriter, loc, barrier);
  rewriter.replaceOpWithNewOp<LocalLoadOp>(op, TypeRange{resultType},
                                           ValueRange{buffer});
  return success();
}

/// Stores (or reduces) `src` through a shared buffer.
LogicalResult lowerStore(Operation *op, RewriterBase &rewriter,
                         Value descValue, ValueRange indices, Value src,
                         std::optional<DescriptorReduceKind> kind) {
  Location loc = op->getLoc();
  auto desc = cast<TensorDescType>(descValue.getType());
  if (failed(checkShape(op, desc, cast<RankedTensorType>(src.getType()))))
    return failure();
  FailureOr<NVMMASharedEncodingAttr> enc = blockEncoding(op, desc);
  if (failed(enc))
    return failure();
  rewriter.setInsertionPoint(op);
  Value buffer =
      LocalAllocOp::create(rewriter, loc, bufferType(desc, *enc, false), src);
  FenceAsyncSharedOp::create(rewriter, loc, /*bCluster=*/false);
  if (kind)
    AsyncTMAReduceOp::create(rewriter, loc, *kind, descValue, indices, buffer);
  else
    AsyncTMACopyLocalToGlobalOp::create(rewriter, loc, descValue, indices,
                                        buffer);
  AsyncTMAStoreWaitOp::create(rewriter, loc, 0);
  rewriter.eraseOp(op);
  return success();
}

struct TMALoweringPass
    : public triton::nvidia_gpu::impl::TritonNvidiaGPUTMALoweringBase<
          TMALoweringPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    SmallVector<Operation *> ops;
    mod.walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp>(op))
        ops.push_back(op);
    });
    // The buffers and tensor maps here are one CTA's.
    auto numCTAs = mod->getAttrOfType<IntegerAttr>("ttg.num-ctas");
    if (!ops.empty() && numCTAs && numCTAs.getInt() > 1) {
      ops.front()->emitError("TMA lowering of descriptors in a cluster "
                             "(ttg.num-ctas > 1) is not supported");
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (Operation *op : ops) {
      LogicalResult done = failure();
      if (auto load = dyn_cast<DescriptorLoadOp>(op))
        done = lowerLoad(load, rewriter);
      else if (auto store = dyn_cast<DescriptorStoreOp>(op))
        done = lowerStore(op, rewriter, store.getDesc(), store.getIndices(),
                          store.getSrc(), std::nullopt);
      else if (auto reduce = dyn_cast<DescriptorReduceOp>(op))
        done = lowerStore(op, rewriter, reduce.getDesc(), reduce.getIndices(),
                          reduce.getSrc(), reduce.getKind());
      failedAny |= failed(done);
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
