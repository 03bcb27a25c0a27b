//===- triton-compile.cpp - TTIR to every stage, cached -------------------===//
//
// The driver's front end. It loads neither MLIR nor LLVM's code generator
// (LLVM's Support library is linked in statically), so a cache hit costs a
// hash of the input and a copy of the entry: it checks the options, looks
// the kernel up in the cache and, on a hit, writes the artifacts. On a miss
// (or with --batch, --no-cache, --dump-ir-after-all, or options it does not
// know, such as MLIR's own) it runs triton-compile-stages, installed beside it,
// with the same command line.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "Target/Cubin.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace triton_compile;
namespace cl = llvm::cl;

static int runStages(int argc, char **argv) {
  std::string stages = compilerPath();
  if (!llvm::sys::fs::can_execute(stages))
    return fail("cannot find '" + stages +
                "', the compiler triton-compile runs on a cache miss");
  llvm::SmallVector<llvm::StringRef> args = {stages};
  for (int i = 1; i < argc; ++i)
    args.push_back(argv[i]);
  std::vector<llvm::StringRef> env;
  for (const char *entry : mlir::triton::nvidia::compilerEnvironment())
    if (entry)
      env.push_back(entry);
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(stages, args, env, {}, 0, 0, &message);
  if (rc < 0)
    return fail("cannot run '" + stages + "': " + message);
  return rc;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Options this front end does not know (MLIR's timing and pass-manager
  // options, --help-hidden, ...) are the compiler's business.
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg.starts_with("--mlir") || arg.starts_with("-mlir") ||
        arg.starts_with("--help") || arg.starts_with("-help") ||
        arg == "--version" || arg == "-version" || arg.starts_with("--print") ||
        arg.starts_with("-print"))
      return runStages(argc, argv);
  }
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &errorStream))
    return runStages(argc, argv);
  if (!useCache() || !batchOpt.empty())
    return runStages(argc, argv);
  std::optional<Checked> checked = checkOptions();
  if (!checked)
    return 1;
  auto input = llvm::MemoryBuffer::getFileOrSTDIN(inputOpt, /*IsText=*/true);
  if (!input)
    return fail("cannot read '" + inputOpt +
                "': " + input.getError().message());
  if (std::optional<int> served =
          serveFromCache(cacheKey(*checked, (*input)->getBuffer())))
    return *served;
  return runStages(argc, argv);
}
