//===- NVPTXTarget.h - the NVPTX target a kernel is compiled for -*- C++
//-*-===//
//
// What the three back-end stages (make_llir's tail, make_ptx, make_cubin)
// share: the compute capability parsed from an `--arch` spelling, the LLVM
// processor and feature strings upstream Triton derives from it, and the
// PTX ISA version derived from the CUDA version of ptxas.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_NVPTXTARGET_H
#define TRITON_TARGET_NVPTXTARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace mlir::triton::nvidia {

/// The LLVM target triple of every Triton kernel.
inline constexpr llvm::StringLiteral kNVPTXTriple = "nvptx64-nvidia-cuda";

/// The highest PTX version Triton 3.6 asks LLVM to target (`+ptx86`); the
/// text fix-ups of make_ptx then write the real version into `.version`.
inline constexpr int kMaxLLVMPTXVersion = 86;

/// Options of the back-end stages, with upstream's CUDAOptions defaults.
struct NVPTXOptions {
  /// Compute capability, e.g. 90 for sm_90.
  int capability = 90;
  /// PTX ISA version times ten (e.g. 87 for PTX 8.7).
  int ptxVersion = 0;
  /// Fused multiply-add contraction in codegen (and `--fmad` in ptxas).
  bool enableFPFusion = true;
  /// Adds the `nvvm-reflect-ftz` module flag, so libdevice flushes denormals.
  bool enableReflectFtz = true;
  /// libdevice bitcode; empty: the default search (see findLibdevice).
  std::string libdevicePath;
};

/// Parses a GPU architecture: `sm_90`, `sm_90a` (the `a` is only accepted
/// from sm_90 on, where it is implied anyway), `90`, or Triton's target
/// string `cuda:90`. Returns the compute capability.
llvm::Expected<int> parseComputeCapability(llvm::StringRef arch);

/// The LLVM processor upstream uses for a capability: `sm_NN`, plus `a` from
/// sm_90 on.
std::string getNVPTXProcessor(int capability);

/// The LLVM feature string for a PTX version: `+ptx{min(86, version)}` as
/// upstream, raised to the processor's minimum (getMinimumPTXVersion) for the
/// newer processors LLVM refuses to target with PTX 8.6.
std::string getNVPTXFeatures(int capability, int ptxVersion);

/// The lowest PTX version LLVM's NVPTX back end targets the processor of a
/// capability with (e.g. 87 for sm_120a), from the processor's features.
int getMinimumPTXVersion(int capability);

/// The PTX version upstream derives from a CUDA version `MAJOR.MINOR`:
/// 12.x -> 80+minor (79+minor from 12.6 on), 11.x -> 70+minor,
/// 10.x -> 63+minor, 13 and later -> 90+(major-13)*10+minor.
llvm::Expected<int> getPTXVersionFromCUDAVersion(llvm::StringRef cudaVersion);

/// Initializes the NVPTX target of LLVM once per process.
void initializeNVPTXTarget();

/// Checks that LLVM's NVPTX back end knows the processor of a capability.
llvm::Error verifyNVPTXProcessor(int capability);

/// Checks that a PTX version is at least the processor's minimum. Newer
/// versions than LLVM knows are fine: LLVM targets at most 8.6 (or the
/// processor's minimum) and the text fix-ups write the chosen version.
llvm::Error verifyPTXVersion(int capability, int ptxVersion);

/// Sets a boolean option of LLVM's back end (e.g. `nvptx-short-ptr`), as
/// upstream does through LLVM's command-line registry. The option must exist.
llvm::Error setLLVMBoolOption(llvm::StringRef name, bool value);

/// Gives an LLVM option a value as if `-name=value` had been on the command
/// line: some options only count when they occur there. Once per process: a
/// later call, or an option that already occurred, leaves it alone.
llvm::Error setLLVMCommandLineOption(llvm::StringRef name,
                                     llvm::StringRef value);

/// Sets the NVPTX back end's options that upstream sets (`nvptx-short-ptr`:
/// 32-bit shared, constant and local pointers; `nvptx-mad-wide-opt`). They
/// are process-wide: set them before creating a target machine, which reads
/// them, and not while another thread compiles.
llvm::Error setNVPTXBackendOptions();

/// The NVPTX target machine of upstream's make_ptx: processor and features
/// from `options`, PIC, fused FP contraction when enabled, no NaNs, traps on
/// `unreachable`, verbose assembly; -O2 where upstream has -O3 (the same PTX
/// for the corpus, in less time). Checks the processor first. Call
/// setNVPTXBackendOptions before: the data layout depends on them.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNVPTXTargetMachine(const NVPTXOptions &options);

/// For functions that take an optional target machine: leaves a non-null
/// `machine` alone; otherwise sets the back-end options, makes a machine for
/// `options` into `owned` and points `machine` at it.
llvm::Error
ensureNVPTXTargetMachine(const NVPTXOptions &options,
                         llvm::TargetMachine *&machine,
                         std::unique_ptr<llvm::TargetMachine> &owned);

} // namespace mlir::triton::nvidia

#endif // TRITON_TARGET_NVPTXTARGET_H
