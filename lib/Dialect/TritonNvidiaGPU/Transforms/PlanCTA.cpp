//===- PlanCTA.cpp - triton-nvidia-gpu-plan-cta ---------------------------===//
//
// The CTAs of a cluster split a dot's result; each needs the rows of A and
// the columns of B its part of the result reads, and all of K. The CTA
// bases of a blocked layout say which part of the tensor each CTA holds: a
// basis [m, n] sends the CTA bit to the split index m along dim 0 and n
// along dim 1 (zero: the CTAs of that bit hold the same part). A takes the
// result's bases with the column part dropped, B with the row part dropped.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The CTA bases of operand `opIdx` of a dot whose result has `bases`
/// (flattened, `rank` per basis): the K coordinate of each is zero.
SmallVector<int32_t> operandCtaBases(ArrayRef<int32_t> bases, unsigned rank,
                                     unsigned opIdx) {
  SmallVector<int32_t> out(bases);
  // A is [.., M, K], B [.., K, N]: K is the last dimension of A and the one
  // before last of B; the result's other one (N of A, M of B) goes.
  unsigned dropped = opIdx == 0 ? rank - 1 : rank - 2;
  for (size_t i = dropped; i < out.size(); i += rank)
    out[i] = 0;
  return out;
}

struct PlanCTAPass
    : public mlir::triton::nvidia_gpu::impl::TritonNvidiaGPUPlanCTABase<
          PlanCTAPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    auto numCTAs = mod->getAttrOfType<IntegerAttr>("ttg.num-ctas");
    if (!numCTAs || numCTAs.getInt() <= 1)
      return;
    mod.walk([&](DotOp dot) {
      auto dType = cast<RankedTensorType>(dot.getType());
      auto result = dyn_cast<BlockedEncodingAttr>(dType.getEncoding());
      if (!result || result.getCgaBases().empty())
        return;
      unsigned rank = dType.getRank();
      for (unsigned opIdx : {0u, 1u}) {
        OpOperand &operand = dot->getOpOperand(opIdx);
        // The operand is the conversion of a blocked tensor to a dot_op
        // layout of the result's.
        auto toDotOp = operand.get().getDefiningOp<ConvertLayoutOp>();
        if (!toDotOp)
          continue;
        Value src = toDotOp.getSrc();
        auto srcType = cast<RankedTensorType>(src.getType());
        auto srcLayout = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
        if (!srcLayout)
          continue;
        // The layout within a CTA is that of the operand's origin (the
        // coalesced load, say) before conversions.
        Value origin = src;
        while (auto cvt = origin.getDefiningOp<ConvertLayoutOp>())
          origin = cvt.getSrc();
        if (auto originLayout = dyn_cast<BlockedEncodingAttr>(
                cast<RankedTensorType>(origin.getType()).getEncoding()))
          srcLayout = originLayout;
        SmallVector<int32_t> wanted =
            operandCtaBases(result.getCgaBases(), rank, opIdx);
        if (cast<BlockedEncodingAttr>(srcType.getEncoding()).getCgaBases() ==
            ArrayRef<int32_t>(wanted))
          continue;
        auto layout = BlockedEncodingAttr::get(
            dot.getContext(), srcLayout.getSizePerThread(),
            srcLayout.getThreadsPerWarp(), srcLayout.getWarpsPerCTA(),
            srcLayout.getOrder(), wanted);
        OpBuilder b(toDotOp);
        Value moved = ConvertLayoutOp::create(
            b, src.getLoc(), srcType.cloneWithEncoding(layout), src);
        // The dot gets a conversion of its own; others may use the old one.
        auto converted = ConvertLayoutOp::create(
            b, toDotOp.getLoc(), toDotOp.getType(), moved);
        operand.set(converted);
        if (toDotOp->use_empty())
          toDotOp->erase();
      }
    });
  }
};

} // namespace
