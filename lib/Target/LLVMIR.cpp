//===- LLVMIR.cpp - MLIR LLVM dialect to an optimized LLVM module ---------===//
//
// The LLVM IR stage of upstream Triton's NVIDIA back end: what make_llir does
// once its MLIR pass manager is done. Like upstream, the O3 pipeline runs
// without a target machine; the NVPTX data layout comes from one, and
// libdevice's `__nvvm_reflect` queries are answered later, in codegen.
//
//===----------------------------------------------------------------------===//

#include "Target/LLVMIR.h"
#include "LLVMDiagnostics.h"
#include "Target/Cubin.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

using namespace llvm;

namespace mlir::triton::nvidia {

void registerLLVMIRTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

std::unique_ptr<Module> translateToLLVMIR(ModuleOp module,
                                          LLVMContext &context) {
  // Triton's argument hints (tt.divisibility, tt.pointer_range, ...) served
  // the lowering and have no LLVM IR form: dropped rather than each warned
  // about ("Unhandled parameter attribute") with the function printed.
  module.walk([](mlir::LLVM::LLVMFuncOp func) {
    auto function = cast<mlir::FunctionOpInterface>(func.getOperation());
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (mlir::NamedAttribute attr :
           llvm::to_vector(function.getArgAttrs(i)))
        if (attr.getName().getValue().starts_with("tt."))
          function.removeArgAttr(i, attr.getName());
  });
  return translateModuleToLLVMIR(module, context);
}

bool hasLibdeviceDeclarations(const Module &module) {
  return any_of(module, [](const Function &function) {
    return function.isDeclaration() && function.getName().starts_with("__nv_");
  });
}

static constexpr StringLiteral kCUDALibdevice =
    "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc";

Expected<std::string> findLibdevice(StringRef explicitPath, int capability) {
  if (!explicitPath.empty())
    return explicitPath.str();
  if (std::optional<std::string> path =
          sys::Process::GetEnv("TRITON_LIBDEVICE_PATH"))
    return *path;
  if (sys::fs::exists(kCUDALibdevice))
    return kCUDALibdevice.str();
  // A CUDA toolkit elsewhere keeps libdevice at nvvm/libdevice beside bin/.
  if (Expected<std::string> ptxas = findPtxas(capability)) {
    SmallString<256> path(
        sys::path::parent_path(sys::path::parent_path(*ptxas)));
    sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (sys::fs::exists(path))
      return std::string(path);
  } else {
    consumeError(ptxas.takeError());
  }
  return createStringError(
      "the module calls libdevice (__nv_* functions) but libdevice.10.bc was "
      "not found: pass its path or set TRITON_LIBDEVICE_PATH");
}

Error linkLibdevice(Module &module, StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(
        buffer.getError(), "cannot read libdevice '%s': %s", path.str().c_str(),
        buffer.getError().message().c_str());
  LLVMDiagnosticCapture diagnostics(module.getContext());
  // Lazily: the linker materializes only the functions the kernel calls,
  // not libdevice's hundreds (a full parse costs tens of milliseconds).
  Expected<std::unique_ptr<Module>> library =
      getLazyBitcodeModule((*buffer)->getMemBufferRef(), module.getContext());
  if (!library)
    return createStringError("cannot load libdevice '%s': %s",
                             path.str().c_str(),
                             toString(library.takeError()).c_str());
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());

  StringSet<> libraryDefinitions;
  for (const GlobalValue &value : (*library)->global_values())
    if (!value.isDeclaration())
      libraryDefinitions.insert(value.getName());

  bool failed = Linker::linkModules(module, std::move(*library),
                                    Linker::Flags::LinkOnlyNeeded);
  if (Error error =
          diagnostics.takeError(("cannot link libdevice '" + path + "'").str()))
    return error;
  if (failed)
    return createStringError("cannot link libdevice '%s'", path.str().c_str());

  // What came from libdevice is private to the kernel: once inlined, the
  // optimizer drops it.
  for (GlobalValue &value : module.global_values())
    if (!value.isDeclaration() && libraryDefinitions.contains(value.getName()))
      value.setLinkage(GlobalValue::InternalLinkage);
  return Error::success();
}

bool breakStructPhiNodes(Function &function) {
  SmallVector<PHINode *> worklist;
  for (BasicBlock &block : function)
    for (PHINode &phi : block.phis())
      if (isa<StructType>(phi.getType()))
        worklist.push_back(&phi);
  bool changed = !worklist.empty();
  while (!worklist.empty()) {
    PHINode *phi = worklist.pop_back_val();
    auto *type = cast<StructType>(phi->getType());
    BasicBlock *block = phi->getParent();
    IRBuilder<> rebuild(block, block->getFirstInsertionPt());
    llvm::Value *whole = PoisonValue::get(type);
    for (unsigned field = 0, e = type->getNumElements(); field < e; ++field) {
      PHINode *fieldPhi = PHINode::Create(
          type->getElementType(field), phi->getNumIncomingValues(),
          phi->getName() + "." + Twine(field), phi->getIterator());
      // A predecessor may appear several times; it must give one value.
      DenseMap<BasicBlock *, llvm::Value *> extracted;
      for (unsigned i = 0, n = phi->getNumIncomingValues(); i < n; ++i) {
        BasicBlock *predecessor = phi->getIncomingBlock(i);
        llvm::Value *&value = extracted[predecessor];
        if (!value) {
          IRBuilder<> atEnd(predecessor->getTerminator());
          value = atEnd.CreateExtractValue(phi->getIncomingValue(i), field);
        }
        fieldPhi->addIncoming(value, predecessor);
      }
      if (isa<StructType>(fieldPhi->getType()))
        worklist.push_back(fieldPhi);
      whole = rebuild.CreateInsertValue(whole, fieldPhi, field);
    }
    phi->replaceAllUsesWith(whole);
    phi->eraseFromParent();
  }
  return changed;
}

namespace {
struct BreakStructPhiNodesPass : PassInfoMixin<BreakStructPhiNodesPass> {
  PreservedAnalyses run(Function &function, FunctionAnalysisManager &) {
    if (!breakStructPhiNodes(function))
      return PreservedAnalyses::all();
    PreservedAnalyses preserved;
    preserved.preserveSet<CFGAnalyses>();
    return preserved;
  }
};
} // namespace

struct O3Pipeline::Impl {
  PassBuilder builder;
  LoopAnalysisManager loopAnalyses;
  FunctionAnalysisManager functionAnalyses;
  CGSCCAnalysisManager cgsccAnalyses;
  ModuleAnalysisManager moduleAnalyses;
  ModulePassManager passes;

  static PipelineTuningOptions tuning() {
    PipelineTuningOptions tuning;
    tuning.LoopUnrolling = true;
    tuning.LoopInterleaving = true;
    tuning.LoopVectorization = true;
    tuning.SLPVectorization = true;
    return tuning;
  }

  // Upstream optimizes without a target machine.
  Impl() : builder(/*TM=*/nullptr, tuning()) {
    builder.registerModuleAnalyses(moduleAnalyses);
    builder.registerCGSCCAnalyses(cgsccAnalyses);
    builder.registerFunctionAnalyses(functionAnalyses);
    builder.registerLoopAnalyses(loopAnalyses);
    builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                                 moduleAnalyses);
    // Struct-typed phis from the lowering's loop-carried values block the
    // vectorizers; split them first and clean up.
    builder.registerVectorizerStartEPCallback(
        [](FunctionPassManager &passes, OptimizationLevel) {
          passes.addPass(BreakStructPhiNodesPass());
          passes.addPass(InstCombinePass());
        });
    passes = builder.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
  }
};

O3Pipeline::O3Pipeline() = default;
O3Pipeline::~O3Pipeline() = default;

Error setO3PipelineOptions() {
  // Unlike upstream's, the SLP vectorizer does not try to vectorize
  // horizontal reductions, and it builds vectors of two elements at most:
  // NVPTX has no wider vector ALU (f16x2, bf16x2), and the longer searches
  // cost 5-16% of a compile (the XOR chains of layout offsets look like
  // reductions; gelu's eight element chains look like 8-wide vectors). The
  // corpus kernels get the same PTX instructions, some in another order.
  if (Error error = setLLVMBoolOption("slp-vectorize-hor", false))
    return error;
  return setLLVMCommandLineOption("slp-max-vf", "2");
}

Expected<std::unique_ptr<O3Pipeline>> O3Pipeline::create() {
  if (Error error = setO3PipelineOptions())
    return std::move(error);
  std::unique_ptr<O3Pipeline> pipeline(new O3Pipeline());
  pipeline->impl = std::make_unique<Impl>();
  return std::move(pipeline);
}

Error O3Pipeline::run(Module &module) {
  LLVMDiagnosticCapture diagnostics(module.getContext());
  impl->passes.run(module, impl->moduleAnalyses);
  // Nothing cached may outlive the module.
  impl->loopAnalyses.clear();
  impl->functionAnalyses.clear();
  impl->cgsccAnalyses.clear();
  impl->moduleAnalyses.clear();
  return diagnostics.takeError("LLVM optimization failed");
}

Error optimizeLLVMIR(Module &module, const NVPTXOptions &options,
                     TargetMachine *machine, O3Pipeline *pipeline) {
  std::string brokenReason;
  raw_string_ostream brokenStream(brokenReason);
  if (verifyModule(module, &brokenStream))
    return createStringError("invalid LLVM module: %s", brokenReason.c_str());

  // Shared, constant and local pointers are 32 bits wide in the data layout.
  std::unique_ptr<TargetMachine> ownMachine;
  if (Error error = ensureNVPTXTargetMachine(options, machine, ownMachine))
    return error;
  module.setDataLayout(machine->createDataLayout());

  if (options.enableReflectFtz)
    module.setModuleFlag(Module::Override, "nvvm-reflect-ftz", 1);

  if (hasLibdeviceDeclarations(module)) {
    Expected<std::string> libdevice =
        findLibdevice(options.libdevicePath, options.capability);
    if (!libdevice)
      return libdevice.takeError();
    if (Error error = linkLibdevice(module, *libdevice))
      return error;
  }
  std::unique_ptr<O3Pipeline> ownPipeline;
  if (!pipeline) {
    Expected<std::unique_ptr<O3Pipeline>> built = O3Pipeline::create();
    if (!built)
      return built.takeError();
    ownPipeline = std::move(*built);
    pipeline = ownPipeline.get();
  }
  return pipeline->run(module);
}

} // namespace mlir::triton::nvidia
