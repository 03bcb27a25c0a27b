// RUN: triton-opt --split-input-file %s | FileCheck %s

// Register layouts that tcgen05.ld/st messages move to and from tensor
// memory: each message shape repeated over registers and warps, packed and
// unpacked 16-bit values, blockM = 64 buffers and 8 warps. All verify.

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// 32x32b: lane i of warp w holds row 32 w + i, registers step along columns.
#rows = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// 16x256b: four lanes of a row hold two columns each, registers hold rows
// 8 apart, then more columns and rows 16 apart.
#m16x256b = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
// 16x64b: lanes 0-1 step rows 8 apart, then a column, then rows.
#m16x64b = #ttg.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [16, 0]], lane = [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
// 16x128b: two lanes along columns, one register 8 rows below.
#m16x128b = #ttg.linear<{register = [[8, 0], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
// 16x32bx2: lanes 0-15 hold 16 rows, lanes 16-31 the same rows 64 columns on.
#m16x32bx2 = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 64]], warp = [[32, 0], [64, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @messages
  tt.func @messages(%buf: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %pred: i1) {
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf32, #blocked>
    %rows = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #rows>
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf32, #linear>
    %a = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #m16x256b>
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf32, #linear1>
    %b = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #m16x64b>
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf32, #linear2>
    %c = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #m16x128b>
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf32, #linear3>
    %d = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #m16x32bx2>
    // CHECK: ttng.tmem_store
    ttng.tmem_store %a, %buf, %pred : tensor<128x128xf32, #m16x256b> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tmem_alloc
    %init = ttng.tmem_alloc %d : (tensor<128x128xf32, #m16x32bx2>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

// 16-bit values packed two to a column, and unpacked one to a column.
#packed = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#unpacked = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#rows = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @half
  tt.func @half(%p: !ttg.memdesc<128x128xf16, #packed, #ttng.tensor_memory, mutable>, %u: !ttg.memdesc<128x128xbf16, #unpacked, #ttng.tensor_memory, mutable>) {
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xf16, #blocked>
    %0 = ttng.tmem_load %p : !ttg.memdesc<128x128xf16, #packed, #ttng.tensor_memory, mutable> -> tensor<128x128xf16, #rows>
    // CHECK: ttng.tmem_load {{.*}} -> tensor<128x128xbf16, #blocked>
    %1 = ttng.tmem_load %u : !ttg.memdesc<128x128xbf16, #unpacked, #ttng.tensor_memory, mutable> -> tensor<128x128xbf16, #rows>
    tt.return
  }
}

// -----

// blockM = 64: warps 1 and 2 hold tensor rows 16 and 32, which sit in rows
// 32 and 64 of tensor memory. Lanes 16-31 either repeat a 16x256b message's
// rows further right or, with a 32-row layout, use 16x32bx2.
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#m16x256b = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#halves = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @block_m_64
  tt.func @block_m_64(%buf: !ttg.memdesc<64x128xf32, #tmem64, #ttng.tensor_memory, mutable>) {
    // CHECK: ttng.tmem_load
    %0 = ttng.tmem_load %buf : !ttg.memdesc<64x128xf32, #tmem64, #ttng.tensor_memory, mutable> -> tensor<64x128xf32, #m16x256b>
    // CHECK: ttng.tmem_load
    %1 = ttng.tmem_load %buf : !ttg.memdesc<64x128xf32, #tmem64, #ttng.tensor_memory, mutable> -> tensor<64x128xf32, #halves>
    tt.return
  }
}

// -----

// 8 warps: warps 4-7 take the right half of the columns.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
#rows = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @eight_warps
  tt.func @eight_warps(%buf: !ttg.memdesc<128x256xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // CHECK: ttng.tmem_load
    %0 = ttng.tmem_load %buf : !ttg.memdesc<128x256xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x256xf32, #rows>
    tt.return
  }
}
