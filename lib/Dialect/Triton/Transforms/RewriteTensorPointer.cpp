//===- RewriteTensorPointer.cpp - triton-rewrite-tensor-pointer -----------===//
//
// Lowers block pointers (tt.make_tensor_ptr / tt.advance) to tensors of
// pointers. A block pointer is a base, a shape, strides and offsets; only the
// offsets change as it advances, so the rewrite keeps the first three as the
// SSA values of the tt.make_tensor_ptr and carries the offsets (as i64)
// wherever the block pointer went: through scf.for, scf.while and scf.if as
// extra loop-carried values and results. Every load and store through a
// block pointer then becomes one through
//   splat(base) + sum_i broadcast((offset_i + range_i) * stride_i)
// masked by its boundaryCheck dimensions, with `other` from its padding.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// What a block pointer value stands for.
struct BlockPtr {
  Value base;
  SmallVector<Value> shape;   // i64
  SmallVector<Value> strides; // i64
  SmallVector<Value> offsets; // i64
  RankedTensorType blockType;

  /// Whether `other` has the same base, shape and strides, so that the two
  /// may meet in one loop-carried value or one if result.
  bool sameOrigin(const BlockPtr &other) const {
    return base == other.base && shape == other.shape &&
           strides == other.strides;
  }

  /// The same block pointer at other offsets.
  BlockPtr withOffsets(ValueRange newOffsets) const {
    BlockPtr result = *this;
    result.offsets.assign(newOffsets.begin(), newOffsets.end());
    return result;
  }
};

bool isBlockPtr(Value value) { return isTensorPointerType(value.getType()); }

/// The rank of a block pointer type.
unsigned blockRank(Type type) { return getShapeOrEmpty(type).size(); }

/// `types` with every block pointer type replaced by one i64 per dimension.
SmallVector<Type> expandTypes(TypeRange types, Builder &builder) {
  SmallVector<Type> result;
  for (Type type : types) {
    if (isTensorPointerType(type))
      result.append(blockRank(type), builder.getI64Type());
    else
      result.push_back(type);
  }
  return result;
}

class BlockPtrRewriter {
public:
  explicit BlockPtrRewriter(MLIRContext *context) : builder(context) {}

  LogicalResult run(Operation *root) {
    if (failed(visitRegions(root)))
      return failure();
    // Users were recorded after what they use, so erase in reverse.
    for (Operation *op : llvm::reverse(toErase))
      op->erase();
    return success();
  }

private:
  LogicalResult visitRegions(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        for (BlockArgument arg : block.getArguments())
          if (isBlockPtr(arg))
            return emitError(arg.getLoc())
                   << "cannot rewrite a block pointer argument of '"
                   << op->getName()
                   << "': pass the base, shape, strides and offsets instead";
        if (failed(visitOps(block, /*skipTerminator=*/false)))
          return failure();
      }
    return success();
  }

  LogicalResult visitOps(Block &block, bool skipTerminator) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (skipTerminator && op.hasTrait<OpTrait::IsTerminator>())
        continue;
      if (failed(visit(&op)))
        return failure();
    }
    return success();
  }

  LogicalResult visit(Operation *op) {
    if (auto make = dyn_cast<MakeTensorPtrOp>(op))
      return rewriteMakeTensorPtr(make);
    if (auto advance = dyn_cast<AdvanceOp>(op))
      return rewriteAdvance(advance);
    if (auto load = dyn_cast<LoadOp>(op); load && isBlockPtr(load.getPtr()))
      return rewriteLoad(load);
    if (auto store = dyn_cast<StoreOp>(op); store && isBlockPtr(store.getPtr()))
      return rewriteStore(store);
    if (auto forOp = dyn_cast<scf::ForOp>(op);
        forOp && llvm::any_of(forOp.getInitArgs(), isBlockPtr))
      return rewriteFor(forOp);
    if (auto ifOp = dyn_cast<scf::IfOp>(op);
        ifOp && llvm::any_of(ifOp.getResults(), isBlockPtr))
      return rewriteIf(ifOp);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op);
        whileOp && (llvm::any_of(whileOp.getInits(), isBlockPtr) ||
                    llvm::any_of(whileOp.getResults(), isBlockPtr)))
      return rewriteWhile(whileOp);
    for (Value operand : op->getOperands())
      if (isBlockPtr(operand))
        return op->emitOpError("cannot take a block pointer operand after "
                               "block pointers are rewritten");
    for (Value result : op->getResults())
      if (isBlockPtr(result))
        return op->emitOpError("cannot produce a block pointer that "
                               "triton-rewrite-tensor-pointer can trace");
    return visitRegions(op);
  }

  /// The rewritten form of `value`, or an error at `user`.
  FailureOr<BlockPtr> lookup(Value value, Operation *user) {
    auto it = blockPtrs.find(value);
    if (it == blockPtrs.end())
      return user->emitOpError("uses a block pointer that does not come from "
                               "a tt.make_tensor_ptr");
    return it->second;
  }

  LogicalResult rewriteMakeTensorPtr(MakeTensorPtrOp op) {
    builder.setInsertionPoint(op);
    BlockPtr info;
    info.base = op.getBase();
    info.shape.assign(op.getShape().begin(), op.getShape().end());
    info.strides.assign(op.getStrides().begin(), op.getStrides().end());
    for (Value offset : op.getOffsets())
      info.offsets.push_back(arith::ExtSIOp::create(
          builder, op.getLoc(), builder.getI64Type(), offset));
    info.blockType = cast<RankedTensorType>(
        cast<PointerType>(op.getType()).getPointeeType());
    if (info.blockType.getEncoding())
      return op.emitOpError("cannot rewrite a block pointer whose block has a "
                            "layout; run this pass before layouts are set");
    blockPtrs[op.getResult()] = std::move(info);
    toErase.push_back(op);
    return success();
  }

  LogicalResult rewriteAdvance(AdvanceOp op) {
    FailureOr<BlockPtr> info = lookup(op.getPtr(), op);
    if (failed(info))
      return failure();
    builder.setInsertionPoint(op);
    SmallVector<Value> offsets;
    for (auto [old, delta] : llvm::zip(info->offsets, op.getOffsets())) {
      Value wide = arith::ExtSIOp::create(builder, op.getLoc(),
                                          builder.getI64Type(), delta);
      offsets.push_back(arith::AddIOp::create(builder, op.getLoc(), old, wide));
    }
    blockPtrs[op.getResult()] = info->withOffsets(offsets);
    toErase.push_back(op);
    return success();
  }

  /// The pointers, mask and `other` of one access through a block pointer.
  class Access {
  public:
    Access(OpBuilder &builder, Location loc, const BlockPtr &info)
        : builder(builder), loc(loc), info(info) {}

    /// splat(base) + sum_i broadcast(offsetRange(i) * splat(stride_i)).
    Value pointers() {
      ArrayRef<int64_t> shape = info.blockType.getShape();
      auto ptrType = RankedTensorType::get(shape, info.base.getType());
      auto indexType = RankedTensorType::get(shape, builder.getI64Type());
      Value ptr = SplatOp::create(builder, loc, ptrType, info.base);
      for (unsigned i = 0; i < shape.size(); ++i) {
        Value range = offsetRange(i);
        Value stride =
            SplatOp::create(builder, loc, range.getType(), info.strides[i]);
        Value scaled = arith::MulIOp::create(builder, loc, range, stride);
        Value full = BroadcastOp::create(builder, loc, indexType, scaled);
        ptr = AddPtrOp::create(builder, loc, ptrType, ptr, full);
      }
      return ptr;
    }

    /// The and of 0 <= offsetRange(i) < shape_i over the checked dimensions,
    /// or null when none are.
    Value mask(ArrayRef<int32_t> boundaryCheck) {
      auto maskType =
          RankedTensorType::get(info.blockType.getShape(), builder.getI1Type());
      Value mask;
      for (int32_t dim : boundaryCheck) {
        Value range = offsetRange(dim);
        Value zero =
            arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
        Value lower = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::sge, range,
            SplatOp::create(builder, loc, range.getType(), zero));
        Value upper = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::slt, range,
            SplatOp::create(builder, loc, range.getType(), info.shape[dim]));
        Value inBounds = arith::AndIOp::create(builder, loc, lower, upper);
        Value full = BroadcastOp::create(builder, loc, maskType, inBounds);
        mask = mask ? arith::AndIOp::create(builder, loc, mask, full) : full;
      }
      return mask;
    }

    /// What a masked-off lane of a load reads, or null without padding.
    FailureOr<Value> other(std::optional<PaddingOption> padding,
                           Operation *op) {
      if (!padding)
        return Value();
      Type elementType = info.blockType.getElementType();
      TypedAttr value;
      if (*padding == PaddingOption::PAD_NAN) {
        auto floatType = dyn_cast<FloatType>(elementType);
        if (!floatType)
          return op->emitOpError("NaN padding needs floating-point "
                                 "elements, got ")
                 << elementType;
        value = builder.getFloatAttr(
            floatType, APFloat::getNaN(floatType.getFloatSemantics()));
      } else {
        value = builder.getZeroAttr(elementType);
      }
      Value scalar = arith::ConstantOp::create(builder, loc, value);
      return SplatOp::create(builder, loc, info.blockType, scalar).getResult();
    }

  private:
    /// offset_i + [0, size_i), as i64, expanded to rank dimensions with size
    /// 1 everywhere but `i`. Built once per dimension and access.
    Value offsetRange(unsigned i) {
      if (Value cached = ranges.lookup(i))
        return cached;
      int64_t size = info.blockType.getDimSize(i);
      auto i32Row = RankedTensorType::get({size}, builder.getI32Type());
      auto i64Row = RankedTensorType::get({size}, builder.getI64Type());
      Value offset = SplatOp::create(builder, loc, i64Row, info.offsets[i]);
      Value range = MakeRangeOp::create(builder, loc, i32Row, 0, size);
      Value wide = arith::ExtSIOp::create(builder, loc, i64Row, range);
      Value result = arith::AddIOp::create(builder, loc, offset, wide);
      for (unsigned j = 0; j < info.blockType.getRank(); ++j)
        if (j != i)
          result = ExpandDimsOp::create(builder, loc, result, j);
      ranges[i] = result;
      return result;
    }

    OpBuilder &builder;
    Location loc;
    const BlockPtr &info;
    DenseMap<unsigned, Value> ranges;
  };

  LogicalResult rewriteLoad(LoadOp op) {
    FailureOr<BlockPtr> info = lookup(op.getPtr(), op);
    if (failed(info))
      return failure();
    if (op.getMask() || op.getOther())
      return op.emitOpError("a load through a block pointer takes no mask or "
                            "other; use boundaryCheck and padding");
    builder.setInsertionPoint(op);
    Access access(builder, op.getLoc(), *info);
    Value ptr = access.pointers();
    Value mask = access.mask(op.getBoundaryCheck());
    FailureOr<Value> other = access.other(op.getPadding(), op);
    if (failed(other))
      return failure();
    auto load =
        LoadOp::create(builder, op.getLoc(), op.getType(), ptr, mask, *other,
                       /*boundaryCheck=*/builder.getDenseI32ArrayAttr({}),
                       /*padding=*/nullptr, op.getCacheAttr(),
                       op.getEvictAttr(), op.getIsVolatileAttr());
    op.getResult().replaceAllUsesWith(load.getResult());
    toErase.push_back(op);
    return success();
  }

  LogicalResult rewriteStore(StoreOp op) {
    FailureOr<BlockPtr> info = lookup(op.getPtr(), op);
    if (failed(info))
      return failure();
    if (op.getMask())
      return op.emitOpError("a store through a block pointer takes no mask; "
                            "use boundaryCheck");
    builder.setInsertionPoint(op);
    Access access(builder, op.getLoc(), *info);
    Value ptr = access.pointers();
    Value mask = access.mask(op.getBoundaryCheck());
    StoreOp::create(builder, op.getLoc(), ptr, op.getValue(), mask,
                    /*boundaryCheck=*/builder.getDenseI32ArrayAttr({}),
                    op.getCacheAttr(), op.getEvictAttr());
    toErase.push_back(op);
    return success();
  }

  /// `values` with every block pointer replaced by its offsets; the
  /// rewritten block pointers, in order, go to `infos` when given.
  FailureOr<SmallVector<Value>>
  expandValues(ValueRange values, Operation *user,
               SmallVectorImpl<BlockPtr> *infos = nullptr) {
    SmallVector<Value> result;
    for (Value value : values) {
      if (!isBlockPtr(value)) {
        result.push_back(value);
        continue;
      }
      FailureOr<BlockPtr> info = lookup(value, user);
      if (failed(info))
        return failure();
      llvm::append_range(result, info->offsets);
      if (infos)
        infos->push_back(*info);
    }
    return result;
  }

  /// Moves the operations of `from` to the end of `to`, whose arguments are
  /// those of `from` with block pointers expanded into offsets. Block pointer
  /// arguments of `from` stand, from now on, for `origins` (in order) at the
  /// offsets held by the new arguments; the others are replaced.
  void moveBlock(Block *from, Block *to, ArrayRef<BlockPtr> origins) {
    unsigned next = 0, origin = 0;
    for (BlockArgument arg : from->getArguments()) {
      if (!isBlockPtr(arg)) {
        arg.replaceAllUsesWith(to->getArgument(next++));
        continue;
      }
      unsigned rank = blockRank(arg.getType());
      blockPtrs[arg] =
          origins[origin++].withOffsets(to->getArguments().slice(next, rank));
      next += rank;
    }
    to->getOperations().splice(to->end(), from->getOperations());
  }

  /// Records the results of `op`, which replaces `old`: block pointers stand
  /// for `origins` at the offsets the new results hold; the others replace
  /// the old results.
  void mapResults(Operation *old, Operation *op, ArrayRef<BlockPtr> origins) {
    unsigned next = 0, origin = 0;
    for (OpResult result : old->getResults()) {
      if (!isBlockPtr(result)) {
        result.replaceAllUsesWith(op->getResult(next++));
        continue;
      }
      unsigned rank = blockRank(result.getType());
      blockPtrs[result] =
          origins[origin++].withOffsets(op->getResults().slice(next, rank));
      next += rank;
    }
  }

  /// Expands the block pointers among the operands of the terminator `term`
  /// into their offsets, checking that they come from `expected` when given
  /// (or reporting where they come from in `found`).
  LogicalResult rewriteTerminator(Operation *term, ArrayRef<BlockPtr> expected,
                                  SmallVectorImpl<BlockPtr> *found = nullptr) {
    SmallVector<BlockPtr> infos;
    FailureOr<SmallVector<Value>> operands =
        expandValues(term->getOperands(), term, &infos);
    if (failed(operands))
      return failure();
    for (auto [info, origin] : llvm::zip(infos, expected))
      if (!info.sameOrigin(origin))
        return term->emitOpError(
            "passes on a block pointer with another base, shape or strides "
            "than the one it replaces");
    if (found)
      found->assign(infos.begin(), infos.end());
    term->setOperands(*operands);
    return success();
  }

  LogicalResult rewriteFor(scf::ForOp op) {
    SmallVector<BlockPtr> origins;
    FailureOr<SmallVector<Value>> inits =
        expandValues(op.getInitArgs(), op, &origins);
    if (failed(inits))
      return failure();
    builder.setInsertionPoint(op);
    auto newFor = scf::ForOp::create(builder, op.getLoc(), op.getLowerBound(),
                                     op.getUpperBound(), op.getStep(), *inits);
    newFor->copyProperties(op->getPropertiesStorage());
    newFor->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    Block *body = newFor.getBody();
    if (!body->empty())
      body->getTerminator()->erase();
    moveBlock(op.getBody(), body, origins);
    toErase.push_back(op);
    if (failed(visitOps(*body, /*skipTerminator=*/true)) ||
        failed(rewriteTerminator(body->getTerminator(), origins)))
      return failure();
    mapResults(op, newFor, origins);
    return success();
  }

  LogicalResult rewriteIf(scf::IfOp op) {
    builder.setInsertionPoint(op);
    auto newIf = scf::IfOp::create(
        builder, op.getLoc(), expandTypes(op.getResultTypes(), builder),
        op.getCondition(), /*addThenBlock=*/false, /*addElseBlock=*/false);
    newIf->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    newIf.getThenRegion().takeBody(op.getThenRegion());
    newIf.getElseRegion().takeBody(op.getElseRegion());
    toErase.push_back(op);
    SmallVector<BlockPtr> thenOrigins, elseOrigins;
    if (!newIf.elseBlock())
      return op.emitOpError("has results but no else region");
    if (failed(visitOps(*newIf.thenBlock(), /*skipTerminator=*/true)) ||
        failed(rewriteTerminator(newIf.thenYield(), {}, &thenOrigins)) ||
        failed(visitOps(*newIf.elseBlock(), /*skipTerminator=*/true)) ||
        failed(rewriteTerminator(newIf.elseYield(), thenOrigins, &elseOrigins)))
      return failure();
    mapResults(op, newIf, thenOrigins);
    return success();
  }

  LogicalResult rewriteWhile(scf::WhileOp op) {
    SmallVector<BlockPtr> initOrigins;
    FailureOr<SmallVector<Value>> inits =
        expandValues(op.getInits(), op, &initOrigins);
    if (failed(inits))
      return failure();
    builder.setInsertionPoint(op);
    auto newWhile =
        scf::WhileOp::create(builder, op.getLoc(),
                             expandTypes(op.getResultTypes(), builder), *inits);
    newWhile->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    toErase.push_back(op);

    auto newBlock = [&](Region &region, Block *old) {
      SmallVector<Type> types = expandTypes(old->getArgumentTypes(), builder);
      SmallVector<Location> locs(types.size(), op.getLoc());
      return builder.createBlock(&region, {}, types, locs);
    };
    Block *before = newBlock(newWhile.getBefore(), op.getBeforeBody());
    moveBlock(op.getBeforeBody(), before, initOrigins);
    SmallVector<BlockPtr> condOrigins;
    if (failed(visitOps(*before, /*skipTerminator=*/true)) ||
        failed(rewriteTerminator(before->getTerminator(), {}, &condOrigins)))
      return failure();
    Block *after = newBlock(newWhile.getAfter(), op.getAfterBody());
    moveBlock(op.getAfterBody(), after, condOrigins);
    if (failed(visitOps(*after, /*skipTerminator=*/true)) ||
        failed(rewriteTerminator(after->getTerminator(), initOrigins)))
      return failure();
    mapResults(op, newWhile, condOrigins);
    return success();
  }

  OpBuilder builder;
  DenseMap<Value, BlockPtr> blockPtrs;
  SmallVector<Operation *> toErase;
};

struct RewriteTensorPointerPass
    : public triton::impl::TritonRewriteTensorPointerBase<
          RewriteTensorPointerPass> {
  void runOnOperation() override {
    BlockPtrRewriter rewriter(&getContext());
    if (failed(rewriter.run(getOperation())))
      signalPassFailure();
  }
};

} // namespace
