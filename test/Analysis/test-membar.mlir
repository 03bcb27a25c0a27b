// RUN: triton-opt %s -split-input-file --allocate-shared-memory -test-print-membar | FileCheck %s
// RUN: triton-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory -test-print-membar | FileCheck %s --check-prefix=CF

// Barriers between shared-memory accesses, from allocate-shared-memory's
// offsets: read after write, write after read, write after write; none
// between reads or between disjoint buffers.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @raw_war_waw
tt.func @raw_war_waw(%t: tensor<32x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.local_store
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  ttg.local_store %t, %b : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_load
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  %1 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  tt.return
}

// An existing barrier orders what came before it.
// CHECK-LABEL: @existing_barrier
tt.func @existing_barrier(%t: tensor<32x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NOT: ttg.local_barrier
  // CHECK: tt.return
  ttg.local_barrier
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}

// A view is an access to its buffer.
// CHECK-LABEL: @views
tt.func @views(%t: tensor<16x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v0 = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  %v1 = ttg.memdesc_index %a[%c1] : !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  ttg.local_store %t, %v0 : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  %0 = ttg.local_load %v1 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
  tt.return
}
}

// -----

// Through a loop: the write at the end of an iteration meets the read at
// the start of the next one; after the loop, the read meets the write.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @loop
// CF-LABEL: @loop
tt.func @loop(%t: tensor<32x16xf16, #blocked>, %n: index) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  // CF: ^bb2:
  // CF-NEXT: ttg.local_barrier
  // CF-NEXT: ttg.local_load
  // CF-NEXT: ttg.local_barrier
  // CF-NEXT: ttg.local_store
  scf.for %i = %c0 to %n step %c1 {
    %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
    ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  }
  %1 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}

// Both branches of an if reach the read after it; a barrier in one branch
// leaves the other's write unordered.
// CHECK-LABEL: @branches
tt.func @branches(%t: tensor<32x16xf16, #blocked>, %c: i1) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  // CHECK: scf.if
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: } else {
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.local_load
  scf.if %c {
    ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
    ttg.local_barrier
  } else {
    ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  }
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}
}

// -----

// Scratch: a conversion through shared memory writes its scratch first and
// orders its own accesses; an async wait is followed by a barrier.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @scratch
tt.func @scratch(%t: tensor<32x16xf16, #blocked>) -> tensor<32x16xf16, #blocked1> {
  // CHECK: ttg.convert_layout
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.convert_layout
  %0 = ttg.convert_layout %t : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #blocked1>
  %1 = ttg.convert_layout %t : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #blocked1>
  %2 = arith.addf %0, %1 : tensor<32x16xf16, #blocked1>
  tt.return %2 : tensor<32x16xf16, #blocked1>
}

// CHECK-LABEL: @async_wait
tt.func @async_wait() {
  // CHECK: ttg.async_wait
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.async_wait
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: tt.return
  ttg.async_wait {num = 0 : i32}
  ttg.async_wait {num = 0 : i32}
  ttg.local_barrier
  tt.return
}
}

// -----

// A call brings what its callee leaves unordered.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
tt.func private @writer(%t: tensor<32x16xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  tt.return
}
// CHECK-LABEL: @caller
tt.func @caller(%t: tensor<32x16xf16, #blocked>) {
  // CHECK: tt.call @writer
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: tt.call @writer
  tt.call @writer(%t) : (tensor<32x16xf16, #blocked>) -> ()
  tt.call @writer(%t) : (tensor<32x16xf16, #blocked>) -> ()
  tt.return
}
}

// -----

// A memdesc that comes in as an argument is no buffer of this function's:
// nothing is tracked.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: @function_argument
tt.func @function_argument(%t: tensor<32x16xf16, #blocked>, %a: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>) {
  // CHECK-NOT: ttg.local_barrier
  ttg.local_store %t, %a : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf16, #shared, #smem, mutable> -> tensor<32x16xf16, #blocked>
  tt.return
}
}
