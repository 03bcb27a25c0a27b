// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s --check-prefix=SM90
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=80' | FileCheck %s --check-prefix=SM80

// f64 (DMMA): on sm_90 one m16n8k16 per 16x8 tile and K 16, eight A and four
// B registers of an f64 each (32x32x32 on warps [2, 2]: 2 tiles x 2 K
// steps); on sm_80 each is eight m8n8k4.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // SM90-LABEL: llvm.func @v2_f64_sm90
  // SM90-COUNT-4: "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {$0, $1, $2, $3}, {$4, $5, $6, $7, $8, $9, $10, $11}, {$12, $13, $14, $15}, {$16, $17, $18, $19};", "=d,=d,=d,=d,d,d,d,d,d,d,d,d,d,d,d,d,0,1,2,3" {{.*}} -> !llvm.struct<(f64, f64, f64, f64)>
  // SM90-NOT: mma.sync
  // SM90: llvm.return
  tt.func public @v2_f64_sm90(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf64, #mma>) -> tensor<32x32xf64, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf64, #mma>
    tt.return %d : tensor<32x32xf64, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // SM80-LABEL: llvm.func @v2_f64_sm80
  // SM80-COUNT-32: "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};", "=d,=d,d,d,0,1" {{.*}} : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>
  // SM80-NOT: mma.sync
  // SM80: llvm.return
  tt.func public @v2_f64_sm80(%a: tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf64, #mma>) -> tensor<32x32xf64, #mma> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<32x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf64, #mma>
    tt.return %d : tensor<32x32xf64, #mma>
  }
}
