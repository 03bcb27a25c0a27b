// RUN: triton-opt %s -split-input-file -tritongpu-prefetch -canonicalize | FileCheck %s

// K = 64 with kWidth 2: four slices of 16. The first is loaded before the
// loop and, for the next iteration, before the last dot; the others just
// before the dot ahead of theirs. B's slices are rows, A's columns.
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#C = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#A_OP = #ttg.dot_op<{opIdx = 0, parent = #C, kWidth = 2}>
#B_OP = #ttg.dot_op<{opIdx = 1, parent = #C, kWidth = 2}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @split
// CHECK: %[[AI:.*]] = ttg.memdesc_index %arg1[%c0_i32]
// CHECK: %[[BI:.*]] = ttg.memdesc_index %arg2[%c0_i32]
// CHECK: %[[A0S:.*]] = ttg.memdesc_subslice %[[AI]][0, 0] : !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable> -> !ttg.memdesc<128x16xf16, #{{.*}}, #smem, mutable, 128x64>
// CHECK: %[[A0:.*]] = ttg.local_load %[[A0S]]
// CHECK: %[[B0S:.*]] = ttg.memdesc_subslice %[[BI]][0, 0] : !ttg.memdesc<64x128xf16, {{.*}}> -> !ttg.memdesc<16x128xf16, #{{.*}}, #smem, mutable, 64x128>
// CHECK: %[[B0:.*]] = ttg.local_load %[[B0S]]
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[ABUF:.*]] = %[[AI]], %[[BBUF:.*]] = %[[BI]], %[[AP:.*]] = %[[A0]], %[[BP:.*]] = %[[B0]])
// CHECK: ttg.memdesc_subslice %[[ABUF]][0, 16]
// CHECK: ttg.memdesc_subslice %[[BBUF]][16, 0]
// CHECK: %[[D0:.*]] = tt.dot %[[AP]], %[[BP]], %[[ACC]]
// CHECK: ttg.memdesc_subslice %[[ABUF]][0, 32]
// CHECK: ttg.memdesc_subslice %[[BBUF]][32, 0]
// CHECK: %[[D1:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D0]]
// CHECK: ttg.memdesc_subslice %[[ABUF]][0, 48]
// CHECK: ttg.memdesc_subslice %[[BBUF]][48, 0]
// CHECK: %[[D2:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D1]]
// CHECK: %[[NABUF:.*]] = ttg.memdesc_index %arg1[%[[I]]]
// CHECK: %[[NBBUF:.*]] = ttg.memdesc_index %arg2[%[[I]]]
// CHECK: %[[NAS:.*]] = ttg.memdesc_subslice %[[NABUF]][0, 0]
// CHECK: %[[NA:.*]] = ttg.local_load %[[NAS]]
// CHECK: %[[NBS:.*]] = ttg.memdesc_subslice %[[NBBUF]][0, 0]
// CHECK: %[[NB:.*]] = ttg.local_load %[[NBS]]
// CHECK: %[[D3:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D2]]
// CHECK: scf.yield %[[D3]], %[[NABUF]], %[[NBBUF]], %[[NA]], %[[NB]]
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @split(%n: i32, %as: !ttg.memdesc<2x128x64xf16, #A, #smem, mutable>, %bs: !ttg.memdesc<2x64x128xf16, #A, #smem, mutable>) -> tensor<128x128xf32, #C> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32, #C>
  %a0 = ttg.memdesc_index %as[%c0] : !ttg.memdesc<2x128x64xf16, #A, #smem, mutable> -> !ttg.memdesc<128x64xf16, #A, #smem, mutable>
  %b0 = ttg.memdesc_index %bs[%c0] : !ttg.memdesc<2x64x128xf16, #A, #smem, mutable> -> !ttg.memdesc<64x128xf16, #A, #smem, mutable>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<128x128xf32, #C>, !ttg.memdesc<128x64xf16, #A, #smem, mutable>, !ttg.memdesc<64x128xf16, #A, #smem, mutable>) : i32 {
    %x = ttg.local_load %a : !ttg.memdesc<128x64xf16, #A, #smem, mutable> -> tensor<128x64xf16, #A_OP>
    %y = ttg.local_load %b : !ttg.memdesc<64x128xf16, #A, #smem, mutable> -> tensor<64x128xf16, #B_OP>
    %d = tt.dot %x, %y, %acc : tensor<128x64xf16, #A_OP> * tensor<64x128xf16, #B_OP> -> tensor<128x128xf32, #C>
    %na = ttg.memdesc_index %as[%i] : !ttg.memdesc<2x128x64xf16, #A, #smem, mutable> -> !ttg.memdesc<128x64xf16, #A, #smem, mutable>
    %nb = ttg.memdesc_index %bs[%i] : !ttg.memdesc<2x64x128xf16, #A, #smem, mutable> -> !ttg.memdesc<64x128xf16, #A, #smem, mutable>
    scf.yield %d, %na, %nb : tensor<128x128xf32, #C>, !ttg.memdesc<128x64xf16, #A, #smem, mutable>, !ttg.memdesc<64x128xf16, #A, #smem, mutable>
  }
  tt.return %r#0 : tensor<128x128xf32, #C>
}
}

// -----

// Left as they are: a K smaller than a slice (8 < 16), a loop of two dots,
// and a dot whose operands are not loaded from buffers the loop carries.
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#C = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#A_OP = #ttg.dot_op<{opIdx = 0, parent = #C, kWidth = 2}>
#B_OP = #ttg.dot_op<{opIdx = 1, parent = #C, kWidth = 2}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @untouched
// CHECK-NOT: ttg.memdesc_subslice
// CHECK: tt.return
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @untouched(%n: i32, %a0: !ttg.memdesc<128x8xf16, #A, #smem, mutable>, %b0: !ttg.memdesc<8x128xf16, #A, #smem, mutable>,
                   %a1: !ttg.memdesc<128x32xf16, #A, #smem, mutable>, %b1: !ttg.memdesc<32x128xf16, #A, #smem, mutable>) -> tensor<128x128xf32, #C> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.0> : tensor<128x128xf32, #C>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<128x128xf32, #C>, !ttg.memdesc<128x8xf16, #A, #smem, mutable>, !ttg.memdesc<8x128xf16, #A, #smem, mutable>) : i32 {
    %x = ttg.local_load %a : !ttg.memdesc<128x8xf16, #A, #smem, mutable> -> tensor<128x8xf16, #A_OP>
    %y = ttg.local_load %b : !ttg.memdesc<8x128xf16, #A, #smem, mutable> -> tensor<8x128xf16, #B_OP>
    %d = tt.dot %x, %y, %acc : tensor<128x8xf16, #A_OP> * tensor<8x128xf16, #B_OP> -> tensor<128x128xf32, #C>
    scf.yield %d, %a, %b : tensor<128x128xf32, #C>, !ttg.memdesc<128x8xf16, #A, #smem, mutable>, !ttg.memdesc<8x128xf16, #A, #smem, mutable>
  }
  %s:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r#0, %a = %a1, %b = %b1) -> (tensor<128x128xf32, #C>, !ttg.memdesc<128x32xf16, #A, #smem, mutable>, !ttg.memdesc<32x128xf16, #A, #smem, mutable>) : i32 {
    %x = ttg.local_load %a : !ttg.memdesc<128x32xf16, #A, #smem, mutable> -> tensor<128x32xf16, #A_OP>
    %y = ttg.local_load %b : !ttg.memdesc<32x128xf16, #A, #smem, mutable> -> tensor<32x128xf16, #B_OP>
    %d = tt.dot %x, %y, %acc : tensor<128x32xf16, #A_OP> * tensor<32x128xf16, #B_OP> -> tensor<128x128xf32, #C>
    %x2 = ttg.local_load %a : !ttg.memdesc<128x32xf16, #A, #smem, mutable> -> tensor<128x32xf16, #A_OP>
    %e = tt.dot %x2, %y, %d : tensor<128x32xf16, #A_OP> * tensor<32x128xf16, #B_OP> -> tensor<128x128xf32, #C>
    scf.yield %e, %a, %b : tensor<128x128xf32, #C>, !ttg.memdesc<128x32xf16, #A, #smem, mutable>, !ttg.memdesc<32x128xf16, #A, #smem, mutable>
  }
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s#0) -> (tensor<128x128xf32, #C>) : i32 {
    %x = ttg.local_load %a1 : !ttg.memdesc<128x32xf16, #A, #smem, mutable> -> tensor<128x32xf16, #A_OP>
    %y = ttg.local_load %b1 : !ttg.memdesc<32x128xf16, #A, #smem, mutable> -> tensor<32x128xf16, #B_OP>
    %d = tt.dot %x, %y, %acc : tensor<128x32xf16, #A_OP> * tensor<32x128xf16, #B_OP> -> tensor<128x128xf32, #C>
    scf.yield %d : tensor<128x128xf32, #C>
  }
  tt.return %t : tensor<128x128xf32, #C>
}
}
