//===- OptimizeDotOperands.cpp - tritongpu-optimize-dot-operands ----------===//
//
// wgmma reads shared-memory operands of either majorness, so the transpose
// of an operand before it is stored to shared memory moves into the view of
// the buffer: local_alloc(trans(x)) becomes memdesc_trans(local_alloc(x)).
// An mma.sync operand converted from a transpose goes through shared memory
// anyway: x is stored once and read back transposed,
// convert(trans(x)) becoming local_load(memdesc_trans(local_alloc(x))).
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEDOTOPERANDS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The 2-D nvmma_shared encoding whose [1, 0] transpose is `enc`: the same
/// swizzle with the other majorness, the CTA bases' coordinates swapped.
NVMMASharedEncodingAttr untransposed(NVMMASharedEncodingAttr enc) {
  SmallVector<int32_t> cga(enc.getCgaBases());
  for (size_t i = 0; i + 1 < cga.size(); i += 2)
    std::swap(cga[i], cga[i + 1]);
  return NVMMASharedEncodingAttr::get(
      enc.getContext(), enc.getSwizzlingByteWidth(), !enc.getTransposed(),
      enc.getElementBitWidth(), enc.getFp4Padded(), enc.getRank(), cga);
}

/// local_alloc(trans(x)) read only by a warp_group_dot ->
/// memdesc_trans(local_alloc(x)).
struct FuseTransIntoWgmmaOperand : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc() || !alloc->hasOneUse() ||
        !isa<nvidia_gpu::WarpGroupDotOp>(*alloc->getUsers().begin()))
      return failure();
    auto trans = alloc.getSrc().getDefiningOp<TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    MemDescType type = alloc.getType();
    auto enc = dyn_cast_or_null<NVMMASharedEncodingAttr>(type.getEncoding());
    if (!enc || enc.getRank() != 2 || enc.getFp4Padded())
      return failure();
    RankedTensorType srcType = trans.getSrc().getType();
    // wgmma reads MN-major (transposed) shared operands of 16-bit types
    // only.
    if (srcType.getElementType().getIntOrFloatBitWidth() != 16)
      return failure();
    auto bufferType = MemDescType::get(
        srcType.getShape(), srcType.getElementType(), untransposed(enc),
        type.getMemorySpace(), type.getMutableMemory());
    rewriter.setInsertionPoint(alloc);
    auto buffer = LocalAllocOp::create(rewriter, alloc.getLoc(), bufferType,
                                       trans.getSrc());
    rewriter.replaceOpWithNewOp<MemDescTransOp>(alloc, type, buffer,
                                                trans.getOrder());
    if (trans->use_empty())
      rewriter.eraseOp(trans);
    return success();
  }
};

/// convert(trans(x)) to an mma.sync (version 2) dot operand read by dots ->
/// local_load(memdesc_trans(local_alloc(x))): the buffer is swizzled as the
/// transposed operand's would be (reduce-data-duplication's choice), its
/// order read through the transpose.
struct TransThroughSharedForMmaV2 : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType dstType = convert.getType();
    auto dot = dyn_cast_or_null<DotOperandEncodingAttr>(dstType.getEncoding());
    auto mma =
        dot ? dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent()) : nullptr;
    if (!mma || !mma.isAmpere() || dstType.getRank() != 2)
      return failure();
    // Only an operand the dot reads as it is (as upstream: one computed on
    // from the conversion keeps it).
    if (convert->use_empty() ||
        !llvm::all_of(convert->getUsers(),
                      [](Operation *user) { return isa<DotOp>(user); }))
      return failure();
    auto trans = convert.getSrc().getDefiningOp<TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>{1, 0})
      return failure();
    RankedTensorType transType = trans.getType();
    RankedTensorType srcType = trans.getSrc().getType();
    if (!isDistributedEncoding(srcType.getEncoding()))
      return failure();
    SmallVector<int32_t> cga = getCgaBases(transType.getEncoding(), 2);
    SwizzledSharedEncodingAttr viewEnc = getDotOperandSharedEncoding(
        dot, getShapePerCTA(transType), getOrderForMemory(transType), cga,
        getElementBitWidth(transType));
    // The same bytes seen untransposed: dimension d of the view is 1 - d of
    // the buffer.
    SmallVector<unsigned> bufferOrder;
    for (unsigned dim : viewEnc.getOrder())
      bufferOrder.push_back(1 - dim);
    SmallVector<int32_t> bufferCga(viewEnc.getCgaBases());
    for (size_t i = 0; i + 1 < bufferCga.size(); i += 2)
      std::swap(bufferCga[i], bufferCga[i + 1]);
    auto bufferEnc = SwizzledSharedEncodingAttr::get(
        rewriter.getContext(), viewEnc.getVec(), viewEnc.getPerPhase(),
        viewEnc.getMaxPhase(), bufferOrder, bufferCga);
    auto smem = SharedMemorySpaceAttr::get(rewriter.getContext());
    auto bufferType = MemDescType::get(srcType.getShape(),
                                       srcType.getElementType(), bufferEnc,
                                       smem);
    auto viewType = MemDescType::get(transType.getShape(),
                                     transType.getElementType(), viewEnc, smem);
    // The new ops go where the transpose was; a transpose its other users
    // still read follows them (upstream's order).
    Location loc = convert.getLoc();
    rewriter.setInsertionPointAfter(trans);
    auto buffer =
        LocalAllocOp::create(rewriter, loc, bufferType, trans.getSrc());
    auto view = MemDescTransOp::create(rewriter, loc, viewType, buffer,
                                       trans.getOrder());
    auto load = LocalLoadOp::create(rewriter, loc, dstType, view,
                                    /*token=*/Value());
    rewriter.replaceOp(convert, load.getResult());
    if (trans->use_empty()) {
      rewriter.eraseOp(trans);
      return success();
    }
    auto moved = TransOp::create(rewriter, trans.getLoc(), transType,
                                 trans.getSrc(), trans.getOrder());
    rewriter.replaceOp(trans, moved.getResult());
    return success();
  }
};

struct OptimizeDotOperandsPass
    : public triton::gpu::impl::TritonGPUOptimizeDotOperandsBase<
          OptimizeDotOperandsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseTransIntoWgmmaOperand, TransThroughSharedForMmaV2>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
