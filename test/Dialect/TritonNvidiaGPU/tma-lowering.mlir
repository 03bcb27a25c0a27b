// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering | FileCheck %s
// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM

// A descriptor load: a TMA copy into a buffer laid out as the descriptor's
// block (without an encoding: row-major NVMMA, the widest swizzle the 256-byte
// rows fill), an mbarrier that expects the block's 16384 bytes, a wait, the
// buffer read into the load's layout. A store or reduction: the value into
// such a buffer, a proxy fence, the copy, a wait for it to have read the
// buffer.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$NVMMA128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK: #[[$BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
  // CHECK: #[[$NVMMA64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: @load(
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #[[$NVMMA128]], #smem, mutable>
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[$BAR]], #smem, mutable>
  // CHECK: ttng.init_barrier %[[BAR]], 1
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK: ttng.barrier_expect %[[BAR]], 16384, %[[TRUE]]
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %[[BUF]], %[[BAR]], %[[TRUE]]
  // CHECK: %[[PHASE:.*]] = arith.constant 0 : i32
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]]
  // CHECK: ttng.inval_barrier %[[BAR]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x128xf16, #[[$NVMMA128]], #smem, mutable> -> tensor<64x128xf16, #blocked>
  // CHECK: tt.return %[[V]]
  // LLVM-LABEL: @load(
  // LLVM: mbarrier.init
  // LLVM: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // LLVM: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // LLVM: mbarrier.try_wait.parity
  tt.func @load(%desc: !tt.tensordesc<tensor<64x128xf16>>, %i: i32, %j: i32) -> tensor<64x128xf16, #blocked> {
    %v = tt.descriptor_load %desc[%i, %j] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16, #blocked>
    tt.return %v : tensor<64x128xf16, #blocked>
  }

  // CHECK-LABEL: tt.func public @store
  // CHECK: %[[S:.*]] = ttg.local_alloc %arg2 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #[[$NVMMA64]], #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[S]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK: %[[R:.*]] = ttg.local_alloc %arg2
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg1] %[[R]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NOT: tt.descriptor
  // LLVM-LABEL: llvm.func @store
  // LLVM: fence.proxy.async.shared::cta
  // LLVM: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
  // LLVM: cp.async.bulk.wait_group.read 0
  // LLVM: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
  tt.func public @store(%desc: !tt.tensordesc<tensor<64x32xf16, #nvmma>>, %i: i32, %v: tensor<64x32xf16, #blocked>) {
    tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16, #nvmma>>, tensor<64x32xf16, #blocked>
    tt.descriptor_reduce add, %desc[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16, #nvmma>>, tensor<64x32xf16, #blocked>
    tt.return
  }
}
