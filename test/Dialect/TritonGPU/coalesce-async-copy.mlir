// RUN: triton-opt %s -split-input-file -tritongpu-coalesce-async-copy | FileCheck %s

// Each thread's registers along the fastest dimension are clipped to what
// lands contiguously in shared memory: 8 i8 elements of a swizzled layout
// with vec = 8; the pointers, mask and other value are converted to the new
// layout.

// CHECK-DAG: #[[$OLD:.*]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$NEW:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: @clipped
// CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : tensor<64x16x!tt.ptr<i8>, #[[$OLD]]> -> tensor<64x16x!tt.ptr<i8>, #[[$NEW]]>
// CHECK: %[[M:.*]] = ttg.convert_layout %arg2 : tensor<64x16xi1, #[[$OLD]]> -> tensor<64x16xi1, #[[$NEW]]>
// CHECK: %[[O:.*]] = ttg.convert_layout %arg3 : tensor<64x16xi8, #[[$OLD]]> -> tensor<64x16xi8, #[[$NEW]]>
// CHECK: ttg.async_copy_global_to_local %[[P]], %arg1 mask %[[M]] other %[[O]] : tensor<64x16x!tt.ptr<i8>, #[[$NEW]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
tt.func @clipped(%p: tensor<64x16x!tt.ptr<i8>, #blocked>, %buf: !ttg.memdesc<64x16xi8, #shared, #smem, mutable>,
                 %mask: tensor<64x16xi1, #blocked>, %other: tensor<64x16xi8, #blocked>) {
  %t = ttg.async_copy_global_to_local %p, %buf mask %mask other %other : tensor<64x16x!tt.ptr<i8>, #blocked> -> <64x16xi8, #shared, #smem, mutable>
  tt.return
}
}

// -----

// Already no wider than the shared layout's runs (vec = 8, 8 per thread), or
// a layout that is not blocked: unchanged.

// CHECK-LABEL: @already_coalesced
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 :
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
tt.func @already_coalesced(%p: tensor<64x16x!tt.ptr<i8>, #blocked>, %buf: !ttg.memdesc<64x16xi8, #shared, #smem, mutable>) {
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x16x!tt.ptr<i8>, #blocked> -> <64x16xi8, #shared, #smem, mutable>
  tt.return
}
// CHECK-LABEL: @not_blocked
// CHECK-NOT: ttg.convert_layout
tt.func @not_blocked(%p: tensor<64x16x!tt.ptr<i8>, #linear>, %buf: !ttg.memdesc<64x16xi8, #shared, #smem, mutable>) {
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x16x!tt.ptr<i8>, #linear> -> <64x16xi8, #shared, #smem, mutable>
  tt.return
}
}

// -----

// A copy into an nvmma_shared buffer keeps its layout, as upstream's.
// CHECK-LABEL: @nvmma_destination
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
tt.func @nvmma_destination(%p: tensor<32x32x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<32x32xf32, #nvmma, #smem, mutable>) {
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x32x!tt.ptr<f32>, #blocked> -> <32x32xf32, #nvmma, #smem, mutable>
  tt.return
}
}
