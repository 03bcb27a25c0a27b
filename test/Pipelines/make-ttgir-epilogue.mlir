// RUN: triton-opt %s --triton-make-ttgir | FileCheck %s
// RUN: triton-opt %s --triton-make-ttgir="optimize-epilogue=false" | FileCheck %s --check-prefix=UPSTREAM

// Tests that make_ttgir stores a wgmma's f32 result in the layout the
// accumulator reaches by warp shuffles (tritongpu-optimize-epilogue, after
// the last remove-layout-conversions), 16-byte vectors as the coalesced
// layout had; and that optimize-epilogue=false keeps upstream's pipeline:
// the store in the coalesced blocked layout.

// CHECK: #[[$L:.*]] = #ttg.linear<{register = {{\[}}[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [0, 64], [64, 0]], lane = {{\[}}[0, 8], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[16, 0], [32, 0]], block = []}>
// CHECK-LABEL: tt.func public @mm
// CHECK: %[[D:.*]] = ttng.warp_group_dot
// CHECK: %[[V:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #[[$L]]>
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<128x128x!tt.ptr<f32>, #[[$L]]>

// UPSTREAM-NOT: #ttg.linear
// UPSTREAM: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// UPSTREAM-LABEL: tt.func public @mm
// UPSTREAM: %[[D:.*]] = ttng.warp_group_dot
// UPSTREAM: %[[V:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #[[$B]]>
// UPSTREAM: tt.store %{{.*}}, %[[V]] : tensor<128x128x!tt.ptr<f32>, #[[$B]]>

module {
  tt.func public @mm(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %k = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %ar = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c64 = arith.constant dense<64> : tensor<128x1xi32>
    %arow = arith.muli %ar, %c64 : tensor<128x1xi32>
    %ak = tt.expand_dims %k {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %arowb = tt.broadcast %arow : tensor<128x1xi32> -> tensor<128x64xi32>
    %akb = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %arowb, %akb : tensor<128x64xi32>
    %asp = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %ap = tt.addptr %asp, %aoff : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %av = tt.load %ap : tensor<128x64x!tt.ptr<f16>>
    %bk = tt.expand_dims %k {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c128k = arith.constant dense<128> : tensor<64x1xi32>
    %brow = arith.muli %bk, %c128k : tensor<64x1xi32>
    %bn = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %browb = tt.broadcast %brow : tensor<64x1xi32> -> tensor<64x128xi32>
    %bnb = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %browb, %bnb : tensor<64x128xi32>
    %bsp = tt.splat %b : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %bp = tt.addptr %bsp, %boff : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
    %bv = tt.load %bp : tensor<64x128x!tt.ptr<f16>>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %d = tt.dot %av, %bv, %zero, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
    %c128m = arith.constant dense<128> : tensor<128x1xi32>
    %crow = arith.muli %ar, %c128m : tensor<128x1xi32>
    %crowb = tt.broadcast %crow : tensor<128x1xi32> -> tensor<128x128xi32>
    %cnb = tt.broadcast %bn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %crowb, %cnb : tensor<128x128xi32>
    %csp = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cp = tt.addptr %csp, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %cp, %d : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}
