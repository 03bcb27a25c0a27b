//===- Types.cpp - tt types -----------------------------------------------===//
//
// Parsing and printing of !tt.ptr and the type helpers of Types.h.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "Dialect/Triton/IR/TritonTypes.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
}

/// `!tt.ptr<T>` or `!tt.ptr<T, addrspace>`; address space 1 is implicit.
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = 1;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  if (addressSpace < 0) {
    parser.emitError(parser.getCurrentLocation(),
                     "address space must be non-negative, got ")
        << addressSpace;
    return Type();
  }
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

namespace mlir::triton {

bool anyTensorHasLayout(TypeRange types) {
  return llvm::any_of(types, [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding();
  });
}

bool anyTensorHasRankZero(TypeRange types) {
  return llvm::any_of(types, [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getRank() == 0;
  });
}

bool isTensorPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type getPointeeType(Type ptrLike) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptrLike)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return ptrLike;
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(ptrLike))
    return ptr.getPointeeType();
  return ptrLike;
}

Type getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

Type getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(),
                                 PointerType::get(tensor.getElementType(), 1),
                                 tensor.getEncoding());
  return PointerType::get(type, 1);
}

Type getBasePointerType(Type tensorPtrType) {
  auto ptr = dyn_cast<PointerType>(tensorPtrType);
  if (!ptr)
    return tensorPtrType;
  auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!tensor)
    return tensorPtrType;
  return PointerType::get(tensor.getElementType(), ptr.getAddressSpace());
}

Type getElementTypeOfTensorPointerType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      return tensor.getElementType();
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return type;
}

ArrayRef<int64_t> getShapeOrEmpty(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  if (auto ptr = dyn_cast<PointerType>(type))
    if (auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      return tensor.getShape();
  return {};
}

} // namespace mlir::triton
