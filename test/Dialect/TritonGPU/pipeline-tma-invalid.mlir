// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-diagnostics

// A TMA store in a pipelined loop gets its buffer before the loop: through
// a descriptor whose block is laid out otherwise than nvmma_shared there is
// no TMA buffer to make, and the pass says so at the store.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_not_nvmma(%desc: !tt.tensordesc<tensor<64x64xf16, #swizzled>>, %v: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      // expected-error @+1 {{a TMA copy needs a descriptor whose block is laid out as #ttg.nvmma_shared}}
      tt.descriptor_store %desc[%i, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #swizzled>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
}
