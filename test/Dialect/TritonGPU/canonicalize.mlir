// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

// The ttg.convert_layout canonicalization: conversions fold into what
// produces their source or consumes their result when that op can work in
// any layout.

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Tests that a conversion to its own type disappears, and that a conversion
// of a conversion converts the first source (here back to itself).
// CHECK-LABEL: tt.func @trivial
// CHECK-NEXT: tt.return %arg0, %arg0
tt.func @trivial(%x: tensor<1024xf32, #b1>) -> (tensor<1024xf32, #b1>, tensor<1024xf32, #b1>) {
  %c = ttg.convert_layout %x : tensor<1024xf32, #b1> -> tensor<1024xf32, #b1>
  %d = ttg.convert_layout %x : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  %e = ttg.convert_layout %d : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  tt.return %c, %e : tensor<1024xf32, #b1>, tensor<1024xf32, #b1>
}

// Tests that splats, ranges and splat constants are made in the converted
// layout directly.
// CHECK-LABEL: tt.func @producers
// CHECK-DAG: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<1024xf32, [[$B4]]>
// CHECK-DAG: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<1024xi32, [[$B4]]>
// CHECK-DAG: %[[R:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, [[$B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return %[[S]], %[[R]], %[[K]]
tt.func @producers(%n: i32) -> (tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>) {
  %s = tt.splat %n : i32 -> tensor<1024xi32, #b1>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %k = arith.constant dense<2.0> : tensor<1024xf32, #b1>
  %s4 = ttg.convert_layout %s : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
  %r4 = ttg.convert_layout %r : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
  %k4 = ttg.convert_layout %k : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  tt.return %s4, %r4, %k4 : tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
}

// Tests that conversions of arguments, of ops that fix their layout, and of
// constants that are not splats stay.
// CHECK-LABEL: tt.func @kept
// CHECK: %[[C:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, [[$B1]]>
// CHECK: ttg.convert_layout %arg0 : tensor<1024xf32, [[$B1]]> -> tensor<1024xf32, [[$B4]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<1024xf32, [[$B1]]> -> tensor<1024xf32, [[$B4]]>
// CHECK: ttg.convert_layout %[[C]] : tensor<4xi32, [[$B1]]> -> tensor<4xi32, [[$B4]]>
tt.func @kept(%x: tensor<1024xf32, #b1>) -> (tensor<1024xf32, #b4>, tensor<1024xf32, #b4>, tensor<4xi32, #b4>) {
  %a = ttg.convert_layout %x : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  %e = math.exp %x : tensor<1024xf32, #b1>
  %b = ttg.convert_layout %e : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  %k = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #b1>
  %c = ttg.convert_layout %k : tensor<4xi32, #b1> -> tensor<4xi32, #b4>
  tt.return %a, %b, %c : tensor<1024xf32, #b4>, tensor<1024xf32, #b4>, tensor<4xi32, #b4>
}

// Tests that a histogram takes its input in any layout and produces its
// result in any layout.
// CHECK-LABEL: tt.func @histogram
// CHECK-NEXT: %[[H:.*]] = tt.histogram %arg0 : tensor<1024xi32, [[$B1]]> -> tensor<64xi32, [[$B4]]>
// CHECK-NEXT: tt.return %[[H]]
tt.func @histogram(%x: tensor<1024xi32, #b1>) -> tensor<64xi32, #b4> {
  %c = ttg.convert_layout %x : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
  %h = tt.histogram %c : tensor<1024xi32, #b4> -> tensor<64xi32, #b1>
  %hc = ttg.convert_layout %h : tensor<64xi32, #b1> -> tensor<64xi32, #b4>
  tt.return %hc : tensor<64xi32, #b4>
}
}

// -----

#b2d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2dt = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$ROW:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$COL:#.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>

// Tests that shared memory is written from and read into any layout: the
// conversions before local_alloc and local_store and after local_load fold,
// the load staying where it was.
// CHECK-LABEL: tt.func @shared_memory
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<32x64xf16, [[$ROW]]>)
// CHECK-NEXT: ttg.local_store %arg0, %arg1 : tensor<32x64xf16, [[$ROW]]>
// CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[A]] : {{.*}} -> tensor<32x64xf16, [[$COL]]>
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: tt.return %[[L]]
tt.func @shared_memory(%t: tensor<32x64xf16, #b2d>, %buf: !ttg.memdesc<32x64xf16, #sw, #smem, mutable>) -> tensor<32x64xf16, #b2dt> {
  %c = ttg.convert_layout %t : tensor<32x64xf16, #b2d> -> tensor<32x64xf16, #b2dt>
  %a = ttg.local_alloc %c : (tensor<32x64xf16, #b2dt>) -> !ttg.memdesc<32x64xf16, #sw, #smem>
  ttg.local_store %c, %buf : tensor<32x64xf16, #b2dt> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  %l = ttg.local_load %a : !ttg.memdesc<32x64xf16, #sw, #smem> -> tensor<32x64xf16, #b2d>
  ttg.local_barrier
  %lc = ttg.convert_layout %l : tensor<32x64xf16, #b2d> -> tensor<32x64xf16, #b2dt>
  tt.return %lc : tensor<32x64xf16, #b2dt>
}

// Tests that a gather without a layout of its own reads its source in any
// layout.
// CHECK-LABEL: tt.func @gather
// CHECK-NEXT: tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<32x64xf32, [[$ROW]]>, tensor<32x64xi32, [[$COL]]>)
tt.func @gather(%src: tensor<32x64xf32, #b2d>, %idx: tensor<32x64xi32, #b2dt>) -> tensor<32x64xf32, #b2dt> {
  %c = ttg.convert_layout %src : tensor<32x64xf32, #b2d> -> tensor<32x64xf32, #b2dt>
  %g = tt.gather %c[%idx] {axis = 1 : i32} : (tensor<32x64xf32, #b2dt>, tensor<32x64xi32, #b2dt>) -> tensor<32x64xf32, #b2dt>
  tt.return %g : tensor<32x64xf32, #b2dt>
}

// Tests that a transposition by the identity permutation disappears.
// CHECK-LABEL: tt.func @identity_trans
// CHECK-NEXT: tt.return %arg0
tt.func @identity_trans(%x: tensor<32x64xf16, #b2d>) -> tensor<32x64xf16, #b2d> {
  %t = tt.trans %x {order = array<i32: 0, 1>} : tensor<32x64xf16, #b2d> -> tensor<32x64xf16, #b2d>
  tt.return %t : tensor<32x64xf16, #b2d>
}

// Tests that an MMA result converted to a dot operand (fused attention) is
// kept.
// CHECK-LABEL: tt.func @mma_to_dot_operand
// CHECK-NEXT: ttg.convert_layout %arg0
tt.func @mma_to_dot_operand(%x: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
  %c = ttg.convert_layout %x : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  tt.return %c : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
}
}

// -----

// A warp_specialize drops the results nobody uses (and what its default
// region yields for them), the captures no partition uses and captures
// that repeat earlier ones.
// CHECK-LABEL: @warp_specialize_cleanup
// CHECK-NEXT: %[[R:.*]] = ttg.warp_specialize(%arg0, %arg2)
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.warp_yield %arg1 : i32
// CHECK: partition0(%[[X:.*]]: i32, %[[Z:.*]]: i32) num_warps(4) {
// CHECK-NEXT: tt.print " v: " {{.*}} : %[[X]], %[[X]], %[[Z]]
// CHECK: } : (i32, i32) -> i32
// CHECK-NEXT: tt.return %[[R]]
tt.func @warp_specialize_cleanup(%a: i32, %b: i32, %c: i32) -> i32 {
  %r:2 = ttg.warp_specialize(%a, %b, %c, %a)
  default {
    ttg.warp_yield %a, %b : i32, i32
  }
  partition0(%x: i32, %y: i32, %z: i32, %w: i32) num_warps(4) {
    tt.print " v: " {hex = false, isSigned = array<i32: 1, 1, 1>} : %x, %w, %z : i32, i32, i32
    ttg.warp_return
  } : (i32, i32, i32, i32) -> (i32, i32)
  tt.return %r#1 : i32
}
