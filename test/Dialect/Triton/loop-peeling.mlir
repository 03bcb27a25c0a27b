// RUN: triton-opt %s -split-input-file -triton-test-loop-peeling | FileCheck %s

// The last iteration runs after the loop, at lb + ((ub - lb - 1) / step) * step,
// when the loop runs at all; the loop's users take the peeled results.
// CHECK-LABEL: tt.func @peel_index
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[X:.*]]: f32)
// CHECK: %[[NUB:.*]] = arith.subi %[[UB]], %[[STEP]] : index
// CHECK: %[[FOR:.*]] = scf.for %{{.*}} = %[[LB]] to %[[NUB]] step %[[STEP]] iter_args(%{{.*}} = %[[X]]) -> (f32)
// CHECK-NOT: __test_peel_epilogue
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[RANGE:.*]] = arith.subi %[[UB]], %[[LB]]
// CHECK: %[[RM1:.*]] = arith.subi %[[RANGE]], %[[ONE]]
// CHECK: %[[N:.*]] = arith.divsi %[[RM1]], %[[STEP]]
// CHECK: %[[DELTA:.*]] = arith.muli %[[N]], %[[STEP]]
// CHECK: %[[LAST:.*]] = arith.addi %[[DELTA]], %[[LB]]
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]]
// CHECK: %[[IF:.*]] = scf.if %[[RUNS]] -> (f32) {
// CHECK:   %[[I:.*]] = arith.index_cast %[[LAST]] : index to i32
// CHECK:   %[[F:.*]] = arith.sitofp %[[I]]
// CHECK:   %[[S:.*]] = arith.addf %[[FOR]], %[[F]]
// CHECK:   scf.yield %[[S]] : f32
// CHECK: } else {
// CHECK:   scf.yield %[[FOR]] : f32
// CHECK: tt.return %[[IF]] : f32
tt.func @peel_index(%lb: index, %ub: index, %step: index, %x: f32) -> f32 {
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %x) -> (f32) {
    %i = arith.index_cast %iv : index to i32
    %f = arith.sitofp %i : i32 to f32
    %s = arith.addf %acc, %f : f32
    scf.yield %s : f32
  } {__test_peel_epilogue}
  tt.return %r : f32
}

// -----

// Loops without the marker are left alone; an unsigned loop peels with an
// unsigned comparison.
// CHECK-LABEL: tt.func @unmarked_and_unsigned
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step
// CHECK-NOT: scf.if
// CHECK: scf.for unsigned
// CHECK: arith.cmpi ult
// CHECK: scf.if
tt.func @unmarked_and_unsigned(%lb: i32, %ub: i32, %step: i32) {
  scf.for %iv = %lb to %ub step %step : i32 {
    %unused = arith.addi %iv, %lb : i32
  }
  scf.for unsigned %iv = %lb to %ub step %step : i32 {
  } {__test_peel_epilogue}
  tt.return
}
