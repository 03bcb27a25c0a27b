// Plain CUDA kernels, without Triton's trailing scratch pointers, for
// triton-run's tests. The .cubin and .ptx beside this file were made with
// CUDA 13.0:
//   nvcc -arch=sm_90 -cubin -o plain_cuda.cubin plain_cuda.cu
//   nvcc -arch=sm_90 -ptx -o plain_cuda.ptx plain_cuda.cu
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>

// Not inlined, so that the module holds a function that is not a kernel.
__device__ __noinline__ float axpy(float a, float x, float y) {
  return a * x + y;
}

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = axpy(a, x[i], y[i]);
}

// Writes every scalar argument to out as a double: checks how triton-run
// packs each scalar type.
extern "C" __global__ void echo_scalars(bool b, int8_t i8, int16_t i16,
                                        int32_t i32, int64_t i64, uint8_t u8,
                                        uint16_t u16, uint32_t u32,
                                        uint64_t u64, __half f16,
                                        __nv_bfloat16 bf16, float f32,
                                        double f64, double *out) {
  out[0] = b;
  out[1] = i8;
  out[2] = i16;
  out[3] = i32;
  out[4] = (double)i64;
  out[5] = u8;
  out[6] = u16;
  out[7] = u32;
  out[8] = (double)u64;
  out[9] = __half2float(f16);
  out[10] = __bfloat162float(bf16);
  out[11] = f32;
  out[12] = f64;
}
