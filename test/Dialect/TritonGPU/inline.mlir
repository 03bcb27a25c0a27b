// RUN: triton-opt %s -split-input-file -inline | FileCheck %s

// ttg and ttng ops inline like tt's, into a warp_specialize partition too.

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @caller
  // CHECK-NOT: tt.call
  // CHECK: ttg.local_alloc
  // CHECK-NEXT: ttng.init_barrier
  // CHECK: partition0(%[[BUF:.*]]: !ttg.memdesc<1xi32, #shared, #smem, mutable>) num_warps(4) {
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant dense<1> : tensor<1xi32>
  // CHECK-NEXT: ttg.local_store %[[ONE]], %[[BUF]]
  // CHECK-NEXT: ttg.warp_return
  tt.func public @caller(%buf: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
    tt.call @barrier() : () -> ()
    ttg.warp_specialize(%buf)
    default {
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<1xi32, #shared, #smem, mutable>) num_warps(4) {
      tt.call @store_one(%b) : (!ttg.memdesc<1xi32, #shared, #smem, mutable>) -> ()
      ttg.warp_return
    } : (!ttg.memdesc<1xi32, #shared, #smem, mutable>) -> ()
    tt.return
  }
  tt.func private @barrier() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
  tt.func private @store_one(%b: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
    %one = arith.constant dense<1> : tensor<1xi32>
    ttg.local_store %one, %b : tensor<1xi32> -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A callee marked noinline stays a call.
// CHECK-LABEL: @keeps_noinline
// CHECK: tt.call @kept
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @keeps_noinline() {
    tt.call @kept() : () -> ()
    tt.return
  }
  tt.func private @kept() attributes {noinline = true} {
    ttg.local_barrier
    tt.return
  }
}
