tt.func @dot_add(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %z = arith.constant dense<0.0> : tensor<16x16xf32> loc("zero")
  %d = tt.dot %a, %b, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32> loc("dot")
  %r = arith.addf %d, %c : tensor<16x16xf32> loc("add")
  %d2 = tt.dot %a, %b, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32> loc("dot2")
  %r2 = arith.addf %c, %d2 : tensor<16x16xf32> loc("add2")
  tt.return %r, %r2 : tensor<16x16xf32>, tensor<16x16xf32>
}
tt.func @addptr(%p: !tt.ptr<f32>, %x: tensor<8xi64>, %y: tensor<8xi64>) -> tensor<8x!tt.ptr<f32>> {
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>> loc("splat")
  %a = tt.addptr %s, %x : tensor<8x!tt.ptr<f32>>, tensor<8xi64> loc("inner")
  %b = tt.addptr %a, %y {tt.divisibility = dense<16> : tensor<1xi32>, tt.foo = 1 : i32} : tensor<8x!tt.ptr<f32>>, tensor<8xi64> loc("outer")
  tt.return %b : tensor<8x!tt.ptr<f32>>
}
tt.func @select(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>) -> tensor<8xf32> {
  %m = tt.splat %c : i1 -> tensor<8xi1> loc("mask")
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>> loc("load")
  %s = arith.select %c, %l, %o : tensor<8xf32> loc("select")
  tt.return %s : tensor<8xf32>
}
tt.func @bmr(%x: tensor<32x16x1xf16>, %y: tensor<1x16x32xf16>) -> tensor<32x32xf16> {
  %bx = tt.broadcast %x : tensor<32x16x1xf16> -> tensor<32x16x32xf16>
  %by = tt.broadcast %y : tensor<1x16x32xf16> -> tensor<32x16x32xf16>
  %m = arith.mulf %bx, %by : tensor<32x16x32xf16>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f16, %b: f16):
    %s = arith.addf %a, %b : f16
    tt.reduce.return %s : f16
  }) : (tensor<32x16x32xf16>) -> tensor<32x32xf16> loc("reduce")
  tt.return %r : tensor<32x32xf16>
}
tt.func @bmr_swapped(%x: tensor<32x16x1xf32>, %y: tensor<1x16x32xf32>) -> tensor<32x32xf32> {
  %bx = tt.broadcast %x : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %by = tt.broadcast %y : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %m = arith.mulf %by, %bx : tensor<32x16x32xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  tt.return %r : tensor<32x32xf32>
}
tt.func @reorder(%x: f32, %y: tensor<8x1xf32>) -> (tensor<8xf32>, tensor<8x4xf32>) {
  %s = tt.splat %x : f32 -> tensor<8xf32> loc("s")
  %c = arith.constant dense<2.0> : tensor<8xf32> loc("c")
  %m = arith.mulf %s, %c : tensor<8xf32> loc("m")
  %b = tt.broadcast %y : tensor<8x1xf32> -> tensor<8x4xf32> loc("b")
  %c2 = arith.constant dense<3.0> : tensor<8x4xf32> loc("c2")
  %n = arith.addf %b, %c2 : tensor<8x4xf32> loc("n")
  tt.return %m, %n : tensor<8xf32>, tensor<8x4xf32>
}
