//===- Dialect.h - the tt dialect -----------------------------*- C++ -*-===//
//
// Everything a user of the tt dialect includes: the dialect, its types,
// enums, traits and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_IR_DIALECT_H
#define TRITON_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/Triton/IR/Interfaces.h"
#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/Triton/IR/Types.h"

#include "Dialect/Triton/IR/TritonDialect.h.inc"
#include "Dialect/Triton/IR/TritonEnums.h.inc"

namespace mlir::triton {

/// The attribute `tl.range(..., num_stages=N)` puts on its scf.for.
inline constexpr llvm::StringLiteral kNumStagesAttrName = "tt.num_stages";
/// The memory resource of loads, stores and atomics on global memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "Dialect/Triton/IR/TritonOps.h.inc"

#endif // TRITON_DIALECT_TRITON_IR_DIALECT_H
