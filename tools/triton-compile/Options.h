//===- Options.h - triton-compile's options and cache key ------*- C++ -*-===//
//
// Shared by triton-compile (the light front end that serves cache hits) and
// triton-compile-stages (the compiler it runs on a miss).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TOOLS_TRITON_COMPILE_OPTIONS_H
#define TRITON_TOOLS_TRITON_COMPILE_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triton_compile {

inline constexpr llvm::StringLiteral kTool = "triton-compile";
inline constexpr llvm::StringLiteral kOverview =
    "triton-compile: a Triton kernel's TTIR (.ttir), TTGIR (.ttgir) or LLVM "
    "IR (.llir) to TTIR, TTGIR, LLVM IR, PTX, CUBIN and metadata JSON, "
    "cached\n";

extern llvm::cl::OptionCategory category;
extern llvm::cl::opt<std::string> inputOpt;
extern llvm::cl::opt<std::string> batchOpt;
extern llvm::cl::opt<std::string> archOpt;
extern llvm::cl::opt<int> numWarpsOpt;
extern llvm::cl::opt<int> numStagesOpt;
extern llvm::cl::opt<int> numCTAsOpt;
extern llvm::cl::opt<int> ptxVersionOpt;
extern llvm::cl::opt<std::string> outputOpt;
extern llvm::cl::opt<bool> noCacheOpt;
extern llvm::cl::opt<std::string> cacheDirOpt;
extern llvm::cl::opt<bool> timingOpt;
extern llvm::cl::opt<bool> verifyEachOpt;
extern llvm::cl::opt<std::string> dumpDirOpt;
extern llvm::cl::opt<std::string> reproducerOpt;
extern llvm::cl::opt<bool> launcherOpt;
extern llvm::cl::opt<bool> verboseOpt;
extern llvm::cl::opt<std::string> firstStageOpt;
extern llvm::cl::opt<int> maxnregOpt;
extern llvm::cl::opt<bool> fpFusionOpt;
extern llvm::cl::opt<bool> reflectFtzOpt;
extern llvm::cl::opt<bool> optimizeEpilogueOpt;
extern llvm::cl::opt<bool> lineInfoOpt;
extern llvm::cl::opt<std::string> libdeviceOpt;
extern llvm::cl::opt<std::string> ptxasOptionsOpt;

/// Prints `triton-compile: error: message` (`error: FILE:LINE: message`
/// while a --batch job runs); returns 1.
int fail(const llvm::Twine &message);

/// Names the --batch job being run in errors; empty: none.
void setJobContext(llvm::StringRef context);

enum class Stage { TTIR, TTGIR, LLIR };
std::optional<Stage> stageOf(llvm::StringRef path);

struct Checked {
  /// What the input is.
  Stage stage;
  int capability;
  /// For a TTIR input: whether make_ttir runs (--first-stage=make_ttgir:
  /// the input is make_ttir's output already).
  bool runMakeTTIR = true;
};
/// Checks the options (not the input's contents); reports and returns
/// nullopt on bad ones.
std::optional<Checked> checkOptions();

/// Everything that decides the artifacts: the input, the options, the
/// versions of this toolchain and of LLVM, and the ptxas found.
std::string cacheKey(const Checked &checked, llvm::StringRef input);

bool useCache();
std::string cacheDir();

/// The ptxas a capability uses, as its path, size and modification time.
std::string ptxasIdentity(int capability);

/// The compiler (triton-compile-stages) beside this executable, whose path,
/// size and modification time the cache key covers.
std::string compilerPath();

/// Writes the artifacts into the output directory, atomically.
int writeOutputs(const std::vector<std::pair<std::string, std::string>> &files);

/// Copies an intact cache entry for `key` to the output directory: its exit
/// code, or nullopt on a miss.
std::optional<int> serveFromCache(const std::string &key);

} // namespace triton_compile

#endif // TRITON_TOOLS_TRITON_COMPILE_OPTIONS_H
