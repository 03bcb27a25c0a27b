// RUN: triton-opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s

// Tests that two iteration arguments that start equal and are updated alike
// become one, and the loop's results with them.
// CHECK-LABEL: tt.func @equal_iter_args
tt.func @equal_iter_args(%x: i32, %n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[R:.+]] = scf.for %{{.+}} = %c0_i32 to %arg1 step %c1_i32 iter_args(%[[A:.+]] = %arg0) -> (i32) : i32 {
  // CHECK-NEXT: %[[N:.+]] = arith.addi %[[A]], %c1_i32 : i32
  // CHECK-NEXT: scf.yield %[[N]] : i32
  // CHECK: tt.return %[[R]], %[[R]] : i32, i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Tests that equality through a cycle of arguments is found: each pair of
// arguments swaps values with the other pair, alike.
// CHECK-LABEL: tt.func @cyclic
tt.func @cyclic(%x: i32, %y: i32, %n: i32) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[R:.+]]:2 = scf.for %{{.+}} iter_args(%[[A:.+]] = %arg0, %[[B:.+]] = %arg1) -> (i32, i32) : i32 {
  // CHECK-NEXT: scf.yield %[[B]], %[[A]] : i32, i32
  // CHECK: tt.return %[[R]]#0, %[[R]]#1, %[[R]]#0, %[[R]]#1
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x, %d = %y) -> (i32, i32, i32, i32) : i32 {
    scf.yield %b, %a, %d, %c : i32, i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// Tests that arguments stay apart when they start from different values,
// when their updates differ, or when an update reads memory.
// CHECK-LABEL: tt.func @not_equal
tt.func @not_equal(%x: i32, %y: i32, %n: i32, %p: !tt.ptr<i32>) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: %[[R:.+]]:5 = scf.for {{.+}} -> (i32, i32, i32, i32, i32)
  %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x, %d = %x, %e = %x, %f = %x) -> (i32, i32, i32, i32, i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    %c1_ = arith.addi %c, %c1 : i32
    %d1 = arith.addi %d, %c2 : i32
    %q = tt.addptr %p, %e : !tt.ptr<i32>, i32
    %e1 = tt.load %q : !tt.ptr<i32>
    %q2 = tt.addptr %p, %f : !tt.ptr<i32>, i32
    %f1 = tt.load %q2 : !tt.ptr<i32>
    scf.yield %a1, %b1, %c1_, %d1, %e1, %f1 : i32, i32, i32, i32, i32, i32
  }
  // The first and third arguments are equal; nothing else is.
  // CHECK: tt.return %[[R]]#0, %[[R]]#1, %[[R]]#0, %[[R]]#2, %[[R]]#3, %[[R]]#4
  tt.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : i32, i32, i32, i32, i32, i32
}
