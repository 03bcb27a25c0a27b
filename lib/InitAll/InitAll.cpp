//===- InitAll.cpp - registration of passes and translations --------------===//
//
// Registering every upstream pass links all of MLIR (and, through it, every
// LLVM target) into a tool. The dialects are registered in InitDialects.cpp,
// so that a tool that only needs them, triton-compile-stages, does not pull
// this file in.
//
//===----------------------------------------------------------------------===//

#include "InitAll.h"

#include "Analysis/TestPasses.h"
#include "Conversion/TritonGPUToLLVM/Allocation.h"
#include "Conversion/TritonGPUToLLVM/Membar.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Conversion/TritonToTritonGPU/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/LoopPeeling.h"
#include "Dialect/Triton/Transforms/Passes.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "Pipelines/MakeLLIR.h"
#include "Pipelines/MakeTTGIR.h"
#include "Pipelines/Pipelines.h"
#include "Target/LLVMIR.h"
#include "Target/LLVMIR/Passes.h"
#include "mlir/InitAllPasses.h"

void mlir::triton::registerTritonPasses() {
  registerAllPasses();
  registerTritonTransformsPasses();
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  triton::gpu::registerTritonGPUPasses();
  triton::nvidia_gpu::registerTritonNvidiaGPUPasses();
  registerTestAlignmentPass();
  registerTestLoopPeelingPass();
  triton::gpu::registerTestMembarPass();
  triton::gpu::registerTestAliasPass();
  triton::gpu::registerTestAllocationPass();
  registerTritonLLVMIRPasses();
  registerTritonPipelines();
  registerMakeTTGIRPipeline();
  registerMakeLLIRPipeline();
}

void mlir::triton::registerTritonTranslations(DialectRegistry &registry) {
  nvidia::registerLLVMIRTranslations(registry);
}
