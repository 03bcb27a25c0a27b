// RUN: triton-opt %s -split-input-file -inline='default-pipeline=' | FileCheck %s

// Tests that a single-block tt.func called with tt.call is inlined and its
// tt.return values replace the call's results.
// CHECK-LABEL: tt.func public @caller
// CHECK-SAME: (%[[X:.+]]: i32)
// CHECK-NOT: tt.call
// CHECK: %[[SUM:.+]] = arith.addi %[[X]], %[[X]] : i32
// CHECK: tt.return %[[SUM]] : i32
tt.func private @double(%x: i32) -> i32 attributes {noinline = false} {
  %0 = arith.addi %x, %x : i32
  tt.return %0 : i32
}
tt.func public @caller(%x: i32) -> i32 {
  %0 = tt.call @double(%x) : (i32) -> i32
  tt.return %0 : i32
}

// -----

// Tests that a callee with several blocks is inlined: its tt.return becomes
// a branch to the code after the call.
// CHECK-LABEL: tt.func public @caller_cf
// CHECK-NOT: tt.call
// CHECK: cf.cond_br
// CHECK: cf.br ^[[AFTER:.+]](%{{.+}} : i32)
// CHECK: ^[[AFTER]](%[[R:.+]]: i32):
// CHECK: tt.return %[[R]] : i32
tt.func private @select(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %a : i32
^bb2:
  tt.return %b : i32
}
tt.func public @caller_cf(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = tt.call @select(%c, %a, %b) : (i1, i32, i32) -> i32
  tt.return %0 : i32
}

// -----

// Tests that a function marked noinline = true stays a call.
// CHECK-LABEL: tt.func public @keeps_call
// CHECK: tt.call @opaque
tt.func private @opaque(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}
tt.func public @keeps_call(%x: i32) -> i32 {
  %0 = tt.call @opaque(%x) : (i32) -> i32
  tt.return %0 : i32
}
