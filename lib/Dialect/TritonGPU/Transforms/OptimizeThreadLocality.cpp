//===- OptimizeThreadLocality.cpp - tritongpu-optimize-thread-locality ----===//
//
// Layouts that keep reductions and gathers within threads or warps:
//
// - A reduction over the innermost dimension of loaded tensors that updates a
//   loop accumulator is split in two. Inside the loop each thread only
//   combines the elements it holds: the operand is reshaped (as a free
//   relabelling, efficient_layout) into a rank+1 tensor whose new last
//   dimension is those elements, reduced along it into a per-thread partial
//   accumulator carried by the loop. The cross-thread reduction then runs
//   once, after the loop, and the original accumulator is folded in.
// - A reordering reshape feeding reductions along one axis gets a blocked
//   layout that keeps that axis in each thread.
// - A gather without a layout of its own gets one where each gather column
//   lies within a warp, so that warp shuffles implement it.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

template <typename T>
SmallVector<T> insertAt(ArrayRef<T> values, unsigned index, T value) {
  SmallVector<T> result(values);
  result.insert(result.begin() + index, value);
  return result;
}

/// CGA bases of rank `rank` with a new dimension (not split over CTAs) at
/// `index`.
SmallVector<int32_t> insertCgaDim(ArrayRef<int32_t> bases, unsigned rank,
                                  unsigned index) {
  SmallVector<int32_t> result;
  for (size_t i = 0; rank && i + rank <= bases.size(); i += rank) {
    for (unsigned d = 0; d <= rank; ++d) {
      if (d == index)
        result.push_back(0);
      if (d < rank)
        result.push_back(bases[i + d]);
    }
  }
  return result;
}

/// The number of elements along `axis` each thread holds: 2^(number of
/// register bases moving along it).
int64_t getElemsPerThreadAlong(RankedTensorType type, unsigned axis) {
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  StringAttr kRegister = StringAttr::get(type.getContext(), "register");
  if (!layout || !layout->hasInDim(kRegister))
    return 1;
  int64_t count = 1;
  for (int32_t i = 0; i < layout->getInDimSizeLog2(kRegister); ++i)
    if (layout->getBasis(kRegister, i)[axis] != 0)
      count *= 2;
  return count;
}

/// The single op of a reduction's combine region, if it has exactly one.
Operation *getCombineOp(ReduceOp reduce) {
  Block &block = reduce.getCombineOp().front();
  if (!llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  return &block.front();
}

/// Clones `op` with `mapping`, giving its results the layout of its first
/// operand (inferred when the op knows how).
Operation *cloneWithInferType(OpBuilder &builder, Operation *op,
                              IRMapping &mapping) {
  Operation *newOp = builder.clone(*op, mapping);
  if (newOp->getNumResults() == 0 || newOp->getNumOperands() == 0)
    return newOp;
  if (auto infer = dyn_cast<InferTypeOpInterface>(newOp)) {
    SmallVector<Type> types;
    if (succeeded(infer.inferReturnTypes(
            newOp->getContext(), newOp->getLoc(), newOp->getOperands(),
            newOp->getAttrDictionary(), newOp->getPropertiesStorage(),
            newOp->getRegions(), types))) {
      for (auto [result, type] : llvm::zip(newOp->getResults(), types))
        result.setType(type);
      return newOp;
    }
  }
  auto operandType = dyn_cast<RankedTensorType>(newOp->getOperand(0).getType());
  auto resultType = dyn_cast<RankedTensorType>(newOp->getResult(0).getType());
  if (operandType && resultType)
    newOp->getResult(0).setType(
        resultType.clone(operandType.getShape(), resultType.getElementType())
            .cloneWithEncoding(operandType.getEncoding()));
  return newOp;
}

/// The neutral element of a combining op (max/min of floats included).
std::optional<TypedAttr> getNeutralElement(Operation *op) {
  Type type = op->getResult(0).getType();
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op)) {
    const llvm::fltSemantics &semantics =
        cast<FloatType>(type).getFloatSemantics();
    return TypedAttr(FloatAttr::get(
        type, APFloat::getInf(semantics, isa<arith::MaxNumFOp>(op))));
  }
  return arith::getNeutralElement(op);
}

/// Splits the reductions found by the pass.
class ThreadLocalReduction {
public:
  ThreadLocalReduction(ReduceOp reduce, IRRewriter &builder)
      : reduce(reduce), builder(builder) {}

  /// Whether `reduce` has the shape this rewrite handles.
  static bool isCandidate(ReduceOp reduce);
  void rewrite();

private:
  ReduceOp reduce;
  IRRewriter &builder;
};

bool ThreadLocalReduction::isCandidate(ReduceOp reduce) {
  auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  unsigned rank = srcType.getRank();
  Operation *combine = getCombineOp(reduce);
  if (!combine ||
      !isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MaxNumFOp,
           arith::MinimumFOp, arith::MinNumFOp>(combine))
    return false;
  if (!isa_and_nonnull<BlockedEncodingAttr>(srcType.getEncoding()) ||
      rank < 2 || reduce.getAxis() != rank - 1)
    return false;
  if (!llvm::all_of(reduce.getSrcs(), [](Value operand) {
        return operand.getDefiningOp<LoadOp>();
      }))
    return false;
  // With one element per thread along the axis there is nothing to gain.
  if (getElemsPerThreadAlong(srcType, reduce.getAxis()) == 1)
    return false;
  // The result must update a loop accumulator, initialized by a constant,
  // that only this update reads.
  if (!reduce->hasOneUse())
    return false;
  Operation *update = *reduce->getUsers().begin();
  if (update->getNumOperands() != 2 || !update->hasOneUse())
    return false;
  OpOperand &yielded = *update->getUses().begin();
  auto yield = dyn_cast<scf::YieldOp>(yielded.getOwner());
  auto forOp = yield ? dyn_cast<scf::ForOp>(yield->getParentOp()) : nullptr;
  if (!forOp || reduce->getBlock() != forOp.getBody())
    return false;
  unsigned index = yielded.getOperandNumber();
  BlockArgument accumulator = forOp.getRegionIterArg(index);
  if (!llvm::is_contained(update->getOperands(), Value(accumulator)) ||
      !accumulator.hasOneUse())
    return false;
  return forOp.getInitArgs()[index].getDefiningOp<arith::ConstantOp>();
}

void ThreadLocalReduction::rewrite() {
  MLIRContext *ctx = reduce.getContext();
  auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  auto blocked = cast<BlockedEncodingAttr>(srcType.getEncoding());
  unsigned rank = srcType.getRank();
  unsigned axis = reduce.getAxis();
  int64_t elemsPerThread = getElemsPerThreadAlong(srcType, axis);

  // The rank+1 view: each thread's elements along `axis` become the new last
  // dimension, held in registers.
  SmallVector<unsigned> sizePerThread = insertAt<unsigned>(
      blocked.getSizePerThread(), rank, blocked.getSizePerThread()[axis]);
  sizePerThread[axis] = 1;
  auto blocked3d = BlockedEncodingAttr::get(
      ctx, sizePerThread,
      insertAt<unsigned>(blocked.getThreadsPerWarp(), rank, 1),
      insertAt<unsigned>(blocked.getWarpsPerCTA(), rank, 1),
      insertAt<unsigned>(blocked.getOrder(), 0, rank),
      insertCgaDim(blocked.getCgaBases(), rank, rank));
  SmallVector<int64_t> viewShape =
      insertAt<int64_t>(srcType.getShape(), rank, elemsPerThread);
  viewShape[axis] /= elemsPerThread;
  auto viewType =
      RankedTensorType::get(viewShape, srcType.getElementType(), blocked3d);
  auto partialEncoding = SliceEncodingAttr::get(ctx, rank, blocked3d);

  Operation *update = *reduce->getUsers().begin();
  auto yield = cast<scf::YieldOp>(*update->getUsers().begin());
  auto forOp = cast<scf::ForOp>(yield->getParentOp());
  unsigned index = update->getUses().begin()->getOperandNumber();
  Value oldAccumulator = forOp.getInitArgs()[index];
  Value resultToReplace = forOp.getResult(index);

  // The per-thread partial accumulator starts at the neutral element.
  builder.setInsertionPointAfterValue(oldAccumulator);
  auto partialType = RankedTensorType::get(
      ArrayRef<int64_t>(viewShape).drop_back(),
      cast<RankedTensorType>(oldAccumulator.getType()).getElementType(),
      partialEncoding);
  std::optional<TypedAttr> neutral = getNeutralElement(getCombineOp(reduce));
  assert(neutral && "combining op without a neutral element");
  auto partialInit =
      arith::ConstantOp::create(builder, oldAccumulator.getLoc(), partialType,
                                DenseElementsAttr::get(partialType, *neutral));

  scf::ForOp newLoop = replaceForOpWithNewSignature(
      builder, forOp, ValueRange{partialInit.getResult()});
  BlockArgument partialArg = newLoop.getRegionIterArgs().back();

  // The reduction within each thread, in the loop.
  builder.setInsertionPointAfter(reduce);
  IRMapping viewMapping;
  for (Value operand : reduce.getSrcs()) {
    auto view = ReshapeOp::create(builder, reduce.getLoc(), viewType, operand,
                                  /*allow_reorder=*/true,
                                  /*efficient_layout=*/true);
    viewMapping.map(operand, view.getResult());
  }
  Operation *localReduce = cloneWithInferType(builder, reduce, viewMapping);
  localReduce->setAttr("axis", builder.getI32IntegerAttr(rank));
  SmallVector<Type> localTypes;
  if (succeeded(cast<InferTypeOpInterface>(localReduce)
                    .inferReturnTypes(ctx, localReduce->getLoc(),
                                      localReduce->getOperands(),
                                      localReduce->getAttrDictionary(),
                                      localReduce->getPropertiesStorage(),
                                      localReduce->getRegions(), localTypes)))
    for (auto [result, type] : llvm::zip(localReduce->getResults(), localTypes))
      result.setType(type);

  builder.setInsertionPointAfter(localReduce);
  IRMapping updateMapping;
  updateMapping.map(update->getOperand(0), partialArg);
  updateMapping.map(update->getOperand(1), localReduce->getResult(0));
  Operation *partialUpdate = cloneWithInferType(builder, update, updateMapping);

  // The old accumulator is passed through unchanged (and dies); the partial
  // one is yielded.
  auto oldYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  builder.setInsertionPoint(oldYield);
  SmallVector<Value> yielded(oldYield.getOperands());
  yielded[index] = newLoop.getRegionIterArgs()[index];
  yielded.push_back(partialUpdate->getResult(0));
  scf::YieldOp::create(builder, oldYield.getLoc(), yielded);
  oldYield.erase();

  // After the loop: the reduction across threads, back to the accumulator's
  // layout, combined with the initial value.
  builder.setInsertionPointAfter(newLoop);
  IRMapping finalMapping;
  finalMapping.map(reduce.getSrcs()[0], newLoop.getResults().back());
  Operation *finalReduce = cloneWithInferType(builder, reduce, finalMapping);
  auto converted = ConvertLayoutOp::create(builder, finalReduce->getLoc(),
                                           resultToReplace.getType(),
                                           finalReduce->getResult(0));
  IRMapping combineMapping;
  combineMapping.map(update->getOperand(0), oldAccumulator);
  combineMapping.map(update->getOperand(1), converted.getResult());
  Operation *combined = cloneWithInferType(builder, update, combineMapping);
  newLoop.getResult(index).replaceAllUsesWith(combined->getResult(0));
  forOp.erase();
}

/// Gives a reordering reshape whose users reduce along one axis a blocked
/// layout that keeps that axis within each thread.
struct OptimizeReshapeLayout : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (!reshape.getAllowReorder() || reshape.getEfficientLayout())
      return failure();
    std::optional<unsigned> axis;
    for (Operation *user : reshape->getUsers()) {
      auto reduce = dyn_cast<ReduceOp>(user);
      if (!reduce)
        continue;
      if (axis && *axis != reduce.getAxis())
        return failure();
      axis = reduce.getAxis();
    }
    if (!axis)
      return failure();
    RankedTensorType type = reshape.getType();
    if (auto blocked =
            dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding())) {
      SmallVector<unsigned> ctaSplit =
          getCTASplitNum(blocked.getCgaBases(), type.getRank());
      if (blocked.getThreadsPerWarp()[*axis] == 1 &&
          blocked.getWarpsPerCTA()[*axis] == 1 && ctaSplit[*axis] == 1)
        return failure();
    }
    // The reduced axis last in the order: no thread splits it.
    SmallVector<unsigned> order;
    for (unsigned dim : getOrderForMemory(type))
      if (dim != *axis)
        order.push_back(dim);
    order.push_back(*axis);
    std::optional<int> numWarps = maybeLookupNumWarps(reshape);
    if (!numWarps)
      return failure();
    auto encoding =
        getBlockedEncoding(reshape.getContext(), type.getShape(),
                           SmallVector<unsigned>(type.getRank(), 1), order,
                           *numWarps, lookupThreadsPerWarp(reshape),
                           getCgaBases(type.getEncoding(), type.getRank()));
    if (encoding == type.getEncoding())
      return failure();
    RankedTensorType newType = type.cloneWithEncoding(encoding);
    if (getTotalElemsPerThread(reshape.getSrc().getType()) !=
        getTotalElemsPerThread(newType))
      return failure();
    rewriter.setInsertionPointAfter(reshape);
    rewriter.modifyOpInPlace(reshape, [&] {
      reshape.getResult().setType(newType);
      reshape.setEfficientLayout(true);
    });
    auto convert = ConvertLayoutOp::create(rewriter, reshape.getLoc(), type,
                                           reshape.getResult());
    rewriter.replaceAllUsesExcept(reshape.getResult(), convert.getResult(),
                                  convert);
    return success();
  }
};

/// Gives a gather without a layout of its own a blocked layout in which each
/// column along the gather axis lies within one warp, with as few elements
/// per thread along the axis as possible.
struct OptimizeGatherLayout : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (gather.getEfficientLayout())
      return failure();
    RankedTensorType srcType = gather.getSrc().getType();
    RankedTensorType idxType = gather.getIndices().getType();
    auto srcBlocked =
        dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
    unsigned rank = srcType.getRank();
    unsigned axis = gather.getAxis();
    std::optional<int> numWarpsOpt = maybeLookupNumWarps(gather);
    if (!srcBlocked || rank == 1 || !numWarpsOpt)
      return failure();
    unsigned numThreads = lookupThreadsPerWarp(gather);
    unsigned numWarps = *numWarpsOpt;

    SmallVector<unsigned> threadsPerWarp(rank, 1), warpsPerCTA(rank, 1);
    // As many lanes as possible along the axis, the rest over the other
    // dimensions in the source order.
    unsigned lanesAlongAxis =
        std::min<int64_t>(srcType.getDimSize(axis), numThreads);
    threadsPerWarp[axis] = lanesAlongAxis;
    unsigned lanesLeft = numThreads / lanesAlongAxis;
    for (unsigned dim : srcBlocked.getOrder()) {
      if (dim == axis)
        continue;
      unsigned lanes = std::min<int64_t>(srcType.getDimSize(dim), lanesLeft);
      threadsPerWarp[dim] = lanes;
      lanesLeft /= lanes;
    }
    // One warp along the axis; the warps go over the other dimensions.
    unsigned warpsLeft = numWarps;
    for (unsigned dim : srcBlocked.getOrder()) {
      if (dim == axis)
        continue;
      unsigned fit = srcType.getDimSize(dim) / threadsPerWarp[dim];
      if (fit == 0)
        return failure();
      unsigned warps = std::min(fit, warpsLeft);
      warpsPerCTA[dim] = warps;
      warpsLeft /= warps;
    }
    // The axis first, then the dimensions with the most lanes (the lowest
    // first among equals), as upstream orders them.
    SmallVector<unsigned> order = {axis};
    for (unsigned dim = 0; dim < rank; ++dim)
      if (dim != axis)
        order.push_back(dim);
    std::stable_sort(order.begin() + 1, order.end(),
                     [&](unsigned a, unsigned b) {
                       return threadsPerWarp[a] > threadsPerWarp[b];
                     });
    SmallVector<unsigned> sizePerThread(rank, 1);
    sizePerThread[axis] =
        std::max(srcType.getDimSize(axis), idxType.getDimSize(axis)) /
        threadsPerWarp[axis];
    // What is left broadcasts along the axis.
    threadsPerWarp[axis] *= lanesLeft;
    warpsPerCTA[axis] *= warpsLeft;
    auto encoding = BlockedEncodingAttr::get(gather.getContext(), sizePerThread,
                                             threadsPerWarp, warpsPerCTA, order,
                                             srcBlocked.getCgaBases());

    // Indices are 32-bit in the lowering: narrow them before they move.
    Value indices = gather.getIndices();
    if (idxType.getElementTypeBitWidth() > 32) {
      idxType = idxType.clone(rewriter.getI32Type());
      indices =
          arith::TruncIOp::create(rewriter, gather.getLoc(), idxType, indices);
    }
    auto newSrc = ConvertLayoutOp::create(rewriter, gather.getLoc(),
                                          srcType.cloneWithEncoding(encoding),
                                          gather.getSrc());
    auto newIdx =
        ConvertLayoutOp::create(rewriter, gather.getLoc(),
                                idxType.cloneWithEncoding(encoding), indices);
    rewriter.setInsertionPointAfter(gather);
    auto convertBack = ConvertLayoutOp::create(
        rewriter, gather.getLoc(), gather.getType(), gather.getResult());
    rewriter.replaceAllUsesExcept(gather.getResult(), convertBack.getResult(),
                                  convertBack);
    rewriter.modifyOpInPlace(gather, [&] {
      gather.getSrcMutable().set(newSrc);
      gather.getIndicesMutable().set(newIdx);
      gather.getResult().setType(gather.getType().cloneWithEncoding(encoding));
      gather.setEfficientLayout(true);
    });
    return success();
  }
};

struct OptimizeThreadLocalityPass
    : public triton::gpu::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocalityPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<OptimizeReshapeLayout, OptimizeGatherLayout>(&getContext());
    if (failed(applyPatternsGreedily(mod, std::move(patterns))))
      return signalPassFailure();

    llvm::SetVector<ReduceOp> candidates;
    mod.walk([&](ReduceOp reduce) {
      if (ThreadLocalReduction::isCandidate(reduce))
        candidates.insert(reduce);
    });
    IRRewriter builder(&getContext());
    for (ReduceOp reduce : candidates)
      ThreadLocalReduction(reduce, builder).rewrite();
  }
};

} // namespace
