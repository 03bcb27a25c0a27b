//===- OptimizeDotOperands.cpp - tritongpu-optimize-dot-operands ----------===//
//
// wgmma reads shared-memory operands of either majorness, so the transpose
// of an operand before it is stored to shared memory moves into the view of
// the buffer: local_alloc(trans(x)) becomes memdesc_trans(local_alloc(x)).
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
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

struct OptimizeDotOperandsPass
    : public triton::gpu::impl::TritonGPUOptimizeDotOperandsBase<
          OptimizeDotOperandsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseTransIntoWgmmaOperand>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
