// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that scf.for converts its init values, region arguments, yielded
// values and results, and keeps its attributes.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @for_loop
// CHECK-SAME: (%{{.+}}: i32, %[[X:[^:]+]]: tensor<128xf32, #[[$B]]>) -> tensor<128xf32, #[[$B]]>
tt.func @for_loop(%n: i32, %x: tensor<128xf32>) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:[^ ]+]] = %[[X]]) -> (tensor<128xf32, #[[$B]]>) : i32 {
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<128xf32>) : i32 {
    // CHECK-NEXT: %[[NEXT:.+]] = arith.addf %[[ACC]], %[[X]] : tensor<128xf32, #[[$B]]>
    %next = arith.addf %acc, %x : tensor<128xf32>
    // CHECK-NEXT: scf.yield %[[NEXT]] : tensor<128xf32, #[[$B]]>
    scf.yield %next : tensor<128xf32>
  // CHECK-NEXT: } {tt.num_stages = 3 : i32}
  } {tt.num_stages = 3 : i32}
  // CHECK-NEXT: tt.return %[[R]] : tensor<128xf32, #[[$B]]>
  tt.return %r : tensor<128xf32>
}

// -----

// Tests that scf.if results are converted and that a yielded value in
// another layout is converted to the result's default layout.
// CHECK-DAG: #[[$B2D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @if_else
tt.func @if_else(%c: i1, %x: tensor<16x32xf32>) -> tensor<16xf32> {
  // CHECK: %[[R:.+]] = scf.if %{{.+}} -> (tensor<16xf32, #[[$B1D]]>) {
  %r = scf.if %c -> (tensor<16xf32>) {
    // CHECK: %[[S:.+]] = "tt.reduce"
    // CHECK: }) : (tensor<16x32xf32, #[[$B2D]]>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<16x32xf32>) -> tensor<16xf32>
    // CHECK-NEXT: %[[Y:.+]] = ttg.convert_layout %[[S]] : tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>> -> tensor<16xf32, #[[$B1D]]>
    // CHECK-NEXT: scf.yield %[[Y]] : tensor<16xf32, #[[$B1D]]>
    scf.yield %s : tensor<16xf32>
  // CHECK-NEXT: } else {
  } else {
    // CHECK-NEXT: %[[Z:.+]] = arith.constant dense<0.000000e+00> : tensor<16xf32, #[[$B1D]]>
    %z = arith.constant dense<0.000000e+00> : tensor<16xf32>
    // CHECK-NEXT: scf.yield %[[Z]] : tensor<16xf32, #[[$B1D]]>
    scf.yield %z : tensor<16xf32>
  }
  // CHECK: tt.return %[[R]] : tensor<16xf32, #[[$B1D]]>
  tt.return %r : tensor<16xf32>
}

// -----

// Tests that scf.while converts the arguments of both regions, the
// condition's operands and its results.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @while_loop
tt.func @while_loop(%x: tensor<64xi32>, %limit: i32) -> tensor<64xi32> {
  // CHECK: %[[R:.+]] = scf.while (%[[V:[^ ]+]] = %{{.+}}) : (tensor<64xi32, #[[$B]]>) -> tensor<64xi32, #[[$B]]> {
  %r = scf.while (%v = %x) : (tensor<64xi32>) -> tensor<64xi32> {
    // CHECK: "tt.reduce"(%[[V]])
    %first = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<64xi32>) -> i32
    %go = arith.cmpi slt, %first, %limit : i32
    // CHECK: scf.condition(%{{.+}}) %[[V]] : tensor<64xi32, #[[$B]]>
    scf.condition(%go) %v : tensor<64xi32>
  // CHECK-NEXT: } do {
  } do {
  // CHECK-NEXT: ^bb0(%[[W:[^:]+]]: tensor<64xi32, #[[$B]]>):
  ^bb0(%w: tensor<64xi32>):
    // CHECK-NEXT: %[[D:.+]] = arith.addi %[[W]], %[[W]] : tensor<64xi32, #[[$B]]>
    %d = arith.addi %w, %w : tensor<64xi32>
    // CHECK-NEXT: scf.yield %[[D]] : tensor<64xi32, #[[$B]]>
    scf.yield %d : tensor<64xi32>
  }
  // CHECK: tt.return %[[R]] : tensor<64xi32, #[[$B]]>
  tt.return %r : tensor<64xi32>
}
