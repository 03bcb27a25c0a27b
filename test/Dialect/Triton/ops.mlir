// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-debuginfo | triton-opt --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// Parse/print round trips of every tt operation, type and enum spelling. The
// second RUN line goes through the generic form, so every attribute must
// survive as a property; the third keeps locations.

#loc = loc("kernels.py":10:0)
#loc_ptr = loc("x_ptr"(#loc))
#loc_callee = loc("standard.py":43:17)
#loc_caller = loc("kernels.py":12:8)
#loc_site = loc(callsite(#loc_callee at #loc_caller))
#loc_named_site = loc("acc"(#loc_site))

module {

// Tests that every element type of the dialect is accepted, as pointees of
// scalar pointers, as elements of tensors and as tensors of pointers.
// CHECK-LABEL: tt.func @element_types
// CHECK-SAME: !tt.ptr<f8E4M3FN>, %{{.+}}: !tt.ptr<f8E4M3FNUZ>, %{{.+}}: !tt.ptr<f8E5M2>, %{{.+}}: !tt.ptr<f8E5M2FNUZ>
// CHECK-SAME: !tt.ptr<f16>, %{{.+}}: !tt.ptr<bf16>, %{{.+}}: !tt.ptr<f32>, %{{.+}}: !tt.ptr<f64>
// CHECK-SAME: !tt.ptr<i1>, %{{.+}}: !tt.ptr<i4>, %{{.+}}: !tt.ptr<i8>, %{{.+}}: !tt.ptr<i16>, %{{.+}}: !tt.ptr<i32>, %{{.+}}: !tt.ptr<i64>
// CHECK-SAME: tensor<8xf8E4M3FN>, %{{.+}}: tensor<8xf8E4M3FNUZ>, %{{.+}}: tensor<8xf8E5M2>, %{{.+}}: tensor<8xf8E5M2FNUZ>
// CHECK-SAME: tensor<8xbf16>, %{{.+}}: tensor<8xf64>, %{{.+}}: tensor<8xi1>, %{{.+}}: tensor<8xi4>
// CHECK-SAME: tensor<8x!tt.ptr<bf16>>, %{{.+}}: tensor<2x4x!tt.ptr<i64>>, %{{.+}}: tensor<8x!tt.ptr<f32, 3>>
tt.func @element_types(
    %p0: !tt.ptr<f8E4M3FN>, %p1: !tt.ptr<f8E4M3FNUZ>, %p2: !tt.ptr<f8E5M2>, %p3: !tt.ptr<f8E5M2FNUZ>,
    %p4: !tt.ptr<f16>, %p5: !tt.ptr<bf16>, %p6: !tt.ptr<f32>, %p7: !tt.ptr<f64>,
    %p8: !tt.ptr<i1>, %p9: !tt.ptr<i4>, %p10: !tt.ptr<i8>, %p11: !tt.ptr<i16>, %p12: !tt.ptr<i32>, %p13: !tt.ptr<i64>,
    %t0: tensor<8xf8E4M3FN>, %t1: tensor<8xf8E4M3FNUZ>, %t2: tensor<8xf8E5M2>, %t3: tensor<8xf8E5M2FNUZ>,
    %t4: tensor<8xbf16>, %t5: tensor<8xf64>, %t6: tensor<8xi1>, %t7: tensor<8xi4>,
    %tp0: tensor<8x!tt.ptr<bf16>>, %tp1: tensor<2x4x!tt.ptr<i64>>, %tp2: tensor<8x!tt.ptr<f32, 3>>) {
  // CHECK: tt.load %{{.+}} : !tt.ptr<f8E4M3FN>
  %0 = tt.load %p0 : !tt.ptr<f8E4M3FN>
  // CHECK: tt.load %{{.+}} : !tt.ptr<f8E5M2FNUZ>
  %1 = tt.load %p3 : !tt.ptr<f8E5M2FNUZ>
  // CHECK: tt.load %{{.+}} : !tt.ptr<i4>
  %2 = tt.load %p9 : !tt.ptr<i4>
  // CHECK: tt.splat %{{.+}} : i4 -> tensor<8xi4>
  %3 = tt.splat %2 : i4 -> tensor<8xi4>
  // CHECK: tt.load %{{.+}} : !tt.ptr<f64>
  %4 = tt.load %p7 : !tt.ptr<f64>
  // CHECK: tt.load %{{.+}} : !tt.ptr<i1>
  %5 = tt.load %p8 : !tt.ptr<i1>
  // CHECK: tt.load %{{.+}} : tensor<8x!tt.ptr<f32, 3>>
  %6 = tt.load %tp2 : tensor<8x!tt.ptr<f32, 3>>
  tt.return
}

// Tests that the pointer type prints address space 1 implicitly and every
// other address space explicitly, and that pointers may point to tensors
// (block pointers) and to pointers.
// CHECK-LABEL: tt.func @pointer_types
// CHECK-SAME: %{{.+}}: !tt.ptr<f32>, %{{.+}}: !tt.ptr<f32>, %{{.+}}: !tt.ptr<f32, 0>, %{{.+}}: !tt.ptr<f32, 3>, %{{.+}}: !tt.ptr<i8, 7>
// CHECK-SAME: %{{.+}}: !tt.ptr<tensor<64x64xf16>>, %{{.+}}: !tt.ptr<tensor<8x16x32xbf16>, 3>
// CHECK-SAME: %{{.+}}: !tt.ptr<!tt.ptr<f32>>
// CHECK-SAME: %{{.+}}: !tt.tensordesc<tensor<128x64xf16>>, %{{.+}}: !tt.tensordesc<tensor<1x32xf8E4M3FN>>
tt.func @pointer_types(%a: !tt.ptr<f32>, %b: !tt.ptr<f32, 1>, %c: !tt.ptr<f32, 0>,
                       %d: !tt.ptr<f32, 3>, %e: !tt.ptr<i8, 7>,
                       %f: !tt.ptr<tensor<64x64xf16>>, %g: !tt.ptr<tensor<8x16x32xbf16>, 3>,
                       %h: !tt.ptr<!tt.ptr<f32>>,
                       %i: !tt.tensordesc<tensor<128x64xf16>>, %j: !tt.tensordesc<tensor<1x32xf8E4M3FN>>) {
  tt.return
}

// Tests that the integer/pointer casts, bitcast and fp_to_fp (with and
// without a rounding mode) round-trip on scalars and tensors.
// CHECK-LABEL: tt.func @casts
// CHECK-SAME: (%[[I:[^:]+]]: i64, %[[IT:[^:]+]]: tensor<16xi64>, %[[P:[^:]+]]: !tt.ptr<f32>, %[[PT:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[F:[^:]+]]: tensor<16xf32>, %[[H:[^:]+]]: f16, %[[E:[^:]+]]: f8E4M3FN, %[[D:[^:]+]]: f64)
tt.func @casts(%i: i64, %it: tensor<16xi64>, %p: !tt.ptr<f32>, %pt: tensor<16x!tt.ptr<f32>>,
               %f: tensor<16xf32>, %h: f16, %e: f8E4M3FN, %d: f64) {
  // CHECK: tt.int_to_ptr %[[I]] : i64 -> !tt.ptr<f32>
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.int_to_ptr %[[IT]] : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
  %1 = tt.int_to_ptr %it : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
  // CHECK: tt.ptr_to_int %[[P]] : !tt.ptr<f32> -> i64
  %2 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  // CHECK: tt.ptr_to_int %[[PT]] : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  %3 = tt.ptr_to_int %pt : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  // CHECK: tt.bitcast %[[F]] : tensor<16xf32> -> tensor<16xi32>
  %4 = tt.bitcast %f : tensor<16xf32> -> tensor<16xi32>
  // CHECK: tt.bitcast %[[P]] : !tt.ptr<f32> -> !tt.ptr<i8>
  %5 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i8>
  // CHECK: tt.bitcast %[[H]] : f16 -> bf16
  %6 = tt.bitcast %h : f16 -> bf16
  // CHECK: tt.bitcast %[[E]] : f8E4M3FN -> i8
  %7 = tt.bitcast %e : f8E4M3FN -> i8
  // CHECK: tt.fp_to_fp %[[H]] : f16 -> f32
  %8 = tt.fp_to_fp %h : f16 -> f32
  // CHECK: tt.fp_to_fp %[[E]] : f8E4M3FN -> f16
  %9 = tt.fp_to_fp %e : f8E4M3FN -> f16
  // CHECK: tt.fp_to_fp %[[F]], rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
  %10 = tt.fp_to_fp %f, rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
  // CHECK: tt.fp_to_fp %[[F]], rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  %11 = tt.fp_to_fp %f, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  // CHECK: tt.fp_to_fp %[[H]], rounding = rtz : f16 -> f8E4M3FNUZ
  %12 = tt.fp_to_fp %h, rounding = rtz : f16 -> f8E4M3FNUZ
  // CHECK: tt.fp_to_fp %[[D]], rounding = rtne : f64 -> f8E5M2FNUZ
  %13 = tt.fp_to_fp %d, rounding = rtne : f64 -> f8E5M2FNUZ
  // An upcast may carry a rounding mode it does not need.
  // CHECK: tt.fp_to_fp %[[H]], rounding = rtz : f16 -> f64
  %14 = tt.fp_to_fp %h, rounding = rtz : f16 -> f64
  tt.return
}

// Tests that an enum written as an integer in the attribute dictionary is
// read into the property and printed as its keyword.
// CHECK-LABEL: tt.func @enums_as_integers
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[BP:[^:]+]]: !tt.ptr<tensor<64x64xf16>>, %[[H:[^:]+]]: f16)
tt.func @enums_as_integers(%p: !tt.ptr<f32>, %bp: !tt.ptr<tensor<64x64xf16>>, %h: f16) {
  // CHECK: tt.load %[[P]] cacheModifier = ca evictionPolicy = evict_last : !tt.ptr<f32>
  %0 = tt.load %p {cache = 2 : i32, evict = 3 : i32} : !tt.ptr<f32>
  // CHECK: tt.load %[[BP]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
  %1 = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
  // CHECK: tt.load %[[BP]] {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x64xf16>>
  %2 = tt.load %bp {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x64xf16>>
  // CHECK: tt.fp_to_fp %[[H]], rounding = rtne : f16 -> f8E5M2
  %3 = tt.fp_to_fp %h {rounding = 1 : i32} : f16 -> f8E5M2
  // CHECK: tt.store %[[P]], %{{.+}} cacheModifier = wt evictionPolicy = evict_first : !tt.ptr<f32>
  tt.store %p, %0 {cache = 6 : i32, evict = 2 : i32} : !tt.ptr<f32>
  // CHECK: tt.get_program_id y : i32
  %4 = "tt.get_program_id"() <{axis = 1 : i32}> : () -> i32
  // CHECK: tt.atomic_rmw umin, release, sys, %[[P]]
  %5 = "tt.atomic_rmw"(%p, %0) <{atomic_rmw_op = 9 : i32, scope = 3 : i32, sem = 3 : i32}> : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// Tests that clampf with both NaN propagation modes and the precise and
// high-multiply arithmetic ops round-trip on scalars and tensors.
// CHECK-LABEL: tt.func @arithmetic
// CHECK-SAME: (%[[X:[^:]+]]: tensor<64xf32>, %[[S:[^:]+]]: f64, %[[B:[^:]+]]: tensor<64xbf16>, %[[I:[^:]+]]: tensor<64xi32>, %[[J:[^:]+]]: i64)
tt.func @arithmetic(%x: tensor<64xf32>, %s: f64, %b: tensor<64xbf16>, %i: tensor<64xi32>, %j: i64) {
  // CHECK: %[[C0:.+]] = tt.clampf %[[X]], %[[X]], %[[X]], propagateNan = none : tensor<64xf32>
  %0 = tt.clampf %x, %x, %x, propagateNan = none : tensor<64xf32>
  // CHECK: tt.clampf %[[C0]], %[[X]], %[[X]], propagateNan = all : tensor<64xf32>
  %1 = tt.clampf %0, %x, %x, propagateNan = all : tensor<64xf32>
  // CHECK: tt.clampf %[[S]], %[[S]], %[[S]], propagateNan = all : f64
  %2 = tt.clampf %s, %s, %s, propagateNan = all : f64
  // CHECK: tt.precise_sqrt %[[X]] : tensor<64xf32>
  %3 = tt.precise_sqrt %x : tensor<64xf32>
  // CHECK: tt.precise_sqrt %[[S]] : f64
  %4 = tt.precise_sqrt %s : f64
  // CHECK: tt.precise_divf %[[X]], %[[X]] : tensor<64xf32>
  %5 = tt.precise_divf %x, %x : tensor<64xf32>
  // CHECK: tt.precise_divf %[[B]], %[[B]] : tensor<64xbf16>
  %6 = tt.precise_divf %b, %b : tensor<64xbf16>
  // CHECK: tt.mulhiui %[[I]], %[[I]] : tensor<64xi32>
  %7 = tt.mulhiui %i, %i : tensor<64xi32>
  // CHECK: tt.mulhiui %[[J]], %[[J]] : i64
  %8 = tt.mulhiui %j, %j : i64
  tt.return
}

// Tests that addptr round-trips on scalar pointers, tensors of pointers and
// pointers outside the global address space, with i32 and i64 offsets.
// CHECK-LABEL: tt.func @addptr
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[P3:[^:]+]]: !tt.ptr<f16, 3>, %[[I:[^:]+]]: i32, %[[L:[^:]+]]: i64)
tt.func @addptr(%p: !tt.ptr<f32>, %p3: !tt.ptr<f16, 3>, %i: i32, %l: i64) {
  // CHECK: %[[A:.+]] = tt.addptr %[[P]], %[[I]] : !tt.ptr<f32>, i32
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i32
  // CHECK: tt.addptr %[[A]], %[[L]] : !tt.ptr<f32>, i64
  %1 = tt.addptr %0, %l : !tt.ptr<f32>, i64
  // CHECK: tt.addptr %[[P3]], %[[I]] : !tt.ptr<f16, 3>, i32
  %2 = tt.addptr %p3, %i : !tt.ptr<f16, 3>, i32
  // CHECK: %[[R:.+]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: %[[S:.+]] = tt.splat %[[P]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: tt.addptr %[[S]], %[[R]] : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %3 = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: %[[S3:.+]] = tt.splat %[[P3]] : !tt.ptr<f16, 3> -> tensor<128x!tt.ptr<f16, 3>>
  %s3 = tt.splat %p3 : !tt.ptr<f16, 3> -> tensor<128x!tt.ptr<f16, 3>>
  // CHECK: %[[RL:.+]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
  %rl = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  // CHECK: tt.addptr %[[S3]], %[[RL]] : tensor<128x!tt.ptr<f16, 3>>, tensor<128xi64>
  %4 = tt.addptr %s3, %rl : tensor<128x!tt.ptr<f16, 3>>, tensor<128xi64>
  tt.return
}

// Tests that loads round-trip in every form: scalar and tensor pointers, with
// mask and other, every cache modifier and eviction policy, volatile.
// CHECK-LABEL: tt.func @load
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[M:[^:]+]]: i1, %[[O:[^:]+]]: f32, %[[PT:[^:]+]]: tensor<128x!tt.ptr<f16>>, %[[MT:[^:]+]]: tensor<128xi1>, %[[OT:[^:]+]]: tensor<128xf16>)
tt.func @load(%p: !tt.ptr<f32>, %m: i1, %o: f32, %pt: tensor<128x!tt.ptr<f16>>,
              %mt: tensor<128xi1>, %ot: tensor<128xf16>) {
  // CHECK: tt.load %[[P]] : !tt.ptr<f32>
  %0 = tt.load %p : !tt.ptr<f32>
  // CHECK: tt.load %[[P]], %[[M]] : !tt.ptr<f32>
  %1 = tt.load %p, %m : !tt.ptr<f32>
  // CHECK: tt.load %[[P]], %[[M]], %[[O]] : !tt.ptr<f32>
  %2 = tt.load %p, %m, %o : !tt.ptr<f32>
  // CHECK: tt.load %[[PT]] : tensor<128x!tt.ptr<f16>>
  %3 = tt.load %pt : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.load %[[PT]], %[[MT]] : tensor<128x!tt.ptr<f16>>
  %4 = tt.load %pt, %mt : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.load %[[PT]], %[[MT]], %[[OT]] : tensor<128x!tt.ptr<f16>>
  %5 = tt.load %pt, %mt, %ot : tensor<128x!tt.ptr<f16>>
  // The default cache modifier and eviction policy are not printed.
  // CHECK: tt.load %[[P]] : !tt.ptr<f32>
  %6 = tt.load %p cacheModifier = none evictionPolicy = evict_normal : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = ca : !tt.ptr<f32>
  %7 = tt.load %p cacheModifier = ca : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = cg : !tt.ptr<f32>
  %8 = tt.load %p cacheModifier = cg : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = wb : !tt.ptr<f32>
  %9 = tt.load %p cacheModifier = wb : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = cs : !tt.ptr<f32>
  %10 = tt.load %p cacheModifier = cs : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = wt : !tt.ptr<f32>
  %11 = tt.load %p cacheModifier = wt : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] cacheModifier = cv : !tt.ptr<f32>
  %12 = tt.load %p cacheModifier = cv : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] evictionPolicy = evict_first : !tt.ptr<f32>
  %13 = tt.load %p evictionPolicy = evict_first : !tt.ptr<f32>
  // CHECK: tt.load %[[P]] evictionPolicy = evict_last : !tt.ptr<f32>
  %14 = tt.load %p evictionPolicy = evict_last : !tt.ptr<f32>
  // The two optional keywords may come in either order.
  // CHECK: tt.load %[[PT]], %[[MT]], %[[OT]] cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f16>>
  %15 = tt.load %pt, %mt, %ot evictionPolicy = evict_last cacheModifier = cg : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.load %[[P]] {isVolatile = true} : !tt.ptr<f32>
  %16 = tt.load %p {isVolatile = true} : !tt.ptr<f32>
  // CHECK: tt.load %[[PT]], %[[MT]] cacheModifier = cv {isVolatile = true} : tensor<128x!tt.ptr<f16>>
  %17 = tt.load %pt, %mt cacheModifier = cv {isVolatile = true} : tensor<128x!tt.ptr<f16>>
  tt.return
}

// Tests that stores round-trip: scalar and tensor pointers, with and without
// mask, every cache modifier and eviction policy.
// CHECK-LABEL: tt.func @store
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[V:[^:]+]]: f32, %[[M:[^:]+]]: i1, %[[PT:[^:]+]]: tensor<128x!tt.ptr<f16>>, %[[VT:[^:]+]]: tensor<128xf16>, %[[MT:[^:]+]]: tensor<128xi1>)
tt.func @store(%p: !tt.ptr<f32>, %v: f32, %m: i1, %pt: tensor<128x!tt.ptr<f16>>,
               %vt: tensor<128xf16>, %mt: tensor<128xi1>) {
  // CHECK: tt.store %[[P]], %[[V]] : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]], %[[M]] : !tt.ptr<f32>
  tt.store %p, %v, %m : !tt.ptr<f32>
  // CHECK: tt.store %[[PT]], %[[VT]] : tensor<128x!tt.ptr<f16>>
  tt.store %pt, %vt : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.store %[[PT]], %[[VT]], %[[MT]] : tensor<128x!tt.ptr<f16>>
  tt.store %pt, %vt, %mt : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.store %[[P]], %[[V]] : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = none evictionPolicy = evict_normal : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = ca : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = ca : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = cg : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = cg : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = wb : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = wb : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = cs : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = cs : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = wt : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = wt : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] cacheModifier = cv : !tt.ptr<f32>
  tt.store %p, %v cacheModifier = cv : !tt.ptr<f32>
  // CHECK: tt.store %[[P]], %[[V]] evictionPolicy = evict_first : !tt.ptr<f32>
  tt.store %p, %v evictionPolicy = evict_first : !tt.ptr<f32>
  // CHECK: tt.store %[[PT]], %[[VT]], %[[MT]] cacheModifier = cs evictionPolicy = evict_last : tensor<128x!tt.ptr<f16>>
  tt.store %pt, %vt, %mt evictionPolicy = evict_last cacheModifier = cs : tensor<128x!tt.ptr<f16>>
  tt.return
}

// Tests that block pointers round-trip: make_tensor_ptr, advance, and loads
// and stores through them with boundary checks and padding.
// CHECK-LABEL: tt.func @block_pointers
// CHECK-SAME: (%[[BASE:[^:]+]]: !tt.ptr<f16>, %[[M:[^:]+]]: i64, %[[N:[^:]+]]: i64, %[[S:[^:]+]]: i64, %[[O:[^:]+]]: i32, %[[B3:[^:]+]]: !tt.ptr<bf16, 3>)
tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %n: i64, %s: i64, %o: i32,
                        %b3: !tt.ptr<bf16, 3>) {
  // CHECK: %[[BP:.+]] = tt.make_tensor_ptr %[[BASE]], [%[[M]], %[[N]]], [%[[S]], %[[S]]], [%[[O]], %[[O]]] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
  %bp = tt.make_tensor_ptr %base, [%m, %n], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
  // The fully qualified result type is accepted too.
  // CHECK: tt.make_tensor_ptr %[[BASE]], [%[[M]]], [%[[S]]], [%[[O]]] {order = array<i32: 0>} : <tensor<128xf16>>
  %bp1 = tt.make_tensor_ptr %base, [%m], [%s], [%o] {order = array<i32: 0>} : !tt.ptr<tensor<128xf16>>
  // CHECK: %[[BP3:.+]] = tt.make_tensor_ptr %[[B3]], [%[[M]], %[[N]], %[[N]]], [%[[S]], %[[S]], %[[S]]], [%[[O]], %[[O]], %[[O]]] {order = array<i32: 2, 0, 1>} : <tensor<2x16x32xbf16>, 3>
  %bp3 = tt.make_tensor_ptr %b3, [%m, %n, %n], [%s, %s, %s], [%o, %o, %o] {order = array<i32: 2, 0, 1>} : <tensor<2x16x32xbf16>, 3>
  // CHECK: %[[ADV:.+]] = tt.advance %[[BP]], [%[[O]], %[[O]]] : <tensor<64x64xf16>>
  %adv = tt.advance %bp, [%o, %o] : <tensor<64x64xf16>>
  // CHECK: tt.advance %[[BP3]], [%[[O]], %[[O]], %[[O]]] : <tensor<2x16x32xbf16>, 3>
  %adv3 = tt.advance %bp3, [%o, %o, %o] : !tt.ptr<tensor<2x16x32xbf16>, 3>
  // CHECK: %[[V:.+]] = tt.load %[[ADV]] : !tt.ptr<tensor<64x64xf16>>
  %v = tt.load %adv : !tt.ptr<tensor<64x64xf16>>
  // CHECK: tt.load %[[ADV]] cacheModifier = cg evictionPolicy = evict_first {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
  %v1 = tt.load %adv cacheModifier = cg evictionPolicy = evict_first {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
  // CHECK: tt.load %[[BP3]] {boundaryCheck = array<i32: 2>, isVolatile = true, padding = 2 : i32} : !tt.ptr<tensor<2x16x32xbf16>, 3>
  %v3 = tt.load %bp3 {boundaryCheck = array<i32: 2>, isVolatile = true, padding = 2 : i32} : !tt.ptr<tensor<2x16x32xbf16>, 3>
  // CHECK: tt.store %[[ADV]], %[[V]] : !tt.ptr<tensor<64x64xf16>>
  tt.store %adv, %v : !tt.ptr<tensor<64x64xf16>>
  // CHECK: tt.store %[[ADV]], %[[V]] cacheModifier = wb {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x64xf16>>
  tt.store %adv, %v cacheModifier = wb {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x64xf16>>
  tt.return
}

// Tests that atomic_rmw round-trips with every read-modify-write kind, memory
// semantics and scope, with and without a mask, and so does atomic_cas.
// CHECK-LABEL: tt.func @atomics
// CHECK-SAME: (%[[P:[^:]+]]: !tt.ptr<i32>, %[[V:[^:]+]]: i32, %[[M:[^:]+]]: i1, %[[PT:[^:]+]]: tensor<256x!tt.ptr<f32>>, %[[VT:[^:]+]]: tensor<256xf32>, %[[MT:[^:]+]]: tensor<256xi1>, %[[PH:[^:]+]]: !tt.ptr<f16>, %[[VH:[^:]+]]: f16)
tt.func @atomics(%p: !tt.ptr<i32>, %v: i32, %m: i1, %pt: tensor<256x!tt.ptr<f32>>,
                 %vt: tensor<256xf32>, %mt: tensor<256xi1>, %ph: !tt.ptr<f16>, %vh: f16) {
  // CHECK: tt.atomic_rmw and, relaxed, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw or, acquire, cta, %[[P]], %[[V]], %[[M]] : (!tt.ptr<i32>, i32, i1) -> i32
  %1 = tt.atomic_rmw or, acquire, cta, %p, %v, %m : (!tt.ptr<i32>, i32, i1) -> i32
  // CHECK: tt.atomic_rmw xor, release, sys, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_rmw xor, release, sys, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw add, acq_rel, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %3 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %[[PT]], %[[VT]], %[[MT]] : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  %4 = tt.atomic_rmw fadd, acq_rel, gpu, %pt, %vt, %mt : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  // CHECK: tt.atomic_rmw fadd, relaxed, cta, %[[PH]], %[[VH]] : (!tt.ptr<f16>, f16) -> f16
  %5 = tt.atomic_rmw fadd, relaxed, cta, %ph, %vh : (!tt.ptr<f16>, f16) -> f16
  // CHECK: tt.atomic_rmw max, relaxed, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %6 = tt.atomic_rmw max, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw min, relaxed, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %7 = tt.atomic_rmw min, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw umax, relaxed, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %8 = tt.atomic_rmw umax, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw umin, relaxed, gpu, %[[P]], %[[V]] : (!tt.ptr<i32>, i32) -> i32
  %9 = tt.atomic_rmw umin, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw exch, acq_rel, sys, %[[PT]], %[[VT]], %[[MT]] : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  %10 = tt.atomic_rmw exch, acq_rel, sys, %pt, %vt, %mt : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  // CHECK: tt.atomic_cas acq_rel, gpu, %[[P]], %[[V]], %[[V]] : (!tt.ptr<i32>, i32, i32) -> i32
  %11 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
  // CHECK: tt.atomic_cas relaxed, cta, %[[PT]], %[[VT]], %[[VT]] : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  %12 = tt.atomic_cas relaxed, cta, %pt, %vt, %vt : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  // CHECK: tt.atomic_cas acquire, sys, %[[PH]], %[[VH]], %[[VH]] : (!tt.ptr<f16>, f16, f16) -> f16
  %13 = tt.atomic_cas acquire, sys, %ph, %vh, %vh : (!tt.ptr<f16>, f16, f16) -> f16
  // CHECK: tt.atomic_cas release, gpu, %[[P]], %[[V]], %[[V]] : (!tt.ptr<i32>, i32, i32) -> i32
  %14 = tt.atomic_cas release, gpu, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// Tests that the shape operations round-trip: splat, unsplat, expand_dims,
// broadcast, reshape with its two flags, cat, join, split and trans.
// CHECK-LABEL: tt.func @shapes
// CHECK-SAME: (%[[X:[^:]+]]: f32, %[[P:[^:]+]]: !tt.ptr<f32>, %[[T:[^:]+]]: tensor<32xf32>, %[[U:[^:]+]]: tensor<1x1xi64>, %[[M:[^:]+]]: tensor<16x32x64xf16>)
tt.func @shapes(%x: f32, %p: !tt.ptr<f32>, %t: tensor<32xf32>, %u: tensor<1x1xi64>,
                %m: tensor<16x32x64xf16>) {
  // CHECK: tt.splat %[[X]] : f32 -> tensor<32xf32>
  %0 = tt.splat %x : f32 -> tensor<32xf32>
  // CHECK: tt.splat %[[P]] : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  %1 = tt.splat %p : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  // CHECK: tt.unsplat %[[U]] : tensor<1x1xi64>
  %2 = tt.unsplat %u : tensor<1x1xi64>
  // CHECK: %[[E0:.+]] = tt.expand_dims %[[T]] {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %3 = tt.expand_dims %t {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  // CHECK: %[[E1:.+]] = tt.expand_dims %[[T]] {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %4 = tt.expand_dims %t {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  // CHECK: tt.expand_dims %[[M]] {axis = 3 : i32} : tensor<16x32x64xf16> -> tensor<16x32x64x1xf16>
  %5 = tt.expand_dims %m {axis = 3 : i32} : tensor<16x32x64xf16> -> tensor<16x32x64x1xf16>
  // CHECK: tt.broadcast %[[E0]] : tensor<1x32xf32> -> tensor<64x32xf32>
  %6 = tt.broadcast %3 : tensor<1x32xf32> -> tensor<64x32xf32>
  // CHECK: tt.broadcast %[[E1]] : tensor<32x1xf32> -> tensor<32x32xf32>
  %7 = tt.broadcast %4 : tensor<32x1xf32> -> tensor<32x32xf32>
  // CHECK: tt.reshape %[[M]] : tensor<16x32x64xf16> -> tensor<512x64xf16>
  %8 = tt.reshape %m : tensor<16x32x64xf16> -> tensor<512x64xf16>
  // CHECK: tt.reshape %[[M]] allow_reorder : tensor<16x32x64xf16> -> tensor<32768xf16>
  %9 = tt.reshape %m allow_reorder : tensor<16x32x64xf16> -> tensor<32768xf16>
  // CHECK: tt.reshape %[[M]] efficient_layout : tensor<16x32x64xf16> -> tensor<16x2048xf16>
  %10 = tt.reshape %m efficient_layout : tensor<16x32x64xf16> -> tensor<16x2048xf16>
  // CHECK: tt.reshape %[[M]] allow_reorder efficient_layout : tensor<16x32x64xf16> -> tensor<8x64x64xf16>
  %11 = tt.reshape %m allow_reorder efficient_layout : tensor<16x32x64xf16> -> tensor<8x64x64xf16>
  // CHECK: tt.cat %[[T]], %[[T]] : tensor<32xf32> -> tensor<64xf32>
  %12 = tt.cat %t, %t : tensor<32xf32> -> tensor<64xf32>
  // CHECK: %[[J:.+]] = tt.join %[[T]], %[[T]] : tensor<32xf32> -> tensor<32x2xf32>
  %13 = tt.join %t, %t : tensor<32xf32> -> tensor<32x2xf32>
  // CHECK: %{{.+}}, %{{.+}} = tt.split %[[J]] : tensor<32x2xf32> -> tensor<32xf32>
  %14, %15 = tt.split %13 : tensor<32x2xf32> -> tensor<32xf32>
  // CHECK: tt.trans %[[M]] {order = array<i32: 2, 0, 1>} : tensor<16x32x64xf16> -> tensor<64x16x32xf16>
  %16 = tt.trans %m {order = array<i32: 2, 0, 1>} : tensor<16x32x64xf16> -> tensor<64x16x32xf16>
  // CHECK: tt.trans %[[E1]] {order = array<i32: 1, 0>} : tensor<32x1xf32> -> tensor<1x32xf32>
  %17 = tt.trans %4 {order = array<i32: 1, 0>} : tensor<32x1xf32> -> tensor<1x32xf32>
  // Rank-0 tensors join into and split out of a tensor of two elements.
  // CHECK: %[[J0:.+]] = tt.join %[[X0:.+]], %[[X0]] : tensor<f32> -> tensor<2xf32>
  %x0 = tt.splat %x : f32 -> tensor<f32>
  %18 = tt.join %x0, %x0 : tensor<f32> -> tensor<2xf32>
  // CHECK: tt.split %[[J0]] : tensor<2xf32> -> tensor<f32>
  %19, %20 = tt.split %18 : tensor<2xf32> -> tensor<f32>
  tt.return
}

// Tests that the program id and count round-trip along the three grid axes.
// CHECK-LABEL: tt.func @programs
tt.func @programs() {
  // CHECK: tt.get_program_id x : i32
  %0 = tt.get_program_id x : i32
  // CHECK: tt.get_program_id y : i32
  %1 = tt.get_program_id y : i32
  // CHECK: tt.get_program_id z : i32
  %2 = tt.get_program_id z : i32
  // CHECK: tt.get_num_programs x : i32
  %3 = tt.get_num_programs x : i32
  // CHECK: tt.get_num_programs y : i32
  %4 = tt.get_num_programs y : i32
  // CHECK: tt.get_num_programs z : i32
  %5 = tt.get_num_programs z : i32
  tt.return
}

// Tests that make_range, histogram (with and without a mask) and gather (with
// and without efficient_layout) round-trip.
// CHECK-LABEL: tt.func @ranges_histograms_gathers
// CHECK-SAME: (%[[X:[^:]+]]: tensor<1024xi32>, %[[M:[^:]+]]: tensor<1024xi1>, %[[S:[^:]+]]: tensor<128x4xf32>, %[[I:[^:]+]]: tensor<64x4xi32>)
tt.func @ranges_histograms_gathers(%x: tensor<1024xi32>, %m: tensor<1024xi1>,
                                   %src: tensor<128x4xf32>, %idx: tensor<64x4xi32>) {
  // CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tt.make_range {end = 80 : i32, start = 16 : i32} : tensor<64xi32>
  %1 = tt.make_range {start = 16 : i32, end = 80 : i32} : tensor<64xi32>
  // CHECK: tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>
  %2 = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>
  // CHECK: tt.histogram %[[X]] : tensor<1024xi32> -> tensor<64xi32>
  %3 = tt.histogram %x : tensor<1024xi32> -> tensor<64xi32>
  // CHECK: tt.histogram %[[X]], %[[M]] : tensor<1024xi32> -> tensor<16xi64>
  %4 = tt.histogram %x, %m : tensor<1024xi32> -> tensor<16xi64>
  // CHECK: tt.gather %[[S]][%[[I]]] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
  %5 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
  // CHECK: tt.gather %[[S]][%[[I]]] {axis = 0 : i32, efficient_layout} : (tensor<128x4xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
  %6 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x4xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
  // CHECK: tt.gather %[[S]][%{{.+}}] {axis = 1 : i32} : (tensor<128x4xf32>, tensor<128x16xi64>) -> tensor<128x16xf32>
  %i64 = arith.constant dense<0> : tensor<128x16xi64>
  %7 = tt.gather %src[%i64] {axis = 1 : i32} : (tensor<128x4xf32>, tensor<128x16xi64>) -> tensor<128x16xf32>
  tt.return
}

// Tests that dot round-trips with every input precision, maxNumImpreciseAcc,
// integer and fp8 operands, and a leading batch dimension.
// CHECK-LABEL: tt.func @dot
// CHECK-SAME: (%[[A:[^:]+]]: tensor<128x64xf16>, %[[B:[^:]+]]: tensor<64x128xf16>, %[[C:[^:]+]]: tensor<128x128xf32>, %[[A8:[^:]+]]: tensor<128x64xi8>, %[[B8:[^:]+]]: tensor<64x128xi8>, %[[C8:[^:]+]]: tensor<128x128xi32>, %[[AF8:[^:]+]]: tensor<128x64xf8E4M3FN>, %[[BF8:[^:]+]]: tensor<64x128xf8E5M2>, %[[A3:[^:]+]]: tensor<2x16x32xf32>, %[[B3:[^:]+]]: tensor<2x32x16xf32>, %[[C3:[^:]+]]: tensor<2x16x16xf32>)
tt.func @dot(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>,
             %a8: tensor<128x64xi8>, %b8: tensor<64x128xi8>, %c8: tensor<128x128xi32>,
             %af8: tensor<128x64xf8E4M3FN>, %bf8: tensor<64x128xf8E5M2>,
             %a3: tensor<2x16x32xf32>, %b3: tensor<2x32x16xf32>, %c3: tensor<2x16x16xf32>) {
  // The default precision, ieee, is not printed.
  // CHECK: tt.dot %[[A]], %[[B]], %[[C]] : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %0 = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot %[[A]], %[[B]], %[[C]] : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %1 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %2 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot %[[A3]], %[[B3]], %[[C3]], inputPrecision = tf32x3 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  %3 = tt.dot %a3, %b3, %c3, inputPrecision = tf32x3 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  // CHECK: tt.dot %[[A3]], %[[B3]], %[[C3]], inputPrecision = bf16x3 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  %4 = tt.dot %a3, %b3, %c3, inputPrecision = bf16x3 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  // CHECK: tt.dot %[[A3]], %[[B3]], %[[C3]], inputPrecision = bf16x6 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  %5 = tt.dot %a3, %b3, %c3, inputPrecision = bf16x6 : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  // CHECK: tt.dot %[[A8]], %[[B8]], %[[C8]] : tensor<128x64xi8> * tensor<64x128xi8> -> tensor<128x128xi32>
  %6 = tt.dot %a8, %b8, %c8 : tensor<128x64xi8> * tensor<64x128xi8> -> tensor<128x128xi32>
  // CHECK: tt.dot %[[AF8]], %[[BF8]], %[[C]] {maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>
  %7 = tt.dot %af8, %bf8, %c {maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>
  // CHECK: tt.dot %[[AF8]], %[[BF8]], %[[C]], inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>
  %8 = tt.dot %af8, %bf8, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>
  tt.return
}

// Tests that dot_scaled round-trips with every scaled element type, with and
// without scales, and with fp4 operands packed along M or N instead of K.
// CHECK-LABEL: tt.func @dot_scaled
// CHECK-SAME: (%[[A4:[^:]+]]: tensor<128x32xi8>, %[[AS:[^:]+]]: tensor<128x2xi8>, %[[BBF:[^:]+]]: tensor<64x128xbf16>, %[[C:[^:]+]]: tensor<128x128xf32>, %[[A8:[^:]+]]: tensor<128x64xf8E4M3FN>, %[[B8:[^:]+]]: tensor<64x128xf8E5M2>, %[[BS:[^:]+]]: tensor<128x2xi8>, %[[A6:[^:]+]]: tensor<128x64xi8>, %[[B6:[^:]+]]: tensor<64x128xi8>, %[[BH:[^:]+]]: tensor<64x128xf16>, %[[AM:[^:]+]]: tensor<64x64xi8>, %[[BN:[^:]+]]: tensor<64x64xi8>)
tt.func @dot_scaled(%a4: tensor<128x32xi8>, %as: tensor<128x2xi8>, %bbf: tensor<64x128xbf16>,
                    %c: tensor<128x128xf32>, %a8: tensor<128x64xf8E4M3FN>,
                    %b8: tensor<64x128xf8E5M2>, %bs: tensor<128x2xi8>,
                    %a6: tensor<128x64xi8>, %b6: tensor<64x128xi8>, %bh: tensor<64x128xf16>,
                    %am: tensor<64x64xi8>, %bn: tensor<64x64xi8>) {
  // CHECK: tt.dot_scaled %[[A4]] scale %[[AS]], %[[BBF]], %[[C]] lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  %0 = tt.dot_scaled %a4 scale %as, %bbf, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %[[A8]] scale %[[AS]], %[[B8]] scale %[[BS]], %[[C]] lhs = e4m3 rhs = e5m2 {fastMath = true} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %a8 scale %as, %b8 scale %bs, %c lhs = e4m3 rhs = e5m2 {fastMath = true} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %[[A6]], %[[B6]] scale %[[BS]], %[[C]] lhs = e2m3 rhs = e3m2 {fastMath = false} : tensor<128x64xi8> * tensor<64x128xi8>, tensor<128x2xi8> -> tensor<128x128xf32>
  %2 = tt.dot_scaled %a6, %b6 scale %bs, %c lhs = e2m3 rhs = e3m2 {fastMath = false} : tensor<128x64xi8> * tensor<64x128xi8>, tensor<128x2xi8> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %[[A8]], %[[BH]], %[[C]] lhs = e4m3 rhs = fp16 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf16> -> tensor<128x128xf32>
  %3 = tt.dot_scaled %a8, %bh, %c lhs = e4m3 rhs = fp16 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %[[AM]] scale %[[AS]], %[[BN]], %[[C]] lhs = e2m1 rhs = e2m1 {fastMath = false, lhs_k_pack = false, rhs_k_pack = false} : tensor<64x64xi8>, tensor<128x2xi8> * tensor<64x64xi8> -> tensor<128x128xf32>
  %4 = tt.dot_scaled %am scale %as, %bn, %c lhs = e2m1 rhs = e2m1 {fastMath = false, lhs_k_pack = false, rhs_k_pack = false} : tensor<64x64xi8>, tensor<128x2xi8> * tensor<64x64xi8> -> tensor<128x128xf32>
  // The default k-packing, true, is not printed.
  // CHECK: tt.dot_scaled %[[A8]], %[[BBF]], %[[C]] lhs = e4m3 rhs = bf16 {fastMath = true} : tensor<128x64xf8E4M3FN> * tensor<64x128xbf16> -> tensor<128x128xf32>
  %5 = tt.dot_scaled %a8, %bbf, %c lhs = e4m3 rhs = bf16 {fastMath = true, lhs_k_pack = true, rhs_k_pack = true} : tensor<128x64xf8E4M3FN> * tensor<64x128xbf16> -> tensor<128x128xf32>
  tt.return
}

// Tests that the generic forms of reduce, scan and map_elementwise round-trip
// with one and several operands.
// CHECK-LABEL: tt.func @regions
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x128xf32>, %[[I:[^:]+]]: tensor<4x128xi32>, %[[V:[^:]+]]: tensor<1024xf32>)
tt.func @regions(%x: tensor<4x128xf32>, %i: tensor<4x128xi32>, %v: tensor<1024xf32>)
    -> (f32, tensor<128xf32>, tensor<128xi32>) {
  // CHECK: %[[R0:.+]] = "tt.reduce"(%[[V]]) <{axis = 0 : i32}> ({
  // CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32):
  // CHECK-NEXT: %[[S:.+]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tt.reduce.return %[[S]] : f32
  // CHECK-NEXT: }) : (tensor<1024xf32>) -> f32
  %0 = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<1024xf32>) -> f32
  // An argmax: two operands reduced together along axis 0.
  // CHECK: %[[R1:.+]]:2 = "tt.reduce"(%[[X]], %[[I]]) <{axis = 0 : i32}> ({
  // CHECK-NEXT: ^bb0(%[[V0:.+]]: f32, %[[I0:.+]]: i32, %[[V1:.+]]: f32, %[[I1:.+]]: i32):
  // CHECK: tt.reduce.return %{{.+}}, %{{.+}} : f32, i32
  // CHECK-NEXT: }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<128xf32>, tensor<128xi32>)
  %1:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %mv = arith.select %gt, %v0, %v1 : f32
    %mi = arith.select %gt, %i0, %i1 : i32
    tt.reduce.return %mv, %mi : f32, i32
  }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<128xf32>, tensor<128xi32>)
  // CHECK: "tt.scan"(%[[I]]) <{axis = 1 : i32, reverse = false}> ({
  // CHECK-NEXT: ^bb0(%[[A:.+]]: i32, %[[B:.+]]: i32):
  // CHECK-NEXT: %[[S:.+]] = arith.addi %[[A]], %[[B]] : i32
  // CHECK-NEXT: tt.scan.return %[[S]] : i32
  // CHECK-NEXT: }) : (tensor<4x128xi32>) -> tensor<4x128xi32>
  %2 = "tt.scan"(%i) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<4x128xi32>) -> tensor<4x128xi32>
  // CHECK: "tt.scan"(%[[X]], %[[I]]) <{axis = 0 : i32, reverse = true}> ({
  // CHECK-NEXT: ^bb0(%{{.+}}: f32, %{{.+}}: i32, %{{.+}}: f32, %{{.+}}: i32):
  // CHECK: tt.scan.return %{{.+}}, %{{.+}} : f32, i32
  // CHECK-NEXT: }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<4x128xf32>, tensor<4x128xi32>)
  %3:2 = "tt.scan"(%x, %i) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %sv = arith.addf %v0, %v1 : f32
    %si = arith.addi %i0, %i1 : i32
    tt.scan.return %sv, %si : f32, i32
  }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<4x128xf32>, tensor<4x128xi32>)
  // CHECK: "tt.map_elementwise"(%[[V]]) <{pack = 1 : i32}> ({
  // CHECK-NEXT: ^bb0(%[[A:.+]]: f32):
  // CHECK-NEXT: %[[N:.+]] = arith.negf %[[A]] : f32
  // CHECK-NEXT: tt.map_elementwise.return %[[N]] : f32
  // CHECK-NEXT: }) : (tensor<1024xf32>) -> tensor<1024xf32>
  %4 = "tt.map_elementwise"(%v) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    tt.map_elementwise.return %n : f32
  }) : (tensor<1024xf32>) -> tensor<1024xf32>
  // A region of several blocks, calling a function, as Triton's front end
  // makes it for a function with early returns (upstream's verifier leaves
  // the region's ops alone, calls included).
  // CHECK: "tt.map_elementwise"(%[[V]]) <{pack = 1 : i32}> ({
  // CHECK: tt.call @negate
  // CHECK: cf.cond_br
  %6 = "tt.map_elementwise"(%v) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %n = tt.call @negate(%a) : (f32) -> f32
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf olt, %a, %z : f32
    cf.cond_br %c, ^bb1(%n : f32), ^bb1(%a : f32)
  ^bb1(%r: f32):
    tt.map_elementwise.return %r : f32
  }) : (tensor<1024xf32>) -> tensor<1024xf32>
  // Two operands, two results, two elements of each at a time.
  // CHECK: "tt.map_elementwise"(%[[X]], %[[I]]) <{pack = 2 : i32}> ({
  // CHECK-NEXT: ^bb0(%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: i32, %{{.+}}: i32):
  // CHECK: tt.map_elementwise.return %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : i32, i32, f32, f32
  // CHECK-NEXT: }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<4x128xi32>, tensor<4x128xf32>)
  %5:2 = "tt.map_elementwise"(%x, %i) <{pack = 2 : i32}> ({
  ^bb0(%f0: f32, %f1: f32, %j0: i32, %j1: i32):
    %g0 = arith.fptosi %f0 : f32 to i32
    %g1 = arith.fptosi %f1 : f32 to i32
    %k0 = arith.sitofp %j0 : i32 to f32
    %k1 = arith.sitofp %j1 : i32 to f32
    tt.map_elementwise.return %g0, %g1, %k0, %k1 : i32, i32, f32, f32
  }) : (tensor<4x128xf32>, tensor<4x128xi32>) -> (tensor<4x128xi32>, tensor<4x128xf32>)
  // CHECK: tt.return %[[R0]], %[[R1]]#0, %[[R1]]#1 : f32, tensor<128xf32>, tensor<128xi32>
  tt.return %0, %1#0, %1#1 : f32, tensor<128xf32>, tensor<128xi32>
}

tt.func private @negate(%a: f32) -> f32 {
  %n = arith.negf %a : f32
  tt.return %n : f32
}

// Tests that calls into external libraries and inline assembly round-trip:
// pure and impure, several operands and results, packed elements, no operands.
// CHECK-LABEL: tt.func @external_code
// CHECK-SAME: (%[[X:[^:]+]]: tensor<64xf32>, %[[Y:[^:]+]]: tensor<64xf32>, %[[I:[^:]+]]: tensor<64xi8>, %[[S:[^:]+]]: f64)
tt.func @external_code(%x: tensor<64xf32>, %y: tensor<64xf32>, %i: tensor<64xi8>, %s: f64) {
  // CHECK: tt.extern_elementwise %[[X]] {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32>) -> tensor<64xf32>
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.extern_elementwise %[[X]], %[[Y]] {libname = "libdevice", libpath = "/lib/libdevice.10.bc", pure = false, symbol = "__nv_powf"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %1 = tt.extern_elementwise %x, %y {libname = "libdevice", libpath = "/lib/libdevice.10.bc", pure = false, symbol = "__nv_powf"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.extern_elementwise %[[S]] {libname = "", libpath = "", pure = true, symbol = "__nv_sin"} : (f64) -> f64
  %2 = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__nv_sin"} : (f64) -> f64
  // CHECK: tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $2, $1;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %[[X]] : tensor<64xf32> -> tensor<64xf16>
  %3 = tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $2, $1;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %x : tensor<64xf32> -> tensor<64xf16>
  // CHECK: tt.elementwise_inline_asm "prmt.b32 $0, $2, 0, 0x5140; prmt.b32 $1, $2, 0, 0x7362;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = true} %[[I]] : tensor<64xi8> -> tensor<64xf16>, tensor<64xf16>
  %4:2 = tt.elementwise_inline_asm "prmt.b32 $0, $2, 0, 0x5140; prmt.b32 $1, $2, 0, 0x7362;" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = true} %i : tensor<64xi8> -> tensor<64xf16>, tensor<64xf16>
  // CHECK: tt.elementwise_inline_asm "add.f32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = false} %[[X]], %[[Y]] : tensor<64xf32>, tensor<64xf32> -> tensor<64xf32>
  %5 = tt.elementwise_inline_asm "add.f32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = false} %x, %y : tensor<64xf32>, tensor<64xf32> -> tensor<64xf32>
  // CHECK: tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  %6 = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  tt.return
}

// Tests that print (no, one and several arguments, hex, signedness) and
// assert (scalars and tensors) round-trip.
// CHECK-LABEL: tt.func @debug_ops
// CHECK-SAME: (%[[X:[^:]+]]: tensor<128xi32>, %[[F:[^:]+]]: f32, %[[P:[^:]+]]: !tt.ptr<f32>, %[[C:[^:]+]]: i1, %[[CT:[^:]+]]: tensor<128xi1>)
tt.func @debug_ops(%x: tensor<128xi32>, %f: f32, %p: !tt.ptr<f32>, %c: i1, %ct: tensor<128xi1>) {
  // CHECK: tt.print "hello" {hex = false, isSigned = array<i32>}
  tt.print "hello" {hex = false, isSigned = array<i32>}
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %[[X]] : tensor<128xi32>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
  // CHECK: tt.print "" {hex = true, isSigned = array<i32: 0, 0, 0>} : %[[X]], %[[F]], %[[P]] : tensor<128xi32>, f32, !tt.ptr<f32>
  tt.print "" {hex = true, isSigned = array<i32: 0, 0, 0>} : %x, %f, %p : tensor<128xi32>, f32, !tt.ptr<f32>
  // CHECK: tt.assert %[[C]], "scalar" : i1
  tt.assert %c, "scalar" : i1
  // CHECK: tt.assert %[[CT]], "x out of range" : tensor<128xi1>
  tt.assert %ct, "x out of range" : tensor<128xi1>
  tt.return
}

// Tests that tensor descriptors round-trip: creation with both paddings, and
// loads, stores, reductions of every kind, gathers and scatters through them.
// CHECK-LABEL: tt.func @descriptors
// CHECK-SAME: (%[[BASE:[^:]+]]: !tt.ptr<f16>, %[[M:[^:]+]]: i32, %[[S:[^:]+]]: i64, %[[I:[^:]+]]: i32, %[[V:[^:]+]]: tensor<128x64xf16>, %[[D:[^:]+]]: !tt.tensordesc<tensor<128x64xf32>>, %[[VF:[^:]+]]: tensor<128x64xf32>, %[[G:[^:]+]]: !tt.tensordesc<tensor<1x128xbf16>>, %[[ROWS:[^:]+]]: tensor<32xi32>, %[[GV:[^:]+]]: tensor<32x128xbf16>, %[[R:[^:]+]]: !tt.tensordesc<tensor<1x64xi32>>)
tt.func @descriptors(%base: !tt.ptr<f16>, %m: i32, %s: i64, %i: i32, %v: tensor<128x64xf16>,
                     %d: !tt.tensordesc<tensor<128x64xf32>>, %vf: tensor<128x64xf32>,
                     %g: !tt.tensordesc<tensor<1x128xbf16>>, %rows: tensor<32xi32>,
                     %gv: tensor<32x128xbf16>, %r: !tt.tensordesc<tensor<1x64xi32>>) {
  // CHECK: %[[DESC:.+]] = tt.make_tensor_descriptor %[[BASE]], [%[[M]], %[[M]]], [%[[S]], %[[S]]] : <f16>, <tensor<128x64xf16>>
  %desc = tt.make_tensor_descriptor %base, [%m, %m], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16>>
  // CHECK: tt.make_tensor_descriptor %[[BASE]], [%[[M]], %[[M]]], [%[[S]], %[[S]]] : <f16>, <tensor<128x64xf16>>
  %desc0 = tt.make_tensor_descriptor %base, [%m, %m], [%s, %s] {padding = 1 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16>>
  // CHECK: tt.make_tensor_descriptor %[[BASE]], [%[[M]], %[[M]], %[[M]]], [%[[S]], %[[S]], %[[S]]] {padding = 2 : i32} : <f16>, <tensor<2x64x64xf16>>
  %desc1 = tt.make_tensor_descriptor %base, [%m, %m, %m], [%s, %s, %s] {padding = 2 : i32} : <f16>, <tensor<2x64x64xf16>>
  // CHECK: tt.descriptor_load %[[DESC]][%[[I]], %[[I]]] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  %0 = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  // CHECK: tt.descriptor_load %[[DESC]][%[[I]], %[[I]]] cacheModifier = cg evictionPolicy = evict_last : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  %1 = tt.descriptor_load %desc[%i, %i] evictionPolicy = evict_last cacheModifier = cg : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  // A load may drop the leading unit dimensions of the block.
  // CHECK: tt.descriptor_load %[[R]][%[[I]], %[[I]]] : !tt.tensordesc<tensor<1x64xi32>> -> tensor<64xi32>
  %2 = tt.descriptor_load %r[%i, %i] : !tt.tensordesc<tensor<1x64xi32>> -> tensor<64xi32>
  // CHECK: tt.descriptor_store %[[DESC]][%[[I]], %[[I]]], %[[V]] : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
  tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
  // CHECK: tt.descriptor_store %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_store %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_reduce add, %[[D]][%[[I]], %[[I]]], %[[VF]] : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  tt.descriptor_reduce add, %d[%i, %i], %vf : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  // CHECK: tt.descriptor_reduce min, %[[D]][%[[I]], %[[I]]], %[[VF]] : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  tt.descriptor_reduce min, %d[%i, %i], %vf : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  // CHECK: tt.descriptor_reduce max, %[[D]][%[[I]], %[[I]]], %[[VF]] : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  tt.descriptor_reduce max, %d[%i, %i], %vf : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
  // CHECK: tt.descriptor_reduce inc, %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_reduce inc, %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_reduce dec, %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_reduce dec, %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_reduce and, %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_reduce and, %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_reduce or, %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_reduce or, %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_reduce xor, %[[R]][%[[I]], %[[I]]], %{{.+}} : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  tt.descriptor_reduce xor, %r[%i, %i], %2 : !tt.tensordesc<tensor<1x64xi32>>, tensor<64xi32>
  // CHECK: tt.descriptor_gather %[[G]][%[[ROWS]], %[[I]]] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  %3 = tt.descriptor_gather %g[%rows, %i] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  // CHECK: tt.descriptor_scatter %[[G]][%[[ROWS]], %[[I]]], %[[GV]] : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.descriptor_scatter %g[%rows, %i], %gv : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// Tests that a function declaration (no body) round-trips.
// CHECK-LABEL: tt.func private @declaration(!tt.ptr<f32>, i32) -> f32
tt.func private @declaration(!tt.ptr<f32>, i32) -> f32

// Tests that a private function with several results and noinline = true
// round-trips.
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%[[X:[^:]+]]: f32, %[[Y:[^:]+]]: i32) -> (f32, i32) attributes {noinline = true}
tt.func private @helper(%x: f32, %y: i32) -> (f32, i32) attributes {noinline = true} {
  // CHECK: tt.return %[[X]], %[[Y]] : f32, i32
  tt.return %x, %y : f32, i32
}

// Tests that a return without operands prints bare.
// CHECK-LABEL: tt.func @no_results
tt.func @no_results() {
  // CHECK: tt.return{{$}}
  tt.return
}

// Tests that a public kernel with Triton's argument hints, noinline = false
// and calls with and without results round-trips.
// CHECK-LABEL: tt.func public @kernel
// CHECK-SAME: (%[[A:[^:]+]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %[[N:[^:]+]]: i32 {tt.divisibility = 16 : i32, tt.max_divisibility = 8 : i32}, %[[R:[^:]+]]: tensor<128xi32> {tt.constancy = 128 : i32, tt.contiguity = 1 : i32}, %[[D:[^:]+]]: !tt.ptr<i8> {tt.nv_tma_desc = 1 : i32})
// CHECK-SAME: attributes {noinline = false}
tt.func public @kernel(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                       %n: i32 {tt.divisibility = 16 : i32, tt.max_divisibility = 8 : i32},
                       %r: tensor<128xi32> {tt.contiguity = 1 : i32, tt.constancy = 128 : i32},
                       %d: !tt.ptr<i8> {tt.nv_tma_desc = 1 : i32}) attributes {noinline = false} {
  // CHECK: %[[V:.+]] = tt.call @declaration(%[[A]], %[[N]]) : (!tt.ptr<f32>, i32) -> f32
  %v = tt.call @declaration(%a, %n) : (!tt.ptr<f32>, i32) -> f32
  // CHECK: %[[H:.+]]:2 = tt.call @helper(%[[V]], %[[N]]) : (f32, i32) -> (f32, i32)
  %h:2 = tt.call @helper(%v, %n) : (f32, i32) -> (f32, i32)
  // CHECK: tt.call @no_results() : () -> ()
  tt.call @no_results() : () -> ()
  // CHECK: tt.store %[[A]], %[[H]]#0 : !tt.ptr<f32>
  tt.store %a, %h#0 : !tt.ptr<f32>
  // CHECK: tt.call @with_result_attrs(%[[A]]) {arg_attrs = [{tt.divisibility = 16 : i32}], res_attrs = [{tt.contiguity = 4 : i32}]} : (!tt.ptr<f32>) -> !tt.ptr<f32>
  %w = tt.call @with_result_attrs(%a) {arg_attrs = [{tt.divisibility = 16 : i32}], res_attrs = [{tt.contiguity = 4 : i32}]} : (!tt.ptr<f32>) -> !tt.ptr<f32>
  tt.return
}

// Tests that attributes on function results round-trip.
// CHECK-LABEL: tt.func private @with_result_attrs
// CHECK-SAME: (%{{.+}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> (!tt.ptr<f32> {tt.contiguity = 4 : i32})
tt.func private @with_result_attrs(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32})
    -> (!tt.ptr<f32> {tt.contiguity = 4 : i32}) {
  tt.return %p : !tt.ptr<f32>
}

// Tests that the loop attributes Triton puts on scf.for round-trip.
// CHECK-LABEL: tt.func @loop_attributes
// CHECK-SAME: (%[[LB:[^:]+]]: i32, %[[UB:[^:]+]]: i32, %[[P:[^:]+]]: !tt.ptr<f32>, %[[V:[^:]+]]: f32)
tt.func @loop_attributes(%lb: i32, %ub: i32, %p: !tt.ptr<f32>, %v: f32) {
  // CHECK: scf.for %{{.+}} = %[[LB]] to %[[UB]] step %[[LB]] : i32 {
  // CHECK: } {tt.disallow_acc_multi_buffer, tt.flatten, tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32, tt.warp_specialize}
  scf.for %iv = %lb to %ub step %lb : i32 {
    tt.store %p, %v : !tt.ptr<f32>
  } {tt.num_stages = 3 : i32, tt.loop_unroll_factor = 2 : i32, tt.flatten, tt.warp_specialize, tt.disallow_acc_multi_buffer}
  // CHECK: scf.for
  // CHECK: } {tt.scheduled_max_stage = 1 : i32}
  scf.for %iv = %lb to %ub step %lb : i32 {
    tt.store %p, %v {loop.cluster = 0 : i32, loop.stage = 1 : i32} : !tt.ptr<f32>
  } {tt.scheduled_max_stage = 1 : i32}
  tt.return
}

// Tests that named and call-site locations are kept through a round trip.
// CHECK-LABEL: tt.func public @locations
// LOC-LABEL: tt.func public @locations
// LOC-SAME: %{{.+}}: !tt.ptr<f32> loc("x_ptr"("kernels.py":10:0))
// LOC: tt.get_program_id x : i32 loc(callsite("standard.py":43:17 at "kernels.py":12:8))
// LOC: tt.get_program_id y : i32 loc("acc"(callsite("standard.py":43:17 at "kernels.py":12:8)))
// LOC: tt.return loc("kernels.py":13:4)
// LOC: } loc("kernels.py":10:0)
tt.func public @locations(%x_ptr: !tt.ptr<f32> loc(#loc_ptr)) {
  // CHECK: tt.get_program_id x : i32
  %0 = tt.get_program_id x : i32 loc(#loc_site)
  // CHECK: tt.get_program_id y : i32
  %1 = tt.get_program_id y : i32 loc(#loc_named_site)
  tt.return loc("kernels.py":13:4)
} loc(#loc)

}
