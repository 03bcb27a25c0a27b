// RUN: triton-opt %s -split-input-file --tritongpu-fuse-nested-loops -verify-diagnostics | FileCheck %s

// Inner bounds that do not depend on the outer index: speculated on the
// inner loop running. If it does (L > 0), one loop of outer trips x L
// steps, carrying i, the step number k, the outer value and the inner
// value, the inner body unguarded; else the outer loop alone, the inner
// loop's result being its initial value.
// CHECK-LABEL: tt.func @invariant
// CHECK-NOT: scf.for
// CHECK: %[[OUTER:.*]] = arith.maxsi
// CHECK: %[[L:.*]] = arith.maxsi
// CHECK: %[[RUNS:.*]] = arith.cmpi sgt, %[[L]]
// CHECK: %[[V:.*]] = scf.if %[[RUNS]] -> (i32) {
// CHECK: %[[TOTAL:.*]] = arith.muli %[[OUTER]], %[[L]]
// CHECK: %[[R:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %[[TOTAL]] step %{{.*}} iter_args(%[[I:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[IN:.*]] = %{{.*}}) -> (i32, i32, i32, i32)
// CHECK-NOT: scf.for
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK: %[[CUR:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK-NEXT: scf.yield %[[ACC]] : i32
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[IN]] : i32
// CHECK-NOT: scf.if
// CHECK: tt.store %{{.*}}, %[[CUR]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[CUR]]
// CHECK: %[[KPLUS:.*]] = arith.addi %[[K]]
// CHECK: %[[LAST:.*]] = arith.cmpi sge, %[[KPLUS]], %[[L]]
// CHECK: %[[KNEXT:.*]] = arith.select %[[LAST]], %{{.*}}, %[[KPLUS]]
// CHECK: %[[INEXT:.*]] = arith.select %[[LAST]], %{{.*}}, %[[I]]
// CHECK: %[[OUT:.*]] = scf.if %[[LAST]] -> (i32) {
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[ACC]] : i32
// CHECK: scf.yield %[[INEXT]], %[[KNEXT]], %[[OUT]], %[[NEXT]]
// CHECK: scf.yield %[[R]]#2 : i32
// CHECK: } else {
// CHECK: %[[ALONE:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32)
// CHECK-NOT: tt.store
// CHECK: scf.yield %[[A]] : i32
// CHECK: scf.yield %[[ALONE]] : i32
// CHECK: tt.return %[[V]] : i32
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
// trip counts (at least 1 per outer iteration), then the fused loop. The
// prologue's values the rest needs (the bounds) are computed at k == 0 and
// carried; a step runs the inner body only when k < L(i).
// CHECK-LABEL: tt.func @dependent
// CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (i32)
// CHECK: arith.maxsi
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[SUM]] step %{{.*}} iter_args(%[[I:[a-z0-9]+]] = %{{.*}}, %[[K:[a-z0-9]+]] = %{{.*}}, %[[LB:[a-z0-9]+]] = %{{.*}}, %[[HI:[a-z0-9]+]] = %{{.*}})
// CHECK-NOT: scf.for
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK: %[[P:.*]]:2 = scf.if %[[FIRST]] -> (i32, i32) {
// CHECK: arith.muli %[[I]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[LB]], %[[HI]] : i32, i32
// CHECK: arith.subi %[[P]]#1, %[[P]]#0
// CHECK: %[[LEN:.*]] = arith.maxsi
// CHECK: %[[IN_BODY:.*]] = arith.cmpi slt, %[[K]], %[[LEN]]
// CHECK: scf.if %[[IN_BODY]] {
// CHECK: tt.store
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[P]]#0, %[[P]]#1 : i32, i32, i32, i32
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

// An inner value that starts from the same value in every outer iteration
// (a constant) is not picked at k == 0: the scf.if of the outer
// iteration's last step resets it after the epilogue.
// CHECK-LABEL: tt.func @reset
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%{{[a-z0-9]+}} = %{{.*}}, %{{[a-z0-9]+}} = %{{.*}}, %[[ACC:[a-z0-9]+]] = %[[ZERO]]) -> (i32, i32, f32)
// CHECK-NOT: scf.if
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]]
// CHECK: %[[LAST:.*]] = arith.cmpi sge
// CHECK: %[[NEXT:.*]] = scf.if %[[LAST]] -> (f32) {
// CHECK: tt.store %{{.*}}, %[[SUM]]
// CHECK-NEXT: scf.yield %[[ZERO]] : f32
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[SUM]] : f32
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[NEXT]] : i32, i32, f32
tt.func @reset(%ub: i32, %out: !tt.ptr<f32>, %x: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %s = scf.for %j = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %a = arith.addf %acc, %x : f32
      scf.yield %a : f32
    }
    %p = tt.addptr %out, %i : !tt.ptr<f32>, i32
    tt.store %p, %s : !tt.ptr<f32>
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
