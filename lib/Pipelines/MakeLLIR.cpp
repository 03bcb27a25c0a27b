//===- MakeLLIR.cpp - the make_llir pipeline ------------------------------===//
//
// Upstream's NVIDIA make_llir order (spec/upstream-catalog.md, section 5):
//
//   combine-tensor-select-and-if, allocate-warp-groups, convert-scf-to-cf,
//   gluon-inline, allocate-shared-memory-nv, tensor-memory-allocation,
//   check-matmul-two-cta, global-scratch-memory-allocation,
//   proxy-fence-insertion, convert-triton-gpu-to-llvm, canonicalize, cse,
//   convert-nv-gpu-to-llvm, convert-warp-specialize-to-llvm, canonicalize,
//   cse, symbol-dce, convert-nvvm-to-llvm, and enable-line-info unless
//   line-info=false (upstream: TRITON_DISABLE_LINE_INFO).
//
// Passes that only act on ops this toolchain does not produce yet are not
// in the list: gluon-inline (Gluon), tensor-memory-allocation and
// check-matmul-two-cta (sm_100 tensor memory).
// Our lowering leaves
// unrealized casts only between converted values, so the pipeline ends with
// reconcile-unrealized-casts, which upstream's lowering does internally.
//
//===----------------------------------------------------------------------===//

#include "Pipelines/MakeLLIR.h"

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Target/Cubin.h"
#include "Target/LLVMIR/Passes.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void triton::buildMakeLLIRPipeline(OpPassManager &pm,
                                   const MakeLLIROptions &options) {
  int32_t cap = options.computeCapability;
  int32_t ptx = options.ptxVersion;
  pm.addPass(gpu::createTritonGPUCombineTensorSelectAndIf());
  pm.addPass(createTritonGPUAllocateWarpGroups());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createAllocateSharedMemoryNv({cap, ptx}));
  pm.addPass(createTritonGPUGlobalScratchAllocation());
  pm.addPass(createTritonGPUProxyFenceInsertion({cap}));
  pm.addPass(createConvertTritonGPUToLLVM({cap, ptx}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertNVGPUToLLVM());
  pm.addPass(createConvertWarpSpecializeToLLVM());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (options.lineInfo)
    pm.addPass(createLLVMDIScope());
}

void triton::registerMakeLLIRPipeline() {
  PassPipelineRegistration<MakeLLIROptions>(
      "triton-make-llir",
      "upstream Triton's make_llir stage: a ttg module to the LLVM and NVVM "
      "dialects",
      [](OpPassManager &pm, const MakeLLIROptions &options) {
        MakeLLIROptions resolved;
        resolved.computeCapability = options.computeCapability.getValue();
        resolved.lineInfo = options.lineInfo.getValue();
        resolved.ptxVersion =
            resolvePtxVersion(options.ptxVersion, options.computeCapability);
        buildMakeLLIRPipeline(pm, resolved);
      });
}

int32_t triton::resolvePtxVersion(int32_t requested, int32_t capability) {
  if (requested > 0)
    return requested;
  llvm::Expected<int> version = nvidia::getDefaultPTXVersion(capability);
  if (!version) {
    llvm::consumeError(version.takeError());
    return 80;
  }
  return *version;
}
