// RUN: triton-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// Tests that an elementwise op on splats (and splat constants) is computed on
// the scalars and splat afterwards; pointer arithmetic too.
// CHECK-LABEL: tt.func @move_splat_after_elementwise
// CHECK-SAME: (%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[P:.+]]: !tt.ptr<f32>, %[[O:.+]]: i32)
tt.func @move_splat_after_elementwise(%x: f32, %y: f32, %p: !tt.ptr<f32>, %o: i32)
    -> (tensor<128xf32>, tensor<128xf32>, tensor<128x!tt.ptr<f32>>) {
  // CHECK-DAG: %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
  // CHECK-DAG: %[[E:.+]] = math.exp %[[X]] : f32
  // CHECK-DAG: %[[SE:.+]] = tt.splat %[[E]] : f32 -> tensor<128xf32>
  // CHECK-DAG: %[[M:.+]] = arith.mulf %[[X]], %[[Y]] : f32
  // CHECK-DAG: %[[A:.+]] = arith.addf %[[M]], %[[TWO]] : f32
  // CHECK-DAG: %[[SA:.+]] = tt.splat %[[A]] : f32 -> tensor<128xf32>
  // CHECK-DAG: %[[Q:.+]] = tt.addptr %[[P]], %[[O]] : !tt.ptr<f32>, i32
  // CHECK-DAG: %[[SQ:.+]] = tt.splat %[[Q]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: tt.return %[[SE]], %[[SA]], %[[SQ]]
  %sx = tt.splat %x : f32 -> tensor<128xf32>
  %sy = tt.splat %y : f32 -> tensor<128xf32>
  %two = arith.constant dense<2.0> : tensor<128xf32>
  %e = math.exp %sx : tensor<128xf32>
  %m = arith.mulf %sx, %sy : tensor<128xf32>
  %a = arith.addf %m, %two : tensor<128xf32>
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %so = tt.splat %o : i32 -> tensor<128xi32>
  %q = tt.addptr %sp, %so : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.return %e, %a, %q : tensor<128xf32>, tensor<128xf32>, tensor<128x!tt.ptr<f32>>
}

// -----

// Tests that an elementwise op on one broadcast value and splats is computed
// on the unbroadcast shape and broadcast afterwards, even through
// expand_dims, and that broadcasts of one source shape combine.
// CHECK-LABEL: tt.func @move_broadcast_after_elementwise
// CHECK-SAME: (%[[X:.+]]: tensor<128x1xf32>, %[[Y:.+]]: f32, %[[Z:.+]]: tensor<128x1xf32>, %[[R:.+]]: tensor<64xi32>)
tt.func @move_broadcast_after_elementwise(%x: tensor<128x1xf32>, %y: f32, %z: tensor<128x1xf32>, %r: tensor<64xi32>)
    -> (tensor<128x32xf32>, tensor<128x32xf32>, tensor<64x16xi32>) {
  // CHECK-DAG: %[[ONE:.+]] = arith.constant dense<1.000000e+00> : tensor<128x1xf32>
  // CHECK-DAG: %[[SY:.+]] = tt.splat %[[Y]] : f32 -> tensor<128x1xf32>
  // CHECK-DAG: %[[M:.+]] = arith.mulf %[[X]], %[[SY]] : tensor<128x1xf32>
  // CHECK-DAG: %[[A:.+]] = arith.addf %[[M]], %[[ONE]] : tensor<128x1xf32>
  // CHECK-DAG: %[[BA:.+]] = tt.broadcast %[[A]] : tensor<128x1xf32> -> tensor<128x32xf32>
  // CHECK-DAG: %[[S:.+]] = arith.subf %[[X]], %[[Z]] : tensor<128x1xf32>
  // CHECK-DAG: %[[BS:.+]] = tt.broadcast %[[S]] : tensor<128x1xf32> -> tensor<128x32xf32>
  %bx = tt.broadcast %x : tensor<128x1xf32> -> tensor<128x32xf32>
  %sy = tt.splat %y : f32 -> tensor<128x32xf32>
  %one = arith.constant dense<1.0> : tensor<128x32xf32>
  %m = arith.mulf %bx, %sy : tensor<128x32xf32>
  %a = arith.addf %m, %one : tensor<128x32xf32>
  %bz = tt.broadcast %z : tensor<128x1xf32> -> tensor<128x32xf32>
  %s = arith.subf %bx, %bz : tensor<128x32xf32>
  // expand_dims(broadcast(r)) is first rewritten to broadcast(expand_dims(r)).
  // CHECK-DAG: %[[E:.+]] = tt.expand_dims %[[R]] {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // CHECK-DAG: %[[T:.+]] = arith.muli %[[E]], %{{.+}} : tensor<64x1xi32>
  // CHECK-DAG: %[[BT:.+]] = tt.broadcast %[[T]] : tensor<64x1xi32> -> tensor<64x16xi32>
  %br = tt.broadcast %r : tensor<64xi32> -> tensor<64xi32>
  %er = tt.expand_dims %br {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ber = tt.broadcast %er : tensor<64x1xi32> -> tensor<64x16xi32>
  %three = arith.constant dense<3> : tensor<64x16xi32>
  %t = arith.muli %ber, %three : tensor<64x16xi32>
  // CHECK: tt.return %[[BA]], %[[BS]], %[[BT]]
  tt.return %a, %s, %t : tensor<128x32xf32>, tensor<128x32xf32>, tensor<64x16xi32>
}

// -----

// Tests that nothing moves past ops that read memory, ops with operands that
// are neither splat nor broadcast, or broadcasts from different shapes.
// CHECK-LABEL: tt.func @negative
tt.func @negative(%x: tensor<128x1xf32>, %y: tensor<1x32xf32>, %v: tensor<128x32xf32>)
    -> (tensor<128x32xf32>, tensor<128x32xf32>) {
  %bx = tt.broadcast %x : tensor<128x1xf32> -> tensor<128x32xf32>
  %by = tt.broadcast %y : tensor<1x32xf32> -> tensor<128x32xf32>
  // CHECK: %[[BX:.+]] = tt.broadcast %{{.+}} : tensor<128x1xf32> -> tensor<128x32xf32>
  // CHECK: %[[BY:.+]] = tt.broadcast %{{.+}} : tensor<1x32xf32> -> tensor<128x32xf32>
  // CHECK: arith.addf %[[BX]], %[[BY]] : tensor<128x32xf32>
  %a = arith.addf %bx, %by : tensor<128x32xf32>
  // CHECK: arith.mulf %[[BX]], %{{.+}} : tensor<128x32xf32>
  %m = arith.mulf %bx, %v : tensor<128x32xf32>
  tt.return %a, %m : tensor<128x32xf32>, tensor<128x32xf32>
}

// -----

// Tests that an elementwise op with memory effects keeps its tensor operands:
// an inline assembly block that is not pure may not run once for all lanes.
// CHECK-LABEL: tt.func @impure_elementwise
// CHECK: %[[S:.+]] = tt.splat %arg0 : i32 -> tensor<128xi32>
// CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {{.*}} %[[S]] : tensor<128xi32> -> tensor<128xi32>
tt.func @impure_elementwise(%x: i32) -> tensor<128xi32> {
  %s = tt.splat %x : i32 -> tensor<128xi32>
  %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %s : tensor<128xi32> -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}
