// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// tt.dot on FMA: each thread holds its rows of A and columns of B over all
// of K; one fmuladd per (output register, k).
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot
  tt.func public @dot(%a: tensor<16x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x8xf32, #blocked>) -> tensor<16x8xf32, #blocked> attributes {noinline = true} {
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK-COUNT-16: llvm.intr.fmuladd
    // CHECK-NOT: llvm.intr.fmuladd
    %d = tt.dot %a, %b, %c : tensor<16x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xf32, #blocked>
    tt.return %d : tensor<16x8xf32, #blocked>
  }
  // Integer dots multiply and add in the accumulator's type.
  // CHECK-LABEL: llvm.func @idot
  // CHECK: llvm.sext %{{.*}} : i8 to i32
  // CHECK: llvm.mul
  // CHECK: llvm.add
  tt.func public @idot(%a: tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x8xi32, #blocked>) -> tensor<16x8xi32, #blocked> attributes {noinline = true} {
    %d = tt.dot %a, %b, %c : tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x8xi32, #blocked>
    tt.return %d : tensor<16x8xi32, #blocked>
  }
}

// -----

// A large product (64 registers x K = 64: 4096 fma a thread) whose operands a
// local_load reads right before the dot: a loop over K, 16 at a time (1024
// fma a chunk), that loads each chunk's operands from shared memory, the
// chunk's K bits XORed into the thread's offsets; not to be unrolled back.
#blocked = #ttg.blocked<{sizePerThread = [8, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
  // CHECK: #[[$LOOP:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
  // CHECK-LABEL: llvm.func @chunked
  // CHECK: llvm.br ^[[BODY:bb[0-9]+]](%{{.*}}, %{{.*}}
  // CHECK: ^[[BODY]](%[[K0:[0-9]+]]: i32,
  // CHECK: llvm.and %[[K0]], %{{.*}} : i32
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-COUNT-1024: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK: %[[STEP:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK: %[[K1:.*]] = llvm.add %[[K0]], %[[STEP]] : i32
  // CHECK: %[[END:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK: %[[MORE:.*]] = llvm.icmp "slt" %[[K1]], %[[END]] : i32
  // CHECK: llvm.cond_br %[[MORE]], ^[[BODY]](%[[K1]], {{.*}}), ^[[EXIT:bb[0-9]+]]({{.*}}) {loop_annotation = #[[$LOOP]]}
  // CHECK: ^[[EXIT]](
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK: llvm.return
  tt.func public @chunked(%a: !ttg.memdesc<32x64xf32, #shared, #smem>, %b: !ttg.memdesc<64x64xf32, #shared, #smem>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> attributes {noinline = true} {
    %x = ttg.local_load %a : !ttg.memdesc<32x64xf32, #shared, #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %y = ttg.local_load %b : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %x, %y, %c : tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }

  // A write to shared memory between the local_load and the dot: the loads
  // cannot move past it, so the dot takes the loaded registers, unrolled.
  // CHECK-LABEL: llvm.func @written_between
  // CHECK-NOT: llvm.cond_br
  // CHECK-COUNT-4096: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK: llvm.return
  tt.func public @written_between(%a: !ttg.memdesc<32x64xf32, #shared, #smem, mutable>, %b: !ttg.memdesc<64x64xf32, #shared, #smem>, %c: tensor<32x64xf32, #blocked>, %v: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> attributes {noinline = true} {
    %x = ttg.local_load %a : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %y = ttg.local_load %b : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    ttg.local_store %v, %a : tensor<32x64xf32, #blocked> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %d = tt.dot %x, %y, %c : tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }

  // Operands in registers already (here arguments): unrolled.
  // CHECK-LABEL: llvm.func @from_registers
  // CHECK-NOT: llvm.cond_br
  // CHECK-COUNT-4096: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK: llvm.return
  tt.func public @from_registers(%x: tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: !ttg.memdesc<64x64xf32, #shared, #smem>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> attributes {noinline = true} {
    %y = ttg.local_load %b : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %x, %y, %c : tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}
