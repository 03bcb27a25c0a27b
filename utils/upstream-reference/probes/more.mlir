tt.func @int_desc(%base: !tt.ptr<i32>, %m: i32, %i: i32) -> tensor<16xi32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m], [%c1] : !tt.ptr<i32>, !tt.tensordesc<tensor<16xi32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16xi32>> -> tensor<16xi32>
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.descriptor_reduce and, %d[%i], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return %v : tensor<16xi32>
}
// -----
tt.func @desc3d(%base: !tt.ptr<bf16>, %m: i32, %s0: i64, %s1: i64, %i: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m, %m, %m], [%s0, %s1, %c1] {padding = 2 : i32} : !tt.ptr<bf16>, !tt.tensordesc<tensor<2x4x8xbf16>>
  %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<2x4x8xbf16>> -> tensor<2x4x8xbf16>
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<tensor<2x4x8xbf16>>, tensor<2x4x8xbf16>
  tt.return
}
// -----
tt.func @desc_if(%base: !tt.ptr<f32>, %m: i32, %c: i1, %i: i32) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m], [%c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
  %e = scf.if %c -> !tt.tensordesc<tensor<16xf32>> {
    %d2 = tt.make_tensor_descriptor %base, [%i], [%c1] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16xf32>>
    scf.yield %d2 : !tt.tensordesc<tensor<16xf32>>
  } else {
    scf.yield %d : !tt.tensordesc<tensor<16xf32>>
  }
  %v = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %v : tensor<16xf32>
}
