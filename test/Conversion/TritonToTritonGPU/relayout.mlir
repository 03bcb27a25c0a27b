// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:100 num-warps=8 enable-source-remat=true' -relayout-tritongpu | FileCheck %s

// Tests that relayout-tritongpu gives the tensors of ttng ops, which
// convert-triton-to-tritongpu casts back to no layout, the layouts their
// instructions move, through ttg.convert_layout from the value's own layout.

// 8 warps: blockM = 128 splits blockN over the two warpgroups; blockM = 64
// of a single block puts 16 lanes on rows and one lane bit on half the
// columns; scales move their last register step to the second warpgroup.
// CHECK-DAG: #[[$M128:.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0], [0, 32]], block = []}>
// CHECK-DAG: #[[$M64:.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [0, 16]], warp = {{\[\[}}16, 0], [32, 0], [0, 32]], block = []}>
// CHECK-DAG: #[[$SCALES:.*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [32, 0], [64, 0], [0, 4]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 0], [0, 0], [0, 8]], block = []}>
#tmem128 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>

// The result of a tmem_load takes the layout; its users convert from it,
// and a tmem_store of it into another buffer converts to that one's.
// CHECK-LABEL: @load_then_use
// CHECK: %[[L:.*]] = ttng.tmem_load %{{.*}} -> tensor<128x64xf32, #[[$M128]]>
// CHECK: ttg.convert_layout %[[L]] : tensor<128x64xf32, #[[$M128]]> -> tensor<128x64xf32, #blocked
// CHECK: ttng.tmem_store %[[L]], %{{.*}} : tensor<128x64xf32, #[[$M128]]>
tt.func @load_then_use(%m: !ttg.memdesc<128x64xf32, #tmem128, #ttng.tensor_memory, mutable>) {
  %l = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem128, #ttng.tensor_memory, mutable> -> tensor<128x64xf32>
  %a = arith.addf %l, %l : tensor<128x64xf32>
  %true = arith.constant true
  ttng.tmem_store %l, %m, %true : tensor<128x64xf32> -> !ttg.memdesc<128x64xf32, #tmem128, #ttng.tensor_memory, mutable>
  tt.return
}

// CHECK-LABEL: @store_and_alloc
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xf32, #blocked{{.*}}> -> tensor<64x64xf32, #[[$M64]]>
// CHECK: ttng.tmem_store %[[C]]
// CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<128x16xi8, #blocked{{.*}}> -> tensor<128x16xi8, #[[$SCALES]]>
// CHECK: ttng.tmem_alloc %[[S]]
// CHECK-NOT: unrealized_conversion_cast
tt.func @store_and_alloc(%m: !ttg.memdesc<64x64xf32, #tmem64, #ttng.tensor_memory, mutable>) {
  %cst = arith.constant dense<1.0> : tensor<64x64xf32>
  %true = arith.constant true
  ttng.tmem_store %cst, %m, %true : tensor<64x64xf32> -> !ttg.memdesc<64x64xf32, #tmem64, #ttng.tensor_memory, mutable>
  %s = arith.constant dense<127> : tensor<128x16xi8>
  %a = ttng.tmem_alloc %s : (tensor<128x16xi8>) -> !ttg.memdesc<128x16xi8, #scales, #ttng.tensor_memory>
  tt.return
}

// -----

// The row offsets of a TMA gather or scatter, four per thread.
// CHECK: #[[$G:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], order = [1, 0]}>
// CHECK-LABEL: @gather
// CHECK: %[[X:.*]] = ttg.convert_layout %{{.*}} -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[$G]]}>>
// CHECK: ttng.async_tma_gather %{{.*}}[%[[X]], %{{.*}}]
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @gather(%desc: !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, %y: i32,
                %bar: !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>,
                %dst: !ttg.memdesc<32x128xbf16, #nvmma, #ttg.shared_memory, mutable>,
                %pred: i1) {
  %x = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  ttng.async_tma_gather %desc[%x, %y] %dst, %bar, %pred : !tt.tensordesc<tensor<1x128xbf16, #nvmma>>, tensor<32xi32>, i32, !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>, !ttg.memdesc<32x128xbf16, #nvmma, #ttg.shared_memory, mutable>, i1
  tt.return
}
