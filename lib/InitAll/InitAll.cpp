//===- InitAll.cpp - registration of dialects and passes ------------------===//

#include "InitAll.h"

#include "Analysis/TestPasses.h"
#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Conversion/TritonToTritonGPU/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/Transforms/Passes.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "Pipelines/MakeLLIR.h"
#include "Pipelines/MakeTTGIR.h"
#include "Pipelines/Pipelines.h"
#include "Target/LLVMIR.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"

void mlir::triton::registerTritonDialects(DialectRegistry &registry) {
  registry
      .insert<TritonDialect, triton::gpu::TritonGPUDialect,
              triton::nvidia_gpu::TritonNvidiaGPUDialect, arith::ArithDialect,
              cf::ControlFlowDialect, func::FuncDialect,
              ::mlir::gpu::GPUDialect, LLVM::LLVMDialect, math::MathDialect,
              NVVM::NVVMDialect, scf::SCFDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
}

void mlir::triton::registerTritonPasses() {
  registerAllPasses();
  registerTritonTransformsPasses();
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  triton::gpu::registerTritonGPUPasses();
  triton::nvidia_gpu::registerTritonNvidiaGPUPasses();
  registerTestAlignmentPass();
  registerTritonPipelines();
  registerMakeTTGIRPipeline();
  registerMakeLLIRPipeline();
}

void mlir::triton::registerTritonTranslations(DialectRegistry &registry) {
  nvidia::registerLLVMIRTranslations(registry);
}
