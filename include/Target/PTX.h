//===- PTX.h - LLVM IR to PTX through the NVPTX back end --------*- C++ -*-===//
//
// Upstream Triton's make_ptx: LLVM's NVPTX code generator with Triton's
// options, then the text fix-ups of the `.version` and `.target` lines.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_PTX_H
#define TRITON_TARGET_PTX_H

#include "Target/NVPTXTarget.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
class Module;
} // namespace llvm

namespace mlir::triton::nvidia {

/// The passes of make_ptx for one target machine: the always-inliner, the
/// verifier and the NVPTX code generator. Setting them up costs the same for
/// every kernel (some 3 million instructions), so a caller may make them on
/// another thread while the kernel is lowered. They run once.
class PTXCodeGenerator {
public:
  ~PTXCodeGenerator();
  PTXCodeGenerator(const PTXCodeGenerator &) = delete;
  PTXCodeGenerator &operator=(const PTXCodeGenerator &) = delete;

  /// Sets up the passes for `machine`, which must outlive them.
  static llvm::Expected<std::unique_ptr<PTXCodeGenerator>>
  create(llvm::TargetMachine &machine);

  /// The target machine the passes are for.
  llvm::TargetMachine &getTargetMachine() const { return machine; }

  /// Runs the passes on `module` (whose target triple and data layout must
  /// be the machine's) and returns the PTX, not yet fixed up. Fails on a
  /// second call, and with LLVM's diagnostics.
  llvm::Expected<std::string> run(llvm::Module &module);

private:
  explicit PTXCodeGenerator(llvm::TargetMachine &machine);
  struct Impl;
  llvm::TargetMachine &machine;
  std::unique_ptr<Impl> impl;
};

/// Compiles a module to PTX: every function that is not `noinline` is
/// inlined, then the NVPTX back end runs at -O2 with short pointers, wide
/// MAD, FP fusion (when enabled), no NaNs and traps on `unreachable`. The
/// text is fixed up with fixupPTX. `options.ptxVersion` must be set.
/// `generator`, when given, holds the passes to run and their target machine,
/// which createNVPTXTargetMachine made for `options`; otherwise a machine and
/// passes are made.
llvm::Expected<std::string>
translateToPTX(llvm::Module &module, const NVPTXOptions &options,
               PTXCodeGenerator *generator = nullptr);

/// Upstream's text fix-ups of make_ptx: `.version` becomes `ptxVersion`, the
/// `sm_NN` of `.target` becomes the capability (a suffix such as `a` is
/// kept), and the `debug` flag of `.target` is dropped, since it keeps ptxas
/// from optimizing.
std::string fixupPTX(llvm::StringRef ptx, int capability, int ptxVersion);

} // namespace mlir::triton::nvidia

#endif // TRITON_TARGET_PTX_H
