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

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "triton-opt (Triton MLIR toolchain) " TRITON_MLIR_VERSION "\n";
  });
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Triton MLIR optimizer driver\n", registry));
}
