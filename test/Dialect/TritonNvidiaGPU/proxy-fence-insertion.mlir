// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-nvidia-gpu-proxy-fence-insertion | FileCheck %s
// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -triton-nvidia-gpu-proxy-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

// A TMA copy into bytes the threads read before needs a fence; one into
// other bytes does not; a fence already there orders what came before.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @copy_after_read
// SM80-LABEL: @copy_after_read
// SM80-NOT: ttng.fence_async_shared
tt.func @copy_after_read(%desc: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  %b = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
  "test.keep"(%0) : (tensor<64x64xf32, #blocked>) -> ()
  // CHECK: ttg.local_load
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.async_tma_copy_global_to_local {{.*}}] %1,
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local {{.*}}] %0,
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local {{.*}}] %0,
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %a, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %a, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  tt.return
}

// Across a loop's back edge: the copy of the next iteration overwrites the
// bytes this one read.
// CHECK-LABEL: @copy_after_read_in_loop
tt.func @copy_after_read_in_loop(%desc: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  // CHECK: scf.for
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NEXT: ttng.wait_barrier
  // CHECK-NEXT: ttg.local_load
  scf.for %i = %c0 to %n step %c1 : i32 {
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %a, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %a : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    "test.keep"(%v) : (tensor<64x64xf32, #blocked>) -> ()
  }
  tt.return
}

// Reads through the async proxy (a TMA store) are not this pass's to fence.
// CHECK-LABEL: @store_after_write
// CHECK-NOT: ttng.fence_async_shared
tt.func @store_after_write(%desc: !tt.tensordesc<tensor<64x64xf32, #shared>>, %t: tensor<64x64xf32, #blocked>) {
  %c0 = arith.constant 0 : i32
  %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  ttg.local_store %t, %a : tensor<64x64xf32, #blocked> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %a : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
  tt.return
}
}
