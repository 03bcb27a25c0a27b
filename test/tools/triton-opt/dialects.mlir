// RUN: triton-opt %s | FileCheck %s

// Tests that the upstream dialects Triton IR uses are registered beside tt:
// func, arith, math, scf, cf, ub, gpu, llvm and nvvm all parse.
// CHECK-LABEL: func.func @upstream_dialects
// CHECK: math.exp
// CHECK: scf.if
// CHECK: ub.poison
// CHECK: gpu.barrier
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.mlir.constant
// CHECK: cf.br
func.func @upstream_dialects(%x: f32, %c: i1) -> f32 {
  %e = math.exp %x : f32
  %r = scf.if %c -> f32 {
    scf.yield %e : f32
  } else {
    scf.yield %x : f32
  }
  %p = ub.poison : i32
  gpu.barrier
  %t = nvvm.read.ptx.sreg.tid.x : i32
  %k = llvm.mlir.constant(1 : i32) : i32
  cf.br ^bb1
^bb1:
  return %r : f32
}
