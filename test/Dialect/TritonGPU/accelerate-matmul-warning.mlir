// RUN: triton-opt %s -split-input-file --tritongpu-accelerate-matmul -verify-diagnostics | FileCheck %s

// wgmma reads 8-bit operands with K contiguous: a B held N-major in
// registers is transposed before it is stored, and the dot says so.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @fp8_n_major_b
  // CHECK: ttng.warp_group_dot
  tt.func public @fp8_n_major_b(%a: tensor<128x128xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>,
                                %b: tensor<128x256xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x256xf32, #blocked> {
    %c = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked>
    // expected-warning @+1 {{Forcing a different order [0, 1] on shared memory than the register order of operand 1}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x128xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<128x256xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// A 16-bit B is transposed by wgmma itself: no warning.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @f16_n_major_b
  // CHECK: ttng.warp_group_dot
  tt.func public @f16_n_major_b(%a: tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>,
                                %b: tensor<128x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x256xf32, #blocked> {
    %c = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked>
    %d = tt.dot %a, %b, %c : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<128x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}
