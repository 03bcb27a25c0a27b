//===- AllocateSharedMemory.cpp - place shared-memory buffers -------------===//
//
// The plan is simple and safe: the buffers of `ttg.local_alloc`s live for the
// whole function and get disjoint ranges first; the scratch of every other op
// lives only while that op runs, so all scratch ranges start right after the
// buffers and overlap each other. The lowering fences every shared-memory
// write with barriers, so reusing scratch between ops is race-free.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Utility.h"

#include "mlir/IR/SymbolTable.h"
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
    int64_t end = 0;
    bool failed = false;
    func.walk([&](LocalAllocOp alloc) {
      if (!isa_and_nonnull<SharedMemorySpaceAttr>(
              alloc.getType().getMemorySpace()))
        return;
      int64_t align = getLocalAllocAlignment(alloc);
      int64_t offset = llvm::alignTo(end, align);
      setOffset(alloc, offset);
      end = offset + getLocalAllocSizeInBytes(alloc);
    });
    int64_t scratchBase = llvm::alignTo(end, kScratchAlignment);
    int64_t total = end;
    func.walk([&](Operation *op) {
      int64_t size = 0;
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
      } else {
        size = getScratchSizeInBytes(op);
      }
      if (size == 0)
        return;
      setOffset(op, scratchBase);
      total = std::max(total, scratchBase + size);
    });
    inProgress.erase(func);
    if (failed)
      return std::nullopt;
    sizes[func] = total;
    return total;
  }

private:
  void setOffset(Operation *op, int64_t offset) {
    op->setAttr(
        kAllocationOffsetAttr,
        IntegerAttr::get(IntegerType::get(op->getContext(), 32), offset));
  }

  ModuleOp mod;
  SymbolTable symbols;
  llvm::DenseMap<Operation *, int64_t> sizes;
  llvm::DenseSet<Operation *> inProgress;
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

struct GlobalScratchAllocationPass
    : public mlir::triton::impl::TritonGPUGlobalScratchAllocationBase<
          GlobalScratchAllocationPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    Builder b(mod.getContext());
    WalkResult walk = mod.walk([](GlobalScratchAllocOp op) {
      op.emitError("ttg.global_scratch_alloc is not supported by this "
                   "toolchain's lowering yet");
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    auto set = [&](Operation *op) {
      op->setAttr("ttg.global_scratch_memory_size", b.getI32IntegerAttr(0));
      op->setAttr("ttg.global_scratch_memory_alignment",
                  b.getI32IntegerAttr(1));
    };
    for (auto func : mod.getOps<FuncOp>())
      if (func.isPublic())
        set(func);
    set(mod);
  }
};

} // namespace
