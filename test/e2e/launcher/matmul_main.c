/* Runs matmul_kernel (fp16 inputs, fp32 accumulation, fp16 output; 96 KB
   of dynamic shared memory, above the 48 KB that needs an opt-in) through
   the C launcher triton-compile writes (--emit-c-launcher) and checks the
   product on the host. Built and run by utils/gpu-check-launcher.sh. */
#include "matmul_kernel.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* IEEE half <-> float for the normal, exactly representable values used
   here (and any half the kernel writes back). */
static uint16_t to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u;
  if (f == 0.0f)
    return (uint16_t)sign;
  int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  /* Round to nearest even on the 13 dropped bits. */
  uint32_t half = sign | ((uint32_t)exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half;
  return (uint16_t)half;
}

static float from_half(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, x;
  if (exp == 0 && mant == 0)
    x = sign;
  else if (exp == 0) /* subnormal */
    return (sign ? -1.0f : 1.0f) * ldexpf((float)mant, -24);
  else if (exp == 31)
    x = sign | 0x7f800000u | (mant << 13);
  else
    x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

int main(void) {
  const int M = 512, N = 384, K = 320; /* K not a multiple of BLOCK_K */
  uint16_t *a = malloc(sizeof(uint16_t) * M * K);
  uint16_t *b = malloc(sizeof(uint16_t) * K * N);
  uint16_t *c = malloc(sizeof(uint16_t) * M * N);
  float *af = malloc(sizeof(float) * M * K), *bf = malloc(sizeof(float) * K * N);
  for (int i = 0; i < M * K; ++i) {
    af[i] = (float)((i * 7 + 3) % 9 - 4) * 0.25f;
    a[i] = to_half(af[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    bf[i] = (float)((i * 5 + 1) % 7 - 3) * 0.5f;
    b[i] = to_half(bf[i]);
  }
  CHECK(cuInit(0));
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUdeviceptr da, db, dc;
  CHECK(cuMemAlloc(&da, sizeof(uint16_t) * M * K));
  CHECK(cuMemAlloc(&db, sizeof(uint16_t) * K * N));
  CHECK(cuMemAlloc(&dc, sizeof(uint16_t) * M * N));
  CHECK(cuMemcpyHtoD(da, a, sizeof(uint16_t) * M * K));
  CHECK(cuMemcpyHtoD(db, b, sizeof(uint16_t) * K * N));
  CHECK(cuMemsetD16(dc, 0, (size_t)M * N));
  CHECK(load_matmul_kernel());
  /* 128x128 tiles, one program per tile. */
  unsigned grid = (unsigned)(((M + 127) / 128) * ((N + 127) / 128));
  CHECK(matmul_kernel(NULL, grid, 1, 1, da, db, dc, M, N, K, K, N, N));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(c, dc, sizeof(uint16_t) * M * N));
  int bad = 0;
  double worst = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = 0;
      for (int k = 0; k < K; ++k)
        ref += (double)af[i * K + k] * bf[k * N + j];
      double got = from_half(c[i * N + j]);
      double err = fabs(got - ref);
      if (err > worst)
        worst = err;
      /* fp16 output: half an ulp of the result, plus fp32 accumulation. */
      if (err > 1e-3 * fabs(ref) + 0.07 && bad++ < 5)
        fprintf(stderr, "c[%d][%d] = %g, expected %g\n", i, j, got, ref);
    }
  unload_matmul_kernel();
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  cuDevicePrimaryCtxRelease(dev);
  printf("matmul_kernel through its C launcher: %dx%dx%d, max error %g, %d "
         "wrong: %s\n",
         M, N, K, worst, bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
