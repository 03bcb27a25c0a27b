// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s

// sm_90, tf32: wgmma with K 8 per instruction. wgmma reads 32-bit operands
// K-major only, so B (N-major in registers) is stored transposed.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 8]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK: tt.func @tf32
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<128x32xf32, #[[SA]], #smem>
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x128xf32, #[[SB]], #smem>
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32} : {{.*}} -> tensor<128x128xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32(%pa: tensor<128x32x!tt.ptr<f32>, #blocked1>, %pb: tensor<32x128x!tt.ptr<f32>, #blocked1>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f32>, #blocked1>
    %b = tt.load %pb : tensor<32x128x!tt.ptr<f32>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x32xf32, #blocked1> -> tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x128xf32, #blocked1> -> tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// sm_90, int8: wgmma K 32, an s32 accumulator; N 256 takes two n128
// instructions (.s8 has no n256).
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
// CHECK: tt.func @int8
// CHECK: ttng.warp_group_dot {{.*}} : !ttg.memdesc<128x64xi8, {{.*}}> * !ttg.memdesc<64x256xi8, {{.*}}> -> tensor<128x256xi32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 8], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8(%pa: tensor<128x64x!tt.ptr<i8>, #blocked1>, %pb: tensor<64x256x!tt.ptr<i8>, #blocked2>, %c: tensor<128x256xi32, #blocked>) -> tensor<128x256xi32, #blocked> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<i8>, #blocked1>
    %b = tt.load %pb : tensor<64x256x!tt.ptr<i8>, #blocked2>
    %a1 = ttg.convert_layout %a : tensor<128x64xi8, #blocked1> -> tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xi8, #blocked2> -> tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xi32, #blocked>
    tt.return %d : tensor<128x256xi32, #blocked>
  }
}

// -----

// sm_90, fp8 with max_num_imprecise_acc below 32: not wgmma (it could not
// promote often enough) but mma.sync, whose fp8 operands are upcast to f16
// after their conversion to the dot_op layout (kWidth 2, that of f16).
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK: tt.func @fp8_imprecise
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[A16:.*]] = tt.fp_to_fp %[[A]] : tensor<128x64xf8E5M2, {{.*}}> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B16:.*]] = tt.fp_to_fp %[[B]]
// CHECK: tt.dot %[[A16]], %[[B16]], %{{.*}} : tensor<128x64xf16, {{.*}}> * tensor<64x128xf16, {{.*}}> -> tensor<128x128xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_imprecise(%a: tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c {maxNumImpreciseAcc = 16 : i32} : tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// sm_80: int8 on mma.sync (kWidth 4), tf32 (kWidth 1) and f16 with an f16
// accumulator (kWidth 2).
// CHECK: tt.func @sm80_types
// CHECK: tt.dot {{.*}} : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:.*]], kWidth = 4}>> * {{.*}} -> tensor<64x64xi32, #[[MMA]]>
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * {{.*}} -> tensor<64x64xf32, #[[MMA]]>
// CHECK: tt.dot {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * {{.*}} -> tensor<64x64xf16, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sm80_types(%ai: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %bi: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %ci: tensor<64x64xi32, #blocked>,
                      %af: tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %bf: tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %cf: tensor<64x64xf32, #blocked>,
                      %ah: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %bh: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %ch: tensor<64x64xf16, #blocked>) -> (tensor<64x64xi32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf16, #blocked>) {
    %di = tt.dot %ai, %bi, %ci : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    %df = tt.dot %af, %bf, %cf, inputPrecision = tf32 : tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %dh = tt.dot %ah, %bh, %ch : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %di, %df, %dh : tensor<64x64xi32, #blocked>, tensor<64x64xf32, #blocked>, tensor<64x64xf16, #blocked>
  }
}

// -----

// f64 dots take mma.sync (DMMA) on sm_90 as on sm_80, as upstream: wgmma
// has no f64; one f64 a register (kWidth 1).
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: tt.func @f64
// CHECK: tt.dot {{.*}} : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<64x64xf64, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f64(%a: tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// Batched (3-D) dots take mma.sync on every target, all warps along the
// batch.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK: tt.func @batched
// CHECK: tt.dot {{.*}} -> tensor<4x32x32xf16, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @batched(%a: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x32x32xf16, #blocked>) -> tensor<4x32x32xf16, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x32x32xf16, #blocked>
    tt.return %d : tensor<4x32x32xf16, #blocked>
  }
}

// -----

// Dots with K below one instruction's stay on FMA and take operands of the
// accumulator's type: fp8 (whose mma.sync is f16's, K 16) upcast to f32
// at K 8, i8 (K 32) sign-extended to i32 at K 16.
// CHECK: tt.func @fma_promotes
// CHECK: %[[A:.*]] = tt.fp_to_fp %arg0 : tensor<8x8xf8E5M2, {{.*}}> -> tensor<8x8xf32, {{.*}}>
// CHECK: %[[B:.*]] = tt.fp_to_fp %arg1
// CHECK: tt.dot %[[A]], %[[B]], %arg2 : tensor<8x8xf32, {{.*}}> * tensor<8x8xf32, {{.*}}> -> tensor<8x8xf32, #blocked>
// CHECK: %[[AI:.*]] = arith.extsi %arg3 : tensor<8x16xi8, {{.*}}> to tensor<8x16xi32, {{.*}}>
// CHECK: %[[BI:.*]] = arith.extsi %arg4
// CHECK: tt.dot %[[AI]], %[[BI]], %arg5 : tensor<8x16xi32, {{.*}}> * tensor<16x8xi32, {{.*}}> -> tensor<8x8xi32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_promotes(%a: tensor<8x8xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<8x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<8x8xf32, #blocked>,
                        %ai: tensor<8x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %bi: tensor<16x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %ci: tensor<8x8xi32, #blocked>) -> (tensor<8x8xf32, #blocked>, tensor<8x8xi32, #blocked>) {
    %d = tt.dot %a, %b, %c : tensor<8x8xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x8xf32, #blocked>
    %di = tt.dot %ai, %bi, %ci : tensor<8x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x8xi32, #blocked>
    tt.return %d, %di : tensor<8x8xf32, #blocked>, tensor<8x8xi32, #blocked>
  }
}

// -----

// fp8 at K 16 (too small for wgmma's 32) goes to mma.sync as f16.
// CHECK: #[[$MMA2:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 8], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp8_small_k
// CHECK: tt.fp_to_fp {{.*}} -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA2]], kWidth = 2}>>
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[$MMA2]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [32, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 32 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_small_k(%a: tensor<128x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x128xf32, #blocked> {
    %c = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %d = tt.dot %a, %b, %c : tensor<128x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// Tiles smaller than an instruction's 16 x 8 still take mma.sync (the
// layouts hold them with repeats), as upstream's small dots do.
// CHECK: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
// CHECK: tt.func @tiny
// CHECK: tt.dot {{.*}} -> tensor<2x4xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tiny(%a: tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<2x4xf32, #blocked>) -> tensor<2x4xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x4xf32, #blocked>
    tt.return %d : tensor<2x4xf32, #blocked>
  }
}
