//===- Dialect.cpp - the tt dialect ---------------------------------------===//
//
// Dialect registration, constant materialization and the inliner hooks that
// let `inline` fold tt.call into its caller.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/Inlining.h"

using namespace mlir;
using namespace mlir::triton;

#include "Dialect/Triton/IR/TritonDialect.cpp.inc"
#include "Dialect/Triton/IR/TritonEnums.cpp.inc"

namespace {
/// Everything in tt may be inlined, except into or from a function marked
/// `noinline = true`.
struct TritonInlinerInterface : public InlineEverywhereInterface {
  using InlineEverywhereInterface::InlineEverywhereInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    auto func = dyn_cast<FuncOp>(callable);
    if (!func)
      return true;
    auto noinline = func->getAttrOfType<BoolAttr>("noinline");
    return !noinline || !noinline.getValue();
  }

  /// A tt.return of a multi-block callee becomes a branch to the block that
  /// follows the call.
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest,
                         returnOp.getOperands());
    op->erase();
  }

  /// A tt.return of a single-block callee forwards its operands.
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto returnOp = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, returnOp.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
