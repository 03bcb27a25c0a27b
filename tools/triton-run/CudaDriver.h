//===- CudaDriver.h - the CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// triton-run links against nothing of CUDA: it dlopens libcuda.so.1 (or the
// library named by $TRITON_RUN_LIBCUDA) and looks up the entry points it
// uses, under the versioned names the driver exports (cuMemAlloc_v2, ...).
// So it builds on machines without CUDA and fails with a message, not a
// loader error, where there is no driver. The few driver types and constants
// are declared here; CudaDriver.cpp checks them against cuda.h when the
// build finds one.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_CUDADRIVER_H
#define TRITON_RUN_CUDADRIVER_H

#include "Support.h"

#include <cstddef>
#include <string>

namespace triton::runner::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;

constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr int CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3;
constexpr int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;
constexpr int CU_FUNC_CACHE_PREFER_SHARED = 1;

constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

constexpr unsigned CU_EVENT_DEFAULT = 0;

constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5;
constexpr int CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1;

/// CUlaunchAttribute: an id, padding to 8 bytes, a 64-byte value union.
struct CUlaunchAttribute {
  int id;
  char pad[4];
  union {
    char pad[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
    int clusterSchedulingPolicyPreference;
  } value;
};

struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

/// The driver's entry points. Required ones are non-null after load();
/// optional ones (newer than CUDA 12.0) may stay null.
struct Driver {
  CUresult (*init)(unsigned flags) = nullptr;
  CUresult (*driverGetVersion)(int *version) = nullptr;
  CUresult (*getErrorName)(CUresult error, const char **name) = nullptr;
  CUresult (*getErrorString)(CUresult error, const char **text) = nullptr;
  CUresult (*deviceGetCount)(int *count) = nullptr;
  CUresult (*deviceGet)(CUdevice *device, int ordinal) = nullptr;
  CUresult (*deviceGetName)(char *name, int length, CUdevice device) = nullptr;
  CUresult (*deviceGetAttribute)(int *value, int attribute,
                                 CUdevice device) = nullptr;
  CUresult (*devicePrimaryCtxRetain)(CUcontext *context,
                                     CUdevice device) = nullptr;
  CUresult (*devicePrimaryCtxRelease)(CUdevice device) = nullptr;
  CUresult (*ctxSetCurrent)(CUcontext context) = nullptr;
  CUresult (*moduleLoadDataEx)(CUmodule *module, const void *image,
                               unsigned numOptions, int *options,
                               void **values) = nullptr;
  CUresult (*moduleUnload)(CUmodule module) = nullptr;
  CUresult (*moduleGetFunction)(CUfunction *function, CUmodule module,
                                const char *name) = nullptr;
  CUresult (*funcGetAttribute)(int *value, int attribute,
                               CUfunction function) = nullptr;
  CUresult (*funcSetAttribute)(CUfunction function, int attribute,
                               int value) = nullptr;
  CUresult (*funcSetCacheConfig)(CUfunction function, int config) = nullptr;
  CUresult (*memAlloc)(CUdeviceptr *pointer, size_t size) = nullptr;
  CUresult (*memFree)(CUdeviceptr pointer) = nullptr;
  CUresult (*memcpyHtoD)(CUdeviceptr dst, const void *src,
                         size_t size) = nullptr;
  CUresult (*memcpyDtoH)(void *dst, CUdeviceptr src, size_t size) = nullptr;
  CUresult (*memsetD32Async)(CUdeviceptr dst, unsigned value, size_t count,
                             CUstream stream) = nullptr;
  CUresult (*streamSynchronize)(CUstream stream) = nullptr;
  CUresult (*eventCreate)(CUevent *event, unsigned flags) = nullptr;
  CUresult (*eventDestroy)(CUevent event) = nullptr;
  CUresult (*eventRecord)(CUevent event, CUstream stream) = nullptr;
  CUresult (*eventSynchronize)(CUevent event) = nullptr;
  CUresult (*eventElapsedTime)(float *milliseconds, CUevent start,
                               CUevent end) = nullptr;
  CUresult (*launchKernel)(CUfunction function, unsigned gridX, unsigned gridY,
                           unsigned gridZ, unsigned blockX, unsigned blockY,
                           unsigned blockZ, unsigned sharedBytes,
                           CUstream stream, void **params,
                           void **extra) = nullptr;

  // Optional.
  CUresult (*launchKernelEx)(const CUlaunchConfig *config, CUfunction function,
                             void **params, void **extra) = nullptr;
  CUresult (*funcGetParamInfo)(CUfunction function, size_t index,
                               size_t *offset, size_t *size) = nullptr;
  CUresult (*moduleGetFunctionCount)(unsigned *count,
                                     CUmodule module) = nullptr;
  CUresult (*moduleEnumerateFunctions)(CUfunction *functions, unsigned count,
                                       CUmodule module) = nullptr;
  CUresult (*funcGetName)(const char **name, CUfunction function) = nullptr;
  /// cuTensorMapEncodeTiled (CUDA 12): `tensorMap` is a 64-byte aligned
  /// CUtensorMap of 128 bytes; the enums are passed as their values.
  CUresult (*tensorMapEncodeTiled)(void *tensorMap, int dataType, unsigned rank,
                                   void *globalAddress,
                                   const unsigned long long *globalDim,
                                   const unsigned long long *globalStrides,
                                   const unsigned *boxDim,
                                   const unsigned *elementStrides,
                                   int interleave, int swizzle, int l2Promotion,
                                   int oobFill) = nullptr;

  /// Opens the driver library and resolves the entry points.
  Status load();

  /// "CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access was
  /// encountered".
  std::string describe(CUresult result) const;

  /// Success, or a device error "<what>: <describe(result)>".
  Status check(CUresult result, const std::string &what) const;
};

} // namespace triton::runner::cuda

#endif // TRITON_RUN_CUDADRIVER_H
