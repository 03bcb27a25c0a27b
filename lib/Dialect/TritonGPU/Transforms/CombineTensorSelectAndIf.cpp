//===- CombineTensorSelectAndIf.cpp - tritongpu-combine-tensor-select-and-if //
//
// An arith.select on the condition of an scf.if that follows it in the same
// block, whose users all come after the if or are in it, becomes a result of
// the if: the then branch yields the select's true value and the else branch
// its false value (and its uses in the branches take those values). The
// select then costs nothing at run time, and the values it picks from can be
// computed in the branches by later passes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOMBINETENSORSELECTANDIF
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Replaces `yield` by one with `values` appended.
void appendToYield(OpBuilder &builder, scf::YieldOp yield,
                   ArrayRef<Value> values) {
  SmallVector<Value> operands(yield.getOperands());
  operands.append(values.begin(), values.end());
  builder.setInsertionPoint(yield);
  scf::YieldOp::create(builder, yield.getLoc(), operands);
  yield.erase();
}

struct CombineTensorSelectAndIfPass
    : public triton::gpu::impl::TritonGPUCombineTensorSelectAndIfBase<
          CombineTensorSelectAndIfPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    DominanceInfo dom(mod);

    // Each select goes into the first if on its condition, in its block,
    // that it dominates and that dominates all its users.
    llvm::MapVector<Operation *, SmallVector<arith::SelectOp>> selectsOfIf;
    mod.walk([&](arith::SelectOp select) {
      for (Operation *user : select.getCondition().getUsers()) {
        auto ifOp = dyn_cast<scf::IfOp>(user);
        if (!ifOp || ifOp->getBlock() != select->getBlock() ||
            !dom.dominates(select.getOperation(), ifOp.getOperation()))
          continue;
        if (!llvm::all_of(select->getUsers(), [&](Operation *selectUser) {
              return dom.dominates(ifOp.getOperation(), selectUser);
            }))
          continue;
        selectsOfIf[ifOp].push_back(select);
        break;
      }
    });

    for (auto &[op, selects] : selectsOfIf) {
      auto ifOp = cast<scf::IfOp>(op);
      OpBuilder builder(ifOp);
      SmallVector<Type> resultTypes(ifOp.getResultTypes());
      SmallVector<Value> thenValues, elseValues;
      for (arith::SelectOp select : selects) {
        resultTypes.push_back(select.getType());
        thenValues.push_back(select.getTrueValue());
        elseValues.push_back(select.getFalseValue());
      }
      auto newIf = scf::IfOp::create(builder, ifOp.getLoc(), resultTypes,
                                     ifOp.getCondition(), /*withElse=*/true);
      newIf->setAttrs(ifOp->getAttrs());
      newIf.getThenRegion().takeBody(ifOp.getThenRegion());
      if (ifOp.elseBlock()) {
        newIf.getElseRegion().takeBody(ifOp.getElseRegion());
      } else {
        OpBuilder elseBuilder = newIf.getElseBodyBuilder();
        scf::YieldOp::create(elseBuilder, ifOp.getLoc());
      }
      appendToYield(builder, newIf.thenYield(), thenValues);
      appendToYield(builder, newIf.elseYield(), elseValues);

      for (OpResult result : ifOp.getResults())
        result.replaceAllUsesWith(newIf.getResult(result.getResultNumber()));
      // Inside the branches the select's value is known: its true value in
      // the then branch, its false value in the else branch.
      for (auto [i, select] : llvm::enumerate(selects)) {
        Value merged = newIf.getResult(ifOp.getNumResults() + i);
        select.getResult().replaceUsesWithIf(
            select.getTrueValue(), [&](OpOperand &use) {
              return newIf.getThenRegion().isAncestor(
                  use.getOwner()->getParentRegion());
            });
        select.getResult().replaceUsesWithIf(
            select.getFalseValue(), [&](OpOperand &use) {
              return newIf.getElseRegion().isAncestor(
                  use.getOwner()->getParentRegion());
            });
        select.replaceAllUsesWith(merged);
        select.erase();
      }
      ifOp.erase();
    }
  }
};

} // namespace
