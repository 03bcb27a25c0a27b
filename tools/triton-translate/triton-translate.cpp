//===- triton-translate.cpp - LLVM dialect -> LLVM IR -> PTX -> CUBIN -----===//
//
// The back-end stages of upstream Triton's NVIDIA compiler as one tool, one
// stage per run so that each can be looked at and the three can be piped:
//
//   triton-translate --mlir-to-llvmir kernel.mlir |
//     triton-translate --llvmir-to-ptx --arch=sm_90 |
//     triton-translate --ptx-to-cubin --arch=sm_90 -o kernel.cubin
//
// `--mlir-to-llvmir` is mlir-translate's translation; given `--arch` it also
// runs make_llir's tail (data layout, nvvm-reflect-ftz, libdevice, O3), which
// gives upstream's `.llir`. `--llvmir-to-ptx` runs that tail too, unless the
// module already went through it (or `--optimize=false`), then make_ptx;
// `--ptx-to-cubin` is make_cubin.
//
//===----------------------------------------------------------------------===//

#include "InitAll.h"
#include "Target/Cubin.h"
#include "Target/LLVMIR.h"
#include "Target/NVPTXTarget.h"
#include "Target/PTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

using namespace mlir;
namespace nvidia = mlir::triton::nvidia;
namespace cl = llvm::cl;

namespace {
enum class Mode { MLIRToLLVMIR, LLVMIRToPTX, PTXToCubin };
enum class InputFormat { Auto, LLVM, MLIR };
} // namespace

static cl::OptionCategory toolCategory("triton-translate options");

static cl::opt<Mode> mode(
    cl::desc("Stage (one of):"), cl::ZeroOrMore, cl::cat(toolCategory),
    cl::values(
        clEnumValN(Mode::MLIRToLLVMIR, "mlir-to-llvmir",
                   "MLIR (llvm + nvvm dialects) -> LLVM IR; with --arch also "
                   "make_llir's tail (upstream's .llir)"),
        clEnumValN(Mode::LLVMIRToPTX, "llvmir-to-ptx",
                   "LLVM IR (.ll, .bc or MLIR llvm dialect) -> PTX, as "
                   "make_llir's tail + make_ptx"),
        clEnumValN(Mode::PTXToCubin, "ptx-to-cubin",
                   "PTX -> CUBIN through ptxas, as make_cubin")));

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::init("-"), cl::cat(toolCategory));
static cl::opt<std::string> outputFilename("o",
                                           cl::desc("Output file (default: "
                                                    "stdout), written "
                                                    "atomically"),
                                           cl::value_desc("filename"),
                                           cl::init("-"),
                                           cl::cat(toolCategory));
static cl::opt<std::string>
    archOpt("arch",
            cl::desc("GPU architecture: sm_90, sm_90a, 90 or cuda:90 "
                     "(the 'a' variant is used from sm_90 on)"),
            cl::value_desc("arch"), cl::cat(toolCategory));
static cl::opt<int>
    ptxVersionOpt("ptx-version",
                  cl::desc("PTX ISA version times ten, e.g. 87 (default: "
                           "the highest the ptxas found supports)"),
                  cl::value_desc("N"), cl::init(0), cl::cat(toolCategory));
static cl::opt<bool> optimizeOpt(
    "optimize",
    cl::desc("Run make_llir's tail: NVPTX data layout, nvvm-reflect-ftz, "
             "libdevice, O3 (default: for --mlir-to-llvmir when --arch is "
             "given; for --llvmir-to-ptx unless the module already went "
             "through it: it has a data layout and no libdevice "
             "declarations, as upstream's .llir)"),
    cl::cat(toolCategory));
static cl::opt<std::string>
    libdeviceOpt("libdevice",
                 cl::desc("libdevice bitcode (default: $TRITON_LIBDEVICE_PATH, "
                          "then /usr/local/cuda/nvvm/libdevice/"
                          "libdevice.10.bc)"),
                 cl::value_desc("path"), cl::cat(toolCategory));
static cl::opt<bool>
    fpFusionOpt("enable-fp-fusion",
                cl::desc("Fuse multiplies and adds (off: also --fmad=false "
                         "for ptxas)"),
                cl::init(true), cl::cat(toolCategory));
static cl::opt<bool>
    reflectFtzOpt("enable-reflect-ftz",
                  cl::desc("Add the nvvm-reflect-ftz module flag, so that "
                           "libdevice flushes denormals to zero"),
                  cl::init(true), cl::cat(toolCategory));
static cl::opt<InputFormat> inputFormatOpt(
    "input-format", cl::desc("Input of --llvmir-to-ptx"),
    cl::init(InputFormat::Auto), cl::cat(toolCategory),
    cl::values(clEnumValN(InputFormat::Auto, "auto",
                          "bitcode, LLVM IR text or MLIR, from the content"),
               clEnumValN(InputFormat::LLVM, "llvm", "LLVM IR or bitcode"),
               clEnumValN(InputFormat::MLIR, "mlir",
                          "MLIR in the llvm and nvvm dialects")));
static cl::opt<int>
    ptxasOptLevelOpt("opt-level",
                     cl::desc("ptxas optimization level (--opt-level N)"),
                     cl::value_desc("N"), cl::init(-1), cl::cat(toolCategory));
static cl::opt<std::string> ptxasOptionsOpt(
    "ptxas-options",
    cl::desc("Extra ptxas options, separated by spaces (as PTXAS_OPTIONS)"),
    cl::value_desc("options"), cl::cat(toolCategory));
static cl::opt<bool> disableLineInfoOpt(
    "disable-line-info",
    cl::desc("Pass -suppress-debug-info to ptxas besides -lineinfo"),
    cl::init(false), cl::cat(toolCategory));
static cl::opt<bool>
    verboseOpt("verbose",
               cl::desc("Print what ptxas -v reports (registers, spills)"),
               cl::init(false), cl::cat(toolCategory));

static constexpr llvm::StringLiteral kToolName = "triton-translate";

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), kToolName) << message << "\n";
  return EXIT_FAILURE;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// LLVM's own fatal errors (a back-end selection failure, say) end the run
/// with a diagnostic and exit code 1 rather than an abort.
static void handleFatalError(void *, const char *reason, bool) {
  llvm::WithColor::error(llvm::errs(), kToolName) << "LLVM: " << reason << "\n";
  llvm::sys::RunInterruptHandlers();
  std::_Exit(EXIT_FAILURE);
}

static llvm::StringRef inputName() {
  return inputFilename == "-" ? llvm::StringRef("<stdin>")
                              : llvm::StringRef(inputFilename);
}

static llvm::Error writeOutput(llvm::StringRef bytes) {
  return llvm::writeToOutput(outputFilename, [&](llvm::raw_ostream &os) {
    os << bytes;
    return llvm::Error::success();
  });
}

/// Whether text is MLIR rather than LLVM IR, from its first token.
static bool looksLikeMLIR(llvm::StringRef text) {
  while (true) {
    text = text.ltrim();
    if (text.starts_with("//"))
      return true;
    if (!text.starts_with(";"))
      break;
    text = text.drop_until([](char c) { return c == '\n'; });
  }
  if (text.starts_with("module")) {
    llvm::StringRef rest = text.drop_front(6);
    return !rest.ltrim().starts_with("asm") &&
           (rest.empty() || !llvm::isAlnum(rest.front()));
  }
  return text.starts_with("builtin.module") ||
         text.starts_with("\"builtin.module\"") || text.starts_with("#") ||
         text.starts_with("llvm.") || text.starts_with("{-#");
}

/// Parses MLIR and translates it; diagnostics point into the input.
static std::unique_ptr<llvm::Module>
translateMLIR(std::unique_ptr<llvm::MemoryBuffer> buffer,
              llvm::LLVMContext &llvmContext) {
  DialectRegistry registry;
  triton::registerTritonDialects(registry);
  triton::registerTritonTranslations(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return nullptr;
  return nvidia::translateToLLVMIR(*module, llvmContext);
}

/// Parses LLVM IR text or bitcode, or MLIR (auto-detected or as told), and
/// checks that the module is well formed.
static std::unique_ptr<llvm::Module>
readLLVMModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
               llvm::LLVMContext &llvmContext) {
  llvm::StringRef bytes = buffer->getBuffer();
  bool isMLIR = inputFormatOpt == InputFormat::MLIR ||
                (inputFormatOpt == InputFormat::Auto &&
                 !llvm::isBitcode(bytes.bytes_begin(), bytes.bytes_end()) &&
                 looksLikeMLIR(bytes));
  std::unique_ptr<llvm::Module> module;
  if (isMLIR) {
    module = translateMLIR(std::move(buffer), llvmContext);
    if (!module)
      return nullptr;
  } else {
    llvm::SMDiagnostic error;
    module = llvm::parseIR(buffer->getMemBufferRef(), error, llvmContext);
    if (!module) {
      error.print(kToolName.data(), llvm::errs());
      return nullptr;
    }
  }
  std::string reason;
  llvm::raw_string_ostream os(reason);
  if (llvm::verifyModule(*module, &os)) {
    fail(inputName() +
         ": invalid LLVM module: " + llvm::StringRef(reason).trim());
    return nullptr;
  }
  return module;
}

/// The back-end options from the command line; the PTX version comes from
/// ptxas when not given.
static llvm::Expected<nvidia::NVPTXOptions> getNVPTXOptions() {
  nvidia::NVPTXOptions options;
  llvm::Expected<int> capability = nvidia::parseComputeCapability(archOpt);
  if (!capability)
    return capability.takeError();
  options.capability = *capability;
  if (llvm::Error error = nvidia::verifyNVPTXProcessor(options.capability))
    return std::move(error);
  if (ptxVersionOpt.getNumOccurrences()) {
    if (ptxVersionOpt < 10)
      return llvm::createStringError(
          "invalid --ptx-version=%d: expected the version times ten, e.g. 87",
          ptxVersionOpt.getValue());
    options.ptxVersion = ptxVersionOpt;
  } else {
    llvm::Expected<int> version =
        nvidia::getDefaultPTXVersion(options.capability);
    if (!version)
      return llvm::createStringError(
          "cannot choose a PTX version (pass --ptx-version=N): " +
          llvm::toString(version.takeError()));
    options.ptxVersion = *version;
  }
  options.enableFPFusion = fpFusionOpt;
  options.enableReflectFtz = reflectFtzOpt;
  options.libdevicePath = libdeviceOpt;
  return options;
}

static int runMLIRToLLVMIR(std::unique_ptr<llvm::MemoryBuffer> input) {
  bool optimize = optimizeOpt.getNumOccurrences()
                      ? optimizeOpt.getValue()
                      : archOpt.getNumOccurrences() > 0;
  std::optional<nvidia::NVPTXOptions> options;
  if (optimize) {
    if (!archOpt.getNumOccurrences())
      return fail("--optimize needs --arch (e.g. --arch=sm_90)");
    llvm::Expected<nvidia::NVPTXOptions> parsed = getNVPTXOptions();
    if (!parsed)
      return fail(parsed.takeError());
    options = *parsed;
  }
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module =
      translateMLIR(std::move(input), llvmContext);
  if (!module)
    return EXIT_FAILURE;
  if (options)
    if (llvm::Error error = nvidia::optimizeLLVMIR(*module, *options))
      return fail(std::move(error));
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, nullptr);
  if (llvm::Error error = writeOutput(text))
    return fail(std::move(error));
  return EXIT_SUCCESS;
}

static int runLLVMIRToPTX(std::unique_ptr<llvm::MemoryBuffer> input) {
  if (!archOpt.getNumOccurrences())
    return fail("--llvmir-to-ptx needs --arch (e.g. --arch=sm_90)");
  llvm::Expected<nvidia::NVPTXOptions> options = getNVPTXOptions();
  if (!options)
    return fail(options.takeError());
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module =
      readLLVMModule(std::move(input), llvmContext);
  if (!module)
    return EXIT_FAILURE;
  bool optimize = optimizeOpt.getNumOccurrences()
                      ? optimizeOpt.getValue()
                      : module->getDataLayoutStr().empty() ||
                            nvidia::hasLibdeviceDeclarations(*module);
  if (optimize)
    if (llvm::Error error = nvidia::optimizeLLVMIR(*module, *options))
      return fail(std::move(error));
  llvm::Expected<std::string> ptx = nvidia::translateToPTX(*module, *options);
  if (!ptx)
    return fail(ptx.takeError());
  if (llvm::Error error = writeOutput(*ptx))
    return fail(std::move(error));
  return EXIT_SUCCESS;
}

static int runPTXToCubin(std::unique_ptr<llvm::MemoryBuffer> input) {
  if (!archOpt.getNumOccurrences())
    return fail("--ptx-to-cubin needs --arch (e.g. --arch=sm_90)");
  llvm::Expected<int> capability = nvidia::parseComputeCapability(archOpt);
  if (!capability)
    return fail(capability.takeError());
  if (ptxasOptLevelOpt.getNumOccurrences() &&
      (ptxasOptLevelOpt < 0 || ptxasOptLevelOpt > 4))
    return fail("invalid --opt-level=" + llvm::Twine(ptxasOptLevelOpt) +
                ": ptxas takes 0 to 4");
  llvm::Expected<std::string> ptxas = nvidia::findPtxas(*capability);
  if (!ptxas)
    return fail(ptxas.takeError());

  nvidia::PtxasOptions options;
  options.capability = *capability;
  options.suppressDebugInfo = disableLineInfoOpt;
  options.enableFPFusion = fpFusionOpt;
  if (ptxasOptLevelOpt.getNumOccurrences())
    options.optLevel = ptxasOptLevelOpt;
  llvm::SmallVector<llvm::StringRef> extra;
  llvm::SplitString(ptxasOptionsOpt, extra);
  for (llvm::StringRef option : extra)
    options.extraOptions.push_back(option.str());

  llvm::Expected<nvidia::Cubin> cubin =
      nvidia::compileToCubin(input->getBuffer(), *ptxas, options, inputName());
  if (!cubin)
    return fail(cubin.takeError());
  if (verboseOpt)
    llvm::errs() << cubin->log;
  if (llvm::Error error = writeOutput(cubin->binary))
    return fail(std::move(error));
  return EXIT_SUCCESS;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::install_fatal_error_handler(handleFatalError);
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "triton-translate (Triton MLIR toolchain) " TRITON_MLIR_VERSION "\n";
  });
  cl::HideUnrelatedOptions(toolCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Triton back end: MLIR LLVM dialect -> LLVM IR -> PTX -> CUBIN\n");

  if (mode.getNumOccurrences() != 1)
    return fail(mode.getNumOccurrences() ? "give one stage at a time"
                                         : "give a stage: --mlir-to-llvmir, "
                                           "--llvmir-to-ptx or --ptx-to-cubin");
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input)
    return fail(error);
  switch (mode) {
  case Mode::MLIRToLLVMIR:
    return runMLIRToLLVMIR(std::move(input));
  case Mode::LLVMIRToPTX:
    return runLLVMIRToPTX(std::move(input));
  case Mode::PTXToCubin:
    return runPTXToCubin(std::move(input));
  }
  llvm_unreachable("unknown mode");
}
