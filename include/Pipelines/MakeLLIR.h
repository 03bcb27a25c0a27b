//===- MakeLLIR.h - the make_llir pipeline ----------------------*- C++ -*-===//
//
// Upstream Triton's make_llir stage for NVIDIA as one pass pipeline: a ttg
// module in, a module of the LLVM and NVVM dialects out.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_PIPELINES_MAKELLIR_H
#define TRITON_PIPELINES_MAKELLIR_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::triton {

struct MakeLLIROptions : public PassPipelineOptions<MakeLLIROptions> {
  Option<int32_t> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("the target's compute capability (e.g. 80, 90)"),
      llvm::cl::init(90)};
  Option<int32_t> ptxVersion{
      *this, "ptx-version",
      llvm::cl::desc("PTX ISA version times 10 (e.g. 86); 0 derives it from "
                     "the ptxas found, as upstream does"),
      llvm::cl::init(0)};
  Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("end with enable-line-info: source lines in the LLVM "
                     "IR's debug locations, hence .loc in the PTX"),
      llvm::cl::init(true)};
};

/// Adds make_llir's passes, in upstream's order, to `pm` (which runs on a
/// builtin.module). A `ptxVersion` of 0 must have been resolved by the
/// caller (see resolvePtxVersion).
void buildMakeLLIRPipeline(OpPassManager &pm, const MakeLLIROptions &options);

/// The PTX version make_llir and make_ptx use: `requested` when non-zero,
/// otherwise derived from the version of the ptxas found for `capability`
/// (nvidia::getDefaultPTXVersion), otherwise 80 (no ptxas).
int32_t resolvePtxVersion(int32_t requested, int32_t capability);

/// Registers `triton-make-llir` with triton-opt.
void registerMakeLLIRPipeline();

} // namespace mlir::triton

#endif // TRITON_PIPELINES_MAKELLIR_H
