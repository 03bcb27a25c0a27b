//===- MakeTTIR.cpp - the make_ttir pipeline ------------------------------===//
//
// The passes upstream Triton 3.6 runs on the IR its front end emits before
// the tt IR is handed to layout assignment, in upstream's order
// (third_party/nvidia/backend/compiler.py, make_ttir).
//
//===----------------------------------------------------------------------===//

#include "Pipelines/Pipelines.h"

#include "Dialect/Triton/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
/// MLIR's inliner walks every op's symbol uses, which an unregistered op
/// with regions cannot tell (it may hold a symbol table): the inliner would
/// crash on it. This check, which the pipeline runs first, refuses such an
/// op with a diagnostic instead. (Not a pass of its own flag.)
struct CheckInlinable
    : public PassWrapper<CheckInlinable, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckInlinable)
  StringRef getArgument() const final { return "triton-make-ttir-check"; }
  void runOnOperation() override {
    WalkResult found = getOperation().walk([](Operation *op) {
      if (op->isRegistered() || op->getNumRegions() == 0)
        return WalkResult::advance();
      op->emitOpError("is unregistered and has regions, which make_ttir's "
                      "inliner cannot look into");
      return WalkResult::interrupt();
    });
    if (found.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void mlir::triton::buildMakeTTIRPipeline(OpPassManager &pm,
                                         const MakeTTIROptions &options) {
  pm.addPass(std::make_unique<CheckInlinable>());
  pm.addPass(createInlinerPass());
  pm.addPass(createTritonRewriteTensorPointer());
  // Hopper and later load and store descriptors through TMA.
  if (options.computeCapability < 90)
    pm.addPass(createTritonRewriteTensorDescriptorToPointer());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<MakeTTIROptions>(
      "triton-make-ttir",
      "make_ttir: the tt-level clean-up of front-end IR (inlining, block "
      "pointer and descriptor rewrites, canonicalization, combine, "
      "reorder-broadcast, cse, symbol-dce, loop unrolling)",
      buildMakeTTIRPipeline);
}
