//===- Coalesce.cpp - tritongpu-coalesce ----------------------------------===//
//
// Picks, for every global memory access through a tensor of pointers, the
// blocked layout that lets each thread move as wide a vector of consecutive
// addresses as the pointers' axis info allows, and rebuilds the access in it
// between layout conversions (which remove-layout-conversions later folds
// into the producers and consumers where it can).
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Every op connected to `op` through def-use chains (both ways, repeatedly),
/// not following block arguments backwards: the closure of backward and
/// forward slices, found one step at a time (an op's operands' definitions,
/// its results' users and the ops nested in it) rather than by a whole slice
/// per op, which made the search quadratic.
llvm::SetVector<Operation *> getConnectedOps(Operation *op) {
  llvm::SetVector<Operation *> slice;
  slice.insert(op);
  for (unsigned i = 0; i < slice.size(); ++i) {
    Operation *current = slice[i];
    for (Value operand : current->getOperands())
      if (Operation *def = operand.getDefiningOp())
        slice.insert(def);
    for (Value result : current->getResults())
      for (Operation *user : result.getUsers())
        slice.insert(user);
    for (Region &region : current->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          slice.insert(&nested);
  }
  return slice;
}

/// The coalesced layout of the memory access `op` through tensor pointers.
BlockedEncodingAttr getCoalescedEncoding(ModuleAxisInfoAnalysis &axisInfo,
                                         Operation *op, int numWarps,
                                         int threadsPerWarp) {
  Value ptr = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(ptr.getType());
  AxisInfo *info = axisInfo.getAxisInfo(ptr);
  SmallVector<int64_t> contiguity =
      info && info->getRank() == type.getRank()
          ? SmallVector<int64_t>(info->getContiguity())
          : SmallVector<int64_t>(type.getRank(), 1);
  SmallVector<unsigned> order = getOrderFromContiguity(contiguity);

  // Accesses with pointers of the same shape and order in the same def-use
  // web: the vector is the widest any of them allows.
  llvm::SetVector<Operation *> sameOrder;
  sameOrder.insert(op);
  if (ptr.getDefiningOp()) {
    for (Operation *other : getConnectedOps(op)) {
      Value otherPtr = getMemAccessPtr(other);
      if (!otherPtr || sameOrder.contains(other))
        continue;
      auto otherType = dyn_cast<RankedTensorType>(otherPtr.getType());
      if (!otherType || otherType.getShape() != type.getShape())
        continue;
      AxisInfo *otherInfo = axisInfo.getAxisInfo(otherPtr);
      if (!otherInfo || otherInfo->getRank() != otherType.getRank())
        continue;
      if (getOrderFromContiguity(otherInfo->getContiguity()) == order)
        sameOrder.insert(other);
    }
  }

  SmallVector<int64_t> shapePerCTA = getShapePerCTA(type);
  int64_t numElems = std::accumulate(shapePerCTA.begin(), shapePerCTA.end(),
                                     int64_t(1), std::multiplies<int64_t>());
  int64_t numThreads = int64_t(numWarps) * threadsPerWarp;
  unsigned own = getNumElementsPerThread(op, order, axisInfo);
  unsigned perThread = own;
  for (Operation *other : sameOrder)
    if (other != op)
      perThread =
          std::max(perThread, getNumElementsPerThread(other, order, axisInfo));
  perThread =
      std::min<int64_t>(perThread, std::max<int64_t>(numElems / numThreads, 1));
  // A store (or atomic) wider than its own alignment would leave gaps in
  // each warp's writes; loads have the L1 cache to absorb them.
  if (!isa<LoadOp>(op))
    perThread = std::min(perThread, own);

  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread[order[0]] = perThread;
  return getBlockedEncoding(op->getContext(), type.getShape(), sizePerThread,
                            order, numWarps, threadsPerWarp,
                            getCgaBases(type.getEncoding(), type.getRank()));
}

/// Descriptor loads and stores only move data between registers and shared
/// memory: a row-major layout with up to 16 bytes per thread.
BlockedEncodingAttr getDescriptorEncoding(RankedTensorType type, int numWarps,
                                          int threadsPerWarp) {
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(type);
  int64_t numElems = std::accumulate(shapePerCTA.begin(), shapePerCTA.end(),
                                     int64_t(1), std::multiplies<int64_t>());
  int64_t perThread =
      std::max<int64_t>(numElems / (int64_t(numWarps) * threadsPerWarp), 1);
  int64_t maxVector = std::max<int64_t>(128 / type.getElementTypeBitWidth(), 1);
  unsigned rank = type.getRank();
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread.back() = std::min(perThread, maxVector);
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  return getBlockedEncoding(type.getContext(), type.getShape(), sizePerThread,
                            order, numWarps, threadsPerWarp,
                            getCgaBases(type.getEncoding(), rank));
}

/// The tensor a descriptor op loads or stores, or null for other ops.
RankedTensorType getDescriptorTensorType(Operation *op) {
  if (isa<DescriptorLoadOp, DescriptorGatherOp>(op))
    return cast<RankedTensorType>(op->getResult(0).getType());
  if (auto store = dyn_cast<DescriptorStoreOp>(op))
    return store.getSrc().getType();
  if (auto reduce = dyn_cast<DescriptorReduceOp>(op))
    return reduce.getSrc().getType();
  if (auto scatter = dyn_cast<DescriptorScatterOp>(op))
    return scatter.getSrc().getType();
  return {};
}

struct CoalescePass
    : public triton::gpu::impl::TritonGPUCoalesceBase<CoalescePass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    ModuleAxisInfoAnalysis axisInfo(mod);
    int threadsPerWarp = lookupThreadsPerWarp(mod);

    llvm::MapVector<Operation *, Attribute> layouts;
    bool failedLookup = false;
    auto numWarpsOf = [&](Operation *op) -> std::optional<int> {
      std::optional<int> numWarps = maybeLookupNumWarps(op);
      if (!numWarps && !failedLookup) {
        op->emitError("cannot coalesce: no \"ttg.num-warps\" on the module "
                      "or an enclosing op");
        failedLookup = true;
      }
      return numWarps;
    };
    mod.walk([&](Operation *op) {
      Value ptr = getMemAccessPtr(op);
      if (!ptr)
        return;
      // Tensors of tt IR (no layout yet) and rank-0 tensors have no layout
      // to change.
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type || !type.getEncoding() || type.getRank() == 0 ||
          !isa<PointerType>(type.getElementType()))
        return;
      if (std::optional<int> numWarps = numWarpsOf(op))
        layouts[op] =
            getCoalescedEncoding(axisInfo, op, *numWarps, threadsPerWarp);
    });
    mod.walk([&](Operation *op) {
      RankedTensorType type = getDescriptorTensorType(op);
      if (!type || !type.getEncoding() || type.getRank() == 0)
        return;
      if (std::optional<int> numWarps = numWarpsOf(op))
        layouts[op] = getDescriptorEncoding(type, *numWarps, threadsPerWarp);
    });
    if (failedLookup)
      return signalPassFailure();

    for (auto &[op, layout] : layouts)
      convertDistributedOpEncoding(layout, op);
  }
};

} // namespace
