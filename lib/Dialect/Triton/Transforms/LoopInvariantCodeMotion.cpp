//===- LoopInvariantCodeMotion.cpp - triton-licm --------------------------===//
//
// MLIR's loop-invariant code motion, extended to tt.load: a load whose
// operands are loop-invariant leaves a loop that does not write memory, with
// its mask and-ed with the loop's entry condition so that a loop running
// zero times still reads nothing.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/IRMapping.h"
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

/// The condition under which `loop` runs its body at least once, computed
/// before the loop; null when it cannot be computed there.
Value buildEntryCondition(RewriterBase &rewriter, LoopLikeOpInterface loop) {
  rewriter.setInsertionPoint(loop);
  Location loc = loop->getLoc();
  if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation()))
    return arith::CmpIOp::create(rewriter, loc,
                                 forOp.getUnsignedCmp()
                                     ? arith::CmpIPredicate::ult
                                     : arith::CmpIPredicate::slt,
                                 forOp.getLowerBound(), forOp.getUpperBound());
  auto whileOp = dyn_cast<scf::WhileOp>(loop.getOperation());
  if (!whileOp)
    return {};
  // Evaluate the `before` region once on the initial values. The loop only
  // reads memory, so doing so early changes nothing.
  Block *before = whileOp.getBeforeBody();
  IRMapping mapping;
  mapping.map(before->getArguments(), whileOp.getInits());
  for (Operation &op : before->without_terminator())
    rewriter.clone(op, mapping);
  return mapping.lookupOrDefault(whileOp.getConditionOp().getCondition());
}

/// `mask` and-ed with `cond` splat to the shape of the pointers.
Value andMask(RewriterBase &rewriter, Location loc, Type ptrType, Value mask,
              Value cond) {
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
      Value entryCondition;
      moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *region) {
            if (!isa<LoadOp>(op))
              return isSpeculatable(op) && isMemoryEffectFree(op);
            if (!isa<scf::ForOp, scf::WhileOp>(loop.getOperation()))
              return false;
            if (!loopOnlyReads)
              loopOnlyReads = onlyReadsMemory(loop);
            return *loopOnlyReads && onlyReadsMemory(op);
          },
          [&](Operation *op, Region *region) {
            auto load = dyn_cast<LoadOp>(op);
            // The `before` region of a while loop always runs once.
            bool alwaysRuns =
                isa<scf::WhileOp>(loop.getOperation()) &&
                region == &cast<scf::WhileOp>(loop.getOperation()).getBefore();
            if (load && !alwaysRuns) {
              if (!entryCondition)
                entryCondition = buildEntryCondition(rewriter, loop);
              rewriter.setInsertionPoint(loop);
              Value mask =
                  andMask(rewriter, load.getLoc(), load.getPtr().getType(),
                          load.getMask(), entryCondition);
              rewriter.modifyOpInPlace(
                  load, [&] { load.getMaskMutable().assign(mask); });
            }
            loop.moveOutOfLoop(op);
          });
    });
  }
};

} // namespace
