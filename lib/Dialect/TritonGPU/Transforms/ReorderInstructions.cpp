//===- ReorderInstructions.cpp - tritongpu-reorder-instructions -----------===//
//
// Moves ops to where they cost the fewest live registers or help the
// lowering: conversions after the shared-memory deallocations that precede
// their first use; conversions to dot operands and shared-memory loads into
// the loop that consumes them; local_allocs and transpositions right after
// what they read; the shared-memory load of a dot's operand B after that of
// its operand A.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREORDERINSTRUCTIONS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Ops whose results take more registers than their operands: moving them
/// closer to their use shortens the time those registers are live.
bool willIncreaseRegisterPressure(Operation *op) {
  if (isa<LocalLoadOp>(op))
    return true;
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  return convert && isa_and_nonnull<DotOperandEncodingAttr>(
                        convert.getType().getEncoding());
}

/// The first op of `op`'s block that uses `op`'s results (itself or through
/// a nested op), or null.
Operation *getFirstUse(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers()) {
    Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
    if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
      first = ancestor;
  }
  return first;
}

/// Whether `op` (or an op nested in it) may write memory.
bool writesMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return !effects ||
         llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Write>(e.getEffect());
         });
}

struct ReorderInstructionsPass
    : public triton::gpu::impl::TritonGPUReorderInstructionsBase<
          ReorderInstructionsPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    DominanceInfo dom(mod);

    // A conversion goes after the deallocations before its first use, which
    // frees their memory for its scratch buffer.
    mod.walk([&](ConvertLayoutOp op) {
      Operation *firstUse = getFirstUse(op);
      for (auto it = Block::iterator(op);
           it != op->getBlock()->end() && &*it != firstUse; ++it)
        if (isa<LocalDeallocOp>(&*it))
          op->moveAfter(&*it);
    });

    // Register-hungry ops with one user in another loop move right before
    // it.
    llvm::MapVector<Operation *, Operation *> toMove;
    mod.walk([&](Operation *op) {
      if (!willIncreaseRegisterPressure(op) || !op->hasOneUse())
        return;
      Operation *user = *op->getUsers().begin();
      if (user->getParentOfType<scf::ForOp>() ==
          op->getParentOfType<scf::ForOp>())
        return;
      toMove.insert({op, user});
    });
    for (auto [op, user] : toMove)
      op->moveBefore(user);

    // A local_alloc of a tensor goes right after the tensor's definition,
    // in its block (not out of a loop or scf.if: the buffer would live, and
    // take shared memory, from there on).
    // A tensor splat from a scalar may be made early and cheaply; its
    // buffer is not hoisted with it.
    mod.walk([&](LocalAllocOp op) {
      if (!op.getSrc())
        return;
      Operation *def = op.getSrc().getDefiningOp();
      if (def && def->getBlock() == op->getBlock() && !isa<SplatOp>(def))
        op->moveAfter(def);
    });

    // So does a transposition.
    mod.walk([&](Operation *op) {
      if (!isa<TransOp, MemDescTransOp>(op))
        return;
      Operation *def = op->getOperand(0).getDefiningOp();
      if (def && def->getBlock() == op->getBlock())
        op->moveAfter(def);
    });

    // The load of a dot's operand B from shared memory comes after the one
    // of its operand A, unless an op between them writes memory (an
    // mbarrier arrive, say, which may release the buffer).
    mod.walk([&](LocalLoadOp op) {
      auto encoding =
          dyn_cast_or_null<DotOperandEncodingAttr>(op.getType().getEncoding());
      if (!encoding || encoding.getOpIdx() != 1 || !op->hasOneUse())
        return;
      auto dot = dyn_cast<DotOp>(*op->getUsers().begin());
      if (!dot)
        return;
      auto loadA = dot.getA().getDefiningOp<LocalLoadOp>();
      if (!loadA || !dom.dominates(op.getOperation(), loadA.getOperation()))
        return;
      if (loadA->getBlock() == op->getBlock())
        for (Operation *between = op->getNextNode(); between != loadA;
             between = between->getNextNode())
          if (writesMemory(between))
            return;
      op->moveAfter(loadA);
    });
  }
};

} // namespace
