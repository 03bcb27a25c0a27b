// Upstream's tests pass LLVM's -debug; this LLVM (built without assertions)
// has none, so triton-opt takes the flag, says it prints nothing, and runs.
// RUN: triton-opt %s --debug --canonicalize 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: triton-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=QUIET

// ERR: triton-opt: -debug prints nothing: this LLVM was built without assertions
// QUIET-NOT: -debug
// CHECK-LABEL: tt.func @f
// CHECK-NEXT: tt.return
tt.func @f() {
  %c = arith.constant 0 : i32
  tt.return
}
