// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' -verify-diagnostics

// Tests that a tensor still used by an op the pass does not convert is an
// error: its layout would have to be dropped again.
tt.func @unconverted_user(%a: f32) {
  // expected-error @+1 {{failed to legalize unresolved materialization}}
  %x = tt.splat %a : f32 -> tensor<16xf32>
  // expected-note @+1 {{see existing live user here}}
  "test.use"(%x) : (tensor<16xf32>) -> ()
  tt.return
}

// -----

// Tests that scf.execute_region is rejected, as upstream rejects it.
tt.func @execute_region(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{failed to legalize operation 'scf.execute_region' that was explicitly marked illegal}}
  %r = scf.execute_region -> tensor<16xf32> {
    scf.yield %x : tensor<16xf32>
  }
  tt.return %r : tensor<16xf32>
}

// -----

// tt.dot_scaled operands the decomposition cannot upcast, and scales of the
// wrong shape, are diagnosed.
tt.func @dot_scaled_fp6(%a: tensor<32x64xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{tt.dot_scaled with e2m3 operands is not supported (e4m3, e5m2, e2m1, bf16, fp16)}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<32x64xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @dot_scaled_bad_scale(%a: tensor<32x64xf8E4M3FN>, %as: tensor<32x4xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op scales K dimension must match the operand K divided by the scale factor (64 / 32), got 'tensor<32x4xi8>'}}
  %d = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x4xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// A rank-0 tensor has no dimension a layout could map hardware to.
tt.func @rank_zero(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'arith.addf' op has a rank-0 tensor, which no layout can describe}}
  %0 = arith.addf %a, %a : tensor<f32>
  tt.return %0 : tensor<f32>
}

// -----

// A scaled dot of TTGIR (layouts already given) is not decomposed again.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @dot_scaled_with_layouts(%a: tensor<32x64xf8E4M3FN, #blocked>, %as: tensor<32x2xi8, #blocked>, %b: tensor<64x32xbf16, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
  // expected-error @+1 {{'tt.dot_scaled' op has operands with layouts already; convert-triton-to-tritongpu decomposes scaled dots of tt IR only}}
  %d = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<32x64xf8E4M3FN, #blocked>, tensor<32x2xi8, #blocked> * tensor<64x32xbf16, #blocked> -> tensor<32x32xf32, #blocked>
  tt.return %d : tensor<32x32xf32, #blocked>
}
