//===- LoopPeeling.cpp - peel the last iteration off an scf.for -----------===//

#include "Dialect/Triton/Transforms/LoopPeeling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

scf::IfOp triton::peelLoopEpilogue(scf::ForOp forOp) {
  Location loc = forOp.getLoc();
  Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound(),
        step = forOp.getStep();
  OpBuilder b(forOp);
  forOp.setUpperBound(arith::SubIOp::create(b, loc, ub, step));

  b.setInsertionPointAfter(forOp);
  Value one =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(lb.getType(), 1));
  Value range = arith::SubIOp::create(b, loc, ub, lb);
  Value rangeMinusOne = arith::SubIOp::create(b, loc, range, one);
  Value lastIndex = arith::DivSIOp::create(b, loc, rangeMinusOne, step);
  Value delta = arith::MulIOp::create(b, loc, lastIndex, step);
  Value lastIv = arith::AddIOp::create(b, loc, delta, lb);
  Value runs =
      arith::CmpIOp::create(b, loc,
                            forOp.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                   : arith::CmpIPredicate::slt,
                            lb, ub);

  auto ifOp = scf::IfOp::create(b, loc, forOp.getResultTypes(), runs,
                                /*withElseRegion=*/true);
  // Without results the builder gave both blocks an empty scf.yield; each
  // block gets its own below.
  for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (!block->empty())
      block->getTerminator()->erase();
  // Then: the body once more, at the last induction value, on the
  // loop's results.
  b.setInsertionPointToStart(ifOp.thenBlock());
  IRMapping map;
  map.map(forOp.getInductionVar(), lastIv);
  map.map(forOp.getRegionIterArgs(), forOp.getResults());
  for (Operation &op : forOp.getBody()->without_terminator())
    b.clone(op, map);
  SmallVector<Value> yielded;
  for (Value v : forOp.getBody()->getTerminator()->getOperands())
    yielded.push_back(map.lookupOrDefault(v));
  scf::YieldOp::create(b, loc, yielded);
  // Else: the loop did not run; its results are its inits.
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, forOp.getResults());

  for (auto [old, peeled] : llvm::zip(forOp.getResults(), ifOp.getResults()))
    old.replaceUsesWithIf(peeled, [&](OpOperand &use) {
      return !ifOp->isAncestor(use.getOwner());
    });
  return ifOp;
}

namespace {
struct TestLoopPeelingPass
    : public PassWrapper<TestLoopPeelingPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLoopPeelingPass)

  StringRef getArgument() const final { return "triton-test-loop-peeling"; }
  StringRef getDescription() const final {
    return "peel the last iteration off every scf.for marked "
           "__test_peel_epilogue";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) {
      if (forOp->hasAttr("__test_peel_epilogue"))
        loops.push_back(forOp);
    });
    for (scf::ForOp forOp : loops) {
      forOp->removeAttr("__test_peel_epilogue");
      triton::peelLoopEpilogue(forOp);
    }
  }
};
} // namespace

void triton::registerTestLoopPeelingPass() {
  PassRegistration<TestLoopPeelingPass>();
}
