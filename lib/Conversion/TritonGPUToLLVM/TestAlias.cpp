//===- TestAlias.cpp - test-print-alias -----------------------------------===//
//
// Prints, as remarks, the shared buffers (ttg.local_alloc results) each
// shared memdesc may be a view of, as the barrier insertion and the
// allocation see them (BufferAliases): `%v -> %a,%b` at the op defining
// %v. Block arguments are printed at the op whose regions they enter (an
// scf.for's iteration arguments at the loop, with the buffers of the values
// they start from) or, for a block of a CFG, at the branch that ends it. Values are named as the printer names them in
// their function.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Membar.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "SharedMemoryDataflow.h"

#include "llvm/ADT/StringExtras.h"

#include "mlir/IR/AsmState.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

struct TestAliasPass
    : public PassWrapper<TestAliasPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAliasPass)

  StringRef getArgument() const final { return "test-print-alias"; }
  StringRef getDescription() const final {
    return "print the shared buffers each shared memdesc may be a view of";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<TritonGPUDialect>();
  }

  void runOnOperation() override {
    getOperation().walk([](FunctionOpInterface func) {
      BufferAliases aliases(func);
      AsmState state(func);
      auto name = [&](Value value) {
        std::string text;
        llvm::raw_string_ostream os(text);
        value.printAsOperand(os, state);
        return text;
      };
      auto print = [&](Operation *at, Value value, Value source = {}) {
        const llvm::SetVector<Operation *> &buffers =
            aliases.buffersOf(source ? source : value);
        if (buffers.empty())
          return;
        SmallVector<std::string> names;
        for (Operation *alloc : buffers)
          names.push_back(name(alloc->getResult(0)));
        llvm::sort(names);
        at->emitRemark() << name(value) << " -> " << llvm::join(names, ",");
      };
      func->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op == func.getOperation())
          return;
        if (op->getNumResults() == 0) {
          if (isa<BranchOpInterface>(op))
            for (BlockArgument arg : op->getBlock()->getArguments())
              print(op, arg);
          return;
        }
        // A region's arguments as they enter it: an scf.for's iteration
        // arguments alias its initial values (as upstream prints them).
        if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
          SmallVector<RegionSuccessor> successors;
          branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
          for (const RegionSuccessor &successor : successors) {
            if (successor.isParent())
              continue;
            for (auto [operand, arg] :
                 llvm::zip(branch.getEntrySuccessorOperands(successor),
                           successor.getSuccessorInputs()))
              print(op, arg, operand);
          }
        }
        for (Value result : op->getResults())
          print(op, result);
      });
    });
  }
};

} // namespace

void mlir::triton::gpu::registerTestAliasPass() {
  PassRegistration<TestAliasPass>();
}
