//===- Ops.cpp - tt operations --------------------------------------------===//
//
// Verifiers, folders, canonicalization patterns, type inference and memory
// effects of the tt operations.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "Dialect/Triton/IR/TritonOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The layout-inference interface of the dialect that owns `encoding`, or an
/// error at `loc` when that dialect cannot infer layouts.
static FailureOr<const DialectInferLayoutInterface *>
getLayoutInterface(Attribute encoding, std::optional<Location> loc) {
  auto *iface = encoding.getDialect()
                    .getRegisteredInterface<DialectInferLayoutInterface>();
  if (!iface) {
    (void)emitOptionalError(loc,
                            "cannot infer the layout of a result from "
                            "operand encoding ",
                            encoding);
    return failure();
  }
  return iface;
}

/// `attr` reshaped to `type` when it is a splat constant, else null.
static Attribute reshapeSplat(Attribute attr, Type type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  auto shaped = dyn_cast<ShapedType>(type);
  if (!splat || !shaped)
    return {};
  return SplatElementsAttr::get(shaped, splat.getSplatValue<Attribute>());
}

/// `attr` reshaped to `type` (same elements in the same order) when it is a
/// dense constant, else null.
static Attribute reshapeDense(Attribute attr, Type type) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(attr);
  auto shaped = dyn_cast<ShapedType>(type);
  if (!dense || !shaped)
    return {};
  return dense.reshape(shaped);
}

/// Prints a shape as upstream's diagnostics do: "32, 2".
static std::string dimsString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  return s;
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  return "[" + dimsString(shape) + "]";
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type srcElem = getElementTypeOrSelf(getSrc().getType());
  Type dstElem = getElementTypeOrSelf(getType());
  bool srcIsPtr = isa<PointerType>(srcElem);
  bool dstIsPtr = isa<PointerType>(dstElem);
  // The wording is upstream's: its tests match it.
  if (srcIsPtr && !dstIsPtr)
    return emitOpError("Cannot bitcast pointer to non-pointer type ")
           << dstElem;
  if (dstIsPtr && !srcIsPtr)
    return emitOpError("Cannot bitcast non-pointer type ")
           << srcElem << " to pointer type";
  if (srcIsPtr) {
    unsigned srcSpace = cast<PointerType>(srcElem).getAddressSpace();
    unsigned dstSpace = cast<PointerType>(dstElem).getAddressSpace();
    if (srcSpace != dstSpace)
      return emitOpError("Cannot bitcast pointer between different address "
                         "spaces (")
             << srcSpace << " and " << dstSpace << ")";
    return success();
  }
  unsigned srcBits = srcElem.getIntOrFloatBitWidth();
  unsigned dstBits = dstElem.getIntOrFloatBitWidth();
  if (srcBits != dstBits)
    return emitOpError("Cannot bitcast data-type of size ")
           << srcBits << " to data-type of size " << dstBits << " (" << srcElem
           << " to " << dstElem << ")";
  return success();
}

LogicalResult FpToFpOp::verify() {
  Type srcElem = getElementTypeOrSelf(getSrc().getType());
  Type dstElem = getElementTypeOrSelf(getType());
  if (dstElem.getIntOrFloatBitWidth() < srcElem.getIntOrFloatBitWidth() &&
      !getRounding())
    return emitOpError("a rounding mode is required for the downcast from ")
           << srcElem << " to " << dstElem;
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // Only zeros fold, as upstream: other values convert in target-specific
  // ways (fp8 saturation, rounding) that are the lowering's to decide.
  bool negative;
  if (matchPattern(getSrc(), m_PosZeroFloat()))
    negative = false;
  else if (matchPattern(getSrc(), m_NegZeroFloat()))
    negative = true;
  else
    return {};
  auto dstElem = cast<FloatType>(getElementTypeOrSelf(getType()));
  APFloat zero = APFloat::getZero(dstElem.getFloatSemantics(), negative);
  if (auto shaped = dyn_cast<ShapedType>(getType()))
    return DenseElementsAttr::get(shaped, zero);
  return FloatAttr::get(dstElem, zero);
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

LogicalResult AdvanceOp::verify() {
  size_t rank = getShapeOrEmpty(getPtr().getType()).size();
  if (getOffsets().size() != rank)
    return emitOpError("expects ")
           << rank << " offsets, one per dimension of the block, but got "
           << getOffsets().size();
  return success();
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(getOffsets(),
                   [](Value offset) { return matchPattern(offset, m_Zero()); }))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

/// Shared by loads and stores: boundary checks only make sense on the
/// dimensions of a block pointer.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck) {
  if (boundaryCheck.empty())
    return success();
  if (!isTensorPointerType(ptrType))
    return op->emitOpError("boundaryCheck requires a block pointer, got ")
           << ptrType;
  int64_t rank = getShapeOrEmpty(ptrType).size();
  for (int32_t dim : boundaryCheck)
    if (dim < 0 || dim >= rank)
      return op->emitOpError("boundaryCheck dimension ")
             << dim << " is out of range for a block of rank " << rank;
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor merged with another one.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

namespace {
/// The value of a mask that an arith.constant of a splat tensor defines;
/// scalar masks are left alone, as upstream does.
std::optional<bool> getSplatConstantMask(Value mask) {
  auto constant = mask ? mask.getDefiningOp<arith::ConstantOp>() : nullptr;
  auto splat =
      constant ? dyn_cast<SplatElementsAttr>(constant.getValue()) : nullptr;
  if (!splat)
    return std::nullopt;
  return splat.getSplatValue<IntegerAttr>().getValue().getBoolValue();
}

/// A load whose mask is all true needs neither mask nor `other` (it is
/// rebuilt without them); one whose mask is all false yields `other`.
struct CanonicalizeMaskedLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getSplatConstantMask(load.getMask());
    if (!mask)
      return failure();
    if (*mask) {
      rewriter.replaceOpWithNewOp<LoadOp>(
          load, load.getType(), load.getPtr(), /*mask=*/Value(),
          /*other=*/Value(), load.getBoundaryCheckAttr(), load.getPaddingAttr(),
          load.getCacheAttr(), load.getEvictAttr(), load.getIsVolatileAttr());
      return success();
    }
    if (!load.getOther())
      return failure();
    rewriter.replaceOp(load, load.getOther());
    return success();
  }
};

/// A store whose mask is all true needs no mask (it is rebuilt without
/// one); one whose mask is all false does nothing.
struct CanonicalizeMaskedStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> mask = getSplatConstantMask(store.getMask());
    if (!mask)
      return failure();
    if (*mask)
      rewriter.replaceOpWithNewOp<StoreOp>(
          store, store.getPtr(), store.getValue(), /*mask=*/Value(),
          rewriter.getDenseI32ArrayAttr({}), store.getCacheAttr(),
          store.getEvictAttr());
    else
      rewriter.eraseOp(store);
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<CanonicalizeMaskedLoad>(context);
}

LogicalResult StoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck());
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<CanonicalizeMaskedStore>(context);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

LogicalResult
UnsplatOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                            ValueRange operands, DictionaryAttr attributes,
                            OpaqueProperties properties, RegionRange regions,
                            SmallVectorImpl<Type> &inferredReturnTypes) {
  auto srcType = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!srcType)
    return emitOptionalError(loc, "unsplat expects a tensor operand");
  inferredReturnTypes.push_back(srcType.getElementType());
  return success();
}

LogicalResult UnsplatOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getNumElements() != 1)
    return emitOpError("source tensor must have exactly one element, got ")
           << srcType;
  return success();
}

LogicalResult ExpandDimsOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto srcType = dyn_cast<RankedTensorType>(adaptor.getSrc().getType());
  if (!srcType)
    return emitOptionalError(loc, "expand_dims expects a tensor operand");
  int64_t axis = adaptor.getAxisAttr().getInt();
  if (axis < 0 || axis > srcType.getRank())
    return emitOptionalError(loc, "expand_dims axis ", axis,
                             " is out of range for a tensor of rank ",
                             srcType.getRank());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  Attribute encoding = srcType.getEncoding();
  if (encoding) {
    auto iface = getLayoutInterface(encoding, loc);
    if (failed(iface) || failed((*iface)->inferExpandDimsOpEncoding(
                             encoding, axis, encoding, loc)))
      return failure();
  }
  inferredReturnTypes.push_back(
      RankedTensorType::get(shape, srcType.getElementType(), encoding));
  return success();
}

LogicalResult ExpandDimsOp::canonicalize(ExpandDimsOp op,
                                         PatternRewriter &rewriter) {
  // expand_dims(splat(x)) -> splat(x)
  if (auto splat = op.getSrc().getDefiningOp<SplatOp>()) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // expand_dims(broadcast(x)) -> broadcast(expand_dims(x)), so broadcasts
  // move towards the uses, where they often fold away.
  if (auto broadcast = op.getSrc().getDefiningOp<BroadcastOp>()) {
    auto inner = ExpandDimsOp::create(rewriter, op.getLoc(), broadcast.getSrc(),
                                      op.getAxis());
    rewriter.replaceOp(op,
                       BroadcastOp::create(rewriter, broadcast.getLoc(),
                                           op.getType(), inner.getResult()));
    return success();
  }
  return failure();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeDense(adaptor.getSrc(), getType());
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType dstType = getType();
  if (srcType.getNumElements() != dstType.getNumElements())
    return emitOpError("number of src and dst elements of reshape must be the "
                       "same, got ")
           << srcType.getNumElements() << " and " << dstType.getNumElements();
  Attribute srcEncoding = srcType.getEncoding();
  Attribute dstEncoding = dstType.getEncoding();
  if (getAllowReorder() || !srcEncoding || !dstEncoding)
    return success();
  auto iface = getLayoutInterface(srcEncoding, getLoc());
  if (failed(iface))
    return failure();
  Attribute expected;
  if (failed((*iface)->inferReshapeOpEncoding(srcType.getShape(), srcEncoding,
                                              dstType.getShape(), expected,
                                              getLoc())))
    return failure();
  if (!(*iface)->isEquivalentLayout(dstType.getShape(), expected, dstEncoding))
    return emitOpError("expected result encoding ")
           << expected << ", but got " << dstEncoding;
  return success();
}

LogicalResult ReshapeOp::canonicalize(ReshapeOp op, PatternRewriter &rewriter) {
  // A reshape marked efficient_layout was placed by a layout pass; keep it.
  if (op.getEfficientLayout())
    return failure();
  // reshape(splat(x)) -> splat(x)
  if (auto splat = op.getSrc().getDefiningOp<SplatOp>()) {
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
  // reshape(reshape(x)) -> reshape(x); the result may reorder elements if
  // either step could.
  if (auto inner = op.getSrc().getDefiningOp<ReshapeOp>()) {
    bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
    auto combined =
        ReshapeOp::create(rewriter, op.getLoc(), op.getType(), inner.getSrc(),
                          allowReorder, op.getEfficientLayout());
    rewriter.replaceOp(op, combined.getResult());
    return success();
  }
  return failure();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getType() == getSrc().getType() && !getAllowReorder())
    return getSrc();
  return reshapeDense(adaptor.getSrc(), getType());
}

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> srcShape = getSrc().getType().getShape();
  ArrayRef<int64_t> dstShape = getType().getShape();
  if (srcShape.size() != dstShape.size())
    return emitOpError("rank of source must be same as rank of result (")
           << srcShape.size() << " vs " << dstShape.size() << ")";
  for (auto [i, dims] : llvm::enumerate(llvm::zip(srcShape, dstShape))) {
    auto [src, dst] = dims;
    if (src != dst && src != 1)
      return emitOpError("Different dimensions at index ")
             << i << " between source and result.  Broadcast requires the "
             << "source dimension to be 1.";
  }
  return success();
}

LogicalResult BroadcastOp::canonicalize(BroadcastOp op,
                                        PatternRewriter &rewriter) {
  // The new op takes both locations, fused (outer first), as upstream's
  // declarative patterns give them.
  Operation *inner = op.getSrc().getDefiningOp();
  if (!isa_and_present<SplatOp, BroadcastOp>(inner))
    return failure();
  Location loc = rewriter.getFusedLoc({op.getLoc(), inner->getLoc()});
  // broadcast(splat(x)) -> splat(x)
  if (auto splat = dyn_cast<SplatOp>(inner)) {
    rewriter.replaceOp(
        op, SplatOp::create(rewriter, loc, op.getType(), splat.getSrc()));
    return success();
  }
  // broadcast(broadcast(x)) -> broadcast(x)
  rewriter.replaceOp(op,
                     BroadcastOp::create(rewriter, loc, op.getType(),
                                         cast<BroadcastOp>(inner).getSrc()));
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getType() == getSrc().getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult CatOp::verify() {
  RankedTensorType lhsType = getLhs().getType();
  RankedTensorType dstType = getType();
  if (lhsType.getRank() != dstType.getRank())
    return emitOpError("operands and result must have the same rank");
  if (dstType.getNumElements() != 2 * lhsType.getNumElements())
    return emitOpError("result must hold the elements of both operands (")
           << 2 * lhsType.getNumElements() << "), but has "
           << dstType.getNumElements();
  return success();
}

LogicalResult
JoinOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                         ValueRange operands, DictionaryAttr attributes,
                         OpaqueProperties properties, RegionRange regions,
                         SmallVectorImpl<Type> &inferredReturnTypes) {
  auto srcType = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!srcType)
    return emitOptionalError(loc, "join expects tensor operands");
  SmallVector<int64_t> shape(srcType.getShape());
  shape.push_back(2);
  Attribute encoding = srcType.getEncoding();
  if (encoding) {
    auto iface = getLayoutInterface(encoding, loc);
    if (failed(iface) || failed((*iface)->inferJoinOpEncoding(
                             encoding, encoding, srcType.getShape(), loc)))
      return failure();
  }
  inferredReturnTypes.push_back(
      RankedTensorType::get(shape, srcType.getElementType(), encoding));
  return success();
}

LogicalResult
SplitOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                          ValueRange operands, DictionaryAttr attributes,
                          OpaqueProperties properties, RegionRange regions,
                          SmallVectorImpl<Type> &inferredReturnTypes) {
  auto srcType = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!srcType || srcType.getRank() == 0 || srcType.getShape().back() != 2)
    return emitOptionalError(
        loc, "split expects a tensor whose last dimension has size 2, got ",
        operands[0].getType());
  ArrayRef<int64_t> shape = srcType.getShape().drop_back();
  Attribute encoding = srcType.getEncoding();
  if (encoding) {
    auto iface = getLayoutInterface(encoding, loc);
    if (failed(iface) || failed((*iface)->inferSplitOpEncoding(
                             encoding, encoding, srcType.getShape(), loc)))
      return failure();
  }
  auto type = RankedTensorType::get(shape, srcType.getElementType(), encoding);
  inferredReturnTypes.assign({type, type});
  return success();
}

/// Checks that `order` is a permutation of [0, rank).
static LogicalResult verifyPermutation(ArrayRef<int32_t> order, int64_t rank,
                                       std::optional<Location> loc) {
  if (static_cast<int64_t>(order.size()) != rank)
    return emitOptionalError(loc, "order must have one entry per dimension (",
                             rank, "), but has ", order.size());
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitOptionalError(loc, "order must be a permutation of [0, ", rank,
                               ")");
    seen[dim] = true;
  }
  return success();
}

LogicalResult
TransOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                          ValueRange operands, DictionaryAttr attributes,
                          OpaqueProperties properties, RegionRange regions,
                          SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto srcType = dyn_cast<RankedTensorType>(adaptor.getSrc().getType());
  if (!srcType)
    return emitOptionalError(loc, "trans expects a tensor operand");
  ArrayRef<int32_t> order = adaptor.getOrder();
  if (failed(verifyPermutation(order, srcType.getRank(), loc)))
    return failure();
  SmallVector<int64_t> shape;
  for (int32_t dim : order)
    shape.push_back(srcType.getDimSize(dim));
  Attribute encoding = srcType.getEncoding();
  if (encoding) {
    auto iface = getLayoutInterface(encoding, loc);
    if (failed(iface) ||
        failed((*iface)->inferTransOpEncoding(encoding, srcType.getShape(),
                                              order, encoding, loc)))
      return failure();
  }
  inferredReturnTypes.push_back(
      RankedTensorType::get(shape, srcType.getElementType(), encoding));
  return success();
}

/// Whether `actual` may stand for the inferred tensor type: same shape and
/// element type, and an encoding that places every element alike.
static bool isCompatibleTensorType(Type inferred, Type actual,
                                   bool anyRegisterOrder) {
  auto expectedType = dyn_cast<RankedTensorType>(inferred);
  auto actualType = dyn_cast<RankedTensorType>(actual);
  if (!expectedType || !actualType ||
      expectedType.getShape() != actualType.getShape() ||
      expectedType.getElementType() != actualType.getElementType())
    return false;
  Attribute expected = expectedType.getEncoding();
  Attribute got = actualType.getEncoding();
  if (expected == got)
    return true;
  if (!expected || !got)
    return false;
  auto *iface = expected.getDialect()
                    .getRegisteredInterface<DialectInferLayoutInterface>();
  return iface && iface->isEquivalentLayout(expectedType.getShape(), expected,
                                            got, anyRegisterOrder);
}

static bool areCompatibleTensorTypes(TypeRange inferred, TypeRange actual,
                                     bool anyRegisterOrder = false) {
  return inferred.size() == actual.size() &&
         llvm::all_of(llvm::zip(inferred, actual), [&](auto pair) {
           return isCompatibleTensorType(std::get<0>(pair), std::get<1>(pair),
                                         anyRegisterOrder);
         });
}

bool TransOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  return areCompatibleTensorTypes(inferred, actual);
}

/// Joins and splits only move values between registers of one thread, so
/// the result's registers may come in any order.
LogicalResult JoinOp::verify() {
  RankedTensorType srcType = getLhs().getType();
  RankedTensorType dstType = getType();
  SmallVector<int64_t> shape(srcType.getShape());
  shape.push_back(2);
  if (dstType.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError("result shape must be (")
           << dimsString(shape) << "), but got "
           << dimsString(dstType.getShape());
  if (dstType.getElementType() != srcType.getElementType())
    return emitOpError("result element type must match the input element "
                       "type, got ")
           << dstType.getElementType() << " and " << srcType.getElementType();
  Attribute dstEncoding = dstType.getEncoding();
  if (!dstEncoding) {
    if (srcType.getEncoding())
      return emitOpError("result encoding must be specified");
    return success();
  }
  // Many result layouts hold a given operand layout, but each result layout
  // determines the operand's: split it back and compare.
  auto *iface = dstEncoding.getDialect()
                    .getRegisteredInterface<DialectInferLayoutInterface>();
  if (!iface)
    return success();
  Attribute expected;
  if (!srcType.getEncoding() ||
      failed(iface->inferSplitOpEncoding(dstEncoding, expected, shape,
                                         /*loc=*/std::nullopt)) ||
      !iface->isEquivalentLayout(srcType.getShape(), expected,
                                 srcType.getEncoding(),
                                 /*anyRegisterOrder=*/true))
    return emitOpError("incompatible join layout: the result layout ")
           << dstEncoding << " does not hold the operand layout "
           << srcType.getEncoding();
  return success();
}

/// JoinOp::verify checks the result type itself, shape first, in the words
/// upstream's tests match; inference only builds joins.
bool JoinOp::isCompatibleReturnTypes(TypeRange, TypeRange) { return true; }

bool SplitOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  return areCompatibleTensorTypes(inferred, actual, /*anyRegisterOrder=*/true);
}

LogicalResult TransOp::verify() {
  return verifyPermutation(getOrder(), getSrc().getType().getRank(), getLoc());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  // An identity permutation folds only where no layout changes.
  if (llvm::equal(order, llvm::seq<int32_t>(0, order.size())) &&
      getSrc().getType() == getType())
    return getSrc();
  // trans(trans(x)) -> trans(x) with the composed permutation.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> composed;
    for (int32_t dim : order)
      composed.push_back(innerOrder[dim]);
    setOrder(composed);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return reshapeSplat(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// Computation
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  // The words upstream's tests match: "start must be less than end",
  // "must be a 1D tensor", "number of elements", "i32 elements".
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  RankedTensorType type = getType();
  if (start >= end)
    return emitOpError("start must be less than end, got [")
           << start << ", " << end << ")";
  if (type.getRank() != 1)
    return emitOpError("result must be a 1D tensor, got ") << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError("number of elements of the result (")
           << type.getDimSize(0) << ") must be the size of the range [" << start
           << ", " << end << "), which is " << end - start;
  if (!type.getElementType().isInteger(32))
    return emitOpError("result must have i32 elements, got ")
           << type.getElementType();
  return success();
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor adaptor) {
  int64_t start = getStartAttr().getInt();
  if (getEndAttr().getInt() - start != 1)
    return {};
  return SplatElementsAttr::get(
      getType(),
      Attribute(IntegerAttr::get(getType().getElementType(), start)));
}

LogicalResult
GatherOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                           ValueRange operands, DictionaryAttr attributes,
                           OpaqueProperties properties, RegionRange regions,
                           SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto srcType = dyn_cast<RankedTensorType>(adaptor.getSrc().getType());
  auto indicesType = dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
  if (!srcType || !indicesType)
    return emitOptionalError(loc, "gather expects tensor operands");
  inferredReturnTypes.push_back(
      RankedTensorType::get(indicesType.getShape(), srcType.getElementType(),
                            indicesType.getEncoding()));
  return success();
}

// The checks and their words are upstream's (its lit tests pin them), in
// upstream's order.
LogicalResult GatherOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType indicesType = getIndices().getType();
  auto resultType = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxisAttr().getInt();
  if (indicesType.getShape() != resultType.getShape())
    return emitOpError("indices and output shapes must match");
  if (indicesType.getEncoding() != resultType.getEncoding())
    return emitOpError("indices and output encodings must match");
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("input and output element types must match");
  if (srcType.getRank() != indicesType.getRank())
    return emitOpError("input and indices ranks must match");
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("gather dimension must be less than the input rank");
  for (int64_t dim = 0; dim < srcType.getRank(); ++dim)
    if (dim != axis && srcType.getDimSize(dim) != indicesType.getDimSize(dim))
      return emitOpError("indices dimension ")
             << dim << " must match the corresponding input dimension";
  return success();
}

/// The encoding of an operand of a dot, or null.
static Attribute encodingOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getEncoding();
}

LogicalResult
DotOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                        ValueRange operands, DictionaryAttr attributes,
                        OpaqueProperties properties, RegionRange regions,
                        SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto accType = dyn_cast<RankedTensorType>(adaptor.getC().getType());
  if (!accType)
    return emitOptionalError(loc, "dot expects a tensor accumulator");
  inferredReturnTypes.push_back(accType);
  if (Attribute retEncoding = accType.getEncoding()) {
    auto iface = getLayoutInterface(retEncoding, loc);
    if (failed(iface))
      return failure();
    for (auto [idx, operand] :
         llvm::enumerate(ValueRange{adaptor.getA(), adaptor.getB()})) {
      Attribute encoding =
          cast<RankedTensorType>(operand.getType()).getEncoding();
      if (encoding &&
          failed((*iface)->inferDotOpEncoding(encoding, idx, retEncoding, loc)))
        return failure();
    }
  }
  return success();
}

/// Checks the shapes of a matrix product: a is [B..., M, K], b [B..., K, N],
/// the accumulator [B..., M, N].
static LogicalResult verifyDotShapes(Operation *op, ArrayRef<int64_t> aShape,
                                     ArrayRef<int64_t> bShape,
                                     ArrayRef<int64_t> cShape) {
  size_t rank = aShape.size();
  if (rank != 2 && rank != 3)
    return op->emitOpError("operands must be 2-D, or 3-D with a leading "
                           "batch dimension, but have rank ")
           << rank;
  if (bShape.size() != rank || cShape.size() != rank)
    return op->emitOpError("operands and accumulator must have the same "
                           "rank");
  if (aShape[rank - 1] != bShape[rank - 2])
    return op->emitOpError("expected the last dimension of the first operand "
                           "to be equal to the second-to-last dimension of "
                           "the second operand, got ")
           << aShape[rank - 1] << " and " << bShape[rank - 2];
  if (cShape[rank - 2] != aShape[rank - 2] ||
      cShape[rank - 1] != bShape[rank - 1])
    return op->emitOpError("accumulator shape ")
           << shapeString(cShape) << " must be [M, N] = [" << aShape[rank - 2]
           << ", " << bShape[rank - 1] << "]";
  if (rank == 3 && (aShape[0] != bShape[0] || aShape[0] != cShape[0]))
    return op->emitOpError("batch dimensions must agree, got ")
           << aShape[0] << ", " << bShape[0] << " and " << cShape[0];
  return success();
}

LogicalResult DotOp::verify() {
  RankedTensorType aType = getA().getType();
  RankedTensorType bType = getB().getType();
  RankedTensorType cType = getC().getType();
  if (failed(verifyDotShapes(*this, aType.getShape(), bType.getShape(),
                             cType.getShape())))
    return failure();
  unsigned aBits = aType.getElementType().getIntOrFloatBitWidth();
  unsigned bBits = bType.getElementType().getIntOrFloatBitWidth();
  if (aBits != bBits)
    return emitOpError("element types of operands A and B must have same bit "
                       "width, got ")
           << aType.getElementType() << " and " << bType.getElementType();

  Attribute aEncoding = encodingOf(getA());
  Attribute bEncoding = encodingOf(getB());
  if (!aEncoding && !bEncoding)
    return success();
  if (!aEncoding || !bEncoding)
    return emitOpError("mismatching encoding between A and B operands: both "
                       "need an encoding, or neither");
  if (!encodingOf(getC()))
    return emitOpError("miss encoding of C operand: A and B have encodings");
  auto iface = getLayoutInterface(aEncoding, getLoc());
  if (failed(iface))
    return failure();
  return (*iface)->verifyDotOpEncodingCompatibility(*this, aEncoding,
                                                    bEncoding);
}

LogicalResult DotScaledOp::verify() {
  ArrayRef<int64_t> aShape = getA().getType().getShape();
  ArrayRef<int64_t> bShape = getB().getType().getShape();
  ArrayRef<int64_t> cShape = getC().getType().getShape();
  size_t rank = aShape.size();
  if ((rank != 2 && rank != 3) || bShape.size() != rank ||
      cShape.size() != rank)
    return emitOpError("operands and accumulator must all be 2-D or all "
                       "3-D");
  // fp4 operands pack two values per byte, along K or, without k_pack,
  // along M (for a) or N (for b).
  SmallVector<int64_t> a(aShape), b(bShape);
  if (getAElemType() == ScaleDotElemType::E2M1)
    a[getLhsKPack() ? rank - 1 : rank - 2] *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1)
    b[getRhsKPack() ? rank - 2 : rank - 1] *= 2;
  if (failed(verifyDotShapes(*this, a, b, cShape)))
    return failure();
  // A scale covers 32 values along K (an e8m0 scale, stored as i8), or 16
  // (an fp8 scale, as nvfp4 has): scales are [M, K / factor] and
  // [N, K / factor].
  int64_t k = a[rank - 1];
  for (Value scale : {getAScale(), getBScale()}) {
    if (!scale)
      continue;
    auto scaleType = cast<RankedTensorType>(scale.getType());
    int64_t factor = scaleType.getElementType().isInteger(8) ? 32 : 16;
    if (scaleType.getRank() == 0 || scaleType.getShape().back() * factor != k)
      return emitOpError("scales K dimension must match the operand K "
                         "divided by the scale factor (")
             << k << " / " << factor << "), got " << scaleType;
  }
  return success();
}

/// The element types of `srcs`, in order.
static SmallVector<Type> elementTypesOf(ValueRange srcs) {
  SmallVector<Type> types;
  for (Value src : srcs)
    types.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  return types;
}

/// Checks a reduce or scan combine region: 2N scalar arguments (running
/// values, then new values) and a terminator of type `TerminatorOp` that
/// yields N values, all of the operands' element types.
template <typename TerminatorOp>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ArrayRef<Type> elementTypes) {
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("the combine region must take ")
           << 2 * n << " arguments (2 per operand), but takes "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elementTypes[i % n])
      return op->emitOpError("combine region argument ")
             << i << " has type " << arg.getType() << ", expected "
             << elementTypes[i % n];
  auto terminator = dyn_cast<TerminatorOp>(block.getTerminator());
  if (!terminator)
    return op->emitOpError("the combine region must end with ")
           << TerminatorOp::getOperationName();
  if (terminator->getNumOperands() != n)
    return terminator->emitOpError("must return ")
           << n << " values, one per operand, but returns "
           << terminator->getNumOperands();
  for (auto [i, type] : llvm::enumerate(terminator->getOperandTypes()))
    if (type != elementTypes[i])
      return terminator->emitOpError("returned value ")
             << i << " has type " << type << ", expected " << elementTypes[i];
  return success();
}

static LogicalResult verifyAxis(std::optional<Location> loc, int64_t axis,
                                int64_t rank) {
  if (axis < 0 || axis >= rank)
    return emitOptionalError(loc, "axis ", axis,
                             " is out of range for operands of rank ", rank);
  return success();
}

LogicalResult
ReduceOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                           ValueRange operands, DictionaryAttr attributes,
                           OpaqueProperties properties, RegionRange regions,
                           SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  int64_t axis = adaptor.getAxisAttr().getInt();
  for (Value src : adaptor.getSrcs()) {
    auto type = dyn_cast<RankedTensorType>(src.getType());
    if (!type)
      return emitOptionalError(loc, "reduce expects tensor operands");
    if (failed(verifyAxis(loc, axis, type.getRank())))
      return failure();
    if (type.getRank() == 1) {
      inferredReturnTypes.push_back(type.getElementType());
      continue;
    }
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + axis);
    Attribute encoding = type.getEncoding();
    if (encoding) {
      auto iface = getLayoutInterface(encoding, loc);
      if (failed(iface) || failed((*iface)->inferReduceOpEncoding(
                               encoding, axis, encoding, loc)))
        return failure();
    }
    inferredReturnTypes.push_back(
        RankedTensorType::get(shape, type.getElementType(), encoding));
  }
  return success();
}

SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

/// Checks what reduces and scans share: one result per operand, each of its
/// operand's element type.
static LogicalResult verifyReduceOrScan(Operation *op, ValueRange srcs) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  if (op->getNumResults() != srcs.size())
    return op->emitOpError("must have the same number of inputs as outputs, "
                           "got ")
           << srcs.size() << " and " << op->getNumResults();
  for (auto [src, result] : llvm::zip(srcs, op->getResultTypes()))
    if (getElementTypeOrSelf(src.getType()) != getElementTypeOrSelf(result))
      return op->emitOpError("operand types and result types must agree, got ")
             << src.getType() << " and " << result;
  return success();
}

/// Inferred result types that differ from the actual ones only in element
/// types are left to verifyReduceOrScan's diagnostic.
static bool isCompatibleReduceOrScanResult(TypeRange inferred,
                                           TypeRange actual) {
  if (inferred.size() == actual.size() &&
      llvm::any_of(llvm::zip(inferred, actual), [](auto pair) {
        return getElementTypeOrSelf(std::get<0>(pair)) !=
               getElementTypeOrSelf(std::get<1>(pair));
      }))
    return true;
  return inferred == actual;
}

bool ReduceOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  return isCompatibleReduceOrScanResult(inferred, actual);
}

bool ScanOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  return isCompatibleReduceOrScanResult(inferred, actual);
}

LogicalResult ReduceOp::verify() {
  return verifyReduceOrScan(*this, getSrcs());
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(),
                                             getElementTypes());
}

LogicalResult
ScanOp::inferReturnTypes(MLIRContext *context, std::optional<Location> loc,
                         ValueRange operands, DictionaryAttr attributes,
                         OpaqueProperties properties, RegionRange regions,
                         SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  for (Value src : adaptor.getSrcs()) {
    auto type = dyn_cast<RankedTensorType>(src.getType());
    if (!type)
      return emitOptionalError(loc, "scan expects tensor operands");
    // The axis is not checked here, as upstream does not: a scan keeps its
    // operand's type whatever the axis. Its lowering checks it.
    inferredReturnTypes.push_back(type);
  }
  return success();
}

SmallVector<Type> ScanOp::getElementTypes() {
  return elementTypesOf(getSrcs());
}

LogicalResult ScanOp::verify() { return verifyReduceOrScan(*this, getSrcs()); }

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(),
                                           getElementTypes());
}

LogicalResult MapElementwiseOp::verify() {
  int64_t pack = getPackAttr().getInt();
  if (pack < 1 || !llvm::isPowerOf2_64(pack))
    return emitOpError("pack must be a positive power of two, got ") << pack;
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  return success();
}

/// True when `types` holds `pack` copies of each of `elementTypes`, grouped
/// by value: the `pack` elements of the first value, then of the second...
static bool matchesPacked(TypeRange types, ArrayRef<Type> elementTypes,
                          unsigned pack) {
  if (types.size() != elementTypes.size() * pack)
    return false;
  for (auto [i, type] : llvm::enumerate(types))
    if (type != elementTypes[i / pack])
      return false;
  return true;
}

static std::string typeListString(ArrayRef<Type> types) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(types, os);
  return s;
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("needs a scalar region");
  unsigned pack = getPackAttr().getInt();
  SmallVector<Type> srcTypes = elementTypesOf(getSrcs());
  SmallVector<Type> resultTypes = elementTypesOf(getResult());
  Block &entry = region.front();
  if (entry.getNumArguments() != srcTypes.size() * pack)
    return emitOpError("region has wrong number of arguments: expected ")
           << srcTypes.size() * pack << " (" << pack << " per operand), got "
           << entry.getNumArguments();
  if (!matchesPacked(entry.getArgumentTypes(), srcTypes, pack))
    return emitOpError("argument types did not match: the region takes ")
           << pack << " scalar(s) of each operand's element type ("
           << typeListString(srcTypes) << ")";
  for (Block &block : region) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    if (!matchesPacked(ret->getOperandTypes(), resultTypes, pack))
      return ret.emitOpError("region return does not match map_elementwise "
                             "result: expected ")
             << pack << " scalar(s) of each result's element type ("
             << typeListString(resultTypes) << ")";
  }
  // The region computes values; it may read memory, never write it.
  WalkResult stores = region.walk([](Operation *nested) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effects && effects.hasEffect<MemoryEffects::Write>()) {
      nested->emitOpError("Stores are not supported inside map_elementwise");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(stores.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// External code
//===----------------------------------------------------------------------===//

/// Impure external code may read and write any global memory.
static void getImpureEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getImpureEffects(getPure(), effects);
}

Speculation::Speculatability ExternElementwiseOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getImpureEffects(getPure(), effects);
}

Speculation::Speculatability ElementwiseInlineAsmOp::getSpeculatability() {
  return getPure() ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t packed = getPackedElementAttr().getInt();
  if (packed < 1)
    return emitOpError("packed_element must be at least 1, got ") << packed;
  if (getArgs().empty())
    return success();
  if (auto type = dyn_cast<RankedTensorType>(getArgs().front().getType()))
    if (type.getNumElements() % packed != 0)
      return emitOpError("the number of elements (")
             << type.getNumElements()
             << ") must be a multiple of packed_element (" << packed << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  ArrayRef<int64_t> block = getShapeOrEmpty(getType());
  size_t rank = block.size();
  if (getShape().size() != rank || getStrides().size() != rank ||
      getOffsets().size() != rank)
    return emitOpError("expects one shape, stride and offset per dimension "
                       "of the block (")
           << rank << "), got " << getShape().size() << ", "
           << getStrides().size() << " and " << getOffsets().size();
  return verifyPermutation(getOrder(), rank, getLoc());
}

LogicalResult MakeTensorDescOp::verify() {
  size_t rank = getType().getBlockType().getRank();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError("expects one shape and stride per dimension of the "
                       "block (")
           << rank << "), got " << getShape().size() << " and "
           << getStrides().size();
  return success();
}

/// A descriptor moves tensors of its block's shape; leading unit dimensions
/// of the block may be dropped from the tensor.
static LogicalResult verifyDescriptorTensor(Operation *op, TensorDescType desc,
                                            RankedTensorType tensor,
                                            size_t numIndices) {
  // Upstream accepts more indices than the block has dimensions (the TMA
  // lowering checks them against the copy it emits); fewer cannot address
  // the block.
  RankedTensorType block = desc.getBlockType();
  if (numIndices < static_cast<size_t>(block.getRank()))
    return op->emitOpError("expects at least ")
           << block.getRank() << " indices, one per block dimension, but got "
           << numIndices;
  // Signedness is only a hint of the front end; the bits must match.
  Type blockElem = block.getElementType();
  Type tensorElem = tensor.getElementType();
  bool sameInts =
      blockElem.isInteger() && tensorElem.isInteger() &&
      blockElem.getIntOrFloatBitWidth() == tensorElem.getIntOrFloatBitWidth();
  auto mismatch = [&] {
    return op->emitOpError("tensor descriptor block and tensor types must "
                           "match, got ")
           << block << " and " << tensor;
  };
  if (blockElem != tensorElem && !sameInts)
    return mismatch();
  // The tensor may drop leading dimensions of the block, of size 1 only.
  ArrayRef<int64_t> blockShape = block.getShape();
  ArrayRef<int64_t> tensorShape = tensor.getShape();
  if (tensorShape.size() < blockShape.size()) {
    size_t dropped = blockShape.size() - tensorShape.size();
    if (llvm::any_of(blockShape.take_front(dropped),
                     [](int64_t dim) { return dim != 1; }))
      return op->emitOpError("ranked reduce load only allowed for unit "
                             "dimension leading dim, got ")
             << block << " and " << tensor;
    blockShape = blockShape.drop_front(dropped);
  }
  auto dropLeadingOnes = [](ArrayRef<int64_t> shape) {
    while (!shape.empty() && shape.front() == 1)
      shape = shape.drop_front();
    return shape;
  };
  if (dropLeadingOnes(blockShape) != dropLeadingOnes(tensorShape))
    return mismatch();
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getType(),
                                getIndices().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

/// Gathers and scatters move whole rows: a 2-D block of one row, one x
/// offset per row of the tensor (the gather's "result", the scatter's
/// "source").
static LogicalResult verifyGatherScatter(Operation *op, TensorDescType desc,
                                         RankedTensorType offsets,
                                         RankedTensorType tensor,
                                         StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2)
    return op->emitOpError("block must be a 2D tensor, but got ") << block;
  if (block.getDimSize(0) != 1)
    return op->emitOpError("block must have exactly 1 row, but got ") << block;
  if (offsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1D tensor, but got ")
           << offsets;
  if (tensor.getRank() != 2)
    return op->emitOpError()
           << what << " must be a 2D tensor, but got " << tensor;
  if (tensor.getDimSize(0) != offsets.getDimSize(0))
    return op->emitOpError()
           << what << " tensor must have as many rows as indices ("
           << offsets.getDimSize(0) << "), but got " << tensor;
  if (tensor.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError()
           << what << " tensor number of columns must match block ("
           << block.getDimSize(1) << "), but got " << tensor;
  if (tensor.getElementType() != block.getElementType())
    return op->emitOpError()
           << what << " tensor element type must match block ("
           << block.getElementType() << "), but got " << tensor;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getType(), "result");
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getSrc().getType(),
                             "source");
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'")
           << getCallee() << "' does not reference a valid tt.func";
  FunctionType type = callee.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError("passes ")
           << getNumOperands() << " operands, but the callee takes "
           << type.getNumInputs();
  for (auto [i, expected, actual] :
       llvm::enumerate(type.getInputs(), getOperandTypes()))
    if (expected != actual)
      return emitOpError("operand ") << i << " has type " << actual
                                     << ", but the callee expects " << expected;
  if (type.getNumResults() != getNumResults())
    return emitOpError("has ")
           << getNumResults() << " results, but the callee returns "
           << type.getNumResults();
  for (auto [i, expected, actual] :
       llvm::enumerate(type.getResults(), getResultTypes()))
    if (expected != actual)
      return emitOpError("result ") << i << " has type " << actual
                                    << ", but the callee returns " << expected;
  return success();
}

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = func.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but the enclosing function (@"
           << func.getName() << ") returns " << results.size();
  for (auto [i, expected, actual] : llvm::enumerate(results, getOperandTypes()))
    if (expected != actual)
      return emitOpError("operand ")
             << i << " has type " << actual
             << ", but the enclosing function returns " << expected;
  return success();
}
