//===- Plan.cpp - what a launch will do ----------------------------------===//

#include "Plan.h"

namespace triton::runner {

Status chooseKernel(const Options &options, const KernelMetadata &metadata,
                    const ModuleImage &module, std::string &kernel) {
  kernel = !options.kernel.empty() ? options.kernel : metadata.name;
  if (kernel.empty()) {
    if (module.kernels.size() == 1) {
      kernel = module.kernels[0].name;
      return Status();
    }
    if (!module.kernelsNote.empty())
      return Status::badInput("cannot list the kernels of " + module.path +
                              " (" + module.kernelsNote +
                              "): name one with --kernel");
    if (module.kernels.empty())
      return Status::badInput(module.path + " holds no kernel");
    return Status::badInput(module.path + " holds several kernels (" +
                            module.kernelList() + "): name one with --kernel");
  }
  // A compressed fatbin's kernels are known only to the driver.
  if (!module.findKernel(kernel) && module.kernelsNote.empty())
    return Status::badInput("kernel '" + kernel + "' is not in " + module.path +
                            "; it holds: " + module.kernelList());
  return Status();
}

Status buildPlan(const Options &options, const KernelMetadata &metadata,
                 const std::string &kernel, LaunchPlan &plan) {
  plan.kernel = kernel;
  plan.numWarps = options.numWarps.value_or(metadata.numWarps.value_or(4));
  plan.numCtas = options.numCtas.value_or(metadata.numCtas.value_or(1));
  plan.warpSize = metadata.warpSize.value_or(32);
  plan.shared = static_cast<uint64_t>(
      options.shared.value_or(metadata.shared.value_or(0)));
  plan.scratchArgs = options.scratchArgs;
  plan.globalScratchSize =
      static_cast<uint64_t>(options.globalScratchSize.value_or(
          metadata.globalScratchSize.value_or(0)));
  plan.globalScratchAlign =
      static_cast<uint64_t>(metadata.globalScratchAlign.value_or(1));
  plan.profileScratchSize =
      static_cast<uint64_t>(options.profileScratchSize.value_or(
          metadata.profileScratchSize.value_or(0)));
  plan.profileScratchAlign =
      static_cast<uint64_t>(metadata.profileScratchAlign.value_or(1));
  if (plan.globalScratchAlign == 0)
    plan.globalScratchAlign = 1;
  if (plan.profileScratchAlign == 0)
    plan.profileScratchAlign = 1;
  if (!plan.scratchArgs &&
      (plan.globalScratchSize > 0 || plan.profileScratchSize > 0))
    return Status::badInput("the kernel needs scratch memory (global "
                            "or profile scratch size > 0), which "
                            "--no-scratch-args cannot pass");

  const std::vector<int64_t> &grid =
      !options.grid.empty() ? options.grid : metadata.grid;
  if (grid.empty())
    return Status::badInput("no grid: give --grid X[,Y[,Z]]");
  for (size_t i = 0; i < 3; ++i)
    plan.grid[i] = i < grid.size() ? static_cast<uint64_t>(grid[i]) : 1;
  plan.launchGrid[0] = plan.grid[0] * static_cast<uint64_t>(plan.numCtas);
  plan.launchGrid[1] = plan.grid[1];
  plan.launchGrid[2] = plan.grid[2];
  if (plan.launchGrid[0] > INT32_MAX || plan.grid[1] > 65535 ||
      plan.grid[2] > 65535)
    return Status::badInput(formatString(
        "grid %llux%llux%llu (x num_ctas %lld) is out of the device's limits "
        "(2^31-1 x 65535 x 65535)",
        static_cast<unsigned long long>(plan.grid[0]),
        static_cast<unsigned long long>(plan.grid[1]),
        static_cast<unsigned long long>(plan.grid[2]),
        static_cast<long long>(plan.numCtas)));
  if (plan.numCtas > 16)
    return Status::badInput(
        formatString("num_ctas %lld exceeds the largest cluster (16)",
                     static_cast<long long>(plan.numCtas)));

  if (!options.block.empty()) {
    for (size_t i = 0; i < 3; ++i)
      plan.block[i] = i < options.block.size()
                          ? static_cast<uint64_t>(options.block[i])
                          : 1;
  } else {
    plan.block[0] = static_cast<uint64_t>(plan.warpSize) *
                    static_cast<uint64_t>(plan.numWarps);
  }
  if (plan.block[0] * plan.block[1] * plan.block[2] > 1024)
    return Status::badInput(
        formatString("a block of %llux%llux%llu threads exceeds 1024 threads",
                     static_cast<unsigned long long>(plan.block[0]),
                     static_cast<unsigned long long>(plan.block[1]),
                     static_cast<unsigned long long>(plan.block[2])));
  return Status();
}

static std::string dims(const uint64_t values[3]) {
  return formatString("%llux%llux%llu",
                      static_cast<unsigned long long>(values[0]),
                      static_cast<unsigned long long>(values[1]),
                      static_cast<unsigned long long>(values[2]));
}

void printPlan(FILE *out, const LaunchPlan &plan, const ModuleImage &module,
               const KernelMetadata &metadata,
               const std::vector<KernelArg> &args) {
  std::fprintf(out, "module: %s (%s; kernels: %s)\n", module.path.c_str(),
               moduleFormatName(module.format), module.kernelList().c_str());
  std::fprintf(out, "kernel: %s\n", plan.kernel.c_str());
  if (!metadata.path.empty())
    std::fprintf(out, "metadata: %s%s%s\n", metadata.path.c_str(),
                 metadata.target.empty() ? "" : ", target ",
                 metadata.target.c_str());
  if (!metadata.signatureSource.empty()) {
    std::string types;
    for (const SignatureEntry &entry : metadata.signature)
      types += (types.empty() ? "" : ", ") + entry.type;
    std::fprintf(out, "signature: %s (%s)\n", types.c_str(),
                 metadata.signatureSource.c_str());
  }
  std::fprintf(out, "grid: %s", dims(plan.grid).c_str());
  if (plan.numCtas > 1)
    std::fprintf(out, ", clusters of %lld CTAs: %s blocks",
                 static_cast<long long>(plan.numCtas),
                 dims(plan.launchGrid).c_str());
  std::fprintf(out, "\nblock: %s (num_warps %lld)\n", dims(plan.block).c_str(),
               static_cast<long long>(plan.numWarps));
  std::fprintf(out, "shared: %llu bytes\n",
               static_cast<unsigned long long>(plan.shared));
  std::fprintf(out, "args:\n");
  for (const KernelArg &arg : args) {
    std::fprintf(out, "  #%u %s: %s", arg.index, arg.name.c_str(),
                 arg.describe().c_str());
    if (arg.kind == KernelArg::Kind::Buffer)
      std::fprintf(out, " (%zu bytes, %s)", arg.host.byteSize(),
                   arg.init.describe(arg.host.dtype).c_str());
    if (arg.kind == KernelArg::Kind::Descriptor)
      std::fprintf(out, " (tensor map: box %s, swizzle %d, data type %d)",
                   formatShape(arg.box).c_str(), arg.swizzle, arg.tmaDataType);
    std::fprintf(out, "\n");
  }
  if (plan.scratchArgs) {
    unsigned next = static_cast<unsigned>(args.size());
    uint64_t global = plan.globalScratchBytes();
    uint64_t profile = plan.profileScratchBytes();
    std::fprintf(out, "  #%u global_scratch: %s\n", next,
                 global ? formatString("%llu bytes",
                                       static_cast<unsigned long long>(global))
                              .c_str()
                        : "null");
    std::fprintf(out, "  #%u profile_scratch: %s\n", next + 1,
                 profile
                     ? formatString("%llu bytes",
                                    static_cast<unsigned long long>(profile))
                           .c_str()
                     : "null");
  }
}

} // namespace triton::runner
