tt.func @masks(%p: !tt.ptr<f32>, %tp: tensor<8x!tt.ptr<f32>>, %o: f32, %to: tensor<8xf32>) -> (f32, f32, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %t = arith.constant true
  %f = arith.constant false
  %tt = arith.constant dense<true> : tensor<8xi1>
  %ff = arith.constant dense<false> : tensor<8xi1>
  %a = tt.load %p, %t : !tt.ptr<f32>
  %b = tt.load %p, %f, %o : !tt.ptr<f32>
  %c = tt.load %tp, %tt, %to : tensor<8x!tt.ptr<f32>>
  %d = tt.load %tp, %ff, %to : tensor<8x!tt.ptr<f32>>
  %e = tt.load %tp, %ff, %to {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  tt.store %p, %a, %t : !tt.ptr<f32>
  tt.store %p, %a, %f : !tt.ptr<f32>
  tt.store %tp, %c, %ff : tensor<8x!tt.ptr<f32>>
  tt.return %a, %b, %c, %d, %e : f32, f32, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
// -----
tt.func @folds(%x: tensor<4x8xf32>, %i: tensor<8xi32>, %p: !tt.ptr<f32>) -> (tensor<8xf16>, tensor<8xf16>, f16, tensor<4x8xf32>, tensor<8xi32>, tensor<1xi32>, tensor<2x4xi32>, tensor<4x2xi32>, !tt.ptr<f32>, !tt.ptr<f32>, tensor<8xf32>) {
  %one = arith.constant dense<1.0> : tensor<8xf32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %s = arith.constant 2.5 : f32
  %a = tt.fp_to_fp %one, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
  %b = tt.fp_to_fp %zero, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
  %c = tt.fp_to_fp %s, rounding = rtne : f32 -> f16
  %t = tt.trans %x {order = array<i32: 0, 1>} : tensor<4x8xf32> -> tensor<4x8xf32>
  %bc = tt.bitcast %i : tensor<8xi32> -> tensor<8xi32>
  %r = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  %dense = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %rs = tt.reshape %dense : tensor<8xi32> -> tensor<2x4xi32>
  %rs2 = tt.reshape %dense allow_reorder : tensor<8xi32> -> tensor<4x2xi32>
  %c0 = arith.constant 0 : i32
  %q = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  %int = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %back = tt.int_to_ptr %int : i64 -> !tt.ptr<f32>
  %ext = tt.expand_dims %dense {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %cf = arith.constant dense<1.0> : tensor<8xf32>
  %ffp = tt.fp_to_fp %cf : tensor<8xf32> -> tensor<8xf32>
  tt.return %a, %b, %c, %t, %bc, %r, %rs, %rs2, %q, %back, %ffp : tensor<8xf16>, tensor<8xf16>, f16, tensor<4x8xf32>, tensor<8xi32>, tensor<1xi32>, tensor<2x4xi32>, tensor<4x2xi32>, !tt.ptr<f32>, !tt.ptr<f32>, tensor<8xf32>
}
// -----
tt.func @views(%x: f32, %y: tensor<1x8xf32>, %z: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<2x4xf32>, tensor<4x4x8xf32>, tensor<1x4x8xf32>, tensor<8x1xf32>, tensor<2x4xf32>) {
  %s = tt.splat %x : f32 -> tensor<1x8xf32> loc("splat")
  %b = tt.broadcast %s : tensor<1x8xf32> -> tensor<4x8xf32> loc("bcast")
  %s8 = tt.splat %x : f32 -> tensor<8xf32> loc("splat8")
  %r = tt.reshape %s8 : tensor<8xf32> -> tensor<2x4xf32> loc("reshape")
  %y1 = tt.reshape %y : tensor<1x8xf32> -> tensor<1x1x8xf32> loc("y1")
  %b1 = tt.broadcast %y1 : tensor<1x1x8xf32> -> tensor<1x4x8xf32> loc("b1")
  %b2 = tt.broadcast %b1 : tensor<1x4x8xf32> -> tensor<4x4x8xf32> loc("b2")
  %bb = tt.broadcast %y : tensor<1x8xf32> -> tensor<4x8xf32> loc("bb")
  %e = tt.expand_dims %bb {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32> loc("ed")
  %es = tt.expand_dims %s8 {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32> loc("eds")
  %r1 = tt.reshape %z : tensor<8xf32> -> tensor<8x1xf32> loc("r1")
  %r2 = tt.reshape %r1 : tensor<8x1xf32> -> tensor<2x4xf32> loc("r2")
  tt.return %b, %r, %b2, %e, %es, %r2 : tensor<4x8xf32>, tensor<2x4xf32>, tensor<4x4x8xf32>, tensor<1x4x8xf32>, tensor<8x1xf32>, tensor<2x4xf32>
}
// -----
tt.func @advance(%base: !tt.ptr<f16>, %m: i64, %i: i32) -> tensor<16xf16> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %p = tt.make_tensor_ptr %base, [%m], [%c1], [%i] {order = array<i32: 0>} : <tensor<16xf16>>
  %q = tt.advance %p, [%c0] : <tensor<16xf16>>
  %v = tt.load %q : !tt.ptr<tensor<16xf16>>
  tt.return %v : tensor<16xf16>
}
