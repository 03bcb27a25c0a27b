// RUN: triton-opt %s -triton-make-ttir | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: triton-opt %s -pass-pipeline='builtin.module(triton-make-ttir{compute-capability=80})' | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: not triton-opt %s -pass-pipeline='builtin.module(triton-make-ttir{compute-capability=x})' 2>&1 | FileCheck %s --check-prefix=BAD

// Tests the make_ttir pipeline as a whole: helpers are inlined and dropped,
// block pointers rewritten, the addition folded into the dot, the splat
// arithmetic done on scalars, duplicates merged, and the unroll factor
// honoured; tensor descriptors stay for TMA on sm_90 and become pointer
// arithmetic below it.

// CHECK-NOT: @zeros
// CHECK-LABEL: tt.func public @kernel
tt.func private @zeros() -> tensor<16x16xf32> {
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  tt.return %z : tensor<16x16xf32>
}

tt.func public @kernel(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %n: i32, %x: f32) -> (tensor<16x16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i64
  %sixteen = arith.constant 16 : i64
  %m = arith.extsi %n : i32 to i64
  // CHECK-NOT: tt.make_tensor_ptr
  // CHECK-NOT: tt.call
  %pa = tt.make_tensor_ptr %a, [%m, %sixteen], [%sixteen, %one], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
  %zero = tt.call @zeros() : () -> tensor<16x16xf32>
  // SM90: tt.descriptor_load
  // SM80-NOT: tt.descriptor_load
  %db = tt.make_tensor_descriptor %b, [%c16, %c16], [%sixteen, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
  // CHECK: scf.for
  // CHECK: tt.dot %{{.+}}, %{{.+}}, %{{.+}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  // CHECK-NOT: arith.addf %{{.+}} : tensor<16x16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %pa) -> (tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>) : i32 {
    %va = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<16x16xf16>>
    %vb = tt.descriptor_load %db[%i, %c0] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
    %d = tt.dot %va, %vb, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %s = arith.addf %acc, %d : tensor<16x16xf32>
    %p2 = tt.advance %p, [%c16, %c0] : <tensor<16x16xf16>>
    scf.yield %s, %p2 : tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>
  } {tt.loop_unroll_factor = 2 : i32}
  // CHECK: } {tt.num_stages = 1 : i32}
  // CHECK: %[[E:.+]] = math.exp %arg3 : f32
  // CHECK: tt.splat %[[E]] : f32 -> tensor<16xf32>
  %sx = tt.splat %x : f32 -> tensor<16xf32>
  %e = math.exp %sx : tensor<16xf32>
  tt.return %r#0, %e : tensor<16x16xf32>, tensor<16xf32>
}

// BAD: 'x' value invalid for integer argument
// BAD: error: failed to add `triton-make-ttir` with options `compute-capability=x`
