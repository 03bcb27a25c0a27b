//===- Types.cpp - ttg types ----------------------------------------------===//
//
// !ttg.memdesc and !ttg.async.token.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"
      >();
}

/// `<SHAPExELEM, ENCODING, MEMSPACE[, mutable][, ALLOCSHAPE]>`
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elementType;
  Attribute encoding, memorySpace;
  bool isMutable = false;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      if (isMutable || !allocShape.empty()) {
        parser.emitError(parser.getCurrentLocation(),
                         "'mutable' must come once, before the alloc shape");
        return {};
      }
      isMutable = true;
      continue;
    }
    if (!allocShape.empty()) {
      parser.emitError(parser.getCurrentLocation(),
                       "unexpected parameter after the alloc shape");
      return {};
    }
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType,
                                        encoding, memorySpace, isMutable,
                                        allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << getEncoding() << ", "
          << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "rank 0 memdesc is not allowed";
  for (auto [i, dim] : llvm::enumerate(shape)) {
    if (dim <= 0)
      return emitError() << "memdesc dimensions must be positive, got " << dim;
    if (i > 0 && !llvm::isPowerOf2_64(dim))
      return emitError() << "memdesc dimension " << i
                         << " must be a power of two, got " << dim;
  }
  if (allocShape.size() < shape.size())
    return emitError() << "the alloc shape must have at least the rank of "
                          "the shape";
  for (int64_t dim : allocShape)
    if (dim <= 0)
      return emitError() << "alloc shape dimensions must be positive, got "
                         << dim;
  // A view fits inside its allocation: compare the trailing dimensions.
  ArrayRef<int64_t> allocTail = allocShape.take_back(shape.size());
  for (auto [dim, alloc] : llvm::zip(shape, allocTail))
    if (dim > alloc)
      return emitError() << "memdesc shape [" << shape
                         << "] does not fit in its alloc shape [" << allocShape
                         << "]";

  // The encoding must lay out the memory the descriptor is in.
  if (!encoding)
    return emitError() << "memdesc must have an encoding";
  if (std::optional<unsigned> rank = getSharedEncodingRank(encoding)) {
    if (!isa_and_present<SharedMemorySpaceAttr>(memorySpace))
      return emitError() << "a memdesc with the shared-memory encoding "
                         << encoding << " must be in #ttg.shared_memory, got "
                         << memorySpace;
    // One more dimension than the encoding: a multi-buffered allocation.
    if (*rank != shape.size() && *rank + 1 != shape.size())
      return emitError() << "rank must be equal to or one less than the shape "
                            "size. Got "
                         << *rank << " and " << shape.size()
                         << " (the encoding's rank and the memdesc's)";
    // Layouts given by bases cover exactly one buffer of the allocation.
    SmallVector<int64_t> spanned = getLinearComponentShape(encoding);
    ArrayRef<int64_t> buffer = allocShape.take_back(*rank);
    if (!spanned.empty())
      for (auto [i, dims] : llvm::enumerate(llvm::zip(buffer, spanned)))
        if (std::get<0>(dims) != std::get<1>(dims))
          return emitError()
                 << "Mismatch in expected shape for dimension " << i
                 << ". Expected: " << std::get<0>(dims)
                 << ", got: " << std::get<1>(dims)
                 << " (a buffer of the allocation, and what the layout spans)";
    return success();
  }
  if (auto *iface =
          encoding.getDialect()
              .getRegisteredInterface<MemDescEncodingVerifierInterface>())
    return iface->verifyMemDesc(emitError, shape, elementType, encoding,
                                memorySpace, allocShape);
  return emitError() << encoding << " is not a memory encoding";
}

MemDescType MemDescType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                   Type elementType) const {
  ArrayRef<int64_t> newShape = shape ? *shape : getShape();
  return MemDescType::get(newShape, elementType, getEncoding(),
                          getMemorySpace(), getMutableMemory(),
                          shape ? *shape : getAllocShape());
}
