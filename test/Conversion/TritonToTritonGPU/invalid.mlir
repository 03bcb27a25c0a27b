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
