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

#include <string>

namespace llvm {
class TargetMachine;
class Module;
} // namespace llvm

namespace mlir::triton::nvidia {

/// Compiles a module to PTX: every function that is not `noinline` is
/// inlined, then the NVPTX back end runs at -O2 with short pointers, wide
/// MAD, FP fusion (when enabled), no NaNs and traps on `unreachable`. The
/// text is fixed up with fixupPTX. `options.ptxVersion` must be set.
/// `machine`, when given, is the target machine createNVPTXTargetMachine
/// made for `options`; otherwise one is made.
llvm::Expected<std::string>
translateToPTX(llvm::Module &module, const NVPTXOptions &options,
               llvm::TargetMachine *machine = nullptr);

/// Upstream's text fix-ups of make_ptx: `.version` becomes `ptxVersion`, the
/// `sm_NN` of `.target` becomes the capability (a suffix such as `a` is
/// kept), and the `debug` flag of `.target` is dropped, since it keeps ptxas
/// from optimizing.
std::string fixupPTX(llvm::StringRef ptx, int capability, int ptxVersion);

} // namespace mlir::triton::nvidia

#endif // TRITON_TARGET_PTX_H
