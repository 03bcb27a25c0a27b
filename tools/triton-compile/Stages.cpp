//===- Stages.cpp - triton-compile-stages: TTIR to every stage ------------===//
//
// The compiler behind triton-compile, which runs it on a cache miss (and
// which takes the same command line): one kernel's TTIR (or TTGIR, or LLVM
// IR) through make_ttir,
// make_ttgir, make_llir, make_ptx and make_cubin, as upstream Triton's
// compile() does, writing <name>.ttir/.ttgir/.llir/.ptx/.cubin/.json into the
// output directory. Compiles are cached by a hash of the input, the options
// and the versions of this toolchain, LLVM and ptxas.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Options.h"

#include "Driver/CLauncher.h"
#include "Driver/Cache.h"
#include "InitAll.h"
#include "Pipelines/MakeLLIR.h"
#include "Pipelines/MakeTTGIR.h"
#include "Pipelines/Pipelines.h"
#include "Target/Cubin.h"
#include "Target/LLVMIR.h"
#include "Target/NVPTXTarget.h"
#include "Target/PTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <sys/mman.h>
#include <thread>

using namespace mlir;
namespace cl = llvm::cl;
namespace driver = mlir::triton::driver;
namespace nvidia = mlir::triton::nvidia;

using namespace triton_compile;

/// Records the pass that failed, to name it in the error.
struct FailureRecorder : public PassInstrumentation {
  std::string *failed;
  explicit FailureRecorder(std::string *failed) : failed(failed) {}
  void runAfterPassFailed(Pass *pass, Operation *) override {
    if (failed->empty())
      *failed = pass->getArgument().empty() ? pass->getName().str()
                                            : pass->getArgument().str();
  }
};

/// Upstream's signature spelling of a kernel parameter's C type.
static std::string signatureOf(const driver::KernelParam &p, Type type) {
  // Upstream's spelling: tensordesc<fp16[64, 32]>.
  if (auto desc = dyn_cast<triton::TensorDescType>(type)) {
    RankedTensorType block = desc.getBlockType();
    std::string elt =
        signatureOf(p, triton::PointerType::get(block.getElementType(), 1))
            .substr(1);
    std::string shape;
    for (int64_t d : block.getShape())
      shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    return "tensordesc<" + elt + "[" + shape + "]>";
  }
  if (auto ptr = dyn_cast<triton::PointerType>(type)) {
    Type elt = ptr.getPointeeType();
    if (elt.isF16())
      return "*fp16";
    if (elt.isBF16())
      return "*bf16";
    if (elt.isF32())
      return "*fp32";
    if (elt.isF64())
      return "*fp64";
    if (auto i = dyn_cast<IntegerType>(elt))
      return "*i" + std::to_string(i.getWidth());
    return "*i8";
  }
  if (type.isF16())
    return "fp16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "fp32";
  if (type.isF64())
    return "fp64";
  if (auto i = dyn_cast<IntegerType>(type))
    return "i" + std::to_string(i.getWidth());
  return p.cType;
}

/// Upstream's `tensordesc_meta`: for each descriptor the kernel takes (a
/// CUtensorMap the launcher encodes), the tensor map's swizzle, element
/// size and type, box (outermost first) and fp4 padding.
static llvm::Expected<llvm::json::Array> tensorDescMeta(ModuleOp module) {
  llvm::json::Array entries;
  for (auto func : module.getOps<triton::FuncOp>()) {
    if (!func.isPublic())
      continue;
    for (BlockArgument arg : func.getArguments()) {
      auto desc = dyn_cast<triton::TensorDescType>(arg.getType());
      if (!desc)
        continue;
      RankedTensorType block = desc.getBlockType();
      FailureOr<triton::gpu::NVMMASharedEncodingAttr> enc =
          triton::nvidia_gpu::tmaEncoding(desc);
      std::optional<int> elemType =
          triton::nvidia_gpu::tmaElementType(block.getElementType());
      if (failed(enc) || !elemType) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "kernel parameter " << arg.getArgNumber() << " is a descriptor "
           << "of " << block << ", which a TMA tensor map cannot describe";
        return llvm::createStringError(text);
      }
      llvm::json::Array box;
      for (int64_t d :
           triton::nvidia_gpu::tmaBlockShape(block.getShape(), *enc))
        box.push_back(d);
      entries.push_back(llvm::json::Object{
          {"swizzle", triton::nvidia_gpu::tmaSwizzleMode(*enc)},
          {"elem_size",
           std::max<int64_t>(1, block.getElementTypeBitWidth() / 8)},
          {"elem_type", *elemType},
          {"block_size", std::move(box)},
          {"fp4_padded", enc->getFp4Padded()}});
    }
  }
  return entries;
}

static int64_t intAttr(Operation *op, llvm::StringRef name, int64_t dflt) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return dflt;
}

namespace {
/// The artifacts of a compile, in the order they are made, and their way
/// to the cache entry (with the cache on) and the output directory: stage()
/// writes the files made so far under temporary names, which can be done
/// while ptxas works; publish() writes the rest and puts it all in place.
/// What is not published is removed with the object.
struct Artifacts {
  std::string name;
  std::vector<std::pair<std::string, std::string>> files; // file -> contents

  void add(llvm::StringRef ext, std::string contents) {
    files.push_back({name + ext.str(), std::move(contents)});
  }

  /// Writes the files added since the last call. A cache that cannot be
  /// written is a warning, once; the first error on the outputs is kept
  /// for publish().
  void stage() {
    for (; staged < files.size(); ++staged) {
      const auto &[file, contents] = files[staged];
      if (useCache() && !cacheEntry && !cacheFailed) {
        llvm::Expected<std::unique_ptr<driver::Cache::EntryWriter>> entry =
            driver::Cache(cacheDir()).beginEntry(key);
        if (entry)
          cacheEntry = std::move(*entry);
        else
          warnCache(entry.takeError());
      }
      if (cacheEntry)
        if (llvm::Error error = cacheEntry->add(file, contents))
          warnCache(std::move(error));
      if (outputError.empty()) {
        llvm::SmallString<256> path(outputOpt);
        llvm::sys::path::append(path, file);
        if (llvm::Error error = outputs.add(path, contents))
          outputError = llvm::toString(std::move(error));
      }
    }
  }

  /// Stages what is left, publishes the cache entry and puts the outputs in
  /// place; returns the exit code.
  int publish() {
    stage();
    if (cacheEntry) {
      llvm::Expected<std::string> stored = cacheEntry->publish();
      if (!stored)
        warnCache(stored.takeError());
    }
    if (outputError.empty())
      if (llvm::Error error = outputs.commit())
        outputError = llvm::toString(std::move(error));
    return outputError.empty() ? 0 : fail(outputError);
  }

  std::string key; // of the cache entry

private:
  void warnCache(llvm::Error error) {
    llvm::WithColor::warning(llvm::errs(), kTool)
        << llvm::toString(std::move(error)) << "\n";
    cacheEntry.reset();
    cacheFailed = true;
  }

  size_t staged = 0;
  std::unique_ptr<driver::Cache::EntryWriter> cacheEntry;
  bool cacheFailed = false;
  driver::StagedFiles outputs;
  std::string outputError;
};
} // namespace

static std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo(true, false));
  return text;
}

/// The default PTX version: the one for the CUDA version of the capability's
/// ptxas. Asking ptxas takes a few milliseconds of a core, so the answer is
/// remembered in the cache directory under ptxas's identity (path, size,
/// modification time), as upstream remembers it for the life of its process.
/// --no-cache leaves the cache directory alone and asks. `identity` is
/// ptxasIdentity(capability).
static int resolvePtxVersionFromCacheDir(int capability,
                                         const std::string &identity) {
  if (!useCache())
    return triton::resolvePtxVersion(ptxVersionOpt, capability);
  llvm::SmallString<256> path(cacheDir());
  llvm::sys::path::append(path, ".ptxas-ptx-versions");
  std::string dir(path);
  llvm::sys::path::append(path, driver::hashParts({identity}));
  if (auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true)) {
    int remembered = 0;
    if (!(*buffer)->getBuffer().trim().getAsInteger(10, remembered) &&
        remembered > 0)
      return remembered;
  }
  int version = triton::resolvePtxVersion(ptxVersionOpt, capability);
  // Failing to remember it only costs the next compile the question.
  if (!llvm::sys::fs::create_directories(dir))
    llvm::consumeError(
        driver::writeFileAtomically(path, std::to_string(version) + "\n"));
  return version;
}

/// The PTX version to emit: --ptx-version when given, else the default,
/// remembered for the life of the process too (the jobs of a --batch share
/// it, --no-cache ones included).
static int resolvePtxVersionRemembered(int capability) {
  if (ptxVersionOpt > 0)
    return triton::resolvePtxVersion(ptxVersionOpt, capability);
  static std::mutex mutex;
  static llvm::StringMap<int> known;
  std::string identity = ptxasIdentity(capability);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = known.find(identity);
    if (it != known.end())
      return it->second;
  }
  int version = resolvePtxVersionFromCacheDir(capability, identity);
  std::lock_guard<std::mutex> lock(mutex);
  known[identity] = version;
  return version;
}

/// What a helper thread made, or why it could not: the error as text, since
/// an llvm::Error must not outlive an early return unchecked.
template <typename T> struct MadeOnThread {
  std::unique_ptr<T> value;
  std::string error;
  MadeOnThread() = default;
  MadeOnThread(llvm::Error made) : error(llvm::toString(std::move(made))) {}
  MadeOnThread(llvm::Expected<std::unique_ptr<T>> made) {
    if (made)
      value = std::move(*made);
    else
      error = llvm::toString(made.takeError());
  }
};

/// LLVM's part of a compile that does not depend on the kernel: the NVPTX
/// target machine, the O3 pipeline and the code generator's passes. Made on
/// another thread while the kernel is lowered (some milliseconds).
struct LLVMBackend {
  std::unique_ptr<llvm::TargetMachine> machine; // outlives the passes
  std::unique_ptr<nvidia::O3Pipeline> o3;
  std::unique_ptr<nvidia::PTXCodeGenerator> codegen;

  static llvm::Expected<std::unique_ptr<LLVMBackend>>
  make(const nvidia::NVPTXOptions &options) {
    auto backend = std::make_unique<LLVMBackend>();
    llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
        nvidia::createNVPTXTargetMachine(options);
    if (!machine)
      return machine.takeError();
    backend->machine = std::move(*machine);
    llvm::Expected<std::unique_ptr<nvidia::O3Pipeline>> o3 =
        nvidia::O3Pipeline::create();
    if (!o3)
      return o3.takeError();
    backend->o3 = std::move(*o3);
    llvm::Expected<std::unique_ptr<nvidia::PTXCodeGenerator>> codegen =
        nvidia::PTXCodeGenerator::create(*backend->machine);
    if (!codegen)
      return codegen.takeError();
    backend->codegen = std::move(*codegen);
    return std::move(backend);
  }
};

/// The IR of one compile and what owns it. Freeing it takes about a
/// millisecond once the artifacts exist; a compile that ends the process
/// leaves that to the operating system, as clang's -disable-free does.
struct CompileState {
  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<SourceMgrDiagnosticHandler> diagnostics;
  OwningOpRef<ModuleOp> module;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  std::unique_ptr<LLVMBackend> backend;
  /// ptxas once it wrote the CUBIN: it exits while the outputs are written,
  /// and is reaped with the state.
  std::unique_ptr<nvidia::PtxasJob> ptxas;
  /// Copies of the IR as each stage left it, printed while ptxas works:
  /// copying costs less than printing, which then leaves the critical path.
  OwningOpRef<ModuleOp> ttirCopy, ttgirCopy;
  /// The copy of the optimized LLVM module that code generation consumes.
  std::unique_ptr<llvm::Module> codegenModule;
};

/// Runs the stages from `stage` on; fills `out`. Returns a diagnostic on
/// failure (the IR diagnostics were printed already).
static llvm::Error compile(const Checked &checked,
                           std::unique_ptr<llvm::MemoryBuffer> input,
                           std::shared_future<int> ptxVersionProbe,
                           const std::string &key, TimingScope &timing,
                           CompileState &state, Artifacts &out) {
  Stage stage = checked.stage;
  int capability = checked.capability;
  // ptxas sets itself up (about half of its time on a small kernel) while
  // the stages before it run. Another thread starts it: spawning suspends
  // the spawning thread until ptxas has been exec'd. An early return joins
  // that thread and the job's destructor stops ptxas.
  std::future<MadeOnThread<nvidia::PtxasJob>> ptxasStart =
      std::async(std::launch::async, [capability] {
        llvm::Expected<std::string> ptxas = nvidia::findPtxas(capability);
        if (!ptxas)
          return MadeOnThread<nvidia::PtxasJob>(ptxas.takeError());
        nvidia::PtxasOptions options;
        options.capability = capability;
        options.enableFPFusion = fpFusionOpt;
        options.suppressDebugInfo = !lineInfoOpt;
        llvm::SmallVector<llvm::StringRef> extra;
        llvm::StringRef(ptxasOptionsOpt)
            .split(extra, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
        for (llvm::StringRef option : extra)
          options.extraOptions.push_back(option.str());
        return MadeOnThread<nvidia::PtxasJob>(
            nvidia::PtxasJob::start(*ptxas, options));
      });
  // The NVPTX target machine, the O3 pipeline and the code generator's
  // passes (a few milliseconds) are made on another thread while the kernel
  // is lowered.
  nvidia::NVPTXOptions nvptx;
  nvptx.capability = capability;
  nvptx.enableFPFusion = fpFusionOpt;
  nvptx.enableReflectFtz = reflectFtzOpt;
  nvptx.libdevicePath = libdeviceOpt;
  if (llvm::Error error = nvidia::setNVPTXBackendOptions())
    return error;
  if (llvm::Error error = nvidia::setO3PipelineOptions())
    return error;
  std::future<MadeOnThread<LLVMBackend>> backendMade =
      std::async(std::launch::async, [nvptx, ptxVersionProbe]() mutable {
        nvptx.ptxVersion = ptxVersionProbe.get();
        return MadeOnThread<LLVMBackend>(LLVMBackend::make(nvptx));
      });
  TimingScope setUpTimer = timing.nest("set up the MLIR context");
  triton::registerTritonDialects(state.registry);
  nvidia::registerLLVMIRTranslations(state.registry);
  // One kernel per module: threads would only add start-up time, and IR
  // dumps need a single thread.
  state.context = std::make_unique<MLIRContext>(
      state.registry, MLIRContext::Threading::DISABLED);
  MLIRContext &context = *state.context;
  setUpTimer.stop();
  llvm::SourceMgr &sourceMgr = state.sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  state.diagnostics =
      std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, &context);

  llvm::LLVMContext &llvmContext = state.llvmContext;
  std::unique_ptr<llvm::Module> &llvmModule = state.llvmModule;
  std::vector<driver::KernelParam> params;
  std::vector<std::string> signature;
  llvm::json::Object meta;
  int64_t shared = 0, numWarps = numWarpsOpt, numCTAs = numCTAsOpt;
  int64_t scratchSize = 0, scratchAlign = 1;

  if (stage != Stage::LLIR) {
    TimingScope parseTimer = timing.nest("parse");
    OwningOpRef<ModuleOp> &module = state.module;
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    parseTimer.stop();
    if (!module)
      return llvm::createStringError("cannot parse '" + inputOpt + "'");
    std::string kernelName;
    llvm::Expected<std::vector<driver::KernelParam>> kernelParams =
        driver::getKernelParams(
            *module, kernelName,
            // sm_80's make_ttir rewrites descriptors
            // to pointers.
            /*descriptorsToPointers=*/stage == Stage::TTIR && capability < 90);
    if (!kernelParams)
      return kernelParams.takeError();
    params = *kernelParams;
    out.name = kernelName;
    for (auto func : module->getOps<triton::FuncOp>())
      if (func.isPublic())
        for (BlockArgument arg : func.getArguments()) {
          auto first = llvm::find_if(
              params, [&](const driver::KernelParam &p) {
                return p.argIndex == arg.getArgNumber();
              });
          signature.push_back(signatureOf(*first, arg.getType()));
        }

    auto runStage =
        [&](llvm::StringRef name,
            llvm::function_ref<void(OpPassManager &)> build) -> llvm::Error {
      PassManager pm(&context);
      std::string failedPass;
      pm.addInstrumentation(std::make_unique<FailureRecorder>(&failedPass));
      build(pm);
      // Verifying after every pass costs several percent of a compile; by
      // default each stage's result is verified once instead.
      pm.enableVerifier(verifyEachOpt);
      TimingScope stageTimer = timing.nest(name);
      pm.enableTiming(stageTimer);
      if (!dumpDirOpt.empty()) {
        llvm::SmallString<256> dir(dumpDirOpt);
        llvm::sys::path::append(dir, name);
        if (std::error_code ec = llvm::sys::fs::create_directories(dir))
          return llvm::createStringError("cannot create '" + dir.str() +
                                         "': " + ec.message());
        pm.enableIRPrintingToFileTree(
            [](Pass *, Operation *) { return false; },
            [](Pass *, Operation *) { return true; },
            /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
            /*printAfterOnlyOnFailure=*/false, dir.str());
      }
      std::string repro = reproducerOpt;
      if (repro.empty()) {
        llvm::SmallString<256> path(outputOpt);
        llvm::sys::path::append(path, llvm::sys::path::filename(inputOpt) +
                                          "." + name + ".repro.mlir");
        repro = std::string(path);
      }
      pm.enableCrashReproducerGeneration(repro, /*genLocalReproducer=*/false);
      if (failed(pm.run(*module)))
        return llvm::createStringError(
            "stage " + name + " failed" +
            (failedPass.empty() ? std::string()
                                : " in pass '" + failedPass + "'") +
            "; reproducer: " + repro +
            " (replay: triton-opt --run-reproducer " + repro + ")");
      if (!verifyEachOpt) {
        TimingScope verifyTimer = stageTimer.nest("verify");
        if (failed(verify(*module)))
          return llvm::createStringError(
              "stage " + name +
              " produced invalid IR (--verify-each names the pass)");
      }
      return llvm::Error::success();
    };

    // As upstream's make_ttgir: the register limit is a module attribute,
    // which the lowering puts on the kernel.
    auto setMaxnreg = [&]() {
      if (maxnregOpt > 0)
        (*module)->setAttr("ttg.maxnreg",
                           Builder(&context).getI32IntegerAttr(maxnregOpt));
    };
    if (stage == Stage::TTIR) {
      if (checked.runMakeTTIR) {
        triton::MakeTTIROptions ttirOptions;
        ttirOptions.computeCapability = capability;
        if (llvm::Error e = runStage("make_ttir", [&](OpPassManager &pm) {
              triton::buildMakeTTIRPipeline(pm, ttirOptions);
            }))
          return e;
      }
      {
        TimingScope copyTimer = timing.nest("copy TTIR");
        state.ttirCopy = module->clone();
      }
      setMaxnreg();
      triton::MakeTTGIROptions ttgirOptions;
      ttgirOptions.computeCapability = capability;
      ttgirOptions.numWarps = numWarpsOpt;
      ttgirOptions.numCTAs = numCTAsOpt;
      ttgirOptions.numStages = numStagesOpt;
      ttgirOptions.optimizeEpilogue = optimizeEpilogueOpt;
      if (llvm::Error e = runStage("make_ttgir", [&](OpPassManager &pm) {
            triton::buildMakeTTGIRPipeline(pm, ttgirOptions);
          }))
        return e;
    }
    if (stage == Stage::TTGIR)
      setMaxnreg();
    {
      TimingScope copyTimer = timing.nest("copy TTGIR");
      state.ttgirCopy = module->clone();
    }
    if (llvm::Expected<llvm::json::Array> descs = tensorDescMeta(*module))
      meta["tensordesc_meta"] = std::move(*descs);
    else
      return descs.takeError();
    numWarps = intAttr(*module, "ttg.num-warps", numWarps);
    numCTAs = intAttr(*module, "ttg.num-ctas", numCTAs);
    triton::MakeLLIROptions llirOptions;
    llirOptions.computeCapability = capability;
    llirOptions.ptxVersion = ptxVersionProbe.get();
    llirOptions.lineInfo = lineInfoOpt;
    if (llvm::Error e = runStage("make_llir", [&](OpPassManager &pm) {
          triton::buildMakeLLIRPipeline(pm, llirOptions);
        }))
      return e;
    // A kernel with ttg.warp_specialize ops is launched with its
    // partitions' warps too (upstream's metadata does the same).
    numWarps = intAttr(*module, "ttg.total-num-warps", numWarps);
    shared = intAttr(*module, "ttg.shared", 0);
    scratchSize = intAttr(*module, "ttg.global_scratch_memory_size", 0);
    scratchAlign = intAttr(*module, "ttg.global_scratch_memory_alignment", 1);
    meta["global_scratch_size"] = scratchSize;
    meta["global_scratch_align"] = scratchAlign;
    TimingScope translateTimer = timing.nest("translate to LLVM IR");
    llvmModule = nvidia::translateToLLVMIR(*module, llvmContext);
    if (!llvmModule)
      return llvm::createStringError("cannot translate to LLVM IR");
  } else {
    llvm::SMDiagnostic error;
    llvmModule = llvm::parseIR(sourceMgr.getMemoryBuffer(1)->getMemBufferRef(),
                               error, llvmContext);
    if (!llvmModule) {
      std::string text;
      llvm::raw_string_ostream os(text);
      error.print(kTool.data(), os);
      return llvm::createStringError(llvm::StringRef(text).trim());
    }
    for (llvm::Function &f : *llvmModule)
      if (!f.isDeclaration() && f.hasExternalLinkage()) {
        if (!out.name.empty())
          return llvm::createStringError(
              "the LLVM module holds more than one kernel");
        out.name = f.getName().str();
      }
    if (out.name.empty())
      return llvm::createStringError("the LLVM module holds no kernel");
    if (auto *gv = llvmModule->getNamedGlobal("global_smem"))
      (void)gv; // the size of dynamic shared memory is not in LLVM IR
    meta["global_scratch_size"] = 0;
    meta["global_scratch_align"] = 1;
  }

  int ptxVersion = ptxVersionProbe.get();
  nvptx.ptxVersion = ptxVersion;
  MadeOnThread<LLVMBackend> made;
  {
    TimingScope t = timing.nest("wait for the LLVM back end");
    made = backendMade.get();
  }
  if (!made.value)
    return llvm::createStringError(made.error);
  state.backend = std::move(made.value);
  LLVMBackend &backend = *state.backend;
  {
    TimingScope t = timing.nest("optimize LLVM IR (O3)");
    if (llvm::Error e = nvidia::optimizeLLVMIR(
            *llvmModule, nvptx, backend.machine.get(), backend.o3.get()))
      return e;
  }
  // Code generation changes the module it runs on: it runs on a copy, and
  // the optimized module is printed later, as it is.
  {
    TimingScope copyTimer = timing.nest("copy LLVM IR");
    state.codegenModule = llvm::CloneModule(*llvmModule);
  }
  std::string ptx;
  {
    TimingScope t = timing.nest("make_ptx");
    llvm::Expected<std::string> result = nvidia::translateToPTX(
        *state.codegenModule, nvptx, backend.codegen.get());
    if (!result)
      return result.takeError();
    ptx = *result;
  }
  std::string cubin;
  {
    TimingScope t = timing.nest("make_cubin (ptxas)");
    MadeOnThread<nvidia::PtxasJob> started = ptxasStart.get();
    if (!started.value)
      return llvm::createStringError(started.error);
    started.value->send(ptx);
    {
      TimingScope printTimer = t.nest("print the IR of each stage");
      if (state.ttirCopy)
        out.add(".ttir", print(*state.ttirCopy));
      if (state.ttgirCopy)
        out.add(".ttgir", print(*state.ttgirCopy));
      std::string text;
      llvm::raw_string_ostream os(text);
      llvmModule->print(os, nullptr);
      out.add(".llir", text);
      out.add(".ptx", ptx);
    }
    {
      TimingScope stageTimer = t.nest("write the outputs made so far");
      out.stage();
    }
    llvm::Expected<nvidia::Cubin> result = started.value->wait(
        out.name + ".ptx", nvidia::PtxasJob::WaitFor::Cubin);
    if (!result)
      return result.takeError();
    cubin = std::move(result->binary);
    state.ptxas = std::move(started.value);
  }
  out.add(".cubin", cubin);

  std::string arch =
      "sm_" + std::to_string(capability) + (capability >= 90 ? "a" : "");
  meta["name"] = out.name;
  meta["hash"] = key;
  meta["num_warps"] = numWarps;
  meta["num_ctas"] = numCTAs;
  meta["num_stages"] = (int64_t)numStagesOpt;
  meta["warp_size"] = 32;
  meta["shared"] = shared;
  meta["tmem_size"] = 0;
  meta["profile_scratch_size"] = 0;
  meta["profile_scratch_align"] = 1;
  meta["ptx_version"] = ptxVersion;
  meta["enable_fp_fusion"] = fpFusionOpt.getValue();
  meta["enable_reflect_ftz"] = reflectFtzOpt.getValue();
  meta["maxnreg"] = maxnregOpt > 0 ? llvm::json::Value(maxnregOpt.getValue())
                                   : llvm::json::Value(nullptr);
  meta["target"] = llvm::json::Object{
      {"backend", "cuda"}, {"arch", capability}, {"warp_size", 32}};
  meta["arch"] = arch;
  if (!signature.empty()) {
    llvm::json::Array sig;
    for (const std::string &s : signature)
      sig.push_back(s);
    meta["signature"] = std::move(sig);
  }
  meta["triton_mlir_version"] = TRITON_MLIR_VERSION;
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(meta))) << "\n";
  out.add(".json", json);

  if (launcherOpt) {
    if (params.empty() && stage == Stage::LLIR)
      return llvm::createStringError(
          "--emit-c-launcher needs a TTIR or TTGIR input (the kernel's "
          "parameter types)");
    driver::LauncherSpec spec;
    spec.kernelName = out.name;
    spec.cubin = cubin;
    spec.numWarps = numWarps;
    spec.numCTAs = numCTAs;
    spec.shared = shared;
    spec.globalScratchSize = scratchSize;
    spec.globalScratchAlign = scratchAlign;
    spec.params = params;
    driver::CLauncher launcher = driver::emitCLauncher(spec);
    out.add(".h", launcher.header);
    out.add(".c", launcher.source);
  }
  return llvm::Error::success();
}

/// One compile with the options as parsed: the artifacts served from the
/// cache, or the stages run and the cache filled. `cached` says which.
/// `endsProcess`: nothing runs after this job, so its IR is left for the
/// operating system to free.
static int runJob(bool &cached, bool endsProcess) {
  cached = false;
  std::optional<Checked> checked = checkOptions();
  if (!checked)
    return 1;
  if (llvm::Error e = nvidia::verifyNVPTXProcessor(checked->capability))
    return fail(llvm::toString(std::move(e)));
  auto input = llvm::MemoryBuffer::getFileOrSTDIN(inputOpt, /*IsText=*/true);
  if (!input)
    return fail("cannot read '" + inputOpt +
                "': " + input.getError().message());
  std::string key = cacheKey(*checked, (*input)->getBuffer());

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  if (timingOpt)
    timingManager.setEnabled(true);
  TimingScope timing = timingManager.getRootScope();

  if (useCache()) {
    TimingScope t = timing.nest("cache lookup");
    if (std::optional<int> served = serveFromCache(key)) {
      cached = *served == 0;
      return *served;
    }
    if (verboseOpt)
      llvm::errs() << kTool << ": cache miss " << key << "\n";
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(outputOpt))
    return fail("cannot create '" + outputOpt + "': " + ec.message());
  Artifacts artifacts;
  artifacts.key = key;
  // The default PTX version asks ptxas for its CUDA version (a few ms): it
  // does so while the input is parsed and lowered.
  std::shared_future<int> ptxVersion =
      std::async(std::launch::async, [capability = checked->capability] {
        return resolvePtxVersionRemembered(capability);
      }).share();
  auto state = std::make_unique<CompileState>();
  if (llvm::Error e = compile(*checked, std::move(*input), ptxVersion, key,
                              timing, *state, artifacts))
    return fail(llvm::toString(std::move(e)));
  TimingScope writeTimer = timing.nest("write outputs");
  int rc = artifacts.publish();
  writeTimer.stop();
  if (endsProcess) {
    // ptxas, which handed the CUBIN over and is exiting, is reaped before
    // the process ends: orphaned, it would be left for PID 1 to reap, and a
    // container's PID 1 may never do it. The rest of the IR is left to the
    // operating system to free.
    TimingScope reapTimer = timing.nest("reap ptxas");
    state->ptxas.reset();
    reapTimer.stop();
    (void)state.release();
  } else {
    TimingScope freeTimer = timing.nest("free the IR");
    state.reset();
  }
  return rc;
}

/// Whether a command-line argument is --batch (`--batch=F`, `-batch=F`, or
/// `--batch F`, whose value `takesNext` then says follows).
static bool isBatchArg(llvm::StringRef arg, bool &takesNext) {
  takesNext = false;
  if (!arg.starts_with("-"))
    return false; // an input, or an option's value
  arg = arg.ltrim('-');
  takesNext = arg == "batch";
  return takesNext || arg.starts_with("batch=");
}

/// --batch: every job of the file in this process, one after another, each
/// with the options given beside --batch and then those of its line. Each
/// job reports on standard output (its line, its input, what happened and
/// its wall time); its diagnostics go to standard error as usual. A failed
/// job does not stop the others; the exit code is 1 when any failed.
static int runBatch(int argc, char **argv) {
  std::string path = batchOpt;
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!file)
    return fail("cannot read the batch file '" + path +
                "': " + file.getError().message());
  // Parse errors name triton-compile, as the user typed it.
  std::vector<const char *> common = {kTool.data()};
  for (int i = 1; i < argc; ++i) {
    bool takesNext = false;
    if (isBatchArg(argv[i], takesNext))
      i += takesNext;
    else
      common.push_back(argv[i]);
  }

  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver(allocator);
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  unsigned compiled = 0, served = 0, failed = 0;
  for (auto [index, rawLine] : llvm::enumerate(lines)) {
    llvm::StringRef line = rawLine.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    std::string where = path + ":" + std::to_string(index + 1);
    setJobContext(where);
    llvm::SmallVector<const char *> tokens;
    llvm::cl::TokenizeGNUCommandLine(line, saver, tokens);
    std::vector<const char *> args = common;
    std::string refused;
    for (const char *token : tokens) {
      llvm::StringRef arg = token;
      bool isOption = arg.starts_with("-");
      arg = arg.ltrim('-');
      bool takesNext;
      if (isBatchArg(token, takesNext) ||
          (isOption && (arg.starts_with("help") || arg == "version")))
        refused = token;
      args.push_back(token);
    }
    ++failed;
    if (!refused.empty()) {
      fail("'" + refused + "' is not an option of a batch job");
      llvm::outs() << where << ": failed\n";
      continue;
    }
    cl::ResetAllOptionOccurrences();
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    if (!cl::ParseCommandLineOptions(args.size(), args.data(), kOverview,
                                     &errorStream)) {
      fail(llvm::StringRef(errors).trim());
      llvm::outs() << where << ": failed\n";
      continue;
    }
    auto start = std::chrono::steady_clock::now();
    bool cached = false;
    int rc = runJob(cached, /*endsProcess=*/false);
    std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    llvm::outs() << where << ": " << inputOpt << ": "
                 << (rc       ? "failed"
                     : cached ? "from the cache"
                              : "compiled")
                 << llvm::formatv(" in {0:f2} ms\n", elapsed.count());
    llvm::outs().flush();
    if (rc)
      continue;
    --failed;
    ++(cached ? served : compiled);
  }
  setJobContext("");
  llvm::outs() << llvm::formatv(
      "{0} jobs: {1} compiled, {2} from the cache, {3} failed\n",
      compiled + served + failed, compiled, served, failed);
  return failed ? 1 : 0;
}

// The bounds of this executable's code, from GNU ld.
extern "C" char __executable_start;
extern "C" char etext;

/// Maps this executable's code (some 60 MB, of which a compile runs a few
/// thousand scattered pages) into the page tables from another thread, so
/// that the compiling thread takes fewer page faults on its first run
/// through each pass. TRITON_COMPILE_PREFAULT=0 turns it off (to measure
/// it).
static void prefaultCode() {
  if (std::optional<std::string> setting =
          llvm::sys::Process::GetEnv("TRITON_COMPILE_PREFAULT"))
    if (*setting == "0")
      return;
  std::thread([] {
    uintptr_t page = 4096;
    uintptr_t begin =
        reinterpret_cast<uintptr_t>(&__executable_start) & ~(page - 1);
    uintptr_t end = reinterpret_cast<uintptr_t>(&etext);
    if (end > begin)
      madvise(reinterpret_cast<void *>(begin), end - begin, MADV_POPULATE_READ);
  }).detach();
}

int main(int argc, char **argv) {
  prefaultCode();
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "triton-compile (Triton MLIR toolchain) " TRITON_MLIR_VERSION "\n";
  });
  cl::ParseCommandLineOptions(argc, argv, kOverview);
  if (!batchOpt.empty()) {
    if (!inputOpt.empty())
      return fail("--batch takes its inputs from the batch file, not '" +
                  inputOpt + "'");
    return runBatch(argc, argv);
  }
  bool cached;
  return runJob(cached, /*endsProcess=*/true);
}
