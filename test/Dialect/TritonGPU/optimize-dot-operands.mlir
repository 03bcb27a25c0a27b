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

// -----

// sm_80: an mma.sync operand converted from a transpose is stored once
// untransposed and read back through a transposed view, swizzled as the
// operand's own buffer would be (order [1, 0] for the view, [0, 1] for the
// buffer); the transpose stays for its other user, after the new ops. An
// operand computed on after the conversion is left alone.
// CHECK-DAG: #[[$BUF:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #[[$VIEW:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @mma_v2_trans_operand
// CHECK: %[[B:.*]] = ttg.local_alloc %arg0 : (tensor<32x128xf16, #{{.*}}>) -> !ttg.memdesc<32x128xf16, #[[$BUF]], #smem>
// CHECK: %[[V:.*]] = ttg.memdesc_trans %[[B]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #[[$BUF]], #smem> -> !ttg.memdesc<128x32xf16, #[[$VIEW]], #smem>
// CHECK: %[[A:.*]] = ttg.local_load %[[V]]
// CHECK: %[[T:.*]] = tt.trans %arg0
// CHECK: tt.dot %[[A]]
// CHECK: arith.extf %[[T]]
// CHECK-LABEL: tt.func @mma_v2_trans_computed_on
// CHECK: tt.trans
// CHECK-NEXT: ttg.convert_layout
// CHECK-NOT: ttg.local_alloc
#blocked = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_trans_operand(%t: tensor<32x128xf16, #blocked1>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> (tensor<128x64xf32, #mma>, tensor<128x32xf32, #blocked>) {
    %a = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x128xf16, #blocked1> -> tensor<128x32xf16, #blocked>
    %cv = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = tt.dot %cv, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    %e = arith.extf %a : tensor<128x32xf16, #blocked> to tensor<128x32xf32, #blocked>
    tt.return %r, %e : tensor<128x64xf32, #mma>, tensor<128x32xf32, #blocked>
  }
  tt.func @mma_v2_trans_computed_on(%t: tensor<32x128xf16, #blocked1>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %a = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x128xf16, #blocked1> -> tensor<128x32xf16, #blocked>
    %cv = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %n = arith.negf %cv : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = tt.dot %n, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %r : tensor<128x64xf32, #mma>
  }
}
