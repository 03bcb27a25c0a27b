//===- Dialect.cpp - the ttng dialect -------------------------------------===//
//
// Registration of the ttng operations and tensor-memory attributes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/Triton/IR/Inlining.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.cpp.inc"

/// CTA splits are powers of two of at least 1.
static LogicalResult
verifyCTASplits(function_ref<InFlightDiagnostic()> emitError, unsigned splitM,
                unsigned splitN) {
  if (splitM == 0 || !llvm::isPowerOf2_32(splitM))
    return emitError() << "CTASplitM must be a power of 2, got " << splitM;
  if (splitN == 0 || !llvm::isPowerOf2_32(splitN))
    return emitError() << "CTASplitN must be a power of 2, got " << splitN;
  return success();
}

LogicalResult
TensorMemoryEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned blockM, unsigned blockN,
                                 unsigned colStride, unsigned CTASplitM,
                                 unsigned CTASplitN, bool twoCTAs) {
  // tcgen05 MMAs and messages work on 64 or 128 rows, at most the 512
  // columns of tensor memory; an element takes 1, 2 or 4 32-bit columns'
  // share (colStride = 32 / bit width when unpacked).
  if (blockM != 64 && blockM != 128)
    return emitError() << "blockM must be 64 or 128, got " << blockM;
  if (blockN == 0 || !llvm::isPowerOf2_32(blockN) || blockN > 512)
    return emitError() << "blockN must be a power of 2 of at most 512, got "
                       << blockN;
  if (colStride != 1 && colStride != 2 && colStride != 4)
    return emitError() << "colStride must be 1, 2 or 4, got " << colStride;
  return verifyCTASplits(emitError, CTASplitM, CTASplitN);
}

LogicalResult TensorMemoryScalesEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned CTASplitM,
    unsigned CTASplitN) {
  return verifyCTASplits(emitError, CTASplitM, CTASplitN);
}

namespace {
/// Tensor-memory encodings print as #tmem, as in Triton's dumps.
struct TritonNvidiaGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr))
      os << "tmem";
    else if (isa<TensorMemoryScalesEncodingAttr>(attr))
      os << "tmem_scales";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};

/// What a !ttg.memdesc in tensor memory requires of its shape and element
/// type.
struct TensorMemoryDescVerifier
    : public triton::gpu::MemDescEncodingVerifierInterface {
  using MemDescEncodingVerifierInterface::MemDescEncodingVerifierInterface;

  LogicalResult verifyMemDesc(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> shape, Type elementType,
                              Attribute encoding, Attribute memorySpace,
                              ArrayRef<int64_t> allocShape) const override {
    if (!isa_and_present<TensorMemorySpaceAttr>(memorySpace))
      return emitError() << "a memdesc with the tensor-memory encoding "
                         << encoding << " must be in #ttng.tensor_memory, got "
                         << memorySpace;
    if (!elementType.isIntOrFloat())
      return emitError() << "tensor memory holds integers or floats, got "
                         << elementType;
    unsigned bitWidth = elementType.getIntOrFloatBitWidth();
    if (auto scales = dyn_cast<TensorMemoryScalesEncodingAttr>(encoding)) {
      if (allocShape.size() != 2)
        return emitError() << "block scales in tensor memory cannot be "
                              "multi-buffered: the allocation must be 2-D";
      if (bitWidth != 8)
        return emitError() << "block scales in tensor memory must be 8-bit, "
                              "got "
                           << elementType;
      return success();
    }
    auto tmem = dyn_cast<TensorMemoryEncodingAttr>(encoding);
    if (!tmem)
      return emitError() << encoding << " is not a memdesc encoding";
    if (shape.size() != 2 && shape.size() != 3)
      return emitError() << "a memdesc in tensor memory must have rank 2 or "
                            "3 (multi-buffered), got "
                         << shape.size();
    if (bitWidth * tmem.getColStride() > 32)
      return emitError() << "element bit width times colStride must be at "
                            "most 32, got "
                         << bitWidth << " x " << tmem.getColStride();
    // The allocation holds at least one block, per CTA it is split over.
    ArrayRef<int64_t> buffer = allocShape.take_back(2);
    int64_t rows = int64_t(tmem.getBlockM()) * tmem.getCTASplitM();
    int64_t cols =
        std::min<int64_t>(tmem.getBlockN(), shape.back()) * tmem.getCTASplitN();
    if (buffer[0] < rows || buffer[1] < cols)
      return emitError() << "the allocation must be at least " << rows << "x"
                         << cols << ", got " << buffer[0] << "x" << buffer[1];
    return success();
  }
};
} // namespace

void TritonNvidiaGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"
      >();
  addInterfaces<TritonNvidiaGPUOpAsmInterface, TensorMemoryDescVerifier,
                triton::InlineEverywhereInterface>();
}
