// RUN: triton-opt %s -test-print-membar | FileCheck %s

// Buffers without allocate-shared-memory's offsets have no bytes yet: the
// analysis tracks nothing and inserts no barrier.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @unallocated
// CHECK-NOT: ttg.local_barrier
tt.func @unallocated(%t: tensor<32x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}
}
