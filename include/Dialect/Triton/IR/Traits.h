//===- Traits.h - op traits of the tt dialect -----------------*- C++ -*-===//
//
// Traits shared by Triton ops: the tensor size limit and the agreement of
// encodings and shapes between operands and results.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_IR_TRAITS_H
#define TRITON_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {
namespace impl {
LogicalResult verifyTensorSize(Operation *op);
LogicalResult verifyTensorLayouts(Operation *op);
LogicalResult verifySameOperandsEncoding(Operation *op);
LogicalResult verifySameOperandsAndResultEncoding(Operation *op);
LogicalResult verifySameLoadStoreOperandsShape(Operation *op, bool withResult);
LogicalResult verifySameLoadStoreOperandsEncoding(Operation *op,
                                                  bool withResult);
} // namespace impl

/// Every tensor operand and result has a power-of-two number of elements,
/// at most 2^20 (block pointers' tensors included).
template <typename ConcreteType>
class TensorSizeTrait : public TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorSize(op);
  }
};

/// The encodings of tensor operands and results fit the launch
/// configuration of the op, as the encoding's dialect checks it.
template <typename ConcreteType>
class VerifyTensorLayoutsTrait
    : public TraitBase<ConcreteType, VerifyTensorLayoutsTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorLayouts(op);
  }
};

/// Tensor operands that carry an encoding carry the same one.
template <typename ConcreteType>
class SameOperandsEncoding
    : public TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op);
  }
};

/// Tensor operands and results that carry an encoding carry the same one.
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsAndResultEncoding(op);
  }
};

/// Pointer, value and mask of a store have one shape.
template <typename ConcreteType>
class SameLoadStoreOperandsShape
    : public TraitBase<ConcreteType, SameLoadStoreOperandsShape> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsShape(op, /*withResult=*/false);
  }
};

/// Pointer, mask, other and result of a load have one shape.
template <typename ConcreteType>
class SameLoadStoreOperandsAndResultShape
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultShape> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsShape(op, /*withResult=*/true);
  }
};

/// Pointer, value and mask of a store have one encoding.
template <typename ConcreteType>
class SameLoadStoreOperandsEncoding
    : public TraitBase<ConcreteType, SameLoadStoreOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsEncoding(op, /*withResult=*/false);
  }
};

/// Pointer, mask, other and result of a load have one encoding.
template <typename ConcreteType>
class SameLoadStoreOperandsAndResultEncoding
    : public TraitBase<ConcreteType, SameLoadStoreOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameLoadStoreOperandsEncoding(op, /*withResult=*/true);
  }
};

} // namespace mlir::OpTrait

#endif // TRITON_DIALECT_TRITON_IR_TRAITS_H
