// RUN: triton-opt %s -split-input-file --triton-nvidia-tma-lowering -verify-diagnostics

// A descriptor whose block is laid out otherwise than nvmma_shared.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_nvmma(%desc: !tt.tensordesc<tensor<64x64xf16, #swizzled>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @+1 {{a TMA copy needs a descriptor whose block is laid out as #ttg.nvmma_shared}}
    %v = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #swizzled>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

// A rank-reduced load (the block's leading 1 dropped).
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rank_reduced(%desc: !tt.tensordesc<tensor<1x128xf16>>, %i: i32) -> tensor<128xf16, #blocked> {
    // expected-error @+1 {{TMA copies move whole descriptor blocks}}
    %v = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<1x128xf16>> -> tensor<128xf16, #blocked>
    tt.return %v : tensor<128xf16, #blocked>
  }
}

// -----

// A cluster's CTAs.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster(%desc: !tt.tensordesc<tensor<64x64xf16>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{TMA lowering of descriptors in a cluster (ttg.num-ctas > 1) is not supported}}
    tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}
