// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -canonicalize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// Folders and canonicalization patterns of the tt dialect, and the ops that
// canonicalization must keep because they touch memory or have other side
// effects.

// Tests that adding a zero offset, scalar or splat, folds to the pointer.
// CHECK-LABEL: tt.func @addptr_zero
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[PT:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[I:[^:]+]]: i32)
tt.func @addptr_zero(%p: !tt.ptr<f32>, %pt: tensor<16x!tt.ptr<f32>>, %i: i32)
    -> (!tt.ptr<f32>, !tt.ptr<f32>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c0_i64 = arith.constant 0 : i64
  %zeros = arith.constant dense<0> : tensor<16xi32>
  %a = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  %b = tt.addptr %p, %c0_i64 : !tt.ptr<f32>, i64
  %c = tt.addptr %pt, %zeros : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %splat0 = tt.splat %c0 : i32 -> tensor<16xi32>
  %d = tt.addptr %pt, %splat0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // A non-constant offset stays.
  // CHECK: %[[OFF:.+]] = tt.splat %[[I]] : i32 -> tensor<16xi32>
  // CHECK: %[[E:.+]] = tt.addptr %[[PT]], %[[OFF]] : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %splati = tt.splat %i : i32 -> tensor<16xi32>
  %e = tt.addptr %pt, %splati : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %[[P]], %[[P]], %[[PT]], %[[PT]], %[[E]]
  tt.return %a, %b, %c, %d, %e : !tt.ptr<f32>, !tt.ptr<f32>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>
}

// -----

// Tests that advancing a block pointer by zero folds to the pointer, and that
// any non-zero offset keeps the advance.
// CHECK-LABEL: tt.func @advance_zero
// CHECK-SAME: (%[[BP:[^:]+]]: !tt.ptr<tensor<16x16xf32>>, %[[I:[^:]+]]: i32)
tt.func @advance_zero(%bp: !tt.ptr<tensor<16x16xf32>>, %i: i32)
    -> (!tt.ptr<tensor<16x16xf32>>, !tt.ptr<tensor<16x16xf32>>) {
  %c0 = arith.constant 0 : i32
  %a = tt.advance %bp, [%c0, %c0] : <tensor<16x16xf32>>
  // CHECK: %[[C0:.+]] = arith.constant 0 : i32
  // CHECK: %[[B:.+]] = tt.advance %[[BP]], [%[[C0]], %[[I]]] : <tensor<16x16xf32>>
  %b = tt.advance %bp, [%c0, %i] : <tensor<16x16xf32>>
  // CHECK: tt.return %[[BP]], %[[B]]
  tt.return %a, %b : !tt.ptr<tensor<16x16xf32>>, !tt.ptr<tensor<16x16xf32>>
}

// -----

// Tests that splatting an integer or float constant folds to a dense constant,
// and that splatting a pointer does not.
// CHECK-LABEL: tt.func @splat_constant
tt.func @splat_constant(%p: !tt.ptr<f32>) -> (tensor<16xi32>, tensor<4x4xf32>, tensor<16x!tt.ptr<f32>>) {
  // CHECK-DAG: %[[I:.+]] = arith.constant dense<7> : tensor<16xi32>
  // CHECK-DAG: %[[F:.+]] = arith.constant dense<1.500000e+00> : tensor<4x4xf32>
  // CHECK: %[[P:.+]] = tt.splat %{{.+}} : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  // CHECK: tt.return %[[I]], %[[F]], %[[P]]
  %c = arith.constant 7 : i32
  %f = arith.constant 1.5 : f32
  %a = tt.splat %c : i32 -> tensor<16xi32>
  %b = tt.splat %f : f32 -> tensor<4x4xf32>
  %q = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  tt.return %a, %b, %q : tensor<16xi32>, tensor<4x4xf32>, tensor<16x!tt.ptr<f32>>
}

// -----

// Tests that expand_dims of a splat becomes a splat of the result shape.
// CHECK-LABEL: tt.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:[^:]+]]: i32)
tt.func @expand_dims_of_splat(%x: i32) -> tensor<1x16xi32> {
  // CHECK: %[[S:.+]] = tt.splat %[[X]] : i32 -> tensor<1x16xi32>
  // CHECK-NOT: tt.expand_dims
  // CHECK: tt.return %[[S]]
  %s = tt.splat %x : i32 -> tensor<16xi32>
  %a = tt.expand_dims %s {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  tt.return %a : tensor<1x16xi32>
}

// -----

// Tests that expand_dims of a splat constant folds to a constant.
// CHECK-LABEL: tt.func @expand_dims_of_constant
tt.func @expand_dims_of_constant() -> tensor<16x1xi32> {
  // CHECK: %[[C:.+]] = arith.constant dense<3> : tensor<16x1xi32>
  // CHECK-NOT: tt.expand_dims
  // CHECK: tt.return %[[C]]
  %c = arith.constant dense<3> : tensor<16xi32>
  %b = tt.expand_dims %c {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  tt.return %b : tensor<16x1xi32>
}

// -----

// Tests that a reshape to the same type folds away, unless it may reorder.
// CHECK-LABEL: tt.func @reshape_identity
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x8xf32>)
tt.func @reshape_identity(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  // CHECK: %[[R:.+]] = tt.reshape %[[X]] allow_reorder : tensor<4x8xf32> -> tensor<4x8xf32>
  // CHECK: tt.return %[[X]], %[[R]]
  %a = tt.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %b = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Tests that reshape of a splat becomes a splat of the result shape.
// CHECK-LABEL: tt.func @reshape_of_splat
// CHECK-SAME: (%[[Y:[^:]+]]: f32)
tt.func @reshape_of_splat(%y: f32) -> tensor<32xf32> {
  // CHECK: %[[S:.+]] = tt.splat %[[Y]] : f32 -> tensor<32xf32>
  // CHECK-NOT: tt.reshape
  // CHECK: tt.return %[[S]]
  %s = tt.splat %y : f32 -> tensor<4x8xf32>
  %c = tt.reshape %s : tensor<4x8xf32> -> tensor<32xf32>
  tt.return %c : tensor<32xf32>
}

// -----

// Tests that two reshapes combine into one, which may reorder if either could.
// CHECK-LABEL: tt.func @reshape_of_reshape
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x8xf32>)
tt.func @reshape_of_reshape(%x: tensor<4x8xf32>) -> (tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>) {
  // CHECK: %[[A:.+]] = tt.reshape %[[X]] : tensor<4x8xf32> -> tensor<2x16xf32>
  %r1 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %a = tt.reshape %r1 : tensor<32xf32> -> tensor<2x16xf32>
  // CHECK: %[[B:.+]] = tt.reshape %[[X]] allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
  %r2 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %b = tt.reshape %r2 : tensor<32xf32> -> tensor<2x16xf32>
  // CHECK: %[[C:.+]] = tt.reshape %[[X]] allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
  %r3 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %c = tt.reshape %r3 allow_reorder : tensor<32xf32> -> tensor<2x16xf32>
  // CHECK-NOT: tt.reshape
  // CHECK: tt.return %[[A]], %[[B]], %[[C]]
  tt.return %a, %b, %c : tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>
}

// -----

// Tests that reshape of a splat constant folds to a constant.
// CHECK-LABEL: tt.func @reshape_of_constant
tt.func @reshape_of_constant() -> tensor<8x4xi32> {
  // CHECK: %[[C:.+]] = arith.constant dense<5> : tensor<8x4xi32>
  // CHECK-NOT: tt.reshape
  // CHECK: tt.return %[[C]]
  %k = arith.constant dense<5> : tensor<32xi32>
  %e = tt.reshape %k : tensor<32xi32> -> tensor<8x4xi32>
  tt.return %e : tensor<8x4xi32>
}

// -----

// Tests that a broadcast to the same type folds away.
// CHECK-LABEL: tt.func @broadcast_identity
// CHECK-SAME: (%[[X:[^:]+]]: tensor<1x8xf32>)
tt.func @broadcast_identity(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[X]]
  %a = tt.broadcast %x : tensor<1x8xf32> -> tensor<1x8xf32>
  tt.return %a : tensor<1x8xf32>
}

// -----

// Tests that broadcast of a splat becomes a splat of the result shape, with
// both locations fused (outer first), as upstream's declarative pattern.
// CHECK-LABEL: tt.func @broadcast_of_splat
// LOC-LABEL: tt.func @broadcast_of_splat
// LOC: tt.splat {{.+}} loc(fused["bcast", "splat"])
// CHECK-SAME: (%[[Y:[^:]+]]: f32)
tt.func @broadcast_of_splat(%y: f32) -> tensor<4x8xf32> {
  // CHECK: %[[S:.+]] = tt.splat %[[Y]] : f32 -> tensor<4x8xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[S]]
  %s = tt.splat %y : f32 -> tensor<1x8xf32> loc("splat")
  %b = tt.broadcast %s : tensor<1x8xf32> -> tensor<4x8xf32> loc("bcast")
  tt.return %b : tensor<4x8xf32>
}

// -----

// Tests that two broadcasts combine into one, with both locations fused.
// CHECK-LABEL: tt.func @broadcast_of_broadcast
// LOC-LABEL: tt.func @broadcast_of_broadcast
// LOC: tt.broadcast {{.+}} loc(fused["outer", "inner"])
// CHECK-SAME: (%[[Z:[^:]+]]: tensor<1x1xf32>)
tt.func @broadcast_of_broadcast(%z: tensor<1x1xf32>) -> tensor<4x8xf32> {
  // CHECK: %[[B:.+]] = tt.broadcast %[[Z]] : tensor<1x1xf32> -> tensor<4x8xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[B]]
  %i = tt.broadcast %z : tensor<1x1xf32> -> tensor<1x8xf32> loc("inner")
  %o = tt.broadcast %i : tensor<1x8xf32> -> tensor<4x8xf32> loc("outer")
  tt.return %o : tensor<4x8xf32>
}

// -----

// Tests that broadcast of a splat constant folds to a constant, and that a
// non-splat constant keeps its broadcast.
// CHECK-LABEL: tt.func @broadcast_of_constant
tt.func @broadcast_of_constant() -> (tensor<4x8xi32>, tensor<4x8xi32>) {
  // CHECK-DAG: %[[C:.+]] = arith.constant dense<2> : tensor<4x8xi32>
  // CHECK-DAG: %[[D:.+]] = arith.constant dense<{{\[\[}}0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi32>
  // CHECK: %[[B:.+]] = tt.broadcast %[[D]] : tensor<1x8xi32> -> tensor<4x8xi32>
  // CHECK: tt.return %[[C]], %[[B]]
  %k = arith.constant dense<2> : tensor<1x8xi32>
  %kb = tt.broadcast %k : tensor<1x8xi32> -> tensor<4x8xi32>
  %k2 = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi32>
  %kb2 = tt.broadcast %k2 : tensor<1x8xi32> -> tensor<4x8xi32>
  tt.return %kb, %kb2 : tensor<4x8xi32>, tensor<4x8xi32>
}

// -----

// Tests that trans with the identity order folds away.
// CHECK-LABEL: tt.func @trans_identity
// CHECK-SAME: (%[[X:[^:]+]]: tensor<2x4x8xf32>)
tt.func @trans_identity(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[X]]
  %a = tt.trans %x {order = array<i32: 0, 1, 2>} : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
  tt.return %a : tensor<2x4x8xf32>
}

// -----

// Tests that two transposes compose into one, and into nothing when they
// cancel.
// CHECK-LABEL: tt.func @trans_of_trans
// CHECK-SAME: (%[[X:[^:]+]]: tensor<2x4x8xf32>)
tt.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> (tensor<8x2x4xf32>, tensor<2x4x8xf32>) {
  // CHECK: %[[T:.+]] = tt.trans %[[X]] {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[T]], %[[X]]
  %t1 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %b = tt.trans %t1 {order = array<i32: 1, 2, 0>} : tensor<4x8x2xf32> -> tensor<8x2x4xf32>
  %t2 = tt.trans %x {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %c = tt.trans %t2 {order = array<i32: 1, 2, 0>} : tensor<8x2x4xf32> -> tensor<2x4x8xf32>
  tt.return %b, %c : tensor<8x2x4xf32>, tensor<2x4x8xf32>
}

// -----

// Tests that trans of a splat constant folds to a constant.
// CHECK-LABEL: tt.func @trans_of_constant
tt.func @trans_of_constant() -> tensor<8x4xi32> {
  // CHECK: %[[C:.+]] = arith.constant dense<3> : tensor<8x4xi32>
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %[[C]]
  %k = arith.constant dense<3> : tensor<4x8xi32>
  %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<4x8xi32> -> tensor<8x4xi32>
  tt.return %kt : tensor<8x4xi32>
}

// -----

// Tests that a one-element make_range folds to a constant, and a longer one
// stays.
// CHECK-LABEL: tt.func @make_range_one_element
tt.func @make_range_one_element() -> (tensor<1xi32>, tensor<1xi32>, tensor<2xi32>) {
  // CHECK-DAG: %[[A:.+]] = arith.constant dense<0> : tensor<1xi32>
  // CHECK-DAG: %[[B:.+]] = arith.constant dense<42> : tensor<1xi32>
  // CHECK: %[[C:.+]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  // CHECK: tt.return %[[A]], %[[B]], %[[C]]
  %a = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>
  %b = tt.make_range {end = 43 : i32, start = 42 : i32} : tensor<1xi32>
  %c = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  tt.return %a, %b, %c : tensor<1xi32>, tensor<1xi32>, tensor<2xi32>
}

// -----

// Tests that fp_to_fp of a constant folds only for zeros (signed), as
// upstream: other conversions are the lowering's to round and saturate.
// CHECK-LABEL: tt.func @fp_to_fp_of_constants
tt.func @fp_to_fp_of_constants() -> (tensor<16xf16>, tensor<16xf8E4M3FN>, bf16, f32, f8E4M3FN, f8E5M2, tensor<16xf8E5M2>) {
  // CHECK-DAG: %[[F:.+]] = arith.constant 0.000000e+00 : f8E5M2
  // CHECK-DAG: %[[G:.+]] = arith.constant dense<-0.000000e+00> : tensor<16xf8E5M2>
  // CHECK-DAG: %[[A:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : tensor<16xf32> -> tensor<16xf16>
  // CHECK-DAG: %[[B:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  // CHECK-DAG: %[[C:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtz : f32 -> bf16
  // CHECK-DAG: %[[D:.+]] = tt.fp_to_fp %{{.+}} : f16 -> f32
  // CHECK-DAG: %[[E:.+]] = tt.fp_to_fp %{{.+}}, rounding = rtne : f32 -> f8E4M3FN
  // CHECK: tt.return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]]
  %c1 = arith.constant dense<1.5> : tensor<16xf32>
  %a = tt.fp_to_fp %c1, rounding = rtne : tensor<16xf32> -> tensor<16xf16>
  %b = tt.fp_to_fp %c1, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %c3 = arith.constant 3.0 : f32
  %c = tt.fp_to_fp %c3, rounding = rtz : f32 -> bf16
  %c25 = arith.constant 2.5 : f16
  %d = tt.fp_to_fp %c25 : f16 -> f32
  %c448 = arith.constant 448.0 : f32
  %e = tt.fp_to_fp %c448, rounding = rtne : f32 -> f8E4M3FN
  %z = arith.constant 0.0 : f8E4M3FN
  %f = tt.fp_to_fp %z : f8E4M3FN -> f8E5M2
  %nz = arith.constant dense<-0.0> : tensor<16xf32>
  %g = tt.fp_to_fp %nz, rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
  tt.return %a, %b, %c, %d, %e, %f, %g : tensor<16xf16>, tensor<16xf8E4M3FN>, bf16, f32, f8E4M3FN, f8E5M2, tensor<16xf8E5M2>
}

// -----

// Tests that fp_to_fp of a constant does not fold when the conversion rounds,
// overflows, underflows or converts a NaN: the result depends on the target's
// conversion instructions.
// CHECK-LABEL: tt.func @fp_to_fp_inexact
tt.func @fp_to_fp_inexact() -> (tensor<16xf8E4M3FN>, f8E4M3FN, f8E5M2, f16, f16) {
  // CHECK: tt.fp_to_fp %{{.+}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  // CHECK: tt.fp_to_fp %{{.+}}, rounding = rtz : f32 -> f8E4M3FN
  // CHECK: tt.fp_to_fp %{{.+}}, rounding = rtne : f32 -> f8E5M2
  // CHECK: tt.fp_to_fp %{{.+}}, rounding = rtz : f32 -> f16
  // CHECK: tt.fp_to_fp %{{.+}}, rounding = rtne : f32 -> f16
  %c01 = arith.constant dense<0.1> : tensor<16xf32>
  %a = tt.fp_to_fp %c01, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %c464 = arith.constant 464.0 : f32
  %b = tt.fp_to_fp %c464, rounding = rtz : f32 -> f8E4M3FN
  %big = arith.constant 1.0e6 : f32
  %c = tt.fp_to_fp %big, rounding = rtne : f32 -> f8E5M2
  %tiny = arith.constant 1.0e-8 : f32
  %d = tt.fp_to_fp %tiny, rounding = rtz : f32 -> f16
  %nan = arith.constant 0x7FC00000 : f32
  %e = tt.fp_to_fp %nan, rounding = rtne : f32 -> f16
  tt.return %a, %b, %c, %d, %e : tensor<16xf8E4M3FN>, f8E4M3FN, f8E5M2, f16, f16
}

// -----

// Tests that a load whose mask is an all-true splat constant drops its mask
// and other value, and keeps its cache modifier, eviction policy and
// volatility; scalar masks are left alone, as upstream does.
// CHECK-LABEL: tt.func @load_mask_all_true
// CHECK-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[O:[^:]+]]: tensor<16xf32>, %[[S:[^:]+]]: !tt.ptr<f32>, %[[SO:[^:]+]]: f32)
tt.func @load_mask_all_true(%p: tensor<16x!tt.ptr<f32>>, %o: tensor<16xf32>, %s: !tt.ptr<f32>, %so: f32)
    -> (tensor<16xf32>, tensor<16xf32>, f32) {
  // CHECK: %[[T:.+]] = arith.constant true
  %t = arith.constant dense<true> : tensor<16xi1>
  %st = arith.constant true
  // CHECK: %[[A:.+]] = tt.load %[[P]] cacheModifier = ca : tensor<16x!tt.ptr<f32>>
  %a = tt.load %p, %t, %o cacheModifier = ca : tensor<16x!tt.ptr<f32>>
  // CHECK: %[[B:.+]] = tt.load %[[P]] evictionPolicy = evict_last {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  %b = tt.load %p, %t evictionPolicy = evict_last {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CHECK: %[[C:.+]] = tt.load %[[S]], %[[T]], %[[SO]] : !tt.ptr<f32>
  %c = tt.load %s, %st, %so : !tt.ptr<f32>
  // CHECK: tt.return %[[A]], %[[B]], %[[C]]
  tt.return %a, %b, %c : tensor<16xf32>, tensor<16xf32>, f32
}


// Tests that a load whose mask is an all-false splat constant yields its
// other value, volatile or not, and that without other (the result is
// undefined) or with a scalar mask the load stays.
// CHECK-LABEL: tt.func @load_mask_all_false
// CHECK-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[O:[^:]+]]: tensor<16xf32>, %[[S:[^:]+]]: !tt.ptr<f32>, %[[SO:[^:]+]]: f32)
tt.func @load_mask_all_false(%p: tensor<16x!tt.ptr<f32>>, %o: tensor<16xf32>, %s: !tt.ptr<f32>, %so: f32)
    -> (tensor<16xf32>, tensor<16xf32>, f32, tensor<16xf32>) {
  %f = arith.constant dense<false> : tensor<16xi1>
  %sf = arith.constant false
  %a = tt.load %p, %f, %o : tensor<16x!tt.ptr<f32>>
  // CHECK-DAG: %[[SF:.+]] = arith.constant false
  // CHECK-DAG: %[[F:.+]] = arith.constant dense<false> : tensor<16xi1>
  // CHECK: %[[B:.+]] = tt.load %[[P]], %[[F]] : tensor<16x!tt.ptr<f32>>
  %b = tt.load %p, %f : tensor<16x!tt.ptr<f32>>
  // CHECK: %[[C:.+]] = tt.load %[[S]], %[[SF]], %[[SO]] : !tt.ptr<f32>
  %c = tt.load %s, %sf, %so : !tt.ptr<f32>
  %d = tt.load %p, %f, %o {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.return %[[O]], %[[B]], %[[C]], %[[O]]
  tt.return %a, %b, %c, %d : tensor<16xf32>, tensor<16xf32>, f32, tensor<16xf32>
}


// Tests that a store whose mask is an all-true splat constant drops its
// mask, and one whose mask is all false disappears; scalar masks are left
// alone, as upstream does.
// CHECK-LABEL: tt.func @store_mask
// CHECK-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[V:[^:]+]]: tensor<16xf32>, %[[S:[^:]+]]: !tt.ptr<f32>, %[[SV:[^:]+]]: f32)
tt.func @store_mask(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %s: !tt.ptr<f32>, %sv: f32) {
  %t = arith.constant dense<true> : tensor<16xi1>
  %f = arith.constant dense<false> : tensor<16xi1>
  // CHECK-NEXT: %[[ST:.+]] = arith.constant true
  // CHECK-NEXT: %[[SF:.+]] = arith.constant false
  %st = arith.constant true
  %sf = arith.constant false
  // CHECK-NEXT: tt.store %[[P]], %[[V]] cacheModifier = wb : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v, %t cacheModifier = wb : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v, %f : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %[[S]], %[[SV]], %[[ST]] : !tt.ptr<f32>
  // CHECK-NEXT: tt.store %[[S]], %[[SV]], %[[SF]] : !tt.ptr<f32>
  tt.store %s, %sv, %st : !tt.ptr<f32>
  tt.store %s, %sv, %sf : !tt.ptr<f32>
  // A mask splatted from a true constant is all true too.
  // CHECK-NEXT: tt.store %[[P]], %[[V]] evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
  %x = tt.splat %st : i1 -> tensor<16xi1>
  tt.store %p, %v, %x evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return
  tt.return
}

// -----

// Tests that unused ops that write memory or have unknown side effects stay,
// and unused pure ops and plain reads go.
// CHECK-LABEL: tt.func @keep_side_effects
// CHECK-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[S:[^:]+]]: !tt.ptr<f32>, %[[SV:[^:]+]]: f32, %[[C:[^:]+]]: i1, %[[X:[^:]+]]: tensor<16xf32>, %[[D:[^:]+]]: !tt.tensordesc<tensor<16x16xf32>>, %[[I:[^:]+]]: i32, %[[DV:[^:]+]]: tensor<16x16xf32>)
tt.func @keep_side_effects(%p: tensor<16x!tt.ptr<f32>>, %s: !tt.ptr<f32>, %sv: f32, %c: i1,
                           %x: tensor<16xf32>, %d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32,
                           %dv: tensor<16x16xf32>) {
  // CHECK-NEXT: tt.load %[[P]] {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.atomic_rmw fadd, relaxed, gpu, %[[S]], %[[SV]] : (!tt.ptr<f32>, f32) -> f32
  // CHECK-NEXT: tt.atomic_cas relaxed, gpu, %[[S]], %[[SV]], %[[SV]] : (!tt.ptr<f32>, f32, f32) -> f32
  // CHECK-NEXT: tt.extern_elementwise %[[X]] {libname = "", libpath = "", pure = false, symbol = "f"}
  // CHECK-NEXT: tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %[[X]]
  // CHECK-NEXT: tt.print "x" {hex = false, isSigned = array<i32: 0>} : %[[X]] : tensor<16xf32>
  // CHECK-NEXT: tt.assert %[[C]], "c" : i1
  // CHECK-NEXT: tt.descriptor_store %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CHECK-NEXT: tt.descriptor_reduce add, %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CHECK-NEXT: tt.return
  %a = tt.load %p : tensor<16x!tt.ptr<f32>>
  %b = tt.load %p {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  %r = tt.atomic_rmw fadd, relaxed, gpu, %s, %sv : (!tt.ptr<f32>, f32) -> f32
  %q = tt.atomic_cas relaxed, gpu, %s, %sv, %sv : (!tt.ptr<f32>, f32, f32) -> f32
  %e1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = false, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %e2 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %i1 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %x : tensor<16xf32> -> tensor<16xf32>
  %i2 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xf32> -> tensor<16xf32>
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %x : tensor<16xf32>
  tt.assert %c, "c" : i1
  %dl = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  tt.descriptor_store %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.descriptor_reduce add, %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  %pid = tt.get_program_id x : i32
  %mr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %cl = tt.clampf %x, %x, %x, propagateNan = none : tensor<16xf32>
  %h = tt.histogram %mr : tensor<16xi32> -> tensor<4xi32>
  %pure_map = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%v: f32):
    tt.map_elementwise.return %v : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

// Tests that canonicalization neither merges nor drops identical stores.
// CHECK-LABEL: tt.func @keep_repeated_stores
// CHECK-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[V:[^:]+]]: tensor<16xf32>)
tt.func @keep_repeated_stores(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>) {
  // CHECK-NEXT: tt.store %[[P]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %[[P]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// Tests that expand_dims of a broadcast becomes a broadcast of expand_dims,
// each new op at the location of the op of its kind.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast
// LOC-LABEL: tt.func @expand_dims_of_broadcast
// LOC: tt.expand_dims {{.+}} loc("expand")
// LOC: tt.broadcast {{.+}} loc("bcast")
// CHECK-SAME: (%[[X:.+]]: tensor<1x16xi32>)
// CHECK: %[[E:.+]] = tt.expand_dims %[[X]] {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
// CHECK: %[[B:.+]] = tt.broadcast %[[E]] : tensor<1x1x16xi32> -> tensor<4x1x16xi32>
// CHECK: tt.return %[[B]]
tt.func @expand_dims_of_broadcast(%x: tensor<1x16xi32>) -> tensor<4x1x16xi32> {
  %b = tt.broadcast %x : tensor<1x16xi32> -> tensor<4x16xi32> loc("bcast")
  %e = tt.expand_dims %b {axis = 1 : i32} : tensor<4x16xi32> -> tensor<4x1x16xi32> loc("expand")
  tt.return %e : tensor<4x1x16xi32>
}

// -----

// Tests that expand_dims and reshape fold non-splat dense constants.
// CHECK-LABEL: tt.func @fold_dense_constants
// CHECK-DAG: arith.constant dense<{{\[\[}}1], [2], [3], [4]]> : tensor<4x1xi32>
// CHECK-DAG: arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NOT: tt.expand_dims
// CHECK-NOT: tt.reshape
tt.func @fold_dense_constants() -> (tensor<4x1xi32>, tensor<2x2xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %e = tt.expand_dims %c {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %r = tt.reshape %c : tensor<4xi32> -> tensor<2x2xi32>
  tt.return %e, %r : tensor<4x1xi32>, tensor<2x2xi32>
}

// -----

// Tests that fp_to_fp to the same type folds away and infinities do not fold
// into fp8 (the hardware conversion saturates).
// CHECK-LABEL: tt.func @fp_to_fp_same_type_and_inf
// CHECK-SAME: (%[[X:.+]]: f32)
// CHECK: %[[INF:.+]] = arith.constant 0x7F800000 : f32
// CHECK: %[[C:.+]] = tt.fp_to_fp %[[INF]], rounding = rtne : f32 -> f8E5M2
// CHECK: tt.return %[[X]], %[[C]]
tt.func @fp_to_fp_same_type_and_inf(%x: f32) -> (f32, f8E5M2) {
  %s = tt.fp_to_fp %x : f32 -> f32
  %inf = arith.constant 0x7F800000 : f32
  %c = tt.fp_to_fp %inf, rounding = rtne : f32 -> f8E5M2
  tt.return %s, %c : f32, f8E5M2
}

// -----

// Tests that reshapes marked efficient_layout are left alone.
// CHECK-LABEL: tt.func @keep_efficient_layout
// CHECK: tt.reshape %{{.+}} : tensor<16xi32> -> tensor<4x4xi32>
// CHECK: tt.reshape %{{.+}} efficient_layout : tensor<4x4xi32> -> tensor<2x8xi32>
tt.func @keep_efficient_layout(%x: tensor<16xi32>) -> tensor<2x8xi32> {
  %a = tt.reshape %x : tensor<16xi32> -> tensor<4x4xi32>
  %b = tt.reshape %a efficient_layout : tensor<4x4xi32> -> tensor<2x8xi32>
  tt.return %b : tensor<2x8xi32>
}
