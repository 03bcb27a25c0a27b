// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm --convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=PTX

// mma.sync (version 2): a 32x32x32 tile on 4 warps [2, 2] is one 16x8
// tile per warp along M and two along N, and two K steps: 4 instructions,
// each taking A as four f16x2 registers and B as two.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2
  // CHECK-COUNT-4: llvm.inline_asm asm_dialect = att operand_attrs = [] "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @mma_v2(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }

  // bf16 operands name their type.
  // CHECK-LABEL: llvm.func @mma_v2_bf16
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
  tt.func public @mma_v2_bf16(%a: tensor<32x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// wgmma (version 3): both operands in shared memory. 128x128x64 on 8 warps
// [8, 1]: each warp group one m64n128 tile, 4 K steps. A (K-major) is not
// transposed, B (N-major) is; the descriptors carry the 128-byte swizzle
// (mode 1 in bits 62-63) and the core-matrix strides: A's SBO 1024 bytes,
// B's LBO 8192 (the next 64 columns) and SBO 1024.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_shared
  // Each descriptor is one add to the operand's address field, as
  // upstream's: A's K steps are 32 bytes (+2), B's 16 rows of 128 bytes
  // (+128).
  // CHECK: %[[BF:.*]] = llvm.zext %{{.*}} : i32 to i64
  // CHECK: %[[AF:.*]] = llvm.zext %{{.*}} : i32 to i64
  // CHECK: wgmma.fence.sync.aligned;
  // CHECK: llvm.mlir.constant(4611686293305294848 : i64)
  // CHECK-NEXT: llvm.add %[[AF]]
  // CHECK: llvm.mlir.constant(4611686293338849280 : i64)
  // CHECK-NEXT: llvm.add %[[BF]]
  // PTX: "{ .reg .pred p; setp.ne.b32 p, $130, 0; wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0, {{.*}}, $63}, $128, $129, p, 1, 1, 0, 1; }"
  // CHECK: llvm.mlir.constant(4611686293305294850 : i64)
  // CHECK-NEXT: llvm.add %[[AF]]
  // CHECK: llvm.mlir.constant(4611686293338849408 : i64)
  // CHECK-NEXT: llvm.add %[[BF]]
  // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK: llvm.mlir.constant(4611686293305294852 : i64)
  // CHECK: llvm.mlir.constant(4611686293338849536 : i64)
  // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK: llvm.mlir.constant(4611686293305294854 : i64)
  // CHECK: llvm.mlir.constant(4611686293338849664 : i64)
  // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // PTX-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  // PTX: wgmma.wait_group.sync.aligned 0;
  tt.func public @wgmma_shared(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// A zero accumulator (attention's S = Q K^T): the first K step of each tile
// discards it (scale-d 0) and has only outputs, so no zeros are moved into
// the accumulator registers; the later steps chain on the first one's.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_zero_acc
  // CHECK: wgmma.fence.sync.aligned;
  // PTX: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, $32, $33, 0, 1, 1, 0, 1;", "{{(=f,)+}}l,l"
  // PTX-COUNT-3: "{ .reg .pred p; setp.ne.b32 p, $66, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, $64, $65, p, 1, 1, 0, 1; }"
  // PTX-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  tt.func public @wgmma_zero_acc(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>) -> tensor<64x64xf32, #mma> attributes {noinline = true} {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %zero : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// wgmma with A in registers (four f16x2 per K step), a K-major B
// (transposed layout: no transpose in the instruction), an async dot and
// its wait, and the proxy fence (a fence, then a barrier).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared_t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_registers
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: wgmma.fence.sync.aligned;
  // PTX: "{ .reg .pred p; setp.ne.b32 p, $69, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 0; }"
  // PTX-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // CHECK: wgmma.commit_group.sync.aligned;
  // PTX-NOT: wgmma.wait_group
  // PTX: wgmma.wait_group.sync.aligned 1;"
  tt.func public @wgmma_registers(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared_t, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> attributes {noinline = true} {
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared_t, #smem> -> tensor<64x64xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #mma>
    tt.return %w : tensor<64x64xf32, #mma>
  }
}

// -----

// wgmma in a cluster of two CTAs splitting N: each CTA multiplies its 128x64
// part, A whole in its buffer, B's buffer its 64x64 half (64 f16 rows of 128
// bytes: no leading byte offset; 16 K rows are 2048 bytes, 128 in the
// address field). Two M tiles of 64 rows by four K steps.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_cluster
  // CHECK: llvm.mlir.constant(4611686293305294848 : i64)
  // CHECK: llvm.mlir.constant(4611686293305294848 : i64)
  // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // CHECK: llvm.mlir.constant(4611686293305294850 : i64)
  // CHECK: llvm.mlir.constant(4611686293305294976 : i64)
  // PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // CHECK: llvm.mlir.constant(4611686293305295360 : i64)
  // CHECK: llvm.mlir.constant(4611686293305294848 : i64)
  // PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // PTX-NOT: wgmma.mma_async
  // CHECK: llvm.return
  tt.func public @wgmma_cluster(%a: !ttg.memdesc<128x64xf16, #sa, #smem>, %b: !ttg.memdesc<64x128xf16, #sb, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #sa, #smem> * !ttg.memdesc<64x128xf16, #sb, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}
