// RUN: triton-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=2 | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// A matmul's k loop: two TMA loads feed a warp-group dot. The ring has the
// loop's 3 slots of each block and 3 full (count 1) and 3 empty mbarriers;
// the kernel's warps copy, 4 more run the dots and the store.
// CHECK-LABEL: tt.func public @matmul
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1
// CHECK: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 2
// CHECK: ttg.local_barrier
// CHECK: ttg.warp_specialize(%[[A]], %[[B]], %[[FULL]], %[[EMPTY]], %arg0, %arg1, %arg2, %arg3)
// CHECK-NEXT: default {
// The producer: no dot, no store; the counter is all its loop carries.
// CHECK-NOT: warp_group_dot
// CHECK: scf.for %{{.*}} iter_args(%[[N:.*]] = %{{.*}}) -> (i32)
// CHECK: %[[SLOT:.*]] = arith.remui %[[N]], %[[C3:.*]] : i32
// CHECK: %[[ROUND:.*]] = arith.divui %[[N]], %[[C3]] : i32
// CHECK: %[[PHASE:.*]] = arith.andi %[[ROUND]]
// CHECK: %[[FREE:.*]] = arith.xori %[[PHASE]]
// CHECK: %[[E:.*]] = ttg.memdesc_index %[[EMPTY]][%[[SLOT]]]
// CHECK: ttng.wait_barrier %[[E]], %[[FREE]]
// CHECK: %[[F:.*]] = ttg.memdesc_index %[[FULL]][%[[SLOT]]]
// CHECK: ttng.barrier_expect %[[F]], 32768
// CHECK: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[SLOT]]]
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%{{.*}}, %{{.*}}] %[[SA]], %[[F]]
// CHECK: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[SLOT]]]
// CHECK: ttng.async_tma_copy_global_to_local %arg1[%{{.*}}, %{{.*}}] %[[SB]], %[[F]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[N]]
// CHECK: scf.yield %[[NEXT]] : i32
// CHECK-NEXT: } {tt.num_stages = 0 : i32}
// CHECK-NOT: descriptor_store
// CHECK: ttg.warp_yield
// The consumer, two warp groups (the 128-row tile's MMA layout and the
// epilogue's relaid for 8 warps, each group arriving at the empty
// mbarriers, of count 2): waits for the slot, reads it asynchronously,
// and frees the previous iteration's slot once its dots are done; after
// the loop, the last.
// CHECK: partition0(%[[CA:[a-z0-9]+]]: !ttg.memdesc<3x128x64xf16
// CHECK-SAME: %[[CB:[a-z0-9]+]]: !ttg.memdesc<3x128x64xf16
// CHECK-SAME: %[[CFULL:[a-z0-9]+]]: !ttg.memdesc<3x1xi64
// CHECK-SAME: %[[CEMPTY:[a-z0-9]+]]: !ttg.memdesc<3x1xi64
// CHECK-SAME: %{{[a-z0-9]+}}: !tt.tensordesc<tensor<128x64xf16
// CHECK-SAME: %{{[a-z0-9]+}}: !tt.tensordesc<tensor<128x64xf16
// CHECK-SAME: %[[DC:[a-z0-9]+]]: !tt.tensordesc<tensor<128x128xf16
// CHECK-SAME: num_warps(8)
// CHECK-NOT: async_tma_copy
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[K:[a-z0-9]+]] = %[[LB:[a-z0-9_]+]] to %{{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}}, %[[M:[a-z0-9]+]] = %[[M0:[a-z0-9_]+]]) -> (tensor<128x128xf32, #[[MMA8:mma[0-9]*]]>, i32)
// CHECK: %[[CSLOT:.*]] = arith.remui %[[M]]
// CHECK: %[[CF:.*]] = ttg.memdesc_index %[[CFULL]][%[[CSLOT]]]
// CHECK: ttng.wait_barrier %[[CF]]
// CHECK: %[[VA:.*]] = ttg.memdesc_index %[[CA]][%[[CSLOT]]] : {{.*}} -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: %[[VB:.*]] = ttg.memdesc_index %[[CB]][%[[CSLOT]]]
// CHECK: %[[T:.*]] = ttg.memdesc_trans %[[VB]] {{.*}} -> !ttg.memdesc<64x128xf16, #shared{{[0-9]+}}, #smem, mutable>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[VA]], %[[T]], %[[ACC]] {{{.*}}isAsync = true}
// CHECK: %[[W:.*]] = ttng.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
// CHECK: %[[PREV:.*]] = arith.subi %[[M]]
// CHECK: %[[NOT_FIRST:.*]] = arith.cmpi ne, %[[K]], %[[LB]]
// CHECK: %[[PSLOT:.*]] = arith.remui %[[PREV]]
// CHECK: %[[CE:.*]] = ttg.memdesc_index %[[CEMPTY]][%[[PSLOT]]]
// CHECK: ttng.arrive_barrier %[[CE]], 1, %[[NOT_FIRST]] {ttng.per_warp_group}
// CHECK: scf.yield %[[W]], %{{.*}} : tensor<128x128xf32, #[[MMA8]]>, i32
// CHECK-NEXT: } {tt.num_stages = 0 : i32}
// CHECK: %[[LAST_D:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK: %[[RAN:.*]] = arith.cmpi ne, %[[LOOP]]#1, %[[M0]]
// CHECK: ttng.arrive_barrier %{{.*}}, 1, %[[RAN]] {ttng.per_warp_group}
// CHECK: arith.truncf %[[LAST_D]]
// CHECK: tt.descriptor_store %[[DC]]
// CHECK: ttg.warp_return
// CHECK: tt.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %k_tiles: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pid = tt.get_program_id x : i32
    %off = arith.muli %pid, %c128_i32 : i32
    %acc = scf.for %k = %c0_i32 to %k_tiles step %c1_i32 iter_args(%acc_k = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %off_k = arith.muli %k, %c64_i32 : i32
      %x = tt.descriptor_load %a[%off, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%off, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xs, %yt, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 3 : i32, tt.warp_specialize}
    %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.descriptor_store %c[%off, %off], %hb : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// A persistent kernel: the tiles' loop is marked, the loads are in its k
// loop. The count of k iterations runs on across tiles: each k loop starts
// where the last one ended. The option's 2 slots (no tt.num_stages here).
// CHECK-LABEL: tt.func public @persistent
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16
// CHECK: default {
// CHECK: scf.for %{{.*}} iter_args(%[[T:[a-z0-9]+]] = %c0_i32{{.*}}) -> (i32)
// CHECK: %[[K:[0-9]+]] = scf.for %{{.*}} iter_args(%{{[a-z0-9]+}} = %[[T]]) -> (i32)
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %[[K]] : i32
// CHECK: partition0
// CHECK: scf.for %{{.*}} iter_args(%[[CT:[a-z0-9]+]] = %{{.*}}) -> (i32)
// CHECK: %[[CK:[0-9]+]]:2 = scf.for %{{.*}} iter_args(%{{[a-z0-9]+}} = %cst{{.*}}, %{{[a-z0-9]+}} = %[[CT]]) -> (tensor<128x128xf32, #mma>, i32)
// CHECK: ttng.warp_group_dot
// CHECK: tt.descriptor_store
// CHECK: scf.yield %[[CK]]#1 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @persistent(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32, %k_tiles: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %pid = tt.get_program_id x : i32
    %n = tt.get_num_programs x : i32
    scf.for %tile = %pid to %tiles step %n : i32 {
      %off = arith.muli %tile, %c128_i32 : i32
      %acc = scf.for %k = %c0_i32 to %k_tiles step %c1_i32 iter_args(%acc_k = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
        %off_k = arith.muli %k, %c64_i32 : i32
        %x = tt.descriptor_load %a[%off, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %y = tt.descriptor_load %b[%off, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
        %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
        %d = ttng.warp_group_dot %xs, %yt, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
      tt.descriptor_store %c[%off, %off], %hb : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// With 8 warps Hopper's kernels are not warp-specialized (upstream's
// choice): the loop stays for the pipeliner.
// CHECK-LABEL: tt.func public @eight_warps
// CHECK-NOT: ttg.warp_specialize
// CHECK: tt.descriptor_load
// CHECK: tt.warp_specialize
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @eight_warps(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %k_tiles: i32) -> () {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0_i32 to %k_tiles step %c1_i32 iter_args(%acc_k = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %x = tt.descriptor_load %a[%k, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %xt = ttg.memdesc_trans %xs {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xs, %xt, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 3 : i32, tt.warp_specialize}
    tt.return
  }
}
