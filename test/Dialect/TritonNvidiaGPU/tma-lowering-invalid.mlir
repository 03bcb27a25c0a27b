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

// A device-side tensor map holds 1- to 8-byte integers and floats only.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bool_map(%p: !tt.ptr<i1>, %n: i32, %s: i64) -> !tt.tensordesc<tensor<64x64xi1>> {
    // expected-error @+1 {{TMA tensor maps do not hold elements of type 'i1'}}
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<i1>, !tt.tensordesc<tensor<64x64xi1>>
    tt.return %d : !tt.tensordesc<tensor<64x64xi1>>
  }
}

// -----

// A rank-reduced copy in a cluster whose layout splits the dropped unit
// dimension over the CTAs: no buffer of the value's rank holds the parts.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_dropped(%desc: !tt.tensordesc<tensor<1x64x64xf16, #nvmma>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @+1 {{a rank-reduced TMA copy drops a dimension the CTAs of the cluster split}}
    %v = tt.descriptor_load %desc[%i, %i, %i] : !tt.tensordesc<tensor<1x64x64xf16, #nvmma>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}
