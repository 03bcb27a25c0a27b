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
// where the last one ended. The ring has the option's 2 slots: the k loop
// has no tt.num_stages, and the marked loop's does not size the ring.
// CHECK-LABEL: tt.func public @persistent
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16
// CHECK: default {
// CHECK: scf.for %{{.*}} iter_args(%[[T:[a-z0-9]+]] = %c0_i32{{.*}}) -> (i32)
// CHECK: %[[K:[0-9]+]] = scf.for %{{.*}} iter_args(%{{[a-z0-9]+}} = %[[T]]) -> (i32)
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.yield %{{.*}} : i32
// CHECK: scf.yield %[[K]] : i32
// The consumer's TMA store of a tile stays in flight until the next
// tile's: it writes a buffer allocated before the tiles' loop, after
// waiting for the store before.
// CHECK: partition0
// CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
// CHECK: scf.for %{{.*}} iter_args(%[[CT:[a-z0-9]+]] = %{{.*}}) -> (i32)
// CHECK: %[[CK:[0-9]+]]:2 = scf.for %{{.*}} iter_args(%{{[a-z0-9]+}} = %cst{{.*}}, %{{[a-z0-9]+}} = %[[CT]]) -> (tensor<128x128xf32, #mma>, i32)
// CHECK: ttng.warp_group_dot
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[OUT]]
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[OUT]]
// CHECK: scf.yield %[[CK]]#1 : i32
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[OUT]]
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
    } {tt.num_stages = 4 : i32, tt.warp_specialize}
    tt.return
  }

  // The k loop's tt.num_stages sizes the ring.
  // CHECK-LABEL: tt.func public @persistent_k_stages
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
  tt.func public @persistent_k_stages(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32, %k_tiles: i32) {
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
      } {tt.num_stages = 3 : i32}
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
      tt.descriptor_store %c[%off, %off], %hb : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    } {tt.num_stages = 4 : i32, tt.warp_specialize}
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 1, 0], [64, 0, 0]], lane = [[0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]], block = []}>
#linear1 = #ttg.linear<{register = [[0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0], [0, 32, 0], [0, 0, 1], [64, 0, 0]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]], block = []}>
#linear2 = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// An epilogue split into two halves (reshape, permutation, split: linear
// layouts) still gets a consumer of two warp groups: each linear layout
// turns its register basis of row 64 into the third warp basis, as the
// MMA layout does. Both halves' stores share one buffer.
// CHECK-DAG: #ttg.linear<{register = {{\[\[}}0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 1, 0]], lane = {{.*}}, warp = {{\[\[}}16, 0, 0], [32, 0, 0], [64, 0, 0]], block = []}>
// CHECK-DAG: #ttg.linear<{register = {{\[\[}}0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = {{.*}}, warp = {{\[\[}}16, 0], [32, 0], [64, 0]], block = []}>
// CHECK-LABEL: tt.func public @subtiled
// CHECK: ttg.warp_specialize
// CHECK-SAME: requestedRegisters = array<i32: 232>
// CHECK: partition0({{.*}}) num_warps(8)
// CHECK: %[[OUT:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: tt.split
// CHECK: ttg.local_store %{{.*}}, %[[OUT]]
// CHECK: ttg.local_store %{{.*}}, %[[OUT]]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subtiled(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %c: !tt.tensordesc<tensor<128x64xf16, #shared>>, %tiles: i32, %k_tiles: i32) {
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
      %r = tt.reshape %acc : tensor<128x128xf32, #mma> -> tensor<128x2x64xf32, #linear>
      %t = tt.trans %r {order = array<i32: 0, 2, 1>} : tensor<128x2x64xf32, #linear> -> tensor<128x64x2xf32, #linear1>
      %lhs, %rhs = tt.split %t : tensor<128x64x2xf32, #linear1> -> tensor<128x64xf32, #linear2>
      %l = arith.truncf %lhs : tensor<128x64xf32, #linear2> to tensor<128x64xf16, #linear2>
      %lb = ttg.convert_layout %l : tensor<128x64xf16, #linear2> -> tensor<128x64xf16, #blocked>
      tt.descriptor_store %c[%off, %c0_i32], %lb : !tt.tensordesc<tensor<128x64xf16, #shared>>, tensor<128x64xf16, #blocked>
      %h = arith.truncf %rhs : tensor<128x64xf32, #linear2> to tensor<128x64xf16, #linear2>
      %hb = ttg.convert_layout %h : tensor<128x64xf16, #linear2> -> tensor<128x64xf16, #blocked>
      tt.descriptor_store %c[%off, %c64_i32], %hb : !tt.tensordesc<tensor<128x64xf16, #shared>>, tensor<128x64xf16, #blocked>
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

// -----

// Attention's loop (our make_ttgir of examples/attention_ws_kernel.py,
// non-causal): K and V go through the ring; Q, loaded before the loop,
// stays with the consumer. The consumer's dots are not a plain
// accumulation (the softmax reads the first): they stay synchronous and the
// slot is freed at the end of each iteration. The producer keeps none of
// the softmax and carries only its counter.
// CHECK-LABEL: tt.func public @attention_ws_kernel
// CHECK: default {
// CHECK-NOT: tt.reduce
// CHECK: scf.for {{.*}} -> (i32)
// CHECK: ttng.barrier_expect %{{.*}}, 32768
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK-NOT: tt.reduce
// CHECK: ttg.warp_yield
// CHECK: partition0
// CHECK-SAME: num_warps(8)
// CHECK: tt.descriptor_load
// CHECK: scf.for {{.*}} -> (tensor<128xf32, {{.*}}>, tensor<128xf32, {{.*}}>, tensor<128x64xf32, {{.*}}>, i32)
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot
// CHECK-NOT: isAsync
// CHECK: tt.reduce
// CHECK: ttng.warp_group_dot
// CHECK-NOT: isAsync
// CHECK: ttng.arrive_barrier %{{.*}}, 1 {ttng.per_warp_group}
// CHECK-NEXT: scf.yield
// CHECK: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attention_ws_kernel(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<f16>, %arg3: !tt.ptr<f16>, %arg4: f32, %arg5: i32, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %c64_i64 = arith.constant 64 : i64
    %c1_i64 = arith.constant 1 : i64
    %c128_i32 = arith.constant 128 : i32
    %cst_0 = arith.constant 1.44269502 : f32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma1>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %arg5, %arg6 : i32
    %3 = tt.make_tensor_descriptor %arg0, [%2, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %4 = tt.make_tensor_descriptor %arg1, [%2, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %5 = tt.make_tensor_descriptor %arg2, [%2, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %6 = tt.make_tensor_descriptor %arg3, [%2, %c64_i32], [%c64_i64, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %7 = arith.muli %1, %arg6 : i32
    %8 = arith.muli %0, %c128_i32 : i32
    %9 = arith.addi %7, %8 : i32
    %10 = arith.mulf %arg4, %cst_0 : f32
    %11 = tt.descriptor_load %3[%9, %c0_i32] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %12 = ttg.local_alloc %11 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %13 = tt.splat %10 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %14 = tt.splat %10 : f32 -> tensor<128x128xf32, #mma>
    %15:3 = scf.for %arg7 = %c0_i32 to %arg6 step %c128_i32 iter_args(%arg8 = %cst_2, %arg9 = %cst_1, %arg10 = %cst_3) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma1>)  : i32 {
      %22 = arith.addi %7, %arg7 : i32
      %23 = tt.descriptor_load %4[%22, %c0_i32] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %24 = ttg.local_alloc %23 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %25 = ttg.memdesc_trans %24 {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %26 = ttng.warp_group_dot %12, %25, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      %27 = "tt.reduce"(%26) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %49 = arith.maxnumf %arg11, %arg12 : f32
        tt.reduce.return %49 : f32
      }) : (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %28 = arith.mulf %27, %13 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %29 = arith.maxnumf %arg8, %28 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %30 = arith.mulf %26, %14 : tensor<128x128xf32, #mma>
      %31 = tt.expand_dims %29 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %32 = tt.broadcast %31 : tensor<128x1xf32, #mma> -> tensor<128x128xf32, #mma>
      %33 = arith.subf %30, %32 : tensor<128x128xf32, #mma>
      %34 = math.exp2 %33 : tensor<128x128xf32, #mma>
      %35 = "tt.reduce"(%34) <{axis = 1 : i32}> ({
      ^bb0(%arg11: f32, %arg12: f32):
        %49 = arith.addf %arg11, %arg12 : f32
        tt.reduce.return %49 : f32
      }) : (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %36 = arith.subf %arg8, %29 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %37 = math.exp2 %36 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %38 = tt.expand_dims %37 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %39 = ttg.convert_layout %38 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %40 = tt.broadcast %39 : tensor<128x1xf32, #mma1> -> tensor<128x64xf32, #mma1>
      %41 = arith.mulf %arg10, %40 : tensor<128x64xf32, #mma1>
      %42 = tt.descriptor_load %5[%22, %c0_i32] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %43 = ttg.local_alloc %42 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %44 = arith.truncf %34 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %45 = ttg.convert_layout %44 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %46 = ttng.warp_group_dot %45, %43, %41 {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma1>
      %47 = arith.mulf %arg9, %37 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %48 = arith.addf %47, %35 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      scf.yield %29, %48, %46 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma1>
    } {tt.num_stages = 2 : i32, tt.warp_specialize}
    %16 = tt.expand_dims %15#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %17 = ttg.convert_layout %16 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %18 = tt.broadcast %17 : tensor<128x1xf32, #mma1> -> tensor<128x64xf32, #mma1>
    %19 = arith.divf %15#2, %18 : tensor<128x64xf32, #mma1>
    %20 = arith.truncf %19 : tensor<128x64xf32, #mma1> to tensor<128x64xf16, #mma1>
    %21 = ttg.convert_layout %20 : tensor<128x64xf16, #mma1> -> tensor<128x64xf16, #blocked>
    tt.descriptor_store %6[%9, %c0_i32], %21 : !tt.tensordesc<tensor<128x64xf16, #shared>>, tensor<128x64xf16, #blocked>
    tt.return
  }
}


