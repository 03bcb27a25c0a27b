//===- MakeTTGIR.cpp - the make_ttgir pipeline ----------------------------===//
//
// Upstream Triton 3.6's make_ttgir for NVIDIA GPUs, in its order. The passes
// this toolchain does not implement yet are listed where upstream runs them;
// they only act on tensor-core dots, TMA descriptors, tensor memory, warp
// specialization and software pipelining, so kernels without those come
// out as upstream's.
//
//===----------------------------------------------------------------------===//

#include "Pipelines/MakeTTGIR.h"

#include "Conversion/TritonToTritonGPU/Passes.h"
#include "Dialect/Triton/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
void addLoopAwareCSE(OpPassManager &pm) {
  pm.addPass(createTritonLoopAwareCSE());
}
void addLICM(OpPassManager &pm) {
  pm.addPass(createTritonLoopInvariantCodeMotion());
}
} // namespace

void mlir::triton::buildMakeTTGIRPipeline(OpPassManager &pm,
                                          const MakeTTGIROptions &options) {
  int capability = options.computeCapability;

  ConvertTritonToTritonGPUOptions convert;
  convert.target = "cuda:" + std::to_string(capability);
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = options.threadsPerWarp;
  convert.numCTAs = options.numCTAs;
  pm.addPass(createConvertTritonToTritonGPU(convert));
  pm.addPass(gpu::createTritonGPUCoalesce());
  gpu::TritonGPUF32DotTCOptions f32DotTC;
  f32DotTC.emuTF32 = capability >= 80;
  pm.addPass(gpu::createTritonGPUF32DotTC(f32DotTC));
  // triton-nvidia-gpu-plan-cta: the dots' operands only (upstream's also
  // plans reductions and the dots' CTA tiling).
  pm.addPass(nvidia_gpu::createTritonNvidiaGPUPlanCTA());
  pm.addPass(gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(gpu::createTritonGPUOptimizeThreadLocality());
  pm.addPass(gpu::createTritonGPUAccelerateMatmul());
  pm.addPass(gpu::createTritonGPURemoveLayoutConversions());
  // tritongpu-optimize-dot-operands{hoist-layout-conversion=(capability >=
  // 80)}; our pass has the transpose folding for wgmma operands, not the
  // hoisting. Upstream's pass ends by canonicalizing the module, which its
  // pass dumps show as a pass of its own.
  pm.addPass(gpu::createTritonGPUOptimizeDotOperands());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(nvidia_gpu::createTritonNvidiaGPUOptimizeDescriptorEncoding());
  addLoopAwareCSE(pm);

  if (capability >= 80) {
    pm.addPass(gpu::createTritonGPUFuseNestedLoops());
    pm.addPass(createCanonicalizerPass());
    addLICM(pm);
    if (capability < 100) {
      pm.addPass(createCanonicalizerPass());
      pm.addPass(gpu::createTritonGPUCombineTensorSelectAndIf());
      nvidia_gpu::NVGPUWarpSpecializationOptions warpSpecialization;
      warpSpecialization.numStages = options.numStages;
      pm.addPass(nvidia_gpu::createNVGPUWarpSpecialization(warpSpecialization));
      // Upstream's tritongpu-assign-latencies, tritongpu-schedule-loops and
      // tritongpu-pipeline are one pass here, which pipelines the loads
      // feeding tensor-core dots (not the dots themselves).
      gpu::TritonGPUPipelineOptions pipeline;
      pipeline.numStages = options.numStages;
      pm.addPass(gpu::createTritonGPUPipeline(pipeline));
    } else {
      // Not implemented here: tritongpu-optimize-accumulator-init,
      // tritongpu-hoist-tmem-alloc, tritongpu-promote-lhs-to-tmem,
      // tritongpu-assign-latencies, tritongpu-schedule-loops,
      // tritongpu-automatic-warp-specialization, tritongpu-pipeline and
      // tritongpu-optimize-partition-warps.
      pm.addPass(gpu::createTritonGPUCombineTensorSelectAndIf());
      // Not implemented here: tritongpu-hoist-tmem-alloc{hoist-out-of-if=
      // true} and triton-nvidia-gpu-remove-tmem-tokens.
    }
  } else {
    addLICM(pm);
  }

  pm.addPass(createCanonicalizerPass());
  addLoopAwareCSE(pm);
  // Not implemented here: tritongpu-prefetch (MMAv2 operand prefetching).
  pm.addPass(gpu::createTritonGPUOptimizeDotOperands());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(gpu::createTritonGPUCoalesceAsyncCopy());
  // Not implemented here: triton-nvidia-optimize-tmem-layouts.
  if (capability >= 90)
    pm.addPass(nvidia_gpu::createTritonNvidiaGPUTMALowering());
  pm.addPass(gpu::createTritonGPURemoveLayoutConversions());
  // Not upstream's: a matmul's epilogue stored in a layout its accumulator
  // reaches by warp shuffles rather than through shared memory.
  if (options.optimizeEpilogue)
    pm.addPass(gpu::createTritonGPUOptimizeEpilogue());
  // Not implemented here: triton-nvidia-interleave-tmem.
  pm.addPass(gpu::createTritonGPUReduceDataDuplication());
  pm.addPass(gpu::createTritonGPUReorderInstructions());
  addLoopAwareCSE(pm);
  pm.addPass(createSymbolDCEPass());
  nvidia_gpu::TritonGPUFenceInsertionOptions fence;
  fence.computeCapability = capability;
  pm.addPass(nvidia_gpu::createTritonGPUFenceInsertion(fence));
  // Not implemented here: triton-nvidia-mma-lowering (scaled and Blackwell
  // MMAs only).
  pm.addPass(createSCCPPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::triton::registerMakeTTGIRPipeline() {
  PassPipelineRegistration<MakeTTGIROptions>(
      "triton-make-ttgir",
      "make_ttgir: convert TTIR to TTGIR and optimize layouts, as Triton's "
      "NVIDIA backend does",
      buildMakeTTGIRPipeline);
}
