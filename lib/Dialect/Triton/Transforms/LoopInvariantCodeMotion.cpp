//===- LoopInvariantCodeMotion.cpp - triton-licm --------------------------===//
//
// MLIR's loop-invariant code motion, extended to tt.load: a load whose
// operands are loop-invariant leaves an scf.for that does not write memory,
// with its mask and-ed with the loop's entry condition (lb < ub) so that a
// loop running zero times still reads nothing. As in upstream Triton 3.6,
// loads stay in scf.while loops, whose entry condition is not a simple
// comparison.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPINVARIANTCODEMOTION
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `op` and everything nested in it at most reads memory.
bool onlyReadsMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return effects &&
         llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Read>(e.getEffect());
         });
}

/// `mask` and-ed with `cond` splat to the shape of the pointers; the new ops
/// take `cond`'s location.
Value andMask(RewriterBase &rewriter, Type ptrType, Value mask, Value cond) {
  Location loc = cond.getLoc();
  Value result = cond;
  if (auto tensorType = dyn_cast<RankedTensorType>(ptrType))
    result = SplatOp::create(rewriter, loc,
                             cast<RankedTensorType>(getI1SameShape(tensorType)),
                             cond);
  if (mask)
    result = arith::AndIOp::create(rewriter, loc, result, mask);
  return result;
}

struct LoopInvariantCodeMotionPass
    : public triton::impl::TritonLoopInvariantCodeMotionBase<
          LoopInvariantCodeMotionPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Post-order: inner loops first, so what leaves an inner loop may then
    // leave the outer one.
    getOperation()->walk([&](LoopLikeOpInterface loop) {
      std::optional<bool> loopOnlyReads;
      moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            if (!isa<LoadOp>(op))
              return isSpeculatable(op) && isMemoryEffectFree(op);
            // The entry condition is known for scf.for only.
            if (!isa<scf::ForOp>(loop.getOperation()))
              return false;
            if (!loopOnlyReads)
              loopOnlyReads = onlyReadsMemory(loop);
            return *loopOnlyReads && onlyReadsMemory(op);
          },
          [&](Operation *op, Region *) {
            if (auto load = dyn_cast<LoadOp>(op)) {
              auto forOp = cast<scf::ForOp>(loop.getOperation());
              rewriter.setInsertionPoint(forOp);
              Value runs = arith::CmpIOp::create(
                  rewriter, forOp.getLoc(),
                  forOp.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt,
                  forOp.getLowerBound(), forOp.getUpperBound());
              Value mask = andMask(rewriter, load.getPtr().getType(),
                                   load.getMask(), runs);
              rewriter.modifyOpInPlace(
                  load, [&] { load.getMaskMutable().assign(mask); });
            }
            loop.moveOutOfLoop(op);
          });
    });
  }
};

} // namespace
