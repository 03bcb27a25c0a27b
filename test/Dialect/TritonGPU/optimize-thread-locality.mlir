// RUN: triton-opt %s -split-input-file -tritongpu-optimize-thread-locality | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$B:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$B3D:#.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: [[$G:#.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$COLS:#.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>

// Tests that a row sum accumulated over a loop is split: in the loop each
// thread adds up its own 16 elements of each row (a 32x8x16 view reduced
// along its last dimension) into a 32x8 partial sum carried by the loop;
// the sum across threads runs once after the loop and is added to the
// initial value.
// CHECK-LABEL: tt.func @row_sums
// CHECK: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = [[$B]]}>>
// CHECK: %[[PINIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32x8xf32, #ttg.slice<{dim = 2, parent = [[$B3D]]}>>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[PACC:.*]] = %[[PINIT]])
// CHECK: %[[V:.*]] = tt.load
// CHECK: %[[VIEW:.*]] = tt.reshape %[[V]] allow_reorder efficient_layout : tensor<32x128xf32, [[$B]]> -> tensor<32x8x16xf32, [[$B3D]]>
// CHECK: %[[LOCAL:.*]] = "tt.reduce"(%[[VIEW]]) <{axis = 2 : i32}>
// CHECK: %[[P:.*]] = arith.addf %[[PACC]], %[[LOCAL]] : tensor<32x8xf32, #ttg.slice<{dim = 2, parent = [[$B3D]]}>>
// CHECK: scf.yield %[[ACC]], %[[P]]
// CHECK: %[[FINAL:.*]] = "tt.reduce"(%[[R]]#1) <{axis = 1 : i32}>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[FINAL]] {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = [[$B]]}>>
// CHECK: %[[SUM:.*]] = arith.addf %[[INIT]], %[[C]]
// CHECK: tt.return %[[SUM]]
tt.func @row_sums(%p: tensor<32x128x!tt.ptr<f32>, #b>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) : i32 {
    %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #b>
    %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %add = arith.addf %a, %c : f32
      tt.reduce.return %add : f32
    }) : (tensor<32x128xf32, #b>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
    %u = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
    scf.yield %u : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  }
  tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
}

// Tests that reductions along another axis than the innermost, or of values
// that are not loaded, are left alone.
// CHECK-LABEL: tt.func @column_sums
// CHECK-NOT: tt.reshape
// CHECK: scf.for {{.*}} -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = [[$B]]}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = [[$B]]}>>)
// CHECK-NOT: tt.reshape
tt.func @column_sums(%p: tensor<32x128x!tt.ptr<f32>, #b>, %n: i32) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>
  %zero1 = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %acc1 = %zero1) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) : i32 {
    %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #b>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %add = arith.addf %a, %c : f32
      tt.reduce.return %add : f32
    }) : (tensor<32x128xf32, #b>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>
    %u = arith.addf %acc, %s : tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>
    %e = math.exp %v : tensor<32x128xf32, #b>
    %s1 = "tt.reduce"(%e) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %c: f32):
      %add = arith.addf %a, %c : f32
      tt.reduce.return %add : f32
    }) : (tensor<32x128xf32, #b>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
    %u1 = arith.addf %acc1, %s1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
    scf.yield %u, %u1 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  }
  tt.return %r#0, %r#1 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #b}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
}

// Tests that a gather gets a layout in which each row lies within a warp
// (32 lanes along the gather axis, 2 elements each), between conversions.
// CHECK-LABEL: tt.func @gather
// CHECK: %[[S:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64xf32, [[$G]]>
// CHECK: %[[I:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x16xi32, [[$G]]>
// CHECK: %[[R:.*]] = tt.gather %[[S]][%[[I]]] {axis = 1 : i32, efficient_layout}
// CHECK: ttg.convert_layout %[[R]] : tensor<32x16xf32, [[$G]]> -> tensor<32x16xf32, [[$B]]>
tt.func @gather(%src: tensor<32x64xf32, #b>, %idx: tensor<32x16xi32, #b>) -> tensor<32x16xf32, #b> {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<32x64xf32, #b>, tensor<32x16xi32, #b>) -> tensor<32x16xf32, #b>
  tt.return %g : tensor<32x16xf32, #b>
}

// Tests that a reordering reshape feeding a reduction gets a layout that
// spreads no lane over the reduced axis.
// CHECK-LABEL: tt.func @reshape_for_reduce
// CHECK: %[[R:.*]] = tt.reshape %arg0 allow_reorder efficient_layout : {{.*}} -> tensor<32x128xf32, [[$COLS]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[R]] : tensor<32x128xf32, [[$COLS]]> -> tensor<32x128xf32, [[$B]]>
// CHECK: "tt.reduce"(%[[C]])
tt.func @reshape_for_reduce(%x: tensor<4096xf32, #b1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>> {
  %r = tt.reshape %x allow_reorder : tensor<4096xf32, #b1> -> tensor<32x128xf32, #b>
  %s = "tt.reduce"(%r) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %c: f32):
    %add = arith.addf %a, %c : f32
    tt.reduce.return %add : f32
  }) : (tensor<32x128xf32, #b>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  tt.return %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
}
}
