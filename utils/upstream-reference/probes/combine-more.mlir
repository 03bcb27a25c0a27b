tt.func @select_tensor_cond(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>) -> tensor<8xf32> {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %s = arith.select %m, %l, %o : tensor<8xi1>, tensor<8xf32>
  tt.return %s : tensor<8xf32>
}
tt.func @addptr_splat_consts(%p: !tt.ptr<f32>, %a: i32) -> tensor<8x!tt.ptr<f32>> {
  %c3 = arith.constant 3 : i32
  %s3 = tt.splat %c3 : i32 -> tensor<8xi32>
  %sa = tt.splat %a : i32 -> tensor<8xi32>
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %x = tt.addptr %sp, %s3 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %y = tt.addptr %x, %s3 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %z = tt.addptr %y, %sa : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %z : tensor<8x!tt.ptr<f32>>
}
tt.func @reshape_users(%x: tensor<4x4xf32>) -> (f32, tensor<16xf32>) {
  %r = tt.reshape %x : tensor<4x4xf32> -> tensor<16xf32>
  %s = "tt.reduce"(%r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16xf32>) -> f32
  %r2 = tt.reshape %x : tensor<4x4xf32> -> tensor<2x8xf32>
  %r3 = tt.reshape %r2 : tensor<2x8xf32> -> tensor<16xf32>
  %s2 = "tt.reduce"(%r3) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16xf32>) -> f32
  %u = arith.addf %s, %s2 : f32
  tt.return %u, %r : f32, tensor<16xf32>
}
