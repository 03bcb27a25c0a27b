// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=80' | FileCheck %s

// Before sm_90, an e5m2 is the high byte of an f16.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @e5m2_sm80
  tt.func public @e5m2_sm80(%a: tensor<32xf8E5M2, #blocked>) {
    // CHECK: %[[W:.*]] = llvm.zext %{{.*}} : i8 to i16
    // CHECK: %[[S:.*]] = llvm.shl %[[W]], %{{.*}} : i16
    // CHECK: llvm.bitcast %[[S]] : i16 to f16
    // CHECK-NOT: cvt.rn.f16x2.e5m2x2
    %h = tt.fp_to_fp %a : tensor<32xf8E5M2, #blocked> -> tensor<32xf16, #blocked>
    tt.return
  }
}
