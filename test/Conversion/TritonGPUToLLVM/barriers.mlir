// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// mbarriers: the CTA's first thread initializes, expects, arrives and
// invalidates; every thread waits on the phase's parity.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @barriers
  tt.func public @barriers(%phase: i32, %go: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // The first thread: its id, masked below the thread count, is 0.
    // CHECK: %[[TID0:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK-NEXT: %[[C127:.*]] = llvm.mlir.constant(127 : i32) : i32
    // CHECK-NEXT: %[[TID:.*]] = llvm.and %[[TID0]], %[[C127]] : i32
    // CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
    // At the kernel's start no barrier goes before the init; one follows it,
    // so that every thread sees the initialized mbarrier.
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %[[FIRST]], %{{.*}} : (i1, !llvm.ptr<3>) -> !llvm.void
    // CHECK-NEXT: nvvm.barrier0
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: %[[EXPECT:.*]] = llvm.and %{{.*}}, %arg1 : i1
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 8192;", "b,r" %[[EXPECT]]
    ttng.barrier_expect %bar, 8192, %go : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r" %{{.*}}, %arg0
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // With a predicate, threads where it is false do not wait.
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "\0A{\0A\09@!$2 bra.uni skipWait;\0A{{.*}}waitLoop:{{.*}}skipWait:\0A}\0A", "r,r,b" %{{.*}}, %arg0, %arg1
    ttng.wait_barrier %bar, %phase, %go : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 2;", "b,r"
    ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true} : !llvm.ptr<3>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // Every thread is done waiting before the first invalidates it.
    // CHECK: nvvm.barrier0
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// After other shared-memory traffic, an init waits for the buffer's readers;
// right after a local_alloc's stores (which end with a barrier) it need not.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @init_after_use
  // CHECK: nvvm.ldmatrix
  // CHECK: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 1;"
  // CHECK-NEXT: nvvm.barrier0
  tt.func public @init_after_use(%buf: !ttg.memdesc<128xf32, #shared, #smem>) -> tensor<128xf32, #blocked> {
    %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #shared, #smem> -> tensor<128xf32, #blocked>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return %y : tensor<128xf32, #blocked>
  }

  // CHECK-LABEL: llvm.func @init_after_store
  // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 1;"
  // CHECK-NEXT: nvvm.barrier0
  tt.func public @init_after_store(%x: tensor<128xf32, #blocked>) {
    %buf = ttg.local_alloc %x : (tensor<128xf32, #blocked>) -> !ttg.memdesc<128xf32, #shared, #smem>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// ttng.per_warp_group: the first thread of each warp group arrives (an
// 8-warp consumer's two groups each free the slot they read).
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @per_warp_group
  tt.func public @per_warp_group(%pred: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    // CHECK: %[[N:.*]] = llvm.mlir.constant(128 : i32)
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[IN_GROUP:.*]] = llvm.urem %[[TID]], %[[N]]
    // CHECK: %[[LEADER:.*]] = llvm.icmp "eq" %[[IN_GROUP]]
    // CHECK: %[[GO:.*]] = llvm.and %[[LEADER]], %arg0
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 1;", "b,r" %[[GO]]
    ttng.arrive_barrier %bar, 1, %pred {ttng.per_warp_group} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
