// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Shared-memory buffers: local_alloc writes the tensor at the offsets its
// shared layout gives, local_load reads them back after a barrier,
// local_store overwrites, memdesc_index and memdesc_trans are address
// arithmetic only, local_dealloc emits nothing.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @alloc_load_store
  // CHECK: llvm.mlir.addressof @global_smem
  // The 4 registers of a thread are 4 consecutive offsets of the swizzled
  // layout (vec = 4): one 16-byte access each.
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @alloc_load_store(%x: tensor<32x16xf32, #blocked>, %y: tensor<32x16xf32, #blocked>) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<32x16xf32, #shared, #smem, mutable> -> tensor<32x16xf32, #blocked>
    ttg.local_store %y, %buf : tensor<32x16xf32, #blocked> -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    ttg.local_dealloc %buf : !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    tt.return %v : tensor<32x16xf32, #blocked>
  }

  // A buffer of 2 slots: the index selects a slot by its byte offset
  // (32 x 16 x 4 bytes per slot).
  // CHECK-LABEL: llvm.func @index
  // CHECK: %[[SLOT:.*]] = llvm.mlir.constant(2048 : i32) : i32
  // CHECK: llvm.mul %{{.*}}, %[[SLOT]] : i32
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  tt.func public @index(%i: i32) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x16xf32, #shared, #smem, mutable>
    %slot = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    %v = ttg.local_load %slot : !ttg.memdesc<32x16xf32, #shared, #smem, mutable> -> tensor<32x16xf32, #blocked>
    tt.return %v : tensor<32x16xf32, #blocked>
  }

  // A transposed view reads the same bytes with the permuted layout; the
  // 4 registers of a thread are now a column, so 4 scalar loads.
  // CHECK-LABEL: llvm.func @trans_view
  // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  tt.func public @trans_view(%x: tensor<32x16xf32, #blocked>) -> tensor<16x32xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf32, #shared, #smem> -> !ttg.memdesc<16x32xf32, #shared_t, #smem>
    %v = ttg.local_load %t : !ttg.memdesc<16x32xf32, #shared_t, #smem> -> tensor<16x32xf32, #blocked>
    tt.return %v : tensor<16x32xf32, #blocked>
  }
}

// -----

// convert_layout between layouts that keep the same 4 consecutive
// registers: one 16-byte vector store and one vector load per group, the
// warp's lanes on distinct banks.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @vectorized
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @vectorized(%x: tensor<32x128xf32, #a>) -> tensor<32x128xf32, #b> attributes {noinline = true} {
    %y = ttg.convert_layout %x : tensor<32x128xf32, #a> -> tensor<32x128xf32, #b>
    tt.return %y : tensor<32x128xf32, #b>
  }
}
