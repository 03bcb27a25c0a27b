//===- CLauncher.h - AOT C launchers for compiled kernels ------*- C++ -*-===//
//
// Writes a C header and source that embed a kernel's CUBIN and load, unload
// and launch it through the CUDA driver API, like upstream Triton's AOT
// tool (python/triton/tools/compile.py): no Python, no Triton at run time.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DRIVER_CLAUNCHER_H
#define TRITON_DRIVER_CLAUNCHER_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::triton::driver {

/// One kernel parameter as the launcher takes it. A tensor descriptor
/// argument of the kernel may be several: its base pointer, its shape and
/// strides (int64_t each) and a bool that is true for NaN padding, as the
/// descriptor-to-pointer rewrite leaves the kernel's signature.
struct KernelParam {
  std::string name;  ///< a C identifier
  std::string cType; ///< CUdeviceptr, int32_t, float, ...
  unsigned argIndex = 0; ///< the kernel argument it passes (part of)
};

struct LauncherSpec {
  std::string kernelName;
  std::string cubin;
  int numWarps = 4;
  int numCTAs = 1;
  int threadsPerWarp = 32;
  int64_t shared = 0;
  /// Bytes of global scratch each CTA needs (device-side tensor maps) and
  /// their alignment: the launcher allocates programs x CTAs x this much
  /// for each launch, as Triton's launcher does.
  int64_t globalScratchSize = 0, globalScratchAlign = 1;
  std::vector<KernelParam> params;
};

/// The parameters of the module's public kernel (a tt.func or llvm.func of
/// the TTIR or TTGIR), named after their locations where those are C
/// identifiers. Fails on a type a launcher cannot pass. A tensor descriptor
/// argument is its pointer parts where the compile rewrites descriptors to
/// pointers (`descriptorsToPointers`: a TTIR input), else a CUtensorMap
/// passed by value (a TTGIR input that keeps them for TMA).
llvm::Expected<std::vector<KernelParam>>
getKernelParams(ModuleOp module, std::string &name,
                bool descriptorsToPointers = true);

/// The header and the source of the launcher; the header is meant to be
/// included as "<kernelName>.h".
struct CLauncher {
  std::string header, source;
};
CLauncher emitCLauncher(const LauncherSpec &spec);

} // namespace mlir::triton::driver

#endif // TRITON_DRIVER_CLAUNCHER_H
