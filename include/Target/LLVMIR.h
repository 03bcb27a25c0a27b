//===- LLVMIR.h - MLIR LLVM dialect to an optimized LLVM module -*- C++ -*-===//
//
// The LLVM IR stage of the NVIDIA back end: translation of an MLIR module in
// the LLVM and NVVM dialects to an llvm::Module, and the tail of upstream
// Triton's make_llir that runs after the MLIR pass manager (data layout,
// `nvvm-reflect-ftz`, libdevice, the O3 pipeline).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_LLVMIR_H
#define TRITON_TARGET_LLVMIR_H

#include "Target/NVPTXTarget.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
class Function;
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace mlir::triton::nvidia {

/// Registers the translations of the builtin, LLVM and NVVM dialects to LLVM
/// IR.
void registerLLVMIRTranslations(DialectRegistry &registry);

/// Translates a module in the LLVM and NVVM dialects to LLVM IR. Failures are
/// reported through the MLIR context's diagnostics; returns null then.
std::unique_ptr<llvm::Module> translateToLLVMIR(ModuleOp module,
                                                llvm::LLVMContext &context);

/// Whether a module declares libdevice functions (`__nv_*`).
bool hasLibdeviceDeclarations(const llvm::Module &module);

/// The libdevice bitcode to link: `explicitPath` when given, else
/// $TRITON_LIBDEVICE_PATH, else the CUDA toolkit's
/// /usr/local/cuda/nvvm/libdevice/libdevice.10.bc, else the one beside the
/// ptxas found for `capability`.
llvm::Expected<std::string> findLibdevice(llvm::StringRef explicitPath,
                                          int capability);

/// Links the libdevice functions a module needs; they become internal, so
/// that the optimizer inlines them and drops the unused ones.
llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef path);

/// Splits phi nodes of struct type into one phi per field: Triton's lowering
/// carries values as structs of scalars, which the optimizer handles badly.
/// Returns whether the function changed.
bool breakStructPhiNodes(llvm::Function &function);

/// Sets the LLVM options the O3 pipeline runs with (the SLP vectorizer's
/// limits; see O3Pipeline). O3Pipeline::create sets them too; a caller that
/// builds the pipeline on another thread sets them first on its own, so that
/// LLVM's option registry is only changed from one thread.
llvm::Error setO3PipelineOptions();

/// LLVM's O3 pipeline as make_llir runs it, without a target machine (unlike
/// upstream's, the SLP vectorizer leaves horizontal reductions alone and
/// builds vectors of two elements at most). Building it (the pass builder,
/// its analyses, the list of passes) costs the same for every kernel, so a
/// caller may build it on another thread while the kernel is lowered.
class O3Pipeline {
public:
  O3Pipeline();
  ~O3Pipeline();
  O3Pipeline(const O3Pipeline &) = delete;
  O3Pipeline &operator=(const O3Pipeline &) = delete;

  /// Makes a pipeline; fails when LLVM lacks one of the options it sets.
  static llvm::Expected<std::unique_ptr<O3Pipeline>> create();

  /// Optimizes `module`; its analyses are dropped afterwards, so the
  /// pipeline may run again on another module. Errors are LLVM's
  /// diagnostics.
  llvm::Error run(llvm::Module &module);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Runs the tail of upstream make_llir on a translated module: the NVPTX data
/// layout (short pointers), the `nvvm-reflect-ftz` flag, libdevice when the
/// module calls it, then the O3 pipeline.
/// `options.ptxVersion` must be set. `machine`, when given, is the target
/// machine createNVPTXTargetMachine made for `options` (it gives the data
/// layout); otherwise one is made. `pipeline`, when given, is the O3
/// pipeline to run; otherwise one is built.
llvm::Error optimizeLLVMIR(llvm::Module &module, const NVPTXOptions &options,
                           llvm::TargetMachine *machine = nullptr,
                           O3Pipeline *pipeline = nullptr);

} // namespace mlir::triton::nvidia

#endif // TRITON_TARGET_LLVMIR_H
