//===- Types.h - tt types and type helpers --------------------*- C++ -*-===//
//
// The pointer and tensor-descriptor types of the tt dialect, and the small
// type computations that op definitions and verifiers share.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_IR_TYPES_H
#define TRITON_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/IR/TypeSupport.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Dialect/Triton/IR/TritonTypes.h.inc"

namespace mlir::triton {

/// True for a pointer whose pointee is a ranked tensor (a block pointer).
bool isTensorPointerType(Type type);

/// Whether one of `types` is a ranked tensor with a layout (encoding).
bool anyTensorHasLayout(TypeRange types);

/// Whether one of `types` is a rank-0 ranked tensor.
bool anyTensorHasRankZero(TypeRange types);

/// The type a load through `ptrLike` produces: the pointee of a pointer, or a
/// tensor of pointees with the same shape and encoding for a tensor of
/// pointers. Any other type is returned unchanged.
Type getPointeeType(Type ptrLike);

/// i1, or a tensor of i1 with the shape and encoding of `type`.
Type getI1SameShape(Type type);

/// A pointer (address space 1) to `type`'s element type, with `type`'s shape
/// and encoding when it is a tensor.
Type getPointerTypeSameShape(Type type);

/// For a block pointer type, the scalar pointer type of its base.
Type getBasePointerType(Type tensorPtrType);

/// The element type of a tensor, the pointee tensor's element type of a block
/// pointer, or the type itself.
Type getElementTypeOfTensorPointerType(Type type);

/// The shape of a ranked tensor or of a block pointer's pointee tensor; empty
/// for scalars.
ArrayRef<int64_t> getShapeOrEmpty(Type type);

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_TYPES_H
