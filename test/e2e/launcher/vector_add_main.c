/* Runs vector_add_kernel through the C launcher triton-compile writes
   (--emit-c-launcher) and checks the result on the host: no Python, no
   Triton, only the CUDA driver. Built and run by utils/gpu-check-launcher.sh. */
#include "vector_add_kernel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                           \
  do {                                                                        \
    CUresult err_ = (call);                                                   \
    if (err_ != CUDA_SUCCESS) {                                               \
      const char *name_ = NULL;                                               \
      cuGetErrorName(err_, &name_);                                           \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,    \
              name_ ? name_ : "?");                                           \
      return 1;                                                               \
    }                                                                         \
  } while (0)

int main(void) {
  const int n = 1000003; /* not a multiple of the block: the mask matters */
  const int block = 1024;
  size_t bytes = (size_t)n * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i * 0.5f;
    y[i] = (float)(n - i) * 0.25f;
    out[i] = -1.0f;
  }
  CHECK(cuInit(0));
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUdeviceptr dx, dy, dout;
  CHECK(cuMemAlloc(&dx, bytes));
  CHECK(cuMemAlloc(&dy, bytes));
  CHECK(cuMemAlloc(&dout, bytes));
  CHECK(cuMemcpyHtoD(dx, x, bytes));
  CHECK(cuMemcpyHtoD(dy, y, bytes));
  CHECK(cuMemsetD32(dout, 0, n));
  CHECK(load_vector_add_kernel());
  CHECK(vector_add_kernel(NULL, (n + block - 1) / block, 1, 1, dx, dy, dout,
                          n));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out, dout, bytes));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != x[i] + y[i] && bad++ < 5)
      fprintf(stderr, "out[%d] = %g, expected %g\n", i, out[i], x[i] + y[i]);
  unload_vector_add_kernel();
  cuMemFree(dx);
  cuMemFree(dy);
  cuMemFree(dout);
  cuDevicePrimaryCtxRelease(dev);
  printf("vector_add_kernel through its C launcher: %d elements, %d wrong: %s\n",
         n, bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
