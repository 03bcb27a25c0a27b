//===- RewriteTensorDescriptorToPointer.cpp ------------------------------===//
//
// triton-rewrite-tensor-descriptor-to-pointer: for targets without TMA, a
// tensor descriptor becomes its parts (base pointer, i64 shape and i64
// strides, one each per dimension) through a 1:N dialect conversion, which
// carries the parts through function signatures, calls, scf control flow and
// selects; the descriptor accesses become masked accesses through tensors of
// pointers.
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

/// The parts of a converted descriptor.
struct Descriptor {
  Value base;
  ValueRange shape;   // i64
  ValueRange strides; // i64
};

Descriptor unpack(TensorDescType type, ValueRange parts) {
  unsigned rank = type.getBlockType().getRank();
  assert(parts.size() == 1 + 2 * rank && "a descriptor has 1 + 2 * rank parts");
  return {parts[0], parts.slice(1, rank), parts.slice(1 + rank, rank)};
}

Value toI64(OpBuilder &builder, Location loc, Value value) {
  return builder.createOrFold<arith::ExtSIOp>(loc, builder.getI64Type(), value);
}

/// `offsets` (i64, rank `shape.size()` with size 1 except along `dim`)
/// expanded from a 1-D tensor along `dim`.
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

/// The pointers and in-bounds mask of a block whose per-dimension index
/// tensors (i64, broadcastable to `shape`) are `ranges`.
std::pair<Value, Value> pointersAndMask(OpBuilder &builder, Location loc,
                                        ArrayRef<int64_t> shape,
                                        const Descriptor &desc,
                                        ArrayRef<Value> ranges) {
  auto ptrType = RankedTensorType::get(shape, desc.base.getType());
  auto indexType = RankedTensorType::get(shape, builder.getI64Type());
  auto maskType = RankedTensorType::get(shape, builder.getI1Type());
  Value ptr = SplatOp::create(builder, loc, ptrType, desc.base);
  for (auto [range, stride] : llvm::zip(ranges, desc.strides)) {
    Value splat = SplatOp::create(builder, loc, range.getType(), stride);
    Value scaled = arith::MulIOp::create(builder, loc, range, splat);
    Value full = BroadcastOp::create(builder, loc, indexType, scaled);
    ptr = AddPtrOp::create(builder, loc, ptrType, ptr, full);
  }
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
  return {ptr, mask};
}

/// Pointers and mask of the block at `indices` (i32) of a descriptor.
std::pair<Value, Value> blockPointersAndMask(OpBuilder &builder, Location loc,
                                             TensorDescType type,
                                             const Descriptor &desc,
                                             ValueRange indices) {
  ArrayRef<int64_t> shape = type.getBlockType().getShape();
  SmallVector<Value> ranges;
  for (auto [dim, index] : llvm::enumerate(indices))
    ranges.push_back(offsetRange(builder, loc, toI64(builder, loc, index),
                                 shape[dim], dim, shape.size()));
  return pointersAndMask(builder, loc, shape, desc, ranges);
}

/// Pointers and mask of gathered (or scattered) rows `rows` (i32) from
/// column `column` on of a 2-D descriptor, for a block of `shape`.
std::pair<Value, Value> rowPointersAndMask(OpBuilder &builder, Location loc,
                                           ArrayRef<int64_t> shape,
                                           const Descriptor &desc, Value rows,
                                           Value column) {
  Value rowRange = expandAlong(builder, loc, rows, 0, 2);
  auto rowType = cast<RankedTensorType>(rowRange.getType());
  rowRange = arith::ExtSIOp::create(
      builder, loc, rowType.clone(builder.getI64Type()), rowRange);
  Value columnRange =
      offsetRange(builder, loc, toI64(builder, loc, column), shape[1], 1, 2);
  return pointersAndMask(builder, loc, shape, desc, {rowRange, columnRange});
}

/// What out-of-bounds lanes of a load read: zero, or NaN for descriptors
/// made with NaN padding.
Value padding(OpBuilder &builder, Location loc, RankedTensorType type,
              PaddingOption option) {
  Type elementType = type.getElementType();
  auto floatType = dyn_cast<FloatType>(elementType);
  TypedAttr value = builder.getZeroAttr(elementType);
  if (option == PaddingOption::PAD_NAN && floatType)
    value = builder.getFloatAttr(
        floatType, APFloat::getNaN(floatType.getFloatSemantics()));
  return arith::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(type, Attribute(value)));
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

/// The padding of the descriptor each load reads through, found before the
/// conversion replaces the values it follows: from the tt.make_tensor_
/// descriptor the descriptor traces back to through scf control flow and
/// selects, zero where it comes from elsewhere (a kernel argument).
class PaddingAnalysis {
public:
  explicit PaddingAnalysis(Operation *root) {
    root->walk([&](Operation *op) {
      if (auto load = dyn_cast<DescriptorLoadOp>(op))
        paddings[op] = trace(load.getDesc());
      else if (auto gather = dyn_cast<DescriptorGatherOp>(op))
        paddings[op] = trace(gather.getDesc());
    });
  }

  PaddingOption lookup(Operation *op) const {
    return paddings.lookup_or(op, PaddingOption::PAD_ZERO);
  }

private:
  /// The padding of `value`, or nullopt when it is unknown or ambiguous.
  std::optional<PaddingOption> traceImpl(Value value) {
    if (!visited.insert(value).second)
      return std::nullopt;
    auto both = [&](Value a, Value b) -> std::optional<PaddingOption> {
      std::optional<PaddingOption> x = traceImpl(a), y = traceImpl(b);
      if (x && y && *x == *y)
        return x;
      return x && !y ? x : (!x && y ? y : std::nullopt);
    };
    if (auto make = value.getDefiningOp<MakeTensorDescOp>())
      return make.getPadding();
    if (auto select = value.getDefiningOp<arith::SelectOp>())
      return both(select.getTrueValue(), select.getFalseValue());
    if (auto result = dyn_cast<OpResult>(value)) {
      unsigned index = result.getResultNumber();
      if (auto forOp = dyn_cast<scf::ForOp>(result.getOwner()))
        return both(forOp.getInitArgs()[index],
                    forOp.getYieldedValues()[index]);
      if (auto ifOp = dyn_cast<scf::IfOp>(result.getOwner()))
        return both(ifOp.thenYield().getOperand(index),
                    ifOp.elseYield().getOperand(index));
      if (auto whileOp = dyn_cast<scf::WhileOp>(result.getOwner()))
        return traceImpl(whileOp.getConditionOp().getArgs()[index]);
      return std::nullopt;
    }
    auto arg = cast<BlockArgument>(value);
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() == 0)
        return std::nullopt;
      unsigned index = arg.getArgNumber() - 1;
      return both(forOp.getInitArgs()[index], forOp.getYieldedValues()[index]);
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      unsigned index = arg.getArgNumber();
      if (arg.getOwner() == whileOp.getAfterBody())
        return traceImpl(whileOp.getConditionOp().getArgs()[index]);
      return both(whileOp.getInits()[index],
                  whileOp.getYieldOp().getOperand(index));
    }
    return std::nullopt;
  }

  PaddingOption trace(Value value) {
    visited.clear();
    return traceImpl(value).value_or(PaddingOption::PAD_ZERO);
  }

  DenseSet<Value> visited;
  DenseMap<Operation *, PaddingOption> paddings;
};

struct RewriteMakeTensorDesc : public OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase()};
    for (Value size : adaptor.getShape())
      parts.push_back(toI64(rewriter, op.getLoc(), size));
    llvm::append_range(parts, adaptor.getStrides());
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct RewriteDescriptorLoad : public OpConversionPattern<DescriptorLoadOp> {
  RewriteDescriptorLoad(const TypeConverter &converter, MLIRContext *context,
                        const PaddingAnalysis &paddings)
      : OpConversionPattern(converter, context), paddings(paddings) {}

  LogicalResult
  matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    RankedTensorType blockType = type.getBlockType();
    Descriptor desc = unpack(type, adaptor.getDesc());
    auto [ptr, mask] =
        blockPointersAndMask(rewriter, loc, type, desc, op.getIndices());
    Value other = padding(rewriter, loc, blockType, paddings.lookup(op));
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

  const PaddingAnalysis &paddings;
};

struct RewriteDescriptorStore : public OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    Descriptor desc = unpack(type, adaptor.getDesc());
    auto [ptr, mask] =
        blockPointersAndMask(rewriter, loc, type, desc, op.getIndices());
    Value value = reshapeTo(rewriter, loc, op.getSrc(), type.getBlockType());
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
/// `elementType`, if there is one.
std::optional<RMWOp> getAtomicKind(DescriptorReduceKind kind,
                                   Type elementType) {
  bool isInt = isa<IntegerType>(elementType);
  bool isUnsigned = elementType.isUnsignedInteger();
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return isInt ? RMWOp::ADD : RMWOp::FADD;
  case DescriptorReduceKind::MIN:
    if (isInt)
      return isUnsigned ? RMWOp::UMIN : RMWOp::MIN;
    return std::nullopt;
  case DescriptorReduceKind::MAX:
    if (isInt)
      return isUnsigned ? RMWOp::UMAX : RMWOp::MAX;
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
    RankedTensorType blockType = type.getBlockType();
    // Checked before the conversion started.
    RMWOp kind = *getAtomicKind(op.getKind(), blockType.getElementType());
    Descriptor desc = unpack(type, adaptor.getDesc());
    auto [ptr, mask] =
        blockPointersAndMask(rewriter, loc, type, desc, op.getIndices());
    Value value = reshapeTo(rewriter, loc, op.getSrc(), blockType);
    AtomicRMWOp::create(rewriter, loc, blockType, kind, ptr, value, mask,
                        MemSemantic::RELEASE, MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RewriteDescriptorGather
    : public OpConversionPattern<DescriptorGatherOp> {
  RewriteDescriptorGather(const TypeConverter &converter, MLIRContext *context,
                          const PaddingAnalysis &paddings)
      : OpConversionPattern(converter, context), paddings(paddings) {}

  LogicalResult
  matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Descriptor desc = unpack(op.getDesc().getType(), adaptor.getDesc());
    auto [ptr, mask] =
        rowPointersAndMask(rewriter, loc, resultType.getShape(), desc,
                           op.getXOffsets(), op.getYOffset());
    Value other = padding(rewriter, loc, resultType, paddings.lookup(op));
    auto load = rewriter.replaceOpWithNewOp<LoadOp>(
        op, resultType, ptr, mask, other,
        /*boundaryCheck=*/rewriter.getDenseI32ArrayAttr({}),
        /*padding=*/nullptr, CacheModifier::NONE, EvictionPolicy::NORMAL,
        /*isVolatile=*/false);
    load->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return success();
  }

  const PaddingAnalysis &paddings;
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

/// select(c, d0, d1) on descriptors selects every part.
struct RewriteSelect : public OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange cond = adaptor.getOperands()[0];
    ValueRange lhs = adaptor.getOperands()[1];
    ValueRange rhs = adaptor.getOperands()[2];
    if (cond.size() != 1 || lhs.size() != rhs.size())
      return failure();
    SmallVector<Value> parts;
    for (auto [a, b] : llvm::zip(lhs, rhs))
      parts.push_back(
          arith::SelectOp::create(rewriter, op.getLoc(), cond.front(), a, b));
    rewriter.replaceOpWithMultiple(op, {parts});
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
    PaddingAnalysis paddings(module);

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](TensorDescType type, SmallVectorImpl<Type> &parts) {
          RankedTensorType block = type.getBlockType();
          parts.push_back(PointerType::get(block.getElementType(), 1));
          parts.append(2 * block.getRank(),
                       IntegerType::get(type.getContext(), 64));
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
    patterns.add<RewriteMakeTensorDesc, RewriteDescriptorStore,
                 RewriteDescriptorReduce, RewriteDescriptorScatter, RewriteCall,
                 RewriteReturn, RewriteSelect>(converter, context);
    patterns.add<RewriteDescriptorLoad, RewriteDescriptorGather>(
        converter, context, paddings);

    ConversionConfig config;
    config.buildMaterializations = false;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      signalPassFailure();
  }
};

} // namespace
