// RUN: triton-opt --split-input-file --verify-diagnostics %s

// Register layouts that no sequence of tcgen05.ld/st messages moves to or
// from tensor memory are rejected by tmem_load, tmem_store and tmem_alloc,
// with the reason and, where one exists, a layout that works.

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tiles = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Tests that tmem_load rejects a layout whose lanes match no message, and
  // proposes the 32x32b layout.
  tt.func @lanes_match_no_message(%buf: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+2 {{'ttng.tmem_load' op result layout #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}> is not compatible with tensor memory: no tcgen05.ld/st message (32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2) repeated over registers and warps gives this layout}}
    // expected-note @+1 {{a layout that 32x32b messages move: #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>}}
    %0 = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #tiles>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#split = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Tests that tmem_store rejects warps that leave their quarter of the rows.
  tt.func @warps_leave_their_rows(%v: tensor<128x128xf32, #split>, %buf: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+2 {{is not compatible with tensor memory: warps 1 and 2 of the register layout must hold the elements of rows 32 and 64 of tensor memory}}
    // expected-note @+1 {{a layout that 32x32b messages move}}
    ttng.tmem_store %v, %buf, %p : tensor<128x128xf32, #split> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#two_warps = #ttg.blocked<{sizePerThread = [2, 128], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Tests that tmem_alloc needs a warpgroup for its initial value.
  tt.func @needs_a_warpgroup(%v: tensor<128x128xf32, #two_warps>) {
    // expected-error @+1 {{'ttng.tmem_alloc' op initial value layout #ttg.blocked<{sizePerThread = [2, 128], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}> is not compatible with tensor memory: tensor memory is read and written by whole warpgroups: the register layout needs at least 4 warps}}
    %0 = ttng.tmem_alloc %v : (tensor<128x128xf32, #two_warps>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#swapped = #ttg.linear<{register = [[0, 2], [0, 1], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Tests that 16-bit values sharing a column must sit in consecutive
  // registers.
  tt.func @half_not_packed(%buf: !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+2 {{the 16-bit values of a 32-bit tensor-memory column are neither in consecutive registers (packed) nor one to a register}}
    // expected-note @+1 {{a layout that 32x32b messages move}}
    %0 = ttng.tmem_load %buf : !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf16, #swapped>
    tt.return
  }
}
