// RUN: triton-opt %s -split-input-file -tritongpu-reorder-instructions -allow-unregistered-dialect | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#fma = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

// Tests that a conversion moves after the deallocation that comes before
// its first use.
// CHECK-LABEL: tt.func @after_dealloc
// CHECK-NEXT: ttg.local_dealloc %arg1
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0
// CHECK-NEXT: math.exp %[[C]]
tt.func @after_dealloc(%a: tensor<32x32xf32, #b>, %buf: !ttg.memdesc<32x32xf32, #sw, #smem, mutable>) -> tensor<32x32xf32, #b2> {
  %c = ttg.convert_layout %a : tensor<32x32xf32, #b> -> tensor<32x32xf32, #b2>
  ttg.local_dealloc %buf : !ttg.memdesc<32x32xf32, #sw, #smem, mutable>
  %e = math.exp %c : tensor<32x32xf32, #b2>
  tt.return %e : tensor<32x32xf32, #b2>
}

// Tests that a conversion to a dot operand used by a dot in a loop moves into
// the loop, right before the dot, while a conversion to another layout stays
// where it is.
// CHECK-LABEL: tt.func @sink_into_loop
// CHECK: %[[OTHER:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf32, #blocked1>
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[DOP:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
// CHECK-NEXT: tt.dot %[[DOP]]
tt.func @sink_into_loop(%a: tensor<32x32xf32, #b>, %bb: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>>, %n: i32) -> (tensor<32x32xf32, #fma>, tensor<32x32xf32, #b2>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #fma>
  %dop = ttg.convert_layout %a : tensor<32x32xf32, #b> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
  %other = ttg.convert_layout %a : tensor<32x32xf32, #b> -> tensor<32x32xf32, #b2>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %x = %other) -> (tensor<32x32xf32, #fma>, tensor<32x32xf32, #b2>) : i32 {
    %d = tt.dot %dop, %bb, %acc : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>> -> tensor<32x32xf32, #fma>
    %y = math.exp %x : tensor<32x32xf32, #b2>
    scf.yield %d, %y : tensor<32x32xf32, #fma>, tensor<32x32xf32, #b2>
  }
  tt.return %r#0, %r#1 : tensor<32x32xf32, #fma>, tensor<32x32xf32, #b2>
}

// Tests that a local_alloc of a tensor and a transposition move right after
// the ops that define their operands; other ops keep their order.
// CHECK-LABEL: tt.func @alloc_and_trans
// CHECK-NEXT: %[[E:.*]] = math.exp %arg0
// CHECK-NEXT: ttg.local_alloc %[[E]]
// CHECK-NEXT: %[[F:.*]] = math.log %arg0
// CHECK-NEXT: tt.trans %[[F]]
// CHECK-NEXT: math.sqrt %arg0
tt.func @alloc_and_trans(%a: tensor<32x32xf32, #b>) -> (!ttg.memdesc<32x32xf32, #sw, #smem>, tensor<32x32xf32, #b2>) {
  %e = math.exp %a : tensor<32x32xf32, #b>
  %f = math.log %a : tensor<32x32xf32, #b>
  %g = math.sqrt %a : tensor<32x32xf32, #b>
  %m = ttg.local_alloc %e : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #sw, #smem>
  %t = tt.trans %f {order = array<i32: 1, 0>} : tensor<32x32xf32, #b> -> tensor<32x32xf32, #b2>
  tt.return %m, %t : !ttg.memdesc<32x32xf32, #sw, #smem>, tensor<32x32xf32, #b2>
}

// Tests that a local_alloc and a transposition stay in their scf.if when
// their operands are defined outside it: a buffer moved out would take
// shared memory for the whole function.
// CHECK-LABEL: tt.func @alloc_stays_in_if
// CHECK: scf.if
// CHECK-NEXT: ttg.local_alloc %arg0
// CHECK-NEXT: tt.trans %arg0
tt.func @alloc_stays_in_if(%a: tensor<32x32xf32, #b>, %c: i1) {
  scf.if %c {
    %m = ttg.local_alloc %a : (tensor<32x32xf32, #b>) -> !ttg.memdesc<32x32xf32, #sw, #smem>
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x32xf32, #b> -> tensor<32x32xf32, #b2>
    "test.use"(%m, %t) : (!ttg.memdesc<32x32xf32, #sw, #smem>, tensor<32x32xf32, #b2>) -> ()
  }
  tt.return
}

// Tests that a dot's operand B is loaded from shared memory after its
// operand A.
// CHECK-LABEL: tt.func @operand_b_last
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %arg0
// CHECK-NEXT: %[[B:.*]] = ttg.local_load %arg1
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
tt.func @operand_b_last(%ma: !ttg.memdesc<32x32xf32, #sw, #smem>, %mb: !ttg.memdesc<32x32xf32, #sw, #smem>, %acc: tensor<32x32xf32, #fma>) -> tensor<32x32xf32, #fma> {
  %lb = ttg.local_load %mb : !ttg.memdesc<32x32xf32, #sw, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>>
  %la = ttg.local_load %ma : !ttg.memdesc<32x32xf32, #sw, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>
  %d = tt.dot %la, %lb, %acc : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>> -> tensor<32x32xf32, #fma>
  tt.return %d : tensor<32x32xf32, #fma>
}
}

// -----

// A local_alloc of a splat stays where it is (a scalar's buffer is not
// hoisted); the load of operand B does not move past an op that writes
// memory (an mbarrier arrive).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @splat_alloc_and_barrier
  // CHECK: tt.splat
  // CHECK-NEXT: "use"()
  // CHECK-NEXT: ttg.local_alloc
  // CHECK: ttg.local_load {{.*}}opIdx = 1
  // CHECK-NEXT: ttng.arrive_barrier
  // CHECK-NEXT: ttg.local_load {{.*}}opIdx = 0
  tt.func @splat_alloc_and_barrier(%x: f32, %bs: !ttg.memdesc<32x32xf32, #shared, #smem>, %as: !ttg.memdesc<32x32xf32, #shared, #smem>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) -> tensor<32x32xf32, #mma> {
    %t = tt.splat %x : f32 -> tensor<32x32xf32, #blocked>
    "use"() : () -> ()
    %alloc = ttg.local_alloc %t : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %b = ttg.local_load %bs : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %d = tt.dot %a, %b, %cst, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}
