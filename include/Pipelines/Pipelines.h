//===- Pipelines.h - named pass pipelines of the compiler stages -*- C++
//-*-===//
//
// The pass pipelines upstream Triton's NVIDIA backend runs for each stage,
// as C++ builders that a driver can call and as named pipelines of
// triton-opt (`--triton-make-ttir`, `--pass-pipeline='builtin.module(
// triton-make-ttir{compute-capability=80})'`).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_PIPELINES_PIPELINES_H
#define TRITON_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::triton {

/// Options of the make_ttir stage.
struct MakeTTIROptions : public PassPipelineOptions<MakeTTIROptions> {
  Option<int32_t> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("target compute capability (e.g. 80, 90): below 90, "
                     "tensor descriptors become pointer arithmetic"),
      llvm::cl::init(90)};
};

/// make_ttir, on a builtin.module: inline, triton-rewrite-tensor-pointer,
/// triton-rewrite-tensor-descriptor-to-pointer (below compute capability
/// 90), canonicalize, triton-combine, triton-reorder-broadcast, cse,
/// symbol-dce, triton-loop-unroll.
void buildMakeTTIRPipeline(OpPassManager &pm, const MakeTTIROptions &options);

/// Registers the named pipelines: triton-make-ttir.
void registerTritonPipelines();

} // namespace mlir::triton

#endif // TRITON_PIPELINES_PIPELINES_H
