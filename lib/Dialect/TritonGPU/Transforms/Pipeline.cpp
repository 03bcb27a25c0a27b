//===- Pipeline.cpp - tritongpu-pipeline ----------------------------------===//
//
// Software pipelining of the global loads that feed tensor-core dots, so
// that the copies of later iterations run while the current one multiplies.
//
// In an scf.for, a `tt.load` whose only use is a dot operand (through the
// `ttg.local_alloc` of a `ttng.warp_group_dot`, or a conversion to the
// `#ttg.dot_op` layout of an MMA `tt.dot`) becomes an asynchronous copy
// into one slot of a multi-buffered shared allocation (`num-stages` slots):
//
//   stage 0:              the address computation, async_copy_global_to_local
//                         into slot i % S, async_commit_group
//   stage num-stages - 1: async_wait, the dot reading slot i % S (directly,
//                         or through ttg.local_load), everything else
//
// A `tt.descriptor_load` is copied by TMA instead: stage 0 has the slot's
// mbarrier expect the bytes of the iteration's TMA copies and the copies;
// the last stage waits on the mbarrier with the phase of its round through
// the slots (a loop-carried bit that flips when the readers' slot counter
// wraps).
//
// A descriptor made in the loop (tt.make_tensor_descriptor, directly or in
// an scf.if, as a persistent kernel makes one per tile) is one tensor map
// that the copies of later iterations would rewrite under the earlier
// ones: as upstream's pipeliner does, each make gets `num-stages` tensor
// maps in global scratch and writes the next one (a loop-carried counter
// that steps each time the make runs), so a map is rewritten only after
// num-stages more makes, when every copy and store of its iterations is
// done.
//
// MLIR's loop pipeliner (scf::pipelineForLoop) then emits the prologue
// (copies for the first num-stages - 1 iterations) and a loop whose
// iteration i copies for iteration i + num-stages - 1 and multiplies
// iteration i. Copies of iterations past the end are masked off; the loop
// is followed by a wait for everything and the deallocation.
//
// Upstream Triton splits this into assign-latencies, schedule-loops and
// pipeline and also pipelines the dot itself (async wgmma); this pass does
// the load part in one, with synchronous dots.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Tools/ScfUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// A load to pipeline and the op reading its value.
struct PipelinedLoad {
  /// A tt.load (copied by cp.async) or a tt.descriptor_load (by TMA).
  Operation *load;
  /// The local_alloc (wgmma) or convert_layout (mma.sync) reading it; for a
  /// load that feeds no dot, its first user in the body.
  Operation *user;
  MemDescType slotType;
  /// Feeds no dot: its users read the slot through a ttg.local_load in the
  /// load's own layout.
  bool plain = false;
};

/// One step round a ring of `size` slots: `next` is `counter` + 1, back to
/// 0 at `size`, and `wraps` says it went back; `ops` are the ops made.
struct RingStep {
  Value next, wraps;
  SmallVector<Operation *> ops;
};
RingStep stepRound(OpBuilder &b, Location loc, Value counter, int64_t size) {
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value bumped = arith::AddIOp::create(b, loc, counter, one);
  Value end = arith::ConstantIntOp::create(b, loc, size, 32);
  Value wraps =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, bumped, end);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value next = arith::SelectOp::create(b, loc, wraps, zero, bumped);
  RingStep step{next, wraps, {}};
  for (Value v : {one, bumped, end, wraps, zero, next})
    step.ops.push_back(v.getDefiningOp());
  return step;
}

bool isZero(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

/// Whether cp.async can move `load`'s elements: at least 4 bytes per
/// vector, by the pointers' alignment and the mask's constancy. (A tensor
/// split over a cluster's CTAs goes to a buffer split the same way: each CTA
/// copies its part.)
bool copyableAsynchronously(LoadOp load, ModuleAxisInfoAnalysis &axisInfo) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || !type.getEncoding())
    return false;
  Type elt = type.getElementType();
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8)
    return false;
  if (load.getOther() && !isZero(load.getOther()))
    return false;
  if (load.getIsVolatile())
    return false;
  unsigned bytes = elt.getIntOrFloatBitWidth() / 8;
  unsigned vec = std::min(axisInfo.getContiguity(load.getPtr()),
                          axisInfo.getAlignment(load.getPtr()));
  if (Value mask = load.getMask())
    vec = std::min(vec, axisInfo.getMaskAlignment(mask));
  return vec * bytes >= 4;
}

/// A load that feeds no dot, in a loop that asked for stages: all its users
/// in the loop's body, the first of them reading the slot.
std::optional<PipelinedLoad> matchPlainLoad(Operation *load,
                                            Attribute descLayout = {}) {
  Block *body = load->getBlock();
  Operation *first = nullptr;
  for (Operation *user : load->getUsers()) {
    if (user->getBlock() != body)
      return std::nullopt;
    if (!first || user->isBeforeInBlock(first))
      first = user;
  }
  if (!first)
    return std::nullopt;
  auto type = cast<RankedTensorType>(load->getResult(0).getType());
  unsigned rank = type.getRank();
  // A TMA copy writes the descriptor's layout; cp.async any.
  Attribute shared = descLayout;
  if (!shared)
    shared = SwizzledSharedEncodingAttr::get(
        load->getContext(), 1, 1, 1, getOrderForMemory(type),
        getCgaBases(type.getEncoding(), rank));
  auto memType =
      MemDescType::get(type.getShape(), type.getElementType(), shared,
                       SharedMemorySpaceAttr::get(load->getContext()),
                       /*mutableMemory=*/true);
  return PipelinedLoad{load, first, memType, /*plain=*/true};
}

/// Whether `alloc`'s only reader is a warp_group_dot, directly or through a
/// transposed view that has no other use.
bool onlyReadByWgmma(LocalAllocOp alloc) {
  if (!alloc->hasOneUse())
    return false;
  Operation *reader = *alloc->getUsers().begin();
  if (auto trans = dyn_cast<MemDescTransOp>(reader)) {
    if (!trans->hasOneUse())
      return false;
    reader = *trans->getUsers().begin();
  }
  return isa<nvidia_gpu::WarpGroupDotOp>(reader);
}

/// The shared slot a pipelined load fills, or nullopt when the load does
/// not feed a tensor-core dot directly (and `withoutDot` is off: loads
/// feeding anything are pipelined in a loop that asks for stages itself,
/// as upstream's assign-latencies does).
std::optional<PipelinedLoad> matchLoad(LoadOp load, scf::ForOp loop,
                                       ModuleAxisInfoAnalysis &axisInfo,
                                       bool withoutDot) {
  if (load->getParentOp() != loop || load->use_empty() ||
      !copyableAsynchronously(load, axisInfo))
    return std::nullopt;
  if (!load->hasOneUse())
    return withoutDot ? matchPlainLoad(load) : std::nullopt;
  Operation *user = *load->getUsers().begin();
  if (user->getBlock() != load->getBlock())
    return std::nullopt;
  auto type = cast<RankedTensorType>(load.getType());
  // A dot's operand, or (withoutDot) anything else.
  auto plainIfAsked = [&]() -> std::optional<PipelinedLoad> {
    return withoutDot ? matchPlainLoad(load) : std::nullopt;
  };
  // wgmma: local_alloc(load) read by warp_group_dot, directly or through
  // a transposed view.
  if (auto alloc = dyn_cast<LocalAllocOp>(user)) {
    if (!onlyReadByWgmma(alloc))
      return plainIfAsked();
    // An operand stored in another order than its registers hold it
    // (wgmma reads 8- and 32-bit operands K-major only) is copied one
    // element per cp.async, which needs elements of 4 bytes or more.
    if (auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(
            alloc.getType().getEncoding())) {
      unsigned rank = type.getRank();
      unsigned contig = nvmma.getTransposed() ? rank - 2 : rank - 1;
      if (getOrderForMemory(type)[0] != contig &&
          type.getElementTypeBitWidth() < 32)
        return plainIfAsked();
    }
    return PipelinedLoad{load, user, alloc.getType()};
  }
  // mma.sync: convert_layout(load) to a dot_op layout of an MMA parent.
  if (auto cvt = dyn_cast<ConvertLayoutOp>(user)) {
    auto dotOperand =
        dyn_cast_or_null<DotOperandEncodingAttr>(cvt.getType().getEncoding());
    if (!dotOperand || !isa<NvidiaMmaEncodingAttr>(dotOperand.getParent()))
      return plainIfAsked();
    unsigned rank = type.getRank();
    auto shared = getDotOperandSharedEncoding(
        dotOperand, getShapePerCTA(type), getOrderForMemory(type),
        getCgaBases(type.getEncoding(), rank), getElementBitWidth(type));
    auto memType =
        MemDescType::get(type.getShape(), type.getElementType(), shared,
                         SharedMemorySpaceAttr::get(load.getContext()),
                         /*mutableMemory=*/true);
    return PipelinedLoad{load, user, memType};
  }
  return plainIfAsked();
}

/// The layout a TMA copy of `load` writes: the descriptor's block layout,
/// for the load's rank (a rank-reduced load drops leading unit dimensions).
NVMMASharedEncodingAttr tmaSlotLayout(DescriptorLoadOp load) {
  FailureOr<NVMMASharedEncodingAttr> enc =
      nvidia_gpu::tmaEncoding(load.getDesc().getType());
  if (failed(enc))
    return {};
  return nvidia_gpu::tmaEncodingForRank(
      *enc, cast<RankedTensorType>(load.getType()).getRank());
}

/// A descriptor load to copy by TMA into a slot of its descriptor's block
/// layout: a wgmma operand allocated in that layout (read in place), an
/// mma.sync operand (loaded from the slot into its dot_op layout), or
/// (`withoutDot`) any other value, read through ttg.local_load.
std::optional<PipelinedLoad>
matchDescriptorLoad(DescriptorLoadOp load, scf::ForOp loop, bool withoutDot) {
  if (load->getParentOp() != loop || load->use_empty())
    return std::nullopt;
  NVMMASharedEncodingAttr layout = tmaSlotLayout(load);
  if (!layout)
    return std::nullopt;
  auto plainIfAsked = [&]() -> std::optional<PipelinedLoad> {
    return withoutDot ? matchPlainLoad(load, layout) : std::nullopt;
  };
  if (!load->hasOneUse())
    return plainIfAsked();
  Operation *user = *load->getUsers().begin();
  if (user->getBlock() != load->getBlock())
    return plainIfAsked();
  // mma.sync: the operand's registers are loaded from the slot.
  if (auto cvt = dyn_cast<ConvertLayoutOp>(user)) {
    auto dotOperand =
        dyn_cast_or_null<DotOperandEncodingAttr>(cvt.getType().getEncoding());
    if (!dotOperand || !isa<NvidiaMmaEncodingAttr>(dotOperand.getParent()))
      return plainIfAsked();
    auto type = cast<RankedTensorType>(load.getType());
    auto memType =
        MemDescType::get(type.getShape(), type.getElementType(), layout,
                         SharedMemorySpaceAttr::get(load.getContext()),
                         /*mutableMemory=*/true);
    return PipelinedLoad{load, cvt, memType};
  }
  auto alloc = dyn_cast<LocalAllocOp>(user);
  if (!alloc || alloc.getType().getEncoding() != layout)
    return plainIfAsked();
  if (!onlyReadByWgmma(alloc))
    return plainIfAsked();
  return PipelinedLoad{load, alloc, alloc.getType()};
}

/// The op of `body` that defines `v`, seen from the body: for a
/// loop-carried value, the op yielding it at the end of the iteration before.
Operation *definingOpInBody(Value v, Block *body) {
  if (Operation *def = v.getDefiningOp())
    return def;
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != body || arg.getArgNumber() == 0)
    return nullptr;
  return body->getTerminator()
      ->getOperand(arg.getArgNumber() - 1)
      .getDefiningOp();
}

/// Ops of `loop`'s body that stage 0 must hold: those the copies need, and
/// the updates of the loop-carried values those read (so that iteration
/// i + S - 1's copy finds its operands).
DenseSet<Operation *> stageZeroOps(scf::ForOp loop,
                                   ArrayRef<Operation *> roots) {
  DenseSet<Operation *> stage0;
  SmallVector<Operation *> worklist(roots.begin(), roots.end());
  Block *body = loop.getBody();
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (op->getBlock() != body || !stage0.insert(op).second)
      continue;
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (Operation *def = definingOpInBody(v, body))
          worklist.push_back(def);
    });
  }
  return stage0;
}

/// Whether every descriptor `desc` may hold in an iteration of `loop` is
/// made before the loop or by a tt.make_tensor_descriptor in its body
/// (directly or in scf.if regions), through the loop-carried values and
/// scf.if results it flows through.
bool madeBeforeOrByBody(scf::ForOp loop, Value desc) {
  SmallVector<Value> worklist{desc};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second || loop.isDefinedOutsideOfLoop(v))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
        return false;
      worklist.push_back(
          loop.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (auto make = dyn_cast<MakeTensorDescOp>(def)) {
      if (!isInBodyThroughIfs(loop, make))
        return false;
      continue;
    }
    auto ifOp = dyn_cast<scf::IfOp>(def);
    if (!ifOp || !isInBodyThroughIfs(loop, ifOp) ||
        ifOp.getElseRegion().empty())
      return false;
    unsigned index = cast<OpResult>(v).getResultNumber();
    worklist.push_back(ifOp.thenYield().getOperand(index));
    worklist.push_back(ifOp.elseYield().getOperand(index));
  }
  return true;
}

/// How a wgmma accumulating across iterations carries its product.
struct Accumulation {
  /// The loop-carried value's index among the loop's.
  unsigned index;
  /// The use of the product that carries it on: the loop's yield, or an
  /// arith.select or scf.if yield that picks between it and a
  /// loop-invariant value (a flattened loop resetting its accumulator
  /// after a tile's last step).
  OpOperand *carrier;
};

/// Whether `dot` accumulates into its loop-carried value across
/// iterations: its accumulator is the carried value (read by nothing else)
/// and its product is carried to the next iteration, directly or picked
/// against a loop-invariant value. Other users of the product must come
/// after it in the body (in the body's block or in regions of its later
/// ops).
std::optional<Accumulation>
accumulatesAcrossIterations(nvidia_gpu::WarpGroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  if (!loop)
    return std::nullopt;
  Block *body = loop.getBody();
  auto carried = dyn_cast<BlockArgument>(dot.getC());
  if (!carried || carried.getOwner() != body || carried.getArgNumber() == 0 ||
      !carried.hasOneUse())
    return std::nullopt;
  Value d = dot.getResult();
  unsigned idx = carried.getArgNumber() - 1;
  OpOperand &next = body->getTerminator()->getOpOperand(idx);
  OpOperand *carrier = nullptr;
  if (next.get() == d) {
    carrier = &next;
  } else if (auto select = next.get().getDefiningOp<arith::SelectOp>()) {
    bool inTrue = select.getTrueValue() == d;
    Value other = inTrue ? select.getFalseValue() : select.getTrueValue();
    if (select->getBlock() == body && select->hasOneUse() &&
        (inTrue || select.getFalseValue() == d) &&
        loop.isDefinedOutsideOfLoop(other))
      carrier = &select->getOpOperand(inTrue ? 1 : 2);
  } else if (auto ifOp = next.get().getDefiningOp<scf::IfOp>()) {
    unsigned r = cast<OpResult>(next.get()).getResultNumber();
    if (ifOp->getBlock() == body && !ifOp.getElseRegion().empty() &&
        next.get().hasOneUse()) {
      OpOperand &inThen = ifOp.thenYield()->getOpOperand(r);
      OpOperand &inElse = ifOp.elseYield()->getOpOperand(r);
      if (inThen.get() == d && loop.isDefinedOutsideOfLoop(inElse.get()))
        carrier = &inThen;
      else if (inElse.get() == d && loop.isDefinedOutsideOfLoop(inThen.get()))
        carrier = &inElse;
    }
  }
  if (!carrier)
    return std::nullopt;
  for (Operation *user : d.getUsers()) {
    Operation *top = body->findAncestorOpInBlock(*user);
    if (!top || !dot->isBeforeInBlock(top))
      return std::nullopt;
  }
  return Accumulation{idx, carrier};
}

/// Replaces each scalar result of an scf.if of `loop`'s body that both
/// branches take from outside the if by an arith.select on its condition.
/// Stage 0 may then step a loop-carried index (a flattened loop's outer
/// index, say) without the rest of the if (an epilogue's stores).
void selectForwardedIfResults(scf::ForOp loop) {
  for (auto ifOp : loop.getBody()->getOps<scf::IfOp>()) {
    if (ifOp.getElseRegion().empty())
      continue;
    OpBuilder b(ifOp);
    for (OpResult result : ifOp->getResults()) {
      if (result.use_empty() || isa<ShapedType>(result.getType()))
        continue;
      unsigned index = result.getResultNumber();
      Value inThen = ifOp.thenYield().getOperand(index);
      Value inElse = ifOp.elseYield().getOperand(index);
      if (!ifOp->isAncestor(inThen.getParentRegion()->getParentOp()) &&
          !ifOp->isAncestor(inElse.getParentRegion()->getParentOp())) {
        Value select = arith::SelectOp::create(
            b, ifOp.getLoc(), ifOp.getCondition(), inThen, inElse);
        result.replaceAllUsesWith(select);
      }
    }
  }
}

/// `ifOp` again with one more result: `inBranch` when the branch whose
/// block is `branch` runs, `otherwise` when the other does (an else branch
/// is made if there is none). Returns that result.
Value addIfResult(RewriterBase &rewriter, scf::IfOp ifOp, Block *branch,
                  Value inBranch, Value otherwise) {
  rewriter.setInsertionPoint(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  types.push_back(inBranch.getType());
  auto grown =
      scf::IfOp::create(rewriter, ifOp.getLoc(), types, ifOp.getCondition(),
                        /*addThenBlock=*/false, /*addElseBlock=*/false);
  grown.getThenRegion().takeBody(ifOp.getThenRegion());
  if (ifOp.getElseRegion().empty()) {
    rewriter.createBlock(&grown.getElseRegion());
    scf::YieldOp::create(rewriter, ifOp.getLoc());
  } else {
    grown.getElseRegion().takeBody(ifOp.getElseRegion());
  }
  for (Region *region : {&grown.getThenRegion(), &grown.getElseRegion()}) {
    Operation *yield = region->front().getTerminator();
    Value v = &region->front() == branch ? inBranch : otherwise;
    rewriter.modifyOpInPlace(
        yield, [&] { yield->insertOperands(yield->getNumOperands(), v); });
  }
  rewriter.replaceOp(ifOp, grown.getResults().drop_back());
  return grown.getResults().back();
}

/// Gives each tt.make_tensor_descriptor in `loop`'s body (directly or in
/// scf.if regions) `stages` tensor maps in global scratch, written in turn:
/// the loop carries a counter per make, which steps (wrapping at `stages`)
/// where the make runs and reaches the loop's yield through the scf.if
/// results it is made in. The make itself is lowered here, into the map at
/// the counter (the TMA lowering's tensor map creation). Returns the loop
/// that carries the counters; `writers` gets the ops of its body that write
/// the maps (or hold the writes), which belong to stage 0 with the copies
/// that read them.
FailureOr<scf::ForOp>
multiBufferTensorMaps(scf::ForOp loop, int stages,
                      SmallVectorImpl<Operation *> &writers) {
  SmallVector<MakeTensorDescOp> makes;
  loop.getBody()->walk([&](MakeTensorDescOp make) {
    if (isInBodyThroughIfs(loop, make))
      makes.push_back(make);
  });
  MLIRContext *ctx = loop.getContext();
  IRRewriter rewriter(ctx);
  for (MakeTensorDescOp make : makes) {
    Location loc = make.getLoc();
    rewriter.setInsertionPoint(loop);
    auto ptrType = PointerType::get(rewriter.getI8Type(), 1);
    Value maps = GlobalScratchAllocOp::create(
        rewriter, loc, ptrType, stages * nvidia_gpu::kTensorMapBytes,
        nvidia_gpu::kTensorMapBytes);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    auto grown = loop.replaceWithAdditionalYields(
        rewriter, ValueRange{zero}, /*replaceInitOperandUsesInLoop=*/false,
        [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>{args[0]};
        });
    if (failed(grown))
      return failure();
    loop = cast<scf::ForOp>(grown->getOperation());
    BlockArgument counter = loop.getRegionIterArgs().back();
    // The next map, after this one.
    rewriter.setInsertionPointAfter(make);
    Value next = stepRound(rewriter, loc, counter, stages).next;
    // This one.
    rewriter.setInsertionPoint(make);
    Value offset = arith::MulIOp::create(
        rewriter, loc, counter,
        arith::ConstantIntOp::create(rewriter, loc, nvidia_gpu::kTensorMapBytes,
                                     32));
    Value map = AddPtrOp::create(rewriter, loc, ptrType, maps, offset);
    if (failed(nvidia_gpu::lowerMakeTensorDescriptor(make, rewriter, map)))
      return failure();
    for (Operation *user : map.getUsers())
      if (Operation *top = loop.getBody()->findAncestorOpInBlock(*user))
        writers.push_back(top);
    for (Block *block = next.getParentBlock(); block != loop.getBody();
         block = next.getParentBlock())
      next = addIfResult(rewriter, cast<scf::IfOp>(block->getParentOp()), block,
                         next, counter);
    Operation *yield = loop.getBody()->getTerminator();
    yield->setOperand(yield->getNumOperands() - 1, next);
  }
  return loop;
}

struct PipelinePass
    : public triton::gpu::impl::TritonGPUPipelineBase<PipelinePass> {
  using Base::Base;

  /// A loop's stages: its own `tt.num_stages` (tl.range(...,
  /// num_stages=N)) wins over the option.
  int stagesOf(scf::ForOp loop) {
    auto loopStages = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName);
    return loopStages ? loopStages.getInt() : int(numStages);
  }

  void runOnOperation() override {
    if (numStages < 2)
      return;
    ModuleOp mod = getOperation();
    // TMA stores first, in every loop pipelined (at least 2 stages; warp
    // specialization's loops have 0).
    SmallVector<scf::ForOp> storing;
    mod.walk([&](scf::ForOp loop) {
      if (stagesOf(loop) >= 2)
        storing.push_back(loop);
    });
    for (scf::ForOp loop : storing)
      if (failed(nvidia_gpu::pipelineTMAStores(loop)))
        return signalPassFailure();
    SmallVector<scf::ForOp> loops;
    mod.walk([&](scf::ForOp loop) {
      // Innermost loops with an i32 induction variable.
      bool inner = true;
      loop.getBody()->walk([&](scf::ForOp) { inner = false; });
      if (inner && loop.getInductionVar().getType().isInteger(32))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      ModuleAxisInfoAnalysis axisInfo(mod);
      // A loop's own `tt.num_stages` also asks for its loads to be
      // pipelined whatever they feed.
      int stages = stagesOf(loop);
      if (stages < 2)
        continue;
      bool ownStages = static_cast<bool>(
          loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName));
      SmallVector<PipelinedLoad> loads;
      for (Operation &op : loop.getBody()->without_terminator()) {
        std::optional<PipelinedLoad> match;
        if (auto load = dyn_cast<LoadOp>(op))
          match = matchLoad(load, loop, axisInfo,
                            /*withoutDot=*/ownStages);
        else if (auto load = dyn_cast<DescriptorLoadOp>(op))
          match = matchDescriptorLoad(load, loop,
                                      /*withoutDot=*/ownStages);
        if (match)
          loads.push_back(*match);
      }
      if (loads.empty())
        continue;
      selectForwardedIfResults(loop);
      // Loads whose addresses cannot be computed ahead stay as they are.
      SmallVector<PipelinedLoad> ahead;
      for (PipelinedLoad &p : loads) {
        if (std::optional<std::string> why = cannotRunAhead(loop, p.load))
          p.load->emitRemark("this load is not software-pipelined: ") << *why;
        else
          ahead.push_back(p);
      }
      if (!ahead.empty())
        pipeline(loop, ahead, stages);
    }
  }

  /// Why a load cannot be pipelined, checked before the loop is changed:
  /// its address computation runs ahead of its iteration, where the
  /// iterations past the end must leave no trace, so every op it needs must
  /// be free of memory effects (the load of an index, say, is not).
  static std::optional<std::string> cannotRunAhead(scf::ForOp loop,
                                                   Operation *load) {
    // Descriptors made in the loop get a tensor map per stage (below); others
    // made there are one value each iteration rewrites.
    if (auto descLoad = dyn_cast<DescriptorLoadOp>(load))
      if (!madeBeforeOrByBody(loop, descLoad.getDesc()))
        return std::string("its descriptor is neither made before the loop "
                           "nor by a tt.make_tensor_descriptor of its body "
                           "(or of an scf.if there)");
    // What the load's operands need, through the loop-carried values.
    SmallVector<Operation *> roots;
    for (Value v : load->getOperands())
      if (Operation *def = definingOpInBody(v, loop.getBody()))
        roots.push_back(def);
    for (Operation *op : stageZeroOps(loop, roots)) {
      if (op == load)
        return std::string("its address needs its own value of the "
                           "iteration before");
      if (isMemoryEffectFree(op))
        continue;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "its address needs '" << op->getName()
         << "' of the same iteration, which has memory effects";
      return text;
    }
    return std::nullopt;
  }

  void pipeline(scf::ForOp loop, MutableArrayRef<PipelinedLoad> loads,
                int stages) {
    MLIRContext *ctx = loop.getContext();
    Location loc = loop.getLoc();
    SmallVector<Operation *> mapWriters;
    if (llvm::any_of(loads, [](const PipelinedLoad &p) {
          return isa<DescriptorLoadOp>(p.load);
        })) {
      FailureOr<scf::ForOp> carried =
          multiBufferTensorMaps(loop, stages, mapWriters);
      if (failed(carried)) {
        loop.emitError("cannot multi-buffer the tensor maps made in this "
                       "loop");
        return signalPassFailure();
      }
      loop = *carried;
    }
    OpBuilder b(loop);

    // One buffer per load, of `stages` slots, or of `stages - 1` when every
    // reader loads its slot into registers (ttg.local_load, mma.sync's
    // operands), as upstream's are: the schedule below puts the readers
    // before the copies in the body, and the barrier each group of copies
    // starts with lets every warp finish reading before the copies of
    // iteration i + stages - 1 refill the slot of iteration i. A wgmma
    // reads its slot asynchronously, so the slot it reads must stay.
    bool registerReaders = llvm::all_of(loads, [](const PipelinedLoad &p) {
      return p.plain || isa<ConvertLayoutOp>(p.user);
    });
    int slots = registerReaders ? stages - 1 : stages;
    SmallVector<Value> buffers;
    for (PipelinedLoad &p : loads) {
      SmallVector<int64_t> shape{slots};
      llvm::append_range(shape, p.slotType.getShape());
      auto bufType = MemDescType::get(shape, p.slotType.getElementType(),
                                      p.slotType.getEncoding(),
                                      p.slotType.getMemorySpace(),
                                      /*mutableMemory=*/true);
      buffers.push_back(LocalAllocOp::create(b, p.load->getLoc(),
                                             TypeRange{bufType}, ValueRange{}));
    }
    // TMA copies complete on an mbarrier per slot, which the readers wait
    // on with the phase of their round through the slots.
    bool tma = llvm::any_of(loads, [](const PipelinedLoad &p) {
      return isa<DescriptorLoadOp>(p.load);
    });
    Value barriers;
    if (tma)
      barriers = nvidia_gpu::allocateBarriers(b, loc, slots, /*arrivals=*/1);

    // The slot of an iteration, counted as upstream does: the loop carries
    // one counter for the copies (stage 0) and one for the readers (the
    // last stage), each stepping by one and wrapping at `slots`, so each
    // stage's counter stays within its stage once pipelined.
    SmallVector<Operation *> roots(mapWriters);
    Value insertSlot, extractSlot, phase;
    {
      IRRewriter rewriter(ctx);
      rewriter.setInsertionPoint(loop);
      Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
      SmallVector<Value> inits{zero, zero};
      if (tma)
        inits.push_back(zero);
      auto grown = loop.replaceWithAdditionalYields(
          rewriter, inits,
          /*replaceInitOperandUsesInLoop=*/false,
          [&](OpBuilder &yb, Location l, ArrayRef<BlockArgument> args) {
            SmallVector<Value> next;
            Value extractWraps;
            for (BlockArgument counter : args.take_front(2)) {
              RingStep step = stepRound(yb, l, counter, slots);
              next.push_back(step.next);
              if (counter == args[0])
                llvm::append_range(roots, step.ops);
              else
                extractWraps = step.wraps;
            }
            // The readers' phase flips with each round through the slots.
            if (args.size() > 2) {
              Value one = arith::ConstantIntOp::create(yb, l, 1, 32);
              Value flipped = arith::XOrIOp::create(yb, l, args[2], one);
              next.push_back(arith::SelectOp::create(yb, l, extractWraps,
                                                     flipped, args[2]));
            }
            return next;
          });
      if (failed(grown)) {
        loop.emitError("cannot carry the pipeline's slot counters");
        return signalPassFailure();
      }
      loop = cast<scf::ForOp>(grown->getOperation());
      unsigned n = loop.getRegionIterArgs().size() - inits.size();
      insertSlot = loop.getRegionIterArgs()[n];
      extractSlot = loop.getRegionIterArgs()[n + 1];
      if (tma)
        phase = loop.getRegionIterArgs()[n + 2];
    }

    // In the body: the copies (cp.async: one commit each; TMA: the slot's
    // mbarrier expects every copy's bytes first), the waits before the first
    // reader.
    Block *body = loop.getBody();
    SmallVector<Value> groups;
    Value barrierIn;
    for (auto [p, buffer] : llvm::zip(loads, buffers)) {
      b.setInsertionPoint(p.load);
      Location l = p.load->getLoc();
      Value view = MemDescIndexOp::create(
          b, l, nvidia_gpu::asMutable(p.slotType), buffer, insertSlot);
      if (auto descLoad = dyn_cast<DescriptorLoadOp>(p.load)) {
        Value yes = arith::ConstantIntOp::create(b, l, 1, 1);
        roots.push_back(yes.getDefiningOp());
        if (!barrierIn) {
          barrierIn = nvidia_gpu::barrierAt(b, l, barriers, insertSlot);
          int64_t bytes = 0;
          for (PipelinedLoad &q : loads)
            if (isa<DescriptorLoadOp>(q.load))
              // (A TMA slot has its descriptor's NVMMA layout.)
              bytes += nvidia_gpu::tmaCtaBytes(
                  q.slotType.getShape(),
                  cast<NVMMASharedEncodingAttr>(q.slotType.getEncoding()));
          auto expect =
              nvidia_gpu::BarrierExpectOp::create(b, l, barrierIn, bytes, yes);
          roots.push_back(barrierIn.getDefiningOp());
          roots.push_back(expect);
        }
        auto copy = nvidia_gpu::AsyncTMACopyGlobalToLocalOp::create(
            b, l, descLoad.getDesc(), descLoad.getIndices(), barrierIn, view,
            yes, descLoad.getCache(), descLoad.getEvict(),
            /*isVolatile=*/false);
        roots.push_back(copy);
        continue;
      }
      auto load = cast<LoadOp>(p.load);
      auto copy = AsyncCopyGlobalToLocalOp::create(
          b, l, load.getPtr(), view, load.getMask(),
          /*other=*/Value(), load.getCache(), load.getEvict(),
          /*isVolatile=*/false);
      auto commit =
          AsyncCommitGroupOp::create(b, l, ValueRange{copy.getToken()});
      roots.push_back(copy);
      roots.push_back(commit);
      groups.push_back(commit.getResult());
    }

    // Readers: the first one waits for this iteration's copies.
    Operation *firstUser = nullptr;
    for (PipelinedLoad &p : loads)
      if (!firstUser || p.user->isBeforeInBlock(firstUser))
        firstUser = p.user;
    b.setInsertionPoint(firstUser);
    // Groups of later iterations still in flight: one per copy of each of
    // the stages - 2 iterations after this one.
    Value token;
    if (!groups.empty())
      token =
          AsyncWaitOp::create(b, loc, groups,
                              (stages - 2) * static_cast<int>(groups.size()))
              .getResult();
    if (tma) {
      Value barrierOut = nvidia_gpu::barrierAt(b, loc, barriers, extractSlot);
      nvidia_gpu::WaitBarrierOp::create(b, loc, barrierOut, phase,
                                        /*pred=*/Value(), ValueRange());
    }
    for (auto [p, buffer] : llvm::zip(loads, buffers)) {
      b.setInsertionPoint(p.user);
      Value view = MemDescIndexOp::create(b, p.user->getLoc(),
                                          nvidia_gpu::asMutable(p.slotType),
                                          buffer, extractSlot);
      Value loadToken = isa<LoadOp>(p.load) ? token : Value();
      Value result = p.load->getResult(0);
      if (p.plain) {
        // Every user reads the slot's values, in the load's layout.
        Value loaded = LocalLoadOp::create(b, p.load->getLoc(),
                                           result.getType(), view, loadToken);
        result.replaceAllUsesWith(loaded);
      } else if (auto alloc = dyn_cast<LocalAllocOp>(p.user)) {
        // The dot reads the slot, or its transposed view (mutable as the
        // slot is), in place of the allocation.
        auto trans = dyn_cast<MemDescTransOp>(*alloc->getUsers().begin());
        Value replaced = alloc.getResult();
        if (trans) {
          b.setInsertionPoint(trans);
          view = MemDescTransOp::create(b, trans.getLoc(),
                                        nvidia_gpu::asMutable(trans.getType()),
                                        view, trans.getOrder());
          replaced = trans.getResult();
        }
        replaced.replaceAllUsesWith(view);
        if (trans)
          trans.erase();
        alloc.erase();
      } else {
        auto cvt = cast<ConvertLayoutOp>(p.user);
        Value loaded = LocalLoadOp::create(b, cvt.getLoc(), cvt.getType(), view,
                                           loadToken);
        cvt.replaceAllUsesWith(loaded);
        cvt.erase();
      }
      p.load->erase();
    }

    // A wgmma whose result is only carried into the next iteration runs
    // asynchronously:
    // - when it accumulates into itself, the next iteration's wgmma chains
    //   on its registers and one product stays in flight (pendings = 1);
    // - otherwise (attention's P @ V, whose accumulator is rescaled first)
    //   the next iteration waits for it (pendings = 0) right before it first
    //   reads the carried value, and before the dot itself. The schedule
    //   puts that wait before the iteration's copies, so the slot the
    //   product reads is not refilled under it.
    // The barrier every copy starts with keeps the refilled slot from being
    // overwritten while another warp group's product still reads it.
    // Only a product whose shared operands stay put while it runs: a slot
    // of the buffers above, or a buffer made before the loop. A buffer the
    // body allocates (a load that is not pipelined) is made again, at the
    // same address, by the next iteration while the product may still
    // read it.
    auto stable = [&](Value operand) {
      if (!isa<MemDescType>(operand.getType()))
        return true;
      while (auto trans = operand.getDefiningOp<MemDescTransOp>())
        operand = trans.getSrc();
      if (loop.isDefinedOutsideOfLoop(operand))
        return true;
      auto index = operand.getDefiningOp<MemDescIndexOp>();
      return index && llvm::is_contained(buffers, index.getSrc());
    };
    SmallVector<unsigned> asyncResults;
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    for (auto dot : llvm::make_early_inc_range(
             body->getOps<nvidia_gpu::WarpGroupDotOp>())) {
      if (!stable(dot.getA()) || !stable(dot.getB()))
        continue;
      Value d = dot.getResult();
      if (std::optional<Accumulation> acc = accumulatesAcrossIterations(dot)) {
        // The product stays in flight into the next iteration; the ops
        // reading it in this one (a flattened loop's epilogue, in the scf.if
        // of a tile's last step) wait for it first.
        dot.setIsAsync(true);
        b.setInsertionPointAfter(dot);
        auto wait = nvidia_gpu::WarpGroupDotWaitOp::create(
            b, dot.getLoc(), TypeRange{d.getType()}, ValueRange{d},
            b.getI32IntegerAttr(1));
        Value inFlight = wait.getResult(0);
        d.replaceAllUsesExcept(inFlight, wait);
        DenseMap<Block *, Value> doneIn;
        for (OpOperand &use : llvm::make_early_inc_range(inFlight.getUses())) {
          if (&use == acc->carrier)
            continue;
          Operation *user = use.getOwner();
          Value &done = doneIn[user->getBlock()];
          if (!done) {
            Operation *first = user;
            for (Operation *other : inFlight.getUsers())
              if (other->getBlock() == user->getBlock() &&
                  other->isBeforeInBlock(first))
                first = other;
            b.setInsertionPoint(first);
            done = nvidia_gpu::WarpGroupDotWaitOp::create(
                       b, dot.getLoc(), TypeRange{d.getType()},
                       ValueRange{inFlight}, b.getI32IntegerAttr(0))
                       .getResult(0);
          }
          use.set(done);
        }
        asyncResults.push_back(acc->index);
        continue;
      }
      if (!d.hasOneUse() || *d.getUsers().begin() != yield.getOperation())
        continue;
      unsigned idx = d.getUses().begin()->getOperandNumber();
      BlockArgument carried = body->getArgument(idx + 1);
      Operation *firstReader = nullptr;
      for (OpOperand &use : carried.getUses()) {
        Operation *top = body->findAncestorOpInBlock(*use.getOwner());
        if (top && (!firstReader || top->isBeforeInBlock(firstReader)))
          firstReader = top;
      }
      if (!firstReader || !firstReader->isBeforeInBlock(dot))
        continue;
      dot.setIsAsync(true);
      b.setInsertionPoint(firstReader);
      auto wait = nvidia_gpu::WarpGroupDotWaitOp::create(
          b, dot.getLoc(), TypeRange{carried.getType()}, ValueRange{carried},
          b.getI32IntegerAttr(0));
      carried.replaceAllUsesExcept(wait.getResult(0), wait);
      asyncResults.push_back(idx);
    }

    // The schedule: the last stage in body order, then stage 0. When no
    // slot is refilled in the iteration that reads it (wgmma readers: one
    // slot per stage), what the last stage does after its last wgmma (a
    // flattened loop's epilogue) goes after stage 0, so that the next
    // copies are already issued while it runs.
    DenseSet<Operation *> stage0 = stageZeroOps(loop, roots);
    Operation *lastDot = nullptr;
    if (!registerReaders)
      for (Operation &op : body->without_terminator())
        if (!stage0.contains(&op) &&
            isa<nvidia_gpu::WarpGroupDotOp, nvidia_gpu::WarpGroupDotWaitOp>(op))
          lastDot = &op;
    std::vector<std::pair<Operation *, unsigned>> schedule;
    bool afterDots = false;
    SmallVector<Operation *> late;
    for (Operation &op : body->without_terminator()) {
      if (stage0.contains(&op))
        continue;
      if (afterDots)
        late.push_back(&op);
      else
        schedule.push_back({&op, unsigned(stages - 1)});
      afterDots |= &op == lastDot;
    }
    for (Operation &op : body->without_terminator())
      if (stage0.contains(&op))
        schedule.push_back({&op, 0u});
    for (Operation *op : late)
      schedule.push_back({op, unsigned(stages - 1)});

    scf::PipeliningOption options;
    options.getScheduleFn =
        [schedule](scf::ForOp,
                   std::vector<std::pair<Operation *, unsigned>> &out) {
          out = schedule;
        };
    options.peelEpilogue = false;
    options.supportDynamicLoops = true;
    options.predicateFn = [](RewriterBase &rewriter, Operation *op,
                             Value pred) -> Operation * {
      if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
        // Copies of iterations past the end copy nothing.
        rewriter.setInsertionPoint(copy);
        auto ptrType = cast<RankedTensorType>(copy.getSrc().getType());
        auto maskType = RankedTensorType::get(
            ptrType.getShape(), rewriter.getI1Type(), ptrType.getEncoding());
        Value mask = SplatOp::create(rewriter, copy.getLoc(), maskType, pred);
        if (copy.getMask())
          mask = arith::AndIOp::create(rewriter, copy.getLoc(), mask,
                                       copy.getMask());
        rewriter.modifyOpInPlace(copy,
                                 [&] { copy.getMaskMutable().assign(mask); });
        return copy;
      }
      // TMA copies and their mbarrier's expectation take a predicate.
      if (isa<nvidia_gpu::BarrierExpectOp,
              nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op)) {
        rewriter.setInsertionPoint(op);
        OpOperand &own =
            isa<nvidia_gpu::BarrierExpectOp>(op)
                ? cast<nvidia_gpu::BarrierExpectOp>(op).getPredMutable()
                : cast<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op)
                      .getPredMutable();
        Value both =
            arith::AndIOp::create(rewriter, op->getLoc(), pred, own.get());
        rewriter.modifyOpInPlace(op, [&] { own.set(both); });
        return op;
      }
      if (isa<AsyncCommitGroupOp>(op) || isMemoryEffectFree(op))
        return op;
      // Tensor maps of iterations past the end are not written: an scf.if
      // that writes them runs only within the loop, a write in the body
      // goes into one.
      auto writesMaps = [](Operation *nested) {
        return isa<nvidia_gpu::TensormapCreateOp,
                   nvidia_gpu::TensormapFenceproxyAcquireOp>(nested);
      };
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        WalkResult walk = ifOp->walk([&](Operation *nested) {
          if (nested == op || writesMaps(nested) ||
              isMemoryEffectFree(nested) || nested->getNumRegions() != 0)
            return WalkResult::advance();
          return WalkResult::interrupt();
        });
        if (walk.wasInterrupted())
          return nullptr;
        rewriter.setInsertionPoint(ifOp);
        Value both = arith::AndIOp::create(rewriter, ifOp.getLoc(), pred,
                                           ifOp.getCondition());
        rewriter.modifyOpInPlace(
            ifOp, [&] { ifOp.getConditionMutable().assign(both); });
        return ifOp;
      }
      if (writesMaps(op)) {
        rewriter.setInsertionPoint(op);
        auto guard = scf::IfOp::create(rewriter, op->getLoc(), pred,
                                       /*withElseRegion=*/false);
        rewriter.moveOpBefore(op, guard.thenBlock()->getTerminator());
        return guard;
      }
      return nullptr;
    };
    IRRewriter rewriter(ctx);
    rewriter.setInsertionPoint(loop);
    FailureOr<scf::ForOp> pipelined =
        scf::pipelineForLoop(rewriter, loop, options);
    if (failed(pipelined)) {
      loop.emitError("software pipelining of this loop failed");
      return signalPassFailure();
    }
    // Finish the products still in flight, drain the (possibly empty)
    // copy groups, free the buffers.
    b.setInsertionPointAfter(*pipelined);
    for (unsigned idx : asyncResults) {
      Value result = pipelined->getResult(idx);
      auto wait = nvidia_gpu::WarpGroupDotWaitOp::create(
          b, loc, TypeRange{result.getType()}, ValueRange{result},
          b.getI32IntegerAttr(0));
      result.replaceAllUsesExcept(wait.getResult(0), wait);
    }
    if (!groups.empty())
      AsyncWaitOp::create(b, loc, ValueRange{}, 0);
    if (tma) {
      for (int i = 0; i < slots; ++i) {
        Value index = arith::ConstantIntOp::create(b, loc, i, 32);
        nvidia_gpu::InvalBarrierOp::create(
            b, loc, nvidia_gpu::barrierAt(b, loc, barriers, index));
      }
      LocalDeallocOp::create(b, loc, barriers);
    }
    for (Value buffer : buffers)
      LocalDeallocOp::create(b, loc, buffer);
  }
};

} // namespace
