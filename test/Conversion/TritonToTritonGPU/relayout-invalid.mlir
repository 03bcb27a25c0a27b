// RUN: triton-opt %s -split-input-file -relayout-tritongpu -verify-diagnostics

// A tensor without a layout that no conversion cast one away from.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_layout(%t: tensor<128x64xf32>) {
    // expected-error @below {{operand #0 has no layout to convert from (run convert-triton-to-tritongpu with enable-source-remat=true first)}}
    %a = ttng.tmem_alloc %t : (tensor<128x64xf32>) -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

// Tensor memory is moved by warpgroups: 2 warps have no layout for it.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_warps(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>) {
    // expected-error @below {{has no register layout for tensor memory}}
    %l = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory> -> tensor<128x64xf32>
    tt.return
  }
}

// -----

// Tensors that already have layouts are left alone.
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @has_layout(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>) -> tensor<128x64xf32, #blocked> {
    %l = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory> -> tensor<128x64xf32, #blocked>
    tt.return %l : tensor<128x64xf32, #blocked>
  }
}

// -----

// Without a warp count there is nothing to lay a tensor-memory tensor out
// over.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module {
  tt.func @no_num_warps(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>) {
    // expected-error @below {{has no ttg.num-warps to lay its tensor out over}}
    %l = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory> -> tensor<128x64xf32>
    tt.return
  }
}
