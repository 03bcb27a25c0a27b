//===- MakeLLIR.cpp - the make_llir pipeline ------------------------------===//
//
// Upstream's NVIDIA make_llir order (spec/upstream-catalog.md, section 5):
//
//   combine-tensor-select-and-if, allocate-warp-groups, convert-scf-to-cf,
//   gluon-inline, allocate-shared-memory-nv, tensor-memory-allocation,
//   check-matmul-two-cta, global-scratch-memory-allocation,
//   proxy-fence-insertion, convert-triton-gpu-to-llvm, canonicalize, cse,
//   convert-nv-gpu-to-llvm, convert-warp-specialize-to-llvm, canonicalize,
//   cse, symbol-dce, convert-nvvm-to-llvm.
//
// Passes that only act on ops this toolchain does not produce yet are not
// in the list: allocate-warp-groups and convert-warp-specialize-to-llvm
// (ttg.warp_specialize), gluon-inline (Gluon), tensor-memory-allocation and
// check-matmul-two-cta (sm_100 tensor memory), proxy-fence-insertion (TMA
// and wgmma), convert-nv-gpu-to-llvm (our lowering emits no nvg ops), and
// combine-tensor-select-and-if until it exists. Our lowering leaves
// unrealized casts only between converted values, so the pipeline ends with
// reconcile-unrealized-casts, which upstream's lowering does internally.
//
//===----------------------------------------------------------------------===//

#include "Pipelines/MakeLLIR.h"

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include <cstdlib>

using namespace mlir;

void triton::buildMakeLLIRPipeline(OpPassManager &pm,
                                   const MakeLLIROptions &options) {
  int32_t cap = options.computeCapability;
  int32_t ptx = options.ptxVersion;
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createAllocateSharedMemoryNv({cap, ptx}));
  pm.addPass(createTritonGPUGlobalScratchAllocation());
  pm.addPass(createConvertTritonGPUToLLVM({cap, ptx}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void triton::registerMakeLLIRPipeline() {
  PassPipelineRegistration<MakeLLIROptions>(
      "triton-make-llir",
      "upstream Triton's make_llir stage: a ttg module to the LLVM and NVVM "
      "dialects",
      [](OpPassManager &pm, const MakeLLIROptions &options) {
        MakeLLIROptions resolved;
        resolved.computeCapability = options.computeCapability.getValue();
        resolved.ptxVersion = resolvePtxVersion(options.ptxVersion);
        buildMakeLLIRPipeline(pm, resolved);
      });
}

//===----------------------------------------------------------------------===//
// PTX version
//===----------------------------------------------------------------------===//

static std::optional<std::string> findPtxas() {
  if (const char *env = std::getenv("TRITON_PTXAS_PATH"))
    if (*env && llvm::sys::fs::can_execute(env))
      return std::string(env);
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return std::string("/usr/local/cuda/bin/ptxas");
  if (auto path = llvm::sys::findProgramByName("ptxas"))
    return *path;
  return std::nullopt;
}

int32_t triton::resolvePtxVersion(int32_t requested) {
  if (requested > 0)
    return requested;
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    return 80;
  llvm::SmallString<128> out;
  if (llvm::sys::fs::createTemporaryFile("ptxas-version", "txt", out))
    return 80;
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, out.str(),
                                                std::nullopt};
  int rc = llvm::sys::ExecuteAndWait(*ptxas, {*ptxas, "--version"},
                                     std::nullopt, redirects);
  auto text = llvm::MemoryBuffer::getFile(out);
  llvm::sys::fs::remove(out);
  if (rc != 0 || !text)
    return 80;
  llvm::SmallVector<llvm::StringRef> match;
  if (!llvm::Regex("release ([0-9]+)\\.([0-9]+)")
           .match((*text)->getBuffer(), &match))
    return 80;
  int major = 0, minor = 0;
  match[1].getAsInteger(10, major);
  match[2].getAsInteger(10, minor);
  // Upstream's table: CUDA 13+ -> 90 + 10 (major - 13) + minor; 12.6+ ->
  // 79 + minor; 12.x -> 80 + minor; 11.x -> 70 + minor.
  if (major >= 13)
    return 90 + (major - 13) * 10 + minor;
  if (major == 12)
    return minor >= 6 ? 79 + minor : 80 + minor;
  if (major == 11)
    return 70 + minor;
  return 80;
}
