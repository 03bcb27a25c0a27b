//===- Membar.cpp - barriers between shared-memory accesses ---------------===//
//
// The set SharedMemoryDataflow carries is the shared-memory accesses since
// the last barrier. At an op whose accesses meet it (a read of written
// bytes, a write of read or written bytes) a ttg.local_barrier goes in and
// the set is emptied. An op with scratch (a layout conversion, a reduction
// through shared memory) writes it first and reads it last, with barriers
// of its own in between: it empties the set and leaves its reads in it.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Membar.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "SharedMemoryDataflow.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

class BarrierWalk : public SharedMemoryWalk {
public:
  BarrierWalk(FunctionOpInterface func, const Summaries &callees,
              SymbolTableCollection &symbols, const MembarFilter &filter)
      : SharedMemoryWalk(func, callees, symbols), filter(filter) {}

private:
  void visit(Operation *op, Pending &pending) override {
    if (isa<LocalBarrierOp>(op)) {
      pending.clear();
      return;
    }
    // After a wait for asynchronous copies (or TMA stores) every thread
    // must see the data the others waited for: a barrier follows.
    if (isa<AsyncWaitOp, ttng::AsyncTMAStoreWaitOp>(op)) {
      if (!isa_and_nonnull<LocalBarrierOp>(op->getNextNode())) {
        OpBuilder builder(op->getContext());
        builder.setInsertionPointAfter(op);
        LocalBarrierOp::create(builder, op->getLoc());
      }
      pending.clear();
      return;
    }
    Pending accesses;
    if (std::optional<Pending> callee = calleeAccesses(op)) {
      accesses = std::move(*callee);
    } else {
      for (const Access &access : accessesOf(op))
        accesses.add(access.range, access.write, op);
    }
    OpBuilder builder(op);
    if (std::optional<ByteRange> scratch = scratchOf(op)) {
      // The op writes its scratch first, reads it last, and orders its own
      // accesses in between.
      accesses.add(*scratch, /*write=*/true, op);
      if (pending.conflicts(accesses, filter))
        LocalBarrierOp::create(builder, op->getLoc());
      pending.clear();
      accesses.writes.erase(*scratch);
      accesses.add(*scratch, /*write=*/false, op);
    } else if (pending.conflicts(accesses, filter)) {
      LocalBarrierOp::create(builder, op->getLoc());
      pending.clear();
    }
    pending.join(accesses);
  }

  const MembarFilter &filter;
};

struct TestMembarPass
    : public PassWrapper<TestMembarPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMembarPass)

  StringRef getArgument() const final { return "test-print-membar"; }
  StringRef getDescription() const final {
    return "insert the barriers the shared-memory accesses need (after "
           "allocate-shared-memory), as the lowering to LLVM would";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<TritonGPUDialect>();
  }
  void runOnOperation() override {
    insertSharedMemoryBarriers(getOperation(), canSkipBarrierNV);
  }
};

} // namespace

bool mlir::triton::gpu::canSkipBarrierNV(Operation *before, Operation *after) {
  if (isa<ttng::InitBarrierOp>(before) && isa<ttng::InitBarrierOp>(after))
    return true;
  if (isa<ttng::InvalBarrierOp>(before) && isa<ttng::InvalBarrierOp>(after))
    return true;
  // A thread that has passed one wait must not reach the next one before
  // every thread has passed the first.
  if (isa<ttng::WaitBarrierOp>(before) && isa<ttng::WaitBarrierOp>(after))
    return false;
  // Expecting bytes, starting a TMA copy that completes them and waiting
  // for the phase may happen in any order across threads.
  auto onMbarrier = [](Operation *op) {
    return isa<ttng::WaitBarrierOp, ttng::AsyncTMACopyGlobalToLocalOp,
               ttng::AsyncTMAGatherOp, ttng::BarrierExpectOp>(op);
  };
  if (onMbarrier(before) && onMbarrier(after))
    return true;
  return false;
}

void mlir::triton::gpu::insertSharedMemoryBarriers(ModuleOp mod,
                                                   const MembarFilter &filter) {
  walkSharedMemory(mod, [&](FunctionOpInterface func,
                            const SharedMemoryWalk::Summaries &callees,
                            SymbolTableCollection &symbols) {
    return std::make_unique<BarrierWalk>(func, callees, symbols, filter);
  });
}

void mlir::triton::gpu::registerTestMembarPass() {
  PassRegistration<TestMembarPass>();
}
