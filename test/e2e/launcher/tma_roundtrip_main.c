// Runs tma_roundtrip_kernel through its C launcher: encodes tensor maps for
// a 256x128 f16 source and destination (64x64 boxes, 128-byte swizzle, as
// the kernel's nvmma_shared buffer), launches 4 programs and checks that the
// destination is the source.
#include "tma_roundtrip_kernel.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult r = (call);                                                       \
    if (r != CUDA_SUCCESS) {                                                   \
      const char *msg = "";                                                    \
      cuGetErrorString(r, &msg);                                               \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              msg);                                                            \
      return 1;                                                                \
    }                                                                          \
  } while (0)

enum { ROWS = 256, COLS = 128 };

static CUresult encode(CUtensorMap *map, CUdeviceptr base) {
  cuuint64_t dims[2] = {COLS, ROWS}; // innermost first
  cuuint64_t strides[1] = {COLS * sizeof(uint16_t)};
  cuuint32_t box[2] = {64, 64};
  cuuint32_t elementStrides[2] = {1, 1};
  return cuTensorMapEncodeTiled(
      map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void *)base, dims, strides,
      box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

int main(void) {
  CUdevice device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  size_t bytes = ROWS * COLS * sizeof(uint16_t);
  uint16_t *host = malloc(bytes), *back = malloc(bytes);
  for (int i = 0; i < ROWS * COLS; ++i)
    host[i] = (uint16_t)(i * 2654435761u >> 16);
  CUdeviceptr src, dst;
  CHECK(cuMemAlloc(&src, bytes));
  CHECK(cuMemAlloc(&dst, bytes));
  CHECK(cuMemcpyHtoD(src, host, bytes));
  CHECK(cuMemsetD8(dst, 0, bytes));
  CUtensorMap srcMap, dstMap;
  CHECK(encode(&srcMap, src));
  CHECK(encode(&dstMap, dst));
  CHECK(load_tma_roundtrip_kernel());
  CHECK(tma_roundtrip_kernel(NULL, ROWS / 64, 1, 1, srcMap, dstMap));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(back, dst, bytes));
  int bad = 0;
  for (int i = 0; i < ROWS * COLS; ++i)
    if (back[i] != host[i] && bad++ < 5)
      fprintf(stderr, "element %d: %u, expected %u\n", i, back[i], host[i]);
  printf("tma_roundtrip: %s (%d of %d elements differ)\n",
         bad ? "FAIL" : "ok", bad, ROWS * COLS);
  unload_tma_roundtrip_kernel();
  return bad != 0;
}
