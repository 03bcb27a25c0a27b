//===- OptimizeEpilogue.cpp - tritongpu-optimize-epilogue -----------------===//
//
// A matmul's accumulator is stored through a conversion to the coalesced
// layout of its store: the whole tile goes through shared memory and a
// barrier on its way out. A layout that takes the store's vector into each
// thread's registers while every element stays in its warp is reached with
// warp shuffles instead; this pass stores in such a layout when one exists
// (see the pass description).
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/WarpShuffle.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZEEPILOGUE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Basis = std::vector<int32_t>;

/// Runs of fewer contiguous bytes per row than this, written by one store
/// instruction, are not worth the shared memory saved (measured on the
/// H200 with an fp8 matmul's f32 epilogue: 32-byte runs lost to the
/// shared-memory round trip at 4096^2, 64-byte runs won at 4096^2 and
/// 8192^2; docs/performance.md). f16 epilogues, two rounds of shuffles
/// since session 20, reach 64-byte runs too and were measured with it
/// (fp16 accumulators 1.5% faster, f16 outputs of f32 ones unchanged).
constexpr int64_t kMinRunBytes = 64;

} // namespace

/// The basis one step of `step` along dimension `dim` (of `rank`).
static Basis along(unsigned rank, unsigned dim, int32_t step) {
  Basis b(rank, 0);
  b[dim] = step;
  return b;
}

/// How many consecutive elements along `dim` the lane bases extend a run of
/// `vector` elements each thread holds: the run doubles for each lane basis
/// that is the next step.
static int64_t runLength(ArrayRef<Basis> lanes, unsigned rank, unsigned dim,
                         int64_t vector) {
  int64_t run = vector;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Basis &lane : lanes)
      if (lane == along(rank, dim, run)) {
        run *= 2;
        grew = true;
      }
  }
  return run;
}

/// The layout a store of `dst` (the coalesced layout, `elementBytes` per
/// element) is rebuilt in when its value comes from `src`: `src` with the
/// store's vector in its first registers, each vector basis a lane held
/// trading places with the register basis next along the contiguous
/// dimension. Nullopt when there is none, it needs shared memory anyway, or
/// it would write shorter runs than kMinRunBytes.
static std::optional<LinearLayout> chooseStoreLayout(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     int64_t elementBytes) {
  MLIRContext *ctx = src.getOutDimNames().begin()->getContext();
  StringAttr kReg = StringAttr::get(ctx, "register"),
             kLane = StringAttr::get(ctx, "lane"),
             kWarp = StringAttr::get(ctx, "warp"),
             kBlock = StringAttr::get(ctx, "block");
  if (src.getOutDims() != dst.getOutDims() || !src.hasInDim(kReg) ||
      !src.hasInDim(kLane) || !dst.hasInDim(kReg) || !dst.hasInDim(kLane))
    return std::nullopt;
  unsigned rank = src.getNumOutDims();
  auto bases = [](const LinearLayout &layout, StringAttr dim) {
    return layout.hasInDim(dim) ? layout.getBases().lookup(dim)
                                : std::vector<Basis>{};
  };
  std::vector<Basis> dstRegs = bases(dst, kReg), dstLanes = bases(dst, kLane);
  std::vector<Basis> regs = bases(src, kReg), lanes = bases(src, kLane);
  // The store's vector: the destination's first registers, one step apart
  // along one dimension.
  if (dstRegs.empty())
    return std::nullopt;
  auto dim = llvm::find(dstRegs[0], 1) - dstRegs[0].begin();
  if (dim == rank || dstRegs[0] != along(rank, dim, 1))
    return std::nullopt;
  int64_t vector = 1;
  std::vector<Basis> vectorBases;
  while (vectorBases.size() < dstRegs.size() &&
         dstRegs[vectorBases.size()] == along(rank, dim, vector)) {
    vectorBases.push_back(along(rank, dim, vector));
    vector *= 2;
  }
  if (vector == 1)
    return std::nullopt;
  // The source holds each element once.
  auto isZero = [](const Basis &b) {
    return llvm::all_of(b, [](int32_t c) { return c == 0; });
  };
  if (llvm::any_of(regs, isZero) || llvm::any_of(lanes, isZero))
    return std::nullopt;

  // The vector's bases leave the source's registers and lanes; a lane that
  // held one takes the register basis nearest along the dimension instead.
  std::vector<Basis> rest;
  for (const Basis &r : regs)
    if (!llvm::is_contained(vectorBases, r))
      rest.push_back(r);
  for (const Basis &v : vectorBases) {
    if (llvm::is_contained(regs, v))
      continue;
    auto lane = llvm::find(lanes, v);
    if (lane == lanes.end())
      return std::nullopt;
    auto best = rest.end();
    for (auto it = rest.begin(); it != rest.end(); ++it) {
      if (*it != along(rank, dim, (*it)[dim]))
        continue;
      if (best == rest.end() || (*it)[dim] < (*best)[dim])
        best = it;
    }
    if (best == rest.end())
      best = rest.begin();
    if (best == rest.end())
      return std::nullopt;
    *lane = *best;
    rest.erase(best);
  }
  std::vector<Basis> newRegs = vectorBases;
  newRegs.insert(newRegs.end(), rest.begin(), rest.end());
  // Every vector starts at a multiple of its length.
  std::vector<Basis> warps = bases(src, kWarp), blocks = bases(src, kBlock);
  for (const std::vector<Basis> *group : {&rest, &lanes, &warps, &blocks})
    for (const Basis &b : *group)
      if (b[dim] % vector != 0)
        return std::nullopt;

  int64_t run = runLength(lanes, rank, dim, vector) * elementBytes;
  int64_t dstRun = runLength(dstLanes, rank, dim, vector) * elementBytes;
  if (run < std::min(kMinRunBytes, dstRun))
    return std::nullopt;

  LinearLayout::BasesT newBases;
  newBases[kReg] = newRegs;
  newBases[kLane] = lanes;
  newBases[kWarp] = warps;
  newBases[kBlock] = blocks;
  FailureOr<LinearLayout> layout = LinearLayout::tryCreate(
      std::move(newBases), src.getOutDims(), /*requireSurjective=*/false);
  if (failed(layout) || !planWarpShuffleRounds(src, *layout))
    return std::nullopt;
  return *layout;
}

/// Rebuilds `store` in a layout its value's conversion reaches by warp
/// shuffles; false (nothing changed) when there is none.
static bool optimizeStore(StoreOp store) {
  auto convert = store.getValue().getDefiningOp<ConvertLayoutOp>();
  auto ptrType = dyn_cast<RankedTensorType>(store.getPtr().getType());
  if (!convert || !ptrType)
    return false;
  RankedTensorType srcType = convert.getSrc().getType();
  RankedTensorType dstType = convert.getType();
  if (!isDistributedEncoding(srcType.getEncoding()) ||
      !isDistributedEncoding(dstType.getEncoding()) ||
      getElementBitWidth(dstType) < 8)
    return false;
  std::optional<LinearLayout> src =
      toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> dst =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  // Conversions done in registers or by shuffles already are left alone.
  if (!src || !dst || cvtReordersRegisters(srcType, dstType) ||
      convert->hasAttr(kWarpShufflesAttrName) ||
      planLoweredShuffles(*src, *dst,
                          getShuffleElementBits(dstType.getElementType()),
                          /*anyRounds=*/false))
    return false;
  std::optional<LinearLayout> layout =
      chooseStoreLayout(*src, *dst, getElementBitWidth(dstType) / 8);
  if (!layout)
    return false;
  Attribute encoding = linearEncodingFrom(*layout);

  // The pointers and the mask are converted at the store, then recomputed
  // in the new layout.
  OpBuilder b(store);
  Location loc = store.getLoc();
  SmallVector<ConvertLayoutOp> operands;
  for (Value v : {store.getPtr(), store.getMask()})
    if (v)
      operands.push_back(ConvertLayoutOp::create(
          b, loc,
          cast<RankedTensorType>(v.getType()).cloneWithEncoding(encoding), v));
  if (!llvm::all_of(operands, canRematerializeConversion)) {
    for (ConvertLayoutOp op : operands)
      op->erase();
    return false;
  }
  // The value is converted where it was: a conversion hoisted out of a loop
  // stays out of it.
  b.setInsertionPointAfter(convert);
  auto value = ConvertLayoutOp::create(
      b, loc, dstType.cloneWithEncoding(encoding), convert.getSrc());
  // Shuffles even where they take two rounds (16-bit elements to 16-byte
  // vectors): faster than shared memory here (docs/performance.md, session
  // 20), where upstream's lowering would take shared memory.
  if (countLaneRegisterSwaps(*src, *layout) > 1)
    value->setAttr(kWarpShufflesAttrName, b.getUnitAttr());
  store.getPtrMutable().assign(operands[0]);
  store.getValueMutable().assign(value);
  if (operands.size() > 1)
    store.getMaskMutable().assign(operands[1]);
  if (convert->use_empty())
    convert->erase();
  // Checked above; a conversion that a first rewrite would keep from being
  // recomputed stays, correct if slower.
  (void)rematerializeConversions(operands);
  return true;
}

namespace {

struct OptimizeEpiloguePass
    : public triton::gpu::impl::TritonGPUOptimizeEpilogueBase<
          OptimizeEpiloguePass> {
  void runOnOperation() override {
    SmallVector<StoreOp> stores;
    getOperation().walk([&](StoreOp store) { stores.push_back(store); });
    bool changed = false;
    for (StoreOp store : stores)
      changed |= optimizeStore(store);
    if (!changed)
      return;
    // The recomputed constants come as conversions of copies, and the old
    // pointers and masks are left unused: fold and erase them.
    auto config = GreedyRewriteConfig().setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    RewritePatternSet patterns(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    // Loop-carried pointers recomputed in the new layout leave the old ones
    // carried for nothing; dropping them is best effort, as in
    // remove-layout-conversions.
    getOperation().walk([](scf::ForOp forOp) { eliminateDeadIterArgs(forOp); });
    RewritePatternSet loopPatterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(loopPatterns, &getContext());
    (void)applyPatternsGreedily(getOperation(), std::move(loopPatterns),
                                config);
  }
};

} // namespace
