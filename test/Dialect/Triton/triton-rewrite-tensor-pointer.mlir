// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-pointer -verify-diagnostics | FileCheck %s

// Tests that a load and a store through block pointers become accesses
// through tensors of pointers, base + (offset + range) * stride per
// dimension, masked by the checked dimensions, with a zero `other` for zero
// padding.
// CHECK-LABEL: tt.func @load_store
// CHECK-SAME: (%[[BASE:[^:]+]]: !tt.ptr<f16>, %[[OUT:[^:]+]]: !tt.ptr<f16>, %[[M:[^:]+]]: i64, %[[N:[^:]+]]: i64, %[[SM:[^:]+]]: i64, %[[I:[^:]+]]: i32, %[[J:[^:]+]]: i32)
tt.func @load_store(%base: !tt.ptr<f16>, %out: !tt.ptr<f16>, %m: i64, %n: i64, %sm: i64, %i: i32, %j: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK-NOT: tt.make_tensor_ptr
  // CHECK: %[[I64:.+]] = arith.extsi %[[I]] : i32 to i64
  // CHECK: %[[J64:.+]] = arith.extsi %[[J]] : i32 to i64
  // CHECK: %[[P0:.+]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  // CHECK: %[[SI:.+]] = tt.splat %[[I64]] : i64 -> tensor<32xi64>
  // CHECK: %[[R0:.+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // CHECK: %[[W0:.+]] = arith.extsi %[[R0]] : tensor<32xi32> to tensor<32xi64>
  // CHECK: %[[ROW:.+]] = arith.addi %[[SI]], %[[W0]] : tensor<32xi64>
  // CHECK: %[[ROWS:.+]] = tt.expand_dims %[[ROW]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
  // CHECK: %[[SSM:.+]] = tt.splat %[[SM]] : i64 -> tensor<32x1xi64>
  // CHECK: %[[ROFF:.+]] = arith.muli %[[ROWS]], %[[SSM]] : tensor<32x1xi64>
  // CHECK: %[[ROFFB:.+]] = tt.broadcast %[[ROFF]] : tensor<32x1xi64> -> tensor<32x64xi64>
  // CHECK: %[[P1:.+]] = tt.addptr %[[P0]], %[[ROFFB]] : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
  // CHECK: %[[COLS:.+]] = tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
  // CHECK: %[[P2:.+]] = tt.addptr %[[P1]], %{{.+}} : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
  // Dimension 0: 0 <= rows < M.
  // CHECK: %[[GE0:.+]] = arith.cmpi sge, %[[ROWS]], %{{.+}} : tensor<32x1xi64>
  // CHECK: %[[SMM:.+]] = tt.splat %[[M]] : i64 -> tensor<32x1xi64>
  // CHECK: %[[LT0:.+]] = arith.cmpi slt, %[[ROWS]], %[[SMM]] : tensor<32x1xi64>
  // CHECK: %[[IN0:.+]] = arith.andi %[[GE0]], %[[LT0]] : tensor<32x1xi1>
  // CHECK: %[[MASK0:.+]] = tt.broadcast %[[IN0]] : tensor<32x1xi1> -> tensor<32x64xi1>
  // Dimension 1: 0 <= columns < N.
  // CHECK: arith.cmpi sge, %[[COLS]], %{{.+}} : tensor<1x64xi64>
  // CHECK: %[[SNN:.+]] = tt.splat %[[N]] : i64 -> tensor<1x64xi64>
  // CHECK: arith.cmpi slt, %[[COLS]], %[[SNN]] : tensor<1x64xi64>
  // CHECK: %[[MASK1:.+]] = tt.broadcast %{{.+}} : tensor<1x64xi1> -> tensor<32x64xi1>
  // CHECK: %[[MASK:.+]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<32x64xi1>
  // CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f16
  // CHECK: %[[OTHER:.+]] = tt.splat %[[ZERO]] : f16 -> tensor<32x64xf16>
  // CHECK: %[[V:.+]] = tt.load %[[P2]], %[[MASK]], %[[OTHER]] cacheModifier = cg : tensor<32x64x!tt.ptr<f16>>
  %p = tt.make_tensor_ptr %base, [%m, %n], [%sm, %c1], [%i, %j] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
  %v = tt.load %p cacheModifier = cg {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf16>>
  // The store checks only the columns.
  // CHECK: tt.splat %[[OUT]] : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  // CHECK-NOT: tensor<32x1xi1>
  // CHECK: %[[SMASK:.+]] = tt.broadcast %{{.+}} : tensor<1x64xi1> -> tensor<32x64xi1>
  // CHECK-NEXT: tt.store %{{.+}}, %[[V]], %[[SMASK]] : tensor<32x64x!tt.ptr<f16>>
  %q = tt.make_tensor_ptr %out, [%m, %n], [%sm, %c1], [%i, %j] {order = array<i32: 1, 0>} : <tensor<32x64xf16>>
  tt.store %q, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<32x64xf16>>
  // CHECK-NOT: tt.advance
  tt.return
}

// -----

// Tests that NaN padding reads NaN out of bounds, and that a load without
// boundary checks or padding gets neither mask nor `other`.
// CHECK-LABEL: tt.func @padding
tt.func @padding(%base: !tt.ptr<f32>, %m: i64, %i: i32) -> (tensor<16xf32>, tensor<16xf32>) {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m], [%c1], [%i] {order = array<i32: 0>} : <tensor<16xf32>>
  // CHECK: %[[NAN:.+]] = arith.constant 0x7FC00000 : f32
  // CHECK: %[[OTHER:.+]] = tt.splat %[[NAN]] : f32 -> tensor<16xf32>
  // CHECK: tt.load %{{.+}}, %{{.+}}, %[[OTHER]] : tensor<16x!tt.ptr<f32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<16xf32>>
  // CHECK: %[[PLAIN:.+]] = tt.addptr
  // CHECK-NEXT: tt.load %[[PLAIN]] : tensor<16x!tt.ptr<f32>>
  %w = tt.load %p : !tt.ptr<tensor<16xf32>>
  tt.return %v, %w : tensor<16xf32>, tensor<16xf32>
}

// -----

// Tests that a block pointer carried by an scf.for becomes its offsets, one
// i64 iteration argument per dimension, which tt.advance increments.
// CHECK-LABEL: tt.func @for_loop
tt.func @for_loop(%base: !tt.ptr<f32>, %m: i64, %n: i64, %sm: i64, %k: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  // CHECK: %[[O0:.+]] = arith.extsi %c0_i32 : i32 to i64
  // CHECK: %[[O1:.+]] = arith.extsi %c0_i32 : i32 to i64
  // CHECK: %[[R:.+]]:3 = scf.for %{{.+}} = %c0_i32 to %{{.+}} step %c1_i32 iter_args(%[[ACC:.+]] = %cst, %[[A0:.+]] = %[[O0]], %[[A1:.+]] = %[[O1]]) -> (tensor<16x16xf32>, i64, i64) : i32 {
  %p = tt.make_tensor_ptr %base, [%m, %n], [%sm, %one], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %zero, %q = %p) -> (tensor<16x16xf32>, !tt.ptr<tensor<16x16xf32>>) : i32 {
    // CHECK: tt.splat %[[A0]] : i64 -> tensor<16xi64>
    // CHECK: tt.splat %[[A1]] : i64 -> tensor<16xi64>
    // CHECK: tt.load
    %v = tt.load %q {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<16x16xf32>>
    %s = arith.addf %acc, %v : tensor<16x16xf32>
    // CHECK: %[[D0:.+]] = arith.extsi %c0_i32 : i32 to i64
    // CHECK: %[[N0:.+]] = arith.addi %[[A0]], %[[D0]] : i64
    // CHECK: %[[D1:.+]] = arith.extsi %c16_i32 : i32 to i64
    // CHECK: %[[N1:.+]] = arith.addi %[[A1]], %[[D1]] : i64
    // CHECK: scf.yield %{{.+}}, %[[N0]], %[[N1]] : tensor<16x16xf32>, i64, i64
    %q2 = tt.advance %q, [%c0, %c16] : <tensor<16x16xf32>>
    scf.yield %s, %q2 : tensor<16x16xf32>, !tt.ptr<tensor<16x16xf32>>
  } {tt.num_stages = 3 : i32}
  // CHECK: } {tt.num_stages = 3 : i32}
  // The loop's result is a block pointer at the final offsets.
  // CHECK: tt.splat %[[R]]#1 : i64 -> tensor<16xi64>
  // CHECK: tt.splat %[[R]]#2 : i64 -> tensor<16xi64>
  // CHECK: %[[LAST:.+]] = tt.load
  // CHECK: arith.addf %[[R]]#0, %[[LAST]]
  %last = tt.load %r#1 : !tt.ptr<tensor<16x16xf32>>
  %t = arith.addf %r#0, %last : tensor<16x16xf32>
  tt.return %t : tensor<16x16xf32>
}

// -----

// Tests that block pointers flow through scf.if results and scf.while
// arguments and results as offsets.
// CHECK-LABEL: tt.func @if_and_while
tt.func @if_and_while(%base: !tt.ptr<f32>, %m: i64, %sm: i64, %c: i1, %n: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  // CHECK: %[[O:.+]] = arith.extsi %c0_i32 : i32 to i64
  %p = tt.make_tensor_ptr %base, [%m], [%sm], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  // CHECK: %[[IF:.+]] = scf.if %{{.+}} -> (i64) {
  // CHECK:   %[[D:.+]] = arith.extsi %c16_i32 : i32 to i64
  // CHECK:   %[[A:.+]] = arith.addi %[[O]], %[[D]] : i64
  // CHECK:   scf.yield %[[A]] : i64
  // CHECK: } else {
  // CHECK:   scf.yield %[[O]] : i64
  // CHECK: }
  %q = scf.if %c -> !tt.ptr<tensor<16xf32>> {
    %a = tt.advance %p, [%c16] : <tensor<16xf32>>
    scf.yield %a : !tt.ptr<tensor<16xf32>>
  } else {
    scf.yield %p : !tt.ptr<tensor<16xf32>>
  }
  // CHECK: %[[W:.+]]:2 = scf.while (%{{.+}} = %c0_i32, %[[B:.+]] = %[[IF]]) : (i32, i64) -> (i32, i64) {
  // CHECK:   scf.condition(%{{.+}}) %{{.+}}, %[[B]] : i32, i64
  // CHECK: } do {
  // CHECK: ^bb0(%{{.+}}: i32, %[[B2:.+]]: i64):
  // CHECK:   tt.splat %[[B2]] : i64 -> tensor<16xi64>
  // CHECK:   tt.load
  // CHECK:   %[[B3:.+]] = arith.addi %[[B2]], %{{.+}} : i64
  // CHECK:   scf.yield %{{.+}}, %[[B3]] : i32, i64
  %w:2 = scf.while (%i = %c0, %r = %q) : (i32, !tt.ptr<tensor<16xf32>>) -> (i32, !tt.ptr<tensor<16xf32>>) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %r : i32, !tt.ptr<tensor<16xf32>>
  } do {
  ^bb0(%i2: i32, %r2: !tt.ptr<tensor<16xf32>>):
    %x = tt.load %r2 : !tt.ptr<tensor<16xf32>>
    tt.store %r2, %x : !tt.ptr<tensor<16xf32>>
    %i3 = arith.addi %i2, %c16 : i32
    %r3 = tt.advance %r2, [%c16] : <tensor<16xf32>>
    scf.yield %i3, %r3 : i32, !tt.ptr<tensor<16xf32>>
  }
  // CHECK: tt.splat %[[W]]#1 : i64 -> tensor<16xi64>
  %v = tt.load %w#1 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Tests that block pointers carried through nested loops become nested
// offsets, and that a load inside an scf.if that does not yield the block
// pointer is rewritten in place.
// CHECK-LABEL: tt.func @nested_loops
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %[[OUTER:.+]] = %{{.+}}) -> (tensor<16xf32>, i64)
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %[[INNER:.+]] = %[[OUTER]]) -> (tensor<16xf32>, i64)
// CHECK: scf.if
// CHECK: tt.splat %[[INNER]] : i64 -> tensor<16xi64>
// CHECK: tt.load
// CHECK: } else {
// CHECK: %[[NEXT:.+]] = arith.addi %[[INNER]], %{{.+}} : i64
// CHECK: scf.yield %{{.+}}, %[[NEXT]] : tensor<16xf32>, i64
tt.func @nested_loops(%base: !tt.ptr<f32>, %m: i64, %n: i32, %c: i1) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i64
  %z = arith.constant dense<0.0> : tensor<16xf32>
  %p = tt.make_tensor_ptr %base, [%m], [%one], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %q = %p) -> (tensor<16xf32>, !tt.ptr<tensor<16xf32>>) : i32 {
    %inner:2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc, %q2 = %q) -> (tensor<16xf32>, !tt.ptr<tensor<16xf32>>) : i32 {
      %v = scf.if %c -> tensor<16xf32> {
        %l = tt.load %q2 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<16xf32>>
        scf.yield %l : tensor<16xf32>
      } else {
        scf.yield %acc2 : tensor<16xf32>
      }
      %a = arith.addf %acc2, %v : tensor<16xf32>
      %q3 = tt.advance %q2, [%c16] : <tensor<16xf32>>
      scf.yield %a, %q3 : tensor<16xf32>, !tt.ptr<tensor<16xf32>>
    }
    scf.yield %inner#0, %inner#1 : tensor<16xf32>, !tt.ptr<tensor<16xf32>>
  }
  tt.return %r#0 : tensor<16xf32>
}

// -----

// Tests that accesses through tensors of pointers and loops that carry no
// block pointer are left alone.
// CHECK-LABEL: tt.func @no_block_pointers
// CHECK-NEXT: %[[L:.+]] = tt.load %arg0, %arg1 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %[[L]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @no_block_pointers(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>) {
  %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Tests that a block pointer without a traceable tt.make_tensor_ptr is an
// error.
// expected-error @+1 {{cannot rewrite a block pointer argument of 'tt.func'}}
tt.func @argument(%p: !tt.ptr<tensor<16xf32>>) -> tensor<16xf32> {
  %v = tt.load %p : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Tests that passing a block pointer to an op that cannot carry offsets is an
// error.
tt.func @select(%base: !tt.ptr<f32>, %m: i64, %c: i1, %i: i32) {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m], [%c1], [%i] {order = array<i32: 0>} : <tensor<16xf32>>
  %q = tt.make_tensor_ptr %base, [%m], [%c1], [%i] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{'arith.select' op cannot take a block pointer operand}}
  %r = arith.select %c, %p, %q : !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

// Tests that a loop may not replace its block pointer by one of another base.
tt.func @for_other_base(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i64, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %a, [%m], [%one], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%q = %p) -> (!tt.ptr<tensor<16xf32>>) : i32 {
    %other = tt.make_tensor_ptr %b, [%m], [%one], [%i] {order = array<i32: 0>} : <tensor<16xf32>>
    // expected-error @+1 {{'scf.yield' op passes on a block pointer with another base, shape or strides than the one it replaces}}
    scf.yield %other : !tt.ptr<tensor<16xf32>>
  }
  tt.return
}

// -----

// Tests that a load through a block pointer may not have a mask.
tt.func @masked(%base: !tt.ptr<f32>, %m: i64, %i: i32, %mask: tensor<16xi1>) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m], [%c1], [%i] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{a load through a block pointer takes no mask or other}}
  %v = tt.load %p, %mask : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}
