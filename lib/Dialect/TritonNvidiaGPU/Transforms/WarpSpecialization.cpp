//===- WarpSpecialization.cpp - the nvgpu-warp-specialization pass --------===//
//
// Hopper's automatic warp specialization of a loop marked
// `tl.range(..., warp_specialize=True)` (`tt.warp_specialize` on its
// scf.for): the TMA loads that feed its warp-group dots move to a producer,
// the kernel's warps (the default region of a ttg.warp_specialize), and
// the dots and everything else to a consumer partition of as many warps.
// They pass the loaded blocks through a ring of `num_stages` shared-memory
// slots (the loads' loop's `tt.num_stages`, else the pass option), each
// guarded by two mbarriers:
//
//   producer, iteration i                consumer, iteration i
//   wait empty[i % S], phase ^ 1         wait full[i % S], phase
//   expect full[i % S], bytes            warp_group_dot on the slot
//   TMA copies into slot i % S           arrive empty[i % S]
//
// where phase = (i / S) & 1 and i counts the iterations of the loop that
// holds the loads over the whole kernel (a persistent kernel's inner loop
// counts on across its outer loop's iterations).
//
// Each side is a copy of the kernel's body cut down to what it needs: the
// producer keeps the loads' operands and the loops around them, the
// consumer every op with side effects (the epilogue's stores) and what they
// need. Loop-carried values a side does not need are dropped.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

constexpr StringLiteral kWarpSpecializeAttr = "tt.warp_specialize";

/// A block that a TMA load brings into shared memory for warp-group dots.
struct Channel {
  DescriptorLoadOp load;
  LocalAllocOp alloc;
};

/// What the loop marked for warp specialization holds.
struct Plan {
  scf::ForOp outer;
  /// The loop that holds the loads (`outer` or nested in it).
  scf::ForOp inner;
  /// From `outer` down to `inner`.
  SmallVector<scf::ForOp> nest;
  SmallVector<Channel> channels;
  int stages = 2;
};

/// Why `loop` cannot be warp-specialized, or its plan.
FailureOr<Plan> analyze(scf::ForOp loop, int defaultStages, std::string &why) {
  Plan plan;
  plan.outer = loop;
  loop.walk([&](DescriptorLoadOp load) {
    if (!load->hasOneUse())
      return;
    auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
    if (!alloc || alloc->getBlock() != load->getBlock())
      return;
    bool feedsDots = llvm::all_of(alloc->getUsers(), [](Operation *user) {
      if (isa<WarpGroupDotOp>(user))
        return true;
      if (auto trans = dyn_cast<MemDescTransOp>(user))
        return llvm::all_of(trans->getUsers(), [](Operation *u) {
          return isa<WarpGroupDotOp>(u);
        });
      return false;
    });
    if (feedsDots && !alloc->use_empty())
      plan.channels.push_back({load, alloc});
  });
  if (plan.channels.empty()) {
    why = "it has no TMA loads feeding warp-group dots";
    return failure();
  }
  auto inner = dyn_cast<scf::ForOp>(plan.channels.front().load->getParentOp());
  if (!inner) {
    why = "its loads are not directly in a loop";
    return failure();
  }
  for (Channel &c : plan.channels) {
    if (c.load->getParentOp() != inner) {
      why = "its loads are in different loops";
      return failure();
    }
    Operation *descScope = c.load.getDesc().getParentBlock()->getParentOp();
    if (inner == descScope || inner->isProperAncestor(descScope)) {
      why = "a descriptor is made inside the loop of its loads";
      return failure();
    }
    auto encoding = dyn_cast_or_null<NVMMASharedEncodingAttr>(
        c.alloc.getType().getEncoding());
    if (!encoding ||
        encoding != c.load.getDesc().getType().getBlockType().getEncoding()) {
      why = "a load's buffer is not laid out as its descriptor's block";
      return failure();
    }
  }
  // The loops from the marked one down to the loads', each directly in the
  // one above.
  for (Operation *op = inner; op != loop; op = op->getParentOp()) {
    auto parent = dyn_cast<scf::ForOp>(op->getParentOp());
    if (!parent) {
      why = "its loads are under an op other than a loop";
      return failure();
    }
    plan.nest.insert(plan.nest.begin(), cast<scf::ForOp>(op));
  }
  plan.nest.insert(plan.nest.begin(), loop);
  plan.inner = inner;
  // The ring is as deep as the loop that holds the loads asks, else the
  // pass option (the kernel's num_stages): as upstream, the num_stages of a
  // persistent kernel's outer (marked) loop does not size it.
  plan.stages = defaultStages;
  if (auto stages = inner->getAttrOfType<IntegerAttr>(kNumStagesAttrName))
    plan.stages = stages.getInt();
  plan.stages = std::max(plan.stages, 1);
  return plan;
}

//===----------------------------------------------------------------------===//
// Cutting a copy of the kernel down to what one side needs
//===----------------------------------------------------------------------===//

/// Marks what `roots` need in `region` (operands, the loops and ifs around
/// them, and of a loop only the carried values used), then erases the rest
/// and the loops' unused carried values.
class DeadCodeEraser {
public:
  explicit DeadCodeEraser(Region &region) : region(region) {}

  void markLive(Operation *op) {
    if (!op || !region.isAncestor(op->getParentRegion()) ||
        !live.insert(op).second)
      return;
    worklist.push_back(op);
  }

  void run() {
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      visit(op);
    }
    sweep();
  }

private:
  void markValue(Value v) {
    if (auto result = dyn_cast<OpResult>(v)) {
      Operation *def = result.getOwner();
      if (auto loop = dyn_cast<scf::ForOp>(def)) {
        markIterArg(loop, result.getResultNumber());
        return;
      }
      markLive(def);
      return;
    }
    auto arg = cast<BlockArgument>(v);
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner);
        loop && arg.getOwner() == loop.getBody()) {
      if (arg == loop.getInductionVar())
        markLive(loop);
      else
        markIterArg(loop, arg.getArgNumber() - 1);
      return;
    }
    markLive(owner);
  }

  void markIterArg(scf::ForOp loop, unsigned i) {
    markLive(loop);
    if (!liveIterArgs[loop].insert(i).second)
      return;
    markValue(loop.getInitArgs()[i]);
    markValue(loop.getBody()->getTerminator()->getOperand(i));
  }

  void visit(Operation *op) {
    // The ops around it run it.
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (!region.isAncestor(parent->getParentRegion()))
        break;
      markLive(parent);
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      markValue(loop.getLowerBound());
      markValue(loop.getUpperBound());
      markValue(loop.getStep());
      return;
    }
    for (Value operand : op->getOperands())
      markValue(operand);
    // Any other op with regions runs whole, and all it yields is used.
    if (op->getNumRegions() != 0)
      op->walk([&](Operation *nested) {
        if (nested != op)
          markLive(nested);
      });
  }

  void sweep() {
    SmallVector<Operation *> dead;
    region.walk<WalkOrder::PostOrder>([&](Operation *op) {
      // A live loop keeps its yield (pruneIterArgs drops what it yields
      // for nobody).
      if (op->hasTrait<OpTrait::IsTerminator>() &&
          live.contains(op->getParentOp()))
        return;
      if (!live.contains(op))
        dead.push_back(op);
    });
    // Dead ops may use each other: drop the references first, then erase
    // in post-order (what an op holds before the op).
    for (Operation *op : dead)
      op->dropAllUses();
    for (Operation *op : dead)
      op->erase();
    // Loops lose the carried values nobody uses.
    SmallVector<scf::ForOp> loops;
    region.walk<WalkOrder::PostOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      pruneIterArgs(loop);
  }

  void pruneIterArgs(scf::ForOp loop) {
    const llvm::SmallDenseSet<unsigned> &keep = liveIterArgs[loop];
    unsigned n = loop.getNumRegionIterArgs();
    if (keep.size() == n)
      return;
    SmallVector<Value> inits;
    SmallVector<unsigned> kept;
    for (unsigned i = 0; i < n; ++i)
      if (keep.contains(i)) {
        inits.push_back(loop.getInitArgs()[i]);
        kept.push_back(i);
      }
    OpBuilder b(loop);
    auto pruned =
        scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    pruned->setAttrs(loop->getAttrs());
    Block *body = loop.getBody();
    Operation *yield = body->getTerminator();
    SmallVector<Value> yielded;
    for (unsigned i : kept)
      yielded.push_back(yield->getOperand(i));
    Block *newBody = pruned.getBody();
    // (An empty body gets its yield from the builder; drop it.)
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    IRMapping map;
    map.map(loop.getInductionVar(), pruned.getInductionVar());
    for (auto [j, i] : llvm::enumerate(kept))
      body->getArgument(1 + i).replaceAllUsesWith(
          pruned.getRegionIterArgs()[j]);
    body->getArgument(0).replaceAllUsesWith(pruned.getInductionVar());
    yield->erase();
    newBody->getOperations().splice(newBody->end(), body->getOperations());
    b.setInsertionPointToEnd(newBody);
    scf::YieldOp::create(b, loop.getLoc(), yielded);
    for (auto [j, i] : llvm::enumerate(kept))
      loop.getResult(i).replaceAllUsesWith(pruned.getResult(j));
    loop.erase();
  }

  Region &region;
  llvm::DenseSet<Operation *> live;
  SmallVector<Operation *> worklist;
  llvm::DenseMap<Operation *, llvm::SmallDenseSet<unsigned>> liveIterArgs;
};

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

/// The shared memory of the ring: a buffer of `stages` slots per channel
/// and the full and empty mbarriers of each slot.
struct Ring {
  SmallVector<Value> buffers;
  Value full, empty;
  int stages;
  int64_t bytes = 0;
};

Ring allocateRing(OpBuilder &b, Location loc, Plan &plan) {
  Ring ring;
  ring.stages = plan.stages;
  for (Channel &c : plan.channels) {
    MemDescType slot = c.alloc.getType();
    SmallVector<int64_t> shape{plan.stages};
    llvm::append_range(shape, slot.getShape());
    auto type =
        MemDescType::get(shape, slot.getElementType(), slot.getEncoding(),
                         slot.getMemorySpace(), /*mutableMemory=*/true);
    ring.buffers.push_back(
        LocalAllocOp::create(b, loc, TypeRange{type}, ValueRange{}));
    ring.bytes += tmaCtaBytes(
        slot.getShape(), cast<NVMMASharedEncodingAttr>(slot.getEncoding()));
  }
  ring.full = allocateBarriers(b, loc, plan.stages, /*arrivals=*/1);
  ring.empty = allocateBarriers(b, loc, plan.stages, /*arrivals=*/1);
  return ring;
}

/// Threads an i32 counter of the inner loop's iterations through the nest
/// (a copy of it; its loops are replaced by ones carrying one value more):
/// returns it as the inner loop's carried value.
Value threadCounter(MutableArrayRef<scf::ForOp> loops) {
  OpBuilder b(loops.front());
  Location loc = loops.front().getLoc();
  Value init = arith::ConstantIntOp::create(b, loc, 0, 32);
  // Outermost first: each inner loop starts from its parent's count.
  for (unsigned i = 0; i < loops.size(); ++i) {
    scf::ForOp loop = loops[i];
    IRRewriter rewriter(loop.getContext());
    auto grown = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
        rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>{args.front()};
        }));
    loops[i] = grown;
    // (The loops inside moved with the body, the same ops.)
    init = grown.getRegionIterArgs().back();
  }
  // Each loop yields its inner loop's final count; the inner loop counts.
  scf::ForOp innermost = loops.back();
  Value counter = innermost.getRegionIterArgs().back();
  {
    Operation *yield = innermost.getBody()->getTerminator();
    OpBuilder y(yield);
    Value one = arith::ConstantIntOp::create(y, loc, 1, 32);
    yield->setOperand(yield->getNumOperands() - 1,
                      arith::AddIOp::create(y, loc, counter, one));
  }
  for (int i = int(loops.size()) - 2; i >= 0; --i) {
    Operation *yield = loops[i].getBody()->getTerminator();
    yield->setOperand(yield->getNumOperands() - 1,
                      loops[i + 1].getResults().back());
  }
  return counter;
}

struct SlotAndPhase {
  Value slot, phase;
};

SlotAndPhase slotAndPhase(OpBuilder &b, Location loc, Value counter,
                          int stages) {
  Value s = arith::ConstantIntOp::create(b, loc, stages, 32);
  Value slot = arith::RemUIOp::create(b, loc, counter, s);
  Value round = arith::DivUIOp::create(b, loc, counter, s);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value phase = arith::AndIOp::create(b, loc, round, one);
  return {slot, phase};
}

/// The copy of the plan's loops and loads in a copy of the kernel's body.
struct Copied {
  SmallVector<scf::ForOp> nest;
  SmallVector<Channel> channels;
};

Copied lookup(Plan &plan, IRMapping &map) {
  Copied c;
  for (scf::ForOp loop : plan.nest)
    c.nest.push_back(cast<scf::ForOp>(map.lookup(loop.getOperation())));
  for (Channel &ch : plan.channels)
    c.channels.push_back(
        {cast<DescriptorLoadOp>(map.lookup(ch.load.getOperation())),
         cast<LocalAllocOp>(map.lookup(ch.alloc.getOperation()))});
  return c;
}

/// The producer: TMA copies into the ring; returns the ops to keep.
SmallVector<Operation *> makeProducer(Copied &copied, const Ring &ring,
                                      ArrayRef<Value> buffers, Value full,
                                      Value empty) {
  Value counter = threadCounter(copied.nest);
  // The last load: every load's coordinates are ready there.
  DescriptorLoadOp last = copied.channels.front().load;
  for (Channel &c : copied.channels)
    if (last->isBeforeInBlock(c.load))
      last = c.load;
  OpBuilder b(last);
  Location loc = last.getLoc();
  SmallVector<Operation *> roots;
  auto [slot, phase] = slotAndPhase(b, loc, counter, ring.stages);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value emptyPhase = arith::XOrIOp::create(b, loc, phase, one);
  roots.push_back(WaitBarrierOp::create(b, loc, barrierAt(b, loc, empty, slot),
                                        emptyPhase, Value(), ValueRange()));
  Value fullSlot = barrierAt(b, loc, full, slot);
  Value yes = arith::ConstantIntOp::create(b, loc, 1, 1);
  roots.push_back(BarrierExpectOp::create(b, loc, fullSlot, ring.bytes, yes));
  for (auto [c, buffer] : llvm::zip(copied.channels, buffers)) {
    MemDescType slotType = asMutable(c.alloc.getType());
    Value view = MemDescIndexOp::create(b, loc, slotType, buffer, slot);
    roots.push_back(AsyncTMACopyGlobalToLocalOp::create(
        b, c.load.getLoc(), c.load.getDesc(), c.load.getIndices(), fullSlot,
        view, yes, c.load.getCache(), c.load.getEvict(),
        /*isVolatile=*/false));
  }
  return roots;
}

/// The consumer: the dots read the ring's slots.
void makeConsumer(Copied &copied, const Ring &ring, ArrayRef<Value> buffers,
                  Value full, Value empty) {
  Value counter = threadCounter(copied.nest);
  DescriptorLoadOp first = copied.channels.front().load;
  for (Channel &c : copied.channels)
    if (c.load->isBeforeInBlock(first))
      first = c.load;
  OpBuilder b(first);
  Location loc = first.getLoc();
  auto [slot, phase] = slotAndPhase(b, loc, counter, ring.stages);
  WaitBarrierOp::create(b, loc, barrierAt(b, loc, full, slot), phase, Value(),
                        ValueRange());
  for (auto [c, buffer] : llvm::zip(copied.channels, buffers)) {
    b.setInsertionPoint(c.alloc);
    Value view = MemDescIndexOp::create(
        b, c.alloc.getLoc(), asMutable(c.alloc.getType()), buffer, slot);
    c.alloc.getResult().replaceAllUsesWith(view);
    // A transposed view of the slot is of mutable memory too.
    for (Operation *user : view.getUsers())
      if (auto trans = dyn_cast<MemDescTransOp>(user))
        trans.getResult().setType(asMutable(trans.getType()));
    c.alloc.erase();
    c.load.erase();
  }
  scf::ForOp inner = copied.nest.back();
  Block *body = inner.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  // Dots that only accumulate into a carried value (a matmul's k loop) run
  // asynchronously: each iteration waits for the previous one's dots only,
  // then frees its slot; after the loop the last ones are waited for and
  // their slot freed. That keeps one slot more in the consumer's hands, so
  // with 2 slots the producer could only run one ahead: the dots stay
  // synchronous there.
  SmallVector<WarpGroupDotOp> dots(body->getOps<WarpGroupDotOp>());
  bool accumulating =
      ring.stages >= 3 && !dots.empty() &&
      llvm::all_of(dots, [&](WarpGroupDotOp dot) {
        Value d = dot.getResult();
        auto carried = dyn_cast<BlockArgument>(dot.getC());
        return d.hasOneUse() && *d.getUsers().begin() == yield.getOperation() &&
               carried && carried.getOwner() == body && carried.hasOneUse() &&
               carried.getArgNumber() ==
                   d.getUses().begin()->getOperandNumber() + 1;
      });
  if (!accumulating) {
    // Synchronous dots: once the iteration's are done, its slot is free.
    b.setInsertionPoint(yield);
    ArriveBarrierOp::create(b, loc, barrierAt(b, loc, empty, slot), 1, Value());
    return;
  }
  SmallVector<unsigned> accumulators;
  for (WarpGroupDotOp dot : dots) {
    dot.setIsAsync(true);
    b.setInsertionPointAfter(dot);
    auto wait = WarpGroupDotWaitOp::create(
        b, dot.getLoc(), TypeRange{dot.getType()}, ValueRange{dot.getResult()},
        b.getI32IntegerAttr(1));
    unsigned idx = dot.getResult().getUses().begin()->getOperandNumber();
    yield.setOperand(idx, wait.getResult(0));
    accumulators.push_back(idx);
  }
  // The previous iteration's slot, if this is not the loop's first.
  b.setInsertionPoint(yield);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value previous = arith::SubIOp::create(b, loc, counter, one);
  Value notFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            inner.getInductionVar(), inner.getLowerBound());
  SlotAndPhase prev = slotAndPhase(b, loc, previous, ring.stages);
  ArriveBarrierOp::create(b, loc, barrierAt(b, loc, empty, prev.slot), 1,
                          notFirst);
  // After the loop: the last dots, and the last slot if the loop ran.
  b.setInsertionPointAfter(inner);
  SmallVector<Value> results;
  for (unsigned idx : accumulators)
    results.push_back(inner.getResult(idx));
  auto wait = WarpGroupDotWaitOp::create(b, loc, ValueRange(results).getTypes(),
                                         results, b.getI32IntegerAttr(0));
  for (auto [idx, waited] : llvm::zip(accumulators, wait.getResults()))
    inner.getResult(idx).replaceAllUsesExcept(waited, wait);
  Value end = inner.getResults().back();
  Value start = inner.getInitArgs().back();
  Value ran =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, end, start);
  Value last = arith::SubIOp::create(
      b, loc, end, arith::ConstantIntOp::create(b, loc, 1, 32));
  SlotAndPhase lastSlot = slotAndPhase(b, loc, last, ring.stages);
  ArriveBarrierOp::create(b, loc, barrierAt(b, loc, empty, lastSlot.slot), 1,
                          ran);
}

//===----------------------------------------------------------------------===//
// A consumer of two warp groups
//===----------------------------------------------------------------------===//

/// A linear layout (one an MMA result's reshape, permutation or split
/// has) for `factor` times the warps, as the MMA layout it comes from
/// gets them: each doubling turns the register basis of the rows next
/// above the warps' (dimension 0, twice the warps' largest row step) into a
/// warp basis. Null when there is no such basis.
Attribute scaleLinearWarps(LinearEncodingAttr linear, unsigned factor) {
  unsigned rank = linear.getRank();
  auto bases = [&](ArrayRef<int32_t> flat) {
    SmallVector<SmallVector<int32_t>> out;
    for (size_t i = 0; i + rank <= flat.size(); i += rank)
      out.emplace_back(flat.slice(i, rank));
    return out;
  };
  auto flatten = [](ArrayRef<SmallVector<int32_t>> list) {
    SmallVector<int32_t> flat;
    for (const SmallVector<int32_t> &basis : list)
      llvm::append_range(flat, basis);
    return flat;
  };
  SmallVector<SmallVector<int32_t>> registers =
      bases(linear.getRegisterBases());
  SmallVector<SmallVector<int32_t>> warps = bases(linear.getWarpBases());
  if (!llvm::isPowerOf2_32(factor))
    return {};
  for (unsigned f = factor; f > 1; f /= 2) {
    int32_t top = 0;
    for (const SmallVector<int32_t> &w : warps)
      top = std::max(top, w[0]);
    if (top == 0)
      return {};
    auto next = llvm::find_if(registers, [&](ArrayRef<int32_t> r) {
      return r[0] == 2 * top &&
             llvm::all_of(r.drop_front(), [](int32_t c) { return c == 0; });
    });
    if (next == registers.end())
      return {};
    warps.push_back(*next);
    registers.erase(next);
  }
  return LinearEncodingAttr::get(linear.getContext(), rank, flatten(registers),
                                 linear.getLaneBases(), flatten(warps),
                                 linear.getBlockBases());
}

/// `encoding` for `factor` times the warps: blocked layouts and Hopper's MMA
/// layout put the new warps along their slowest dimension (the MMA's rows:
/// each warp group its own rows of the tile), linear layouts derived from
/// the MMA's follow it, slices and dot operands follow their parent; null
/// for layouts this does not know.
Attribute scaleWarps(Attribute encoding, unsigned factor) {
  MLIRContext *ctx = encoding.getContext();
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding)) {
    SmallVector<unsigned> warps(blocked.getWarpsPerCTA());
    warps[blocked.getOrder().back()] *= factor;
    return BlockedEncodingAttr::get(ctx, blocked.getSizePerThread(),
                                    blocked.getThreadsPerWarp(), warps,
                                    blocked.getOrder(), blocked.getCgaBases());
  }
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(encoding)) {
    if (!mma.isHopper())
      return {};
    SmallVector<unsigned> warps(mma.getWarpsPerCTA());
    warps[0] *= factor;
    return NvidiaMmaEncodingAttr::get(ctx, mma.getVersionMajor(),
                                      mma.getVersionMinor(), warps,
                                      mma.getInstrShape(), mma.getCgaBases());
  }
  if (auto linear = dyn_cast<LinearEncodingAttr>(encoding))
    return scaleLinearWarps(linear, factor);
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    Attribute parent = scaleWarps(slice.getParent(), factor);
    return parent ? SliceEncodingAttr::get(ctx, slice.getDim(), parent)
                  : Attribute();
  }
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    Attribute parent = scaleWarps(dot.getParent(), factor);
    return parent ? DotOperandEncodingAttr::get(ctx, dot.getOpIdx(), parent,
                                                dot.getKWidth())
                  : Attribute();
  }
  return {};
}

/// `type` for `factor` times the warps (types without a tensor layout stay).
Type scaleWarps(Type type, unsigned factor) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.getEncoding())
    return type;
  Attribute encoding = scaleWarps(tensor.getEncoding(), factor);
  return encoding ? tensor.cloneWithEncoding(encoding) : Type();
}

/// Gives every tensor of `region` layouts for `factor` times the warps;
/// false, changing nothing, if some layout cannot be.
bool relayout(Region &region, unsigned factor) {
  bool ok = true;
  region.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      ok &= static_cast<bool>(scaleWarps(t, factor));
    for (Region &r : op->getRegions())
      for (Type t : r.getArgumentTypes())
        ok &= static_cast<bool>(scaleWarps(t, factor));
  });
  if (!ok)
    return false;
  region.walk([&](Operation *op) {
    for (Value result : op->getResults())
      result.setType(scaleWarps(result.getType(), factor));
    for (Region &r : op->getRegions())
      for (BlockArgument arg : r.getArguments())
        arg.setType(scaleWarps(arg.getType(), factor));
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(
            dense.reshape(cast<ShapedType>(constant.getType())));
  });
  return true;
}

/// Whether the consumer's dots have the rows for two warp groups (64 each).
bool fitsTwoWarpGroups(Region &region) {
  bool fits = true, any = false;
  region.walk([&](WarpGroupDotOp dot) {
    any = true;
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(type.getEncoding());
    fits &= mma && type.getShape()[0] >= 128 &&
            mma.getWarpsPerCTA()[0] * 16 * 2 <= type.getShape()[0] &&
            llvm::all_of(mma.getWarpsPerCTA().drop_front(),
                         [](unsigned w) { return w == 1; });
  });
  return any && fits;
}

/// Marks the copied loops as done with: no further pipelining.
void markLoops(MutableArrayRef<scf::ForOp> nest) {
  Builder b(nest.front().getContext());
  for (scf::ForOp loop : nest) {
    loop->removeAttr(kWarpSpecializeAttr);
    loop->setAttr(kNumStagesAttrName, b.getI32IntegerAttr(0));
  }
}

LogicalResult specialize(FuncOp func, Plan &plan) {
  MLIRContext *ctx = func.getContext();
  Block &body = func.getBody().front();
  Location loc = plan.outer.getLoc();
  SmallVector<Operation *> original;
  for (Operation &op : body.without_terminator())
    original.push_back(&op);
  OpBuilder b(ctx);
  b.setInsertionPointToStart(&body);
  Ring ring = allocateRing(b, loc, plan);
  // The barriers are set up before the workers look at them.
  LocalBarrierOp::create(b, loc);

  // Captures: the ring, then the kernel's arguments.
  SmallVector<Value> captures(ring.buffers);
  captures.push_back(ring.full);
  captures.push_back(ring.empty);
  llvm::append_range(captures, func.getArguments());

  b.setInsertionPoint(body.getTerminator());
  // One consumer group of as many warps as the kernel's.
  int numWarps = lookupNumWarps(func).value_or(4);
  auto ws = WarpSpecializeOp::create(
      b, loc, TypeRange{}, captures, ArrayRef<int32_t>{numWarps},
      DenseI32ArrayAttr(), DenseI32ArrayAttr(), DenseI32ArrayAttr());
  Region &defaultRegion = ws.getDefaultRegion();
  Block *producerBlock = new Block();
  defaultRegion.push_back(producerBlock);
  Block *holder = new Block();
  ws.getPartitionOpHolder().push_back(holder);
  OpBuilder hb = OpBuilder::atBlockEnd(holder);
  auto partitions =
      WarpSpecializePartitionsOp::create(hb, loc, /*numRegions=*/1);
  Region &consumerRegion = partitions.getPartitionRegions()[0];
  Block *consumerBlock = new Block();
  consumerRegion.push_back(consumerBlock);
  for (Value capture : captures)
    consumerBlock->addArgument(capture.getType(), capture.getLoc());

  // The producer: a copy of the body, in the default region.
  IRMapping producerMap;
  OpBuilder pb = OpBuilder::atBlockEnd(producerBlock);
  for (Operation *op : original)
    pb.clone(*op, producerMap);
  WarpYieldOp::create(pb, loc, ValueRange{});
  // The consumer: another, its arguments standing for the captures.
  IRMapping consumerMap;
  for (auto [capture, arg] : llvm::zip(captures, consumerBlock->getArguments()))
    consumerMap.map(capture, arg);
  OpBuilder cb = OpBuilder::atBlockEnd(consumerBlock);
  for (Operation *op : original)
    cb.clone(*op, consumerMap);
  WarpReturnOp::create(cb, loc);

  // The originals go.
  for (Operation *op : llvm::reverse(original)) {
    op->dropAllUses();
    op->erase();
  }

  unsigned nb = ring.buffers.size();
  Copied producer = lookup(plan, producerMap);
  SmallVector<Operation *> roots =
      makeProducer(producer, ring, ring.buffers, ring.full, ring.empty);
  markLoops(producer.nest);
  DeadCodeEraser producerEraser(defaultRegion);
  for (Operation *root : roots)
    producerEraser.markLive(root);
  producerEraser.markLive(producerBlock->getTerminator());
  producerEraser.run();

  Copied consumer = lookup(plan, consumerMap);
  ArrayRef<BlockArgument> args = consumerBlock->getArguments();
  SmallVector<Value> consumerBuffers(args.take_front(nb));
  makeConsumer(consumer, ring, consumerBuffers, args[nb], args[nb + 1]);
  markLoops(consumer.nest);
  DeadCodeEraser consumerEraser(consumerRegion);
  consumerRegion.walk([&](Operation *op) {
    if (!isMemoryEffectFree(op) && !isa<LocalAllocOp>(op) &&
        !(op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) &&
        !hasSingleEffect<MemoryEffects::Read>(op))
      consumerEraser.markLive(op);
  });
  consumerEraser.markLive(consumerBlock->getTerminator());
  consumerEraser.run();

  // A tile of 128 rows or more is consumed by two warp groups, each MMA
  // taking half the rows (upstream splits it between two consumers): twice
  // the tensor-core issue and half the accumulator registers a thread. The
  // consumers then get most of the registers.
  if (numWarps == 4 && fitsTwoWarpGroups(consumerRegion) &&
      relayout(consumerRegion, 2)) {
    ws.setPartitionNumWarps(ArrayRef<int32_t>{2 * numWarps});
    ws.setRequestedRegisters(ArrayRef<int32_t>{232});
    // Each warp group frees the slot once its dots are done with it.
    consumerRegion.walk([&](ArriveBarrierOp arrive) {
      arrive->setAttr(kArrivePerWarpGroupAttr, b.getUnitAttr());
    });
    // (The empty mbarriers' slots are views of them.)
    for (Operation *user : ring.empty.getUsers())
      for (Operation *view : user->getUsers())
        if (auto init = dyn_cast<InitBarrierOp>(view))
          init.setCount(2);
  }

  // A tile's TMA store stays in flight until the next tile's (upstream's
  // consumer waits for each right away): it runs under the next tile's
  // dots.
  SmallVector<Operation *> consumerLoops;
  consumerRegion.walk([&](scf::ForOp loop) { consumerLoops.push_back(loop); });
  for (Operation *loop : consumerLoops)
    if (failed(pipelineTMAStores(loop)))
      return failure();
  return success();
}

struct NVGPUWarpSpecializationPass
    : public mlir::triton::nvidia_gpu::impl::NVGPUWarpSpecializationBase<
          NVGPUWarpSpecializationPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    for (auto func : mod.getOps<FuncOp>()) {
      SmallVector<scf::ForOp> marked;
      func.walk([&](scf::ForOp loop) {
        if (loop->hasAttr(kWarpSpecializeAttr) &&
            !loop->getParentOfType<scf::ForOp>())
          marked.push_back(loop);
      });
      if (marked.empty())
        continue;
      // Hopper's warp specialization takes a kernel of one warp group: its
      // warps produce, another group consumes.
      auto numCTAs = mod->getAttrOfType<IntegerAttr>("ttg.num-ctas");
      if (lookupNumWarps(func).value_or(0) != 4 || !func.isPublic() ||
          func.getNumResults() != 0 || marked.size() != 1 ||
          (numCTAs && numCTAs.getInt() != 1))
        continue;
      std::string why;
      FailureOr<Plan> plan = analyze(marked.front(), numStages, why);
      if (failed(plan)) {
        marked.front()->emitRemark("this loop is not warp-specialized: ")
            << why;
        continue;
      }
      if (failed(specialize(func, *plan)))
        return signalPassFailure();
    }
  }
};

} // namespace
