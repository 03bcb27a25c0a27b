//===- Prefetch.cpp - tritongpu-prefetch ----------------------------------===//
//
// A tensor-core dot in a loop reads its operands from shared memory at the
// top of each iteration. Splitting it along K into slices of `8 * kWidth`
// lets the first slice of the next iteration's operands be read at the end
// of this one (carried by the loop), and each later slice just before the
// dot that uses it, so that reads and MMAs overlap:
//
//   before the loop:  a0 = local_load(subslice(A_init, k 0..w))  (same for b)
//   in the body:      d = dot(a0, b0, acc)
//                     d = dot(local_load(subslice(A, k w..2w)), ..., d) ...
//                     next a0 = local_load(subslice(A_next, k 0..w))
//
// The elementwise single-use ops between a local_load and the dot (an
// fp_to_fp, say) are applied to every slice.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// One operand of the dot to prefetch: the chain from the loop-carried
/// buffer to the dot (the buffer, the local_load's result, then each
/// elementwise op's result, the last being the dot's operand).
struct OperandChain {
  SmallVector<Value> values;
  BlockArgument carried;
  Value init;
  Value yielded;
};

class LoopPrefetcher {
public:
  explicit LoopPrefetcher(scf::ForOp loop) : loop(loop) {}

  /// Finds the dot to split; false when the loop has none to prefetch.
  bool analyze();
  /// Replaces the loop with one that prefetches.
  void rewrite();

private:
  std::optional<OperandChain> chainOf(Value operand);
  /// The slice [offset, offset + size) along K of `buffer`, loaded in the
  /// operand's layout and put through the chain's elementwise ops.
  Value loadSlice(OpBuilder &b, Value buffer, const OperandChain &chain,
                  unsigned opIdx, int64_t offset, int64_t size);

  scf::ForOp loop;
  DotOp dot;
  OperandChain a, b;
  /// The dot's K and the slices it is split into along it.
  int64_t k = 0, width = 0;
};

std::optional<OperandChain> LoopPrefetcher::chainOf(Value operand) {
  SmallVector<Value> chain = {operand};
  Operation *op = operand.getDefiningOp();
  bool fromShared = false;
  while (op && op->getNumOperands() == 1 && op->getNumResults() == 1 &&
         op->getResult(0).hasOneUse() && op->getBlock() == loop.getBody()) {
    chain.push_back(op->getOperand(0));
    if (auto load = dyn_cast<LocalLoadOp>(op)) {
      fromShared = isa<DotOperandEncodingAttr>(load.getType().getEncoding());
      break;
    }
    op = op->getOperand(0).getDefiningOp();
  }
  if (!fromShared)
    return std::nullopt;
  std::reverse(chain.begin(), chain.end());
  auto carried = dyn_cast<BlockArgument>(chain.front());
  if (!carried || carried.getOwner() != loop.getBody() ||
      carried.getArgNumber() < loop.getNumInductionVars())
    return std::nullopt;
  OperandChain result;
  result.values = std::move(chain);
  result.carried = carried;
  result.init = loop.getTiedLoopInit(carried)->get();
  result.yielded = loop.getTiedLoopYieldedValue(carried)->get();
  return result;
}

bool LoopPrefetcher::analyze() {
  SmallVector<DotOp> dots;
  for (Operation &op : *loop.getBody()) {
    auto d = dyn_cast<DotOp>(op);
    if (!d)
      continue;
    Attribute enc = d.getType().getEncoding();
    auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(enc);
    if (!isa_and_nonnull<AMDMfmaEncodingAttr>(enc) &&
        (!mma || mma.getVersionMajor() != 2))
      return false;
    dots.push_back(d);
  }
  // A loop of several dots (attention) is left as it is.
  if (dots.size() != 1)
    return false;
  dot = dots.front();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto aEnc = dyn_cast<DotOperandEncodingAttr>(aType.getEncoding());
  auto bEnc = dyn_cast<DotOperandEncodingAttr>(
      cast<RankedTensorType>(dot.getB().getType()).getEncoding());
  if (!aEnc || !bEnc || aEnc.getKWidth() != bEnc.getKWidth())
    return false;
  width = aEnc.getKWidth() ? 8 * aEnc.getKWidth()
                           : 256 / aType.getElementTypeBitWidth();
  k = aType.getShape().back();
  if (width <= 0 || k < width || k % width != 0)
    return false;
  std::optional<OperandChain> ca = chainOf(dot.getA());
  std::optional<OperandChain> cb = chainOf(dot.getB());
  if (!ca || !cb)
    return false;
  a = std::move(*ca);
  b = std::move(*cb);
  return true;
}

Value LoopPrefetcher::loadSlice(OpBuilder &builder, Value buffer,
                                const OperandChain &chain, unsigned opIdx,
                                int64_t offset, int64_t size) {
  Location loc = chain.values[1].getLoc();
  auto type = cast<MemDescType>(buffer.getType());
  SmallVector<int64_t> shape(type.getShape());
  unsigned rank = shape.size();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  SmallVector<int32_t> offsets(rank, 0);
  offsets[kDim] = offset;
  shape[kDim] = size;
  auto sliceType =
      MemDescType::get(shape, type.getElementType(), type.getEncoding(),
                       type.getMemorySpace(), type.getMutableMemory(),
                       type.getAllocShape());
  Value slice =
      MemDescSubsliceOp::create(builder, loc, sliceType, buffer, offsets);
  auto loadType = cast<RankedTensorType>(chain.values[1].getType());
  Value value = LocalLoadOp::create(builder, loc, loadType.clone(shape), slice,
                                    /*token=*/Value());
  // The elementwise ops, on the slice's shape.
  for (Value next : ArrayRef(chain.values).drop_front(2)) {
    IRMapping mapping;
    Operation *def = next.getDefiningOp();
    mapping.map(def->getOperand(0), value);
    Operation *clone = builder.clone(*def, mapping);
    auto resultType = cast<RankedTensorType>(next.getType());
    clone->getResult(0).setType(resultType.clone(shape));
    value = clone->getResult(0);
  }
  return value;
}

void LoopPrefetcher::rewrite() {
  OpBuilder builder(loop);
  // The first slices, before the loop.
  Value aFirst = loadSlice(builder, a.init, a, 0, 0, width);
  Value bFirst = loadSlice(builder, b.init, b, 1, 0, width);

  SmallVector<Value> inits(loop.getInitArgs());
  inits.push_back(aFirst);
  inits.push_back(bFirst);
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  Block *body = newLoop.getBody();
  unsigned numArgs = loop.getRegionIterArgs().size();
  BlockArgument aCarried = newLoop.getRegionIterArgs()[numArgs];
  BlockArgument bCarried = newLoop.getRegionIterArgs()[numArgs + 1];

  IRMapping mapping;
  mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
  for (auto [from, to] :
       llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
    mapping.map(from, to);

  // The body has no terminator yet: ops go at its end, but for those put
  // before the last dot, which is issued as late as it can be (until an op
  // uses the dot or has regions).
  builder.setInsertionPointToEnd(body);
  bool delaying = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (delaying && (op.getNumRegions() > 0 ||
                     llvm::any_of(op.getOperands(), [&](Value v) {
                       return v.getDefiningOp() == dot.getOperation();
                     }))) {
      builder.setInsertionPointToEnd(body);
      delaying = false;
    }
    if (&op != dot.getOperation()) {
      Operation *clone = builder.clone(op, mapping);
      mapping.map(op.getResults(), clone->getResults());
      continue;
    }
    // The dot: the carried first slices, then each later slice, loaded
    // before the dot ahead of it.
    Operation *prev = builder.clone(op, mapping);
    prev->setOperand(0, aCarried);
    prev->setOperand(1, bCarried);
    for (int64_t offset = width; offset < k; offset += width) {
      OpBuilder::InsertPoint after = builder.saveInsertionPoint();
      builder.setInsertionPoint(prev);
      Value aSlice =
          loadSlice(builder, mapping.lookup(a.carried), a, 0, offset, width);
      Value bSlice =
          loadSlice(builder, mapping.lookup(b.carried), b, 1, offset, width);
      builder.restoreInsertionPoint(after);
      Operation *next = builder.clone(op, mapping);
      next->setOperand(0, aSlice);
      next->setOperand(1, bSlice);
      next->setOperand(2, prev->getResult(0));
      prev = next;
    }
    mapping.map(op.getResult(0), prev->getResult(0));
    builder.setInsertionPoint(prev);
    delaying = true;
  }
  // The next iteration's first slices.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  SmallVector<Value> yielded;
  for (Value v : yield.getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  yielded.push_back(
      loadSlice(builder, mapping.lookupOrDefault(a.yielded), a, 0, 0, width));
  yielded.push_back(
      loadSlice(builder, mapping.lookupOrDefault(b.yielded), b, 1, 0, width));
  builder.setInsertionPointToEnd(body);
  scf::YieldOp::create(builder, yield.getLoc(), yielded);

  for (auto [from, to] : llvm::zip(loop.getResults(), newLoop.getResults()))
    from.replaceAllUsesWith(to);
  loop.erase();
}

struct PrefetchPass
    : public triton::gpu::impl::TritonGPUPrefetchBase<PrefetchPass> {
  void runOnOperation() override {
    // Folded conversions make the chains to the dots plain.
    RewritePatternSet patterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      LoopPrefetcher prefetcher(loop);
      if (prefetcher.analyze())
        prefetcher.rewrite();
    }
  }
};

} // namespace
