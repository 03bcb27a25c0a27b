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
  // CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %{{.*}}
  // CHECK: %[[NEXTPHASE:.*]] = arith.select %{{.*}}, %[[FLIP]], %[[PHASE]]
  // CHECK: %[[BARIN:.*]] = ttg.memdesc_index %[[BARS]][%[[INS]]]
  // CHECK: ttng.barrier_expect %[[BARIN]], 16384, %{{.*}} :
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %{{.*}}, %[[BARIN]], %{{.*}} :
  // CHECK: ttng.async_tma_copy_global_to_local %arg1[{{.*}}] %{{.*}}, %[[BARIN]], %{{.*}} :
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

// A descriptor made in the loop is one tensor map each iteration rewrites:
// its loads stay as they are (the other is pipelined).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @made_in_loop
  // CHECK: scf.for
  // CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc
  // CHECK: ttng.async_tma_copy_global_to_local %arg1
  tt.func public @made_in_loop(%p: !tt.ptr<f16>, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.make_tensor_descriptor %p, [%n, %n], [%c64_i64, %c1_i64] : <f16>, <tensor<64x64xf16, #shared>>
      // expected-remark @+1 {{this load is not software-pipelined: its descriptor is not made before the loop}}
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
