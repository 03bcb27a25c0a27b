// Runs made_descriptor_copy (test/tools/triton-compile/Inputs) through its C
// launcher: the kernel makes its two tensor maps on the device, in the
// global scratch the launcher allocates for the launch, and copies a 64x32
// f16 matrix 16 rows a program. Checks that the destination is the source.
#include "made_descriptor_copy.h"

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

enum { ROWS = 64, COLS = 32 };

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
  CHECK(made_descriptor_copy(NULL, ROWS / 16, 1, 1, src, dst, ROWS));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(back, dst, bytes));
  int bad = 0;
  for (int i = 0; i < ROWS * COLS; ++i)
    if (back[i] != host[i] && bad++ < 5)
      fprintf(stderr, "element %d: %u, expected %u\n", i, back[i], host[i]);
  printf("made_descriptor_copy: %s (%d of %d elements differ)\n",
         bad ? "FAIL" : "ok", bad, ROWS * COLS);
  unload_made_descriptor_copy();
  return bad != 0;
}
