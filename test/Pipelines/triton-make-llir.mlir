// RUN: triton-opt %s --triton-make-llir="compute-capability=90 ptx-version=86" | FileCheck %s
// RUN: triton-opt %s --triton-make-llir | FileCheck %s
// RUN: triton-opt %s --pass-pipeline='builtin.module(triton-make-llir{compute-capability=80})' | FileCheck %s
// RUN: not triton-opt %s --triton-make-llir="compute-capability=abc" 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not triton-opt %s --triton-make-llir="num-warps=4" 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// make_llir takes a ttg module with scf control flow to the LLVM and NVVM
// dialects: no tt, ttg, scf or cf op and no unrealized cast is left, the
// kernel has upstream's ABI and the module its shared-memory size.

// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
// CHECK-NOT: tt.
// CHECK-NOT: scf.
// CHECK-NOT: cf.
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.func @add_loop(%{{.*}}: !llvm.ptr<1> {{{.*}}}, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 128>
// CHECK: llvm.br
// CHECK: llvm.cond_br
// CHECK: st.global
// CHECK: llvm.return

// BADOPT: 'abc' value invalid for integer argument
// UNKNOWN: no such option num-warps

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_loop(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32, #blocked>
    %one = arith.constant dense<1.0> : tensor<128xf32, #blocked>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128xf32, #blocked>) : i32 {
      %next = arith.addf %acc, %one : tensor<128xf32, #blocked>
      scf.yield %next : tensor<128xf32, #blocked>
    }
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %base = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %ptrs, %sum : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
