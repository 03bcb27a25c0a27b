// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Shared-memory buffers: local_alloc writes the tensor at the offsets its
// shared layout gives, local_load reads them back after a barrier,
// local_store overwrites, memdesc_index and memdesc_trans are address
// arithmetic only, local_dealloc emits nothing.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @alloc_load_store
  // The 4 registers of a thread are 4 consecutive offsets of the swizzled
  // layout (vec = 4): one 16-byte access each.
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func private @alloc_load_store(%x: tensor<32x16xf32, #blocked>, %y: tensor<32x16xf32, #blocked>) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<32x16xf32, #shared, #smem, mutable> -> tensor<32x16xf32, #blocked>
    ttg.local_store %y, %buf : tensor<32x16xf32, #blocked> -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    ttg.local_dealloc %buf : !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    tt.return %v : tensor<32x16xf32, #blocked>
  }

  // A buffer of 2 slots: the index selects a slot by its offset in
  // elements (32 x 16 per slot), as upstream counts it. The view is
  // upstream's struct: the address and an i32 offset per dimension, the
  // offsets of the dimensions it keeps.
  // CHECK-LABEL: llvm.func @index
  // CHECK: %[[SLOT:.*]] = llvm.mlir.constant(512 : i32) : i32
  // CHECK: %[[OFF:.*]] = llvm.mul %{{.*}}, %[[SLOT]] : i32
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %[[BUF:.*]][0] : !llvm.struct<(ptr<3>, i32, i32, i32)>
  // CHECK: %[[O1:.*]] = llvm.extractvalue %[[BUF]][2]
  // CHECK: %[[O2:.*]] = llvm.extractvalue %[[BUF]][3]
  // CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: %[[V0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[V1:.*]] = llvm.insertvalue %[[PTR]], %[[V0]][0]
  // CHECK: %[[V2:.*]] = llvm.insertvalue %[[O1]], %[[V1]][1]
  // CHECK: llvm.insertvalue %[[O2]], %[[V2]][2]
  tt.func public @index(%i: i32) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x16xf32, #shared, #smem, mutable>
    %slot = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
    %v = ttg.local_load %slot : !ttg.memdesc<32x16xf32, #shared, #smem, mutable> -> tensor<32x16xf32, #blocked>
    tt.return %v : tensor<32x16xf32, #blocked>
  }

  // A transposed view reads the same bytes with the permuted layout; the
  // 4 registers of a thread are now a column, so 4 scalar loads.
  // CHECK-LABEL: llvm.func @trans_view
  // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  tt.func public @trans_view(%x: tensor<32x16xf32, #blocked>) -> tensor<16x32xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf32, #shared, #smem> -> !ttg.memdesc<16x32xf32, #shared_t, #smem>
    %v = ttg.local_load %t : !ttg.memdesc<16x32xf32, #shared_t, #smem> -> tensor<16x32xf32, #blocked>
    tt.return %v : tensor<16x32xf32, #blocked>
  }
}

// -----

// convert_layout between layouts that keep the same 4 consecutive
// registers: one 16-byte vector store and one vector load per group, the
// warp's lanes on distinct banks.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @vectorized
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func private @vectorized(%x: tensor<32x128xf32, #a>) -> tensor<32x128xf32, #b> attributes {noinline = true} {
    %y = ttg.convert_layout %x : tensor<32x128xf32, #a> -> tensor<32x128xf32, #b>
    tt.return %y : tensor<32x128xf32, #b>
  }
}

// -----

// Asynchronous copies (in a device function, whose caller may be using
// shared memory): after a barrier (readers of the buffer finish), one
// 16-byte cp.async per 8 consecutive f16 a thread holds that are
// consecutive in the swizzled buffer; a masked-off vector copies 0 source
// bytes (zero fill). commit and wait map to their instructions; the wait is
// followed by a barrier so that every thread's copies are visible.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @async_copy
  // CHECK: nvvm.barrier0
  // CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
  // CHECK-COUNT-4: "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;", "r,l,r"
  // CHECK-NOT: cp.async.cg
  // CHECK: nvvm.cp.async.commit.group
  // CHECK: nvvm.cp.async.wait.group 1
  // CHECK-NEXT: nvvm.barrier0
  // The next copies follow the wait's barrier: no barrier of their own.
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-8: cp.async.cg.shared.global
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func private @async_copy(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: i1) attributes {noinline = true} {
    %m = tt.splat %b : i1 -> tensor<64x64xi1, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c2 = tt.expand_dims %c {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %c2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cb = tt.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %base, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 1 : i32}
    // A copy right after another (side-effect-free ops between) shares the
    // first one's barrier.
    %buf2 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t2 = ttg.async_copy_global_to_local %ptrs, %buf2 : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %m3 = arith.xori %m, %m : tensor<64x64xi1, #blocked>
    %t3 = ttg.async_copy_global_to_local %ptrs, %buf2 mask %m3 : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A buffer split over a cluster's 2 CTAs along dim 0, as the tensor is:
// each CTA stores and loads its own 16 x 16 part, one 16-byte access per 4
// registers, as without a cluster.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cluster_split
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @cluster_split(%x: tensor<32x16xf32, #blocked>) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    %v = ttg.local_load %buf : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #blocked>
    tt.return %v : tensor<32x16xf32, #blocked>
  }
}

// -----

// mma.sync operands come out of shared memory through ldmatrix: A (K
// contiguous) four matrices a lane plain, B (N contiguous) transposed, and
// 32-bit (tf32) operands as pairs of 16-bit units. A layout that reads 16
// bytes a lane anyway (a blocked one here) keeps vector loads.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared32 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ldmatrix_operands
  tt.func public @ldmatrix_operands(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %t: !ttg.memdesc<64x32xf32, #shared32, #smem>) -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<64x32xf16, #blocked>) {
    // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
    %va = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
    %vb = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    // CHECK-COUNT-8: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32
    %vt = ttg.local_load %t : !ttg.memdesc<64x32xf32, #shared32, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
    %vc = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
    tt.return %va, %vb, %vt, %vc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<64x32xf16, #blocked>
  }
}

// -----

// A tensor of pointers read back from shared memory: plain loads of i64
// (ldmatrix is for integer and float elements only), and written there on
// sm_90 (stmatrix neither).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @pointers_from_shared
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> i64
  tt.func public @pointers_from_shared(%m: !ttg.memdesc<64x!tt.ptr<f32>, #shared, #smem>) -> tensor<64x!tt.ptr<f32>, #blocked> {
    %v = ttg.local_load %m : !ttg.memdesc<64x!tt.ptr<f32>, #shared, #smem> -> tensor<64x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<64x!tt.ptr<f32>, #blocked>
  }
  // CHECK-LABEL: llvm.func @pointers_to_shared
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.ptrtoint {{.*}} : !llvm.ptr<1> to i64
  // CHECK: llvm.store {{.*}} : i64, !llvm.ptr<3>
  tt.func public @pointers_to_shared(%m: !ttg.memdesc<64x!tt.ptr<f32>, #shared, #smem, mutable>, %v: tensor<64x!tt.ptr<f32>, #blocked>) {
    ttg.local_store %v, %m : tensor<64x!tt.ptr<f32>, #blocked> -> !ttg.memdesc<64x!tt.ptr<f32>, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A buffer over 4 CTAs that split dim 0 in two and hold copies across the
// other CTA bit (a wgmma A operand of a 2 x 2 tiled result): each CTA
// stores (unpredicated: every copy is written) and loads its 16 x 16 part in
// its own buffer, as above.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cluster_split_and_copied
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @cluster_split_and_copied(%x: tensor<32x16xf32, #blocked>) -> tensor<32x16xf32, #blocked> attributes {noinline = true} {
    %buf = ttg.local_alloc %x : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    %v = ttg.local_load %buf : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #blocked>
    tt.return %v : tensor<32x16xf32, #blocked>
  }
}

// -----

// An unmasked cp.async copies its whole vector: the source size is an
// immediate. The copy's `contiguity` (what the pipeliner knew of the
// pointers it replaced) vectorizes where the pointers' own axis info, a
// function argument's, knows nothing: 4 f16 = 8 bytes.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @async_copy_contiguity
  // CHECK: "cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x8, 0x8;", "r,l"
  // CHECK-NOT: cp.async.ca
  tt.func public @async_copy_contiguity(%v: tensor<512x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<512xf16, #shared, #smem, mutable>) {
    %0 = ttg.async_copy_global_to_local %v, %buf {contiguity = 4 : i32} : tensor<512x!tt.ptr<f16>, #blocked> -> !ttg.memdesc<512xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// memdesc_reinterpret: the same address as a view of another element type
// and shape, in a struct of the new rank (offsets zero); a transposed view
// permutes the offsets.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @reinterpret
  // CHECK-SAME: (%[[ARG:.*]]: !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %[[ARG]][0]
  // CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%[[C0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[S0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<3>, i32, i32, i32)>
  // CHECK: %[[S1:.*]] = llvm.insertvalue %[[PTR]], %[[S0]][0]
  // CHECK: %[[S2:.*]] = llvm.insertvalue %[[Z]], %[[S1]][1]
  // CHECK: %[[S3:.*]] = llvm.insertvalue %[[Z]], %[[S2]][2]
  // CHECK: llvm.insertvalue %[[Z]], %[[S3]][3]
  tt.func private @reinterpret(%arg0: !ttg.memdesc<4x1024xi64, #shared, #smem, mutable>) attributes {noinline = true} {
    %0 = ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<4x1024xi64, #shared, #smem, mutable> -> !ttg.memdesc<4x4x4xi32, #shared3, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: llvm.func internal @trans
  // CHECK-SAME: (%[[ARG:.*]]: !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK-DAG: %[[B:.*]] = llvm.extractvalue %[[ARG]][0]
  // CHECK-DAG: %[[R:.*]] = llvm.extractvalue %[[ARG]][1]
  // CHECK-DAG: %[[C:.*]] = llvm.extractvalue %[[ARG]][2]
  // CHECK: %[[T0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[T1:.*]] = llvm.insertvalue %[[B]], %[[T0]][0]
  // CHECK: %[[T2:.*]] = llvm.insertvalue %[[C]], %[[T1]][1]
  // CHECK: llvm.insertvalue %[[R]], %[[T2]][2]
  tt.func private @trans(%arg0: !ttg.memdesc<16x32xf32, #shared, #smem, mutable>) attributes {noinline = true} {
    %0 = ttg.memdesc_trans %arg0 {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf32, #shared_t, #smem, mutable>
    tt.return
  }
}
