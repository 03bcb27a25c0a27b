// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that a dot with 16 or more result elements per thread accumulates in
// 4x4 register tiles, takes a and b in dot_op layouts of that accumulator
// layout, and converts c to it.
// CHECK-DAG: #[[$A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[$ACC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_4x4
// CHECK-SAME: (%[[A:[^:]+]]: tensor<128x64xf16, #[[$A]]>, %[[B:[^:]+]]: tensor<64x128xf16, #[[$B]]>, %[[C:[^:]+]]: tensor<128x128xf32, #[[$B]]>)
tt.func @dot_4x4(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  // CHECK: %[[DA:.+]] = ttg.convert_layout %[[A]] : tensor<128x64xf16, #[[$A]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>>
  // CHECK: %[[DB:.+]] = ttg.convert_layout %[[B]] : tensor<64x128xf16, #[[$B]]> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>>
  // CHECK: %[[DC:.+]] = ttg.convert_layout %[[C]] : tensor<128x128xf32, #[[$B]]> -> tensor<128x128xf32, #[[$ACC]]>
  // CHECK: %[[D:.+]] = tt.dot %[[DA]], %[[DB]], %[[DC]], inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>> -> tensor<128x128xf32, #[[$ACC]]>
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: %[[R:.+]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[$ACC]]> -> tensor<128x128xf32, #[[$B]]>
  // CHECK: tt.return %[[R]]
  tt.return %d : tensor<128x128xf32>
}

// -----

// Tests that a dot with 4 to 15 result elements per thread uses 2x2
// register tiles, and that maxNumImpreciseAcc survives.
// CHECK: #[[$ACC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_2x2
tt.func @dot_2x2(%a: tensor<32x16xf8E4M3FN>, %b: tensor<16x32xf8E4M3FN>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: tt.dot %{{.+}}, %{{.+}}, %{{.+}} {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>> * tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>> -> tensor<32x32xf32, #[[$ACC]]>
  %d = tt.dot %a, %b, %c {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf8E4M3FN> * tensor<16x32xf8E4M3FN> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// Tests that a small dot keeps one element per thread; its accumulator
// layout is then the default one, and c is still converted (to itself), as
// upstream does.
// CHECK: #[[$ACC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_small
// CHECK-SAME: %[[C:[^:]+]]: tensor<16x16xf32, #[[$ACC]]>) -> tensor<16x16xf32, #[[$ACC]]>
tt.func @dot_small(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: %[[DC:.+]] = ttg.convert_layout %[[C]] : tensor<16x16xf32, #[[$ACC]]> -> tensor<16x16xf32, #[[$ACC]]>
  // CHECK: %[[D:.+]] = tt.dot %{{.+}}, %{{.+}}, %[[DC]] : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>> -> tensor<16x16xf32, #[[$ACC]]>
  %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK-NEXT: tt.return %[[D]]
  tt.return %d : tensor<16x16xf32>
}

// -----

// Tests a batched (3-D) dot: register tiles only in the matrix dimensions.
// CHECK: #[[$ACC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @dot_batched
tt.func @dot_batched(%a: tensor<2x64x32xf16>, %b: tensor<2x32x64xf16>, %c: tensor<2x64x64xf32>) -> tensor<2x64x64xf32> {
  // CHECK: tt.dot {{.+}} -> tensor<2x64x64xf32, #[[$ACC]]>
  %d = tt.dot %a, %b, %c : tensor<2x64x32xf16> * tensor<2x32x64xf16> -> tensor<2x64x64xf32>
  tt.return %d : tensor<2x64x64xf32>
}

// -----

// Tests a dot in a loop: the loop-carried accumulator keeps the default
// layout, converted to the accumulator layout for the dot and back for the
// yield.
// CHECK-DAG: #[[$DEF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$ACC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_loop
tt.func @dot_loop(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %n: i32) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for {{.+}} iter_args(%[[ACC:[^ ]+]] = %{{.+}}) -> (tensor<64x64xf32, #[[$DEF]]>)
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %zero) -> (tensor<64x64xf32>) : i32 {
    // CHECK: %[[DC:.+]] = ttg.convert_layout %[[ACC]] : tensor<64x64xf32, #[[$DEF]]> -> tensor<64x64xf32, #[[$ACC]]>
    // CHECK: %[[D:.+]] = tt.dot %{{.+}}, %{{.+}}, %[[DC]]
    %d = tt.dot %a, %b, %acc_i : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    // CHECK: %[[Y:.+]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[$ACC]]> -> tensor<64x64xf32, #[[$DEF]]>
    // CHECK: scf.yield %[[Y]] : tensor<64x64xf32, #[[$DEF]]>
    scf.yield %d : tensor<64x64xf32>
  }
  tt.return %acc : tensor<64x64xf32>
}
