// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// tt.dot on FMA: each thread holds its rows of A and columns of B over all
// of K; one fma per (output register, k).
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot
  tt.func public @dot(%a: tensor<16x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x8xf32, #blocked>) -> tensor<16x8xf32, #blocked> attributes {noinline = true} {
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK-COUNT-16: llvm.intr.fma
    // CHECK-NOT: llvm.intr.fma
    %d = tt.dot %a, %b, %c : tensor<16x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xf32, #blocked>
    tt.return %d : tensor<16x8xf32, #blocked>
  }
  // Integer dots multiply and add in the accumulator's type.
  // CHECK-LABEL: llvm.func @idot
  // CHECK: llvm.sext %{{.*}} : i8 to i32
  // CHECK: llvm.mul
  // CHECK: llvm.add
  tt.func public @idot(%a: tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x8xi32, #blocked>) -> tensor<16x8xi32, #blocked> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xi32, #blocked>
    tt.return %d : tensor<16x8xi32, #blocked>
  }
}
