// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=OFF

// OFF-NOT: ttg.async_copy_global_to_local

// wgmma: the loads feeding the dot's shared operands become copies into 3
// slots. The prologue copies iterations 0 and 1 (masked off past the end),
// the loop waits for its own slots with the two newer groups (one copy
// each) of the next iteration still in flight,
// multiplies (asynchronously: the accumulator only chains into the next
// iteration's product, one product stays in flight), and copies iteration
// i + 2; after the loop everything is drained and the buffers freed.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma_loop
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: scf.for
  // CHECK:   ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
  // CHECK:   %[[VA:.*]] = ttg.memdesc_index %[[A]]
  // CHECK:   %[[VB:.*]] = ttg.memdesc_index %[[B]]
  // CHECK:   %[[D:.*]] = ttng.warp_group_dot %[[VA]], %[[VB]], %{{.*}} {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK:   %[[W:.*]] = ttng.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK:   ttg.async_commit_group
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK:   ttg.async_commit_group
  // CHECK:   scf.yield %[[W]],
  // CHECK: %[[R:.*]] = ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK: ttg.local_dealloc %[[A]]
  // CHECK: ttg.local_dealloc %[[B]]
  // CHECK-NOT: tt.load
  // CHECK: tt.return %[[R]]
  tt.func @wgmma_loop(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c4096 = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %pb = tt.addptr %pa, %c4096 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptr = %pa, %b_ptr = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %a_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %a_next = tt.addptr %a_ptr, %step : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %b_next = tt.addptr %b_ptr, %step : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %a_next, %b_next : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A shared operand the body allocates every iteration (its load has a
// non-zero `other`, which cp.async cannot fill, so it is not pipelined)
// would be overwritten by the next iteration while an asynchronous product
// still reads it: the product stays synchronous, B is pipelined all the same.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma_unpipelined_operand
  // CHECK: scf.for
  // CHECK:   %[[SA:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK:   ttng.warp_group_dot %[[SA]], %{{.*}}, %{{.*}} :
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK: tt.return
  tt.func @wgmma_unpipelined_operand(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: tensor<64x64xi1, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c4096 = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %pb = tt.addptr %pa, %c4096 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa, %m, %one : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// mma.sync: the conversion of the loaded tile to the dot operand layout
// becomes a ttg.local_load of the slot, in the swizzled layout the
// operand is best read from. A load with a non-zero `other` (cp.async
// fills with zeros only) stays a load. The slot is read into registers
// before the iteration's copies refill it, so num-stages - 1 slots do.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @mma_v2_loop
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for
  // CHECK-DAG: %[[W:.*]] = ttg.async_wait
  // CHECK-DAG: %[[VA:.*]] = ttg.memdesc_index %[[A]]
  // CHECK-DAG: %[[B:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} :
  // CHECK: %[[LA:.*]] = ttg.local_load %[[VA]] token %[[W]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: %[[CB:.*]] = ttg.convert_layout %[[B]]
  // CHECK: tt.dot %[[LA]], %[[CB]]
  // The slots are counters the loop carries, one for the readers and one
  // for the copies, each stepping by one and wrapping (upstream's insert
  // and extract indices).
  // CHECK: arith.select
  // CHECK: %[[VN:.*]] = ttg.memdesc_index %[[A]][%[[INS:arg[0-9]+]]]
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[VN]]
  // CHECK: %[[BUMP:.*]] = arith.addi %[[INS]], %{{.*}} : i32
  // CHECK: %[[WRAP:.*]] = arith.cmpi sge, %[[BUMP]], %{{.*}} : i32
  // CHECK: arith.select %[[WRAP]], %{{.*}}, %[[BUMP]] : i32
  tt.func @mma_v2_loop(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: tensor<64x64xi1, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c4096 = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %pb = tt.addptr %pa, %c4096 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb, %m, %one : tensor<64x64x!tt.ptr<f16>, #blocked>
      %ca = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %cb = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ca, %cb, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Loads feeding something else than a tensor-core dot stay loads.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @elementwise_loop
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @elementwise_loop(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf16, #blocked> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c4096 = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %pb = tt.addptr %pa, %c4096 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %s = arith.addf %acc, %a : tensor<64x64xf16, #blocked>
      scf.yield %s : tensor<64x64xf16, #blocked>
    }
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

// wgmma through a transposed view (what tritongpu-optimize-dot-operands
// makes of a transposed operand): the load is copied into the slot and the
// dot reads the slot's transposed view.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma_transposed_view
  // CHECK: %[[K:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: scf.for
  // CHECK:   ttg.async_wait %{{.*}} {num = 1 : i32}
  // CHECK:   %[[V:.*]] = ttg.memdesc_index %[[K]]
  // CHECK:   %[[T:.*]] = ttg.memdesc_trans %[[V]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
  // CHECK:   ttng.warp_group_dot %{{.*}}, %[[T]], %{{.*}}
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK-NOT: tt.load
  // CHECK: tt.return
  tt.func @wgmma_transposed_view(%q: !ttg.memdesc<64x64xf16, #shared, #smem>, %p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pk = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %k_ptr = %pk) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>) : i32 {
      %k = tt.load %k_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sk = ttg.local_alloc %k : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %kt = ttg.memdesc_trans %sk {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %q, %kt, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %k_next = tt.addptr %k_ptr, %step : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %k_next : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// wgmma whose accumulator is rescaled before it chains (attention's P @ V):
// the product runs asynchronously, and the next iteration waits for it
// (pendings = 0) right before rescaling the carried value; after the loop
// the last product is waited for.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma_rescaled_accumulator
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] =
  // CHECK:   %[[W:.*]] = ttng.warp_group_dot_wait %[[ACC]] {pendings = 0 : i32}
  // CHECK:   %[[S:.*]] = arith.mulf %[[W]], %{{.*}}
  // CHECK:   ttg.async_wait
  // CHECK:   %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[S]] {isAsync = true}
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK:   scf.yield %[[D]],
  // CHECK: %[[R:.*]] = ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
  // CHECK: tt.return %[[R]]
  tt.func @wgmma_rescaled_accumulator(%q: !ttg.memdesc<64x64xf16, #shared, #smem>, %p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %rr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %rows = arith.muli %r2, %c64 : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cbr = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cbr : tensor<64x64xi32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pv = tt.addptr %sp, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<4096> : tensor<64x64xi32, #blocked>
    %half = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %v_ptr = %pv) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>) : i32 {
      %scaled = arith.mulf %acc, %half : tensor<64x64xf32, #mma>
      %v = tt.load %v_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sv = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %q, %sv, %scaled : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %v_next = tt.addptr %v_ptr, %step : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %d, %v_next : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
