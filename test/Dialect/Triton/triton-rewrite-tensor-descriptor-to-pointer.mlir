// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -verify-diagnostics | FileCheck %s

// Tests that a descriptor becomes its base, i64 shape and strides and an i1
// NaN-padding flag, and that a descriptor load and store become accesses
// through tensors of pointers, base + (index + range) * stride per
// dimension, masked to 0 <= index + range < shape in every dimension, loads
// reading NaN or zero out of bounds as the flag says.
// CHECK-LABEL: tt.func @load_store
// CHECK-SAME: (%[[BASE:[^:]+]]: !tt.ptr<f16>, %[[M:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[SM:[^:]+]]: i64, %[[I:[^:]+]]: i32, %[[J:[^:]+]]: i32)
tt.func @load_store(%base: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %i: i32, %j: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK-NOT: tt.make_tensor_descriptor
  // CHECK: %[[M64:.+]] = arith.extsi %[[M]] : i32 to i64
  // CHECK: %[[N64:.+]] = arith.extsi %[[N]] : i32 to i64
  // CHECK: %[[NANPAD:.+]] = arith.constant false
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<32x64xf16>>
  // CHECK: %[[I64:.+]] = arith.extsi %[[I]] : i32 to i64
  // CHECK: %[[J64:.+]] = arith.extsi %[[J]] : i32 to i64
  // CHECK: %[[NAN:.+]] = arith.constant dense<0x7E00> : tensor<32x64xf16>
  // CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
  // CHECK: %[[OTHER:.+]] = arith.select %[[NANPAD]], %[[NAN]], %[[ZERO]] : tensor<32x64xf16>
  // CHECK: %[[SI:.+]] = tt.splat %[[I64]] : i64 -> tensor<32xi64>
  // CHECK: %[[R0:.+]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // CHECK: %[[W0:.+]] = arith.extsi %[[R0]] : tensor<32xi32> to tensor<32xi64>
  // CHECK: %[[ROW:.+]] = arith.addi %[[SI]], %[[W0]] : tensor<32xi64>
  // CHECK: %[[ROWS:.+]] = tt.expand_dims %[[ROW]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
  // CHECK: tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
  // CHECK: %[[P0:.+]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  // CHECK: %[[SSM:.+]] = tt.splat %[[SM]] : i64 -> tensor<32x1xi64>
  // CHECK: %[[ROFF:.+]] = arith.muli %[[ROWS]], %[[SSM]] : tensor<32x1xi64>
  // CHECK: %[[ROFFB:.+]] = tt.broadcast %[[ROFF]] : tensor<32x1xi64> -> tensor<32x64xi64>
  // CHECK: %[[P1:.+]] = tt.addptr %[[P0]], %[[ROFFB]] : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
  // CHECK: %[[P2:.+]] = tt.addptr %[[P1]], %{{.+}} : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
  // The mask builds the index ranges again.
  // CHECK: %[[MROWS:.+]] = tt.expand_dims %{{.+}} {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
  // CHECK: %[[MCOLS:.+]] = tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
  // CHECK: arith.cmpi sge, %[[MROWS]], %{{.+}} : tensor<32x1xi64>
  // CHECK: %[[SMM:.+]] = tt.splat %[[M64]] : i64 -> tensor<32x1xi64>
  // CHECK: arith.cmpi slt, %[[MROWS]], %[[SMM]] : tensor<32x1xi64>
  // CHECK: arith.cmpi sge, %[[MCOLS]], %{{.+}} : tensor<1x64xi64>
  // CHECK: %[[SNN:.+]] = tt.splat %[[N64]] : i64 -> tensor<1x64xi64>
  // CHECK: arith.cmpi slt, %[[MCOLS]], %[[SNN]] : tensor<1x64xi64>
  // CHECK: %[[MASK:.+]] = arith.andi %{{.+}}, %{{.+}} : tensor<32x64xi1>
  // CHECK: %[[V:.+]] = tt.load %[[P2]], %[[MASK]], %[[OTHER]] evictionPolicy = evict_last : tensor<32x64x!tt.ptr<f16>>
  %v = tt.descriptor_load %d[%i, %j] evictionPolicy = evict_last : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  // CHECK: tt.store %{{.+}}, %[[V]], %{{.+}} : tensor<32x64x!tt.ptr<f16>>
  tt.descriptor_store %d[%j, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  tt.return
}

// -----

// Tests that descriptors passed to functions and calls and carried by loops
// become a pointer, i64 shapes and strides and the i1 padding flag.
// CHECK-LABEL: tt.func @through_loop
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[SHAPE:[^:]+]]: i64, %[[STRIDE:[^:]+]]: i64, %[[PAD:[^:]+]]: i1, %{{.+}}: i32)
tt.func @through_loop(%arg: !tt.tensordesc<tensor<16xf32>>, %k: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<16xf32>
  // CHECK: %[[R:.+]]:5 = scf.for %{{.+}} iter_args(%{{.+}} = %{{.+}}, %[[LP:.+]] = %[[P]], %[[LSH:.+]] = %[[SHAPE]], %[[LST:.+]] = %[[STRIDE]], %[[LPAD:.+]] = %[[PAD]]) -> (tensor<16xf32>, !tt.ptr<f32>, i64, i64, i1)
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %z, %d = %arg) -> (tensor<16xf32>, !tt.tensordesc<tensor<16xf32>>) : i32 {
    // CHECK: arith.select %[[LPAD]]
    // CHECK: tt.splat %[[LP]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    // CHECK: tt.splat %[[LST]] : i64 -> tensor<16xi64>
    // CHECK: tt.splat %[[LSH]] : i64 -> tensor<16xi64>
    %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    %s = arith.addf %acc, %v : tensor<16xf32>
    // CHECK: scf.yield %{{.+}}, %[[LP]], %[[LSH]], %[[LST]], %[[LPAD]] : tensor<16xf32>, !tt.ptr<f32>, i64, i64, i1
    scf.yield %s, %d : tensor<16xf32>, !tt.tensordesc<tensor<16xf32>>
  }
  // CHECK: %[[W:.+]] = tt.call @helper(%[[R]]#1, %[[R]]#2, %[[R]]#3, %[[R]]#4) : (!tt.ptr<f32>, i64, i64, i1) -> tensor<16xf32>
  %w = tt.call @helper(%r#1) : (!tt.tensordesc<tensor<16xf32>>) -> tensor<16xf32>
  %t = arith.addf %r#0, %w : tensor<16xf32>
  tt.return %t : tensor<16xf32>
}

// A descriptor reduction is an atomic on the in-bounds elements.
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%{{.+}}: !tt.ptr<f32>, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i1) -> tensor<16xf32>
// CHECK: %[[PTRS:.+]] = tt.addptr
// CHECK: %[[MASK:.+]] = tt.broadcast %{{.+}} : tensor<16xi1> -> tensor<16xi1>
// CHECK: tt.atomic_rmw fadd, release, gpu, %[[PTRS]], %{{.+}}, %[[MASK]] : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
tt.func private @helper(%d: !tt.tensordesc<tensor<16xf32>>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %v = arith.constant dense<1.0> : tensor<16xf32>
  tt.descriptor_reduce add, %d[%c0], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return %v : tensor<16xf32>
}

// -----

// Tests that a descriptor carried by an scf.while becomes its parts there
// too (here they are invariant, so the loop does not carry them).
// CHECK-LABEL: tt.func @through_while
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[SHAPE:[^:]+]]: i64, %[[STRIDE:[^:]+]]: i64, %[[PAD:[^:]+]]: i1, %{{.+}}: i32)
// CHECK: scf.while ({{.+}}, %{{.+}} = %[[P]], %{{.+}} = %[[SHAPE]], %{{.+}} = %[[STRIDE]], %{{.+}} = %[[PAD]], {{.+}}) : (i32, !tt.ptr<f32>, i64, i64, i1, tensor<16xf32>)
// CHECK: scf.condition
// CHECK: } do {
// CHECK: ^bb0(%{{.+}}: i32, %[[WP:[^:]+]]: !tt.ptr<f32>, %{{.+}}: i64, %{{.+}}: i64, %[[WPAD:[^:]+]]: i1, %{{.+}}: tensor<16xf32>):
// CHECK: arith.select %[[WPAD]]
// CHECK: tt.splat %[[WP]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
tt.func @through_while(%d: !tt.tensordesc<tensor<16xf32>>, %n: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %z = arith.constant dense<0.0> : tensor<16xf32>
  %w:3 = scf.while (%i = %c0, %e = %d, %acc = %z) : (i32, !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>) -> (i32, !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %e, %acc : i32, !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  } do {
  ^bb0(%i2: i32, %e2: !tt.tensordesc<tensor<16xf32>>, %acc2: tensor<16xf32>):
    %v = tt.descriptor_load %e2[%i2] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
    %a = arith.addf %acc2, %v : tensor<16xf32>
    %i3 = arith.addi %i2, %n : i32
    scf.yield %i3, %e2, %a : i32, !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  }
  tt.return %w#2 : tensor<16xf32>
}

// -----

// Tests that a select between descriptors becomes an scf.if yielding the
// parts of one or the other, and that loads through descriptors made with
// NaN padding read NaN out of bounds.
// CHECK-LABEL: tt.func @select_nan
// CHECK-SAME: (%[[A:[^:]+]]: !tt.ptr<f32>, %[[B:[^:]+]]: !tt.ptr<f32>, %[[M:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[C:[^:]+]]: i1, %{{.+}}: i32)
tt.func @select_nan(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: i32, %n: i32, %c: i1, %y: i32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : i64
  // CHECK: %[[M64:.+]] = arith.extsi %[[M]] : i32 to i64
  // CHECK: %[[T0:.+]] = arith.constant true
  // CHECK: %[[N64:.+]] = arith.extsi %[[N]] : i32 to i64
  // CHECK: %[[T1:.+]] = arith.constant true
  %d0 = tt.make_tensor_descriptor %a, [%m], [%c1] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<8xf32>>
  %d1 = tt.make_tensor_descriptor %b, [%n], [%c1] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<8xf32>>
  // CHECK: %[[D:.+]]:4 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64, i1) {
  // CHECK-NEXT: scf.yield %[[A]], %[[M64]], %c1_i64, %[[T0]] : !tt.ptr<f32>, i64, i64, i1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[B]], %[[N64]], %c1_i64, %[[T1]] : !tt.ptr<f32>, i64, i64, i1
  // CHECK-NEXT: }
  %d = arith.select %c, %d0, %d1 : !tt.tensordesc<tensor<8xf32>>
  // CHECK: %[[NAN:.+]] = arith.constant dense<0x7FC00000> : tensor<8xf32>
  // CHECK: %[[OTHER:.+]] = arith.select %[[D]]#3, %[[NAN]], %{{.+}} : tensor<8xf32>
  // CHECK: tt.splat %[[D]]#0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  // CHECK: tt.splat %[[D]]#2 : i64 -> tensor<8xi64>
  // CHECK: tt.splat %[[D]]#1 : i64 -> tensor<8xi64>
  // CHECK: tt.load %{{.+}}, %{{.+}}, %[[OTHER]] : tensor<8x!tt.ptr<f32>>
  %v = tt.descriptor_load %d[%y] : !tt.tensordesc<tensor<8xf32>> -> tensor<8xf32>
  tt.return %v : tensor<8xf32>
}

// -----

// Tests that gathers and scatters of rows address row x_offsets[r] and
// columns y_offset + [0, 32), masked to the tensor's bounds.
// CHECK-LABEL: tt.func @gather_scatter
tt.func @gather_scatter(%a: !tt.ptr<f32>, %m: i32, %sm: i64, %x: tensor<8xi32>, %y: i32) -> tensor<8x32xf32> {
  %c1 = arith.constant 1 : i64
  %g = tt.make_tensor_descriptor %a, [%m, %m], [%sm, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<1x32xf32>>
  // CHECK: %[[X:.+]] = tt.expand_dims %arg3 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  // CHECK: arith.extsi %arg4 : i32 to i64
  // CHECK: %[[X64:.+]] = arith.extsi %[[X]] : tensor<8x1xi32> to tensor<8x1xi64>
  // CHECK: %[[Y:.+]] = tt.expand_dims %{{.+}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  // CHECK: %[[SSM:.+]] = tt.splat %arg2 : i64 -> tensor<8x1xi64>
  // CHECK: arith.muli %[[X64]], %[[SSM]] : tensor<8x1xi64>
  // CHECK: %[[MASK:.+]] = arith.andi %{{.+}}, %{{.+}} : tensor<8x32xi1>
  // The padding comes after the pointers and the mask here.
  // CHECK: %[[OTHER:.+]] = arith.select
  // CHECK: %[[ROWS:.+]] = tt.load %{{.+}}, %[[MASK]], %[[OTHER]] : tensor<8x32x!tt.ptr<f32>>
  %rows = tt.descriptor_gather %g[%x, %y] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  // CHECK: tt.store %{{.+}}, %[[ROWS]], %{{.+}} : tensor<8x32x!tt.ptr<f32>>
  tt.descriptor_scatter %g[%x, %y], %rows : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
  tt.return %rows : tensor<8x32xf32>
}

// -----

// Tests that a rank-reduced descriptor load (triton-combine drops leading
// unit dimensions into the load) loads the whole block and reshapes it
// (where upstream leaves an unrealized conversion cast).
// CHECK-LABEL: tt.func @rank_reduced
// CHECK: %[[L:.+]] = tt.load %{{.+}}, %{{.+}}, %{{.+}} : tensor<1x64x!tt.ptr<f16>>
// CHECK: %[[R:.+]] = tt.reshape %[[L]] : tensor<1x64xf16> -> tensor<64xf16>
// CHECK: tt.return %[[R]]
tt.func @rank_reduced(%d: !tt.tensordesc<tensor<1x64xf16>>, %i: i32) -> tensor<64xf16> {
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  tt.return %v : tensor<64xf16>
}

// -----

// Tests that integer descriptors read zero out of bounds (there is no NaN),
// and reduce through integer atomics.
// CHECK-LABEL: tt.func @integer_elements
// CHECK-NOT: arith.select
// CHECK: %[[ZERO:.+]] = arith.constant dense<0> : tensor<16xi32>
// CHECK: tt.load %{{.+}}, %{{.+}}, %[[ZERO]] : tensor<16x!tt.ptr<i32>>
// CHECK: tt.atomic_rmw add, release, gpu
// CHECK: tt.atomic_rmw and, release, gpu
tt.func @integer_elements(%base: !tt.ptr<i32>, %m: i32, %i: i32) -> tensor<16xi32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m], [%c1] : !tt.ptr<i32>, !tt.tensordesc<tensor<16xi32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16xi32>> -> tensor<16xi32>
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.descriptor_reduce and, %d[%i], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return %v : tensor<16xi32>
}

// -----

// Tests that IR without descriptors is left alone.
// CHECK-LABEL: tt.func @no_descriptors
// CHECK-NEXT: %[[L:.+]] = tt.load %arg0 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[L]]
tt.func @no_descriptors(%p: tensor<128x!tt.ptr<f32>>) -> tensor<128xf32> {
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  tt.return %v : tensor<128xf32>
}

// -----

// Tests that a descriptor reduction without an atomic to fall back on is an
// error.
tt.func @float_max(%d: !tt.tensordesc<tensor<16xf32>>, %v: tensor<16xf32>) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{has no atomic to fall back on for 'max' on 'f32'}}
  tt.descriptor_reduce max, %d[%c0], %v : !tt.tensordesc<tensor<16xf32>>, tensor<16xf32>
  tt.return
}

// -----

// Tests that a descriptor in an op the rewrite does not know is an error.
tt.func @branch(%d: !tt.tensordesc<tensor<16xf32>>) {
  // expected-error @+1 {{failed to legalize operation 'cf.br'}}
  cf.br ^bb1(%d : !tt.tensordesc<tensor<16xf32>>)
^bb1(%e: !tt.tensordesc<tensor<16xf32>>):
  tt.return
}

// -----

// The rewrite takes tt IR: descriptor ops whose tensors have layouts already
// (TTGIR) are refused, not half rewritten.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @gather_with_layouts(%desc: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32, #blocked>, %y: i32) -> tensor<32x128xbf16, #blocked1> {
    // expected-error @+1 {{'tt.descriptor_gather' op has tensors with layouts; triton-rewrite-tensor-descriptor-to-pointer rewrites tt IR before convert-triton-to-tritongpu}}
    %0 = tt.descriptor_gather %desc[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32, #blocked>, i32) -> tensor<32x128xbf16, #blocked1>
    tt.return %0 : tensor<32x128xbf16, #blocked1>
  }
}

// -----

// Argument attributes stay with their arguments when a descriptor argument
// before them becomes its parts (which get none).
// CHECK-LABEL: @arg_attrs
// CHECK-SAME: (%{{.*}}: i32 {tt.divisibility = 8 : i32}, %{{.*}}: !tt.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i1, %{{.*}}: i32 {tt.divisibility = 16 : i32})
tt.func public @arg_attrs(%a: i32 {tt.divisibility = 8 : i32}, %d: !tt.tensordesc<tensor<16x16xf32>>, %b: i32 {tt.divisibility = 16 : i32}) {
  tt.return
}
