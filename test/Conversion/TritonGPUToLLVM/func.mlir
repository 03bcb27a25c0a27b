// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Kernels: public, ptx_kernel, 32 x num-warps threads, two trailing
// global-memory pointers (global and profile scratch).
// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.nctaid.y
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%p: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %np = tt.get_program_id y : i32
    %cnt = tt.get_num_programs y : i32
    tt.return
  }
}

// -----

// Device functions are internal and noinline and take the shared-memory base
// of their caller's plan, then the two scratch pointers.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @helper
  // CHECK-SAME: (%{{.*}}: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> {{{.*}}}, %{{.*}}: f32 {{{.*}}}, %{{.*}}: !llvm.ptr<3>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-SAME: no_inline
  tt.func private @helper(%x: tensor<1024xf32, #blocked>, %s: f32) -> tensor<1024xf32, #blocked> attributes {noinline = true} {
    %b = tt.splat %s : f32 -> tensor<1024xf32, #blocked>
    %r = arith.mulf %x, %b : tensor<1024xf32, #blocked>
    tt.return %r : tensor<1024xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>, %[[GS:.*]]: !llvm.ptr<1>, %[[PS:.*]]: !llvm.ptr<1>)
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: llvm.call @helper({{.*}}, %[[SMEM]], %[[GS]], %[[PS]])
  tt.func public @kernel(%p: !tt.ptr<f32>) {
    %c = arith.constant dense<1.0> : tensor<1024xf32, #blocked>
    %s = arith.constant 2.0 : f32
    %r = tt.call @helper(%c, %s) : (tensor<1024xf32, #blocked>, f32) -> tensor<1024xf32, #blocked>
    tt.return
  }
}
