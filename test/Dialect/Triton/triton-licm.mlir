// RUN: triton-opt %s -split-input-file -triton-licm | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-licm -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// Tests that loads with loop-invariant operands leave a loop that only reads
// memory, each mask and-ed with a new entry condition (lb < ub) at the
// loop's location, and that the pure ops using them follow.
// CHECK-LABEL: tt.func @hoist_loads
// CHECK-SAME: (%[[P:[^:]+]]: tensor<128x!tt.ptr<f32>>, %[[M:[^:]+]]: tensor<128xi1>, %[[LB:[^:]+]]: i32, %[[UB:[^:]+]]: i32, %[[Q:[^:]+]]: !tt.ptr<f32>)
tt.func @hoist_loads(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %lb: i32, %ub: i32, %q: !tt.ptr<f32>) -> (tensor<128xf32>, f32) {
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  %zs = arith.constant 0.0 : f32
  // CHECK: %[[RUNS:.+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
  // CHECK-NEXT: %[[SPLAT:.+]] = tt.splat %[[RUNS]] : i1 -> tensor<128xi1>
  // CHECK-NEXT: %[[MASK:.+]] = arith.andi %[[SPLAT]], %[[M]] : tensor<128xi1>
  // CHECK-NEXT: %[[V:.+]] = tt.load %[[P]], %[[MASK]] : tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: %[[RUNS2:.+]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
  // CHECK-NEXT: %[[W:.+]] = tt.load %[[Q]], %[[RUNS2]] : !tt.ptr<f32>
  // CHECK-NEXT: %[[E:.+]] = math.exp %[[V]] : tensor<128xf32>
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: arith.addf %{{.+}}, %[[E]]
  // CHECK-NEXT: arith.addf %{{.+}}, %[[W]]
  // CHECK-NEXT: scf.yield
  // LOC-LABEL: tt.func @hoist_loads
  // LOC: arith.cmpi {{.+}} loc("loop")
  // LOC-NEXT: tt.splat {{.+}} loc("loop")
  // LOC-NEXT: arith.andi {{.+}} loc("loop")
  // LOC-NEXT: tt.load {{.+}} loc("load")
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z, %s = %zs) -> (tensor<128xf32>, f32) : i32 {
    %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>> loc("load")
    %w = tt.load %q : !tt.ptr<f32>
    %e = math.exp %v : tensor<128xf32>
    %a = arith.addf %acc, %e : tensor<128xf32>
    %b = arith.addf %s, %w : f32
    scf.yield %a, %b : tensor<128xf32>, f32
  } loc("loop")
  tt.return %r#0, %r#1 : tensor<128xf32>, f32
}

// -----

// Tests that loads stay in loops that write memory and that ops which may
// not be speculated (a division by the induction variable) stay, while pure
// invariant ops still leave; loads whose pointers vary stay too.
// CHECK-LABEL: tt.func @no_hoist
tt.func @no_hoist(%p: tensor<128x!tt.ptr<f32>>, %lb: i32, %ub: i32, %x: i32, %r: !tt.ptr<f32>) -> f32 {
  %c1 = arith.constant 1 : i32
  // CHECK: %[[SQ:.+]] = arith.muli %arg3, %arg3 : i32
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: tt.load %arg0 : tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: arith.divsi %arg3, %{{.+}} : i32
  // CHECK-NEXT: tt.store
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %y = arith.muli %x, %x : i32
    %d = arith.divsi %x, %i : i32
    tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  }
  %z = arith.constant 0.0 : f32
  // CHECK: scf.for
  // CHECK-NEXT: tt.addptr
  // CHECK-NEXT: tt.load
  %s = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %q = tt.addptr %r, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  tt.return %s : f32
}

// -----

// Tests that loads stay in while loops, whose entry condition upstream does
// not compute, while pure invariant ops leave them.
// CHECK-LABEL: tt.func @while_loop
tt.func @while_loop(%p: tensor<128x!tt.ptr<f32>>, %q: !tt.ptr<i32>, %n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: %[[SQ:.+]] = arith.muli %arg2, %arg2 : i32
  // CHECK-NEXT: scf.while
  // CHECK-NEXT: %[[LIMIT:.+]] = tt.load %arg1 : !tt.ptr<i32>
  // CHECK-NEXT: arith.cmpi slt, %{{.+}}, %[[LIMIT]] : i32
  // CHECK: } do {
  // CHECK: %[[V:.+]] = tt.load %arg0 : tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: arith.addf %{{.+}}, %[[V]]
  // CHECK-NEXT: arith.addi %{{.+}}, %[[SQ]]
  %r:2 = scf.while (%i = %c0, %acc = %z) : (i32, tensor<128xf32>) -> (i32, tensor<128xf32>) {
    %limit = tt.load %q : !tt.ptr<i32>
    %lt = arith.cmpi slt, %i, %limit : i32
    scf.condition(%lt) %i, %acc : i32, tensor<128xf32>
  } do {
  ^bb0(%i2: i32, %acc2: tensor<128xf32>):
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %a = arith.addf %acc2, %v : tensor<128xf32>
    %sq = arith.muli %n, %n : i32
    %i3 = arith.addi %i2, %sq : i32
    scf.yield %i3, %a : i32, tensor<128xf32>
  }
  tt.return %r#1 : tensor<128xf32>
}

// -----

// Tests that an inner loop's invariant load leaves it, guarded, and then the
// outer loop, guarded again (the inner guard, being pure, leaves first).
// CHECK-LABEL: tt.func @nested
// CHECK: %[[INNER:.+]] = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK-NEXT: %[[IMASK:.+]] = tt.splat %[[INNER]]
// CHECK-NEXT: %[[OUTER:.+]] = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK-NEXT: %[[OMASK:.+]] = tt.splat %[[OUTER]]
// CHECK-NEXT: %[[MASK:.+]] = arith.andi %[[OMASK]], %[[IMASK]]
// CHECK-NEXT: tt.load %arg0, %[[MASK]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
tt.func @nested(%p: tensor<128x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (tensor<128xf32>) : i32 {
    %s = scf.for %j = %lb to %ub step %c1 iter_args(%acc2 = %acc) -> (tensor<128xf32>) : i32 {
      %v = tt.load %p : tensor<128x!tt.ptr<f32>>
      %a = arith.addf %acc2, %v : tensor<128xf32>
      scf.yield %a : tensor<128xf32>
    }
    scf.yield %s : tensor<128xf32>
  }
  tt.return %r : tensor<128xf32>
}
