// RUN: triton-opt %s -split-input-file -triton-combine | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-combine -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// Tests that an addition to a dot with a zero accumulator becomes the dot's
// accumulator, with the dot on either side of the addition and for floats
// and integers; the dot moves to the addition and keeps its location.
// CHECK-LABEL: tt.func @dot_add
// LOC-LABEL: tt.func @dot_add
// LOC: tt.dot {{.+}} loc("dot0")
// CHECK-SAME: (%[[A:.+]]: tensor<64x32xf16>, %[[B:.+]]: tensor<32x64xf16>, %[[ACC:.+]]: tensor<64x64xf32>, %[[IA:.+]]: tensor<64x32xi8>, %[[IB:.+]]: tensor<32x64xi8>, %[[IACC:.+]]: tensor<64x64xi32>)
tt.func @dot_add(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %acc: tensor<64x64xf32>,
                 %ia: tensor<64x32xi8>, %ib: tensor<32x64xi8>, %iacc: tensor<64x64xi32>)
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %izero = arith.constant dense<0> : tensor<64x64xi32>
  // CHECK-NOT: arith.addf
  // CHECK: %[[D0:.+]] = tt.dot %[[A]], %[[B]], %[[ACC]] : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %d0 = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32> loc("dot0")
  %r0 = arith.addf %d0, %acc : tensor<64x64xf32> loc("add0")
  // CHECK: %[[D1:.+]] = tt.dot %[[A]], %[[B]], %[[ACC]], inputPrecision = tf32
  %d1 = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %r1 = arith.addf %acc, %d1 : tensor<64x64xf32>
  // CHECK: %[[D2:.+]] = tt.dot %[[IA]], %[[IB]], %[[IACC]] : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xi32>
  %d2 = tt.dot %ia, %ib, %izero : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xi32>
  %r2 = arith.addi %iacc, %d2 : tensor<64x64xi32>
  // CHECK: tt.return %[[D0]], %[[D1]], %[[D2]]
  tt.return %r0, %r1, %r2 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi32>
}

// -----

// Tests that the accumulator is only replaced when it is zero, the dot has
// no other use, and (for float additions) the dot accumulates precisely.
// CHECK-LABEL: tt.func @dot_add_negative
tt.func @dot_add_negative(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %acc: tensor<64x64xf32>,
                          %fa: tensor<64x32xf8E4M3FN>, %fb: tensor<32x64xf8E4M3FN>)
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<64x64xf32>
  // CHECK: %[[D0:.+]] = tt.dot %{{.+}}, %{{.+}}, %cst_0
  // CHECK: arith.addf %[[D0]], %{{.+}}
  %d0 = tt.dot %a, %b, %one : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %r0 = arith.addf %d0, %acc : tensor<64x64xf32>
  // CHECK: %[[D1:.+]] = tt.dot %{{.+}}, %{{.+}}, %cst :
  // CHECK: arith.addf %[[D1]], %{{.+}}
  %d1 = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %r1 = arith.addf %d1, %acc : tensor<64x64xf32>
  // CHECK: %[[D2:.+]] = tt.dot %{{.+}}, %{{.+}}, %cst {maxNumImpreciseAcc = 32 : i32}
  // CHECK: arith.addf %[[D2]], %{{.+}}
  %d2 = tt.dot %fa, %fb, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf8E4M3FN> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
  %r2 = arith.addf %d2, %acc : tensor<64x64xf32>
  tt.return %r0, %r1, %d1, %r2 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// Tests that nested addptrs merge when their 64-bit offsets can be added,
// and when constant 32-bit offsets add without overflow; the merged addptr
// keeps the outer one's axis hints, and takes both locations, fused.
// CHECK-LABEL: tt.func @addptr_chain
// LOC-LABEL: tt.func @addptr_chain
// LOC: arith.addi %arg1, %arg2 : tensor<128xi64> loc(fused["outer", "inner"])
// LOC: tt.addptr {{.+}} loc(fused["outer", "inner"])
// CHECK: %[[C12:.+]] = arith.constant dense<12> : tensor<128xi32>
tt.func @addptr_chain(%p: !tt.ptr<f32>, %x: tensor<128xi64>, %y: tensor<128xi64>) -> (tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>) {
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: %[[SUM:.+]] = arith.addi %arg1, %arg2 : tensor<128xi64>
  // CHECK: %[[P0:.+]] = tt.addptr %[[BASE:.+]], %[[SUM]] {tt.divisibility = dense<16> : tensor<1xi32>}
  %p0 = tt.addptr %base, %x : tensor<128x!tt.ptr<f32>>, tensor<128xi64> loc("inner")
  %p1 = tt.addptr %p0, %y {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<128x!tt.ptr<f32>>, tensor<128xi64> loc("outer")
  %c4 = arith.constant dense<4> : tensor<128xi32>
  %c8 = arith.constant dense<8> : tensor<128xi32>
  // CHECK: %[[P1:.+]] = tt.addptr %[[BASE]], %[[C12]]
  %q0 = tt.addptr %base, %c4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %q1 = tt.addptr %q0, %c8 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: tt.return %[[P0]], %[[P1]]
  tt.return %p1, %q1 : tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>
}

// -----

// Tests that addptrs stay apart when 32-bit offsets are not constants, when
// their constant sum would overflow, and when the offset types differ.
// CHECK-LABEL: tt.func @addptr_chain_negative
// CHECK-DAG: %[[ONE:.+]] = arith.constant dense<1> : tensor<128xi32>
// CHECK-DAG: %[[BIG:.+]] = arith.constant dense<2147483647> : tensor<128xi32>
tt.func @addptr_chain_negative(%p: !tt.ptr<f32>, %x: tensor<128xi32>, %y: tensor<128xi32>, %z: tensor<128xi64>)
    -> (tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>) {
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK-NOT: arith.addi
  // CHECK: %[[A0:.+]] = tt.addptr %{{.+}}, %arg1
  // CHECK: tt.addptr %[[A0]], %arg2
  %a0 = tt.addptr %base, %x : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a1 = tt.addptr %a0, %y : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %big = arith.constant dense<2147483647> : tensor<128xi32>
  %one = arith.constant dense<1> : tensor<128xi32>
  // CHECK: %[[B0:.+]] = tt.addptr %{{.+}}, %[[BIG]]
  // CHECK: tt.addptr %[[B0]], %[[ONE]]
  %b0 = tt.addptr %base, %big : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %b1 = tt.addptr %b0, %one : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK: %[[C0:.+]] = tt.addptr %{{.+}}, %arg1
  // CHECK: tt.addptr %[[C0]], %arg3
  %c0 = tt.addptr %base, %x : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %c1 = tt.addptr %c0, %z : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
  // CHECK-NOT: arith.addi
  tt.return %a1, %b1, %c1 : tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>
}

// -----

// Tests that a select on the condition of a load's splat mask becomes the
// load's `other`, keeping the load's cache and eviction policy.
// CHECK-LABEL: tt.func @select_masked_load
tt.func @select_masked_load(%p: tensor<128x!tt.ptr<f32>>, %c: i1, %o: tensor<128xf32>) -> tensor<128xf32> {
  %m = tt.splat %c : i1 -> tensor<128xi1>
  // CHECK: %[[M:.+]] = tt.splat %arg1
  // CHECK-NEXT: %[[L:.+]] = tt.load %arg0, %[[M]], %arg2 cacheModifier = ca : tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return %[[L]]
  %l = tt.load %p, %m cacheModifier = ca : tensor<128x!tt.ptr<f32>>
  %s = arith.select %c, %l, %o : tensor<128xf32>
  tt.return %s : tensor<128xf32>
}

// -----

// Tests that the select stays when its condition is not the one the load's
// mask splats, or the mask is not a splat.
// CHECK-LABEL: tt.func @select_masked_load_negative
tt.func @select_masked_load_negative(%p: tensor<128x!tt.ptr<f32>>, %c: i1, %d: i1, %mt: tensor<128xi1>, %o: tensor<128xf32>)
    -> (tensor<128xf32>, tensor<128xf32>) {
  %m = tt.splat %c : i1 -> tensor<128xi1>
  // CHECK: tt.load %arg0, %{{.+}} :
  // CHECK: arith.select %arg2
  %l0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  %s0 = arith.select %d, %l0, %o : tensor<128xf32>
  // CHECK: tt.load %arg0, %arg3 :
  // CHECK: arith.select %arg3
  %l1 = tt.load %p, %mt : tensor<128x!tt.ptr<f32>>
  %s1 = arith.select %mt, %l1, %o : tensor<128xi1>, tensor<128xf32>
  tt.return %s0, %s1 : tensor<128xf32>, tensor<128xf32>
}

// -----

// Tests that a sum over the middle axis of a product of an MxK tensor
// expanded and broadcast along N and a KxN tensor expanded and broadcast
// along M becomes a TF32 dot, as upstream Triton 3.6 builds it.
// CHECK-LABEL: tt.func @broadcast_mul_reduce
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32x16xf32>, %[[Y:[^:]+]]: tensor<16x32xf32>)
tt.func @broadcast_mul_reduce(%x: tensor<32x16xf32>, %y: tensor<16x32xf32>) -> tensor<32x32xf32> {
  // The zero accumulator folds into a constant.
  // CHECK: %[[ACC:.+]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
  // CHECK-NOT: tt.reduce
  // CHECK: %[[D:.+]] = tt.dot %[[X]], %[[Y]], %[[ACC]], inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NOT: tt.reduce
  // CHECK: tt.return %[[D]]
  %ex = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %bx = tt.broadcast %ex : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %ey = tt.expand_dims %y {axis = 0 : i32} : tensor<16x32xf32> -> tensor<1x16x32xf32>
  %by = tt.broadcast %ey : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %m = arith.mulf %bx, %by : tensor<32x16x32xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  tt.return %r : tensor<32x32xf32>
}

// -----

// Tests that broadcast-multiply-reduce stays when the output is smaller than
// 16 along M, the reduction is not a sum, it runs along another axis, the
// broadcast operands do not come from expand_dims, or a broadcast also
// stretches the reduced dimension.
// CHECK-LABEL: tt.func @broadcast_mul_reduce_negative
// CHECK-NOT: tt.dot
// CHECK-COUNT-5: "tt.reduce"
tt.func @broadcast_mul_reduce_negative(%x: tensor<8x16xf32>, %y: tensor<16x32xf32>, %x2: tensor<32x16xf32>,
                                       %x3: tensor<32x16x1xf32>, %y3: tensor<1x16x32xf32>, %x4: tensor<32x1xf32>)
    -> (tensor<8x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
  %ex = tt.expand_dims %x {axis = 2 : i32} : tensor<8x16xf32> -> tensor<8x16x1xf32>
  %bx = tt.broadcast %ex : tensor<8x16x1xf32> -> tensor<8x16x32xf32>
  %ey = tt.expand_dims %y {axis = 0 : i32} : tensor<16x32xf32> -> tensor<1x16x32xf32>
  %by = tt.broadcast %ey : tensor<1x16x32xf32> -> tensor<8x16x32xf32>
  %m = arith.mulf %bx, %by : tensor<8x16x32xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x16x32xf32>) -> tensor<8x32xf32>
  %ex2 = tt.expand_dims %x2 {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %bx2 = tt.broadcast %ex2 : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %by2 = tt.broadcast %ey : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %m2 = arith.mulf %bx2, %by2 : tensor<32x16x32xf32>
  %r2 = "tt.reduce"(%m2) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  %r3 = "tt.reduce"(%m2) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x16xf32>
  %bx3 = tt.broadcast %x3 : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %by3 = tt.broadcast %y3 : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %m3 = arith.mulf %bx3, %by3 : tensor<32x16x32xf32>
  %r4 = "tt.reduce"(%m3) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  %ex4 = tt.expand_dims %x4 {axis = 2 : i32} : tensor<32x1xf32> -> tensor<32x1x1xf32>
  %bx4 = tt.broadcast %ex4 : tensor<32x1x1xf32> -> tensor<32x16x32xf32>
  %m4 = arith.mulf %bx4, %by2 : tensor<32x16x32xf32>
  %r5 = "tt.reduce"(%m4) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  tt.return %r, %r2, %r3, %r4, %r5 : tensor<8x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>, tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// Tests that a 1-D reshape only reduced or histogrammed may reorder
// elements, and that one with another user may not.
// CHECK-LABEL: tt.func @reshape_reduce
tt.func @reshape_reduce(%x: tensor<16x16xi32>) -> (i32, tensor<16xi32>, tensor<256xi32>) {
  // CHECK: tt.reshape %arg0 allow_reorder : tensor<16x16xi32> -> tensor<256xi32>
  %a = tt.reshape %x : tensor<16x16xi32> -> tensor<256xi32>
  %s = "tt.reduce"(%a) <{axis = 0 : i32}> ({
  ^bb0(%l: i32, %r: i32):
    %t = arith.addi %l, %r : i32
    tt.reduce.return %t : i32
  }) : (tensor<256xi32>) -> i32
  %h = tt.histogram %a : tensor<256xi32> -> tensor<16xi32>
  // CHECK: tt.reshape %arg0 : tensor<16x16xi32> -> tensor<256xi32>
  %b = tt.reshape %x : tensor<16x16xi32> -> tensor<256xi32>
  %u = "tt.reduce"(%b) <{axis = 0 : i32}> ({
  ^bb0(%l: i32, %r: i32):
    %t = arith.addi %l, %r : i32
    tt.reduce.return %t : i32
  }) : (tensor<256xi32>) -> i32
  tt.return %s, %h, %b : i32, tensor<16xi32>, tensor<256xi32>
}

// -----

// Tests that a reshape dropping the leading unit dimensions of a descriptor
// load it alone uses folds into the load, and that one reshaping otherwise
// does not.
// CHECK-LABEL: tt.func @rank_reduced_descriptor_load
tt.func @rank_reduced_descriptor_load(%d: !tt.tensordesc<tensor<1x1x64xf16>>, %e: !tt.tensordesc<tensor<1x8x8xf16>>, %i: i32)
    -> (tensor<64xf16>, tensor<64xf16>) {
  // CHECK: %[[A:.+]] = tt.descriptor_load %arg0[%arg2, %arg2, %arg2] : !tt.tensordesc<tensor<1x1x64xf16>> -> tensor<64xf16>
  // CHECK-NOT: tt.reshape %[[A]]
  %a = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x1x64xf16>> -> tensor<1x1x64xf16>
  %ra = tt.reshape %a : tensor<1x1x64xf16> -> tensor<64xf16>
  // CHECK: %[[B:.+]] = tt.descriptor_load %arg1[%arg2, %arg2, %arg2] : !tt.tensordesc<tensor<1x8x8xf16>> -> tensor<1x8x8xf16>
  // CHECK: tt.reshape %[[B]]
  %b = tt.descriptor_load %e[%i, %i, %i] : !tt.tensordesc<tensor<1x8x8xf16>> -> tensor<1x8x8xf16>
  %rb = tt.reshape %b : tensor<1x8x8xf16> -> tensor<64xf16>
  // CHECK: tt.return %[[A]]
  tt.return %ra, %rb : tensor<64xf16>, tensor<64xf16>
}
