//===- TMALowering.cpp - descriptor ops into TMA copies -------------------===//
//
// triton-nvidia-tma-lowering: each tt.descriptor_load becomes a TMA copy into
// a shared buffer laid out as its descriptor's block (an mbarrier expects
// the block's bytes, the copy completes them, every thread waits, the buffer
// is read into the load's layout, and a local_alloc of the loaded tensor in
// the buffer's layout is the buffer itself); each tt.descriptor_store and
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
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// Whether buffers of types `a` and `b` hold the same bytes the same way
/// (mutability aside).
bool sameBufferLayout(MemDescType a, MemDescType b) {
  return a.getShape() == b.getShape() &&
         a.getElementType() == b.getElementType() &&
         a.getEncoding() == b.getEncoding() &&
         a.getMemorySpace() == b.getMemorySpace();
}

LogicalResult lowerLoad(DescriptorLoadOp op, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  TensorDescType desc = op.getDesc().getType();
  auto resultType = cast<RankedTensorType>(op.getType());
  FailureOr<MemDescType> type = tmaBufferType(op, desc, resultType, true);
  if (failed(type))
    return failure();
  NVMMASharedEncodingAttr enc = *tmaEncoding(desc);
  MLIRContext *ctx = op.getContext();
  rewriter.setInsertionPoint(op);
  Value buffer =
      LocalAllocOp::create(rewriter, loc, TypeRange{*type}, ValueRange{});
  auto barrierEnc = SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, ArrayRef<unsigned>{0}, ArrayRef<int32_t>{});
  auto barrierType =
      MemDescType::get({1}, rewriter.getI64Type(), barrierEnc,
                       SharedMemorySpaceAttr::get(ctx), /*mutable=*/true);
  Value barrier = LocalAllocOp::create(rewriter, loc, TypeRange{barrierType},
                                       ValueRange{});
  InitBarrierOp::create(rewriter, loc, barrier, 1);
  Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  int64_t bytes = tmaCtaBytes(desc.getBlockType().getShape(), enc);
  BarrierExpectOp::create(rewriter, loc, barrier, bytes, yes);
  AsyncTMACopyGlobalToLocalOp::create(
      rewriter, loc, op.getDesc(), op.getIndices(), barrier, buffer, yes,
      op.getCache(), op.getEvict(), /*isVolatile=*/false);
  Value phase = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  WaitBarrierOp::create(rewriter, loc, barrier, phase, /*pred=*/Value(),
                        /*deps=*/ValueRange());
  InvalBarrierOp::create(rewriter, loc, barrier);
  // A shared-memory copy of the loaded tensor in the buffer's own layout is
  // the buffer itself (as upstream's lowering does): it is not stored again.
  auto bufferType = cast<MemDescType>(buffer.getType());
  for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (alloc && sameBufferLayout(alloc.getType(), bufferType))
      rewriter.replaceOp(alloc, buffer);
  }
  // A wgmma wait passes its operands through: its results take the
  // buffer's (mutable) type.
  for (OpOperand &use : buffer.getUses())
    if (auto wait = dyn_cast<WarpGroupDotWaitOp>(use.getOwner()))
      rewriter.modifyOpInPlace(wait, [&] {
        wait->getResult(use.getOperandNumber()).setType(bufferType);
      });
  rewriter.replaceOpWithNewOp<LocalLoadOp>(op, TypeRange{resultType},
                                           ValueRange{buffer});
  return success();
}

/// The buffer `src` was read from, when it is laid out as `type` and
/// nothing between the read and `store` may have written shared memory:
/// the store copies out of it directly (as upstream's lowering does).
Value unchangedBuffer(Value src, Operation *store, MemDescType type) {
  auto load = src.getDefiningOp<LocalLoadOp>();
  if (!load || load->getBlock() != store->getBlock())
    return {};
  if (!sameBufferLayout(cast<MemDescType>(load.getSrc().getType()), type))
    return {};
  for (Operation *op = load->getNextNode(); op != store;
       op = op->getNextNode()) {
    if (op->getNumRegions() != 0 || isa<CallOpInterface>(op))
      return {};
    auto isMemDesc = [](Type t) { return isa<MemDescType>(t); };
    if (llvm::any_of(op->getOperandTypes(), isMemDesc))
      return {};
  }
  return load.getSrc();
}

/// Stores (or reduces) `src` through a shared buffer.
LogicalResult lowerStore(Operation *op, RewriterBase &rewriter,
                         Value descValue, ValueRange indices, Value src,
                         std::optional<DescriptorReduceKind> kind) {
  Location loc = op->getLoc();
  auto desc = cast<TensorDescType>(descValue.getType());
  FailureOr<MemDescType> type =
      tmaBufferType(op, desc, cast<RankedTensorType>(src.getType()), false);
  if (failed(type))
    return failure();
  rewriter.setInsertionPoint(op);
  Value buffer = unchangedBuffer(src, op, *type);
  if (!buffer)
    buffer = LocalAllocOp::create(rewriter, loc, *type, src);
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
      if (isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
              MakeTensorDescOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (Operation *op : ops) {
      LogicalResult done = failure();
      if (auto make = dyn_cast<MakeTensorDescOp>(op))
        done = lowerMakeTensorDescriptor(make, rewriter);
      else if (auto load = dyn_cast<DescriptorLoadOp>(op))
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
