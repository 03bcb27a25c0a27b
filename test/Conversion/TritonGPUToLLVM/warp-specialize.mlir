// RUN: triton-opt %s -split-input-file --tritongpu-allocate-warp-groups --convert-scf-to-cf --allocate-shared-memory --convert-triton-gpu-to-llvm --convert-warp-specialize-to-llvm | FileCheck %s

// The kernel's 4 warps run the kernel; warps 4-7 wait for work. Partition 1
// (2 warps) is on warps 4-5, partition 0 (1 warp) on warp 6, and an empty
// partition 2 that tritongpu-allocate-warp-groups adds on warp 7.
// A capture computed from a special register (%m) goes through shared
// memory, in a packed struct at the op's offset 0; the constant and the sum
// of kernel arguments (%s) are computed again in each partition, the kernel
// argument is used where it is. Each worker's state byte (at the kernel's
// offset 20) names its partition (0, 1, 2), the exit (3) or nothing (-1).
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: allocation.offset = 20 : i32
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]]
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx {{.*}}, %[[W]]
// CHECK: %[[IS_KERNEL:.*]] = llvm.icmp "ult" %[[WARP]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[IS_KERNEL]], ^[[KERNEL:.*]], ^[[HEADER:.*]]
// The switch loop comes first: wait, read the state byte, run.
// CHECK: ^[[HEADER]]:  // 5 preds
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK-NEXT: %[[STATES:.*]] = llvm.getelementptr %[[SMEM]][20]
// CHECK: %[[REL:.*]] = llvm.sub %[[WARP]]
// CHECK-NEXT: %[[ADDR:.*]] = llvm.getelementptr %[[STATES]][%[[REL]]]
// CHECK-NEXT: %[[STATE:.*]] = llvm.load %[[ADDR]] : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %[[STATE]] : i8, ^[[IDLE:.*]] [
// CHECK-NEXT: 0: ^[[P0:[a-z0-9]+]],
// CHECK-NEXT: 1: ^[[P1:[a-z0-9]+]],
// CHECK-NEXT: 2: ^[[P2:[a-z0-9]+]],
// CHECK-NEXT: 3: ^[[EXIT:[a-z0-9]+]]
// Idle: both of the op's start barriers, then its end one in the header.
// CHECK: ^[[IDLE]]:
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[HEADER]] {loop_annotation = #loop_annotation}
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return
// Partition 0: one warp, whose barriers are warp barriers, at thread 192.
// The capture is read before the second barrier, unaligned.
// CHECK: ^[[P0]]:
// CHECK-NEXT: %[[SMEM0:.*]] = llvm.mlir.addressof @global_smem
// CHECK-NEXT: %[[SLOT0:.*]] = llvm.getelementptr %[[SMEM0]][0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32)>
// CHECK-NEXT: %[[LOADED:.*]] = llvm.load %[[SLOT0]] {alignment = 1 : i64} : !llvm.ptr<3> -> i32
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-DAG: %[[K:.*]] = llvm.mlir.constant(42 : i32)
// CHECK-DAG: %[[S:.*]] = llvm.add %arg1, %arg1
// CHECK: nvvm.bar.warp.sync
// CHECK: %[[A:.*]] = llvm.add %[[LOADED]], %[[K]]
// CHECK: llvm.add %[[A]], %[[S]]
// CHECK: %[[FIRST0:.*]] = llvm.mlir.constant(192 : i32)
// CHECK: llvm.sub %{{.*}}, %[[FIRST0]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[HEADER]]
// Partition 1: two warps at named barrier 3, from thread 128.
// CHECK: ^[[P1]]:
// CHECK: %[[N64:.*]] = llvm.mlir.constant(64 : i32)
// CHECK: %[[ID3:.*]] = llvm.mlir.constant(3 : i32)
// CHECK: nvvm.barrier id = %[[ID3]] number_of_threads = %[[N64]]
// CHECK: %[[FIRST1:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: llvm.sub %{{.*}}, %[[FIRST1]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[HEADER]]
// Partition 2 does nothing.
// CHECK: ^[[P2]]:
// CHECK-NOT: nvvm.barrier id
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NOT: nvvm.barrier id
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br ^[[HEADER]]
// The kernel's own code.
// CHECK: ^[[KERNEL]]:
// Outside the partitions barriers are the kernel's 128 threads'.
// CHECK: %[[N128:.*]] = llvm.mlir.constant(128 : i32)
// CHECK: %[[ID0:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: nvvm.barrier id = %[[ID0]] number_of_threads = %[[N128]]
// CHECK: %[[BASE:.*]] = llvm.getelementptr %{{.*}}[20]
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(1 : i8)
// CHECK-NEXT: llvm.store %[[S1]], %[[BASE]]
// CHECK: llvm.mlir.constant(1 : i8)
// CHECK: llvm.mlir.constant(0 : i8)
// CHECK: llvm.mlir.constant(2 : i8)
// CHECK: %[[SLOT1:.*]] = llvm.getelementptr %{{.*}}[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32)>
// CHECK-NEXT: llvm.store %{{.*}}, %[[SLOT1]] {alignment = 1 : i64} : i32, !llvm.ptr<3>
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.br
// The default region, then the barrier the partitions end at.
// CHECK: st.global.b32
// CHECK: nvvm.barrier id
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: llvm.br ^[[AFTER:.*]](%{{.*}} : i32)
// CHECK: ^[[AFTER]](%{{.*}}: i32):
// Before the kernel returns, the workers are sent out.
// CHECK-COUNT-4: llvm.mlir.constant(3 : i8)
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%p: !tt.ptr<i32>, %n: i32) {
    %c42 = arith.constant 42 : i32
    %pid = tt.get_program_id y : i32
    %m = arith.muli %n, %pid : i32
    %s = arith.addi %n, %n : i32
    gpu.barrier
    %r = ttg.warp_specialize(%p, %m, %c42, %s)
    default {
      tt.store %p, %c42 : !tt.ptr<i32>
      gpu.barrier
      ttg.warp_yield %m : i32
    }
    partition0(%q: !tt.ptr<i32>, %v: i32, %k: i32, %t: i32) num_warps(1) {
      gpu.barrier
      %a = arith.addi %v, %k : i32
      %b = arith.addi %a, %t : i32
      tt.store %q, %b : !tt.ptr<i32>
      ttg.warp_return
    }
    partition1(%q: !tt.ptr<i32>, %v: i32, %k: i32, %t: i32) num_warps(2) {
      gpu.barrier
      %pid1 = tt.get_program_id x : i32
      tt.store %q, %pid1 : !tt.ptr<i32>
      ttg.warp_return
    } : (!tt.ptr<i32>, i32, i32, i32) -> i32
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Registers: every thread starts at 168; the kernel's warps take 256 and the
// workers 120 outside the partitions; in the op the two partitions take 232
// each and the kernel's warps 40, with a second barrier once they have
// given theirs back.
// CHECK-LABEL: llvm.func @registers
// CHECK-SAME: nvvm.maxnreg = 168 : i32
// CHECK-SAME: nvvm.reqntid = array<i32: 384>
// CHECK: llvm.cond_br %{{.*}}, ^[[KERNEL:.*]], ^[[HEADER:.*]]
// The workers go down to 120 each time round the loop.
// CHECK: ^[[HEADER]]:
// CHECK-NEXT: nvvm.setmaxregister decrease 120
// CHECK: llvm.switch
// Idle: both of the op's start barriers.
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: llvm.return
// CHECK: nvvm.setmaxregister increase 232
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: nvvm.setmaxregister decrease 120
// CHECK: nvvm.setmaxregister increase 232
// CHECK: ^[[KERNEL]]:
// CHECK-NEXT: nvvm.setmaxregister increase 256
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT: nvvm.setmaxregister increase 256
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @registers() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 232, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
