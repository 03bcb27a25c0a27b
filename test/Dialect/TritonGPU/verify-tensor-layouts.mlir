// RUN: triton-opt %s -split-input-file -verify-diagnostics

// Tests that a blocked layout spanning more warps than the module runs with
// is rejected.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_many_warps() {
    // expected-error @+1 {{'tt.make_range' op Layout has 8 warps per CTA, but the context requires 4 warps per CTA}}
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// Tests that a blocked layout whose threads do not make a warp is rejected.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wrong_threads(%x: i32) {
    // expected-error @+1 {{Layout has 16 threads per warp, but the context requires 32 threads per warp}}
    %0 = tt.splat %x : i32 -> tensor<16x16xi32, #blocked>
    tt.return
  }
}

// -----

// Tests that a layout of another rank than the tensor is rejected.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wrong_rank(%x: i32) {
    // expected-error @+1 {{has rank 1, but its layout has rank 2}}
    %0 = tt.splat %x : i32 -> tensor<16xi32, #blocked>
    tt.return
  }
}

// -----

// Tests that a layout spanning several CTAs is rejected in a one-CTA module.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wrong_ctas(%x: i32) {
    // expected-error @+1 {{Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA}}
    %0 = tt.splat %x : i32 -> tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// Tests that a slice's parent and a dot operand's parent are checked too.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @slice_parent(%x: i32) {
    // expected-error @+1 {{Layout has 2 warps per CTA, but the context requires 4 warps per CTA}}
    %0 = tt.splat %x : i32 -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// Tests that tensors may not carry shared-memory encodings.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_on_tensor(%x: i32) {
    // expected-error @+1 {{Non-distributed layout is not allowed in tensor type. }}
    %0 = tt.splat %x : i32 -> tensor<16xi32, #shared>
    tt.return
  }
}

// -----

// Tests that ops inside a warp_specialize partition are checked against the
// partition's warp count.
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @partition_warps(%x: i32) {
    ttg.warp_specialize(%x)
    default {
      %0 = tt.splat %x : i32 -> tensor<128xi32, #blocked4>
      ttg.warp_yield
    }
    partition0(%y: i32) num_warps(2) {
      %1 = tt.splat %y : i32 -> tensor<64xi32, #blocked2>
      // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA}}
      %2 = tt.splat %y : i32 -> tensor<128xi32, #blocked4>
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}
