// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC="emu-tf32=1" -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-F32DotTC -canonicalize | FileCheck %s --check-prefix=NOEMU

// bf16x3: each operand splits into a bf16 high part and the bf16 rest; the
// two cross products sum first, NaNs among them are dropped, then the high
// product and the original accumulator are added.
// CHECK-LABEL: tt.func @bf16x3
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK: %[[AH:.*]] = arith.truncf %arg0 : tensor<32x32xf32> to tensor<32x32xbf16>
// CHECK-NEXT: %[[AHX:.*]] = arith.extf %[[AH]]
// CHECK-NEXT: %[[AR:.*]] = arith.subf %arg0, %[[AHX]]
// CHECK-NEXT: %[[AM:.*]] = arith.truncf %[[AR]]
// CHECK: %[[BH:.*]] = arith.truncf %arg1
// CHECK: %[[BM:.*]] = arith.truncf
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[AM]], %[[BH]], %[[ZERO]] : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[AH]], %[[BM]], %[[D1]] :
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[AH]], %[[BH]], %[[SEL]] :
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[D3]], %arg2
// CHECK-NEXT: tt.return %[[R]]
// NOEMU-LABEL: tt.func @bf16x3
// NOEMU-COUNT-3: tt.dot {{.*}} tensor<32x32xbf16>
tt.func @bf16x3(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// bf16x6: three parts each; six products, the five small ones first.
// CHECK-LABEL: tt.func @bf16x6
// CHECK-COUNT-3: arith.truncf %{{.*}} : tensor<32x32xf32> to tensor<32x32xbf16>
// CHECK-COUNT-3: arith.truncf %{{.*}} : tensor<32x32xf32> to tensor<32x32xbf16>
// CHECK-COUNT-5: tt.dot {{.*}} : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
// CHECK-NEXT: arith.cmpf uno
// CHECK-NEXT: arith.select
// CHECK-NEXT: tt.dot {{.*}} : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
// CHECK-NEXT: arith.addf
tt.func @bf16x6(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// tf32x3 (emu-tf32): the high part is rounded to tf32 in an f32 register;
// three tf32 products. A zero accumulator is not added. Without emu-tf32
// the dot stays as it is.
// CHECK-LABEL: tt.func @tf32x3
// CHECK: %[[AH:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0
// CHECK-NEXT: %[[AL:.*]] = arith.subf %arg0, %[[AH]]
// CHECK: %[[BH:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;"
// CHECK-NEXT: %[[BL:.*]] = arith.subf %arg1, %[[BH]]
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[AL]], %[[BH]], %{{.*}}, inputPrecision = tf32
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[AH]], %[[BL]], %[[D1]], inputPrecision = tf32
// CHECK: %[[D3:.*]] = tt.dot %[[AH]], %[[BH]], %{{.*}}, inputPrecision = tf32
// CHECK-NEXT: tt.return %[[D3]]
// NOEMU-LABEL: tt.func @tf32x3
// NOEMU-NEXT: arith.constant
// NOEMU-NEXT: tt.dot %arg0, %arg1, %{{.*}}, inputPrecision = tf32x3
// NOEMU-NEXT: tt.return
tt.func @tf32x3(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
  %d = tt.dot %a, %b, %zero, inputPrecision = tf32x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// Other precisions and types are left alone.
// CHECK-LABEL: tt.func @untouched
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2 :
// CHECK-NEXT: tt.dot %arg3, %arg3, %arg4 :
tt.func @untouched(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>, %h: tensor<32x32xf16>, %hc: tensor<32x32xf16>) -> (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf16>) {
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  %1 = tt.dot %a, %b, %c : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  %2 = tt.dot %h, %h, %hc : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf16>
  tt.return %0, %1, %2 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf16>
}
