//===- ReorderBroadcast.cpp - triton-reorder-broadcast --------------------===//
//
// Moves splats and broadcasts below the elementwise ops that consume them, so
// that the elementwise work happens once per distinct value rather than once
// per element of the expanded tensor.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREORDERBROADCAST
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The splat value of a splat constant defined by `op`, or null.
Attribute getSplatConstant(Operation *op) {
  DenseElementsAttr attr;
  if (op && matchPattern(op, m_Constant(&attr)) && attr.isSplat())
    return attr.getSplatValue<Attribute>();
  return {};
}

/// Whether `value` is a tt.splat or a splat constant.
bool isSplatLike(Value value) {
  Operation *def = value.getDefiningOp();
  return def && (isa<SplatOp>(def) || getSplatConstant(def));
}

/// `op` rebuilt with new operands and result types, same name and attributes.
Operation *cloneWithTypes(PatternRewriter &rewriter, Operation *op,
                          ValueRange operands, TypeRange types) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

/// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...))
struct MoveSplatAfterElementwise
    : public OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumOperands() == 0 || !isMemoryEffectFree(op) ||
        !llvm::all_of(op->getOperands(), isSplatLike))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> scalars;
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (auto splat = dyn_cast<SplatOp>(def)) {
        scalars.push_back(splat.getSrc());
        continue;
      }
      Type elementType = getElementTypeOrSelf(operand.getType());
      scalars.push_back(arith::ConstantOp::materialize(
          rewriter, getSplatConstant(def), elementType, loc));
    }
    SmallVector<Type> scalarTypes;
    for (Type type : op->getResultTypes())
      scalarTypes.push_back(getElementTypeOrSelf(type));
    Operation *scalarOp = cloneWithTypes(rewriter, op, scalars, scalarTypes);
    SmallVector<Value> results;
    for (auto [type, scalar] :
         llvm::zip(op->getResultTypes(), scalarOp->getResults()))
      results.push_back(SplatOp::create(rewriter, loc, type, scalar));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// elementwise(broadcast(a), splat(b), ...) -> broadcast(elementwise(a,
/// splat(b), ...)), where every broadcast operand has the same source shape.
struct MoveBroadcastAfterElementwise
    : public OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMemoryEffectFree(op))
      return failure();
    BroadcastOp first;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<BroadcastOp>()) {
        if (!first)
          first = broadcast;
        else if (broadcast.getSrc().getType().getShape() !=
                 first.getSrc().getType().getShape())
          return failure();
        continue;
      }
      if (!isSplatLike(operand))
        return failure();
    }
    if (!first)
      return failure();

    Location loc = op->getLoc();
    RankedTensorType srcType = first.getSrc().getType();
    auto reshaped = [&](Type type) {
      return RankedTensorType::get(srcType.getShape(),
                                   getElementTypeOrSelf(type),
                                   srcType.getEncoding());
    };
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
        operands.push_back(broadcast.getSrc());
        continue;
      }
      RankedTensorType type = reshaped(operand.getType());
      if (auto splat = dyn_cast<SplatOp>(def)) {
        operands.push_back(
            SplatOp::create(rewriter, loc, type, splat.getSrc()));
        continue;
      }
      operands.push_back(arith::ConstantOp::create(
          rewriter, loc, type,
          SplatElementsAttr::get(type, getSplatConstant(def))));
    }
    SmallVector<Type> types;
    for (Type type : op->getResultTypes())
      types.push_back(reshaped(type));
    Operation *narrowOp = cloneWithTypes(rewriter, op, operands, types);
    SmallVector<Value> results;
    for (auto [type, narrow] :
         llvm::zip(op->getResultTypes(), narrowOp->getResults()))
      results.push_back(BroadcastOp::create(rewriter, loc, type, narrow));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ReorderBroadcastPass
    : public triton::impl::TritonReorderBroadcastBase<ReorderBroadcastPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    BroadcastOp::getCanonicalizationPatterns(patterns, context);
    ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
    patterns.add<MoveBroadcastAfterElementwise, MoveSplatAfterElementwise>(
        context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
