tt.func @two_broadcasts(%x: tensor<8x1xf32>, %y: tensor<8x1xf32>, %p: !tt.ptr<f32>, %o: tensor<8x1xi32>) -> (tensor<8x4xf32>, tensor<8x4x!tt.ptr<f32>>, tensor<8x4xi1>) {
  %bx = tt.broadcast %x : tensor<8x1xf32> -> tensor<8x4xf32> loc("bx")
  %by = tt.broadcast %y : tensor<8x1xf32> -> tensor<8x4xf32> loc("by")
  %a = arith.addf %bx, %by : tensor<8x4xf32> loc("a")
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<8x4x!tt.ptr<f32>> loc("sp")
  %bo = tt.broadcast %o : tensor<8x1xi32> -> tensor<8x4xi32> loc("bo")
  %q = tt.addptr %sp, %bo : tensor<8x4x!tt.ptr<f32>>, tensor<8x4xi32> loc("q")
  %z = arith.constant dense<0> : tensor<8x4xi32> loc("z")
  %c = arith.cmpi slt, %bo, %z : tensor<8x4xi32> loc("c")
  tt.return %a, %q, %c : tensor<8x4xf32>, tensor<8x4x!tt.ptr<f32>>, tensor<8x4xi1>
}
tt.func @splat_select(%c: i1, %x: f32, %y: f32) -> tensor<8xf32> {
  %sc = tt.splat %c : i1 -> tensor<8xi1> loc("sc")
  %sx = tt.splat %x : f32 -> tensor<8xf32> loc("sx")
  %k = arith.constant dense<1.0> : tensor<8xf32> loc("k")
  %r = arith.select %sc, %sx, %k : tensor<8xi1>, tensor<8xf32> loc("r")
  tt.return %r : tensor<8xf32>
}
