//===- Toolkit.cpp - finding the CUDA toolkit, naming GPU architectures ---===//
//
// The parts of the target library that need LLVM's Support library only, so
// that triton-compile's light front end (which serves cache hits without
// loading MLIR and LLVM's code generator) shares them.
//
//===----------------------------------------------------------------------===//

#include "Target/Cubin.h"
#include "Target/NVPTXTarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

extern char **environ;

using namespace llvm;

namespace mlir::triton::nvidia {

/// glibc's malloc settings for the compilers: transparent huge pages for the
/// heap, which grows 64 MiB at a time and is never trimmed, and blocks up to
/// 32 MiB taken from the heap rather than from mmap. Both ptxas and the
/// stages spend a good part of a small kernel's compile faulting in fresh
/// heap pages, 4 KiB at a time otherwise.
static constexpr const char kMallocTunables[] =
    "GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:"
    "glibc.malloc.trim_threshold=268435456:glibc.malloc.mmap_threshold="
    "33554432";

std::vector<const char *> compilerEnvironment() {
  std::vector<const char *> envp;
  bool userTunables = false;
  for (char **entry = environ; *entry; ++entry) {
    userTunables |= StringRef(*entry).starts_with("GLIBC_TUNABLES=");
    envp.push_back(*entry);
  }
  if (!userTunables)
    envp.push_back(kMallocTunables);
  envp.push_back(nullptr);
  return envp;
}

Expected<int> parseComputeCapability(StringRef arch) {
  StringRef rest = arch.trim();
  if (!rest.consume_front("sm_") && !rest.consume_front("cuda:"))
    rest.consume_front("sm");
  bool archSpecific = rest.consume_back("a");
  int capability = 0;
  if (rest.empty() || !llvm::all_of(rest, isDigit) ||
      rest.getAsInteger(10, capability) || capability < 10)
    return createStringError(
        "invalid GPU architecture '%s': expected sm_NN, sm_NNa, NN or "
        "cuda:NN (e.g. sm_90)",
        arch.str().c_str());
  if (archSpecific && capability < 90)
    return createStringError(
        "invalid GPU architecture '%s': architecture-specific 'a' variants "
        "start at sm_90",
        arch.str().c_str());
  return capability;
}

static constexpr StringLiteral kCUDAPtxas = "/usr/local/cuda/bin/ptxas";

static Expected<std::string> checkExecutable(StringRef path,
                                             StringRef variable) {
  if (sys::fs::can_execute(path) && !sys::fs::is_directory(path))
    return path.str();
  return createStringError("%s=%s is not an executable ptxas",
                           variable.str().c_str(), path.str().c_str());
}

Expected<std::string> findPtxas(int capability) {
  if (capability >= 100)
    if (std::optional<std::string> path =
            sys::Process::GetEnv("TRITON_PTXAS_BLACKWELL_PATH"))
      return checkExecutable(*path, "TRITON_PTXAS_BLACKWELL_PATH");
  if (std::optional<std::string> path =
          sys::Process::GetEnv("TRITON_PTXAS_PATH"))
    return checkExecutable(*path, "TRITON_PTXAS_PATH");
  if (sys::fs::can_execute(kCUDAPtxas))
    return kCUDAPtxas.str();
  if (ErrorOr<std::string> path = sys::findProgramByName("ptxas"))
    return *path;
  return createStringError(
      "ptxas not found: set TRITON_PTXAS_PATH, install the CUDA toolkit in "
      "/usr/local/cuda, or put ptxas on PATH");
}

} // namespace mlir::triton::nvidia
