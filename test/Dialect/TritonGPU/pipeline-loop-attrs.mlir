// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-diagnostics | FileCheck %s

// tl.range(..., num_stages=5): the loop's own tt.num_stages wins over the
// pass's num-stages: 5 slots, and at the wait the six newer groups of three
// iterations (a group per copy) in flight, as upstream's 'cp.async.wait_group 6'.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @loop_num_stages
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<5x64x64xf16
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<5x64x64xf16
  // CHECK: scf.for
  // CHECK:   ttg.async_wait %{{.*}}, %{{.*}} {num = 6 : i32}
  tt.func @loop_num_stages(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
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
    } {tt.num_stages = 5 : i32}
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// An indirect load: the addresses of A need the load of an index, which
// cannot run ahead of its iteration. A is left as it is, with a remark; B is
// pipelined.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @indirect
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // CHECK-NOT: ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // CHECK: scf.for
  // CHECK:   tt.load {{.*}} : !tt.ptr<i32>
  // CHECK:   tt.load {{.*}} : tensor<64x64x!tt.ptr<f16>, #blocked>
  // CHECK-NOT: tt.load
  // CHECK:   ttg.async_copy_global_to_local
  tt.func @indirect(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %idx: !tt.ptr<i32>, %n: i32) -> tensor<64x64xf32, #mma> {
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
    %c64s = arith.constant 64 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %ip = tt.addptr %idx, %i : !tt.ptr<i32>, i32
      %k = tt.load %ip : !tt.ptr<i32>
      %k64 = arith.muli %k, %c64s : i32
      %ks = tt.splat %k64 : i32 -> tensor<64x64xi32, #blocked>
      %a_ptr = tt.addptr %pa, %ks : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      // expected-remark @+1 {{this load is not software-pipelined: its address needs 'tt.load' of the same iteration, which has memory effects}}
      %a = tt.load %a_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
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

// A loop that asks for stages pipelines its loads whatever they feed (here
// an add and a store): 2 slots each (the readers load into registers), a
// ttg.local_load in the load's layout in place of each load. The same loop
// without tt.num_stages is left alone: only loads feeding dots are
// pipelined by default, as upstream's assign-latencies decides.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @plain_loads
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x256xf16, #[[S:shared[0-9]*]], #smem, mutable>
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x256xf16, #[[S]], #smem, mutable>
  // CHECK: scf.for
  // CHECK:   %[[W:.*]] = ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
  // CHECK:   %[[VA:.*]] = ttg.memdesc_index %[[A]]
  // CHECK:   %[[X:.*]] = ttg.local_load %[[VA]] token %[[W]] : !ttg.memdesc<256xf16, #[[S]], #smem, mutable> -> tensor<256xf16, #blocked>
  // CHECK:   %[[VB:.*]] = ttg.memdesc_index %[[B]]
  // CHECK:   %[[Y:.*]] = ttg.local_load %[[VB]] token %[[W]]
  // CHECK:   arith.addf %[[X]], %[[Y]]
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK:   ttg.async_copy_global_to_local
  // CHECK-LABEL: tt.func @plain_loads_default
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @plain_loads(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #blocked>
    %sa = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %sb = tt.splat %b : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %so = tt.splat %o : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = %r) -> (tensor<256xi32, #blocked>) : i32 {
      %pa = tt.addptr %sa, %off : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %pb = tt.addptr %sb, %off : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %x = tt.load %pa : tensor<256x!tt.ptr<f16>, #blocked>
      %y = tt.load %pb : tensor<256x!tt.ptr<f16>, #blocked>
      %s = arith.addf %x, %y : tensor<256xf16, #blocked>
      %po = tt.addptr %so, %off : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      tt.store %po, %s : tensor<256x!tt.ptr<f16>, #blocked>
      %next = arith.addi %off, %step : tensor<256xi32, #blocked>
      scf.yield %next : tensor<256xi32, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
  tt.func @plain_loads_default(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<256xi32, #blocked>
    %sa = tt.splat %a : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = %r) -> (tensor<256xi32, #blocked>) : i32 {
      %pa = tt.addptr %sa, %off : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
      %x = tt.load %pa : tensor<256x!tt.ptr<f16>, #blocked>
      %s = arith.addf %x, %x : tensor<256xf16, #blocked>
      tt.store %pa, %s : tensor<256x!tt.ptr<f16>, #blocked>
      %next = arith.addi %off, %step : tensor<256xi32, #blocked>
      scf.yield %next : tensor<256xi32, #blocked>
    }
    tt.return
  }
}

// -----

// Pointer chasing: the load's address is its own value of the iteration
// before, which cannot be known ahead. Left as it is, with a remark.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @chase
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @chase(%a: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<256xi32, #blocked> {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant dense<256> : tensor<256xi32, #blocked>
    %sa = tt.splat %a : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = %r) -> (tensor<256xi32, #blocked>) : i32 {
      %pa = tt.addptr %sa, %off : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
      // expected-remark @+1 {{this load is not software-pipelined: its address needs its own value of the iteration before}}
      %x = tt.load %pa : tensor<256x!tt.ptr<i32>, #blocked>
      %next = arith.muli %x, %c256 : tensor<256xi32, #blocked>
      scf.yield %next : tensor<256xi32, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return %r2 : tensor<256xi32, #blocked>
  }
}
