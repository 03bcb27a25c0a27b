// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Threads exchange data: barrier, every register to shared memory, barrier,
// every register of the new layout from it.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @transpose_threads
  tt.func public @transpose_threads(%x: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked> attributes {noinline = true} {
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.store {{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> f32
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %y : tensor<64x64xf32, #blocked>
  }
}

// -----

// Same threads, other register order: no shared memory, no barrier.
#a = #ttg.linear<{register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []}>
#b = #ttg.linear<{register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @registers_only
  tt.func public @registers_only(%x: tensor<128xi32, #a>) -> tensor<128xi32, #b> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
    // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
    // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
    // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
    // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
    // CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
    // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[2]
    // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
    %y = ttg.convert_layout %x : tensor<128xi32, #a> -> tensor<128xi32, #b>
    tt.return %y : tensor<128xi32, #b>
  }
}
