// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

// Chunk 1 passes: the addition of zero folds away.
// CHECK-LABEL: tt.func @fold
// CHECK-NEXT: tt.return %arg0
tt.func @fold(%arg0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %arg0, %c0 : i32
  tt.return %0 : i32
}

// -----

// Chunk 2 fails: its check asks for what canonicalize removes.
// CHECK-LABEL: tt.func @wrong
// CHECK: arith.muli
tt.func @wrong(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %arg0, %c1 : i32
  tt.return %0 : i32
}

// -----

// Chunk 3 has no check line: it passes when the tool accepts it.
tt.func @unchecked() {
  tt.return
}
