//===- AllocateSharedMemory.cpp - place shared-memory buffers -------------===//
//
// Every buffer gets a live range over the function's operations, numbered in
// pre-order, and buffers whose ranges do not meet may share bytes:
//
// - the scratch of an op (a layout conversion, a reduction, a call's plan of
//   its callee) lives while that op runs (inside a ttg.warp_specialize,
//   whose partitions run at the same time, while the whole op runs);
// - the buffer of a `ttg.local_alloc` lives where its memdesc, or a view
//   made of it, is live (MLIR's liveness, so loops lowered to blocks count
//   whole), and at every use; an op with regions (an scf loop) counts whole. A
//   buffer an asynchronous op uses (a cp.async copy, an asynchronous wgmma, any
//   ttng op) lives until its `ttg.local_dealloc`, which comes after the waits;
//   without one, for the whole function, as does a buffer whose memdesc flows
//   into a region's or a call's operands, or out of a region.
//
// Buffers are placed largest first at the lowest offset that no buffer live
// at the same time occupies. Reuse is race-free because the lowering puts a
// barrier before every group of shared-memory writes (a local_alloc's
// initial value, local_store, cp.async, every scratch write), and reads of
// shared memory are synchronous except for the asynchronous ops above.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Utility.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/Support/MathExtras.h"

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

constexpr int64_t kScratchAlignment = 16;

/// One buffer to place: its owner (which gets the offset), its size and
/// alignment, and the range of operation numbers it is live over.
struct Buffer {
  Operation *owner;
  int64_t size;
  int64_t align;
  int64_t first;
  int64_t last;
  int64_t offset = 0;
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

/// The operations of a function numbered in pre-order, with the last number
/// inside each one's regions.
class Numbering {
public:
  explicit Numbering(FuncOp func) {
    int64_t next = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) { first[op] = next++; });
    total = next;
    func.walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t end = first[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, last[&block.back()]);
      last[op] = end;
    });
  }
  int64_t firstOf(Operation *op) const { return first.lookup(op); }
  int64_t lastOf(Operation *op) const { return last.lookup(op); }
  int64_t size() const { return total; }

private:
  DenseMap<Operation *, int64_t> first, last;
  int64_t total = 0;
};

/// The live range of a local_alloc's buffer: the operations its memdesc, or
/// a view of it, is live at (in the function's blocks, a loop or other op
/// with regions counting whole).
std::pair<int64_t, int64_t> liveRange(LocalAllocOp alloc, FuncOp func,
                                      const Numbering &numbers,
                                      Liveness &liveness) {
  std::pair<int64_t, int64_t> whole = {0, numbers.size()};
  Region &body = func.getBody();
  int64_t first = numbers.size(), last = 0;
  auto cover = [&](Operation *op) {
    Operation *top = body.findAncestorOpInRegion(*op);
    if (!top)
      return false;
    first = std::min(first, numbers.firstOf(top));
    last = std::max(last, numbers.lastOf(top));
    return true;
  };
  bool async = false, deallocated = false;
  SmallVector<Value> views = {alloc.getResult()};
  cover(alloc);
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *op : liveness.resolveLiveness(view))
      if (!cover(op))
        return whole;
    for (Operation *user : view.getUsers()) {
      if (isa<RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
              BranchOpInterface, CallOpInterface>(user) ||
          user->hasTrait<OpTrait::IsTerminator>() || !cover(user))
        return whole;
      deallocated |= isa<LocalDeallocOp>(user);
      async |= isAsyncUser(user);
      if (Operation *end = asyncAccessEnd(user))
        cover(end);
      for (Value result : user->getResults())
        if (isa<MemDescType>(result.getType()))
          views.push_back(result);
    }
  }
  if (async && !deallocated)
    return whole;
  return {first, last};
}

/// Places `buffers` (sets their offsets); returns the bytes used.
int64_t place(std::vector<Buffer> &buffers) {
  std::vector<Buffer *> order;
  for (Buffer &b : buffers)
    order.push_back(&b);
  llvm::stable_sort(order, [](const Buffer *a, const Buffer *b) {
    if (a->size != b->size)
      return a->size > b->size;
    return a->first < b->first;
  });
  std::vector<Buffer *> placed;
  int64_t total = 0;
  for (Buffer *b : order) {
    std::vector<std::pair<int64_t, int64_t>> taken;
    for (Buffer *other : placed)
      if (other->first <= b->last && b->first <= other->last)
        taken.push_back({other->offset, other->offset + other->size});
    llvm::sort(taken);
    int64_t offset = 0;
    for (auto [begin, end] : taken) {
      if (offset + b->size <= begin)
        break;
      offset = std::max<int64_t>(offset, llvm::alignTo(end, b->align));
    }
    b->offset = offset;
    placed.push_back(b);
    total = std::max(total, offset + b->size);
  }
  return total;
}

class Planner {
public:
  explicit Planner(ModuleOp mod) : mod(mod), symbols(mod) {}

  /// Plans `func` (after its callees) and returns its total size in bytes,
  /// or nullopt after a diagnostic.
  std::optional<int64_t> plan(FuncOp func) {
    auto it = sizes.find(func);
    if (it != sizes.end())
      return it->second;
    if (!inProgress.insert(func).second) {
      func.emitError("recursive calls cannot have their shared memory "
                     "planned");
      return std::nullopt;
    }
    Numbering numbers(func);
    Liveness liveness(func);
    std::vector<Buffer> buffers;
    bool failed = false;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
        if (!isa_and_nonnull<SharedMemorySpaceAttr>(
                alloc.getType().getMemorySpace()))
          return;
        auto [first, last] = liveRange(alloc, func, numbers, liveness);
        buffers.push_back({op, getLocalAllocSizeInBytes(alloc),
                           getLocalAllocAlignment(alloc), first, last});
        return;
      }
      int64_t size = 0, align = kScratchAlignment;
      if (auto call = dyn_cast<CallOp>(op)) {
        auto callee = symbols.lookup<FuncOp>(call.getCallee());
        if (!callee)
          return;
        std::optional<int64_t> calleeSize = plan(callee);
        if (!calleeSize) {
          failed = true;
          return;
        }
        size = *calleeSize;
        // The callee's buffers are aligned from the start of its plan.
        align = alignments.lookup(callee);
      } else {
        size = getScratchSizeInBytes(op);
        if (isa<nvidia_gpu::TensormapCreateOp>(op))
          align = nvidia_gpu::kTensorMapBytes;
      }
      if (size == 0)
        return;
      // Inside a ttg.warp_specialize the partitions run at the same time:
      // scratch there lives over the whole op, as do the op's captures,
      // which the partitions read when they start.
      int64_t first = numbers.firstOf(op), last = first;
      if (isa<WarpSpecializeOp>(op))
        last = numbers.lastOf(op);
      for (Operation *parent = op->getParentOp(); parent;
           parent = parent->getParentOp())
        if (isa<WarpSpecializeOp>(parent)) {
          first = numbers.firstOf(parent);
          last = numbers.lastOf(parent);
        }
      buffers.push_back({op, size, align, first, last});
    });
    inProgress.erase(func);
    if (failed)
      return std::nullopt;
    if (std::optional<Buffer> states = workerStates(func, numbers))
      buffers.push_back(*states);
    else if (workerStatesFailed)
      return std::nullopt;
    int64_t total = place(buffers);
    int64_t align = kScratchAlignment;
    for (const Buffer &b : buffers) {
      setOffset(b.owner, b.offset);
      align = std::max(align, b.align);
    }
    sizes[func] = total;
    alignments[func] = align;
    return total;
  }

private:
  /// The bytes through which a kernel with ttg.warp_specialize ops tells
  /// each of its other warps what to run (one each), for the whole kernel.
  std::optional<Buffer> workerStates(FuncOp func, const Numbering &numbers) {
    bool specialized = false;
    func.walk([&](WarpSpecializeOp) { specialized = true; });
    if (!specialized)
      return std::nullopt;
    auto total = mod->getAttrOfType<IntegerAttr>("ttg.total-num-warps");
    if (!total) {
      func.emitError("the warps of its ttg.warp_specialize ops are not "
                     "allocated: run tritongpu-allocate-warp-groups first");
      workerStatesFailed = true;
      return std::nullopt;
    }
    int64_t workers = total.getInt() - getNumWarps(func);
    return Buffer{func, std::max<int64_t>(workers, 1), 8, 0, numbers.size()};
  }

  void setOffset(Operation *op, int64_t offset) {
    op->setAttr(
        kAllocationOffsetAttr,
        IntegerAttr::get(IntegerType::get(op->getContext(), 32), offset));
  }

  ModuleOp mod;
  SymbolTable symbols;
  llvm::DenseMap<Operation *, int64_t> sizes;
  /// The largest alignment a function's plan needs from its base.
  llvm::DenseMap<Operation *, int64_t> alignments;
  llvm::DenseSet<Operation *> inProgress;
  bool workerStatesFailed = false;
};

LogicalResult allocate(ModuleOp mod) {
  Planner planner(mod);
  int64_t shared = 0;
  for (auto func : mod.getOps<FuncOp>()) {
    std::optional<int64_t> size = planner.plan(func);
    if (!size)
      return failure();
    shared = std::max(shared, *size);
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
