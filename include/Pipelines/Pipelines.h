//===- Pipelines.h - the make_ttir pipeline ------------------*- C++ -*-===//
//
// Triton's make_ttir stage (third_party/nvidia/backend/compiler.py) as a C++
// builder that a driver can call and as a named pipeline of triton-opt
// (`--triton-make-ttir`, `--pass-pipeline='builtin.module(
// triton-make-ttir{compute-capability=80})'`). MakeTTGIR.h and MakeLLIR.h
// hold the later stages.
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
