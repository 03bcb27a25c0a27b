//===- LLVMDiagnostics.h - LLVM errors as llvm::Error -----------*- C++ -*-===//
//
// LLVM's default diagnostic handler exits the process on the first error (a
// failed link, a back-end error). The stages catch them instead and return
// them as llvm::Error, so the tools print one diagnostic and exit cleanly.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_LIB_TARGET_LLVMDIAGNOSTICS_H
#define TRITON_LIB_TARGET_LLVMDIAGNOSTICS_H

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir::triton::nvidia {

/// While alive, collects the errors LLVM reports on a context and prints its
/// warnings to stderr; the context's previous handler comes back afterwards.
class LLVMDiagnosticCapture {
public:
  explicit LLVMDiagnosticCapture(llvm::LLVMContext &context)
      : context(context), previous(context.getDiagnosticHandler()) {
    context.setDiagnosticHandler(std::make_unique<Handler>(errors));
  }
  ~LLVMDiagnosticCapture() {
    context.setDiagnosticHandler(std::move(previous));
  }

  /// The errors seen so far, prefixed with `what`, or success.
  llvm::Error takeError(llvm::StringRef what) {
    if (errors.empty())
      return llvm::Error::success();
    std::string message = (what + ": " + errors).str();
    errors.clear();
    return llvm::createStringError(message);
  }

private:
  struct Handler : llvm::DiagnosticHandler {
    explicit Handler(std::string &errors) : errors(errors) {}
    bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
      if (info.getSeverity() == llvm::DS_Error) {
        llvm::raw_string_ostream os(errors);
        if (!errors.empty())
          os << "\n";
        llvm::DiagnosticPrinterRawOStream printer(os);
        info.print(printer);
      } else if (info.getSeverity() == llvm::DS_Warning) {
        llvm::DiagnosticPrinterRawOStream printer(llvm::errs());
        llvm::errs() << "warning: ";
        info.print(printer);
        llvm::errs() << "\n";
      }
      return true;
    }
    std::string &errors;
  };

  llvm::LLVMContext &context;
  std::unique_ptr<llvm::DiagnosticHandler> previous;
  std::string errors;
};

} // namespace mlir::triton::nvidia

#endif // TRITON_LIB_TARGET_LLVMDIAGNOSTICS_H
