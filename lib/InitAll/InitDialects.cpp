//===- InitDialects.cpp - registration of the dialects Triton IR uses -----===//
//
// Kept apart from InitAll.cpp: a tool that calls only this does not link the
// registration of every MLIR pass.
//
//===----------------------------------------------------------------------===//

#include "InitAll.h"

#include "Dialect/NVGPU/IR/Dialect.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::triton::registerTritonDialects(DialectRegistry &registry) {
  registry.insert<TritonDialect, triton::gpu::TritonGPUDialect,
                  triton::nvidia_gpu::TritonNvidiaGPUDialect,
                  triton::nvgpu::NVGPUDialect,
                  arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, ::mlir::gpu::GPUDialect, LLVM::LLVMDialect,
                  math::MathDialect, NVVM::NVVMDialect, ROCDL::ROCDLDialect,
                  scf::SCFDialect, ub::UBDialect>();
  func::registerInlinerExtension(registry);
}
