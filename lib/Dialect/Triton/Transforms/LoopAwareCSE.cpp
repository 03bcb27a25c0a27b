//===- LoopAwareCSE.cpp - triton-loop-aware-cse ---------------------------===//
//
// CSE that also recognises scf.for iteration arguments that always hold the
// same value: equal initial values, and yielded values that are equal
// assuming the arguments are. Plain CSE cannot see this, because the
// arguments are distinct block arguments.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPAWARECSE
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Decides, for one loop, which iteration arguments always hold the same
/// value. Pairs under examination are assumed equal, which is how the
/// recursion through the loop back edge ends (a coinductive proof).
class IterArgEquivalence {
public:
  explicit IterArgEquivalence(scf::ForOp loop) : loop(loop) {}

  bool areArgsEqual(unsigned i, unsigned j) {
    if (i == j)
      return true;
    if (loop.getInitArgs()[i] != loop.getInitArgs()[j])
      return false;
    if (llvm::is_contained(assumed, std::make_pair(i, j)))
      return true;
    assumed.emplace_back(i, j);
    bool equal =
        areValuesEqual(loop.getYieldedValues()[i], loop.getYieldedValues()[j]);
    assumed.pop_back();
    return equal;
  }

private:
  bool areValuesEqual(Value a, Value b) {
    if (a == b)
      return true;
    if (a.getType() != b.getType())
      return false;
    // Distinct values from outside the loop body are not known to be equal.
    Block *body = loop.getBody();
    if (a.getParentBlock() != body || b.getParentBlock() != body)
      return false;
    Value iv = loop.getInductionVar();
    if (a == iv || b == iv)
      return false;
    auto aArg = dyn_cast<BlockArgument>(a);
    auto bArg = dyn_cast<BlockArgument>(b);
    if (aArg || bArg) {
      if (!aArg || !bArg)
        return false;
      unsigned numIvs = loop.getNumInductionVars();
      return areArgsEqual(aArg.getArgNumber() - numIvs,
                          bArg.getArgNumber() - numIvs);
    }
    Operation *aDef = a.getDefiningOp();
    Operation *bDef = b.getDefiningOp();
    if (cast<OpResult>(a).getResultNumber() !=
            cast<OpResult>(b).getResultNumber() ||
        !isMemoryEffectFree(aDef) || !isMemoryEffectFree(bDef) ||
        aDef->getNumRegions() || bDef->getNumRegions())
      return false;
    return OperationEquivalence::isEquivalentTo(
        aDef, bDef,
        [&](Value x, Value y) { return success(areValuesEqual(x, y)); },
        /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
  }

  scf::ForOp loop;
  SmallVector<std::pair<unsigned, unsigned>> assumed;
};

/// Makes equal iteration arguments of `loop` one: every argument and result
/// of a class is replaced by those of its first member, and the others yield
/// themselves so that canonicalization drops them.
void mergeEqualIterArgs(scf::ForOp loop) {
  unsigned numArgs = loop.getNumRegionIterArgs();
  IterArgEquivalence equivalence(loop);
  llvm::EquivalenceClasses<unsigned> classes;
  for (unsigned i = 0; i < numArgs; ++i)
    for (unsigned j = i + 1; j < numArgs; ++j)
      if (equivalence.areArgsEqual(i, j))
        classes.unionSets(i, j);

  for (const auto *leader : classes) {
    if (!leader->isLeader())
      continue;
    SmallVector<unsigned> members(classes.member_begin(*leader),
                                  classes.member_end());
    llvm::sort(members);
    BlockArgument keptArg = loop.getRegionIterArg(members.front());
    Value keptResult = loop.getResult(members.front());
    for (unsigned index : llvm::drop_begin(members)) {
      BlockArgument arg = loop.getRegionIterArg(index);
      arg.replaceAllUsesWith(keptArg);
      (*loop.getYieldedValuesMutable())[index].set(arg);
      loop.getResult(index).replaceAllUsesWith(keptResult);
    }
  }
}

struct LoopAwareCSEPass
    : public triton::impl::TritonLoopAwareCSEBase<LoopAwareCSEPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    auto &dominance = getAnalysis<DominanceInfo>();
    // Equal values from outside the loops must be one SSA value first.
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    bool hasLoops = false;
    getOperation().walk([&](scf::ForOp loop) {
      mergeEqualIterArgs(loop);
      hasLoops = true;
    });
    // Without loops there is nothing more to find.
    if (!hasLoops)
      return;
    // Merged arguments make their computations in the body equal.
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    RewritePatternSet patterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
