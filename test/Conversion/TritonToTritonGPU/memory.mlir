// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that loads and stores take the default layout and keep their mask,
// other value and cache attributes.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @load_store
// CHECK-SAME: (%[[P:[^:]+]]: tensor<128x!tt.ptr<f16>, #[[$B]]>, %[[M:[^:]+]]: tensor<128xi1, #[[$B]]>)
tt.func @load_store(%p: tensor<128x!tt.ptr<f16>>, %m: tensor<128xi1>) {
  // CHECK: %[[O:.+]] = arith.constant dense<0.000000e+00> : tensor<128xf16, #[[$B]]>
  %other = arith.constant dense<0.000000e+00> : tensor<128xf16>
  // CHECK: %[[V:.+]] = tt.load %[[P]], %[[M]], %[[O]] cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f16>, #[[$B]]>
  %v = tt.load %p, %m, %other cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<128x!tt.ptr<f16>>
  // CHECK: tt.store %[[P]], %[[V]], %[[M]] cacheModifier = wt : tensor<128x!tt.ptr<f16>, #[[$B]]>
  tt.store %p, %v, %m cacheModifier = wt : tensor<128x!tt.ptr<f16>>
  tt.return
}

// -----

// Tests atomics on tensors of pointers.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @atomics
tt.func @atomics(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>, %q: tensor<256x!tt.ptr<i32>>, %w: tensor<256xi32>) {
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<256x!tt.ptr<f32>, #[[$B]]>, tensor<256xf32, #[[$B]]>, tensor<256xi1, #[[$B]]>) -> tensor<256xf32, #[[$B]]>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  // CHECK: tt.atomic_cas relaxed, cta, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<256x!tt.ptr<i32>, #[[$B]]>, tensor<256xi32, #[[$B]]>, tensor<256xi32, #[[$B]]>) -> tensor<256xi32, #[[$B]]>
  %prev = tt.atomic_cas relaxed, cta, %q, %w, %w : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

// Tests that block pointers get the layout of the tensor they point to.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @block_pointers
tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %n: i64, %s: i64, %o: i32) {
  // CHECK: %[[BP:.+]] = tt.make_tensor_ptr {{.+}} : <tensor<64x32xf16, #[[$B]]>>
  %bp = tt.make_tensor_ptr %base, [%m, %n], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  // CHECK: %[[ADV:.+]] = tt.advance %[[BP]], {{.+}} : <tensor<64x32xf16, #[[$B]]>>
  %adv = tt.advance %bp, [%o, %o] : <tensor<64x32xf16>>
  // CHECK: %[[V:.+]] = tt.load %[[ADV]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16, #[[$B]]>>
  %v = tt.load %adv {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  // CHECK: tt.store %[[ADV]], %[[V]] {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16, #[[$B]]>>
  tt.store %adv, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

// -----

// Tests that tensor descriptors keep their layout-free block type while the
// tensors moved through them take the default layout, and that a TMA gather
// takes its row offsets with 4 consecutive offsets in each thread.
// CHECK-DAG: #[[$ROWS:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$TILE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$GATHER:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: tt.func @descriptors
// CHECK-SAME: %[[D:[^:]+]]: !tt.tensordesc<tensor<16x64xf32>>, %[[G:[^:]+]]: !tt.tensordesc<tensor<1x64xf32>>, %[[I:[^:]+]]: i32, %[[R:[^:]+]]: tensor<32xi32, #[[$ROWS]]>
tt.func @descriptors(%d: !tt.tensordesc<tensor<16x64xf32>>, %g: !tt.tensordesc<tensor<1x64xf32>>, %i: i32, %rows: tensor<32xi32>) {
  // CHECK: %[[V:.+]] = tt.descriptor_load %[[D]][%[[I]], %[[I]]] : !tt.tensordesc<tensor<16x64xf32>> -> tensor<16x64xf32, #[[$TILE]]>
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x64xf32>> -> tensor<16x64xf32>
  // CHECK: tt.descriptor_store %[[D]][%[[I]], %[[I]]], %[[V]] : !tt.tensordesc<tensor<16x64xf32>>, tensor<16x64xf32, #[[$TILE]]>
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xf32>>, tensor<16x64xf32>
  // CHECK: %[[OFFS:.+]] = ttg.convert_layout %[[R]] : tensor<32xi32, #[[$ROWS]]> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$GATHER]]}>>
  // CHECK: tt.descriptor_gather %[[G]][%[[OFFS]], %[[I]]] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$GATHER]]}>>, i32) -> tensor<32x64xf32, #[[$TILE]]>
  %x = tt.descriptor_gather %g[%rows, %i] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<32xi32>, i32) -> tensor<32x64xf32>
  tt.return
}

// -----

// Tests that print and assert take tensors in the default layout.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @debug_ops
tt.func @debug_ops(%x: tensor<16xi32>, %c: tensor<16xi1>) {
  // CHECK: tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %{{.+}} : tensor<16xi32, #[[$B]]>
  tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<16xi32>
  // CHECK: tt.assert %{{.+}}, "c failed" : tensor<16xi1, #[[$B]]>
  tt.assert %c, "c failed" : tensor<16xi1>
  tt.return
}
