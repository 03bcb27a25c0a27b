// RUN: triton-opt %s -split-input-file -tritongpu-combine-tensor-select-and-if | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Tests that two selects on the condition of a following if without results
// become its results, the if getting an else branch.
// CHECK-LABEL: tt.func @two_selects
// CHECK-NOT: arith.select
// CHECK: %[[R:.*]]:2 = scf.if %arg0 -> (tensor<128xf32, #blocked>, tensor<128xi32, #blocked>) {
// CHECK-NEXT: tt.store
// CHECK-NEXT: scf.yield %arg1, %arg3 : tensor<128xf32, #blocked>, tensor<128xi32, #blocked>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2, %arg4 : tensor<128xf32, #blocked>, tensor<128xi32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %[[R]]#0, %[[R]]#1
tt.func @two_selects(%c: i1, %a: tensor<128xf32, #b>, %b: tensor<128xf32, #b>, %i: tensor<128xi32, #b>, %j: tensor<128xi32, #b>, %p: tensor<128x!tt.ptr<f32>, #b>) -> (tensor<128xf32, #b>, tensor<128xi32, #b>) {
  %s = arith.select %c, %a, %b : tensor<128xf32, #b>
  %t = arith.select %c, %i, %j : tensor<128xi32, #b>
  scf.if %c {
    tt.store %p, %a : tensor<128x!tt.ptr<f32>, #b>
  }
  tt.return %s, %t : tensor<128xf32, #b>, tensor<128xi32, #b>
}

// Tests that the select's values are appended to the results of an if that
// already has some.
// CHECK-LABEL: tt.func @if_with_results
// CHECK: %[[R:.*]]:2 = scf.if %arg0 -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
// CHECK-NEXT: %[[E:.*]] = math.exp %arg1
// CHECK-NEXT: scf.yield %[[E]], %arg1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2, %arg2
// CHECK: arith.addf %[[R]]#0, %[[R]]#1
tt.func @if_with_results(%c: i1, %a: tensor<128xf32, #b>, %b: tensor<128xf32, #b>) -> tensor<128xf32, #b> {
  %s = arith.select %c, %a, %b : tensor<128xf32, #b>
  %r = scf.if %c -> (tensor<128xf32, #b>) {
    %e = math.exp %a : tensor<128xf32, #b>
    scf.yield %e : tensor<128xf32, #b>
  } else {
    scf.yield %b : tensor<128xf32, #b>
  }
  %sum = arith.addf %r, %s : tensor<128xf32, #b>
  tt.return %sum : tensor<128xf32, #b>
}

// Tests that selects used before the if, selects after it, and ifs on
// another condition are left alone.
// CHECK-LABEL: tt.func @kept
// CHECK: %[[S:.*]] = arith.select %arg0, %arg2, %arg3
// CHECK-NEXT: tt.store %arg4, %[[S]]
// CHECK-NEXT: %[[T:.*]] = arith.select %arg1, %arg2, %arg3
// CHECK-NEXT: scf.if %arg0 {
// CHECK: arith.select %arg0, %arg3, %arg2
tt.func @kept(%c: i1, %d: i1, %a: tensor<128xf32, #b>, %b: tensor<128xf32, #b>, %p: tensor<128x!tt.ptr<f32>, #b>) -> (tensor<128xf32, #b>, tensor<128xf32, #b>) {
  %s = arith.select %c, %a, %b : tensor<128xf32, #b>
  tt.store %p, %s : tensor<128x!tt.ptr<f32>, #b>
  %t = arith.select %d, %a, %b : tensor<128xf32, #b>
  scf.if %c {
    tt.store %p, %t : tensor<128x!tt.ptr<f32>, #b>
  }
  %u = arith.select %c, %b, %a : tensor<128xf32, #b>
  tt.return %t, %u : tensor<128xf32, #b>, tensor<128xf32, #b>
}
}

// -----

// A select used inside the if: its true value in the then branch, its false
// value in the else branch, the if's new result after it.
// CHECK-LABEL: @used_in_branches
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: tensor<64xi32>, %[[B:.*]]: tensor<64xi32>)
// CHECK-NOT: arith.select
// CHECK: %[[R:.*]]:2 = scf.if %[[C]]
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[A]], %[[A]]
// CHECK-NEXT: scf.yield %[[T]], %[[A]]
// CHECK: } else {
// CHECK-NEXT: %[[E:.*]] = arith.subi %[[B]], %[[B]]
// CHECK-NEXT: scf.yield %[[E]], %[[B]]
// CHECK: tt.return %[[R]]#1, %[[R]]#0
tt.func @used_in_branches(%c: i1, %a: tensor<64xi32>, %b: tensor<64xi32>) -> (tensor<64xi32>, tensor<64xi32>) {
  %s = arith.select %c, %a, %b : tensor<64xi32>
  %r = scf.if %c -> (tensor<64xi32>) {
    %t = arith.addi %s, %s : tensor<64xi32>
    scf.yield %t : tensor<64xi32>
  } else {
    %e = arith.subi %s, %s : tensor<64xi32>
    scf.yield %e : tensor<64xi32>
  }
  tt.return %s, %r : tensor<64xi32>, tensor<64xi32>
}
