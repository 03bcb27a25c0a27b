//===- ProxyFenceInsertion.cpp - triton-nvidia-gpu-proxy-fence-insertion --===//
//
// The set SharedMemoryDataflow carries is the generic-proxy accesses (the
// threads' own loads and stores, scratch included) since the last
// `ttng.fence_async_shared`. An op that accesses shared memory through the
// async proxy gets a fence before it when that access meets the set: a TMA
// copy or gather writing its destination, a TMA store, reduction or
// scatter, wgmma, tcgen05 or tmem_copy reading their sources. The mbarrier
// ops and the async ops' own other accesses are left out of the conflict:
// they are ordered through the mbarriers.
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

/// The shared memory `op` reads through the async proxy.
SmallVector<Value> asyncProxySources(Operation *op) {
  SmallVector<Value> sources;
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op)) {
    if (isa<MemDescType>(dot.getA().getType()))
      sources.push_back(dot.getA());
    sources.push_back(dot.getB());
  } else if (auto mma = dyn_cast<ttng::TCGen5MMAOp>(op)) {
    sources.append({mma.getA(), mma.getB()});
  } else if (auto mma = dyn_cast<ttng::TCGen5MMAScaledOp>(op)) {
    sources.append({mma.getA(), mma.getB()});
  } else if (auto copy = dyn_cast<ttng::TMEMCopyOp>(op)) {
    sources.push_back(copy.getSrc());
  } else if (auto store = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op)) {
    sources.push_back(store.getSrc());
  } else if (auto reduce = dyn_cast<ttng::AsyncTMAReduceOp>(op)) {
    sources.push_back(reduce.getSrc());
  } else if (auto scatter = dyn_cast<ttng::AsyncTMAScatterOp>(op)) {
    sources.push_back(scatter.getSrc());
  }
  return sources;
}

bool isAsyncProxyOp(Operation *op) {
  return asyncProxyDestination(op) || !asyncProxySources(op).empty();
}

/// Earlier accesses of these ops never call for a fence.
bool orderedOtherwise(Operation *op) {
  return isAsyncProxyOp(op) ||
         isa<ttng::ArriveBarrierOp, ttng::WaitBarrierOp, ttng::InitBarrierOp,
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
      SmallVector<Value> sources = asyncProxySources(op);
      for (const Access &access : accessesOf(op)) {
        bool viaAsyncProxy = access.value == destination ||
                             llvm::is_contained(sources, access.value);
        if (!viaAsyncProxy)
          (access.write ? generic.writes : generic.reads)[access.range].insert(
              op);
      }
      if (destination)
        for (ByteRange range : rangesOf(destination))
          async.writes[range].insert(op);
      for (Value source : sources)
        for (ByteRange range : rangesOf(source))
          async.reads[range].insert(op);
    }
    // Scratch is written and read by the threads themselves.
    if (std::optional<ByteRange> scratch = scratchOf(op))
      generic.reads[*scratch].insert(op);
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
