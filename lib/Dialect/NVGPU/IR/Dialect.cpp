//===- Dialect.cpp - the nvg dialect --------------------------------------===//
//
// Registration and verifiers of the nvg operations.
//
//===----------------------------------------------------------------------===//

#include "Dialect/NVGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::nvgpu;

#include "Dialect/NVGPU/IR/NVGPUDialect.cpp.inc"
#include "Dialect/NVGPU/IR/NVGPUEnums.cpp.inc"

void NVGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/NVGPU/IR/NVGPUOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "Dialect/NVGPU/IR/NVGPUOps.cpp.inc"

/// The K of one wgmma for operands of type `t`: 32 bytes of them.
static int wgmmaK(WGMMAEltType t) {
  switch (t) {
  case WGMMAEltType::f16:
  case WGMMAEltType::bf16:
    return 16;
  case WGMMAEltType::tf32:
    return 8;
  case WGMMAEltType::e4m3:
  case WGMMAEltType::e5m2:
  case WGMMAEltType::s8:
    return 32;
  default:
    return 0;
  }
}

LogicalResult WGMMAOp::verify() {
  if (getM() != 64)
    return emitOpError("m must be 64, got ") << getM();
  if (getN() < 8 || getN() > 256 || getN() % 8 != 0)
    return emitOpError("n must be a multiple of 8 from 8 to 256, got ")
           << getN();
  int k = wgmmaK(getEltTypeA());
  if (k == 0)
    return emitOpError("operand A cannot be of type ")
           << stringifyWGMMAEltType(getEltTypeA());
  if (int(getK()) != k)
    return emitOpError("k must be ")
           << k << " for " << stringifyWGMMAEltType(getEltTypeA())
           << " operands, got " << getK();
  if (!isa<IntegerType>(getOpB().getType()))
    return emitOpError("operand B must be a shared-memory descriptor (i64)");
  if (Value c = getOpC(); c && c.getType() != getType())
    return emitOpError("the accumulator's type ")
           << c.getType() << " differs from the result's " << getType();
  return success();
}

LogicalResult LoadAcquireOp::verify() {
  unsigned bits = getType().getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return emitOpError("loads 8, 16, 32 or 64 bits, not ") << bits;
  if (getSem() != MemSemantic::ACQUIRE && getSem() != MemSemantic::RELAXED)
    return emitOpError("loads with acquire or relaxed semantics, not ")
           << stringifyMemSemantic(getSem());
  return success();
}
