// RUN: triton-opt %s -split-input-file -triton-loop-unroll -verify-diagnostics | FileCheck %s

// Tests that a loop with a dynamic trip count is unrolled by its factor into
// a main loop of twice the step and a remainder loop the pipeliner skips.
// CHECK-LABEL: tt.func @dynamic_trip_count
tt.func @dynamic_trip_count(%p: tensor<128x!tt.ptr<f32>>, %n: i32) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: %[[STEP:.+]] = arith.muli %c1_i32, %c2_i32 : i32
  // CHECK: %[[MAIN:.+]] = scf.for %{{.+}} = %c0_i32 to %[[SPLIT:.+]] step %[[STEP]] iter_args(%[[ACC:.+]] = %cst) -> (tensor<128xf32>) : i32 {
  // CHECK-NEXT: %[[V0:.+]] = tt.load %arg0
  // CHECK-NEXT: %[[S0:.+]] = arith.addf %[[ACC]], %[[V0]]
  // CHECK-NEXT: %[[V1:.+]] = tt.load %arg0
  // CHECK-NEXT: %[[S1:.+]] = arith.addf %[[S0]], %[[V1]]
  // CHECK-NEXT: scf.yield %[[S1]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[REST:.+]] = scf.for %{{.+}} = %[[SPLIT]] to %arg1 step %c1_i32 iter_args(%{{.+}} = %[[MAIN]]) -> (tensor<128xf32>) : i32 {
  // CHECK: } {tt.num_stages = 1 : i32}
  // CHECK-NEXT: tt.return %[[REST]]
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128xf32>) : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : tensor<128xf32>
}

// -----

// Tests that a loop whose trip count the factor divides needs no remainder,
// and that loops without a factor above 1 (which asks for no unrolling) stay
// as they are.
// CHECK-LABEL: tt.func @static_trip_count
tt.func @static_trip_count(%p: tensor<128x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  // CHECK: scf.for %{{.+}} = %c0_i32 to %c8_i32 step %c4_i32 : i32 {
  // CHECK-COUNT-4: tt.store
  // CHECK-NEXT: }
  // CHECK-NOT: tt.num_stages
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 4 : i32}
  // CHECK: scf.for %{{.+}} = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
  // CHECK-COUNT-1: tt.store
  // CHECK-NEXT: } {tt.loop_unroll_factor = 1 : i32}
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 1 : i32}
  // CHECK: scf.for %{{.+}} = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
  // CHECK-COUNT-1: tt.store
  // CHECK-NEXT: } {tt.loop_unroll_factor = 0 : i32}
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 0 : i32}
  // CHECK: scf.for %{{.+}} = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
  // CHECK-COUNT-1: tt.store
  // CHECK-NEXT: }
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Tests that nested loops unroll independently.
// CHECK-LABEL: tt.func @nested
// CHECK: scf.for %{{.+}} = %c0_i32 to %c4_i32 step %c2_i32
// CHECK-COUNT-2: scf.for %{{.+}} = %c0_i32 to %c6_i32 step %c3_i32
tt.func @nested(%p: tensor<128x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    scf.for %j = %c0 to %c6 step %c1 : i32 {
      %v = tt.load %p : tensor<128x!tt.ptr<f32>>
      tt.store %p, %v : tensor<128x!tt.ptr<f32>>
    } {tt.loop_unroll_factor = 3 : i32}
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return
}

// -----

// Tests that a factor that is not an integer is an error.
tt.func @bad_factor(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tt.loop_unroll_factor' must be an integer, got "two"}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tt.loop_unroll_factor = "two"}
  tt.return
}
