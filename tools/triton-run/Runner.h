//===- Runner.h - the launch on the GPU -------------------------*- C++ -*-===//
//
// Everything that needs the driver: context, module, device buffers, the
// launch, the copy back and the timing loop. It follows upstream Triton's
// launcher (driver.c load_binary and the generated launch function): primary
// context, shared memory above 48 KB opted in as optin - static, clusters
// through cuLaunchKernelEx, both scratch pointers always passed.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_RUNNER_H
#define TRITON_RUN_RUNNER_H

#include "Args.h"
#include "CudaDriver.h"
#include "Module.h"
#include "Plan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace triton::runner {

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int ccMajor = 0, ccMinor = 0;
  int multiprocessors = 0;
  int driverVersion = 0;
};

/// Attributes of the loaded kernel, as upstream's load_binary reports them.
struct FunctionInfo {
  int registers = 0;
  /// Local memory per thread (register spills), in bytes.
  int localBytes = 0;
  int maxThreads = 0;
  int staticShared = 0;
};

struct BenchResult {
  uint64_t warmup = 0, reps = 0;
  double minMs = 0, medianMs = 0, meanMs = 0;
  /// Host time of one launch call, mean and median over `launches` calls.
  uint64_t launches = 0;
  double launchMeanUs = 0, launchMedianUs = 0;
};

class Runner {
public:
  Runner() = default;
  Runner(const Runner &) = delete;
  Runner &operator=(const Runner &) = delete;
  /// Frees what was allocated, ignoring errors: after a fault in the kernel
  /// the context is unusable and every call fails.
  ~Runner();

  /// Loads the driver and makes the device's primary context current.
  Status open(int device);

  /// Loads the module, finds the kernel, reads its attributes and opts in to
  /// the plan's shared memory. Checks the arguments against the kernel's
  /// parameters when only the driver knows them (compressed fatbins).
  Status loadKernel(const ModuleImage &module, const LaunchPlan &plan,
                    const std::vector<KernelArg> &args);

  /// Allocates and fills the device buffers and the scratch buffers and
  /// builds the parameter list.
  Status upload(const std::vector<KernelArg> &args);

  /// Launches once and waits; a fault in the kernel is reported here.
  Status run();

  /// Copies every buffer back into its host array.
  Status download(std::vector<KernelArg> &args);

  /// Times the kernel as triton.testing.do_bench does.
  Status bench(const Options &options, BenchResult &result);

  const DeviceInfo &getDeviceInfo() const { return deviceInfo; }
  const FunctionInfo &getFunctionInfo() const { return functionInfo; }

private:
  cuda::CUresult launch();
  /// Device memory of `bytes`, aligned to `align`; 0 bytes gives 0.
  Status allocate(uint64_t bytes, uint64_t align, cuda::CUdeviceptr &pointer,
                  const std::string &what);

  cuda::Driver driver;
  DeviceInfo deviceInfo;
  FunctionInfo functionInfo;
  LaunchPlan plan;
  std::string kernelName;
  bool contextRetained = false;
  cuda::CUdevice deviceHandle = 0;
  /// The legacy default stream, as upstream Triton launches on torch's
  /// default stream: the synchronous copies are ordered with the launches,
  /// and no other stream exists to synchronize with.
  cuda::CUstream stream = nullptr;
  cuda::CUmodule module = nullptr;
  cuda::CUfunction kernelFunction = nullptr;
  /// Every cuMemAlloc result, to free.
  std::vector<cuda::CUdeviceptr> allocations;
  /// The value of each pointer parameter, parallel to the arguments, then
  /// global_scratch and profile_scratch.
  std::vector<cuda::CUdeviceptr> pointerValues;
  /// The bytes of each scalar parameter, parallel to the arguments.
  std::vector<uint64_t> scalarValues;
  /// The CUtensorMap of each descriptor argument, parallel to the arguments.
  struct alignas(64) TensorMap {
    unsigned char bytes[128] = {};
  };
  std::vector<TensorMap> tensorMaps;
  /// The kernel's parameter list: pointers into the vectors above.
  std::vector<void *> params;
};

} // namespace triton::runner

#endif // TRITON_RUN_RUNNER_H
