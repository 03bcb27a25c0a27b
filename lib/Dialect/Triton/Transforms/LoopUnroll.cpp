//===- LoopUnroll.cpp - triton-loop-unroll --------------------------------===//
//
// Unrolls the scf.for loops a kernel author marked with
// `tt.loop_unroll_factor` (tl.range(..., loop_unroll_factor=N)).
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPUNROLL
#include "Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

constexpr StringLiteral kUnrollFactorAttr = "tt.loop_unroll_factor";

struct LoopUnrollPass
    : public triton::impl::TritonLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    WalkResult walk = getOperation()->walk([&](scf::ForOp loop) {
      Attribute attr = loop->getAttr(kUnrollFactorAttr);
      if (!attr)
        return WalkResult::advance();
      auto factor = dyn_cast<IntegerAttr>(attr);
      if (!factor) {
        loop.emitError() << "'" << kUnrollFactorAttr
                         << "' must be an integer, got " << attr;
        return WalkResult::interrupt();
      }
      // A factor below 2 asks for no unrolling (tl.range's documentation).
      if (factor.getInt() > 1)
        loops.emplace_back(loop, factor.getInt());
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    for (auto [loop, factor] : loops) {
      loop->removeAttr(kUnrollFactorAttr);
      FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(loop, factor);
      if (failed(unrolled)) {
        loop.emitError() << "cannot unroll this loop by " << factor;
        return signalPassFailure();
      }
      // The remainder loop runs fewer iterations than a pipeline needs.
      if (unrolled->epilogueLoopOp)
        (*unrolled->epilogueLoopOp)
            ->setAttr(kNumStagesAttrName,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32), 1));
    }
  }
};

} // namespace
