//===- Dialect.cpp - the ttng dialect -------------------------------------===//
//
// Registration of the ttng operations and tensor-memory attributes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::nvidia_gpu;

#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.cpp.inc"

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
  addInterfaces<TritonNvidiaGPUOpAsmInterface>();
}
