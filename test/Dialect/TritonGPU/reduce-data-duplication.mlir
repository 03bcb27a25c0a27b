// RUN: triton-opt %s -split-input-file -tritongpu-reduce-data-duplication | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#fma = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$B:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$FMA:#.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$PLAIN:#.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: [[$SWIZZLED:#.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>

// Tests that an operand of an FMA dot goes through unswizzled shared memory.
// CHECK-LABEL: tt.func @fma_operand
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<64x32xf32, [[$B]]>) -> !ttg.memdesc<64x32xf32, [[$PLAIN]], #smem>
// CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[A]] : !ttg.memdesc<64x32xf32, [[$PLAIN]], #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$FMA]]}>>
// CHECK-NEXT: tt.return %[[L]]
tt.func @fma_operand(%a: tensor<64x32xf32, #b>) -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> {
  %c = ttg.convert_layout %a : tensor<64x32xf32, #b> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
  tt.return %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
}

// Tests that MMAv2 operands go through shared memory swizzled for the MMA
// tiles: 8-element vectors, 8 phases of one row each for row-major f16.
// CHECK-LABEL: tt.func @mma_operands
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, [[$B]]>) -> !ttg.memdesc<128x64xf16, [[$SWIZZLED]], #smem>
// CHECK-NEXT: ttg.local_load %[[A]] : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<64x128xf16, [[$B]]>) -> !ttg.memdesc<64x128xf16, [[$SWIZZLED]], #smem>
// CHECK-NEXT: ttg.local_load %[[B]] : {{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
tt.func @mma_operands(%a: tensor<128x64xf16, #b>, %bb: tensor<64x128xf16, #b>) -> (tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
  %c = ttg.convert_layout %a : tensor<128x64xf16, #b> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %d = ttg.convert_layout %bb : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  tt.return %c, %d : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
}

// Tests that conversions to other layouts, and conversions that move no data
// between threads, are left alone.
// CHECK-LABEL: tt.func @kept
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.convert_layout %arg0 : tensor<64x32xf32, [[$B]]> -> tensor<64x32xf32, [[$FMA]]>
// CHECK: ttg.convert_layout %arg1
// CHECK-NOT: ttg.local_alloc
tt.func @kept(%a: tensor<64x32xf32, #b>, %d: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>) -> (tensor<64x32xf32, #fma>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>) {
  %c = ttg.convert_layout %a : tensor<64x32xf32, #b> -> tensor<64x32xf32, #fma>
  %e = ttg.convert_layout %d : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
  tt.return %c, %e : tensor<64x32xf32, #fma>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
}
}

// -----

#src = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#par = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// Tests that a conversion within warps that trades one lane bit for one
// register bit (warp shuffles do it) is left alone.
// CHECK-LABEL: tt.func @one_shuffle
// CHECK-NEXT: ttg.convert_layout %arg0
// CHECK-NOT: ttg.local_alloc
tt.func @one_shuffle(%a: tensor<128x8xf32, #src>) -> tensor<128x8xf32, #ttg.dot_op<{opIdx = 0, parent = #par}>> {
  %c = ttg.convert_layout %a : tensor<128x8xf32, #src> -> tensor<128x8xf32, #ttg.dot_op<{opIdx = 0, parent = #par}>>
  tt.return %c : tensor<128x8xf32, #ttg.dot_op<{opIdx = 0, parent = #par}>>
}
}

// -----

// A 32x1 A operand whose blocked layout is row-major: the buffer keeps the
// layout's order [1, 0] although the tensor's dimension 1 is too small for
// its bases to show it, and swizzles as for a one-element-wide K (vec 32,
// perPhase 64, one phase), as upstream.
// CHECK: #[[$S:.*]] = #ttg.swizzled_shared<{vec = 32, perPhase = 64, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: @narrow_k
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<32x1xf16, #[[$S]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @narrow_k(%a: tensor<32x1xf16, #blocked>) -> tensor<32x1xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> {
    %0 = ttg.convert_layout %a : tensor<32x1xf16, #blocked> -> tensor<32x1xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    tt.return %0 : tensor<32x1xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
  }
}
