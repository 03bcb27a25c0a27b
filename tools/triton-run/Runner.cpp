//===- Runner.cpp - the launch on the GPU --------------------------------===//

#include "Runner.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace triton::runner {

using namespace cuda;

Runner::~Runner() {
  if (!driver.init)
    return;
  for (CUdeviceptr pointer : allocations)
    driver.memFree(pointer);
  if (module)
    driver.moduleUnload(module);
  if (contextRetained)
    driver.devicePrimaryCtxRelease(deviceHandle);
}

Status Runner::open(int ordinal) {
  if (Status status = driver.load(); status.failed())
    return status;
  CUresult result = driver.init(0);
  if (result == CUDA_ERROR_NO_DEVICE)
    return Status::device("no CUDA device: " + driver.describe(result));
  if (Status status = driver.check(result, "cannot initialize CUDA (cuInit)");
      status.failed())
    return status;
  int count = 0;
  if (Status status =
          driver.check(driver.deviceGetCount(&count), "cuDeviceGetCount");
      status.failed())
    return status;
  if (count == 0)
    return Status::device("no CUDA device found");
  if (ordinal >= count)
    return Status::device(formatString(
        "--device %d: there are only %d CUDA devices", ordinal, count));
  if (Status status =
          driver.check(driver.deviceGet(&deviceHandle, ordinal), "cuDeviceGet");
      status.failed())
    return status;
  CUcontext context = nullptr;
  if (Status status =
          driver.check(driver.devicePrimaryCtxRetain(&context, deviceHandle),
                       "cannot create a context on the device");
      status.failed())
    return status;
  contextRetained = true;
  if (Status status =
          driver.check(driver.ctxSetCurrent(context), "cuCtxSetCurrent");
      status.failed())
    return status;

  deviceInfo.ordinal = ordinal;
  char name[256] = {};
  driver.deviceGetName(name, sizeof(name) - 1, deviceHandle);
  deviceInfo.name = name;
  driver.deviceGetAttribute(&deviceInfo.ccMajor,
                            CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                            deviceHandle);
  driver.deviceGetAttribute(&deviceInfo.ccMinor,
                            CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                            deviceHandle);
  driver.deviceGetAttribute(&deviceInfo.multiprocessors,
                            CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                            deviceHandle);
  driver.driverGetVersion(&deviceInfo.driverVersion);
  return Status();
}

/// The names of the module's kernels according to the driver, for messages.
static std::string driverKernelList(const Driver &driver, CUmodule module) {
  unsigned count = 0;
  if (!driver.moduleGetFunctionCount || !driver.moduleEnumerateFunctions ||
      !driver.funcGetName ||
      driver.moduleGetFunctionCount(&count, module) != CUDA_SUCCESS)
    return "";
  std::vector<CUfunction> functions(count);
  if (driver.moduleEnumerateFunctions(functions.data(), count, module) !=
      CUDA_SUCCESS)
    return "";
  std::string list;
  for (CUfunction function : functions) {
    const char *name = nullptr;
    if (driver.funcGetName(&name, function) == CUDA_SUCCESS && name)
      list += (list.empty() ? "" : ", ") + std::string(name);
  }
  return list;
}

Status Runner::loadKernel(const ModuleImage &image, const LaunchPlan &launch,
                          const std::vector<KernelArg> &args) {
  plan = launch;
  kernelName = launch.kernel;
  // PTX goes through the driver's JIT compiler; keep its log for errors.
  char errorLog[8192] = {};
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog,
                    reinterpret_cast<void *>(uintptr_t(sizeof(errorLog) - 1))};
  CUresult result =
      driver.moduleLoadDataEx(&module, image.bytes.data(), 2, options, values);
  if (result != CUDA_SUCCESS) {
    module = nullptr;
    std::string message =
        "cannot load " + image.path + ": " + driver.describe(result);
    if (errorLog[0])
      message += "\n" + std::string(errorLog);
    return Status::device(message);
  }
  result =
      driver.moduleGetFunction(&kernelFunction, module, kernelName.c_str());
  if (result == CUDA_ERROR_NOT_FOUND) {
    std::string list = driverKernelList(driver, module);
    return Status::badInput("kernel '" + kernelName + "' is not in " +
                            image.path +
                            (list.empty() ? "" : "; it holds: " + list));
  }
  if (Status status =
          driver.check(result, "cuModuleGetFunction(" + kernelName + ")");
      status.failed())
    return status;

  // A compressed fatbin told us nothing about the kernel's parameters; the
  // driver can (CUDA 12.4 and later).
  const KernelInfo *known = image.findKernel(kernelName);
  if ((!known || !known->hasParamInfo) && driver.funcGetParamInfo) {
    KernelInfo info;
    info.name = kernelName;
    size_t offset, size;
    while (driver.funcGetParamInfo(kernelFunction, info.paramSizes.size(),
                                   &offset, &size) == CUDA_SUCCESS)
      info.paramSizes.push_back(static_cast<unsigned>(size));
    if (Status status = checkParamSizes(args, info, plan.scratchArgs);
        status.failed())
      return status;
  }

  driver.funcGetAttribute(&functionInfo.registers, CU_FUNC_ATTRIBUTE_NUM_REGS,
                          kernelFunction);
  driver.funcGetAttribute(&functionInfo.localBytes,
                          CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, kernelFunction);
  driver.funcGetAttribute(&functionInfo.maxThreads,
                          CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                          kernelFunction);
  driver.funcGetAttribute(&functionInfo.staticShared,
                          CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, kernelFunction);

  uint64_t threads = plan.block[0] * plan.block[1] * plan.block[2];
  if (threads > static_cast<uint64_t>(functionInfo.maxThreads))
    return Status::badInput(formatString(
        "kernel '%s' runs at most %d threads per block, but the block has "
        "%llu (num_warps too large for its registers?)",
        kernelName.c_str(), functionInfo.maxThreads,
        static_cast<unsigned long long>(threads)));

  int optin = 0;
  driver.deviceGetAttribute(
      &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
      deviceHandle);
  uint64_t available =
      static_cast<uint64_t>(std::max(0, optin - functionInfo.staticShared));
  if (plan.shared > available)
    return Status::badInput(formatString(
        "kernel '%s' asks for %llu bytes of shared memory, but the device "
        "allows %llu per block (%d opt-in, %d static)",
        kernelName.c_str(), static_cast<unsigned long long>(plan.shared),
        static_cast<unsigned long long>(available), optin,
        functionInfo.staticShared));
  // Above 48 KB, dynamic shared memory needs an explicit opt-in.
  if (plan.shared > 49152) {
    if (Status status =
            driver.check(driver.funcSetCacheConfig(kernelFunction,
                                                   CU_FUNC_CACHE_PREFER_SHARED),
                         "cuFuncSetCacheConfig");
        status.failed())
      return status;
    if (Status status = driver.check(
            driver.funcSetAttribute(
                kernelFunction, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                static_cast<int>(available)),
            "cannot opt in to shared memory");
        status.failed())
      return status;
  }
  if (plan.numCtas > 1) {
    if (!driver.launchKernelEx)
      return Status::device("clusters (num_ctas > 1) need cuLaunchKernelEx, "
                            "which this driver lacks");
    // Clusters above the portable size of 8 must be allowed explicitly.
    if (plan.numCtas > 8)
      if (Status status = driver.check(
              driver.funcSetAttribute(
                  kernelFunction,
                  CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
              "cannot allow a non-portable cluster size");
          status.failed())
        return status;
  }
  return Status();
}

Status Runner::allocate(uint64_t bytes, uint64_t align, CUdeviceptr &pointer,
                        const std::string &what) {
  pointer = 0;
  if (bytes == 0)
    return Status();
  // cuMemAlloc aligns to at least 256 bytes; larger alignments are rare.
  uint64_t slack = align > 256 ? align : 0;
  CUdeviceptr base = 0;
  if (Status status = driver.check(
          driver.memAlloc(&base, bytes + slack),
          formatString("cannot allocate %llu bytes on the device for %s",
                       static_cast<unsigned long long>(bytes), what.c_str()));
      status.failed())
    return status;
  allocations.push_back(base);
  pointer = slack ? (base + align - 1) / align * align : base;
  return Status();
}

Status Runner::upload(const std::vector<KernelArg> &args) {
  pointerValues.assign(args.size() + 2, 0);
  params.clear();
  scalarValues.assign(args.size(), 0);
  for (const KernelArg &arg : args) {
    if (arg.holdsBuffer()) {
      std::string what =
          formatString("argument #%u '%s'", arg.index, arg.name.c_str());
      CUdeviceptr &pointer = pointerValues[arg.index];
      if (Status status = allocate(arg.host.byteSize(), 1, pointer, what);
          status.failed())
        return status;
      if (Status status =
              driver.check(driver.memcpyHtoD(pointer, arg.host.data.data(),
                                             arg.host.byteSize()),
                           "cannot copy " + what + " to the device");
          status.failed())
        return status;
    }
  }
  // Tensor maps of the descriptor arguments, over the buffers now on the
  // device, encoded as upstream's launcher encodes them (fill_tma_descriptor):
  // dimensions innermost first, byte strides of the outer ones, element
  // strides 1, no interleave, 128-byte L2 promotion, NaN or zero fill.
  tensorMaps.assign(args.size(), TensorMap{});
  for (const KernelArg &arg : args) {
    if (arg.kind != KernelArg::Kind::Descriptor)
      continue;
    std::string what = formatString("the tensor map of argument #%u '%s'",
                                    arg.index, arg.name.c_str());
    if (!driver.tensorMapEncodeTiled)
      return Status::device(what + ": the CUDA driver has no "
                                   "cuTensorMapEncodeTiled (CUDA 12 or newer)");
    const HostArray &host = arg.host;
    size_t rank = host.shape.size();
    unsigned long long dims[5], strides[5];
    unsigned box[5], elementStrides[5];
    unsigned long long stride = dtypeSize(host.dtype);
    for (size_t d = 0; d < rank; ++d) {
      size_t outer = rank - 1 - d;
      dims[d] = static_cast<unsigned long long>(host.shape[outer]);
      box[d] = static_cast<unsigned>(arg.box[outer]);
      elementStrides[d] = 1;
      if (d > 0)
        strides[d - 1] = stride;
      stride *= dims[d];
    }
    if (Status status = driver.check(
            driver.tensorMapEncodeTiled(
                tensorMaps[arg.index].bytes, arg.tmaDataType,
                static_cast<unsigned>(rank),
                reinterpret_cast<void *>(pointerValues[arg.index]), dims,
                strides, box, elementStrides, /*interleave=*/0, arg.swizzle,
                /*L2 promotion 128B=*/2, arg.nanPadding ? 1 : 0),
            "cannot encode " + what);
        status.failed())
      return status;
  }
  for (const KernelArg &arg : args) {
    if (arg.kind == KernelArg::Kind::Scalar) {
      std::memcpy(&scalarValues[arg.index], arg.value, dtypeSize(arg.dtype));
      params.push_back(&scalarValues[arg.index]);
    } else if (arg.kind == KernelArg::Kind::Descriptor) {
      params.push_back(tensorMaps[arg.index].bytes);
    } else {
      params.push_back(&pointerValues[arg.index]);
    }
  }
  if (plan.scratchArgs) {
    CUdeviceptr &global = pointerValues[args.size()];
    CUdeviceptr &profile = pointerValues[args.size() + 1];
    if (Status status =
            allocate(plan.globalScratchBytes(), plan.globalScratchAlign, global,
                     "the global scratch buffer");
        status.failed())
      return status;
    if (Status status =
            allocate(plan.profileScratchBytes(), plan.profileScratchAlign,
                     profile, "the profile scratch buffer");
        status.failed())
      return status;
    params.push_back(&global);
    params.push_back(&profile);
  }
  return Status();
}

CUresult Runner::launch() {
  unsigned gridX = static_cast<unsigned>(plan.launchGrid[0]);
  unsigned gridY = static_cast<unsigned>(plan.launchGrid[1]);
  unsigned gridZ = static_cast<unsigned>(plan.launchGrid[2]);
  unsigned blockX = static_cast<unsigned>(plan.block[0]);
  unsigned blockY = static_cast<unsigned>(plan.block[1]);
  unsigned blockZ = static_cast<unsigned>(plan.block[2]);
  unsigned shared = static_cast<unsigned>(plan.shared);
  if (plan.numCtas == 1)
    return driver.launchKernel(kernelFunction, gridX, gridY, gridZ, blockX,
                               blockY, blockZ, shared, stream, params.data(),
                               nullptr);
  CUlaunchAttribute attributes[2] = {};
  attributes[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attributes[0].value.clusterDim.x = static_cast<unsigned>(plan.numCtas);
  attributes[0].value.clusterDim.y = 1;
  attributes[0].value.clusterDim.z = 1;
  attributes[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
  attributes[1].value.clusterSchedulingPolicyPreference =
      CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
  CUlaunchConfig config = {};
  config.gridDimX = gridX;
  config.gridDimY = gridY;
  config.gridDimZ = gridZ;
  config.blockDimX = blockX;
  config.blockDimY = blockY;
  config.blockDimZ = blockZ;
  config.sharedMemBytes = shared;
  config.hStream = stream;
  config.attrs = attributes;
  config.numAttrs = 2;
  return driver.launchKernelEx(&config, kernelFunction, params.data(), nullptr);
}

Status Runner::run() {
  if (plan.emptyGrid())
    return Status();
  if (Status status = driver.check(launch(), "cannot launch " + kernelName);
      status.failed())
    return status;
  // Faults inside the kernel (an illegal address, a trap) surface here.
  return driver.check(driver.streamSynchronize(stream),
                      "kernel " + kernelName + " failed");
}

Status Runner::download(std::vector<KernelArg> &args) {
  for (KernelArg &arg : args) {
    if (!arg.holdsBuffer())
      continue;
    if (Status status = driver.check(
            driver.memcpyDtoH(arg.host.data.data(), pointerValues[arg.index],
                              arg.host.byteSize()),
            formatString("cannot copy argument #%u '%s' back from the device",
                         arg.index, arg.name.c_str()));
        status.failed())
      return status;
  }
  return Status();
}

namespace {
/// CUDA events, destroyed on scope exit.
class EventPool {
public:
  explicit EventPool(const Driver &driver) : driver(driver) {}
  ~EventPool() {
    for (CUevent event : events)
      driver.eventDestroy(event);
  }
  Status create(size_t count) {
    events.reserve(events.size() + count);
    for (size_t i = 0; i < count; ++i) {
      CUevent event;
      if (Status status = driver.check(
              driver.eventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
          status.failed())
        return status;
      events.push_back(event);
    }
    return Status();
  }
  CUevent operator[](size_t i) const { return events[i]; }

private:
  const Driver &driver;
  std::vector<CUevent> events;
};
} // namespace

Status Runner::bench(const Options &options, BenchResult &result) {
  if (plan.emptyGrid())
    return Status::badInput("--bench: the grid is empty, nothing to time");
  // do_bench evicts the L2 cache before each repetition by zeroing a 256 MB
  // buffer.
  const size_t flushBytes = 256000000;
  CUdeviceptr flush;
  if (Status status = allocate(flushBytes, 1, flush, "the L2 flush buffer");
      status.failed())
    return status;
  auto clearCache = [&] {
    return driver.memsetD32Async(flush, 0, flushBytes / 4, stream);
  };
  // Messages are made only on failure: the launch loops below are timed.
  auto step = [&](CUresult code, const char *what) {
    return code == CUDA_SUCCESS
               ? Status()
               : driver.check(code, std::string("--bench: ") + what);
  };
  const std::string failed = "kernel " + kernelName + " failed";

  // Estimate one run (with its flush) from 5, as do_bench does.
  EventPool estimate(driver);
  if (Status status = estimate.create(2); status.failed())
    return status;
  if (Status status = run(); status.failed())
    return status;
  if (Status status = step(driver.eventRecord(estimate[0], stream), "record");
      status.failed())
    return status;
  for (int i = 0; i < 5; ++i) {
    if (Status status = step(clearCache(), "cache flush"); status.failed())
      return status;
    if (Status status = step(launch(), "launch"); status.failed())
      return status;
  }
  if (Status status = step(driver.eventRecord(estimate[1], stream), "record");
      status.failed())
    return status;
  if (Status status =
          step(driver.eventSynchronize(estimate[1]), failed.c_str());
      status.failed())
    return status;
  float estimateMs = 0;
  if (Status status =
          step(driver.eventElapsedTime(&estimateMs, estimate[0], estimate[1]),
               "elapsed time");
      status.failed())
    return status;
  double perRun = std::max(double(estimateMs) / 5, 1e-6);
  result.warmup = options.warmupCount.value_or(
      std::max<uint64_t>(1, static_cast<uint64_t>(options.warmupMs / perRun)));
  result.reps = options.repCount.value_or(
      std::max<uint64_t>(1, static_cast<uint64_t>(options.repMs / perRun)));

  EventPool events(driver);
  if (Status status = events.create(2 * result.reps); status.failed())
    return status;
  for (uint64_t i = 0; i < result.warmup; ++i)
    if (Status status = step(launch(), "launch"); status.failed())
      return status;
  for (uint64_t i = 0; i < result.reps; ++i) {
    if (Status status = step(clearCache(), "cache flush"); status.failed())
      return status;
    if (Status status =
            step(driver.eventRecord(events[2 * i], stream), "record");
        status.failed())
      return status;
    if (Status status = step(launch(), "launch"); status.failed())
      return status;
    if (Status status =
            step(driver.eventRecord(events[2 * i + 1], stream), "record");
        status.failed())
      return status;
  }
  if (Status status = step(driver.streamSynchronize(stream), failed.c_str());
      status.failed())
    return status;
  std::vector<double> times(result.reps);
  for (uint64_t i = 0; i < result.reps; ++i) {
    float ms = 0;
    if (Status status =
            step(driver.eventElapsedTime(&ms, events[2 * i], events[2 * i + 1]),
                 "elapsed time");
        status.failed())
      return status;
    times[i] = ms;
  }
  std::sort(times.begin(), times.end());
  size_t middle = times.size() / 2;
  result.minMs = times.front();
  result.medianMs = times.size() % 2 ? times[middle]
                                     : (times[middle - 1] + times[middle]) / 2;
  double sum = 0;
  for (double time : times)
    sum += time;
  result.meanMs = sum / static_cast<double>(times.size());

  // Host launch overhead: the time of the launch call itself, back to back,
  // few enough that the driver's launch queue never fills and blocks. One
  // clock read between launches, so that each interval holds one launch.
  result.launches = 100;
  std::vector<std::chrono::steady_clock::time_point> stamps(result.launches +
                                                            1);
  for (uint64_t i = 0; i < result.launches; ++i) {
    stamps[i] = std::chrono::steady_clock::now();
    if (Status status = step(launch(), "launch"); status.failed())
      return status;
  }
  stamps[result.launches] = std::chrono::steady_clock::now();
  if (Status status = step(driver.streamSynchronize(stream), failed.c_str());
      status.failed())
    return status;
  std::vector<double> calls(result.launches);
  for (uint64_t i = 0; i < result.launches; ++i)
    calls[i] =
        std::chrono::duration<double, std::micro>(stamps[i + 1] - stamps[i])
            .count();
  result.launchMeanUs =
      std::chrono::duration<double, std::micro>(stamps.back() - stamps[0])
          .count() /
      static_cast<double>(result.launches);
  std::sort(calls.begin(), calls.end());
  result.launchMedianUs =
      (calls[calls.size() / 2 - 1] + calls[calls.size() / 2]) / 2;
  return Status();
}

} // namespace triton::runner
