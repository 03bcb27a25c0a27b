// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// tt.dot_scaled becomes upcasts and a tt.dot. An e2m1 A (two values per
// i8, low nibble first, packed along K) is decoded to bf16 bits, the two
// nibbles joined and merged along K; its e8m0 scale becomes 2^(s-127) as
// bf16 bits (s << 7), NaN for 0xFF, broadcast over 32 of K and multiplied
// in.
// CHECK-LABEL: tt.func @e2m1_scaled_bf16
// CHECK: %[[WIDE:.*]] = arith.extui %arg0 : tensor<32x32xi8, {{.*}}> to tensor<32x32xi16
// CHECK: %[[LO:.*]] = arith.andi %[[WIDE]], %{{.*}} : tensor<32x32xi16
// CHECK: %[[HI:.*]] = arith.shrui %[[WIDE]], %{{.*}} : tensor<32x32xi16
// CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32x32xi16, {{.*}}> -> tensor<32x32x2xi16
// CHECK: tt.reshape %{{.*}} : tensor<32x32x2xi16, {{.*}}> -> tensor<32x64xi16
// CHECK: %[[A:.*]] = tt.bitcast %{{.*}} : tensor<32x64xi16, {{.*}}> -> tensor<32x64xbf16
// CHECK: %[[S:.*]] = arith.shli %{{.*}}, %{{.*}} : tensor<32x2xi16
// CHECK: tt.bitcast %[[S]] : tensor<32x2xi16, {{.*}}> -> tensor<32x2xbf16
// CHECK: arith.cmpi eq, %arg1, %{{.*}} : tensor<32x2xi8
// CHECK: arith.constant dense<0x7FC0> : tensor<32x2xbf16
// CHECK: arith.select
// CHECK: tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<32x2xbf16, {{.*}}> -> tensor<32x2x1xbf16
// CHECK: tt.broadcast %{{.*}} : tensor<32x2x1xbf16, {{.*}}> -> tensor<32x2x32xbf16
// CHECK: tt.reshape %{{.*}} : tensor<32x2x32xbf16, {{.*}}> -> tensor<32x64xbf16
// CHECK: %[[AS:.*]] = arith.mulf %[[A]], %{{.*}} : tensor<32x64xbf16
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xbf16, {{.*}}> * tensor<64x32xbf16, {{.*}}> -> tensor<32x32xf32
// CHECK-NOT: tt.dot_scaled
tt.func @e2m1_scaled_bf16(%a: tensor<32x32xi8>, %as: tensor<32x2xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// Beside fp16 the compute type is f16: an unscaled e4m3 A is upcast with
// tt.fp_to_fp; B's scale ([N, K/32]) goes through f32 (s << 23) to f16,
// without the NaN select under fastMath, and is transposed to [K, N].
// CHECK-LABEL: tt.func @e4m3_fp16_scaled_rhs
// CHECK: tt.fp_to_fp %arg0 : tensor<32x64xf8E4M3FN, {{.*}}> -> tensor<32x64xf16
// CHECK: arith.shli %{{.*}}, %{{.*}} : tensor<32x2xi32
// CHECK: tt.bitcast %{{.*}} : tensor<32x2xi32, {{.*}}> -> tensor<32x2xf32
// CHECK: arith.truncf %{{.*}} : tensor<32x2xf32, {{.*}}> to tensor<32x2xf16
// CHECK-NOT: arith.select
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xf16, {{.*}}> -> tensor<64x32xf16
// CHECK: arith.mulf %arg1, %{{.*}} : tensor<64x32xf16
// CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64xf16, {{.*}}> * tensor<64x32xf16, {{.*}}> -> tensor<32x32xf32
tt.func @e4m3_fp16_scaled_rhs(%a: tensor<32x64xf8E4M3FN>, %b: tensor<64x32xf16>, %bs: tensor<32x2xi8>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot_scaled %a, %b scale %bs, %c lhs = e4m3 rhs = fp16 {fastMath = true} : tensor<32x64xf8E4M3FN> * tensor<64x32xf16>, tensor<32x2xi8> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// An e2m1 B packed along K ([K/2, N]): the joined pairs move next to K
// before the merge.
// CHECK-LABEL: tt.func @e2m1_rhs
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x32xi16, {{.*}}> -> tensor<32x32x2xi16
// CHECK: tt.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<32x32x2xi16, {{.*}}> -> tensor<32x2x32xi16
// CHECK: tt.reshape %{{.*}} : tensor<32x2x32xi16, {{.*}}> -> tensor<64x32xi16
// CHECK: tt.dot {{.*}} : tensor<32x64xbf16, {{.*}}> * tensor<64x32xbf16, {{.*}}> -> tensor<32x32xf32
tt.func @e2m1_rhs(%a: tensor<32x64xbf16>, %b: tensor<32x32xi8>, %bs: tensor<32x2xi8>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot_scaled %a, %b scale %bs, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<32x64xbf16> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// bf16 beside fp16 is rounded to f16.
// CHECK-LABEL: tt.func @bf16_fp16
// CHECK: tt.fp_to_fp %arg0, rounding = rtne : tensor<32x64xbf16, {{.*}}> -> tensor<32x64xf16
// CHECK: tt.dot {{.*}} : tensor<32x64xf16, {{.*}}> * tensor<64x32xf16, {{.*}}> -> tensor<32x32xf32
tt.func @bf16_fp16(%a: tensor<32x64xbf16>, %b: tensor<64x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = fp16 {fastMath = false} : tensor<32x64xbf16> * tensor<64x32xf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}
