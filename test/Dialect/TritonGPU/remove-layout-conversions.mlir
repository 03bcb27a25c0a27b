// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions -verify-diagnostics | FileCheck %s

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Tests that the load's coalesced layout flows forward through elementwise
// ops into a reduction to a scalar and the store, and that the address, mask
// and other value are rematerialized in it: no conversion is left.
// CHECK-LABEL: tt.func @remat_address
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, [[$B4]]>
// CHECK: %[[RANGE:.*]] = tt.make_range {{.*}} : tensor<1024xi32, [[$B4]]>
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[RANGE]], %{{.*}} : tensor<1024xi32, [[$B4]]>
// CHECK: %[[PTR:.*]] = tt.addptr %{{.*}}, %[[RANGE]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[V:.*]] = tt.load %[[PTR]], %[[MASK]], %[[ZERO]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[E:.*]] = math.exp %[[V]] : tensor<1024xf32, [[$B4]]>
// CHECK: "tt.reduce"(%[[E]])
// CHECK: (tensor<1024xf32, [[$B4]]>) -> f32
// CHECK: tt.store %{{.*}}, %[[E]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK-NOT: ttg.convert_layout
tt.func @remat_address(%x: !tt.ptr<f32>, %n: i32) -> f32 {
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #b1>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %s = tt.splat %n : i32 -> tensor<1024xi32, #b1>
  %m = arith.cmpi slt, %r, %s : tensor<1024xi32, #b1>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %a = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %a4 = ttg.convert_layout %a : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
  %m4 = ttg.convert_layout %m : tensor<1024xi1, #b1> -> tensor<1024xi1, #b4>
  %z4 = ttg.convert_layout %zero : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  %v4 = tt.load %a4, %m4, %z4 : tensor<1024x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %v4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  %e = math.exp %v : tensor<1024xf32, #b1>
  %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %add = arith.addf %l, %rr : f32
    tt.reduce.return %add : f32
  }) : (tensor<1024xf32, #b1>) -> f32
  %q = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b1>
  %qa = tt.addptr %q, %r : tensor<1024x!tt.ptr<f32>, #b1>, tensor<1024xi32, #b1>
  %qa4 = ttg.convert_layout %qa : tensor<1024x!tt.ptr<f32>, #b1> -> tensor<1024x!tt.ptr<f32>, #b4>
  %e4 = ttg.convert_layout %e : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  tt.store %qa4, %e4 : tensor<1024x!tt.ptr<f32>, #b4>
  tt.return %sum : f32
}

// Tests that two wide loads keep their layouts: one conversion between them
// stays, since neither load may be repeated in the other's layout.
// CHECK-LABEL: tt.func @two_anchors
// CHECK: %[[V1:.*]] = tt.load %arg0 : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[V2:.*]] = tt.load %arg1 : tensor<1024x!tt.ptr<f32>, [[$B1]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[V1]] : tensor<1024xf32, [[$B4]]> -> tensor<1024xf32, [[$B1]]>
// CHECK: arith.addf %[[C]], %[[V2]] : tensor<1024xf32, [[$B1]]>
tt.func @two_anchors(%x: tensor<1024x!tt.ptr<f32>, #b4>, %y: tensor<1024x!tt.ptr<f32>, #b1>) {
  %v1 = tt.load %x : tensor<1024x!tt.ptr<f32>, #b4>
  %v2 = tt.load %y : tensor<1024x!tt.ptr<f32>, #b1>
  %c = ttg.convert_layout %v1 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  %s = arith.addf %c, %v2 : tensor<1024xf32, #b1>
  tt.store %y, %s : tensor<1024x!tt.ptr<f32>, #b1>
  tt.return
}

// Tests that a loop-carried accumulator takes the layout of the load it adds
// up; the conversion moves after the loop, to the returned value.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, [[$B4]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<1024xf32, [[$B4]]>)
// CHECK-NEXT: %[[V:.*]] = tt.load
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[ACC]], %[[V]] : tensor<1024xf32, [[$B4]]>
// CHECK-NEXT: scf.yield %[[A]] : tensor<1024xf32, [[$B4]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[R]] : tensor<1024xf32, [[$B4]]> -> tensor<1024xf32, [[$B1]]>
// CHECK: tt.return %[[C]]
tt.func @loop(%x: tensor<1024x!tt.ptr<f32>, #b4>, %n: i32) -> tensor<1024xf32, #b1> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #b1>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<1024xf32, #b1>) : i32 {
    %v4 = tt.load %x : tensor<1024x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %a = arith.addf %acc, %v : tensor<1024xf32, #b1>
    scf.yield %a : tensor<1024xf32, #b1>
  }
  tt.return %r : tensor<1024xf32, #b1>
}

// Tests that a conversion that cannot go away is hoisted above the widening
// cast, to convert f16 instead of f32 values.
// CHECK-LABEL: tt.func @hoist_over_ext
// CHECK: %[[V:.*]] = tt.load %arg0 : tensor<1024x!tt.ptr<f16>, [[$B4]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[V]] : tensor<1024xf16, [[$B4]]> -> tensor<1024xf16, [[$B1]]>
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[C]] : tensor<1024xf16, [[$B1]]> to tensor<1024xf32, [[$B1]]>
// CHECK-NEXT: tt.store %arg1, %[[E]]
tt.func @hoist_over_ext(%x: tensor<1024x!tt.ptr<f16>, #b4>, %y: tensor<1024x!tt.ptr<f32>, #b1>) {
  %v = tt.load %x : tensor<1024x!tt.ptr<f16>, #b4>
  %e = arith.extf %v : tensor<1024xf16, #b4> to tensor<1024xf32, #b4>
  %c = ttg.convert_layout %e : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  tt.store %y, %c : tensor<1024x!tt.ptr<f32>, #b1>
  tt.return
}

// Tests that in a loop a conversion of an scf.if result moves into the one
// branch that cannot produce the wanted layout; the other branch produces it.
// CHECK-LABEL: tt.func @hoist_into_if
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, [[$B1]]>
// CHECK: scf.if %{{.*}} -> (tensor<1024xf32, [[$B1]]>)
// CHECK-NEXT: %[[L:.*]] = tt.load %arg0 : tensor<1024x!tt.ptr<f32>, [[$B4]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<1024xf32, [[$B4]]> -> tensor<1024xf32, [[$B1]]>
// CHECK-NEXT: scf.yield %[[C]] : tensor<1024xf32, [[$B1]]>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]] : tensor<1024xf32, [[$B1]]>
tt.func @hoist_into_if(%x: tensor<1024x!tt.ptr<f32>, #b4>, %y: tensor<1024x!tt.ptr<f32>, #b1>, %n: i32, %cond: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32, #b4>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = scf.if %cond -> (tensor<1024xf32, #b4>) {
      %l = tt.load %x : tensor<1024x!tt.ptr<f32>, #b4>
      scf.yield %l : tensor<1024xf32, #b4>
    } else {
      scf.yield %zero : tensor<1024xf32, #b4>
    }
    %c = ttg.convert_layout %v : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    tt.store %y, %c : tensor<1024x!tt.ptr<f32>, #b1>
  }
  tt.return
}

// Tests the cost model: recomputing four exponentials that must stay anyway
// (the first store uses them) costs more than converting their result.
// CHECK-LABEL: tt.func @keep_costly_chain
// CHECK-COUNT-4: math.exp {{.*}} : tensor<1024xf32, [[$B1]]>
// CHECK-NOT: math.exp
// CHECK: ttg.convert_layout %{{.*}} : tensor<1024xf32, [[$B1]]> -> tensor<1024xf32, [[$B4]]>
tt.func @keep_costly_chain(%y1: tensor<1024x!tt.ptr<f32>, #b1>, %y4: tensor<1024x!tt.ptr<f32>, #b4>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %f = arith.sitofp %r : tensor<1024xi32, #b1> to tensor<1024xf32, #b1>
  %e1 = math.exp %f : tensor<1024xf32, #b1>
  %e2 = math.exp %e1 : tensor<1024xf32, #b1>
  %e3 = math.exp %e2 : tensor<1024xf32, #b1>
  %e4 = math.exp %e3 : tensor<1024xf32, #b1>
  tt.store %y1, %e4 : tensor<1024x!tt.ptr<f32>, #b1>
  %c = ttg.convert_layout %e4 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  tt.store %y4, %c : tensor<1024x!tt.ptr<f32>, #b4>
  tt.return
}

// Tests the cost model: three exponentials are cheaper to recompute in the
// second store's layout than their result is to convert.
// CHECK-LABEL: tt.func @remat_cheaper_chain
// CHECK-NOT: ttg.convert_layout
// CHECK-COUNT-3: math.exp {{.*}} : tensor<1024xf32, [[$B4]]>
// CHECK: tt.return
tt.func @remat_cheaper_chain(%y1: tensor<1024x!tt.ptr<f32>, #b1>, %y4: tensor<1024x!tt.ptr<f32>, #b4>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
  %f = arith.sitofp %r : tensor<1024xi32, #b1> to tensor<1024xf32, #b1>
  %e1 = math.exp %f : tensor<1024xf32, #b1>
  %e2 = math.exp %e1 : tensor<1024xf32, #b1>
  %e3 = math.exp %e2 : tensor<1024xf32, #b1>
  tt.store %y1, %e3 : tensor<1024x!tt.ptr<f32>, #b1>
  %c = ttg.convert_layout %e3 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
  tt.store %y4, %c : tensor<1024x!tt.ptr<f32>, #b4>
  tt.return
}
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#def = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// Tests propagation into a reduction along rows, expand_dims and broadcast
// (as slice layouts of the load's layout), and rematerialization of a 2-D
// address from a range through expand_dims and broadcast.
// CHECK: [[$ROW:#.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @rows
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {{.*}} : tensor<64xi32, #ttg.slice<{dim = 0, parent = [[$ROW]]}>>
// CHECK: %[[P:.*]] = tt.addptr {{.*}} : tensor<64x64x!tt.ptr<f32>, [[$ROW]]>
// CHECK: %[[V:.*]] = tt.load %[[P]] : tensor<64x64x!tt.ptr<f32>, [[$ROW]]>
// CHECK: -> tensor<64xf32, #ttg.slice<{dim = 1, parent = [[$ROW]]}>>
// CHECK: tt.expand_dims {{.*}} -> tensor<64x1xf32, [[$ROW]]>
// CHECK: %[[B:.*]] = tt.broadcast {{.*}} -> tensor<64x64xf32, [[$ROW]]>
// CHECK: %[[D:.*]] = arith.subf %[[V]], %[[B]] : tensor<64x64xf32, [[$ROW]]>
// CHECK: tt.store %[[P]], %[[D]] : tensor<64x64x!tt.ptr<f32>, [[$ROW]]>
tt.func @rows(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #def}>>
  %re = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #def}>> -> tensor<1x64xi32, #def>
  %rb = tt.broadcast %re : tensor<1x64xi32, #def> -> tensor<64x64xi32, #def>
  %s = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #def>
  %p = tt.addptr %s, %rb : tensor<64x64x!tt.ptr<f32>, #def>, tensor<64x64xi32, #def>
  %p4 = ttg.convert_layout %p : tensor<64x64x!tt.ptr<f32>, #def> -> tensor<64x64x!tt.ptr<f32>, #row>
  %v4 = tt.load %p4 : tensor<64x64x!tt.ptr<f32>, #row>
  %v = ttg.convert_layout %v4 : tensor<64x64xf32, #row> -> tensor<64x64xf32, #def>
  %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maxnumf %a, %b : f32
    tt.reduce.return %mx : f32
  }) : (tensor<64x64xf32, #def>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #def}>>
  %me = tt.expand_dims %m {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #def}>> -> tensor<64x1xf32, #def>
  %mb = tt.broadcast %me : tensor<64x1xf32, #def> -> tensor<64x64xf32, #def>
  %d = arith.subf %v, %mb : tensor<64x64xf32, #def>
  %d4 = ttg.convert_layout %d : tensor<64x64xf32, #def> -> tensor<64x64xf32, #row>
  tt.store %p4, %d4 : tensor<64x64x!tt.ptr<f32>, #row>
  tt.return
}
}

// -----

// Tests that without the number of warps the pass cannot tell which global
// accesses keep their layouts, and says so.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
tt.func @no_num_warps(%x: tensor<1024x!tt.ptr<f32>, #b4>) -> tensor<1024xf32, #b1> {
  // expected-error @below {{cannot tell whether the access keeps its layout: no "ttg.num-warps" on the module or an enclosing op}}
  %v = tt.load %x : tensor<1024x!tt.ptr<f32>, #b4>
  %c = ttg.convert_layout %v : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
  tt.return %c : tensor<1024xf32, #b1>
}
}

// -----

// A conversion between the CTAs of a cluster has no lowering: the
// descriptor load it converts is recomputed in the layout wanted (each CTA
// then holds all of the block), whatever the cost.
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#whole = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @descriptor_load_between_ctas
  // CHECK: %[[V:.*]] = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #[[$WHOLE:.*]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return %[[V]] : tensor<64x64xf16, #[[$WHOLE]]>
  tt.func @descriptor_load_between_ctas(%desc: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) -> tensor<64x64xf16, #whole> {
    %v = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #rows>
    %w = ttg.convert_layout %v : tensor<64x64xf16, #rows> -> tensor<64x64xf16, #whole>
    tt.return %w : tensor<64x64xf16, #whole>
  }
}

// -----

// Constants in another layout: a dense one that is not a splat is made again
// in the layout its user wants (its values are held by index); a resource
// cannot be, and its conversion stays (the pass used to remake it and its
// conversion forever).
// CHECK-LABEL: tt.func @constants_in_another_layout
// CHECK-DAG: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32, #[[L2:blocked[0-9]*]]>
// CHECK-DAG: %[[RES:.*]] = arith.constant dense_resource<eight> : tensor<8xi32, #[[L1:blocked[0-9]*]]>
// CHECK: ttg.convert_layout %[[RES]] : tensor<8xi32, #[[L1]]> -> tensor<8xi32, #[[L2]]>
#l1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @constants_in_another_layout(%p: tensor<8x!tt.ptr<i32>, #l2>, %q: tensor<8x!tt.ptr<i32>, #l2>) {
    %a = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32, #l1>
    %r = arith.constant dense_resource<eight> : tensor<8xi32, #l1>
    %ca = ttg.convert_layout %a : tensor<8xi32, #l1> -> tensor<8xi32, #l2>
    %cr = ttg.convert_layout %r : tensor<8xi32, #l1> -> tensor<8xi32, #l2>
    tt.store %p, %ca : tensor<8x!tt.ptr<i32>, #l2>
    tt.store %q, %cr : tensor<8x!tt.ptr<i32>, #l2>
    tt.return
  }
}
{-#
  dialect_resources: {
    builtin: {
      eight: "0x040000000000000001000000020000000300000004000000050000000600000007000000"
    }
  }
#-}

// -----

// A join whose result keeps the joined dimension anywhere in each thread's
// registers (order [0, 1, 2]: last) takes the operands' blocked layout with
// that dimension dropped from the order, so the conversion after it goes.
#src = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#joined = #ttg.blocked<{sizePerThread = [1, 32, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
#out = #ttg.blocked<{sizePerThread = [1, 32, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [0, 1, 2]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: tt.func @join_any_register_order
  // CHECK-NEXT: %[[J:.*]] = tt.join %arg0, %arg1 : tensor<128x32xf16, #{{.*}}> -> tensor<128x32x2xf16, #[[$OUT:.*]]>
  // CHECK-NEXT: tt.return %[[J]]
  tt.func @join_any_register_order(%a: tensor<128x32xf16, #src>, %b: tensor<128x32xf16, #src>) -> tensor<128x32x2xf16, #out> {
    %0 = tt.join %a, %b : tensor<128x32xf16, #src> -> tensor<128x32x2xf16, #joined>
    %1 = ttg.convert_layout %0 : tensor<128x32x2xf16, #joined> -> tensor<128x32x2xf16, #out>
    tt.return %1 : tensor<128x32x2xf16, #out>
  }
}

// -----

// Operands sliced from a layout along the joined dimension join into that
// layout (each thread holds both halves, nothing broadcast): the conversion
// after the join goes away.
#sliced = #ttg.blocked<{sizePerThread = [1, 32, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [0, 1, 2]}>
#other = #ttg.blocked<{sizePerThread = [1, 32, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: join_into_the_slices_parent
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<128x32xf16, #ttg.slice<{dim = 2, parent = #[[P:.*]]}>> -> tensor<128x32x2xf16, #[[P]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return %[[J]]
  tt.func @join_into_the_slices_parent(%a: tensor<128x32xf16, #ttg.slice<{dim = 2, parent = #sliced}>>, %b: tensor<128x32xf16, #ttg.slice<{dim = 2, parent = #sliced}>>) -> tensor<128x32x2xf16, #sliced> {
    %0 = tt.join %a, %b : tensor<128x32xf16, #ttg.slice<{dim = 2, parent = #sliced}>> -> tensor<128x32x2xf16, #other>
    %1 = ttg.convert_layout %0 : tensor<128x32x2xf16, #other> -> tensor<128x32x2xf16, #sliced>
    tt.return %1 : tensor<128x32x2xf16, #sliced>
  }
}

// -----

// A reshape of a blocked tensor keeps a blocked layout where one places the
// elements as the reshape does (16x2 with 2 registers per thread along the
// last dimension is 32 with 2 per thread): the conversion to it is gone.
// Where none does (a column-major source), the result is #ttg.linear.
// CHECK: #[[$B1:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK: #[[$L:.*]] = #ttg.linear<{register = [], lane = {{\[\[}}4], [8], [16], [1], [2]], warp = [], block = []}>
#rb = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#rb1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#rcol = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @reshape_stays_blocked
  // CHECK: %[[R:.*]] = tt.reshape %{{.*}} : tensor<16x2xf32, #{{.*}}> -> tensor<32xf32, #[[$B1]]>
  // CHECK-NEXT: tt.return %[[R]]
  tt.func @reshape_stays_blocked(%x: tensor<16x2xf32, #rb>) -> tensor<32xf32, #rb1> {
    %r = tt.reshape %x : tensor<16x2xf32, #rb> -> tensor<32xf32, #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [0]], warp = [], block = []}>>
    %c = ttg.convert_layout %r : tensor<32xf32, #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [0]], warp = [], block = []}>> -> tensor<32xf32, #rb1>
    tt.return %c : tensor<32xf32, #rb1>
  }

  // CHECK-LABEL: @reshape_column_major
  // CHECK: tt.reshape %{{.*}} : tensor<8x4xf32, #{{.*}}> -> tensor<32xf32, #[[$L]]>
  tt.func @reshape_column_major(%x: tensor<8x4xf32, #rcol>) -> tensor<32xf32, #rb1> {
    %r = tt.reshape %x : tensor<8x4xf32, #rcol> -> tensor<32xf32, #ttg.linear<{register = [], lane = [[4], [8], [16], [1], [2]], warp = [], block = []}>>
    %c = ttg.convert_layout %r : tensor<32xf32, #ttg.linear<{register = [], lane = [[4], [8], [16], [1], [2]], warp = [], block = []}>> -> tensor<32xf32, #rb1>
    tt.return %c : tensor<32xf32, #rb1>
  }
}

// -----

// Two spellings of one layout (for 1x256 the order of the size-1 dimension
// says nothing): the mask's and pointers' computation is redone in the
// load's spelling, whatever the cost model, and no conversion is left.
// CHECK-LABEL: @same_layout_two_spellings
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @same_layout_two_spellings(%p: !tt.ptr<f32>, %n: i32) -> tensor<1x256xf32, #row> {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #col}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #col}>> -> tensor<1x256xi32, #col>
    %q = arith.remsi %e, %e : tensor<1x256xi32, #col>
    %d = arith.divsi %q, %e : tensor<1x256xi32, #col>
    %ns = tt.splat %n : i32 -> tensor<1x256xi32, #col>
    %m = arith.cmpi slt, %d, %ns : tensor<1x256xi32, #col>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1x256x!tt.ptr<f32>, #col>
    %a = tt.addptr %ps, %d : tensor<1x256x!tt.ptr<f32>, #col>, tensor<1x256xi32, #col>
    %a1 = ttg.convert_layout %a : tensor<1x256x!tt.ptr<f32>, #col> -> tensor<1x256x!tt.ptr<f32>, #row>
    %m1 = ttg.convert_layout %m : tensor<1x256xi1, #col> -> tensor<1x256xi1, #row>
    %v = tt.load %a1, %m1 : tensor<1x256x!tt.ptr<f32>, #row>
    tt.return %v : tensor<1x256xf32, #row>
  }
}
