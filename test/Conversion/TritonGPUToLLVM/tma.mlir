// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// TMA copies of a 64x128 f16 block through a 128-byte swizzle: the box is
// 64x64 (the swizzle's width along the contiguous dimension), so each op
// makes two copies, the second 64 columns on, whose shared buffer starts
// 64 rows of 128 bytes later. Lane 0 of warp 0 issues the first, lane 0
// of warp 1 the second (the copies of a block spread over the warps); the
// coordinates go innermost first. Every thread commits its bulk group. A tensor descriptor argument is the
// CUtensorMap itself, passed by value.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tma
  // CHECK-SAME: %[[DESC:arg0]]: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
  tt.func public @tma(%desc: !tt.tensordesc<tensor<64x128xf16, #nvmma>>, %x: i32, %y: i32, %pred: i1, %phase: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} {ttg.lane_id} : i32
    // CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx {{.*}} {ttg.warp_id}
    // CHECK: %[[LANE0:.*]] = nvvm.elect.sync -> i1
    // CHECK: %[[W0:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK: %[[WARP0:.*]] = llvm.icmp "eq" %[[WARP]], %[[W0]] : i32
    // CHECK: %[[ISSUER0:.*]] = llvm.and %[[LANE0]], %[[WARP0]] : i1
    // CHECK: %[[P0:.*]] = llvm.and %arg3, %[[ISSUER0]] : i1
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[P0]], %{{.*}}, %[[DESC]], %arg2, %arg1, %{{.*}}
    // CHECK: %[[W1:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK: %[[WARP1:.*]] = llvm.icmp "eq" %[[WARP]], %[[W1]] : i32
    // CHECK: %[[ISSUER1:.*]] = llvm.and %{{.*}}, %[[WARP1]] : i1
    // CHECK: %[[P1:.*]] = llvm.and %arg3, %[[ISSUER1]] : i1
    // CHECK: %[[OFF:.*]] = llvm.mlir.constant(8192 : i32) : i32
    // CHECK: llvm.getelementptr %{{.*}}[%[[OFF]]]
    // CHECK: %[[SIXTYFOUR:.*]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK: %[[Y64:.*]] = llvm.add %arg2, %[[SIXTYFOUR]] : i32
    // CHECK: llvm.inline_asm {{.*}}cp.async.bulk.tensor.2d.shared::cluster{{.*}} %[[P1]], %{{.*}}, %[[DESC]], %[[Y64]], %arg1, %{{.*}}
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<64x128xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %[[DESC]], %arg2, %arg1, %{{.*}}
    // CHECK: llvm.inline_asm {{.*}}cp.async.bulk.tensor.2d.global.shared::cta.bulk_group{{.*}} %[[DESC]], %{{.*}}, %arg1, %{{.*}}
    // CHECK: nvvm.cp.async.bulk.commit.group
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<64x128xf16, #nvmma>>, !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [$1, {$2, $3}], [$4];"
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [$1, {$2, $3}], [$4];"
    // CHECK: nvvm.cp.async.bulk.commit.group
    ttng.async_tma_reduce add, %desc[%x, %y] %buf : !tt.tensordesc<tensor<64x128xf16, #nvmma>>, !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
    // CHECK-NEXT: nvvm.barrier0
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}


// -----

// In a cluster of two CTAs whose buffer layout splits the 64x64 block along
// its rows (CGALayout [[1, 0]]), each CTA copies its 32x64 part: the row
// coordinate grows by 32 times the CTA's rank in the cluster, loads and
// stores alike, and the buffer takes 4096 bytes a CTA (the barrier sits
// right after it).
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cluster_parts
  // CHECK: %[[BAROFF:.*]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK: llvm.getelementptr %{{.*}}[%[[BAROFF]]]
  // CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.x : i32
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: %[[BIT:.*]] = llvm.and %[[RANK]], %[[ONE]] : i32
  // CHECK: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK: %[[PART:.*]] = llvm.shl %[[BIT]], %[[FIVE]] : i32
  // CHECK: %[[ROW:.*]] = llvm.add %arg1, %[[PART]] : i32
  // CHECK: llvm.inline_asm {{.*}}cp.async.bulk.tensor.2d.shared::cluster.global{{.*}}, %arg2, %[[ROW]]
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: nvvm.read.ptx.sreg.cluster.ctaid.x
  // CHECK: %[[SROW:.*]] = llvm.add %arg1, %{{.*}} : i32
  // CHECK: llvm.inline_asm {{.*}}cp.async.bulk.tensor.2d.global.shared::cta.bulk_group{{.*}}, %arg2, %[[SROW]]
  // CHECK-NOT: cp.async.bulk.tensor
  tt.func public @cluster_parts(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: i32, %y: i32, %pred: i1, %phase: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 4096, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Every CTA of the cluster holds all of a block its layout does not split
// (CGALayout [[0, 0]]): each copies the whole block, with the block's own
// coordinates.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cluster_whole
  // CHECK: %[[BAROFF:.*]] = llvm.mlir.constant(8192 : i32) : i32
  // CHECK: llvm.getelementptr %{{.*}}[%[[BAROFF]]]
  // CHECK-NOT: cluster.ctaid
  // CHECK: llvm.inline_asm {{.*}}cp.async.bulk.tensor.2d.shared::cluster.global{{.*}}, %arg2, %arg1
  tt.func public @cluster_whole(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: i32, %y: i32, %pred: i1, %phase: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}
