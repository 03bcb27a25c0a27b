//===- Options.cpp - triton-compile's options and cache key ---------------===//
//
// Shared by triton-compile (the light front end that serves cache hits) and
// triton-compile-stages (the compiler it runs on a miss): the same options,
// the same checks, the same cache key.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "Driver/Cache.h"
#include "Target/Cubin.h"
#include "Target/NVPTXTarget.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

namespace cl = llvm::cl;
namespace driver = mlir::triton::driver;
namespace nvidia = mlir::triton::nvidia;

namespace triton_compile {

cl::OptionCategory category("triton-compile options");
cl::opt<std::string> inputOpt(cl::Positional, cl::desc("<input>"),
                              cl::cat(category));
cl::opt<std::string> batchOpt(
    "batch",
    cl::desc(
        "compile the jobs listed in this file ('-': standard input), one "
        "per line, each written as triton-compile's arguments, in this one "
        "process; options given beside --batch apply to every job"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<std::string>
    archOpt("arch", cl::desc("target: sm_80, sm_90 (or 80, 90, sm_90a)"),
            cl::init("sm_90"), cl::cat(category));
cl::opt<int> numWarpsOpt("num-warps", cl::desc("warps per CTA"), cl::init(4),
                         cl::cat(category));
cl::opt<int> numStagesOpt("num-stages", cl::desc("software pipelining stages"),
                          cl::init(3), cl::cat(category));
cl::opt<int> numCTAsOpt("num-ctas", cl::desc("CTAs per cluster"), cl::init(1),
                        cl::cat(category));
cl::opt<int>
    ptxVersionOpt("ptx-version",
                  cl::desc("PTX version times 10 (default: from ptxas)"),
                  cl::init(0), cl::cat(category));
cl::opt<std::string> outputOpt("o", cl::desc("output directory"), cl::init("."),
                               cl::cat(category));
cl::opt<bool> noCacheOpt("no-cache",
                         cl::desc("neither read nor fill "
                                  "the cache"),
                         cl::cat(category));
cl::opt<std::string>
    cacheDirOpt("cache-dir",
                cl::desc("cache directory (default: $TRITON_CACHE_DIR, "
                         "else ~/.cache/triton-mlir)"),
                cl::cat(category));
cl::opt<bool> timingOpt("timing",
                        cl::desc("print the time of every stage "
                                 "and pass"),
                        cl::cat(category));
cl::opt<bool> verifyEachOpt(
    "verify-each",
    cl::desc("verify the IR after every pass (default: after every stage)"),
    cl::cat(category));
cl::opt<std::string>
    dumpDirOpt("dump-ir-after-all",
               cl::desc("write the IR after every pass into this directory"),
               cl::cat(category));
cl::opt<std::string>
    reproducerOpt("reproducer",
                  cl::desc("where a failing pass pipeline leaves its "
                           "reproducer (default: <output>/<input>.repro.mlir)"),
                  cl::cat(category));
cl::opt<bool>
    launcherOpt("emit-c-launcher",
                cl::desc("also write <name>.h and <name>.c: the CUBIN with "
                         "load, unload and launch functions in C"),
                cl::cat(category));
cl::opt<bool> verboseOpt("v", cl::desc("say whether the cache hit"),
                         cl::cat(category));
cl::opt<std::string> firstStageOpt(
    "first-stage",
    cl::desc("the first stage to run: make_ttir or make_ttgir (the input is "
             "TTIR), make_llir (TTGIR), make_ptx (LLVM IR); default: from "
             "the input's extension (.ttir/.source/.mlir: make_ttir, .ttgir: "
             "make_llir, .llir/.ll: make_ptx)"),
    cl::cat(category));
cl::opt<int> maxnregOpt("maxnreg",
                        cl::desc("the most 32-bit registers a thread may use "
                                 "(the kernel's .maxnreg; 0: no limit)"),
                        cl::init(0), cl::cat(category));
cl::opt<bool> fpFusionOpt(
    "enable-fp-fusion",
    cl::desc("contract multiplies and adds into FMAs (false: neither LLVM "
             "nor ptxas fuses them, --fmad=false)"),
    cl::init(true), cl::cat(category));
cl::opt<bool> reflectFtzOpt(
    "enable-reflect-ftz",
    cl::desc("libdevice flushes denormals (the nvvm-reflect-ftz flag)"),
    cl::init(true), cl::cat(category));
cl::opt<bool> optimizeEpilogueOpt(
    "optimize-epilogue",
    cl::desc("store matmul epilogues in layouts warp shuffles reach "
             "(tritongpu-optimize-epilogue; false: upstream's make_ttgir)"),
    cl::init(true), cl::cat(category));
cl::opt<bool> lineInfoOpt(
    "line-info",
    cl::desc("source lines in the PTX (.loc/.file) and the CUBIN's line "
             "tables (false: neither, as TRITON_DISABLE_LINE_INFO=1 makes "
             "upstream's)"),
    cl::init(true), cl::cat(category));
cl::opt<std::string>
    libdeviceOpt("libdevice",
                 cl::desc("libdevice bitcode to link (default: the CUDA "
                          "toolkit's)"),
                 cl::cat(category));
cl::opt<std::string> ptxasOptionsOpt(
    "ptxas-options",
    cl::desc("more ptxas options, separated by spaces (Triton's ptx_options)"),
    cl::cat(category));

/// The job of a --batch being run ("FILE:LINE"), which errors name first.
static std::string jobContext;

void setJobContext(llvm::StringRef context) { jobContext = context.str(); }

int fail(const llvm::Twine &message) {
  llvm::raw_ostream &os = llvm::WithColor::error(llvm::errs(), kTool);
  if (!jobContext.empty())
    os << jobContext << ": ";
  os << message << "\n";
  return 1;
}

std::optional<Stage> stageOf(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  if (ext == ".ttir" || ext == ".source" || ext == ".mlir")
    return Stage::TTIR;
  if (ext == ".ttgir")
    return Stage::TTGIR;
  if (ext == ".llir" || ext == ".ll")
    return Stage::LLIR;
  return std::nullopt;
}

std::optional<Checked> checkOptions() {
  if (inputOpt.empty()) {
    fail("no input file (a .ttir, .ttgir or .llir)");
    return std::nullopt;
  }
  bool runMakeTTIR = true;
  std::optional<Stage> stage;
  if (firstStageOpt.getNumOccurrences()) {
    stage = llvm::StringSwitch<std::optional<Stage>>(firstStageOpt)
                .Case("make_ttir", Stage::TTIR)
                .Case("make_ttgir", Stage::TTIR)
                .Case("make_llir", Stage::TTGIR)
                .Case("make_ptx", Stage::LLIR)
                .Default(std::nullopt);
    if (!stage) {
      fail("--first-stage=" + firstStageOpt +
           ": expected make_ttir, make_ttgir, make_llir or make_ptx");
      return std::nullopt;
    }
    runMakeTTIR = firstStageOpt != "make_ttgir";
  } else {
    stage = stageOf(inputOpt);
    if (!stage) {
      fail("cannot tell the stage of '" + inputOpt +
           "': expected a .ttir, .ttgir or .llir file (or --first-stage)");
      return std::nullopt;
    }
  }
  llvm::Expected<int> capability = nvidia::parseComputeCapability(archOpt);
  if (!capability) {
    fail(llvm::toString(capability.takeError()));
    return std::nullopt;
  }
  if (numWarpsOpt < 1 || !llvm::isPowerOf2_32(numWarpsOpt)) {
    fail("--num-warps=" + llvm::Twine(numWarpsOpt.getValue()) +
         ": expected a power of two");
    return std::nullopt;
  }
  if (numCTAsOpt < 1 || (numCTAsOpt > 1 && *capability < 90)) {
    fail("--num-ctas=" + llvm::Twine(numCTAsOpt.getValue()) +
         ": expected 1, or more on sm_90 and newer");
    return std::nullopt;
  }
  if (numStagesOpt < 1) {
    fail("--num-stages=" + llvm::Twine(numStagesOpt.getValue()) +
         ": expected at least 1");
    return std::nullopt;
  }
  // ptxas takes 24 to 255 registers a thread.
  if (maxnregOpt != 0 && (maxnregOpt < 24 || maxnregOpt > 255)) {
    fail("--maxnreg=" + llvm::Twine(maxnregOpt.getValue()) +
         ": expected 24 to 255 registers (or 0: no limit)");
    return std::nullopt;
  }
  if (!libdeviceOpt.empty() && !llvm::sys::fs::exists(libdeviceOpt)) {
    fail("--libdevice=" + libdeviceOpt + ": no such file");
    return std::nullopt;
  }
  return Checked{*stage, *capability, runMakeTTIR};
}

/// The stat of a file as "path size mtime" (just the path if it cannot be
/// read): a cheap stand-in for its contents.
static std::string fileIdentity(const std::string &path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status))
    return path;
  return path + " " + std::to_string(status.getSize()) + " " +
         std::to_string(
             status.getLastModificationTime().time_since_epoch().count());
}

/// The ptxas the compile would use: its path, size and modification time
/// (cheaper than running it for its version).
std::string ptxasIdentity(int capability) {
  llvm::Expected<std::string> ptxas = nvidia::findPtxas(capability);
  if (!ptxas) {
    llvm::consumeError(ptxas.takeError());
    return "no ptxas";
  }
  return fileIdentity(*ptxas);
}

std::string compilerPath() {
  // Both tools live in one directory; /proc/self/exe names this one.
  std::string self = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&compilerPath));
  llvm::SmallString<256> path(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(path, "triton-compile-stages");
  return std::string(path);
}

std::string cacheKey(const Checked &checked, llvm::StringRef input) {
  std::string options =
      "arch=" + std::to_string(checked.capability) +
      " num-warps=" + std::to_string(numWarpsOpt) +
      " num-stages=" + std::to_string(numStagesOpt) +
      " num-ctas=" + std::to_string(numCTAsOpt) +
      " ptx-version=" + std::to_string(ptxVersionOpt) +
      " launcher=" + std::to_string(launcherOpt.getValue()) +
      " stage=" + std::to_string((int)checked.stage) +
      " make-ttir=" + std::to_string(checked.runMakeTTIR) +
      " maxnreg=" + std::to_string(maxnregOpt) +
      " fp-fusion=" + std::to_string(fpFusionOpt) +
      " reflect-ftz=" + std::to_string(reflectFtzOpt) +
      " optimize-epilogue=" + std::to_string(optimizeEpilogueOpt) +
      " line-info=" + std::to_string(lineInfoOpt) +
      " ptxas-options=" + ptxasOptionsOpt;
  // The libdevice linked is named by its identity, as ptxas is.
  if (!libdeviceOpt.empty())
    options += " libdevice=" + fileIdentity(libdeviceOpt);
  // The compiler's own identity too: a rebuilt compiler (a pass changed)
  // misses entries of the old one, as upstream's key hashes its own code.
  return driver::hashParts(
      {"triton-compile " TRITON_MLIR_VERSION, fileIdentity(compilerPath()),
       "LLVM " LLVM_VERSION_STRING, ptxasIdentity(checked.capability), options,
       input.str()});
}

bool useCache() { return !noCacheOpt && dumpDirOpt.empty(); }

std::string cacheDir() {
  return cacheDirOpt.empty() ? driver::defaultCacheDir()
                             : cacheDirOpt.getValue();
}

int writeOutputs(
    const std::vector<std::pair<std::string, std::string>> &files) {
  if (std::error_code ec = llvm::sys::fs::create_directories(outputOpt))
    return fail("cannot create '" + outputOpt + "': " + ec.message());
  for (const auto &[name, contents] : files) {
    llvm::SmallString<256> path(outputOpt);
    llvm::sys::path::append(path, name);
    if (llvm::Error e = driver::writeFileAtomically(path, contents))
      return fail(llvm::toString(std::move(e)));
  }
  return 0;
}

std::optional<int> serveFromCache(const std::string &key) {
  driver::Cache cache(cacheDir());
  std::string damaged;
  std::optional<std::string> entry = cache.lookup(key, &damaged);
  if (!damaged.empty())
    llvm::WithColor::warning(llvm::errs(), kTool)
        << "cache entry " << key << " was damaged (" << damaged
        << "); compiling again\n";
  if (!entry)
    return std::nullopt;
  if (verboseOpt)
    llvm::errs() << kTool << ": cache hit " << *entry << "\n";
  std::vector<std::pair<std::string, std::string>> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(*entry, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name == "manifest.json")
      continue;
    auto data = llvm::MemoryBuffer::getFile(it->path(), /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!data)
      return fail("cannot read the cache entry '" + it->path() + "'");
    files.push_back({name.str(), (*data)->getBuffer().str()});
  }
  if (ec)
    return fail("cannot read the cache entry '" + *entry +
                "': " + ec.message());
  return writeOutputs(files);
}

} // namespace triton_compile
