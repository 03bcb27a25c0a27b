//===- Dialect.h - the nvg dialect ----------------------------*- C++ -*-===//
//
// NVIDIA operations on LLVM values, between convert-triton-gpu-to-llvm and
// convert-nv-gpu-to-llvm.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_NVGPU_IR_DIALECT_H
#define TRITON_DIALECT_NVGPU_IR_DIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/NVGPU/IR/NVGPUDialect.h.inc"
#include "Dialect/NVGPU/IR/NVGPUEnums.h.inc"

#define GET_OP_CLASSES
#include "Dialect/NVGPU/IR/NVGPUOps.h.inc"

#endif // TRITON_DIALECT_NVGPU_IR_DIALECT_H
