//===- Plan.h - what a launch will do ---------------------------*- C++ -*-===//
//
// The launch parameters after flags, metadata and defaults are merged, in
// the order upstream Triton's launcher applies them: grid (gX * num_ctas,
// gY, gZ), block 32 * num_warps, all shared memory dynamic, a cluster of
// num_ctas CTAs along X, and the global and profile scratch buffers of
// grid * num_ctas * size bytes where the metadata asks for them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_PLAN_H
#define TRITON_RUN_PLAN_H

#include "Args.h"
#include "Metadata.h"
#include "Module.h"
#include "Options.h"

#include <cstdio>

namespace triton::runner {

struct LaunchPlan {
  std::string kernel;
  /// Programs per grid dimension, as the user counts them.
  uint64_t grid[3] = {1, 1, 1};
  /// Blocks per dimension given to the driver: grid[0] * numCtas along X.
  uint64_t launchGrid[3] = {1, 1, 1};
  uint64_t block[3] = {1, 1, 1};
  int64_t numWarps = 4, numCtas = 1, warpSize = 32;
  uint64_t shared = 0;
  bool scratchArgs = true;
  /// Bytes per program and alignment of the scratch buffers.
  uint64_t globalScratchSize = 0, globalScratchAlign = 1;
  uint64_t profileScratchSize = 0, profileScratchAlign = 1;

  uint64_t programs() const { return grid[0] * grid[1] * grid[2]; }
  bool emptyGrid() const { return programs() == 0; }
  /// grid * num_ctas * size: the whole scratch buffer, 0 for none.
  uint64_t globalScratchBytes() const {
    return programs() * static_cast<uint64_t>(numCtas) * globalScratchSize;
  }
  uint64_t profileScratchBytes() const {
    return programs() * static_cast<uint64_t>(numCtas) * profileScratchSize;
  }
};

/// Picks the kernel: --kernel, else the metadata's name, else the module's
/// only kernel. A name the module does not hold is an error listing the
/// kernels it does hold (when they are known without the driver).
Status chooseKernel(const Options &options, const KernelMetadata &metadata,
                    const ModuleImage &module, std::string &kernel);

/// Merges flags, metadata and defaults into a plan.
Status buildPlan(const Options &options, const KernelMetadata &metadata,
                 const std::string &kernel, LaunchPlan &plan);

/// Prints the plan: module, kernel, grid, block, shared memory, arguments.
void printPlan(FILE *out, const LaunchPlan &plan, const ModuleImage &module,
               const KernelMetadata &metadata,
               const std::vector<KernelArg> &args);

} // namespace triton::runner

#endif // TRITON_RUN_PLAN_H
