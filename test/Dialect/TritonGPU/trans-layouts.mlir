// RUN: triton-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Tests that tt.trans accepts a result layout that differs in spelling but
// places every element alike: the transpose of this #linear layout (as
// Triton prints it for flash attention on sm_80) is the B operand layout of
// an Ampere mma with kWidth 2.
// CHECK-LABEL: tt.func @trans_linear_to_dot_operand
// CHECK: tt.trans %{{.+}} {order = array<i32: 1, 0>}
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_linear_to_dot_operand(%x: tensor<64x64xf16, #linear>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf16, #linear> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// Tests that tt.trans rejects a result layout that places elements
// differently (kWidth 4 instead of 2).
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_wrong_kwidth(%x: tensor<64x64xf16, #linear>) {
    // expected-error @+2 {{are incompatible with return type(s)}}
    // expected-error @+1 {{failed to infer returned types}}
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf16, #linear> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return
  }
}

// -----

// Tests that a blocked layout transposes into the permuted blocked layout,
// and that an equivalent #linear spelling of it is accepted as well.
// CHECK-LABEL: tt.func @trans_blocked
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#linear = #ttg.linear<{register = [[1, 0], [2, 0], [0, 8], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [16, 0], [32, 0], [0, 1]], warp = [[0, 2], [0, 4]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_blocked(%x: tensor<64x64xf32, #blocked>) {
    // CHECK: tt.trans %{{.+}} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    // CHECK: tt.trans %{{.+}} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #linear>
    %1 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #linear>
    tt.return
  }
}
