// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=80' | FileCheck %s --check-prefix=SM80

// On sm_90 a wgmma result of 16-bit elements goes into an NVMMA buffer
// with stmatrix (four 8x8 matrices a lane, the fragments ldmatrix loads),
// as upstream's lowering writes it before a TMA store: 64x64 f16 over 4
// warps is 8 of them a thread.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_mma
  // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  tt.func public @store_mma(%v: tensor<64x64xf16, #mma>) {
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// 32-bit elements, and sm_80, store with st.shared.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_mma_f32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.store
  tt.func public @store_mma_f32(%v: tensor<64x64xf32, #mma>) {
    %buf = ttg.local_alloc %v : (tensor<64x64xf32, #mma>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // SM80-LABEL: llvm.func @store_mma_sm80
  // SM80-NOT: nvvm.stmatrix
  // SM80: llvm.store
  tt.func public @store_mma_sm80(%v: tensor<64x64xf16, #mma>) {
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}
