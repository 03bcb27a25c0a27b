//===- triton-compile.cpp - TTIR to every stage, cached -------------------===//
//
// The driver's front end. It loads neither MLIR nor LLVM's code generator
// (LLVM's Support library is linked in statically), so a cache hit costs a
// hash of the input and a copy of the entry: it checks the options, looks
// the kernel up in the cache and, on a hit, writes the artifacts. On a miss
// (or with --batch, --no-cache, --dump-ir-after-all, or options it does not
// know, such as MLIR's own) it becomes triton-compile-stages, installed
// beside it (execve), with the same command line.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "Target/Cubin.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace triton_compile;
namespace cl = llvm::cl;

static int runStages(int argc, char **argv) {
  std::string stages = compilerPath();
  if (!llvm::sys::fs::can_execute(stages))
    return fail("cannot find '" + stages +
                "', the compiler triton-compile runs on a cache miss");
  // The compiler replaces this process: nothing is left to do here, and a
  // child to wait for would cost a process start and exit more.
  // argv[0] stays the user's: the compiler's usage and messages name
  // triton-compile, and it finds itself through /proc/self/exe.
  std::vector<char *> args = {argv[0]};
  for (int i = 1; i < argc; ++i)
    args.push_back(argv[i]);
  args.push_back(nullptr);
  std::vector<const char *> env = mlir::triton::nvidia::compilerEnvironment();
  llvm::outs().flush();
  llvm::errs().flush();
  execve(stages.c_str(), args.data(), const_cast<char *const *>(env.data()));
  return fail("cannot run '" + stages + "': " + llvm::sys::StrError(errno));
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
