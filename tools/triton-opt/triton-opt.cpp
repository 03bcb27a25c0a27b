//===- triton-opt.cpp - IR to IR for Triton ------------------------------===//
//
// mlir-opt with the Triton dialects and passes registered.
//
//===----------------------------------------------------------------------===//

#include "InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

int main(int argc, char **argv) {
  // LLVM built without assertions (Debian's) has no -debug; upstream's
  // tests pass it. Accept it, and say that there is no debug output.
  std::optional<llvm::cl::opt<bool>> debug;
  if (!llvm::cl::getRegisteredOptions().count("debug"))
    debug.emplace("debug",
                  llvm::cl::desc("LLVM's debug output (none: this LLVM was "
                                 "built without assertions)"));
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "triton-opt (Triton MLIR toolchain) " TRITON_MLIR_VERSION "\n";
  });
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "Triton MLIR optimizer driver\n", registry);
  if (debug && *debug)
    llvm::errs() << "triton-opt: -debug prints nothing: this LLVM was built "
                    "without assertions\n";
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
