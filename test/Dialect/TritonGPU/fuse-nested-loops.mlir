// RUN: triton-opt %s -split-input-file --tritongpu-fuse-nested-loops -verify-diagnostics | FileCheck %s

// Inner bounds that do not depend on the outer index: one loop of
// outer trips x max(inner trips, 1) steps, carrying i, the step number k,
// the outer value and the inner value.
// CHECK-LABEL: tt.func @invariant
// CHECK-NOT: scf.for
// CHECK: %[[TOTAL:.*]] = arith.muli
// CHECK: %[[R:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %[[TOTAL]] step %{{.*}} iter_args(%[[I:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[IN:.*]] = %{{.*}}) -> (i32, i32, i32, i32)
// CHECK-NOT: scf.for
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK: %[[CUR:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK-NEXT: scf.yield %[[ACC]] : i32
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[IN]] : i32
// CHECK: %[[IN_BODY:.*]] = arith.cmpi slt, %[[K]]
// CHECK: %[[NEXT:.*]] = scf.if %[[IN_BODY]] -> (i32) {
// CHECK: tt.store
// CHECK: %[[LAST:.*]] = arith.cmpi sge
// CHECK: scf.if %[[LAST]] -> (i32, i32, i32) {
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[NEXT]] : i32, i32, i32
// CHECK: } else {
// CHECK: tt.return %[[R]]#2 : i32
tt.func @invariant(%ub: i32, %out: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c1) -> (i32) : i32 {
    %s = scf.for %j = %c0 to %ub step %c1 iter_args(%k = %acc) -> (i32) : i32 {
      %p = tt.addptr %out, %k : !tt.ptr<i32>, i32
      tt.store %p, %k : !tt.ptr<i32>
      %k1 = arith.addi %k, %c1 : i32
      scf.yield %k1 : i32
    }
    scf.yield %s : i32
  } {tt.flatten}
  tt.return %r : i32
}

// -----

// Inner bounds computed from the outer index: a first loop adds up the
// trip counts, then the fused loop.
// CHECK-LABEL: tt.func @dependent
// CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (i32)
// CHECK: arith.maxsi
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[SUM]] step
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @dependent(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %lb = arith.muli %i, %c2 : i32
    %hi = arith.addi %lb, %i : i32
    scf.for %j = %lb to %hi step %c1 : i32 {
      %p = tt.addptr %out, %j : !tt.ptr<i32>, i32
      tt.store %p, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// A prologue with a store would run at every step: not flattened.
// CHECK-LABEL: tt.func @effects
// CHECK: scf.for
// CHECK: scf.for
tt.func @effects(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{this loop is not flattened: it needs exactly one loop nested in it, constant positive steps, and no memory effects before the nested loop}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    tt.store %out, %i : !tt.ptr<i32>
    scf.for %j = %c0 to %ub step %c1 : i32 {
      tt.store %out, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}
