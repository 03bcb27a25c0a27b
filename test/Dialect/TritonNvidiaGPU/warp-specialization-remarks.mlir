// RUN: triton-opt %s -split-input-file --nvgpu-warp-specialization -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_tma(%p: tensor<128x!tt.ptr<f32>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{this loop is not warp-specialized: it has no TMA loads feeding warp-group dots}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
      tt.store %p, %x : tensor<128x!tt.ptr<f32>, #blocked>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @descriptor_in_loop(%a: !tt.ptr<f16>, %k_tiles: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    // expected-remark @below {{this loop is not warp-specialized: a descriptor is made inside the loop of its loads}}
    %acc = scf.for %k = %c0_i32 to %k_tiles step %c1_i32 iter_args(%acc_k = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %desc = tt.make_tensor_descriptor %a, [%k_tiles, %k_tiles], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
      %x = tt.descriptor_load %desc[%k, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %xt = ttg.memdesc_trans %xs {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xs, %xt, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}
