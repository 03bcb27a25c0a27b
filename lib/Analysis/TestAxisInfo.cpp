//===- TestAxisInfo.cpp - test-print-alignment ----------------------------===//
//
// Prints the AxisInfo of every result of every op of every function as a
// remark at the op, `<value> => contiguity = [..], divisibility = [..],
// constancy = [..], constant_value = ..`, as upstream's test pass does, for
// tests with -verify-diagnostics. With `access-widths=true` it also
// reports, for every tensor with a layout, what the lowering asks of the
// module analysis: `access: contiguity = C, alignment = A, mask_alignment = M`
// (ModuleAxisInfoAnalysis::getContiguity, getAlignment, getMaskAlignment).
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Analysis/TestPasses.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  TestAxisInfoPass() = default;
  TestAxisInfoPass(const TestAxisInfoPass &other) : PassWrapper(other) {}

  Option<bool> accessWidths{
      *this, "access-widths",
      llvm::cl::desc("also report the vector widths of tensors with a layout"),
      llvm::cl::init(false)};

  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "print the result of the axis-info (alignment) analysis as remarks";
  }

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    ModuleAxisInfoAnalysis analysis(mod);
    mod.walk([&](FunctionOpInterface func) {
      func.walk([&](Operation *op) {
        for (Value result : op->getResults()) {
          InFlightDiagnostic diag = emitRemark(op->getLoc());
          diag << result << " => ";
          if (AxisInfo *info = analysis.getAxisInfo(result)) {
            std::string text;
            llvm::raw_string_ostream os(text);
            info->print(os);
            diag << text;
          } else {
            diag << "<unknown>";
          }
          auto type = dyn_cast<RankedTensorType>(result.getType());
          if (accessWidths && type && type.getEncoding())
            emitRemark(op->getLoc())
                << "access: contiguity = " << analysis.getContiguity(result)
                << ", alignment = " << analysis.getAlignment(result)
                << ", mask_alignment = " << analysis.getMaskAlignment(result);
        }
      });
    });
  }
};
} // namespace

void mlir::triton::registerTestAlignmentPass() {
  PassRegistration<TestAxisInfoPass>();
}
