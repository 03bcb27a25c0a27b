// RUN: triton-opt %s -split-input-file -tritongpu-optimize-dot-operands | FileCheck %s

// The transpose of a wgmma operand moves from registers into the view of
// its shared-memory buffer: local_alloc(trans(x)) becomes
// memdesc_trans(local_alloc(x)), the buffer in nvmma_shared with the other
// majorness.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fold_transpose
  // CHECK-SAME: (%[[Q:.*]]: !ttg.memdesc<64x64xf16, #shared, #smem>, %[[K:.*]]: tensor<64x64xf16, #blocked>
  // CHECK-NOT: tt.trans
  // CHECK: %[[S:.*]] = ttg.local_alloc %[[K]] : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  // CHECK: %[[T:.*]] = ttg.memdesc_trans %[[S]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
  // CHECK: ttng.warp_group_dot %[[Q]], %[[T]]
  tt.func @fold_transpose(%q: !ttg.memdesc<64x64xf16, #shared, #smem>, %k: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %t = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %s = ttg.local_alloc %t : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %q, %s, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // A buffer read by something else than the dot keeps its transpose.
  // CHECK-LABEL: tt.func @other_reader
  // CHECK: tt.trans
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked1>)
  // CHECK-NOT: ttg.memdesc_trans
  tt.func @other_reader(%q: !ttg.memdesc<64x64xf16, #shared, #smem>, %k: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked1>) {
    %t = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %s = ttg.local_alloc %t : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %q, %s, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %l = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf16, #blocked1>
    tt.return %d, %l : tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked1>
  }
}

// -----

// A buffer that feeds no wgmma, or is not transposed, is left alone.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @no_dot
  // CHECK: tt.trans
  // CHECK-NOT: ttg.memdesc_trans
  tt.func @no_dot(%k: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked1> {
    %t = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %s = ttg.local_alloc %t : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %l = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf16, #blocked1>
    tt.return %l : tensor<64x64xf16, #blocked1>
  }
}
