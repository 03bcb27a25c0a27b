//===- Combine.cpp - triton-combine ---------------------------------------===//
//
// Peephole rewrites that make_ttir applies after canonicalization: fold an
// addition into the accumulator of the dot it adds to, merge chains of
// addptr, fold a select around a masked load into the load's `other`, turn a
// broadcast-multiply-sum into a dot, and relax reshapes whose element order
// nobody observes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <optional>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONCOMBINEOPS
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

bool isZero(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// add(dot(a, b, 0), d) or add(d, dot(a, b, 0)) -> dot(a, b, d). The dot is
/// updated in place and moved to the addition, so that `d` dominates it.
template <typename AddOp>
struct CombineDotAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    Value other = add.getLhs();
    auto dot = add.getRhs().template getDefiningOp<DotOp>();
    if (!dot) {
      other = add.getRhs();
      dot = add.getLhs().template getDefiningOp<DotOp>();
    }
    if (!dot || !dot->hasOneUse() || !isZero(dot.getC()))
      return failure();
    // With limited imprecise accumulation (fp8 on Hopper) the dot rounds its
    // accumulator differently than a separate addition would.
    if (std::is_same_v<AddOp, arith::AddFOp> &&
        dot.getMaxNumImpreciseAcc() != 0)
      return failure();
    rewriter.modifyOpInPlace(dot, [&] {
      dot.getCMutable().assign(other);
      dot->moveBefore(add);
    });
    rewriter.replaceOp(add, dot.getResult());
    return success();
  }
};

/// The value of an integer constant, a splat integer constant, or a splat of
/// an integer constant.
std::optional<APInt> getSplatIntConstant(Value value) {
  if (auto splat = value.getDefiningOp<SplatOp>())
    value = splat.getSrc();
  APInt result;
  if (matchPattern(value, m_ConstantInt(&result)))
    return result;
  return std::nullopt;
}

/// Whether addptr(addptr(p, a), b) may become addptr(p, a + b): the offsets
/// must have one type, and a + b must not wrap where a and b separately do
/// not (64-bit offsets cover the whole address space).
bool isAddPtrOffsetCombinable(Value first, Value second) {
  if (first.getType() != second.getType())
    return false;
  if (getElementTypeOrSelf(first.getType()).getIntOrFloatBitWidth() == 64)
    return true;
  std::optional<APInt> a = getSplatIntConstant(first);
  std::optional<APInt> b = getSplatIntConstant(second);
  if (!a || !b)
    return false;
  bool overflow = false;
  (void)a->sadd_ov(*b, overflow);
  return !overflow;
}

/// The attributes that carry axis information, which the merged addptr
/// keeps from the outer one.
constexpr StringLiteral kAxisInfoAttrs[] = {"tt.divisibility", "tt.contiguity",
                                            "tt.constancy", "tt.pointee_type"};

/// addptr(addptr(p, a), b) -> addptr(p, a + b). The new ops take the
/// locations of both addptrs, fused (outer first), as upstream's declarative
/// pattern gives them.
struct CombineAddPtr : public OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || !isAddPtrOffsetCombinable(inner.getOffset(), op.getOffset()))
      return failure();
    Location loc = rewriter.getFusedLoc({op.getLoc(), inner.getLoc()});
    Value sum =
        arith::AddIOp::create(rewriter, loc, inner.getOffset(), op.getOffset());
    auto merged =
        AddPtrOp::create(rewriter, loc, op.getType(), inner.getPtr(), sum);
    for (StringRef name : kAxisInfoAttrs)
      if (Attribute attr = op->getDiscardableAttr(name))
        merged->setDiscardableAttr(name, attr);
    rewriter.replaceOp(op, merged.getResult());
    return success();
  }
};

/// select(c, load(p, splat(c), o'), o) -> load(p, splat(c), o): the lanes
/// the select replaces are exactly those the load masks off.
struct CombineSelectMaskedLoad : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<LoadOp>();
    if (!load || !load.getMask())
      return failure();
    auto splat = load.getMask().getDefiningOp<SplatOp>();
    if (!splat || splat.getSrc() != select.getCondition())
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(
        select, load.getType(), load.getPtr(), load.getMask(),
        select.getFalseValue(), load.getBoundaryCheckAttr(),
        load.getPaddingAttr(), load.getCacheAttr(), load.getEvictAttr(),
        load.getIsVolatileAttr());
    return success();
  }
};

/// Whether `op` broadcasts exactly the dimension `axis`.
bool broadcastsOnlyAxis(BroadcastOp op, unsigned axis) {
  ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
  ArrayRef<int64_t> dstShape = op.getType().getShape();
  for (unsigned i = 0; i < srcShape.size(); ++i)
    if ((srcShape[i] != dstShape[i]) != (i == axis))
      return false;
  return true;
}

/// Whether the combine region of `reduce` is a float addition of at most 32
/// bits of its two arguments.
bool isFloatAddReduction(ReduceOp reduce) {
  Block &body = reduce.getCombineOp().front();
  if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
    return false;
  auto add = dyn_cast<arith::AddFOp>(body.front());
  if (!add || add.getType().getIntOrFloatBitWidth() > 32)
    return false;
  auto args = body.getArguments();
  bool usesArgs = (add.getLhs() == args[0] && add.getRhs() == args[1]) ||
                  (add.getLhs() == args[1] && add.getRhs() == args[0]);
  auto ret = dyn_cast<ReduceReturnOp>(body.back());
  return usesArgs && ret && ret->getNumOperands() == 1 &&
         ret->getOperand(0) == add.getResult();
}

/// sum(broadcast(expand_dims(x, 2)) * broadcast(expand_dims(y, 0)), axis=1)
///   -> dot(x, y, 0)
/// for x of shape MxK and y of shape KxN, with M and N at least 16, in TF32
/// precision as upstream Triton 3.6 builds it. Unlike upstream, the rewrite
/// also checks the reduction axis, that the broadcasts stretch only the
/// expanded dimension, and builds the zero accumulator in the element type,
/// where upstream would miscompile or produce invalid IR.
struct CombineBroadcastMulReduce : public OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getNumOperands() != 1 || reduce.getAxis() != 1)
      return failure();
    auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    // The new operands are built without layouts: a tt-level rewrite.
    if (srcType.getRank() != 3 || srcType.getEncoding() ||
        !isFloatAddReduction(reduce))
      return failure();
    auto mul = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
    if (!mul)
      return failure();
    auto lhsBroadcast = mul.getLhs().getDefiningOp<BroadcastOp>();
    auto rhsBroadcast = mul.getRhs().getDefiningOp<BroadcastOp>();
    if (!lhsBroadcast || !rhsBroadcast ||
        !broadcastsOnlyAxis(lhsBroadcast, 2) ||
        !broadcastsOnlyAxis(rhsBroadcast, 0))
      return failure();
    auto lhsExpand = lhsBroadcast.getSrc().getDefiningOp<ExpandDimsOp>();
    auto rhsExpand = rhsBroadcast.getSrc().getDefiningOp<ExpandDimsOp>();
    if (!lhsExpand || !rhsExpand || lhsExpand.getAxis() != 2 ||
        rhsExpand.getAxis() != 0)
      return failure();
    ArrayRef<int64_t> shape = srcType.getShape();
    if (shape[2] < 16 || shape[0] < 16)
      return failure();
    Location loc = reduce.getLoc();
    Type elementType = srcType.getElementType();
    auto accType = RankedTensorType::get({shape[0], shape[2]}, elementType);
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getFloatAttr(elementType, 0.0));
    Value acc = SplatOp::create(rewriter, loc, accType, zero);
    rewriter.replaceOpWithNewOp<DotOp>(reduce, accType, lhsExpand.getSrc(),
                                       rhsExpand.getSrc(), acc,
                                       InputPrecision::TF32,
                                       /*maxNumImpreciseAcc=*/0);
    return success();
  }
};

/// A 1-D reshape whose only users are reductions and histograms may reorder
/// elements: neither observes the order.
struct RelaxReshapeBeforeReduce : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (reshape.getAllowReorder() || reshape.getType().getRank() != 1)
      return failure();
    if (!llvm::all_of(reshape->getUsers(), [](Operation *user) {
          return isa<ReduceOp, HistogramOp>(user);
        }))
      return failure();
    rewriter.modifyOpInPlace(reshape, [&] { reshape.setAllowReorder(true); });
    return success();
  }
};

/// reshape(descriptor_load) that only drops leading unit dimensions becomes a
/// descriptor_load of the reshaped type (a rank-reduced TMA load).
struct RankReduceDescriptorLoad : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto load = reshape.getSrc().getDefiningOp<DescriptorLoadOp>();
    if (!load || !load->hasOneUse())
      return failure();
    auto loadType = cast<RankedTensorType>(load.getType());
    ArrayRef<int64_t> loadShape = loadType.getShape();
    ArrayRef<int64_t> reshapeShape = reshape.getType().getShape();
    if (reshapeShape.size() >= loadShape.size())
      return failure();
    size_t dropped = loadShape.size() - reshapeShape.size();
    if (!llvm::all_of(loadShape.take_front(dropped),
                      [](int64_t dim) { return dim == 1; }) ||
        loadShape.drop_front(dropped) != reshapeShape)
      return failure();
    rewriter.modifyOpInPlace(
        load, [&] { load.getResult().setType(reshape.getType()); });
    rewriter.replaceOp(reshape, load.getResult());
    return success();
  }
};

struct CombineOpsPass
    : public triton::impl::TritonCombineOpsBase<CombineOpsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns
        .add<CombineDotAdd<arith::AddIOp>, CombineDotAdd<arith::AddFOp>,
             CombineSelectMaskedLoad, CombineAddPtr, CombineBroadcastMulReduce,
             RelaxReshapeBeforeReduce, RankReduceDescriptorLoad>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
