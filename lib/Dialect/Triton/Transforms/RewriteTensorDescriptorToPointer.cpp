//===- RewriteTensorDescriptorToPointer.cpp ------------------------------===//
//
// triton-rewrite-tensor-descriptor-to-pointer: for targets without TMA, a
// tensor descriptor becomes its parts through a 1:N dialect conversion: the
// base pointer, the shape and the strides (i64, one per dimension) and an i1
// that is true for NaN padding. The conversion carries the parts through
// function signatures (so the kernel takes them as arguments, as upstream
// Triton's launcher passes them), calls, scf control flow and selects; the
// descriptor accesses become masked accesses through tensors of pointers.
// The ops are built in upstream Triton 3.6's order, so that the printed IR
// matches upstream's after canonicalization and CSE.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

bool hasDescriptorType(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<TensorDescType>(t); });
}

/// The block type of a descriptor with signless integer elements: pointers
/// and memory accesses do not carry signedness.
RankedTensorType getSignlessBlockType(TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  auto intType = dyn_cast<IntegerType>(block.getElementType());
  if (!intType || intType.isSignless())
    return block;
  return block.clone(IntegerType::get(type.getContext(), intType.getWidth()));
}

/// The parts of a converted descriptor.
struct Descriptor {
  Value base;
  ValueRange shape;   // i64
  ValueRange strides; // i64
  Value paddingIsNan; // i1
};

Descriptor unpack(TensorDescType type, ValueRange parts) {
  unsigned rank = type.getBlockType().getRank();
  assert(parts.size() == 2 + 2 * rank &&
         "a descriptor has a base, rank sizes and strides, and a padding");
  return {parts[0], parts.slice(1, rank), parts.slice(1 + rank, rank),
          parts[1 + 2 * rank]};
}

/// `values` sign-extended to i64, each at its own location.
SmallVector<Value> castToI64(OpBuilder &builder, ValueRange values) {
  return llvm::map_to_vector(values, [&](Value value) {
    return builder.createOrFold<arith::ExtSIOp>(value.getLoc(),
                                                builder.getI64Type(), value);
  });
}

/// `row` (1-D) expanded with unit dimensions everywhere but `dim` of a block
/// of `rank` dimensions.
Value expandAlong(OpBuilder &builder, Location loc, Value row, unsigned dim,
                  unsigned rank) {
  for (unsigned j = 0; j < rank; ++j)
    if (j != dim)
      row = ExpandDimsOp::create(builder, loc, row, j);
  return row;
}

/// offset + [0, size) as i64, expanded along `dim` of a block of `rank`.
Value offsetRange(OpBuilder &builder, Location loc, Value offset, int64_t size,
                  unsigned dim, unsigned rank) {
  auto i32Row = RankedTensorType::get({size}, builder.getI32Type());
  auto i64Row = RankedTensorType::get({size}, builder.getI64Type());
  Value splat = SplatOp::create(builder, loc, i64Row, offset);
  Value range = MakeRangeOp::create(builder, loc, i32Row, 0, size);
  Value wide = arith::ExtSIOp::create(builder, loc, i64Row, range);
  Value sum = arith::AddIOp::create(builder, loc, splat, wide);
  return expandAlong(builder, loc, sum, dim, rank);
}

/// The index ranges of the block at `offsets` (i64), one per dimension.
SmallVector<Value> offsetRanges(OpBuilder &builder, Location loc,
                                ArrayRef<int64_t> shape, ValueRange offsets) {
  SmallVector<Value> ranges;
  for (auto [dim, offset] : llvm::enumerate(offsets))
    ranges.push_back(
        offsetRange(builder, loc, offset, shape[dim], dim, shape.size()));
  return ranges;
}

/// splat(base) + sum_i broadcast(ranges[i] * stride_i).
Value pointersFromRanges(OpBuilder &builder, Location loc,
                         ArrayRef<int64_t> shape, const Descriptor &desc,
                         ArrayRef<Value> ranges) {
  auto ptrType = RankedTensorType::get(shape, desc.base.getType());
  auto indexType = RankedTensorType::get(shape, builder.getI64Type());
  Value ptr = SplatOp::create(builder, loc, ptrType, desc.base);
  for (auto [range, stride] : llvm::zip(ranges, desc.strides)) {
    Value splat = SplatOp::create(builder, loc, range.getType(), stride);
    Value scaled = arith::MulIOp::create(builder, loc, range, splat);
    Value full = BroadcastOp::create(builder, loc, indexType, scaled);
    ptr = AddPtrOp::create(builder, loc, ptrType, ptr, full);
  }
  return ptr;
}

/// The and over the dimensions of 0 <= ranges[i] < shape_i.
Value maskFromRanges(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                     const Descriptor &desc, ArrayRef<Value> ranges) {
  auto maskType = RankedTensorType::get(shape, builder.getI1Type());
  Value mask;
  for (auto [range, size] : llvm::zip(ranges, desc.shape)) {
    Value zero =
        arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
    Value lower = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sge, range,
        SplatOp::create(builder, loc, range.getType(), zero));
    Value upper = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, range,
        SplatOp::create(builder, loc, range.getType(), size));
    Value inBounds = arith::AndIOp::create(builder, loc, lower, upper);
    Value full = BroadcastOp::create(builder, loc, maskType, inBounds);
    mask = mask ? arith::AndIOp::create(builder, loc, mask, full) : full;
  }
  return mask;
}

/// Pointers and mask of the block at `offsets` (i64); the index ranges are
/// built once for the pointers and again for the mask.
std::pair<Value, Value> blockPointersAndMask(OpBuilder &builder, Location loc,
                                             ArrayRef<int64_t> shape,
                                             const Descriptor &desc,
                                             ValueRange offsets) {
  Value ptr = pointersFromRanges(builder, loc, shape, desc,
                                 offsetRanges(builder, loc, shape, offsets));
  Value mask = maskFromRanges(builder, loc, shape, desc,
                              offsetRanges(builder, loc, shape, offsets));
  return {ptr, mask};
}

/// Pointers and mask of the rows `rows` (i32) from column `column` on of a
/// 2-D descriptor, for a block of `shape`.
std::pair<Value, Value> rowPointersAndMask(OpBuilder &builder, Location loc,
                                           ArrayRef<int64_t> shape,
                                           const Descriptor &desc, Value rows,
                                           Value column) {
  Value rowRange = expandAlong(builder, loc, rows, 0, 2);
  Value columnOffset = castToI64(builder, column).front();
  auto rowType = cast<RankedTensorType>(rowRange.getType());
  rowRange = arith::ExtSIOp::create(
      builder, loc, rowType.clone(builder.getI64Type()), rowRange);
  Value columnRange = offsetRange(builder, loc, columnOffset, shape[1], 1, 2);
  Value ptr =
      pointersFromRanges(builder, loc, shape, desc, {rowRange, columnRange});
  Value mask =
      maskFromRanges(builder, loc, shape, desc, {rowRange, columnRange});
  return {ptr, mask};
}

/// What out-of-bounds lanes of a load read: NaN where the descriptor's
/// padding says so, zero otherwise (integers have no NaN).
Value padding(OpBuilder &builder, Location loc, RankedTensorType type,
              const Descriptor &desc) {
  Type elementType = type.getElementType();
  auto zero = [&] {
    return arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(type, builder.getZeroAttr(elementType)));
  };
  auto floatType = dyn_cast<FloatType>(elementType);
  if (!floatType)
    return zero();
  Value nan = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(type,
                             APFloat::getNaN(floatType.getFloatSemantics())));
  return arith::SelectOp::create(builder, loc, desc.paddingIsNan, nan, zero());
}

/// `value` reshaped to `type` when its shape differs (rank-reduced
/// descriptor accesses drop leading unit dimensions).
Value reshapeTo(OpBuilder &builder, Location loc, Value value,
                RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return ReshapeOp::create(builder, loc, type, value, /*allow_reorder=*/false,
                           /*efficient_layout=*/false);
}

struct RewriteMakeTensorDesc : public OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase()};
    llvm::append_range(parts, castToI64(rewriter, adaptor.getShape()));
    llvm::append_range(parts, adaptor.getStrides());
    parts.push_back(arith::ConstantIntOp::create(
        rewriter, op.getLoc(), rewriter.getI1Type(),
        op.getPadding() == PaddingOption::PAD_NAN));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct RewriteDescriptorLoad : public OpConversionPattern<DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    RankedTensorType blockType = getSignlessBlockType(type);
    Descriptor desc = unpack(type, adaptor.getDesc());
    SmallVector<Value> offsets = castToI64(rewriter, op.getIndices());
    Value other = padding(rewriter, loc, blockType, desc);
    auto [ptr, mask] = blockPointersAndMask(rewriter, loc, blockType.getShape(),
                                            desc, offsets);
    auto load = LoadOp::create(
        rewriter, loc, blockType, ptr, mask, other,
        /*boundaryCheck=*/rewriter.getDenseI32ArrayAttr({}),
        /*padding=*/nullptr, op.getCacheAttr(), op.getEvictAttr(),
        /*isVolatile=*/rewriter.getBoolAttr(false));
    load->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, load.getResult(),
                                     cast<RankedTensorType>(op.getType())));
    return success();
  }
};

struct RewriteDescriptorStore : public OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    RankedTensorType blockType = getSignlessBlockType(type);
    Descriptor desc = unpack(type, adaptor.getDesc());
    SmallVector<Value> offsets = castToI64(rewriter, op.getIndices());
    auto [ptr, mask] = blockPointersAndMask(rewriter, loc, blockType.getShape(),
                                            desc, offsets);
    Value value = reshapeTo(rewriter, loc, op.getSrc(), blockType);
    auto store =
        StoreOp::create(rewriter, loc, ptr, value, mask,
                        /*boundaryCheck=*/rewriter.getDenseI32ArrayAttr({}),
                        CacheModifier::NONE, EvictionPolicy::NORMAL);
    store->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The atomic that performs a descriptor reduction on elements of
/// `elementType`, as upstream picks it: min and max need integers of known
/// signedness.
std::optional<RMWOp> getAtomicKind(DescriptorReduceKind kind,
                                   Type elementType) {
  bool isInt = isa<IntegerType>(elementType);
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isInt ? RMWOp::ADD : RMWOp::FADD;
  case DescriptorReduceKind::MIN:
    if (elementType.isUnsignedInteger())
      return RMWOp::UMIN;
    if (elementType.isSignedInteger())
      return RMWOp::MIN;
    return std::nullopt;
  case DescriptorReduceKind::MAX:
    if (elementType.isUnsignedInteger())
      return RMWOp::UMAX;
    if (elementType.isSignedInteger())
      return RMWOp::MAX;
    return std::nullopt;
  case DescriptorReduceKind::AND:
    return isInt ? std::optional(RMWOp::AND) : std::nullopt;
  case DescriptorReduceKind::OR:
    return isInt ? std::optional(RMWOp::OR) : std::nullopt;
  case DescriptorReduceKind::XOR:
    return isInt ? std::optional(RMWOp::XOR) : std::nullopt;
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
    return std::nullopt;
  }
  return std::nullopt;
}

struct RewriteDescriptorReduce
    : public OpConversionPattern<DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    // Checked before the conversion started.
    RMWOp kind =
        *getAtomicKind(op.getKind(), type.getBlockType().getElementType());
    RankedTensorType blockType = getSignlessBlockType(type);
    Descriptor desc = unpack(type, adaptor.getDesc());
    SmallVector<Value> offsets = castToI64(rewriter, op.getIndices());
    auto [ptr, mask] = blockPointersAndMask(rewriter, loc, blockType.getShape(),
                                            desc, offsets);
    Value value = reshapeTo(rewriter, loc, op.getSrc(), blockType);
    AtomicRMWOp::create(rewriter, loc, blockType, kind, ptr, value, mask,
                        MemSemantic::RELEASE, MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RewriteDescriptorGather
    : public OpConversionPattern<DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Descriptor desc = unpack(op.getDesc().getType(), adaptor.getDesc());
    auto [ptr, mask] =
        rowPointersAndMask(rewriter, loc, resultType.getShape(), desc,
                           op.getXOffsets(), op.getYOffset());
    Value other = padding(rewriter, loc, resultType, desc);
    auto load = rewriter.replaceOpWithNewOp<LoadOp>(
        op, resultType, ptr, mask, other,
        /*boundaryCheck=*/rewriter.getDenseI32ArrayAttr({}),
        /*padding=*/nullptr, CacheModifier::NONE, EvictionPolicy::NORMAL,
        /*isVolatile=*/false);
    load->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return success();
  }
};

struct RewriteDescriptorScatter
    : public OpConversionPattern<DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Descriptor desc = unpack(op.getDesc().getType(), adaptor.getDesc());
    auto [ptr, mask] =
        rowPointersAndMask(rewriter, loc, op.getSrc().getType().getShape(),
                           desc, op.getXOffsets(), op.getYOffset());
    auto store = rewriter.replaceOpWithNewOp<StoreOp>(
        op, ptr, op.getSrc(), mask,
        /*boundaryCheck=*/rewriter.getDenseI32ArrayAttr({}),
        CacheModifier::NONE, EvictionPolicy::NORMAL);
    store->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return success();
  }
};

/// Flattens the operands of an op whose descriptor operands became several
/// values.
SmallVector<Value> flatten(ArrayRef<ValueRange> operands) {
  SmallVector<Value> result;
  for (ValueRange range : operands)
    llvm::append_range(result, range);
  return result;
}

struct RewriteCall : public OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> counts;
    for (Type type : op.getResultTypes()) {
      size_t before = resultTypes.size();
      if (failed(getTypeConverter()->convertType(type, resultTypes)))
        return failure();
      counts.push_back(resultTypes.size() - before);
    }
    auto call = CallOp::create(rewriter, op.getLoc(), op.getCalleeAttr(),
                               resultTypes, flatten(adaptor.getOperands()));
    call->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    SmallVector<SmallVector<Value>> results;
    unsigned next = 0;
    for (unsigned count : counts) {
      results.emplace_back(call->getResults().slice(next, count));
      next += count;
    }
    rewriter.replaceOpWithMultiple(op, results);
    return success();
  }
};

struct RewriteReturn : public OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReturnOp>(op, flatten(adaptor.getOperands()));
    return success();
  }
};

/// select(c, d0, d1) on descriptors becomes an scf.if that yields the parts
/// of one or the other, as upstream rewrites it.
struct RewriteSelect : public OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange cond = adaptor.getCondition();
    ValueRange lhs = adaptor.getTrueValue();
    ValueRange rhs = adaptor.getFalseValue();
    if (cond.size() != 1 || lhs.size() != rhs.size())
      return failure();
    Location loc = op.getLoc();
    auto ifOp = scf::IfOp::create(rewriter, loc, lhs.getTypes(), cond.front(),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(rewriter, loc, lhs);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(rewriter, loc, rhs);
    rewriter.replaceOpWithMultiple(op, {ifOp.getResults()});
    return success();
  }
};

struct RewriteTensorDescriptorToPointerPass
    : public triton::impl::TritonRewriteTensorDescriptorToPointerBase<
          RewriteTensorDescriptorToPointerPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ModuleOp module = getOperation();
    WalkResult unsupported = module.walk([](DescriptorReduceOp op) {
      Type elementType = op.getDesc().getType().getBlockType().getElementType();
      if (getAtomicKind(op.getKind(), elementType))
        return WalkResult::advance();
      op.emitOpError("has no atomic to fall back on for '")
          << stringifyDescriptorReduceKind(op.getKind()) << "' on "
          << elementType;
      return WalkResult::interrupt();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    // The rewrite builds tt ops whose types it infers: tensors without
    // layouts, as make_ttir has them (the pass runs before
    // convert-triton-to-tritongpu).
    WalkResult withLayouts = module.walk([](Operation *op) {
      if (!isa<DescriptorLoadOp, DescriptorStoreOp, DescriptorReduceOp,
               DescriptorGatherOp, DescriptorScatterOp, MakeTensorDescOp>(op))
        return WalkResult::advance();
      if (anyTensorHasLayout(op->getOperandTypes()) ||
          anyTensorHasLayout(op->getResultTypes())) {
        op->emitOpError("has tensors with layouts; "
                        "triton-rewrite-tensor-descriptor-to-pointer rewrites "
                        "tt IR before convert-triton-to-tritongpu");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (withLayouts.wasInterrupted())
      return signalPassFailure();

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](TensorDescType type, SmallVectorImpl<Type> &parts) {
          RankedTensorType block = getSignlessBlockType(type);
          MLIRContext *ctx = type.getContext();
          parts.push_back(PointerType::get(block.getElementType(), 1));
          parts.append(2 * block.getRank(), IntegerType::get(ctx, 64));
          parts.push_back(IntegerType::get(ctx, 1));
          return success();
        });

    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      if (auto func = dyn_cast<FuncOp>(op))
        return !hasDescriptorType(func.getArgumentTypes()) &&
               !hasDescriptorType(func.getResultTypes());
      return !hasDescriptorType(op->getOperandTypes()) &&
             !hasDescriptorType(op->getResultTypes());
    });
    target.addIllegalOp<MakeTensorDescOp, DescriptorLoadOp, DescriptorStoreOp,
                        DescriptorReduceOp, DescriptorGatherOp,
                        DescriptorScatterOp>();

    RewritePatternSet patterns(context);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);
    scf::populateSCFStructuralTypeConversions(converter, patterns);
    patterns.add<RewriteMakeTensorDesc, RewriteDescriptorLoad,
                 RewriteDescriptorStore, RewriteDescriptorReduce,
                 RewriteDescriptorGather, RewriteDescriptorScatter, RewriteCall,
                 RewriteReturn, RewriteSelect>(converter, context);

    // The signature conversion keeps the argument attributes where they
    // were; each argument's move with it (a descriptor's parts get none).
    SmallVector<std::pair<FuncOp, SmallVector<DictionaryAttr>>> argAttrs;
    module.walk([&](FuncOp func) {
      if (!hasDescriptorType(func.getArgumentTypes()))
        return;
      SmallVector<DictionaryAttr> attrs;
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
        SmallVector<Type> parts;
        (void)converter.convertType(type, parts);
        DictionaryAttr own = func.getArgAttrDict(i);
        for (size_t p = 0; p < parts.size(); ++p)
          attrs.push_back(parts.size() == 1 ? own : DictionaryAttr());
      }
      argAttrs.push_back({func, std::move(attrs)});
    });

    ConversionConfig config;
    config.buildMaterializations = false;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    for (auto &[func, attrs] : argAttrs)
      if (func.getNumArguments() == attrs.size())
        func.setAllArgAttrs(attrs);
  }
};

} // namespace
