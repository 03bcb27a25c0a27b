// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s

// Round trips of the AMD encodings (parsed, printed and verified only; no
// AMD lowering): defaults are left out when printing, and both print under
// the #mma alias.

// CHECK: #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK: #mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 4], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 1], elementBitWidth = 64}>
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#mfma64 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 4], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 1], elementBitWidth = 64}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: @mfma
  // CHECK-SAME: tensor<64x64xf32, #mma>
  // CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  // CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  // CHECK-SAME: tensor<64x64xf64, #mma1>
  tt.func @mfma(%acc: tensor<64x64xf32, #mfma>,
                %a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>,
                %row: tensor<64xf32, #ttg.slice<{dim = 1, parent = #mfma}>>,
                %acc64: tensor<64x64xf64, #mfma64>) {
    tt.return
  }
}

// -----

// CHECK: #mma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1]}>
// CHECK: #mma1 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>
#wmma1 = #ttg.amd_wmma<{version = 1, warpsPerCTA = [1, 1]}>
#wmma3 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @wmma
  // CHECK-SAME: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 16}>>
  // CHECK-SAME: tensor<32x32xf32, #mma1>
  tt.func @wmma(%b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #wmma1, kWidth = 16}>>,
                %acc: tensor<32x32xf32, #wmma3>) {
    tt.return
  }
}
