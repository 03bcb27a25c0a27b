//===- Ops.cpp - ttg operations -------------------------------------------===//
//
// Verifiers, folders and custom formats of the ttg operations.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// `0, 32`: the static offsets of a memdesc_subslice.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int32_t value = 0;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

namespace {
/// Whether a conversion places every element where its source already is.
bool isTrivialConversion(ConvertLayoutOp op) {
  RankedTensorType srcType = op.getSrc().getType();
  Attribute srcEncoding = srcType.getEncoding();
  Attribute dstEncoding = op.getType().getEncoding();
  if (srcEncoding == dstEncoding)
    return true;
  if (!srcEncoding || !dstEncoding)
    return false;
  auto *iface =
      dyn_cast<DialectInferLayoutInterface>(&srcEncoding.getDialect());
  return iface && iface->isEquivalentLayout(srcType.getShape(), srcEncoding,
                                            dstEncoding);
}

/// Whether a reshape between the two types would have to move data: they
/// hold different numbers of registers per thread, or replicate elements
/// over different registers, lanes, warps or CTAs.
bool isExpensiveView(RankedTensorType srcType, RankedTensorType dstType) {
  std::optional<LinearLayout> src =
      toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> dst =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  if (src && dst &&
      !llvm::equal(src->getFreeVariableMasks(), dst->getFreeVariableMasks()))
    return true;
  return getTotalElemsPerThread(srcType) != getTotalElemsPerThread(dstType);
}

bool hasDotOperandEncoding(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor &&
         isa_and_present<DotOperandEncodingAttr>(tensor.getEncoding());
}

/// Folds a conversion into what produces its source: another conversion, a
/// splat, a range, a splat constant, a histogram, a shared-memory load or a
/// reordering reshape can produce any layout directly. A conversion to its
/// own type disappears.
struct FoldConvertIntoProducer : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSrc().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getSrc());
      return success();
    }
    // MMA to dot operand conversions are kept for fused attention.
    if (isa_and_nonnull<DotOperandEncodingAttr>(op.getType().getEncoding()) &&
        isa_and_nonnull<NvidiaMmaEncodingAttr>(
            op.getSrc().getType().getEncoding()))
      return failure();
    Operation *def = op.getSrc().getDefiningOp();
    if (!def)
      return failure();
    if (auto reshape = dyn_cast<ReshapeOp>(def)) {
      if (!reshape.getAllowReorder() || reshape.getEfficientLayout() ||
          isExpensiveView(reshape.getSrc().getType(), op.getType()) ||
          hasDotOperandEncoding(reshape.getSrc().getType()) ||
          hasDotOperandEncoding(op.getType()))
        return failure();
      rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), reshape.getSrc(),
                                             reshape.getAllowReorder());
      return success();
    }
    if (auto histogram = dyn_cast<HistogramOp>(def)) {
      rewriter.replaceOpWithNewOp<HistogramOp>(
          op, op.getType(), histogram.getSrc(), histogram.getMask());
      return success();
    }
    if (auto load = dyn_cast<LocalLoadOp>(def)) {
      // Loaded where the original load was: the memory may change between
      // the load and the conversion.
      rewriter.setInsertionPoint(def);
      rewriter.replaceOpWithNewOp<LocalLoadOp>(op, op.getType(), load.getSrc(),
                                               load.getToken());
      return success();
    }
    if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
      // A move between CTAs (triton-nvidia-gpu-plan-cta's) stays for
      // tritongpu-remove-layout-conversions to recompute its source in the
      // layout it names.
      if (movesBetweenCtas(convert.getSrc().getType().getEncoding(),
                           convert.getType().getEncoding()))
        return failure();
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(),
                                                   convert.getSrc());
      return success();
    }
    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<MakeRangeOp>(def)) {
      rewriter.replaceOpWithNewOp<MakeRangeOp>(
          op, op.getType(), range.getStart(), range.getEnd());
      return success();
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
      if (!splat)
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, SplatElementsAttr::get(op.getType(),
                                     splat.getSplatValue<Attribute>()));
      return success();
    }
    return failure();
  }
};

/// reshape(convert(x)) -> reshape(x), when the conversion is trivial or the
/// reshape may reorder elements without moving data.
struct FoldConvertIntoReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    if (!isTrivialConversion(convert) &&
        (isExpensiveView(convert.getSrc().getType(), op.getType()) ||
         !op.getAllowReorder()))
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), convert.getSrc(),
                                           op.getAllowReorder(),
                                           op.getEfficientLayout());
    return success();
  }
};

/// trans(x, identity) -> convert(x); trans(convert(x)) -> trans(x) when the
/// conversion is trivial.
struct FoldConvertIntoTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    if (llvm::equal(op.getOrder(),
                    llvm::seq<int32_t>(0, op.getOrder().size()))) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(),
                                                   op.getSrc());
      return success();
    }
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert || !isTrivialConversion(convert))
      return failure();
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), convert.getSrc(),
                                         op.getOrder());
    return success();
  }
};

/// histogram(convert(x)) -> histogram(x): its input layout is free; the mask
/// follows the input.
struct FoldConvertIntoHistogram : public OpRewritePattern<HistogramOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(HistogramOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    Value src = convert.getSrc();
    Value mask = op.getMask();
    if (mask) {
      auto srcType = cast<RankedTensorType>(src.getType());
      rewriter.setInsertionPoint(op);
      mask = ConvertLayoutOp::create(
          rewriter, op.getLoc(),
          srcType.clone(IntegerType::get(op.getContext(), 1)), mask);
    }
    rewriter.replaceOpWithNewOp<HistogramOp>(op, op.getType(), src, mask);
    return success();
  }
};

/// gather(convert(src), idx) -> gather(src, idx): without a layout of its
/// own a gather goes through shared memory, whatever the source layout.
struct FoldConvertIntoGatherSource : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getEfficientLayout())
      return failure();
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.replaceOpWithNewOp<GatherOp>(op, op.getType(), convert.getSrc(),
                                          op.getIndices(), op.getAxis());
    return success();
  }
};

/// local_alloc(convert(x)) -> local_alloc(x).
struct FoldConvertIntoLocalAlloc : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getSrc())
      return failure();
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.replaceOpWithNewOp<LocalAllocOp>(op, op.getType(),
                                              convert.getSrc());
    return success();
  }
};

/// local_store(convert(x), dst) -> local_store(x, dst).
struct FoldConvertIntoLocalStore : public OpRewritePattern<LocalStoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.replaceOpWithNewOp<LocalStoreOp>(op, convert.getSrc(),
                                              op.getDst());
    return success();
  }
};

/// split(convert(x)) -> split(x) when x's layout splits into the same
/// result layout.
struct FoldConvertIntoSplit : public OpRewritePattern<SplitOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SplitOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    Attribute srcEncoding = convert.getSrc().getType().getEncoding();
    auto *iface =
        srcEncoding
            ? dyn_cast<DialectInferLayoutInterface>(&srcEncoding.getDialect())
            : nullptr;
    Attribute dstEncoding;
    if (!iface ||
        failed(iface->inferSplitOpEncoding(
            srcEncoding, dstEncoding, convert.getSrc().getType().getShape(),
            std::nullopt)) ||
        dstEncoding != op.getOutLHS().getType().getEncoding())
      return failure();
    rewriter.replaceOpWithNewOp<SplitOp>(op, convert.getSrc());
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldConvertIntoProducer, FoldConvertIntoReshape,
              FoldConvertIntoTrans, FoldConvertIntoHistogram,
              FoldConvertIntoGatherSource, FoldConvertIntoLocalAlloc,
              FoldConvertIntoLocalStore, FoldConvertIntoSplit>(context);
}

LogicalResult Fp4ToFpOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType dstType = getType();
  int64_t axis = getAxis();
  if (srcType.getRank() != dstType.getRank())
    return emitOpError("source and result must have the same rank");
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for rank " << srcType.getRank();
  for (int64_t dim = 0; dim < srcType.getRank(); ++dim) {
    int64_t expected = srcType.getDimSize(dim) * (dim == axis ? 2 : 1);
    if (dstType.getDimSize(dim) != expected)
      return emitOpError("result dimension ")
             << dim << " must be " << expected << ", got "
             << dstType.getDimSize(dim);
  }
  Type elementType = dstType.getElementType();
  if (!elementType.isBF16() && !elementType.isF16())
    return emitOpError("the result must be bf16 or f16, got ") << elementType;
  Attribute srcEnc = srcType.getEncoding(), dstEnc = dstType.getEncoding();
  if (!srcEnc != !dstEnc)
    return emitOpError("source and result must both have an encoding, or "
                       "neither");
  if (!srcEnc)
    return success();
  // Each thread unpacks its own bytes: the result layout is the source's
  // with one more register bit along `axis`, the one that picks the low or
  // high nibble. Taking that bit out of the result layout (and halving the
  // other coordinates along `axis`) must give back the source layout.
  std::optional<LinearLayout> srcLayout =
      toLinearLayout(srcType.getShape(), srcEnc);
  std::optional<LinearLayout> dstLayout =
      toLinearLayout(dstType.getShape(), dstEnc);
  if (!srcLayout || !dstLayout)
    return success();
  std::optional<LinearLayout> expected =
      fp4ToFpSourceLayout(*dstLayout, axis, srcType.getShape());
  if (!expected)
    return emitOpError("the result layout must hold at least 2 elements per "
                       "thread along axis ")
           << axis;
  if (*expected != *srcLayout)
    return emitOpError("the source layout ")
           << srcEnc << " does not match the result layout " << dstEnc
           << " with the unpacked nibbles taken out along axis " << axis;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// A tensor stored in or loaded from a descriptor has its shape and element
/// type.
static LogicalResult verifyTensorMatchesMemDesc(Operation *op,
                                                RankedTensorType tensor,
                                                MemDescType memdesc) {
  // A multi-buffered memdesc is accessed one buffer at a time.
  if (std::optional<unsigned> rank =
          getSharedEncodingRank(memdesc.getEncoding());
      rank && *rank != tensor.getRank())
    return op->emitOpError("the tensor has rank ")
           << tensor.getRank() << " but the memdesc encoding has rank "
           << *rank;
  if (tensor.getShape() != memdesc.getShape())
    return op->emitOpError("tensor shape does not match the memdesc shape");
  if (tensor.getElementType() != memdesc.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType()
           << " does not match the memdesc element type "
           << memdesc.getElementType();
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!isa<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return emitOpError("allocates shared memory; the result's memory space "
                       "must be #ttg.shared_memory, got ")
           << type.getMemorySpace();
  if (type.getAllocShape() != type.getShape())
    return emitOpError("an allocation is its own alloc shape: the result "
                       "shape and alloc shape must match");
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an uninitialized allocation must be mutable");
    return success();
  }
  return verifyTensorMatchesMemDesc(*this, getSrc().getType(), type);
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // An immutable allocation of a value behaves like a pure value: it may be
  // removed when unused and merged with an identical one. Once placed in
  // shared memory, its initial store is a write like any other.
  if (getSrc() && !getType().getMutableMemory() &&
      !getOperation()->hasAttr(kAllocationOffsetAttr))
    return;
  OpResult result = getOperation()->getResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), result,
                       SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result,
                         SharedMemory::get());
}

OpFoldResult LocalAllocOp::fold(FoldAdaptor adaptor) {
  // local_alloc(local_load(x)) -> x for an immutable x of the same type.
  if (getType().getMutableMemory() || !getSrc())
    return {};
  auto load = getSrc().getDefiningOp<LocalLoadOp>();
  if (!load || load.getSrc().getType() != getType())
    return {};
  return load.getSrc();
}

LogicalResult LocalLoadOp::verify() {
  return verifyTensorMatchesMemDesc(*this, getType(), getSrc().getType());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into an immutable memdesc");
  return verifyTensorMatchesMemDesc(*this, getSrc().getType(),
                                    getDst().getType());
}

//===----------------------------------------------------------------------===//
// Memory descriptor views
//===----------------------------------------------------------------------===//

/// Whether `dst` lays out a slice of the leading dimension as `src` lays
/// out the whole: the same encoding, or the same one for the smaller rank
/// (a swizzled layout whose order drops the leading dimension, an NVMMA
/// layout of one rank less).
static bool isRankReducedEncoding(Attribute src, Attribute dst) {
  if (src == dst)
    return true;
  if (auto s = dyn_cast_or_null<SwizzledSharedEncodingAttr>(src)) {
    auto d = dyn_cast_or_null<SwizzledSharedEncodingAttr>(dst);
    if (!d || d.getVec() != s.getVec() || d.getPerPhase() != s.getPerPhase() ||
        d.getMaxPhase() != s.getMaxPhase())
      return false;
    SmallVector<unsigned> order;
    for (unsigned dim : s.getOrder())
      if (dim != 0)
        order.push_back(dim - 1);
    return ArrayRef<unsigned>(order) == d.getOrder();
  }
  if (auto s = dyn_cast_or_null<NVMMASharedEncodingAttr>(src)) {
    auto d = dyn_cast_or_null<NVMMASharedEncodingAttr>(dst);
    return d && d.getSwizzlingByteWidth() == s.getSwizzlingByteWidth() &&
           d.getTransposed() == s.getTransposed() &&
           d.getElementBitWidth() == s.getElementBitWidth() &&
           d.getFp4Padded() == s.getFp4Padded();
  }
  return false;
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (dst.getShape().size() + 1 != src.getShape().size())
    return emitOpError("result rank must be input rank - 1, got ")
           << dst.getShape().size() << " and " << src.getShape().size();
  if (dst.getShape() != src.getShape().drop_front())
    return emitOpError("result shape must be the source shape without its "
                       "leading dimension");
  if (dst.getElementType() != src.getElementType() ||
      dst.getMemorySpace() != src.getMemorySpace() ||
      dst.getMutableMemory() != src.getMutableMemory())
    return emitOpError("result must keep the element type, memory space "
                       "and mutability of the source");
  if (!isRankReducedEncoding(src.getEncoding(), dst.getEncoding()))
    return emitOpError("result must keep the encoding of the source");
  // Buffers are taken out of whole allocations only; the buffer is then a
  // whole allocation of its own.
  if (src.getAllocShape() != src.getShape() ||
      dst.getAllocShape() != dst.getShape())
    return emitOpError("alloc shape must match shape for both result and "
                       "src: memdesc_index takes a buffer out of a whole "
                       "allocation, and the buffer is one");
  return success();
}

/// Checks what every memdesc view keeps of its source: the element type,
/// the memory space and the mutability.
static LogicalResult verifyViewKeepsMemory(Operation *op, MemDescType src,
                                           MemDescType dst) {
  if (dst.getElementType() != src.getElementType())
    return op->emitOpError("result must keep the element type of the source");
  if (dst.getMemorySpace() != src.getMemorySpace())
    return op->emitOpError("result must keep the memory space of the source");
  if (dst.getMutableMemory() != src.getMutableMemory())
    return op->emitOpError("result must keep the mutability of the source");
  return success();
}

/// Whether two layouts map every input to the same coordinates, output
/// dimensions matched by position rather than by name.
static bool sameMapByPosition(const LinearLayout &a, const LinearLayout &b) {
  if (a.getNumOutDims() != b.getNumOutDims() ||
      !llvm::equal(a.getOutDimSizes(), b.getOutDimSizes()))
    return false;
  for (StringAttr inDim : a.getInDimNames()) {
    int aBits = a.getInDimSizeLog2(inDim);
    int bBits = b.hasInDim(inDim) ? b.getInDimSizeLog2(inDim) : 0;
    for (int i = 0; i < std::max(aBits, bBits); ++i) {
      SmallVector<int32_t> zero(a.getNumOutDims(), 0);
      ArrayRef<int32_t> x = i < aBits ? a.getBasis(inDim, i) : zero;
      ArrayRef<int32_t> y = i < bBits ? b.getBasis(inDim, i) : zero;
      if (x != y)
        return false;
    }
  }
  for (StringAttr inDim : b.getInDimNames())
    if (!a.hasInDim(inDim) &&
        llvm::any_of(llvm::seq(b.getInDimSizeLog2(inDim)), [&](int i) {
          return llvm::any_of(b.getBasis(inDim, i),
                              [](int32_t c) { return c != 0; });
        }))
      return false;
  return true;
}

/// The layouts of a whole (not sliced) view and of its source, or nullopt
/// when either is sliced or has an encoding this toolchain does not lay out.
static std::optional<std::pair<LinearLayout, LinearLayout>>
wholeViewLayouts(MemDescType src, MemDescType dst) {
  if (src.getAllocShape() != src.getShape() ||
      dst.getAllocShape() != dst.getShape())
    return std::nullopt;
  std::optional<LinearLayout> a =
      toLinearLayout(src.getShape(), src.getEncoding());
  std::optional<LinearLayout> b =
      toLinearLayout(dst.getShape(), dst.getEncoding());
  if (!a || !b)
    return std::nullopt;
  return std::make_pair(*a, *b);
}

/// A slice must be a block of the memory: along each split dimension the
/// slice sizes (dst size, twice that, ... up to the source size) must each be
/// one offset bit of the layout, which swizzles do not mix with others.
static LogicalResult verifySubsliceLayout(Operation *op, MemDescType src,
                                          MemDescType dst,
                                          ArrayRef<unsigned> splitDims) {
  Attribute encoding = src.getEncoding();
  if (!isSharedEncoding(encoding))
    return success();
  unsigned rank = src.getShape().size();
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(encoding);
      padded && padded.getRank() < rank)
    return op->emitOpError(
        "SubSlice of low rank PaddedSharedEncoding from higher "
        "rank tensors is not supported yet");
  ArrayRef<int64_t> allocShape = src.getAllocShape().take_back(rank);
  std::optional<LinearLayout> layout = toLinearLayout(allocShape, encoding);
  if (!layout)
    return success();
  MLIRContext *ctx = op->getContext();
  StringAttr kBlock = StringAttr::get(ctx, "block");
  if (layout->hasInDim(kBlock) && layout->getFreeVariableMasks()[kBlock] != 0)
    return op->emitOpError(
        "non-trivial block dimension not supported: CTAs that "
        "hold copies of the same data cannot be subsliced");
  LinearLayout inverse = layout->pseudoinvert();
  SmallVector<StringAttr> dims = standardOutDimNames(ctx, rank);
  for (unsigned dim : splitDims) {
    for (int64_t size = dst.getShape()[dim]; size < allocShape[dim];
         size *= 2) {
      SmallVector<std::pair<StringAttr, int32_t>> coords;
      for (auto [d, name] : llvm::enumerate(dims))
        coords.push_back({name, d == dim ? static_cast<int32_t>(size) : 0});
      int32_t offset = inverse.apply(coords).front().second;
      if (!llvm::isPowerOf2_32(offset))
        return op->emitOpError("We don't support splitting along the swizzling "
                               "pattern (dimension ")
               << dim << " at " << size << ")";
    }
  }
  return success();
}

/// Whether a slice `dst` of `src` whose type names no alloc shape of its
/// own (its alloc shape is its shape) is laid out in memory as a whole
/// buffer of its shape would be: every element at the same offset from the
/// slice's first one. Then the source's alloc shape need not be kept (a
/// slice of whole rows of a row-major buffer, say).
static bool isLaidOutAsWhole(MemDescType src, MemDescType dst) {
  if (dst.getAllocShape() != dst.getShape() ||
      !isSharedEncoding(src.getEncoding()))
    return false;
  unsigned rank = dst.getShape().size();
  std::optional<LinearLayout> whole =
      toLinearLayout(src.getAllocShape().take_back(rank), src.getEncoding());
  std::optional<LinearLayout> part =
      toLinearLayout(dst.getShape(), dst.getEncoding());
  if (!whole || !part)
    return false;
  LinearLayout wholeInverse = whole->pseudoinvert();
  LinearLayout partInverse = part->pseudoinvert();
  SmallVector<StringAttr> dims = standardOutDimNames(src.getContext(), rank);
  // Both are linear: equal offsets for every power of two along every
  // dimension make them equal on the whole slice.
  for (unsigned d = 0; d < rank; ++d)
    for (int64_t step = 1; step < dst.getShape()[d]; step *= 2) {
      SmallVector<std::pair<StringAttr, int32_t>> coords;
      for (auto [i, name] : llvm::enumerate(dims))
        coords.push_back({name, i == d ? static_cast<int32_t>(step) : 0});
      if (wholeInverse.apply(coords) != partInverse.apply(coords))
        return false;
    }
  return true;
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (src.getShape().size() != dst.getShape().size() ||
      offsets.size() != src.getShape().size())
    return emitOpError("source, result and offsets must have the same rank");
  SmallVector<unsigned> splitDims;
  for (auto [i, offset] : llvm::enumerate(offsets)) {
    if (offset < 0 || offset + dst.getShape()[i] > src.getShape()[i])
      return emitOpError("the slice of dimension ") << i << " is out of bounds";
    if (dst.getShape()[i] == src.getShape()[i]) {
      if (offset != 0)
        return emitOpError("A non zero offset found in a dimension that is "
                           "not being split (dimension ")
               << i << ", offset " << offset << ")";
      continue;
    }
    splitDims.push_back(i);
    if (offset % dst.getShape()[i] != 0)
      return emitOpError("The split offset may not touch the tile: offset ")
             << offset << " of dimension " << i
             << " must be a multiple of the slice size " << dst.getShape()[i];
  }
  if (failed(verifyViewKeepsMemory(*this, src, dst)))
    return failure();
  if (!isRankReducedEncoding(src.getEncoding(), dst.getEncoding()))
    return emitOpError("result must keep the encoding of the source");
  if (!splitDims.empty() &&
      failed(verifySubsliceLayout(*this, src, dst, splitDims)))
    return failure();
  if (dst.getAllocShape() != src.getAllocShape() && !isLaidOutAsWhole(src, dst))
    return emitOpError("result must keep the alloc shape of the source");
  return success();
}

LogicalResult MemDescTransOp::verify() {
  ArrayRef<int32_t> order = getOrder();
  ArrayRef<int64_t> srcShape = getSrc().getType().getShape();
  ArrayRef<int64_t> dstShape = getType().getShape();
  if (order.size() != srcShape.size() || dstShape.size() != srcShape.size())
    return emitOpError("order must have one entry per dimension");
  SmallVector<bool> seen(order.size(), false);
  for (auto [i, dim] : llvm::enumerate(order)) {
    if (dim < 0 || dim >= static_cast<int32_t>(order.size()) || seen[dim])
      return emitOpError("order must be a permutation");
    seen[dim] = true;
    if (dstShape[i] != srcShape[dim])
      return emitOpError("result dimension ")
             << i << " must be source dimension " << dim;
  }
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(verifyViewKeepsMemory(*this, src, dst)))
    return failure();
  // The result's encoding must put every element at the offset the source
  // puts it: the source's layout with its dimensions permuted.
  if (auto layouts = wholeViewLayouts(src, dst)) {
    SmallVector<StringAttr> permuted;
    SmallVector<StringAttr> names(layouts->first.getOutDimNames());
    for (int32_t dim : order)
      permuted.push_back(names[dim]);
    if (!sameMapByPosition(layouts->first.transposeOuts(permuted),
                           layouts->second))
      return emitOpError("result encoding ")
             << dst.getEncoding()
             << " does not lay out the transposed buffer as the source "
                "encoding does";
  }
  return success();
}

OpFoldResult MemDescTransOp::fold(FoldAdaptor) {
  ArrayRef<int32_t> order = getOrder();
  if (llvm::equal(order, llvm::seq<int32_t>(0, order.size())) &&
      getSrc().getType() == getType())
    return getSrc();
  return {};
}

LogicalResult MemDescReshapeOp::verify() {
  auto count = [](ArrayRef<int64_t> shape) {
    int64_t n = 1;
    for (int64_t dim : shape)
      n *= dim;
    return n;
  };
  if (count(getSrc().getType().getShape()) != count(getType().getShape()))
    return emitOpError("source and result must have the same number of "
                       "elements");
  MemDescType src = getSrc().getType(), dst = getType();
  if (failed(verifyViewKeepsMemory(*this, src, dst)))
    return failure();
  // The result's encoding must put every element, in row-major order, at
  // the offset the source puts it.
  if (auto layouts = wholeViewLayouts(src, dst))
    if (!sameMapByPosition(reshapeRowMajor(layouts->first, dst.getShape()),
                           layouts->second))
      return emitOpError("result encoding ")
             << dst.getEncoding()
             << " does not lay out the reshaped buffer as the source "
                "encoding does";
  return success();
}

OpFoldResult MemDescReinterpretOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  MemDescType dstType = getResult().getType();
  if (!dstType.getMutableMemory())
    return emitOpError("cannot copy into an immutable memdesc");
  if (srcType.getShape() != dstType.getShape())
    return emitOpError("source and destination must have the same shape");
  if (getPointeeType(srcType.getElementType()) != dstType.getElementType())
    return emitOpError("the source's pointee type must be the destination's "
                       "element type");
  return success();
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  return cast<WarpSpecializePartitionsOp>(
      getPartitionOpHolder().front().front());
}

MutableArrayRef<Region> WarpSpecializeOp::getPartitionRegions() {
  return getPartitionOp().getPartitionRegions();
}

void WarpSpecializeOp::getSuccessorRegions(
    RegionBranchPoint src, SmallVectorImpl<RegionSuccessor> &successors) {
  // The parent enters the default region, which returns to the parent. The
  // partitions run asynchronously and are not part of this control flow.
  if (src.isParent()) {
    successors.emplace_back(&getDefaultRegion());
    return;
  }
  successors.emplace_back(getOperation(), getResults());
}

OperandRange
WarpSpecializeOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  return getExplicitCaptures().take_front(0);
}

namespace {
/// Drops the captures no partition uses, and a capture that repeats an
/// earlier one (its uses take the earlier one's argument).
struct DropUnusedWarpSpecializeCaptures
    : public OpRewritePattern<WarpSpecializeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WarpSpecializeOp op,
                                PatternRewriter &rewriter) const override {
    OperandRange captures = op.getExplicitCaptures();
    llvm::BitVector drop(captures.size());
    for (auto [i, capture] : llvm::enumerate(captures)) {
      auto first = llvm::find(captures.take_front(i), capture);
      if (first != captures.begin() + i) {
        unsigned j = first - captures.begin();
        for (Region &region : op.getPartitionRegions())
          rewriter.replaceAllUsesWith(region.getArgument(i),
                                      region.getArgument(j));
      }
      drop[i] = llvm::all_of(op.getPartitionRegions(), [&](Region &region) {
        return region.getArgument(i).use_empty();
      });
    }
    if (drop.none())
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      for (Region &region : op.getPartitionRegions())
        region.front().eraseArguments(drop);
      op->eraseOperands(drop);
    });
    return success();
  }
};

/// Drops the results nobody uses, and what the default region yields for
/// them.
struct DropUnusedWarpSpecializeResults
    : public OpRewritePattern<WarpSpecializeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WarpSpecializeOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> kept;
    SmallVector<Type> types;
    for (OpResult result : op.getResults())
      if (!result.use_empty()) {
        kept.push_back(result.getResultNumber());
        types.push_back(result.getType());
      }
    if (kept.size() == op.getNumResults())
      return failure();
    auto yield =
        cast<WarpYieldOp>(op.getDefaultRegion().front().getTerminator());
    SmallVector<Value> values;
    for (unsigned i : kept)
      values.push_back(yield.getValues()[i]);
    rewriter.modifyOpInPlace(yield,
                             [&] { yield.getValuesMutable().assign(values); });
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(op->getOperands());
    state.addAttributes(op->getAttrs());
    state.addTypes(types);
    state.addRegion();
    state.addRegion();
    Operation *replacement = rewriter.create(state);
    for (unsigned r = 0; r < 2; ++r)
      rewriter.inlineRegionBefore(op->getRegion(r), replacement->getRegion(r),
                                  replacement->getRegion(r).end());
    for (auto [i, index] : llvm::enumerate(kept))
      rewriter.replaceAllUsesWith(op.getResult(index),
                                  replacement->getResult(i));
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void WarpSpecializeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results
      .add<DropUnusedWarpSpecializeCaptures, DropUnusedWarpSpecializeResults>(
          context);
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << "(" << getExplicitCaptures() << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {"partitionNumWarps"});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region, numWarps] :
       llvm::enumerate(getPartitionRegions(), getPartitionNumWarps())) {
    printer.printNewline();
    printer << "partition" << i << "(";
    llvm::interleaveComma(
        region.getArguments(), printer,
        [&](BlockArgument arg) { printer.printRegionArgument(arg); });
    printer << ") num_warps(" << numWarps << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(getExplicitCaptures().getTypes(),
                              getResultTypes());
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, AsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default"))
    return failure();
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion))
    return failure();

  // The partitions op is located where the partitions start, so that its
  // diagnostics (an empty partition region) point there.
  SMLoc partitionsLoc = parser.getCurrentLocation();
  SmallVector<std::unique_ptr<Region>> partitions;
  SmallVector<int32_t> numWarps;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(partitions.size())).str()))) {
    SmallVector<OpAsmParser::Argument> args;
    int32_t warps = 0;
    if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen())
      return failure();
    auto region = std::make_unique<Region>();
    if (parser.parseRegion(*region, args))
      return failure();
    partitions.push_back(std::move(region));
    numWarps.push_back(warps);
  }

  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  // The partitions live in a warp_specialize.partitions op in the holder
  // region.
  Region *holder = result.addRegion();
  Block *block = new Block();
  holder->push_back(block);
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToEnd(block);
  OperationState partitionsState(
      parser.getEncodedSourceLoc(partitionsLoc),
      WarpSpecializePartitionsOp::getOperationName());
  for (std::unique_ptr<Region> &region : partitions)
    partitionsState.addRegion(std::move(region));
  builder.create(partitionsState);
  return success();
}

LogicalResult WarpSpecializeOp::verify() {
  if (getPartitionOpHolder().empty() ||
      getPartitionOpHolder().front().empty() ||
      !isa<WarpSpecializePartitionsOp>(getPartitionOpHolder().front().front()))
    return emitOpError("expected to find only a "
                       "`ttg.warp_specialize.partitions` op inside its second "
                       "region");
  size_t numPartitions = getPartitionRegions().size();
  if (getPartitionNumWarps().size() != numPartitions)
    return emitOpError("has ")
           << numPartitions << " partitions but `partitionNumWarps` has "
           << getPartitionNumWarps().size() << " elements";
  for (auto [i, warps] : llvm::enumerate(getPartitionNumWarps()))
    if (warps <= 0 || !llvm::isPowerOf2_32(warps))
      return emitOpError("partition #")
             << i << " number of warps (" << warps << ") must be a power of 2";
  if (std::optional<ArrayRef<int32_t>> starts = getWarpGroupStartIds())
    if (starts->size() != numPartitions)
      return emitOpError("has ")
             << starts->size() << " warp group start IDs but expected "
             << numPartitions;
  TypeRange captureTypes = getExplicitCaptures().getTypes();
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    if (region.getNumArguments() != captureTypes.size())
      return emitOpError("partition region #")
             << i << " has " << region.getNumArguments()
             << " arguments but expected " << captureTypes.size();
    for (auto [argIdx, argType, captureType] :
         llvm::enumerate(region.getArgumentTypes(), captureTypes))
      if (argType != captureType)
        return emitOpError("partition region #")
               << i << " argument #" << argIdx << " has type " << argType
               << " but corresponding capture has type " << captureType;
  }
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError("cannot be nested inside another "
                       "`ttg.warp_specialize` op");
  // The default partition runs on whole warp groups.
  if (std::optional<int64_t> warps = lookupNumWarps(*this);
      warps && *warps % 4 != 0)
    return emitOpError("needs a number of warps that is a multiple of 4 "
                       "around it, got ")
           << *warps;
  return success();
}

LogicalResult WarpYieldOp::verify() {
  auto parent = cast<WarpSpecializeOp>((*this)->getParentOp());
  if (getNumOperands() != parent.getNumResults())
    return emitOpError("has ")
           << getNumOperands() << " operands but parent op expected "
           << parent.getNumResults();
  for (auto [i, type, expected] :
       llvm::enumerate(getOperandTypes(), parent.getResultTypes()))
    if (type != expected)
      return emitOpError("operand #") << i << " has type " << type
                                      << " but parent op expected " << expected;
  return success();
}
