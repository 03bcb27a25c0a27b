// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that a reduce along the rows yields a slice of its operand's layout,
// and that its user gets the result back in the default 1-D layout.
// CHECK-DAG: #[[$B2D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @row_sum
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32x128xf32, #[[$B2D]]>) -> tensor<32xf32, #[[$B1D]]>
tt.func @row_sum(%x: tensor<32x128xf32>) -> tensor<32xf32> {
  // CHECK: %[[SUM:.+]] = "tt.reduce"(%[[X]]) <{axis = 1 : i32}> ({
  // CHECK: ^bb0(%[[A:[^:]+]]: f32, %[[B:[^:]+]]: f32):
  // CHECK:   %[[S:.+]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK:   tt.reduce.return %[[S]] : f32
  // CHECK: }) : (tensor<32x128xf32, #[[$B2D]]>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>>
  %sum = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x128xf32>) -> tensor<32xf32>
  // CHECK: %[[CVT:.+]] = ttg.convert_layout %[[SUM]] : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>> -> tensor<32xf32, #[[$B1D]]>
  // CHECK: %[[TWICE:.+]] = arith.addf %[[CVT]], %[[CVT]] : tensor<32xf32, #[[$B1D]]>
  %twice = arith.addf %sum, %sum : tensor<32xf32>
  // CHECK: tt.return %[[TWICE]] : tensor<32xf32, #[[$B1D]]>
  tt.return %twice : tensor<32xf32>
}

// -----

// Tests a reduce to a scalar, whose result needs no layout.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @total
tt.func @total(%x: tensor<256xi32>) -> i32 {
  // CHECK: %[[T:.+]] = "tt.reduce"(%{{.+}}) <{axis = 0 : i32}>
  // CHECK: }) : (tensor<256xi32, #[[$B]]>) -> i32
  %t = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %m = arith.maxsi %a, %b : i32
    tt.reduce.return %m : i32
  }) : (tensor<256xi32>) -> i32
  // CHECK-NEXT: tt.return %[[T]] : i32
  tt.return %t : i32
}

// -----

// Tests a reduce of two operands (an argmax) along the columns: both
// results are slices of the operands' layout.
// CHECK-DAG: #[[$B2D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @argmax
tt.func @argmax(%v: tensor<64x16xf32>, %i: tensor<64x16xi32>) -> (tensor<16xf32>, tensor<16xi32>) {
  // CHECK: %[[R:[^:]+]]:2 = "tt.reduce"(%{{.+}}, %{{.+}}) <{axis = 0 : i32}>
  // CHECK: }) : (tensor<64x16xf32, #[[$B2D]]>, tensor<64x16xi32, #[[$B2D]]>) -> (tensor<16xf32, #ttg.slice<{dim = 0, parent = #[[$B2D]]}>>, tensor<16xi32, #ttg.slice<{dim = 0, parent = #[[$B2D]]}>>)
  %r:2 = "tt.reduce"(%v, %i) <{axis = 0 : i32}> ({
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %vm = arith.select %gt, %va, %vb : f32
    %im = arith.select %gt, %ia, %ib : i32
    tt.reduce.return %vm, %im : f32, i32
  }) : (tensor<64x16xf32>, tensor<64x16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  // CHECK-DAG: %[[I:.+]] = ttg.convert_layout %[[R]]#1 : tensor<16xi32, #ttg.slice<{dim = 0, parent = #[[$B2D]]}>> -> tensor<16xi32, #[[$B1D]]>
  // CHECK-DAG: %[[V:.+]] = ttg.convert_layout %[[R]]#0 : tensor<16xf32, #ttg.slice<{dim = 0, parent = #[[$B2D]]}>> -> tensor<16xf32, #[[$B1D]]>
  // CHECK: tt.return %[[V]], %[[I]] : tensor<16xf32, #[[$B1D]]>, tensor<16xi32, #[[$B1D]]>
  tt.return %r#0, %r#1 : tensor<16xf32>, tensor<16xi32>
}

// -----

// Tests that scans keep their operand's layout, forward and reverse.
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$B2D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @cumsum
tt.func @cumsum(%x: tensor<128xi32>, %y: tensor<8x32xf32>) {
  // CHECK: "tt.scan"(%{{.+}}) <{axis = 0 : i32, reverse = false}>
  // CHECK: }) : (tensor<128xi32, #[[$B1D]]>) -> tensor<128xi32, #[[$B1D]]>
  %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    tt.scan.return %c : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  // CHECK: "tt.scan"(%{{.+}}) <{axis = 1 : i32, reverse = true}>
  // CHECK: tt.scan.return %{{.+}} : f32
  // CHECK: }) : (tensor<8x32xf32, #[[$B2D]]>) -> tensor<8x32xf32, #[[$B2D]]>
  %r = "tt.scan"(%y) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.mulf %a, %b : f32
    tt.scan.return %c : f32
  }) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  // CHECK-NOT: ttg.convert_layout
  tt.return
}

// -----

// Tests that a histogram's result takes the default layout of its shape.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @histogram
tt.func @histogram(%x: tensor<1024xi32>, %m: tensor<1024xi1>) -> tensor<64xi32> {
  // CHECK: tt.histogram %{{.+}}, %{{.+}} : tensor<1024xi32, #[[$B]]> -> tensor<64xi32, #[[$B]]>
  %h = tt.histogram %x, %m : tensor<1024xi32> -> tensor<64xi32>
  tt.return %h : tensor<64xi32>
}
