//===- triton-run.cpp - launch a GPU kernel from the command line --------===//
//
// The last stage of the toolchain: loads a cubin, PTX or fatbin (ours or
// upstream Triton's), builds the arguments given on the command line, runs
// the kernel, and prints, saves, checks and times the results. Every step up
// to the launch needs no GPU, so --dry-run exercises all of it in CI.
//
//===----------------------------------------------------------------------===//

#include "Args.h"
#include "Metadata.h"
#include "Module.h"
#include "Npy.h"
#include "Options.h"
#include "Plan.h"
#include "Report.h"
#include "Runner.h"

#include <cstdio>

using namespace triton::runner;

#ifndef TRITON_RUN_VERSION
#define TRITON_RUN_VERSION "unknown"
#endif

/// The buffer argument `name`, or an error naming the buffers there are.
static Status findBuffer(const std::vector<KernelArg> &args,
                         const std::string &option, const std::string &name,
                         const KernelArg *&found) {
  std::string buffers;
  for (const KernelArg &arg : args) {
    if (arg.name == name && arg.holdsBuffer()) {
      found = &arg;
      return Status();
    }
    if (arg.name == name)
      return Status::badInput(option + " " + name + ": argument #" +
                              std::to_string(arg.index) + " is not a buffer");
    if (arg.holdsBuffer())
      buffers += (buffers.empty() ? "" : ", ") + arg.name;
  }
  return Status::badInput(
      option + ": no buffer named '" + name +
      "' (buffers: " + (buffers.empty() ? "none" : buffers) + ")");
}

/// --print, --save and --check on the buffers' current host contents.
static Status writeOutputs(const Options &options,
                           const std::vector<KernelArg> &args,
                           RunReport &report) {
  const KernelArg *arg = nullptr;
  for (const std::string &name : options.prints) {
    if (Status status = findBuffer(args, "--print", name, arg); status.failed())
      return status;
    printArray(stdout, name, arg->host);
  }
  for (const auto &[name, file] : options.saves) {
    if (Status status = findBuffer(args, "--save", name, arg); status.failed())
      return status;
    if (Status status = writeArrayFile(file, arg->host); status.failed())
      return status;
    std::printf("saved %s to %s\n", name.c_str(), file.c_str());
    report.saved.emplace_back(name, file);
  }
  for (const auto &[name, file] : options.checks) {
    if (Status status = findBuffer(args, "--check", name, arg); status.failed())
      return status;
    CheckResult result;
    if (Status status = checkArray(stdout, name, arg->host, file, options.atol,
                                   options.rtol, result);
        status.failed())
      return status;
    report.checks.push_back(std::move(result));
  }
  return Status();
}

/// Every step from the files to the results; `report` collects what the
/// --json report says.
static Status runTool(const Options &options, std::vector<KernelArg> &args,
                      KernelMetadata &metadata, ModuleImage &module,
                      LaunchPlan &plan, Runner &runner, BenchResult &bench,
                      RunReport &report) {
  if (!options.metadataPath.empty())
    if (Status status = loadMetadata(options.metadataPath, metadata);
        status.failed())
      return status;
  if (!options.signatureSpec.empty())
    if (Status status = loadSignature(options.signatureSpec, metadata);
        status.failed())
      return status;
  if (Status status = loadModule(options.modulePath, module); status.failed())
    return status;
  report.module = &module;
  report.metadata = &metadata;
  std::string kernel;
  if (Status status = chooseKernel(options, metadata, module, kernel);
      status.failed())
    return status;

  if (Status status = parseKernelArgs(options.argTexts, args); status.failed())
    return status;
  // Refer to buffers that exist before spending time on their contents.
  const KernelArg *unused = nullptr;
  for (const std::string &name : options.prints)
    if (Status status = findBuffer(args, "--print", name, unused);
        status.failed())
      return status;
  for (const auto &entry : options.saves)
    if (Status status = findBuffer(args, "--save", entry.first, unused);
        status.failed())
      return status;
  for (const auto &entry : options.checks)
    if (Status status = findBuffer(args, "--check", entry.first, unused);
        status.failed())
      return status;
  if (Status status = materializeBuffers(args); status.failed())
    return status;
  if (Status status = applySignature(args, metadata); status.failed())
    return status;
  if (Status status = resolveDescriptors(args, metadata); status.failed())
    return status;
  report.args = &args;
  const KernelInfo *info = module.findKernel(kernel);
  if (info && info->hasParamInfo)
    if (Status status = checkParamSizes(args, *info, options.scratchArgs);
        status.failed())
      return status;
  if (Status status = buildPlan(options, metadata, kernel, plan);
      status.failed())
    return status;
  report.plan = &plan;
  printPlan(stdout, plan, module, metadata, args);

  if (options.dryRun) {
    std::printf("dry run: nothing launched%s\n",
                options.bench ? ", --bench skipped" : "");
    return writeOutputs(options, args, report);
  }

  if (Status status = runner.open(options.device); status.failed())
    return status;
  report.device = &runner.getDeviceInfo();
  const DeviceInfo &device = runner.getDeviceInfo();
  std::printf("device: %s (sm_%d%d, %d SMs)\n", device.name.c_str(),
              device.ccMajor, device.ccMinor, device.multiprocessors);
  if (Status status = runner.loadKernel(module, plan, args); status.failed())
    return status;
  report.function = &runner.getFunctionInfo();
  const FunctionInfo &function = runner.getFunctionInfo();
  std::printf("function: %d registers, %d spills, %d bytes static shared\n",
              function.registers, function.localBytes / 4,
              function.staticShared);
  if (Status status = runner.upload(args); status.failed())
    return status;
  if (Status status = runner.run(); status.failed())
    return status;
  if (plan.emptyGrid())
    std::printf("empty grid: launch skipped\n");
  else
    std::printf("ran %s\n", plan.kernel.c_str());
  if (Status status = runner.download(args); status.failed())
    return status;
  if (Status status = writeOutputs(options, args, report); status.failed())
    return status;
  if (options.bench) {
    if (Status status = runner.bench(options, bench); status.failed())
      return status;
    report.bench = &bench;
    printBench(stdout, bench, options);
  }
  return Status();
}

int main(int argc, char **argv) {
  Options options;
  Status status = parseOptions(argc, argv, options);
  if (!status.failed() && options.help) {
    std::fputs(helpText(), stdout);
    return ExitSuccess;
  }
  if (!status.failed() && options.version) {
    std::printf("triton-run %s (kernel ABI of Triton 3.6)\n",
                TRITON_RUN_VERSION);
    return ExitSuccess;
  }

  std::vector<KernelArg> args;
  KernelMetadata metadata;
  ModuleImage module;
  LaunchPlan plan;
  Runner runner;
  BenchResult bench;
  RunReport report;
  report.options = &options;
  if (!status.failed())
    status =
        runTool(options, args, metadata, module, plan, runner, bench, report);
  if (!status.failed()) {
    size_t failed = 0;
    for (const CheckResult &check : report.checks)
      failed += check.passed() ? 0 : 1;
    if (failed)
      status = Status::mismatch(formatString(
          "%zu of %zu checks found mismatches", failed, report.checks.size()));
  }
  // Flush the results before the error, so that both read in order.
  std::fflush(stdout);
  if (status.failed())
    std::fprintf(stderr, "triton-run: %s: %s\n",
                 status.exitCode() == ExitMismatch ? "check failed" : "error",
                 status.message().c_str());
  if (!options.jsonPath.empty()) {
    report.status = status;
    if (Status written = writeReport(options.jsonPath, report);
        written.failed()) {
      std::fprintf(stderr, "triton-run: error: %s\n",
                   written.message().c_str());
      if (!status.failed())
        return written.exitCode();
    }
  }
  return status.exitCode();
}
