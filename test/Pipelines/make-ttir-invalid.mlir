// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect --triton-make-ttir -verify-diagnostics

// MLIR's inliner cannot tell the symbol uses of an unregistered op with
// regions (it may hold a symbol table): make_ttir refuses it instead of
// crashing in the inliner.
tt.func @opaque_region() {
  // expected-error @+1 {{'op.with_region' op is unregistered and has regions, which make_ttir's inliner cannot look into}}
  "op.with_region"() ({
    "use"() : () -> ()
  }) : () -> ()
  tt.return
}
