// RUN: triton-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: triton-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

// SM80-NOT: ttng.fence_async_shared

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Operands stored from registers inside the loop: the fence stays in the
  // loop, right before the dot.
  // CHECK-LABEL: tt.func @in_loop
  // CHECK: scf.for
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16
  // CHECK-NEXT: ttg.local_alloc %{{.*}} : (tensor<64x64xf16
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @in_loop(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // Operands stored once before the loop: one fence before the loop.
  // CHECK-LABEL: tt.func @hoisted
  // CHECK: ttg.local_alloc
  // CHECK-NEXT: ttg.local_alloc
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @hoisted(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %sa, %sb, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // A buffer written by ttg.local_store through a view needs the fence too.
  // CHECK-LABEL: tt.func @local_store
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @local_store(%a: tensor<64x64xf16, #blocked>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %a, %view : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %view, %view, %zero : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // Buffers filled by async copies only (the pipelined form): no fence.
  // CHECK-LABEL: tt.func @async_copies
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @async_copies(%p: tensor<64x64x!tt.ptr<f16>, #blocked>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %view : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %w = ttg.async_wait %t {num = 0 : i32}
    %d = ttng.warp_group_dot %view, %view, %zero : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // A buffer of unknown origin (a function argument): fenced.
  // CHECK-LABEL: tt.func @unknown
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @unknown(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) -> tensor<64x64xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %m, %m, %zero : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A warp_specialize partition's operands are the op's captures: buffers
// that only TMA fills need no fence; one the kernel stores into does, and
// a store inside a partition through its argument counts too.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @captured
  // CHECK: partition0
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK: partition1
  // CHECK: ttg.local_store
  // CHECK: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func public @captured(%t: tensor<64x64xf16, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.warp_specialize(%a, %b)
    default {
      ttg.warp_yield
    }
    partition0(%pa: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %pb: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) num_warps(4) {
      %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
      %d = ttng.warp_group_dot %pa, %pa, %zero : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      ttg.warp_return
    }
    partition1(%qa: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %qb: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) num_warps(4) {
      %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
      %x = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
      ttg.local_store %x, %qb : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %qb, %qb, %zero : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) -> ()
    tt.return
  }
}
