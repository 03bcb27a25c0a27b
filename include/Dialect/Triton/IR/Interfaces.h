//===- Interfaces.h - layout inference hooks of the tt ops ----*- C++ -*-===//
//
// tt ops whose result type depends on the operand's layout (trans, reduce,
// expand_dims, join, split, reshape, dot) ask the dialect that owns the
// encoding attribute through this interface. The tt dialect itself has no
// encodings; the ttg dialect implements it.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_IR_INTERFACES_H
#define TRITON_DIALECT_TRITON_IR_INTERFACES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include <optional>

namespace mlir::triton {

class DialectInferLayoutInterface
    : public DialectInterface::Base<DialectInferLayoutInterface> {
public:
  DialectInferLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// Encoding of `tt.trans` with permutation `order` of a tensor of `shape`.
  virtual LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;

  /// Encoding of the result of reducing along `axis`.
  virtual LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const = 0;

  /// Encoding after inserting a unit dimension at `axis`.
  virtual LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const = 0;

  /// Encoding after appending a minor dimension of size 2 (`tt.join`).
  virtual LogicalResult
  inferJoinOpEncoding(Attribute srcEncoding, Attribute &dstEncoding,
                      ArrayRef<int64_t> shape,
                      std::optional<Location> loc) const = 0;

  /// Encoding after removing the minor dimension of size 2 (`tt.split`).
  virtual LogicalResult
  inferSplitOpEncoding(Attribute srcEncoding, Attribute &dstEncoding,
                       ArrayRef<int64_t> shape,
                       std::optional<Location> loc) const = 0;

  /// Encoding of a reshape from `srcShape` to `dstShape` that keeps the
  /// element order.
  virtual LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const = 0;

  /// Checks that operand `opIdx` of a dot may have `operandEncoding` when the
  /// result has `resultEncoding`.
  virtual LogicalResult
  inferDotOpEncoding(Attribute operandEncoding, unsigned opIdx,
                     Attribute resultEncoding,
                     std::optional<Location> loc) const = 0;

  /// Whether `actual` may stand for the `expected` (inferred) encoding of a
  /// tensor of `shape`: the two place every element alike, or, with
  /// `anyRegisterOrder`, on the same threads in possibly other registers.
  virtual bool isEquivalentLayout(ArrayRef<int64_t> shape, Attribute expected,
                                  Attribute actual,
                                  bool anyRegisterOrder = false) const = 0;

  /// Checks that the two operand encodings of a dot fit together.
  virtual LogicalResult
  verifyDotOpEncodingCompatibility(Operation *op, Attribute operandEncodingA,
                                   Attribute operandEncodingB) const = 0;
};

/// Checks a tensor's encoding against the op that uses it: its rank, and the
/// warps, threads per warp and CTAs the op runs with.
class DialectVerifyTensorLayoutInterface
    : public DialectInterface::Base<DialectVerifyTensorLayoutInterface> {
public:
  DialectVerifyTensorLayoutInterface(Dialect *dialect) : Base(dialect) {}

  virtual LogicalResult verifyTensorLayout(Attribute layout,
                                           RankedTensorType type,
                                           Operation *op) const = 0;
};

} // namespace mlir::triton

#endif // TRITON_DIALECT_TRITON_IR_INTERFACES_H
