//===- MakeTTGIR.h - the make_ttgir pipeline -----------------*- C++ -*-===//
//
// Triton's make_ttgir stage (third_party/nvidia/backend/compiler.py) as a
// named pipeline: TTIR in, optimized TTGIR out.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_PIPELINES_MAKETTGIR_H
#define TRITON_PIPELINES_MAKETTGIR_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::triton {

/// The launch configuration make_ttgir compiles for, with Triton's defaults.
struct MakeTTGIROptions : public PassPipelineOptions<MakeTTGIROptions> {
  Option<int> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("NVIDIA compute capability (80 for sm_80, 90 for sm_90)"),
      llvm::cl::init(90)};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps per CTA"),
                       llvm::cl::init(4)};
  Option<int> numCTAs{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(1)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("software pipelining stages"),
                        llvm::cl::init(3)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("threads per warp"),
                             llvm::cl::init(32)};
  Option<bool> optimizeEpilogue{
      *this, "optimize-epilogue",
      llvm::cl::desc("run tritongpu-optimize-epilogue after the last "
                     "remove-layout-conversions (not in upstream's pipeline)"),
      llvm::cl::init(true)};
};

/// Adds make_ttgir's passes to `pm` (on builtin.module), in upstream's order,
/// as far as this toolchain implements them.
void buildMakeTTGIRPipeline(OpPassManager &pm, const MakeTTGIROptions &options);

/// Registers the pipeline as `triton-make-ttgir`.
void registerMakeTTGIRPipeline();

} // namespace mlir::triton

#endif // TRITON_PIPELINES_MAKETTGIR_H
