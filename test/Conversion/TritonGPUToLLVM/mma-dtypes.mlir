// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm --convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=PTX
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -cse | FileCheck %s --check-prefix=CSE

// mma.sync for every operand type (32x32x32 on 4 warps [2, 2]: one 16x8
// tile per warp along M, two along N): tf32 takes K 8 per instruction (A in
// four registers of one f32 each, so 2 tiles x 4 K steps = 8), s8 K 32 with
// .satfinite (2 instructions), f16 with an f16 accumulator K 16 and C/D in
// two f16x2 registers (4 instructions).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @v2_tf32
  // CHECK-COUNT-8: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32)
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @v2_tf32(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }

  // CHECK-LABEL: llvm.func @v2_s8
  // CHECK-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=r,=r,=r,=r,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @v2_s8(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi32, #mma>) -> tensor<32x32xi32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    tt.return %d : tensor<32x32xi32, #mma>
  }

  // CHECK-LABEL: llvm.func @v2_f16_acc
  // CHECK-COUNT-4: "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};", "=r,=r,r,r,r,r,r,r,0,1" {{.*}} : (i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32)>
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @v2_f16_acc(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf16, #mma>) -> tensor<32x32xf16, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf16, #mma>
    tt.return %d : tensor<32x32xf16, #mma>
  }

  // fp8 (sm_89 on; ptxas checks the target) takes K 32 as s8. A K of 16 is
  // half an instruction: the other half of each operand is zeros (A's
  // registers 2 and 3, B's register 1), so the product is the dot's.
  // CSE-LABEL: llvm.func @v2_fp8_half_k
  // CSE: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CSE-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" %{{[0-9]+}}, %{{[0-9]+}}, %[[Z]], %[[Z]], %{{[0-9]+}}, %[[Z]],
  // CSE-NOT: mma.sync
  // CSE: llvm.return
  tt.func public @v2_fp8_half_k(%a: tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// A batched (3-D) dot: 4 batch entries on 4 warps, each a 16x16x16 tile of
// two 16x8 instructions.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @v2_batched
  // CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @v2_batched(%a: tensor<4x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<4x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<4x16x16xf32, #mma>) -> tensor<4x16x16xf32, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<4x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<4x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<4x16x16xf32, #mma>
    tt.return %d : tensor<4x16x16xf32, #mma>
  }
}

// -----

// wgmma for every operand type, both operands K-major in shared memory
// (64x64 tile, one warp group): tf32 K 8 (2 steps of a 16-wide K), s8 and
// fp8 K 32 (2 steps of 64); 16-bit types alone carry transpose immediates,
// integers no scale immediates; an f16 accumulator is 16 f16x2 registers.
#mma8 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#mma32 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#mma16 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa32 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#sb32 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 32}>
#sa8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#sb8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#sa16 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_tf32
  // PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {$0, {{.*}}, $31}, $64, $65, p, 1, 1; }
  // PTX-NOT: wgmma.mma_async
  tt.func public @wgmma_tf32(%a: !ttg.memdesc<64x16xf32, #sa32, #smem>, %b: !ttg.memdesc<16x64xf32, #sb32, #smem>, %c: tensor<64x64xf32, #mma8>) -> tensor<64x64xf32, #mma8> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf32, #sa32, #smem> * !ttg.memdesc<16x64xf32, #sb32, #smem> -> tensor<64x64xf32, #mma8>
    tt.return %d : tensor<64x64xf32, #mma8>
  }

  // CHECK-LABEL: llvm.func @wgmma_s8
  // PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0, {{.*}}, $31}, $64, $65, p; }
  // PTX-NOT: wgmma.mma_async
  tt.func public @wgmma_s8(%a: !ttg.memdesc<64x64xi8, #sa8, #smem>, %b: !ttg.memdesc<64x64xi8, #sb8, #smem>, %c: tensor<64x64xi32, #mma32>) -> tensor<64x64xi32, #mma32> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xi8, #sa8, #smem> * !ttg.memdesc<64x64xi8, #sb8, #smem> -> tensor<64x64xi32, #mma32>
    tt.return %d : tensor<64x64xi32, #mma32>
  }

  // CHECK-LABEL: llvm.func @wgmma_fp8
  // PTX-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2 {$0, {{.*}}, $31}, $64, $65, p, 1, 1; }
  // PTX-NOT: wgmma.mma_async
  tt.func public @wgmma_fp8(%a: !ttg.memdesc<64x64xf8E4M3FN, #sa8, #smem>, %b: !ttg.memdesc<64x64xf8E5M2, #sb8, #smem>, %c: tensor<64x64xf32, #mma32>) -> tensor<64x64xf32, #mma32> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #sa8, #smem> * !ttg.memdesc<64x64xf8E5M2, #sb8, #smem> -> tensor<64x64xf32, #mma32>
    tt.return %d : tensor<64x64xf32, #mma32>
  }

  // max_num_imprecise_acc 32 of a K of 64: each 32 of K goes to fresh
  // registers (scale-d 0), is waited for and added in f32 (2 x 32 adds).
  // CHECK-LABEL: llvm.func @wgmma_fp8_promoted
  // CHECK: wgmma.fence.sync.aligned;
  // PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0, {{.*}}, $31}, $32, $33, 0, 1, 1;
  // CHECK: wgmma.commit_group.sync.aligned;
  // PTX: wgmma.wait_group.sync.aligned 0;
  // CHECK-COUNT-32: llvm.fadd
  // CHECK: wgmma.fence.sync.aligned;
  // PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0, {{.*}}, $31}, $32, $33, 0, 1, 1;
  // PTX: wgmma.wait_group.sync.aligned 0;
  // CHECK-COUNT-32: llvm.fadd
  // CHECK-NOT: wgmma
  // CHECK: llvm.return
  tt.func public @wgmma_fp8_promoted(%a: !ttg.memdesc<64x64xf8E4M3FN, #sa8, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #sb8, #smem>, %c: tensor<64x64xf32, #mma32>) -> tensor<64x64xf32, #mma32> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #sa8, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #sb8, #smem> -> tensor<64x64xf32, #mma32>
    tt.return %d : tensor<64x64xf32, #mma32>
  }

  // B (K x N, N contiguous) is read transposed.
  // CHECK-LABEL: llvm.func @wgmma_f16_acc
  // PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {$0, {{.*}}, $15}, $32, $33, p, 1, 1, 0, 1; }
  // PTX-NOT: wgmma.mma_async
  tt.func public @wgmma_f16_acc(%a: !ttg.memdesc<64x64xf16, #sa16, #smem>, %b: !ttg.memdesc<64x64xf16, #sa16, #smem>, %c: tensor<64x64xf16, #mma16>) -> tensor<64x64xf16, #mma16> attributes {noinline = true} {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #sa16, #smem> * !ttg.memdesc<64x64xf16, #sa16, #smem> -> tensor<64x64xf16, #mma16>
    tt.return %d : tensor<64x64xf16, #mma16>
  }
}

