//===- Traits.cpp - verifiers of the tt op traits -------------------------===//
//
// Shape, encoding and size checks shared by many tt (and ttg) operations.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Traits.h"
#include "Dialect/Triton/IR/Interfaces.h"
#include "Dialect/Triton/IR/Types.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

/// Largest number of elements a Triton tensor may have.
static constexpr int64_t kMaxTensorNumElements = 1 << 20;

static LogicalResult checkTensorSize(Operation *op, Type type) {
  RankedTensorType tensor = dyn_cast<RankedTensorType>(type);
  if (auto ptr = dyn_cast<triton::PointerType>(type))
    tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!tensor || !tensor.hasStaticShape())
    return success();
  int64_t numElements = tensor.getNumElements();
  if (numElements > kMaxTensorNumElements)
    return op->emitOpError("tensor ")
           << type << " has " << numElements << " elements; the maximum is "
           << kMaxTensorNumElements;
  // Empty tensors are allowed; other sizes must be powers of two.
  if (numElements != 0 && !llvm::isPowerOf2_64(numElements))
    return op->emitOpError("tensor ")
           << type << " has " << numElements
           << " elements, which is not a power of two";
  return success();
}

LogicalResult OpTrait::impl::verifyTensorSize(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (failed(checkTensorSize(op, type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(checkTensorSize(op, type)))
      return failure();
  return success();
}

/// The encoding of a tensor type, or null for scalars and tensors without
/// one; these are compatible with every encoding.
static Attribute getEncoding(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

static LogicalResult verifySameEncoding(Operation *op, TypeRange types,
                                        StringRef what) {
  Attribute expected;
  for (Type type : types) {
    Attribute encoding = getEncoding(type);
    if (!encoding)
      continue;
    if (!expected) {
      expected = encoding;
      continue;
    }
    if (encoding != expected)
      return op->emitOpError("requires the same encoding for all ")
             << what << ", but got " << expected << " and " << encoding;
  }
  return success();
}

LogicalResult OpTrait::impl::verifySameOperandsEncoding(Operation *op) {
  return verifySameEncoding(op, op->getOperandTypes(), "operands");
}

LogicalResult
OpTrait::impl::verifySameOperandsAndResultEncoding(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return verifySameEncoding(op, types, "operands and results");
}

/// Loads and stores through block pointers take no mask, so only tensor
/// operands and results are compared.
static SmallVector<Type> loadStoreTensorTypes(Operation *op, bool withResult) {
  SmallVector<Type> types;
  for (Type type : op->getOperandTypes())
    if (isa<RankedTensorType>(type))
      types.push_back(type);
  if (withResult)
    for (Type type : op->getResultTypes())
      if (isa<RankedTensorType>(type))
        types.push_back(type);
  return types;
}

LogicalResult OpTrait::impl::verifySameLoadStoreOperandsShape(Operation *op,
                                                              bool withResult) {
  SmallVector<Type> types = loadStoreTensorTypes(op, withResult);
  for (Type type : types)
    if (cast<RankedTensorType>(type).getShape() !=
        cast<RankedTensorType>(types.front()).getShape())
      return op->emitOpError("requires the same shape for pointer, mask and ")
             << (withResult ? "result" : "value") << ", but got "
             << types.front() << " and " << type;
  return success();
}

LogicalResult
OpTrait::impl::verifySameLoadStoreOperandsEncoding(Operation *op,
                                                   bool withResult) {
  return verifySameEncoding(op, loadStoreTensorTypes(op, withResult),
                            "operands and results");
}

LogicalResult OpTrait::impl::verifyTensorLayouts(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    Attribute layout = tensor.getEncoding();
    auto *iface = layout.getDialect()
                      .getRegisteredInterface<
                          triton::DialectVerifyTensorLayoutInterface>();
    if (!iface)
      return success();
    return iface->verifyTensorLayout(layout, tensor, op);
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}
