// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // histogram: bins zeroed in shared memory, counted with shared atomics,
  // read back.
  // CHECK-LABEL: llvm.func @hist
  // CHECK: nvvm.barrier0
  // CHECK: st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: "@$1 red.shared.add.u32 [ $0 + 0 ], 1;", "r,b"
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  tt.func public @hist(%x: tensor<512xi32, #blocked>) -> tensor<256xi32, #blocked1> attributes {noinline = true} {
    %h = tt.histogram %x : tensor<512xi32, #blocked> -> tensor<256xi32, #blocked1>
    tt.return %h : tensor<256xi32, #blocked1>
  }
  // gather: the source through shared memory, read at the indices.
  // CHECK-LABEL: llvm.func @gather
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.store {{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
  tt.func public @gather(%src: tensor<512xf32, #blocked>, %idx: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> attributes {noinline = true} {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %g : tensor<512xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be positive\00")
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%u) x: %i\0A\00")
  // CHECK-LABEL: llvm.func @debug
  // CHECK: llvm.cond_br
  // CHECK: llvm.call @__assertfail
  // CHECK: nvvm.barrier0
  // CHECK: llvm.call @vprintf
  tt.func public @debug(%x: tensor<32xi32, #blocked>) {
    %z = arith.constant dense<0> : tensor<32xi32, #blocked>
    %c = arith.cmpi sgt, %x, %z : tensor<32xi32, #blocked>
    tt.assert %c, "x must be positive" : tensor<32xi1, #blocked>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<32xi32, #blocked>
    tt.return
  }
}

// -----

// The assert's position: the innermost callee of an inlined call (its file
// and line); the function is reported "unknown", as upstream does.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("unknown\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("helpers.py\00")
  // CHECK-LABEL: llvm.func @inlined_assert
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(29 : i32) : i32
  // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]],
  tt.func public @inlined_assert(%c: tensor<128xi1, #blocked>) {
    tt.assert %c, "inner" : tensor<128xi1, #blocked> loc(#at)
    tt.return
  }
}
#inner = loc("helpers.py":29:28)
#outer = loc("kernel.py":33:8)
#named = loc("check"(#inner))
#at = loc(callsite(#named at #outer))

// -----

// tl.debug_barrier() arrives as gpu.barrier: a CTA-wide barrier.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @debug_barrier
  // CHECK: nvvm.barrier0
  // CHECK-NOT: gpu.barrier
  tt.func public @debug_barrier() {
    gpu.barrier
    tt.return
  }
}

// -----

// tt.map_elementwise: the region in line once per group of `pack` elements
// (two groups of two here), entered with the group's elements operand by
// operand, left from each return to a block taking the results.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @map_elementwise
  // CHECK: llvm.br ^[[E0:bb[0-9]+]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32)
  // CHECK: ^[[E0]](%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[B0:.*]]: i32, %[[B1:.*]]: i32):
  // CHECK: llvm.icmp "slt" %[[A0]], %[[B0]]
  // CHECK: llvm.cond_br
  // CHECK: llvm.br ^[[J0:bb[0-9]+]]
  // CHECK: ^[[J0]](%{{.*}}: i32, %{{.*}}: i32):
  // CHECK-NEXT: llvm.br ^[[E1:bb[0-9]+]]
  // CHECK: ^[[E1]](
  // CHECK: llvm.cond_br
  // CHECK: llvm.br ^[[J1:bb[0-9]+]]
  // CHECK: ^[[J1]](%{{.*}}: i32, %{{.*}}: i32):
  // CHECK-NEXT: llvm.br ^[[REST:bb[0-9]+]]{{$}}
  // CHECK: ^[[REST]]:
  // CHECK: llvm.return
  tt.func public @map_elementwise(%x: tensor<128xi32, #blocked>, %y: tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked> {
    %r = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %lt = arith.cmpi slt, %a0, %b0 : i32
      cf.cond_br %lt, ^bb1(%a0, %a1 : i32, i32), ^bb1(%b0, %b1 : i32, i32)
    ^bb1(%m0: i32, %m1: i32):
      tt.map_elementwise.return %m0, %m1 : i32, i32
    }) : (tensor<128xi32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.return %r : tensor<128xi32, #blocked>
  }
}

// -----

// tl.range(..., disable_licm=True): the loop annotation that scf-to-cf left
// on the latch branch becomes the LLVM branch's own loop_annotation (then
// the loop's !llvm.loop metadata).
#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @licm_disabled
  // CHECK: llvm.br ^bb1(%{{.*}} : i32) {loop_annotation = #{{.*}}}
  // CHECK-NOT: llvm.loop_annotation
  tt.func public @licm_disabled(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %c = arith.cmpi slt, %i, %n : i32
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %next = arith.addi %i, %c1 : i32
    cf.br ^bb1(%next : i32) {llvm.loop_annotation = #loop_annotation}
  ^bb3:
    tt.return
  }
}
