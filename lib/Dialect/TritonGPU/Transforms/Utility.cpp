//===- Utility.cpp - helpers shared by the ttg passes ---------------------===//

#include "Dialect/TritonGPU/Transforms/Utility.h"

#include "Analysis/AxisInfo.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/WarpShuffle.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

Value mlir::triton::gpu::getMemAccessPtr(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([](LoadOp op) { return op.getPtr(); })
      .Case([](StoreOp op) { return op.getPtr(); })
      .Case([](AtomicRMWOp op) { return op.getPtr(); })
      .Case([](AtomicCASOp op) { return op.getPtr(); })
      .Case([](AsyncCopyGlobalToLocalOp op) { return op.getSrc(); })
      .Default([](Operation *) { return Value(); });
}

unsigned mlir::triton::gpu::getElementBitWidth(RankedTensorType type) {
  Type element = type.getElementType();
  if (auto ptr = dyn_cast<PointerType>(element))
    element = ptr.getPointeeType();
  if (isa<PointerType>(element))
    return 64;
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 8;
}

std::optional<int> mlir::triton::gpu::maybeLookupNumWarps(Operation *op) {
  if (std::optional<int64_t> warps = lookupNumWarps(op))
    return static_cast<int>(*warps);
  return std::nullopt;
}

int mlir::triton::gpu::lookupThreadsPerWarp(Operation *op) {
  auto mod =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (mod)
    if (auto attr = mod->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      return attr.getInt();
  return 32;
}

SmallVector<int64_t> mlir::triton::gpu::getShapePerCTA(RankedTensorType type) {
  unsigned rank = type.getRank();
  if (!type.getEncoding())
    return SmallVector<int64_t>(type.getShape());
  return getShapePerCTA(getCgaBases(type.getEncoding(), rank), rank,
                        type.getShape());
}

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> sizePerThread,
    ArrayRef<unsigned> order, unsigned numWarps, unsigned threadsPerWarp,
    ArrayRef<int32_t> cgaBases) {
  unsigned rank = sizePerThread.size();
  return getBlockedEncodingForPart(ctx, getShapePerCTA(cgaBases, rank, shape),
                                   sizePerThread, order, threadsPerWarp,
                                   numWarps, cgaBases);
}

SmallVector<unsigned>
mlir::triton::gpu::getOrderFromContiguity(ArrayRef<int64_t> contiguity) {
  SmallVector<unsigned> order(contiguity.size());
  std::iota(order.rbegin(), order.rend(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return contiguity[a] > contiguity[b];
  });
  return order;
}

unsigned mlir::triton::gpu::getNumElementsPerThread(
    Operation *op, ArrayRef<unsigned> order, ModuleAxisInfoAnalysis &axisInfo) {
  Value ptr = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(ptr.getType());
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(type);
  AxisInfo *info = axisInfo.getAxisInfo(ptr);
  unsigned elemBits = getElementBitWidth(type);
  if (!info || info->getRank() != type.getRank())
    return 1;
  // Upstream keeps these in 32 bits: a divisibility of 2^62 (a known 0)
  // counts as 0 bytes, hence 1 element.
  unsigned elemBytes = std::max(elemBits / 8, 1u);
  unsigned divisibilityBytes =
      static_cast<unsigned>(info->getDivisibility(order[0]));
  unsigned maxMultiple = std::max(divisibilityBytes / elemBytes, 1u);
  unsigned maxContig = static_cast<unsigned>(
      std::min(info->getContiguity(order[0]), shapePerCTA[order[0]]));
  unsigned alignment = std::min(maxMultiple, maxContig);
  return std::min(alignment, std::max(128 / elemBits, 1u));
}

Operation *mlir::triton::gpu::convertDistributedOpEncoding(Attribute encoding,
                                                           Operation *op) {
  OpBuilder builder(op);
  auto withEncoding = [&](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                 encoding);
  };
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto tensor = dyn_cast<RankedTensorType>(operand.getType());
    if (tensor && !isSharedEncoding(tensor.getEncoding()))
      operand = ConvertLayoutOp::create(builder, op->getLoc(),
                                        withEncoding(tensor), operand);
    operands.push_back(operand);
  }
  Operation *newOp = builder.clone(*op);
  newOp->setOperands(operands);
  bool keepResults = isa<AsyncCopyGlobalToLocalOp>(op);
  for (OpResult result : newOp->getResults())
    if (!keepResults && isa<RankedTensorType>(result.getType()))
      result.setType(withEncoding(result.getType()));
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), newOp->getResults())) {
    Value replacement = newResult;
    if (newResult.getType() != oldResult.getType())
      replacement = ConvertLayoutOp::create(builder, op->getLoc(),
                                            oldResult.getType(), newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
  return newOp;
}

//===----------------------------------------------------------------------===//
// Layout propagation
//===----------------------------------------------------------------------===//

static DialectInferLayoutInterface *getInferInterface(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<DialectInferLayoutInterface>(&encoding.getDialect());
}

/// Ops whose tensor operands and results share one encoding.
static bool keepsEncoding(Operation *op) {
  return op->hasTrait<OpTrait::SameOperandsAndResultEncoding>() ||
         op->hasTrait<OpTrait::SameLoadStoreOperandsAndResultEncoding>() ||
         op->hasTrait<OpTrait::Elementwise>();
}

static Attribute inferTransEncoding(Attribute encoding, ArrayRef<int64_t> shape,
                                    ArrayRef<int32_t> order) {
  Attribute result;
  DialectInferLayoutInterface *iface = getInferInterface(encoding);
  if (!iface || failed(iface->inferTransOpEncoding(encoding, shape, order,
                                                   result, std::nullopt)))
    return {};
  return result;
}

static Attribute inferReshapeEncoding(ArrayRef<int64_t> srcShape,
                                      Attribute encoding,
                                      ArrayRef<int64_t> dstShape) {
  Attribute result;
  DialectInferLayoutInterface *iface = getInferInterface(encoding);
  if (!iface || failed(iface->inferReshapeOpEncoding(
                    srcShape, encoding, dstShape, result, std::nullopt)))
    return {};
  return result;
}

Attribute mlir::triton::gpu::inferDstEncoding(Operation *op,
                                              Attribute encoding) {
  if (!encoding)
    return {};
  if (isa<ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (keepsEncoding(op) ||
      isa<scf::WhileOp, scf::ForOp, scf::YieldOp, scf::ConditionOp,
          nvidia_gpu::WarpGroupDotWaitOp>(op))
    return encoding;
  return TypeSwitch<Operation *, Attribute>(op)
      .Case([&](ReduceOp reduce) -> Attribute {
        auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
        if (srcType.getRank() == 1)
          return {};
        return SliceEncodingAttr::get(op->getContext(), reduce.getAxis(),
                                      encoding);
      })
      .Case([&](ExpandDimsOp expand) -> Attribute {
        auto slice = dyn_cast<SliceEncodingAttr>(encoding);
        if (!slice || slice.getDim() != expand.getAxis())
          return {};
        return slice.getParent();
      })
      .Case([&](JoinOp join) -> Attribute {
        Attribute result;
        DialectInferLayoutInterface *iface = getInferInterface(encoding);
        if (!iface || failed(iface->inferJoinOpEncoding(
                          encoding, result, join.getLhs().getType().getShape(),
                          std::nullopt)))
          return {};
        return result;
      })
      .Case([&](SplitOp split) -> Attribute {
        Attribute result;
        DialectInferLayoutInterface *iface = getInferInterface(encoding);
        if (!iface || failed(iface->inferSplitOpEncoding(
                          encoding, result, split.getSrc().getType().getShape(),
                          std::nullopt)))
          return {};
        return result;
      })
      .Case([&](TransOp trans) {
        return inferTransEncoding(encoding, trans.getSrc().getType().getShape(),
                                  trans.getOrder());
      })
      .Case([&](ReshapeOp reshape) -> Attribute {
        // A reordering reshape keeps the layout it was given.
        if (reshape.getAllowReorder())
          return reshape.getType().getEncoding();
        return inferReshapeEncoding(reshape.getSrc().getType().getShape(),
                                    encoding, reshape.getType().getShape());
      })
      .Case([&](GatherOp) { return encoding; })
      .Case([&](Fp4ToFpOp fp4) -> Attribute {
        std::optional<LinearLayout> src =
            toLinearLayout(fp4.getSrc().getType().getShape(), encoding);
        if (!src)
          return {};
        return linearEncodingFrom(fp4ToFpResultLayout(
            *src, fp4.getAxis(), fp4.getType().getShape()));
      })
      .Default([](Operation *) { return Attribute(); });
}

Attribute mlir::triton::gpu::inferSrcEncoding(Operation *op,
                                              Attribute encoding) {
  if (!encoding)
    return {};
  if (isa<ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (keepsEncoding(op) || isa<scf::WhileOp, scf::YieldOp, scf::ConditionOp,
                                nvidia_gpu::WarpGroupDotWaitOp>(op))
    return encoding;
  return TypeSwitch<Operation *, Attribute>(op)
      .Case([&](ReduceOp reduce) -> Attribute {
        auto slice = dyn_cast<SliceEncodingAttr>(encoding);
        if (!slice || slice.getDim() != reduce.getAxis())
          return {};
        return slice.getParent();
      })
      .Case([&](ExpandDimsOp expand) -> Attribute {
        return SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                      encoding);
      })
      .Case([&](JoinOp join) -> Attribute {
        // Split undoes join.
        Attribute result;
        DialectInferLayoutInterface *iface = getInferInterface(encoding);
        if (!iface ||
            failed(iface->inferSplitOpEncoding(
                encoding, result, join.getType().getShape(), std::nullopt)))
          return {};
        return result;
      })
      .Case([&](SplitOp split) -> Attribute {
        // Join undoes split.
        Attribute result;
        DialectInferLayoutInterface *iface = getInferInterface(encoding);
        if (!iface ||
            failed(iface->inferJoinOpEncoding(
                encoding, result, split.getOutLHS().getType().getShape(),
                std::nullopt)))
          return {};
        return result;
      })
      .Case([&](TransOp trans) {
        // trans(trans(x, order), inverse(order)) == x.
        ArrayRef<int32_t> order = trans.getOrder();
        SmallVector<int32_t> inverse(order.size());
        for (auto [i, dim] : llvm::enumerate(order))
          inverse[dim] = i;
        return inferTransEncoding(encoding, trans.getType().getShape(),
                                  inverse);
      })
      .Case([&](ReshapeOp reshape) -> Attribute {
        if (reshape.getAllowReorder())
          return reshape.getSrc().getType().getEncoding();
        return inferReshapeEncoding(reshape.getType().getShape(), encoding,
                                    reshape.getSrc().getType().getShape());
      })
      .Case([&](GatherOp) { return encoding; })
      .Case([&](Fp4ToFpOp fp4) -> Attribute {
        std::optional<LinearLayout> dst =
            toLinearLayout(fp4.getType().getShape(), encoding);
        if (!dst)
          return {};
        std::optional<LinearLayout> src = fp4ToFpSourceLayout(
            *dst, fp4.getAxis(), fp4.getSrc().getType().getShape());
        if (!src)
          return {};
        return linearEncodingFrom(*src);
      })
      .Default([](Operation *) { return Attribute(); });
}

bool mlir::triton::gpu::isExpensiveLoadOrStore(Operation *op) {
  auto ptrType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  // A scalar (or single-element) access is the same in every thread.
  if (!ptrType || ptrType.getNumElements() == 1)
    return false;
  // With fewer elements than threads some threads repeat others' accesses,
  // which the cache serves cheaply.
  std::optional<int> numWarps = maybeLookupNumWarps(op);
  assert(numWarps && "the access runs under no ttg.num-warps");
  return ptrType.getNumElements() >=
         int64_t(*numWarps) * lookupThreadsPerWarp(op);
}

bool mlir::triton::gpu::canFoldIntoConversion(Operation *op,
                                              Attribute encoding) {
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // Conversions into an MMA layout are kept: they feed the accumulator
    // the tensor cores expect.
    if (isa<NvidiaMmaEncodingAttr>(encoding))
      return convert.getSrc().getType().getEncoding() == encoding;
    return true;
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // A reordering reshape may pick any result layout that keeps the number
    // of registers per thread.
    if (!reshape.getAllowReorder() || reshape.getEfficientLayout())
      return false;
    RankedTensorType srcType = reshape.getSrc().getType();
    RankedTensorType dstType = reshape.getType().cloneWithEncoding(encoding);
    return getTotalElemsPerThread(srcType) == getTotalElemsPerThread(dstType);
  }
  // A splat constant folds into the conversion (canonicalization); other
  // dense constants are made again in the new layout (rewriteSlice).
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  return isa<MakeRangeOp, SplatOp, HistogramOp, LocalAllocOp, LocalLoadOp,
             LocalStoreOp>(op);
}

bool mlir::triton::gpu::isView(Operation *op) {
  return isa<ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp>(op);
}

LogicalResult mlir::triton::gpu::getConvertBackwardSlice(
    OpOperand &root, llvm::SetVector<Value> &slice, Attribute rootEncoding,
    DenseMap<Value, Attribute> &layout,
    std::function<bool(Operation *)> stopPropagation,
    std::function<Value(OpOperand &, Attribute)> getExistingConversion) {
  DenseSet<std::pair<OpOperand *, Attribute>> seen;
  SmallVector<std::pair<OpOperand *, Attribute>> queue;
  auto enqueue = [&](OpOperand &operand, Attribute encoding) {
    if (seen.insert({&operand, encoding}).second)
      queue.push_back({&operand, encoding});
  };
  auto assign = [&](Value value, Attribute encoding) {
    Attribute &existing = layout[value];
    if (existing && existing != encoding)
      return failure();
    existing = encoding;
    return success();
  };
  enqueue(root, rootEncoding);
  while (!queue.empty()) {
    auto [use, encoding] = queue.pop_back_val();
    Value value = use->get();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      continue;
    Operation *def = value.getDefiningOp();
    // Loop results would need the whole loop rewritten.
    if (isa_and_nonnull<scf::ForOp, scf::WhileOp, WarpSpecializeOp>(def))
      return failure();
    if (failed(assign(value, encoding)))
      return failure();
    if (type.getEncoding() == encoding)
      continue;
    slice.insert(value);
    if (getExistingConversion && getExistingConversion(*use, encoding))
      continue;
    if (auto ifOp = dyn_cast_if_present<scf::IfOp>(def)) {
      if (stopPropagation && stopPropagation(ifOp))
        continue;
      unsigned index = cast<OpResult>(value).getResultNumber();
      enqueue(ifOp.thenYield()->getOpOperand(index), encoding);
      enqueue(ifOp.elseYield()->getOpOperand(index), encoding);
      continue;
    }
    if (def) {
      // A wait passes each tensor through in its own layout: with one
      // tensor, it takes the new layout like an elementwise op; with
      // several, the others would need theirs too.
      if (auto wait = dyn_cast<nvidia_gpu::WarpGroupDotWaitOp>(def);
          wait && llvm::count_if(wait.getResultTypes(), [](Type t) {
                    return isa<RankedTensorType>(t);
                  }) > 1)
        return failure();
      // Every tensor result of a multi-result op takes the encoding too.
      for (Value result : def->getResults()) {
        if (result == value || !isa<RankedTensorType>(result.getType()))
          continue;
        if (failed(assign(result, encoding)))
          return failure();
        slice.insert(result);
      }
      if (auto convert = dyn_cast<ConvertLayoutOp>(def);
          convert &&
          cvtReordersRegisters(convert.getSrc().getType(), convert.getType())) {
        enqueue(convert.getSrcMutable(), encoding);
        continue;
      }
      if (canFoldIntoConversion(def, encoding))
        continue;
      if (stopPropagation && stopPropagation(def))
        continue;
      if (isa<CatOp>(def))
        return failure();
      // A constant's value in another layout: a dense one is made again
      // (its values are held by index), a resource cannot be.
      if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
        if (!isa<DenseElementsAttr>(constant.getValue()))
          return failure();
        continue;
      }
      if (auto gather = dyn_cast<GatherOp>(def)) {
        // Only the indices follow the result's layout.
        enqueue(gather.getIndicesMutable(), encoding);
        continue;
      }
      // A descriptor load reads its block in any layout: its operands (the
      // descriptor and scalar indices) take none.
      if (isa<DescriptorLoadOp>(def))
        continue;
      for (OpOperand &operand : def->getOpOperands()) {
        Attribute srcEncoding = inferSrcEncoding(def, encoding);
        if (!srcEncoding)
          return failure();
        enqueue(operand, srcEncoding);
      }
      continue;
    }
    auto blockArg = cast<BlockArgument>(value);
    if (auto forOp = dyn_cast<scf::ForOp>(blockArg.getOwner()->getParentOp())) {
      enqueue(*forOp.getTiedLoopInit(blockArg), encoding);
      enqueue(forOp.getBody()->getTerminator()->getOpOperand(
                  blockArg.getArgNumber() - forOp.getNumInductionVars()),
              encoding);
      continue;
    }
    return failure();
  }
  return success();
}

scf::ForOp mlir::triton::gpu::replaceForOpWithNewSignature(
    OpBuilder &builder, scf::ForOp loop, ValueRange newIterOperands,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop);
  SmallVector<Value> operands(loop.getInitArgs());
  operands.append(newIterOperands.begin(), newIterOperands.end());
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), operands);
  newLoop->setAttrs(loop->getAttrs());
  newLoop.getBody()->erase();
  newLoop.getRegion().getBlocks().splice(
      newLoop.getRegion().getBlocks().begin(), loop.getRegion().getBlocks());
  for (Value operand : newIterOperands)
    newLoop.getBody()->addArgument(operand.getType(), operand.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(),
                 newLoop.getResults().take_front(loop.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newLoop;
}

scf::ForOp mlir::triton::gpu::replaceForOpWithNewSignature(
    OpBuilder &builder, scf::ForOp loop, ValueRange newIterOperands) {
  SmallVector<std::tuple<Value, Value>> replacements;
  scf::ForOp newLoop = replaceForOpWithNewSignature(
      builder, loop, newIterOperands, replacements);
  for (auto [oldValue, newValue] : replacements)
    oldValue.replaceAllUsesWith(newValue);
  return newLoop;
}

scf::IfOp mlir::triton::gpu::replaceIfOpWithNewSignature(
    OpBuilder &builder, scf::IfOp ifOp, TypeRange newResultTypes,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp);
  SmallVector<Type> resultTypes(ifOp.getResultTypes());
  resultTypes.append(newResultTypes.begin(), newResultTypes.end());
  auto newIf = scf::IfOp::create(builder, ifOp.getLoc(), resultTypes,
                                 ifOp.getCondition());
  newIf->setAttrs(ifOp->getAttrs());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  scf::IfOp::ensureTerminator(newIf.getThenRegion(), builder, ifOp.getLoc());
  scf::IfOp::ensureTerminator(newIf.getElseRegion(), builder, ifOp.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(ifOp.getResults(),
                 newIf.getResults().take_front(ifOp.getNumResults())))
    replacements.push_back({oldResult, newResult});
  return newIf;
}

//===----------------------------------------------------------------------===//
// Conversions as linear layouts
//===----------------------------------------------------------------------===//

/// The map from where the destination layout keeps each element (register,
/// lane, warp, block) to where the source layout keeps it, or nullopt when
/// either layout is unknown or they hold different elements.
static std::optional<LinearLayout> getConversionMap(RankedTensorType srcType,
                                                    RankedTensorType dstType) {
  if (!srcType.getEncoding() || !dstType.getEncoding())
    return std::nullopt;
  std::optional<LinearLayout> src =
      toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> dst =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  if (!src || !dst)
    return std::nullopt;
  return dst->invertAndCompose(*src);
}

bool mlir::triton::gpu::cvtReordersRegisters(RankedTensorType srcType,
                                             RankedTensorType dstType) {
  if (srcType.getEncoding() == dstType.getEncoding())
    return true;
  std::optional<LinearLayout> map = getConversionMap(srcType, dstType);
  if (!map)
    return false;
  MLIRContext *ctx = srcType.getContext();
  return llvm::all_of(ArrayRef<StringRef>{"lane", "warp", "block"},
                      [&](StringRef dim) {
                        return map->isTrivialOver(StringAttr::get(ctx, dim));
                      });
}

bool mlir::triton::gpu::cvtNeedsWarpShuffle(RankedTensorType srcType,
                                            RankedTensorType dstType) {
  std::optional<LinearLayout> map = getConversionMap(srcType, dstType);
  if (!map)
    return false;
  MLIRContext *ctx = srcType.getContext();
  if (map->isTrivialOver(StringAttr::get(ctx, "lane")) ||
      !map->isTrivialOver(StringAttr::get(ctx, "warp")) ||
      !map->isTrivialOver(StringAttr::get(ctx, "block")))
    return false;
  // Shuffles pay off when at most one lane bit trades places with a register
  // bit, each way: more (a broadcast to every lane, say) takes as many rounds
  // of shuffles as shared memory takes accesses.
  std::optional<LinearLayout> src =
      toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> dst =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  return countLaneRegisterSwaps(*src, *dst) < 2;
}

bool mlir::triton::gpu::cvtNeedsSharedMemory(RankedTensorType srcType,
                                             RankedTensorType dstType) {
  return !cvtReordersRegisters(srcType, dstType) &&
         !cvtNeedsWarpShuffle(srcType, dstType);
}

unsigned mlir::triton::gpu::getUniqueElemsPerThread(RankedTensorType type) {
  if (!type.getEncoding())
    return type.getNumElements();
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  StringAttr kRegister = StringAttr::get(type.getContext(), "register");
  if (!layout || !layout->hasInDim(kRegister))
    return 1;
  int32_t freeMask = layout->getFreeVariableMasks().lookup(kRegister);
  return 1u << (layout->getInDimSizeLog2(kRegister) -
                llvm::popcount(static_cast<uint32_t>(freeMask)));
}

SmallVector<unsigned>
mlir::triton::gpu::getOrderForMemory(RankedTensorType type) {
  // A blocked layout (or a slice of one) states its order, which upstream
  // takes for both its elements and its threads, also along dimensions the
  // tensor is too small for (of size 1, where the layout's bases say
  // nothing).
  Attribute encoding = type.getEncoding();
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(encoding))
    if (auto parent = dyn_cast<BlockedEncodingAttr>(slice.getParent())) {
      SmallVector<unsigned> order;
      for (unsigned dim : parent.getOrder())
        if (dim != slice.getDim())
          order.push_back(dim > slice.getDim() ? dim - 1 : dim);
      return order;
    }
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(encoding))
    return SmallVector<unsigned>(blocked.getOrder());
  // Other layouts: the order of a thread's elements; where the threads go
  // first along a dimension of which each thread holds one element (so that
  // the order of its elements says nothing), the order of the threads
  // (upstream's heuristic).
  SmallVector<unsigned> order = getOrder(type);
  std::optional<LinearLayout> layout;
  if (encoding)
    layout = toLinearLayout(type.getShape(), encoding);
  if (!layout)
    return order;
  MLIRContext *ctx = type.getContext();
  SmallVector<unsigned> threadOrder =
      getBasesOrder(*layout, StringAttr::get(ctx, "lane"), order);
  if (order == threadOrder)
    return order;
  StringAttr kRegister = StringAttr::get(ctx, "register");
  int64_t elems = 1;
  if (layout->hasInDim(kRegister))
    for (int32_t i = 0, e = layout->getInDimSizeLog2(kRegister); i < e; ++i)
      if (layout->getBasis(kRegister, i)[threadOrder[0]] != 0)
        elems *= 2;
  return elems == 1 ? threadOrder : order;
}

SwizzledSharedEncodingAttr mlir::triton::gpu::getDotOperandSharedEncoding(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shapePerCTA,
    ArrayRef<unsigned> order, ArrayRef<int32_t> cgaBases, unsigned bitWidth) {
  MLIRContext *ctx = dotOperand.getContext();
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotOperand.getParent());
  if (!mma || (mma.getVersionMajor() != 2 && mma.getVersionMajor() != 3))
    return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, order, cgaBases);
  unsigned opIdx = dotOperand.getOpIdx();
  unsigned kWidth = dotOperand.getKWidth();
  unsigned rank = order.size();
  int64_t bits = std::max<unsigned>(bitWidth, 1);
  // Rows of the fastest dimension that fill the 32 banks (1024 bits) share
  // a phase.
  int64_t fastest = std::max<int64_t>(shapePerCTA[order[0]], 1);
  int perPhase = std::max<int64_t>(1024 / (bits * fastest), 1);
  // One MMA tile reads vectors of 4 * kWidth elements along K and 8 rows
  // along M (N); a buffer whose fastest dimension is not K swaps them.
  int vec = std::max(4 * int(kWidth), 1), stride = 8;
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  if (order[0] != kDim)
    std::swap(vec, stride);
  // Enough phases for the vectors to cover the banks, fewer by the rows a
  // phase packs.
  int maxPhase =
      std::max<int64_t>(std::min<int64_t>(stride, 1024 / (vec * bits)), 1);
  maxPhase = std::max(maxPhase / perPhase, 1);
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         cgaBases);
}

