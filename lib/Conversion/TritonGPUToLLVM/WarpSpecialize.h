//===- WarpSpecialize.h - warp groups and their registers -------*- C++ -*-===//
//
// What tritongpu-allocate-warp-groups and convert-warp-specialize-to-llvm
// share: the names of the attributes they pass on, and how the registers of
// a kernel with ttg.warp_specialize ops are shared out between its warps.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_WARPSPECIALIZE_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_WARPSPECIALIZE_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir::triton::gpu {

inline constexpr llvm::StringLiteral kTotalNumWarpsAttr = "ttg.total-num-warps";
inline constexpr llvm::StringLiteral kMaxnregAttr = "ttg.maxnreg";

/// Marks a ttg.warp_specialize that convert-triton-gpu-to-llvm has lowered
/// the regions of: its captures and partition arguments have LLVM types,
/// the last being the kernel's global scratch pointer (which the
/// partitions, isolated from the kernel's arguments, need for global
/// scratch and calls).
inline constexpr llvm::StringLiteral kLoweredCapturesAttr =
    "ttg.lowered_captures";

/// setmaxnreg's bounds: a multiple of 8 from 24 to 256.
inline constexpr int kMinWarpRegisters = 24;
inline constexpr int kMaxWarpRegisters = 256;

/// The registers of one SM, which one CTA of a warp-specialized kernel uses.
inline constexpr int kRegistersPerCTA = 64 * 1024;

/// How many registers each thread of a kernel's warps holds outside the
/// partitions when they move registers with setmaxnreg: the kernel's own
/// warps as many as they can have, the workers what is left.
struct KernelRegisters {
  /// The limit every thread starts with (the kernel's .maxnreg).
  int start;
  /// The kernel's warps, outside the partitions.
  int kernel;
  /// The workers, while they wait or are idle.
  int idle;
};

/// The most registers a thread of a kernel of `totalWarps` warps can hold
/// (a multiple of 8, at most 256).
int maxRegistersPerThread(int totalWarps);

/// The registers of a kernel with `numWarps` warps of its own and
/// `totalWarps` in all, launched with `maxnreg` registers a thread; nullopt
/// when the workers would be left fewer than setmaxnreg's minimum.
std::optional<KernelRegisters> planKernelRegisters(int numWarps, int totalWarps,
                                                   int maxnreg);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_WARPSPECIALIZE_H
