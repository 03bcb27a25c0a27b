//===- ProxyFenceInsertion.cpp - triton-nvidia-gpu-proxy-fence-insertion --===//
//
// The set SharedMemoryDataflow carries is the generic-proxy accesses (the
// threads' own loads and stores, cp.async copies and scratch included)
// since the last `ttng.fence_async_shared`. A TMA copy or gather that writes
// bytes of the set through the async proxy gets a fence before it (Triton
// 3.6's pass; async-proxy reads -- wgmma, TMA stores -- are fenced where
// tritongpu's fence-insertion and the TMA lowering put their fences). The
// mbarrier ops and the TMA ops' own other accesses are left out of the
// conflict: they are ordered through the mbarriers.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "SharedMemoryDataflow.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUPROXYFENCEINSERTION
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The shared memory `op` writes through the async proxy, or null.
Value asyncProxyDestination(Operation *op) {
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return copy.getResult();
  if (auto gather = dyn_cast<ttng::AsyncTMAGatherOp>(op))
    return gather.getResult();
  return {};
}

bool isAsyncProxyOp(Operation *op) { return bool(asyncProxyDestination(op)); }

/// Earlier accesses of these ops never call for a fence: the async proxy's
/// own (TMA copies, wgmma, tcgen05, TMA stores) and the mbarriers'.
bool orderedOtherwise(Operation *op) {
  return isAsyncProxyOp(op) ||
         isa<ttng::WarpGroupDotOp, ttng::TCGen5MMAOp, ttng::TCGen5MMAScaledOp,
             ttng::TMEMCopyOp, ttng::AsyncTMACopyLocalToGlobalOp,
             ttng::AsyncTMAReduceOp, ttng::AsyncTMAScatterOp,
             ttng::ArriveBarrierOp, ttng::WaitBarrierOp, ttng::InitBarrierOp,
             ttng::InvalBarrierOp>(op);
}

class ProxyFenceWalk : public SharedMemoryWalk {
public:
  using SharedMemoryWalk::SharedMemoryWalk;

private:
  void visit(Operation *op, Pending &pending) override {
    if (isa<ttng::FenceAsyncSharedOp>(op)) {
      pending.clear();
      return;
    }
    Pending generic, async;
    if (std::optional<Pending> callee = calleeAccesses(op)) {
      generic = std::move(*callee);
    } else {
      Value destination = asyncProxyDestination(op);
      for (const Access &access : accessesOf(op))
        if (access.value != destination)
          generic.add(access.range, access.write, op);
      if (destination)
        for (ByteRange range : rangesOf(destination))
          async.add(range, /*write=*/true, op);
    }
    // Scratch is written and read by the threads themselves.
    if (std::optional<ByteRange> scratch = scratchOf(op))
      generic.add(*scratch, /*write=*/false, op);
    if (isAsyncProxyOp(op) &&
        pending.conflicts(async, [](Operation *before, Operation *) {
          return orderedOtherwise(before);
        })) {
      OpBuilder builder(op);
      ttng::FenceAsyncSharedOp::create(builder, op->getLoc(),
                                       /*bCluster=*/false);
      pending.clear();
    }
    pending.join(generic);
  }
};

struct ProxyFenceInsertionPass
    : public mlir::triton::impl::TritonGPUProxyFenceInsertionBase<
          ProxyFenceInsertionPass> {
  using Base::Base;
  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    walkSharedMemory(
        getOperation(),
        [](FunctionOpInterface func, const SharedMemoryWalk::Summaries &callees,
           SymbolTableCollection &symbols) {
          return std::make_unique<ProxyFenceWalk>(func, callees, symbols);
        });
  }
};

} // namespace
