//===- FenceInsertion.cpp - triton-nvidia-gpu-fence-insertion -------------===//
//
// wgmma reads shared memory through the async proxy. Stores from registers
// (generic proxy) become visible to it only after `fence.proxy.async`, so a
// `ttng.fence_async_shared` goes before every warp-group dot that reads a
// buffer written from registers. The fence leaves loops that do not write
// the buffer themselves, so it runs once instead of once per iteration.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUFENCEINSERTION
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// Collects the ops that write the buffer behind `memdesc` from registers:
/// a `ttg.local_alloc` with a source, `ttg.local_store`s to the buffer or
/// any view of it. Follows views and loop-carried block arguments back to
/// the allocation. Returns false when the buffer's origin is unknown (a
/// function argument, say): the caller then fences conservatively.
bool collectRegisterWrites(Value memdesc, SmallVectorImpl<Operation *> &writes,
                           DenseSet<Value> &visited) {
  if (!visited.insert(memdesc).second)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(memdesc)) {
    // A warp_specialize partition's argument is the op's capture.
    if (auto partitions = dyn_cast<WarpSpecializePartitionsOp>(
            arg.getOwner()->getParentOp())) {
      auto ws = cast<WarpSpecializeOp>(partitions->getParentOp());
      return collectRegisterWrites(ws.getExplicitCaptures()[arg.getArgNumber()],
                                   writes, visited);
    }
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return false;
    unsigned idx = arg.getArgNumber() - 1;
    return collectRegisterWrites(loop.getInitArgs()[idx], writes, visited) &&
           collectRegisterWrites(loop.getYieldedValues()[idx], writes,
                                 visited);
  }
  Operation *def = memdesc.getDefiningOp();
  if (isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp,
          MemDescReshapeOp, MemDescReinterpretOp>(def))
    return collectRegisterWrites(def->getOperand(0), writes, visited);
  if (auto wait = dyn_cast<WarpGroupDotWaitOp>(def)) {
    unsigned idx = cast<OpResult>(memdesc).getResultNumber();
    return collectRegisterWrites(wait.getInputs()[idx], writes, visited);
  }
  auto alloc = dyn_cast<LocalAllocOp>(def);
  if (!alloc)
    return false;
  if (alloc.getSrc())
    writes.push_back(alloc);
  // Stores into the buffer through any view of it.
  SmallVector<Value> worklist{alloc.getResult()};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<LocalStoreOp>(user))
        writes.push_back(user);
      else if (isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp,
                   MemDescReshapeOp, MemDescReinterpretOp>(user))
        worklist.push_back(user->getResult(0));
      else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp()))
          worklist.push_back(loop.getRegionIterArgs()[use.getOperandNumber()]);
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        unsigned idx = use.getOperandNumber() - loop.getNumControlOperands();
        worklist.push_back(loop.getRegionIterArgs()[idx]);
      } else if (auto ws = dyn_cast<WarpSpecializeOp>(user)) {
        // Each partition sees the capture as its argument.
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(partition.getArgument(use.getOperandNumber()));
      }
    }
  }
  return true;
}

struct FenceInsertionPass
    : public mlir::triton::nvidia_gpu::impl::TritonGPUFenceInsertionBase<
          FenceInsertionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    SmallVector<WarpGroupDotOp> dots;
    getOperation().walk([&](WarpGroupDotOp dot) { dots.push_back(dot); });
    for (WarpGroupDotOp dot : dots) {
      SmallVector<Operation *> writes;
      bool known = true;
      for (Value operand : {Value(dot.getA()), Value(dot.getB())}) {
        if (!isa<MemDescType>(operand.getType()))
          continue;
        DenseSet<Value> visited;
        known &= collectRegisterWrites(operand, writes, visited);
      }
      if (known && writes.empty())
        continue;
      // Hoist out of the loops that contain none of the writes.
      Operation *insertBefore = dot;
      if (known) {
        while (auto loop =
                   dyn_cast<scf::ForOp>(insertBefore->getParentOp())) {
          if (llvm::any_of(writes, [&](Operation *w) {
                return loop->isAncestor(w);
              }))
            break;
          insertBefore = loop;
        }
      }
      if (isa_and_nonnull<FenceAsyncSharedOp>(insertBefore->getPrevNode()))
        continue;
      OpBuilder b(insertBefore);
      FenceAsyncSharedOp::create(b, dot.getLoc(), /*bCluster=*/false);
    }
  }
};

} // namespace
