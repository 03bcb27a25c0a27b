//===- CudaDriver.cpp - the CUDA driver API, loaded at run time ----------===//

#include "CudaDriver.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

#ifdef TRITON_RUN_CHECK_CUDA_H
// Only to check the declarations of CudaDriver.h against the real ones.
#include <cstddef>
#include <cuda.h>

namespace triton::runner::cuda {
#define TRITON_RUN_SAME(NAME) static_assert(NAME == ::NAME, #NAME)
TRITON_RUN_SAME(CUDA_SUCCESS);
TRITON_RUN_SAME(CUDA_ERROR_NO_DEVICE);
TRITON_RUN_SAME(CUDA_ERROR_NOT_FOUND);
TRITON_RUN_SAME(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
TRITON_RUN_SAME(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
TRITON_RUN_SAME(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
TRITON_RUN_SAME(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_NUM_REGS);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
TRITON_RUN_SAME(CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED);
TRITON_RUN_SAME(CU_FUNC_CACHE_PREFER_SHARED);
TRITON_RUN_SAME(CU_JIT_ERROR_LOG_BUFFER);
TRITON_RUN_SAME(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
TRITON_RUN_SAME(CU_EVENT_DEFAULT);
TRITON_RUN_SAME(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
TRITON_RUN_SAME(CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE);
TRITON_RUN_SAME(CU_CLUSTER_SCHEDULING_POLICY_SPREAD);
#undef TRITON_RUN_SAME
static_assert(sizeof(CUlaunchAttribute) == sizeof(::CUlaunchAttribute));
static_assert(offsetof(CUlaunchAttribute, value) ==
              offsetof(::CUlaunchAttribute, value));
static_assert(sizeof(CUlaunchConfig) == sizeof(::CUlaunchConfig));
static_assert(offsetof(CUlaunchConfig, hStream) ==
              offsetof(::CUlaunchConfig, hStream));
static_assert(offsetof(CUlaunchConfig, attrs) ==
              offsetof(::CUlaunchConfig, attrs));
static_assert(offsetof(CUlaunchConfig, numAttrs) ==
              offsetof(::CUlaunchConfig, numAttrs));
} // namespace triton::runner::cuda
#endif

namespace triton::runner::cuda {

namespace {
/// One entry point: its exported names, newest first, and where it goes.
struct EntryPoint {
  const char *names[2];
  void *slot;
  bool required;
};
} // namespace

Status Driver::load() {
  const char *library = std::getenv("TRITON_RUN_LIBCUDA");
  if (!library || !*library)
    library = "libcuda.so.1";
  void *handle = ::dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = ::dlerror();
    return Status::device(
        formatString("no CUDA driver: %s; is the NVIDIA driver installed?",
                     why ? why : library));
  }
  const EntryPoint entries[] = {
      {{"cuInit"}, &init, true},
      {{"cuDriverGetVersion"}, &driverGetVersion, true},
      {{"cuGetErrorName"}, &getErrorName, true},
      {{"cuGetErrorString"}, &getErrorString, true},
      {{"cuDeviceGetCount"}, &deviceGetCount, true},
      {{"cuDeviceGet"}, &deviceGet, true},
      {{"cuDeviceGetName"}, &deviceGetName, true},
      {{"cuDeviceGetAttribute"}, &deviceGetAttribute, true},
      {{"cuDevicePrimaryCtxRetain"}, &devicePrimaryCtxRetain, true},
      {{"cuDevicePrimaryCtxRelease_v2"}, &devicePrimaryCtxRelease, true},
      {{"cuCtxSetCurrent"}, &ctxSetCurrent, true},
      {{"cuModuleLoadDataEx"}, &moduleLoadDataEx, true},
      {{"cuModuleUnload"}, &moduleUnload, true},
      {{"cuModuleGetFunction"}, &moduleGetFunction, true},
      {{"cuFuncGetAttribute"}, &funcGetAttribute, true},
      {{"cuFuncSetAttribute"}, &funcSetAttribute, true},
      {{"cuFuncSetCacheConfig"}, &funcSetCacheConfig, true},
      {{"cuMemAlloc_v2"}, &memAlloc, true},
      {{"cuMemFree_v2"}, &memFree, true},
      {{"cuMemcpyHtoD_v2"}, &memcpyHtoD, true},
      {{"cuMemcpyDtoH_v2"}, &memcpyDtoH, true},
      {{"cuMemsetD32Async"}, &memsetD32Async, true},
      {{"cuStreamSynchronize"}, &streamSynchronize, true},
      {{"cuEventCreate"}, &eventCreate, true},
      {{"cuEventDestroy_v2"}, &eventDestroy, true},
      {{"cuEventRecord"}, &eventRecord, true},
      {{"cuEventSynchronize"}, &eventSynchronize, true},
      {{"cuEventElapsedTime_v2", "cuEventElapsedTime"},
       &eventElapsedTime,
       true},
      {{"cuLaunchKernel"}, &launchKernel, true},
      {{"cuLaunchKernelEx"}, &launchKernelEx, false},
      {{"cuFuncGetParamInfo"}, &funcGetParamInfo, false},
      {{"cuModuleGetFunctionCount"}, &moduleGetFunctionCount, false},
      {{"cuModuleEnumerateFunctions"}, &moduleEnumerateFunctions, false},
      {{"cuFuncGetName"}, &funcGetName, false},
      {{"cuTensorMapEncodeTiled"}, &tensorMapEncodeTiled, false},
  };
  for (const EntryPoint &entry : entries) {
    void *symbol = nullptr;
    for (const char *name : entry.names)
      if (name && !symbol)
        symbol = ::dlsym(handle, name);
    if (!symbol && entry.required)
      return Status::device(formatString(
          "the CUDA driver %s lacks %s: it is too old, or not a CUDA driver",
          library, entry.names[0]));
    // POSIX guarantees that dlsym's object pointer holds a function address.
    std::memcpy(entry.slot, &symbol, sizeof(symbol));
  }
  return Status();
}

std::string Driver::describe(CUresult result) const {
  const char *name = nullptr;
  const char *text = nullptr;
  if (getErrorName(result, &name) != CUDA_SUCCESS || !name)
    return formatString("CUDA error %d", result);
  if (getErrorString(result, &text) != CUDA_SUCCESS || !text)
    return name;
  return formatString("%s (%d): %s", name, result, text);
}

Status Driver::check(CUresult result, const std::string &what) const {
  if (result == CUDA_SUCCESS)
    return Status();
  return Status::device(what + ": " + describe(result));
}

} // namespace triton::runner::cuda
