// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 -verify-diagnostics | FileCheck %s

// Descriptor loads feeding a wgmma: TMA copies into 3-slot buffers of the
// descriptors' layout, two iterations ahead, both completing on the slot's
// mbarrier, which expects their 8192 + 8192 bytes. The wgmma waits on the
// mbarrier of its slot with the phase of its round through the slots, and
// reads the slots in place; copies past the end are predicated off. After
// the loop: the mbarriers are invalidated and everything freed.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tma_matmul
  // CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
  // CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
  // CHECK-DAG: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
  // CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1
  // Prologue: iterations 0 and 1.
  // CHECK: ttng.barrier_expect %{{.*}}, 16384, %{{.*}}
  // CHECK: ttng.async_tma_copy_global_to_local %arg0
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  // CHECK: ttng.barrier_expect %{{.*}}, 16384, %{{.*}}
  // CHECK: ttng.async_tma_copy_global_to_local %arg0
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[INS:.*]] = %{{.*}}, %[[EXT:.*]] = %{{.*}}, %[[PHASE:.*]] = %{{.*}})
  // CHECK: %[[BAR:.*]] = ttg.memdesc_index %[[BARS]][%[[EXT]]]
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]]
  // CHECK: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[EXT]]]
  // CHECK: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[EXT]]]
  // CHECK: ttng.warp_group_dot %[[SA]], %[[SB]], %[[ACC]]
  // What the wgmma's stage does after it (here: its slot and phase step)
  // comes after the copies.
  // CHECK: %[[BARIN:.*]] = ttg.memdesc_index %[[BARS]][%[[INS]]]
  // CHECK: ttng.barrier_expect %[[BARIN]], 16384, %{{.*}} :
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %{{.*}}, %[[BARIN]], %{{.*}} :
  // CHECK: ttng.async_tma_copy_global_to_local %arg1[{{.*}}] %{{.*}}, %[[BARIN]], %{{.*}} :
  // CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %{{.*}}
  // CHECK: %[[NEXTPHASE:.*]] = arith.select %{{.*}}, %[[FLIP]], %[[PHASE]]
  // CHECK: scf.yield {{.*}}, %[[NEXTPHASE]]
  // CHECK-COUNT-3: ttng.inval_barrier
  // CHECK: ttg.local_dealloc %[[BARS]]
  tt.func public @tma_matmul(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %a[%c0, %off] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%off, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A descriptor made in the loop gets one tensor map per stage in global
// scratch (3 x 128 bytes), written in turn: the loop carries the map's
// index, which steps (wrapping at 3) each time the make runs. Its loads are
// pipelined; a map of an iteration past the end is not written (the
// writes of stage 0 go into an scf.if of the copies' predicate).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @made_in_loop
  // CHECK-DAG: %[[MAPS:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
  // CHECK: %[[MAP0:.*]] = tt.addptr %[[MAPS]]
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: ttng.tensormap_create %[[MAP0]], %arg0
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[MAP0]]
  // CHECK: ttng.reinterpret_tensor_descriptor %[[MAP0]]
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: scf.for {{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %[[INDEX:[a-z0-9_]+]] = 
  // CHECK: %[[OFFSET:.*]] = arith.muli %[[INDEX]], %{{.*}} : i32
  // CHECK: %[[MAP:.*]] = tt.addptr %[[MAPS]], %[[OFFSET]] : !tt.ptr<i8>, i32
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: ttng.tensormap_create %[[MAP]], %arg0
  // CHECK: ttng.reinterpret_tensor_descriptor %[[MAP]]
  // CHECK: %[[NEXT:.*]] = arith.addi %[[INDEX]], %{{.*}} : i32
  // CHECK: %[[WRAPS:.*]] = arith.cmpi sge, %[[NEXT]], %{{.*}} : i32
  // CHECK: %[[STEPPED:.*]] = arith.select %[[WRAPS]], %{{.*}}, %[[NEXT]] : i32
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  // CHECK: scf.yield {{.*}}%[[STEPPED]]
  tt.func public @made_in_loop(%p: !tt.ptr<f16>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.make_tensor_descriptor %p, [%n, %n], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
      %x = tt.descriptor_load %a[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A persistent kernel makes its descriptors when a tile starts (an scf.if
// in the loop, the descriptor carried by the loop): the map's index leaves
// the scf.if as one more result (stepped in the then branch, as it was in
// the else branch), and the scf.if of an iteration past the end does not
// run (its condition and the copies' predicate).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @made_per_tile
  // CHECK: %[[MAPS:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 384 : i32} : !tt.ptr<i8>
  // CHECK: scf.for {{.*}} iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %[[DESC:[a-z0-9_]+]] = %{{[a-z0-9_#]+}}, %[[INDEX:[a-z0-9_]+]] = 
  // CHECK: %[[RUNS:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
  // CHECK: %[[TILE:.*]]:2 = scf.if %[[RUNS]] -> (!tt.tensordesc<tensor<64x64xf16, #{{.*}}>>, i32) {
  // CHECK: tt.addptr %[[MAPS]]
  // CHECK: ttng.tensormap_create
  // CHECK: scf.yield %{{.*}}, %{{.*}} : !tt.tensordesc
  // CHECK: } else {
  // CHECK: scf.yield %[[DESC]], %[[INDEX]] : !tt.tensordesc
  // CHECK: ttng.async_tma_copy_global_to_local %[[TILE]]#0
  // CHECK: scf.yield {{.*}}%[[TILE]]#0{{.*}}%[[TILE]]#1
  tt.func public @made_per_tile(%p: !tt.ptr<f16>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %kt: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %desc = %d0) -> (tensor<64x64xf32, #mma>, !tt.tensordesc<tensor<64x64xf16, #shared>>) : i32 {
      %ki = arith.remsi %k, %kt : i32
      %first = arith.cmpi eq, %ki, %c0 : i32
      %a = scf.if %first -> (!tt.tensordesc<tensor<64x64xf16, #shared>>) {
        %tile = arith.divsi %k, %kt : i32
        %base = tt.addptr %p, %tile : !tt.ptr<f16>, i32
        %made = tt.make_tensor_descriptor %base, [%n, %n], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
        scf.yield %made : !tt.tensordesc<tensor<64x64xf16, #shared>>
      } else {
        scf.yield %desc : !tt.tensordesc<tensor<64x64xf16, #shared>>
      }
      %x = tt.descriptor_load %a[%c0, %ki] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a : tensor<64x64xf32, #mma>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A descriptor a call returns in the loop is not one a make of the body
// writes: its loads stay as they are (the other is pipelined).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @make(%p: !tt.ptr<f16>, %n: i32) -> !tt.tensordesc<tensor<64x64xf16, #shared>> {
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %a = tt.make_tensor_descriptor %p, [%n, %n], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
    tt.return %a : !tt.tensordesc<tensor<64x64xf16, #shared>>
  }
  // CHECK-LABEL: tt.func public @returned_in_loop
  // CHECK: scf.for
  // CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  tt.func public @returned_in_loop(%p: !tt.ptr<f16>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.call @make(%p, %n) : (!tt.ptr<f16>, i32) -> !tt.tensordesc<tensor<64x64xf16, #shared>>
      // expected-remark @+1 {{this load is not software-pipelined: its descriptor is neither made before the loop nor by a tt.make_tensor_descriptor of its body (or of an scf.if there)}}
      %x = tt.descriptor_load %a[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%c0, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A flattened persistent loop (tritongpu-fuse-nested-loops): the tile's
// offsets step outside the epilogue's scf.if (its scalar results both
// branches take from outside become selects), so the loads run ahead. The
// wgmma accumulates across steps through the if that resets it after a
// tile: it stays in flight (pendings = 1), and the epilogue waits for it
// (pendings = 0) first. The epilogue comes after the next copies. Its TMA
// store writes a buffer allocated before the loop and stays in flight: the
// next store waits for it (pendings = 0) before rewriting the buffer, the
// loop is followed by a wait for the last.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @flattened
  // CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: scf.for
  // CHECK: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK-NEXT: %[[W:.*]] = ttng.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
  // CHECK: ttng.async_tma_copy_global_to_local %arg0
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  // CHECK: scf.if
  // CHECK-NEXT: %[[DONE:.*]] = ttng.warp_group_dot_wait %[[W]] {pendings = 0 : i32}
  // CHECK-NEXT: %[[H:.*]] = arith.truncf %[[DONE]]
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[OUT]]
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg2[%{{.*}}, %{{.*}}] %[[OUT]]
  // A second store of the same buffer type shares the buffer.
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[OUT]]
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg2[%{{.*}}, %{{.*}}] %[[OUT]]
  // CHECK: scf.yield
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[OUT]]
  // CHECK-NOT: ttg.local_dealloc %[[OUT]]
  tt.func public @flattened(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %c: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %len: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %t = %c0 to %n step %c1 iter_args(%i = %c0, %k = %c0, %acc = %zero) -> (i32, i32, tensor<64x64xf32, #mma>) : i32 {
      %row = arith.muli %i, %c64 : i32
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %a[%row, %off] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%off, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %xs, %ys, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %kp = arith.addi %k, %c1 : i32
      %in = arith.addi %i, %c1 : i32
      %last = arith.cmpi sge, %kp, %len : i32
      %res:3 = scf.if %last -> (i32, i32, tensor<64x64xf32, #mma>) {
        %h = arith.truncf %d : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
        %hb = ttg.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
        tt.descriptor_store %c[%row, %c0], %hb : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
        tt.descriptor_store %c[%row, %c64], %hb : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
        scf.yield %c0, %in, %zero : i32, i32, tensor<64x64xf32, #mma>
      } else {
        scf.yield %kp, %i, %d : i32, i32, tensor<64x64xf32, #mma>
      }
      scf.yield %res#1, %res#0, %res#2 : i32, i32, tensor<64x64xf32, #mma>
    }
    tt.return
  }
}

// -----

// Descriptor loads feeding mma.sync (a tile too small for wgmma): TMA copies
// into slots of the descriptors' layout as for wgmma, but the operands are
// loaded from the slot into their dot_op layouts before the copies refill
// it, so two slots serve three stages (as for cp.async).
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @tma_mma_v2
  // CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
  // CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 4096, %{{.*}}
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[INS:.*]] = %{{.*}}, %[[EXT:.*]] = %{{.*}}, %[[PHASE:.*]] = %{{.*}})
  // CHECK: ttng.wait_barrier %{{.*}}, %[[PHASE]]
  // CHECK: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[EXT]]]
  // CHECK: %[[RA:.*]] = ttg.local_load %[[SA]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[EXT]]]
  // CHECK: %[[RB:.*]] = ttg.local_load %[[SB]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  // CHECK: tt.dot %[[RA]], %[[RB]], %[[ACC]]
  // CHECK: ttng.async_tma_copy_global_to_local %arg0
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  tt.func public @tma_mma_v2(%a: !tt.tensordesc<tensor<32x32xf16, #shared>>, %b: !tt.tensordesc<tensor<32x32xf16, #shared>>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %off = arith.muli %k, %c32 : i32
      %x = tt.descriptor_load %a[%c0, %off] : !tt.tensordesc<tensor<32x32xf16, #shared>> -> tensor<32x32xf16, #blocked>
      %y = tt.descriptor_load %b[%off, %c0] : !tt.tensordesc<tensor<32x32xf16, #shared>> -> tensor<32x32xf16, #blocked>
      %xa = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yb = ttg.convert_layout %y : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xa, %yb, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    tt.return %r : tensor<32x32xf32, #mma>
  }
}
