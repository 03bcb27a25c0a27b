// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that unstructured control flow converts the arguments of every
// block and the operands of the branches to them.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @branches
// CHECK-SAME: (%[[C:[^:]+]]: i1, %[[X:[^:]+]]: tensor<32xf32, #[[$B]]>, %[[Y:[^:]+]]: tensor<32xf32, #[[$B]]>) -> tensor<32xf32, #[[$B]]>
tt.func @branches(%c: i1, %x: tensor<32xf32>, %y: tensor<32xf32>) -> tensor<32xf32> {
  // CHECK: cf.cond_br %[[C]], ^[[BB1:bb[0-9]+]](%[[X]] : tensor<32xf32, #[[$B]]>), ^[[BB2:bb[0-9]+]](%[[Y]], %[[X]] : tensor<32xf32, #[[$B]]>, tensor<32xf32, #[[$B]]>)
  cf.cond_br %c, ^bb1(%x : tensor<32xf32>), ^bb2(%y, %x : tensor<32xf32>, tensor<32xf32>)
// CHECK: ^[[BB1]](%[[A:[^:]+]]: tensor<32xf32, #[[$B]]>):
^bb1(%a: tensor<32xf32>):
  // CHECK-NEXT: %[[N:.+]] = arith.negf %[[A]] : tensor<32xf32, #[[$B]]>
  %n = arith.negf %a : tensor<32xf32>
  // CHECK-NEXT: cf.br ^[[BB3:bb[0-9]+]](%[[N]] : tensor<32xf32, #[[$B]]>)
  cf.br ^bb3(%n : tensor<32xf32>)
// CHECK: ^[[BB2]](%[[B0:[^:]+]]: tensor<32xf32, #[[$B]]>, %[[B1:[^:]+]]: tensor<32xf32, #[[$B]]>):
^bb2(%b: tensor<32xf32>, %b2: tensor<32xf32>):
  // CHECK-NEXT: %[[S:.+]] = arith.addf %[[B0]], %[[B1]] : tensor<32xf32, #[[$B]]>
  %s = arith.addf %b, %b2 : tensor<32xf32>
  // CHECK-NEXT: cf.br ^[[BB3]](%[[S]] : tensor<32xf32, #[[$B]]>)
  cf.br ^bb3(%s : tensor<32xf32>)
// CHECK: ^[[BB3]](%[[R:[^:]+]]: tensor<32xf32, #[[$B]]>):
^bb3(%r: tensor<32xf32>):
  // CHECK-NEXT: tt.return %[[R]] : tensor<32xf32, #[[$B]]>
  tt.return %r : tensor<32xf32>
}

// -----

// Tests that a branch operand produced in another layout is converted to
// the block argument's default layout before the branch.
// CHECK-DAG: #[[$B2D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @branch_after_reduce
tt.func @branch_after_reduce(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  // CHECK: %[[S:.+]] = "tt.reduce"
  %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<8x64xf32>) -> tensor<8xf32>
  // CHECK: %[[CVT:.+]] = ttg.convert_layout %[[S]] : tensor<8xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>> -> tensor<8xf32, #[[$B1D]]>
  // CHECK-NEXT: cf.br ^[[BB1:bb[0-9]+]](%[[CVT]] : tensor<8xf32, #[[$B1D]]>)
  cf.br ^bb1(%s : tensor<8xf32>)
// CHECK: ^[[BB1]](%[[R:[^:]+]]: tensor<8xf32, #[[$B1D]]>):
^bb1(%r: tensor<8xf32>):
  // CHECK-NEXT: tt.return %[[R]] : tensor<8xf32, #[[$B1D]]>
  tt.return %r : tensor<8xf32>
}
