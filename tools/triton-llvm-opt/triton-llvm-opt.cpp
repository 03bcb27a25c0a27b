//===- triton-llvm-opt.cpp - run Triton's LLVM IR passes ------------------===//
//
// Reads an LLVM IR module (text or bitcode; `-` for standard input), runs
// the passes named on the command line in that order and prints the module:
//
//   triton-llvm-opt -break-struct-phi-nodes kernel.ll -o out.ll
//
// `-mtriple` and `-data-layout` set the module's target triple and data
// layout first. Bad input gets a diagnostic with its location and exit
// status 1; the output file is written whole or not at all.
//
//===----------------------------------------------------------------------===//

#include "Target/BreakStructPhiNodes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::opt<std::string>
    inputFile(cl::Positional, cl::desc("<input LLVM IR file>"), cl::init("-"));
static cl::opt<std::string> outputFile("o", cl::desc("output file"),
                                       cl::value_desc("filename"),
                                       cl::init("-"));
static cl::opt<bool>
    breakStructPhis("break-struct-phi-nodes",
                    cl::desc("split phis of structs into one phi per field"));
static cl::opt<std::string>
    targetTriple("mtriple", cl::desc("the module's target triple"));
static cl::opt<std::string> dataLayout("data-layout",
                                       cl::desc("the module's data layout"));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "Triton's LLVM IR passes\n");

  LLVMContext context;
  SMDiagnostic error;
  std::unique_ptr<Module> module = parseIRFile(inputFile, error, context);
  if (!module) {
    error.print(argv[0], errs());
    return 1;
  }
  if (!targetTriple.empty())
    module->setTargetTriple(Triple(targetTriple));
  if (!dataLayout.empty()) {
    Expected<DataLayout> layout = DataLayout::parse(dataLayout);
    if (!layout) {
      WithColor::error(errs(), argv[0])
          << "invalid -data-layout '" << dataLayout
          << "': " << toString(layout.takeError()) << "\n";
      return 1;
    }
    module->setDataLayout(*layout);
  }

  if (breakStructPhis)
    for (Function &func : *module)
      if (!func.isDeclaration())
        mlir::triton::breakStructPhiNodes(func);
  if (verifyModule(*module, &errs())) {
    WithColor::error(errs(), argv[0]) << "the module is broken\n";
    return 1;
  }

  std::error_code ec;
  auto out = std::make_unique<ToolOutputFile>(outputFile, ec, sys::fs::OF_Text);
  if (ec) {
    WithColor::error(errs(), argv[0])
        << "cannot write '" << outputFile << "': " << ec.message() << "\n";
    return 1;
  }
  module->print(out->os(), nullptr);
  out->keep();
  return 0;
}
