// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering | FileCheck %s
// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM

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
  // LLVM: nvvm.cp.async.bulk.wait_group 0 {read}
  // LLVM: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
  tt.func public @store(%desc: !tt.tensordesc<tensor<64x32xf16, #nvmma>>, %i: i32, %v: tensor<64x32xf16, #blocked>) {
    tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16, #nvmma>>, tensor<64x32xf16, #blocked>
    tt.descriptor_reduce add, %desc[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16, #nvmma>>, tensor<64x32xf16, #blocked>
    tt.return
  }
}

// -----

// A rank-reduced load: the buffer drops the block's leading unit dimension
// (its layout is the block's for two dimensions), the copy keeps all three
// coordinates. A store of what was just read from a buffer of the block's
// layout copies out of that buffer.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$NVMMA2:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: @rank_reduced(
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x64xbf16, #[[$NVMMA2]], #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 4096
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2, %arg2] %[[BUF]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]]
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg3[%arg2, %arg2] %[[BUF]]
  // LLVM-LABEL: @rank_reduced(
  // LLVM: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4, $5}], [$6];
  // LLVM: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
  tt.func @rank_reduced(%desc: !tt.tensordesc<tensor<1x32x64xbf16, #nvmma3>>, %i: i32, %j: i32, %out: !tt.tensordesc<tensor<32x64xbf16>>) -> tensor<32x64xbf16, #blocked> {
    %v = tt.descriptor_load %desc[%i, %j, %j] : !tt.tensordesc<tensor<1x32x64xbf16, #nvmma3>> -> tensor<32x64xbf16, #blocked>
    tt.descriptor_store %out[%j, %j], %v : !tt.tensordesc<tensor<32x64xbf16>>, tensor<32x64xbf16, #blocked>
    tt.return %v : tensor<32x64xbf16, #blocked>
  }
}

// -----

// A descriptor made on the device: its tensor map is written into 128 bytes
// of global scratch (box and global shape innermost first, the outer
// dimension's stride in bytes, f16 is element type 6, the 128-byte swizzle
// mode 3, NaN padding fill mode 1), fenced, and the descriptor is its
// address. The lowering puts the map together in 128 bytes of shared memory
// (tensormap.replace from the first thread), copies it out with a release
// fence of the tensormap proxy and acquires it in every thread.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @make(
  // CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  // CHECK: %[[C64:.*]] = arith.constant 64 : i32
  // CHECK: %[[C2:.*]] = arith.constant 2 : i64
  // CHECK: %[[STRIDE:.*]] = arith.muli %arg3, %[[C2]] : i64
  // CHECK: %[[ONE:.*]] = arith.constant 1 : i32
  // CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%[[C64]], %[[C64]]], [%arg2, %arg1], [%[[STRIDE]]], [%[[ONE]], %[[ONE]]] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
  // CHECK: ttng.tensormap_fenceproxy_acquire %[[MAP]] : !tt.ptr<i8>
  // CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
  // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]]
  // LLVM-LABEL: llvm.func @make(
  // LLVM: st.shared.b32 [ $0 + 0 ], 0;
  // LLVM: tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;
  // LLVM: tensormap.replace.tile.rank.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;
  // LLVM: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;
  // LLVM: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;
  // LLVM: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x6;
  // LLVM: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x3;
  // LLVM: tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;
  // LLVM: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x80;
  // LLVM: nvvm.barrier0
  // LLVM: fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;
  tt.func public @make(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64) {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %c1] {padding = 2 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    %c0 = arith.constant 0 : i32
    %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
    tt.return
  }
}

// -----

// A descriptor of signed integers (the front end's si32) loads into an i32
// buffer: the copy moves bits.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @signed(
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<16x32xi32
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], {{.*}} : !tt.tensordesc<tensor<16x32xsi32>>, {{.*}} -> !ttg.memdesc<16x32xi32
  // LLVM-LABEL: @signed(
  // LLVM: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  tt.func @signed(%desc: !tt.tensordesc<tensor<16x32xsi32>>, %i: i32) -> tensor<16x32xi32, #blocked> {
    %v = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<16x32xsi32>> -> tensor<16x32xi32, #blocked>
    tt.return %v : tensor<16x32xi32, #blocked>
  }
}

// -----

// In a cluster whose CTAs split the block (rows over two CTAs), the
// mbarrier of each CTA expects the bytes of its part: 32x64 f16. The host's
// tensor map has that part as its box.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @cluster_load(
  // CHECK: ttng.barrier_expect %{{.*}}, 4096, %{{.*}}
  // LLVM-LABEL: @cluster_load(
  // LLVM: nvvm.read.ptx.sreg.cluster.ctaid.x
  // LLVM: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // LLVM-NOT: cp.async.bulk.tensor
  // LLVM: mbarrier.try_wait.parity
  tt.func @cluster_load(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %i: i32, %j: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %desc[%i, %j] : !tt.tensordesc<tensor<64x64xf16, #nvmma>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// A rank-reduced copy in a cluster: the buffer's layout drops the unit
// dimension from each CTA basis too.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$RANK2:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
  // CHECK-LABEL: @cluster_rank_reduced(
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[$RANK2]], #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 4096, %{{.*}}
  // LLVM-LABEL: @cluster_rank_reduced(
  // LLVM: nvvm.read.ptx.sreg.cluster.ctaid.x
  // LLVM: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes
  // LLVM-NOT: cp.async.bulk.tensor
  tt.func @cluster_rank_reduced(%desc: !tt.tensordesc<tensor<1x64x64xf16, #nvmma>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %desc[%i, %i, %i] : !tt.tensordesc<tensor<1x64x64xf16, #nvmma>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// A descriptor whose block is unswizzled and row-major (a swizzled_shared
// layout with one phase) is copied without a swizzle, into a buffer laid out
// as nvmma_shared with swizzlingByteWidth = 0.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$PLAIN:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
  // CHECK-LABEL: @unswizzled_store(
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<128x256xf32, #{{.*}}>) -> !ttg.memdesc<128x256xf32, #[[$PLAIN]], #smem>
  // CHECK: ttng.async_tma_copy_local_to_global
  // LLVM-LABEL: @unswizzled_store(
  // LLVM: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
  tt.func @unswizzled_store(%desc: !tt.tensordesc<tensor<128x256xf32, #plain>>, %i: i32, %v: tensor<128x256xf32, #blocked>) {
    tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<128x256xf32, #plain>>, tensor<128x256xf32, #blocked>
    tt.return
  }
}
