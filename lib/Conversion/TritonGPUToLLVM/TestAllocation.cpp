//===- TestAllocation.cpp - test-print-allocation -------------------------===//
//
// Prints each function's shared-memory plan as remarks, as upstream's test
// pass does: the function's name and `size = N` at the function; at each op
// with scratch (the function's own included) `scratch offset = X, size = Y`,
// `virtual offset = X, size = Y` at a call for its callee's frame, and
// `offset = X, size = Y` at a ttg.local_alloc. With
// `get-scratch-size-function=ValidConstant` every op that may have scratch
// takes 128 bytes.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Allocation.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

enum class ScratchSizeFunction { None, ValidConstant };

struct TestAllocationPass
    : public PassWrapper<TestAllocationPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAllocationPass)

  TestAllocationPass() = default;
  TestAllocationPass(const TestAllocationPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-print-allocation"; }
  StringRef getDescription() const final {
    return "print the shared-memory plan of each function";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<TritonGPUDialect>();
  }

  Option<ScratchSizeFunction> scratchSizeFunction{
      *this, "get-scratch-size-function",
      llvm::cl::desc("the scratch size of each op"),
      llvm::cl::init(ScratchSizeFunction::None),
      llvm::cl::values(
          clEnumValN(ScratchSizeFunction::None, "None",
                     "what the lowering needs (default)"),
          clEnumValN(ScratchSizeFunction::ValidConstant, "ValidConstant",
                     "128 bytes for every op"))};

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    ScratchSizeFn size;
    if (scratchSizeFunction == ScratchSizeFunction::ValidConstant)
      size = [](Operation *) -> int64_t { return 128; };
    SharedMemoryPlanner planner(mod, size);
    for (auto func : mod.getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      const FunctionAllocation *plan = planner.plan(func);
      if (!plan)
        return signalPassFailure();
      func.emitRemark() << func.getSymName();
      for (const SharedBuffer &buffer : plan->buffers) {
        InFlightDiagnostic remark = buffer.owner->emitRemark();
        switch (buffer.kind) {
        case SharedBuffer::Kind::Explicit:
          break;
        case SharedBuffer::Kind::Scratch:
          remark << "scratch ";
          break;
        case SharedBuffer::Kind::Virtual:
          remark << "virtual ";
          break;
        }
        remark << "offset = " << buffer.offset << ", size = " << buffer.size;
      }
      func.emitRemark() << "size = " << plan->size;
    }
  }
};

} // namespace

void mlir::triton::gpu::registerTestAllocationPass() {
  PassRegistration<TestAllocationPass>();
}
