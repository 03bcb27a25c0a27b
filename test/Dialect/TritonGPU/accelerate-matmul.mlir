// RUN: triton-opt %s -split-input-file -tritongpu-accelerate-matmul | FileCheck %s

// sm_80: mma.sync (version 2). Warps double along the dimension with more
// 16x8 tiles left per warp; operands take dot_op layouts of the MMA parent
// with kWidth = 32 / 16 bits; the result converts back.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK: tt.func @mma_v2
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<128x128xf32, #{{blocked[0-9]*}}> -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #{{blocked[0-9]*}}>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x128xf16, #blocked1>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// sm_90: wgmma (version 3). Loaded operands go to shared memory with the
// widest NVMMA swizzle their contiguous dimension fills (B is N-major,
// stored as is), right after their definition; warp groups of 4 warps
// stack along M; instrShape N is the widest that divides the tile.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: tt.func @mma_v3
// CHECK: %[[A0:.*]] = tt.load
// CHECK-NEXT: %[[SA:.*]] = ttg.local_alloc %[[A0]] : (tensor<128x64xf16, #{{blocked[0-9]*}}>) -> !ttg.memdesc<128x64xf16, #[[SHARED]], #smem>
// CHECK: %[[B0:.*]] = tt.load
// CHECK-NEXT: %[[SB:.*]] = ttg.local_alloc %[[B0]] : (tensor<64x128xf16, #{{blocked[0-9]*}}>) -> !ttg.memdesc<64x128xf16, #[[SHARED]], #smem>
// CHECK-NOT: ttg.convert_layout %{{.*}} -> tensor<{{.*}}#ttg.dot_op
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %[[C]] : !ttg.memdesc<128x64xf16, #[[SHARED]], #smem> * !ttg.memdesc<64x128xf16, #[[SHARED]], #smem> -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v3(%pa: tensor<128x64x!tt.ptr<f16>, #blocked1>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked1>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// sm_90 in a cluster of two CTAs splitting N (as plan-cta tiles a 128x128
// result): wgmma as upstream, on each CTA's 128x64 part (instruction N 64);
// A, whole in each CTA, and B, split along N, go to shared buffers laid out
// over the cluster as their tensors are.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = {{\[\[}}0, 1]], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[SHARED_A:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 0]]}>
// CHECK-DAG: #[[SHARED_B:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1]]}>
// CHECK: tt.func @mma_v3_cluster
// CHECK: %[[SA:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<128x64xf16, #[[SHARED_A]], #smem>
// CHECK: %[[SB:.*]] = ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x128xf16, #[[SHARED_B]], #smem>
// CHECK: ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} -> tensor<128x128xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#whole = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#split = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v3_cluster(%pa: tensor<128x64x!tt.ptr<f16>, #whole>, %pb: tensor<64x128x!tt.ptr<f16>, #split>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #whole>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #split>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #whole> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xf16, #split> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// sm_90, chained dots (attention): warps all along M; an A computed in
// registers stays there as a dot_op of the MMA layout, B (a K-major, that
// is transposed, tile here) goes to shared memory.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[SHARED_T:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK: tt.func @chained
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x64xf16, #[[SHARED_T]], #smem>
// CHECK: %[[D1:.*]] = ttng.warp_group_dot
// CHECK: %[[P:.*]] = arith.truncf
// CHECK: %[[P1:.*]] = ttg.convert_layout %[[P]] :
// CHECK: %[[PA:.*]] = ttg.convert_layout %[[P1]] : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{blocked[0-9]*}}}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[PA]], %{{.*}}, %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * !ttg.memdesc<64x64xf16
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained(%pq: tensor<64x64x!tt.ptr<f16>, #blocked1>, %pk: tensor<64x64x!tt.ptr<f16>, #blocked2>, %pv: tensor<64x64x!tt.ptr<f16>, #blocked1>) -> tensor<64x64xf32, #blocked> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %q = tt.load %pq : tensor<64x64x!tt.ptr<f16>, #blocked1>
    %k = tt.load %pk : tensor<64x64x!tt.ptr<f16>, #blocked2>
    %v = tt.load %pv : tensor<64x64x!tt.ptr<f16>, #blocked1>
    %q1 = ttg.convert_layout %q : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %k1 = ttg.convert_layout %k : tensor<64x64xf16, #blocked2> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %s = tt.dot %q1, %k1, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %p = arith.truncf %s : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %p1 = ttg.convert_layout %p : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %v1 = ttg.convert_layout %v : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %o = tt.dot %p1, %v1, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %o : tensor<64x64xf32, #blocked>
  }
}

// -----

// Dots the tensor-core lowerings do not handle stay on FMA: f32 operands,
// an i32 accumulator, and every dot below sm_80.
// CHECK: tt.func @stays_fma
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>

// CHECK-NOT: nvidia_mma
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stays_fma(%a: tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// CHECK: tt.func @old_target
// CHECK-NOT: nvidia_mma
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @old_target(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Before Ampere there is no mma.sync: the dot stays on the FMA lowering,
// which takes its f16 operands extended to the f32 accumulator's type.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fma_before_ampere
  // CHECK: %[[A:.*]] = arith.extf %arg0 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<128x64xf32
  // CHECK: %[[B:.*]] = arith.extf %arg1 : tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<64x256xf32
  // CHECK: tt.dot %[[A]], %[[B]], %{{.*}} : tensor<128x64xf32, {{.*}} -> tensor<128x256xf32, #blocked>
  tt.func @fma_before_ampere(%arg0: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x256xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked>
    %0 = tt.dot %arg0, %arg1, %cst : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %0 : tensor<128x256xf32, #blocked>
  }
}

// -----

// sm_90: an A loaded and then transposed is still loaded: it goes to shared
// memory (the transpose becomes the buffer's order), as upstream's; a
// transpose of a computed A stays in registers.
// CHECK-LABEL: tt.func @a_load_then_trans
// CHECK: %[[T:.*]] = tt.trans
// CHECK-NEXT: %[[SA:.*]] = ttg.local_alloc %[[T]]
// CHECK: ttng.warp_group_dot %[[SA]], %{{.*}}, %{{.*}} : !ttg.memdesc<64x64xf16
// CHECK-LABEL: tt.func @a_computed_then_trans
// CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @a_load_then_trans(%pa: tensor<64x64x!tt.ptr<f16>, #blocked1>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<64x64xf32, #blocked> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked1>
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked2>
    %a1 = ttg.convert_layout %t : tensor<64x64xf16, #blocked2> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %a1, %b, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @a_computed_then_trans(%pa: tensor<64x64x!tt.ptr<f16>, #blocked1>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<64x64xf32, #blocked> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked1>
    %e = arith.addf %a, %a : tensor<64x64xf16, #blocked1>
    %t = tt.trans %e {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked2>
    %a1 = ttg.convert_layout %t : tensor<64x64xf16, #blocked2> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %a1, %b, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
