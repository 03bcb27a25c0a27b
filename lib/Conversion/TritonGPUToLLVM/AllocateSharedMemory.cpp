//===- AllocateSharedMemory.cpp - place shared-memory buffers -------------===//
//
// Each function's shared memory is planned as upstream Triton plans it, so
// that kernels take the same bytes and tests see the same offsets:
//
// - its buffers: a `ttg.local_alloc`'s (at the alloc's alignment), the
//   scratch of each op that needs some (a layout conversion, a reduction, an
//   atomic whose result is shared...; 128-byte aligned), the captures a
//   `ttg.warp_specialize` sends to its partitions (a packed struct), a
//   call's frame for its callee's plan, and the function's own bytes through
//   which its warp_specialize ops tell each worker warp what to run;
// - their live ranges over the function's operations numbered in
//   post-order (an op with regions after what it holds): a local_alloc's
//   where any value that may be a view of it (through view ops, block
//   arguments and region results) is live; scratch at its op; the
//   function's own bytes everywhere. A buffer an asynchronous op uses (a
//   cp.async copy, an asynchronous wgmma, a ttng op) lives on to what waits
//   for it, and to its `ttg.local_dealloc`; without one, for the whole
//   function;
// - offsets, first from free slots (the lowest offset whose live range is
//   met by the buffer's alone, largest buffers first), then by colouring
//   the graph of buffers that are live together (or run in different
//   regions of one warp_specialize) and overlap, moving each one of a later
//   colour above its neighbours, until no two overlap.
//
// Reuse is race-free because the lowering puts a barrier before every group
// of shared-memory writes (a local_alloc's initial value, local_store,
// cp.async, every scratch write), and reads of shared memory are synchronous
// except for the asynchronous ops above.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Allocation.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "SharedMemoryDataflow.h"
#include "Utility.h"
#include "WarpSpecialize.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <map>

namespace mlir::triton {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORYNV
#define GEN_PASS_DEF_TRITONGPUGLOBALSCRATCHALLOCATION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The alignment of op scratch and of call frames.
constexpr int64_t kScratchAlignment = 128;
constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();

/// Op numbers [start, end).
struct Interval {
  int64_t start = 0, end = kUnbounded;
  bool intersects(const Interval &other) const {
    return start < other.end && other.start < end;
  }
};

/// Where the asynchronous access `user` starts is known to be over: a TMA
/// copy into shared memory once an op of its block waits on its mbarrier, a
/// TMA store or reduction once an op of its block waits for the bulk
/// groups. Null when there is no such op.
Operation *asyncAccessEnd(Operation *user) {
  namespace ttng = triton::nvidia_gpu;
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(user)) {
    for (Operation *op = user->getNextNode(); op; op = op->getNextNode())
      if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op))
        if (wait.getAlloc() == copy.getBarrier())
          return op;
    return nullptr;
  }
  if (isa<ttng::AsyncTMACopyLocalToGlobalOp, ttng::AsyncTMAReduceOp>(user)) {
    for (Operation *op = user->getNextNode(); op; op = op->getNextNode())
      if (isa<ttng::AsyncTMAStoreWaitOp>(op))
        return op;
    return nullptr;
  }
  return nullptr;
}

/// Whether `user` may still touch shared memory after it has run (past
/// asyncAccessEnd, when it has one).
bool isAsyncUser(Operation *user) {
  namespace ttng = triton::nvidia_gpu;
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(user))
    return dot.getIsAsync();
  // An mbarrier is used in place; what completes it asynchronously is
  // waited for through it.
  if (isa<ttng::InitBarrierOp, ttng::InvalBarrierOp, ttng::BarrierExpectOp,
          ttng::WaitBarrierOp, ttng::ArriveBarrierOp>(user))
    return false;
  if (asyncAccessEnd(user))
    return false;
  return isa<AsyncCopyGlobalToLocalOp>(user) ||
         isa_and_nonnull<ttng::TritonNvidiaGPUDialect>(user->getDialect());
}

/// The alignment of a warp_specialize capture in the packed struct's
/// buffer: its natural one.
int64_t captureAlignment(Type type) {
  if (type.isIntOrFloat())
    return std::min<int64_t>(
        8, llvm::PowerOf2Ceil(llvm::divideCeil(type.getIntOrFloatBitWidth(), 8)));
  return 8;
}

/// Plans one function.
class FunctionPlan {
public:
  FunctionPlan(FuncOp func, FunctionAllocation &result)
      : func(func), result(result) {}

  /// Adds a buffer owned by `owner`.
  void add(SharedBuffer::Kind kind, Operation *owner, int64_t size,
           int64_t alignment) {
    if (size > 0)
      result.buffers.push_back({kind, owner, size, alignment});
  }

  /// Gives every buffer its live range and offset; fails after a
  /// diagnostic.
  LogicalResult place();

private:
  void resolveLiveness();
  void calculateStarts(ArrayRef<unsigned> order);
  /// For each buffer, those it may not overlap and does.
  std::vector<SmallVector<unsigned>> interference(ArrayRef<unsigned> order);
  void colour(ArrayRef<unsigned> order,
              const std::vector<SmallVector<unsigned>> &graph);

  FuncOp func;
  FunctionAllocation &result;
  std::vector<Interval> live;
  /// Per buffer, the warp_specialize whose regions run its owner at the
  /// same time as others (null outside one).
  std::vector<WarpSpecializeOp> concurrentParent;
};

void FunctionPlan::resolveLiveness() {
  DenseMap<Operation *, int64_t> ids;
  func->walk<WalkOrder::PostOrder>(
      [&](Operation *op) { ids[op] = ids.size(); });
  Liveness liveness(func);
  auto rangeOf = [&](Value value) -> std::optional<Interval> {
    int64_t first = kUnbounded, last = -1;
    for (Operation *op : liveness.resolveLiveness(value)) {
      first = std::min(first, ids.lookup(op));
      last = std::max(last, ids.lookup(op));
    }
    if (last < 0)
      return std::nullopt;
    return Interval{first, last + 1};
  };

  DenseMap<Operation *, unsigned> explicitIndex;
  live.assign(result.buffers.size(), Interval{});
  for (auto [i, buffer] : llvm::enumerate(result.buffers)) {
    if (buffer.kind == SharedBuffer::Kind::Explicit) {
      explicitIndex[buffer.owner] = i;
      live[i] = Interval{kUnbounded, 0};
    } else if (buffer.owner == func.getOperation()) {
      live[i] = Interval{0, kUnbounded};
    } else {
      int64_t id = ids.lookup(buffer.owner);
      live[i] = Interval{id, id + 1};
    }
  }
  auto extend = [&](unsigned i, Interval range) {
    live[i].start = std::min(live[i].start, range.start);
    live[i].end = std::max(live[i].end, range.end);
  };

  // Every value that may be a view of a buffer keeps it live.
  BufferAliases aliases(func);
  DenseSet<Operation *> async, deallocated;
  DenseSet<Value> visited;
  auto visit = [&](Value value) {
    const llvm::SetVector<Operation *> &allocs = aliases.buffersOf(value);
    if (allocs.empty() || !visited.insert(value).second)
      return;
    std::optional<Interval> range = rangeOf(value);
    for (Operation *alloc : allocs) {
      auto it = explicitIndex.find(alloc);
      if (it == explicitIndex.end())
        continue;
      if (range)
        extend(it->second, *range);
      for (Operation *user : value.getUsers()) {
        if (isa<LocalDeallocOp>(user))
          deallocated.insert(alloc);
        if (isAsyncUser(user))
          async.insert(alloc);
        if (Operation *end = asyncAccessEnd(user))
          extend(it->second, Interval{ids.lookup(end), ids.lookup(end) + 1});
      }
    }
  };
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value operand : op->getOperands())
      visit(operand);
    for (Value result : op->getResults())
      visit(result);
  });
  for (auto [alloc, i] : explicitIndex) {
    if (async.contains(alloc) && !deallocated.contains(alloc))
      live[i] = Interval{0, kUnbounded};
    else if (live[i].end <= live[i].start)
      live[i] = Interval{ids.lookup(alloc), ids.lookup(alloc) + 1};
  }
}

void FunctionPlan::calculateStarts(ArrayRef<unsigned> order) {
  // Free slots: an offset from which memory is free over a live range. The
  // lowest slot takes the first buffer (largest first) live in it and in no
  // other slot; the slot splits around the buffer's range.
  std::multimap<int64_t, Interval> slots;
  slots.insert({0, Interval{}});
  SmallVector<unsigned> pending(order.begin(), order.end());
  while (!pending.empty() && !slots.empty()) {
    auto [offset, range] = *slots.begin();
    slots.erase(slots.begin());
    auto chosen = llvm::find_if(pending, [&](unsigned i) {
      return live[i].intersects(range) &&
             llvm::none_of(slots, [&](const auto &slot) {
               return slot.second.intersects(live[i]);
             });
    });
    if (chosen == pending.end())
      continue;
    SharedBuffer &buffer = result.buffers[*chosen];
    Interval x = live[*chosen];
    buffer.offset = llvm::alignTo(offset, buffer.alignment);
    slots.insert({buffer.offset + buffer.size,
                  Interval{std::max(range.start, x.start),
                           std::min(range.end, x.end)}});
    if (range.start < x.start)
      slots.insert({offset, Interval{range.start, x.end}});
    if (x.end < range.end)
      slots.insert({offset, Interval{x.start, range.end}});
    pending.erase(chosen);
  }
}

std::vector<SmallVector<unsigned>>
FunctionPlan::interference(ArrayRef<unsigned> order) {
  std::vector<SmallVector<unsigned>> graph(result.buffers.size());
  for (unsigned x : order) {
    const SharedBuffer &a = result.buffers[x];
    Interval bytesA{a.offset, a.offset + a.size};
    for (unsigned y : order) {
      if (x == y)
        continue;
      const SharedBuffer &b = result.buffers[y];
      if (!bytesA.intersects(Interval{b.offset, b.offset + b.size}))
        continue;
      // Live together, or in different regions of one warp_specialize
      // (which run at the same time).
      bool together = live[x].intersects(live[y]);
      if (!together)
        together = concurrentParent[x] &&
                   concurrentParent[x] == concurrentParent[y] &&
                   a.owner->getParentRegion() != b.owner->getParentRegion();
      if (together)
        graph[x].push_back(y);
    }
  }
  return graph;
}

void FunctionPlan::colour(ArrayRef<unsigned> order,
                          const std::vector<SmallVector<unsigned>> &graph) {
  // First-fit colouring: the first colour no neighbour has; each buffer of
  // a colour other than 0 moves above all its neighbours.
  SmallVector<int> colours(result.buffers.size(), -1);
  colours[order.front()] = 0;
  for (unsigned x : order) {
    SmallVector<bool> taken(order.size() + 1, false);
    for (unsigned y : graph[x])
      if (colours[y] >= 0)
        taken[colours[y]] = true;
    colours[x] = llvm::find(taken, false) - taken.begin();
  }
  result.size = 0;
  for (unsigned x : order) {
    SharedBuffer &buffer = result.buffers[x];
    if (colours[x] != 0) {
      int64_t above = 0;
      for (unsigned y : graph[x])
        above = std::max(above, result.buffers[y].offset +
                                    result.buffers[y].size);
      buffer.offset = llvm::alignTo(above, buffer.alignment);
    }
    result.size = std::max(result.size, buffer.offset + buffer.size);
  }
}

LogicalResult FunctionPlan::place() {
  resolveLiveness();
  for (const SharedBuffer &buffer : result.buffers)
    concurrentParent.push_back(
        buffer.owner->getParentOfType<WarpSpecializeOp>());
  SmallVector<unsigned> order = llvm::to_vector(
      llvm::seq<unsigned>(0, result.buffers.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return result.buffers[a].size > result.buffers[b].size;
  });
  for (const SharedBuffer &buffer : result.buffers)
    result.alignment = std::max(result.alignment, buffer.alignment);
  if (order.empty())
    return success();
  calculateStarts(order);
  // Colouring moves buffers up, which may make new overlaps: again until
  // there are none.
  std::vector<SmallVector<unsigned>> graph = interference(order);
  for (int round = 0; round < 10000; ++round) {
    colour(order, graph);
    graph = interference(order);
    if (llvm::all_of(graph, [](const auto &edges) { return edges.empty(); }))
      return success();
  }
  return func.emitError("shared memory could not be planned: its buffers "
                        "still overlap after 10000 rounds");
}

} // namespace

SharedMemoryPlanner::SharedMemoryPlanner(ModuleOp mod, ScratchSizeFn size)
    : mod(mod), symbols(mod), scratchSize(std::move(size)) {
  if (!scratchSize)
    scratchSize = [](Operation *op) { return getScratchSizeInBytes(op); };
}

const FunctionAllocation *SharedMemoryPlanner::plan(FuncOp func) {
  if (auto it = plans.find(func); it != plans.end())
    return it->second.get();
  if (!inProgress.insert(func).second) {
    func.emitError("recursive calls cannot have their shared memory planned");
    return nullptr;
  }
  auto result = std::make_unique<FunctionAllocation>();
  FunctionPlan planned(func, *result);
  using Kind = SharedBuffer::Kind;

  // The buffers in upstream's order (which orders buffers of one size):
  // local_allocs, scratch (the function's own first), call frames.
  SmallVector<std::tuple<Kind, Operation *, int64_t, int64_t>> scratch,
      frames;
  bool failed = false;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
      if (isa_and_nonnull<SharedMemorySpaceAttr>(
              alloc.getType().getMemorySpace()))
        planned.add(Kind::Explicit, op, getLocalAllocSizeInBytes(alloc),
                 getLocalAllocAlignment(alloc));
      return;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      auto callee = symbols.lookup<FuncOp>(call.getCallee());
      if (!callee || callee.isExternal())
        return;
      const FunctionAllocation *calleePlan = plan(callee);
      if (!calleePlan) {
        failed = true;
        return;
      }
      frames.push_back({Kind::Virtual, op, calleePlan->size,
                        std::max(kScratchAlignment, calleePlan->alignment)});
      return;
    }
    if (auto ws = dyn_cast<WarpSpecializeOp>(op)) {
      int64_t alignment = 1;
      for (Type type : ws.getExplicitCaptures().getTypes())
        alignment = std::max(alignment, captureAlignment(type));
      scratch.push_back(
          {Kind::Scratch, op, getScratchSizeInBytes(op), alignment});
      return;
    }
    if (op == func.getOperation()) {
      // One byte per worker warp: the partitions' warps, and any idle
      // warps allocate-warp-groups added to fill warp groups (the lowering
      // tells those too).
      int64_t states = 0;
      func.walk([&](WarpSpecializeOp ws) {
        int64_t warps = 0;
        for (int32_t n : ws.getPartitionNumWarps())
          warps += n;
        states = std::max(states, warps);
      });
      if (auto total = mod->getAttrOfType<IntegerAttr>(kTotalNumWarpsAttr);
          total && states > 0)
        states = std::max<int64_t>(states, total.getInt() - getNumWarps(func));
      scratch.push_back({Kind::Scratch, op, states, 4});
      return;
    }
    scratch.push_back({Kind::Scratch, op, scratchSize(op), kScratchAlignment});
  });
  inProgress.erase(func);
  if (failed)
    return nullptr;
  for (auto [kind, owner, size, alignment] : llvm::concat<
           std::tuple<Kind, Operation *, int64_t, int64_t>>(scratch, frames))
    planned.add(kind, owner, size, alignment);
  if (mlir::failed(planned.place()))
    return nullptr;
  return (plans[func] = std::move(result)).get();
}

namespace {

LogicalResult allocate(ModuleOp mod) {
  SharedMemoryPlanner planner(mod);
  int64_t shared = 0;
  for (auto func : mod.getOps<FuncOp>()) {
    if (func.isExternal())
      continue;
    const FunctionAllocation *plan = planner.plan(func);
    if (!plan)
      return failure();
    for (const SharedBuffer &buffer : plan->buffers)
      buffer.owner->setAttr(kAllocationOffsetAttr,
                            IntegerAttr::get(IntegerType::get(
                                                 mod.getContext(), 32),
                                             buffer.offset));
    shared = std::max(shared, plan->size);
  }
  mod->setAttr(
      kSharedAttr,
      IntegerAttr::get(IntegerType::get(mod.getContext(), 32), shared));
  return success();
}

struct AllocateSharedMemoryPass
    : public mlir::triton::impl::AllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    if (failed(allocate(getOperation())))
      signalPassFailure();
  }
};

struct AllocateSharedMemoryNvPass
    : public mlir::triton::impl::AllocateSharedMemoryNvBase<
          AllocateSharedMemoryNvPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(allocate(getOperation())))
      signalPassFailure();
  }
};

/// Lays out each function's global scratch: its ttg.global_scratch_alloc
/// buffers and the scratch of the functions it calls, one after another,
/// each aligned (upstream's layout: no buffer is reused). Each buffer and
/// call gets its `ttg.global_scratch_memory_offset`; each function gets the
/// size and alignment of its scratch, and the module those the launcher
/// allocates per program (the largest of its kernels').
struct GlobalScratchAllocationPass
    : public mlir::triton::impl::TritonGPUGlobalScratchAllocationBase<
          GlobalScratchAllocationPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    SymbolTable symbols(mod);
    Builder b(mod.getContext());
    struct Plan {
      int64_t size = 0, align = 1;
    };
    llvm::DenseMap<Operation *, Plan> plans;
    llvm::SmallPtrSet<Operation *, 4> inProgress;
    bool failed = false;
    std::function<Plan(FuncOp)> plan = [&](FuncOp func) -> Plan {
      if (auto it = plans.find(func); it != plans.end())
        return it->second;
      if (!inProgress.insert(func).second) {
        func.emitError("recursive calls cannot have global scratch memory");
        failed = true;
        return {};
      }
      Plan p;
      auto place = [&](Operation *op, int64_t size, int64_t align) {
        p.size = llvm::alignTo(p.size, align);
        op->setAttr("ttg.global_scratch_memory_offset",
                    b.getI32IntegerAttr(p.size));
        p.size += size;
        p.align = std::max(p.align, align);
      };
      func.walk([&](Operation *op) {
        if (auto alloc = dyn_cast<GlobalScratchAllocOp>(op)) {
          place(op, alloc.getNbytes(),
                std::max<int64_t>(1, alloc.getAlignment()));
        } else if (auto call = dyn_cast<CallOp>(op)) {
          auto callee = symbols.lookup<FuncOp>(call.getCallee());
          if (!callee || callee.isExternal())
            return;
          Plan calleePlan = plan(callee);
          if (calleePlan.size > 0)
            place(op, calleePlan.size, calleePlan.align);
        }
      });
      inProgress.erase(func);
      plans[func] = p;
      return p;
    };
    Plan module;
    for (auto func : mod.getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      Plan p = plan(func);
      func->setAttr("ttg.global_scratch_memory_size",
                    b.getI32IntegerAttr(p.size));
      func->setAttr("ttg.global_scratch_memory_alignment",
                    b.getI32IntegerAttr(p.align));
      if (!func.isPublic())
        continue;
      module.size = std::max(module.size, p.size);
      module.align = std::max(module.align, p.align);
    }
    if (failed)
      return signalPassFailure();
    mod->setAttr("ttg.global_scratch_memory_size",
                 b.getI32IntegerAttr(module.size));
    mod->setAttr("ttg.global_scratch_memory_alignment",
                 b.getI32IntegerAttr(module.align));
  }
};

} // namespace
