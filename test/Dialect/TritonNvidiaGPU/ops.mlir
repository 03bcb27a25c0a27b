// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s

// Parse/print round trips of the 28 ttng operations and the tensor-memory
// attributes. The second RUN line goes through the generic form, so every
// attribute must survive as a property.

//===----------------------------------------------------------------------===//
// Tensor memory attributes
//===----------------------------------------------------------------------===//

// CHECK: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK: #tmem1 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 2, CTASplitM = 2>
// CHECK: #tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2, twoCTAs = true>
// CHECK: #tmem3 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
// CHECK: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK: #tmem_scales1 = #ttng.tensor_memory_scales_encoding<CTASplitM = 2>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#split_m = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 2, CTASplitM = 2, CTASplitN = 1>
#two_ctas = #ttng.tensor_memory_encoding<blockN = 64, blockM = 128, colStride = 1, CTASplitN = 2, twoCTAs = true>
#defaults = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1, CTASplitM = 1, CTASplitN = 1, twoCTAs = false>
#scales = #ttng.tensor_memory_scales_encoding<>
#scales_split = #ttng.tensor_memory_scales_encoding<CTASplitM = 2, CTASplitN = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that tensor_memory_encoding prints blockM, blockN and colStride and
// only the CTA split and two-CTA parameters that differ from their defaults,
// that it and the scales encoding print under #tmem aliases, and that the
// tensor memory space prints inline.
// CHECK-LABEL: tt.func @tensor_memory_attributes
// CHECK-SAME: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<128x128xf16, #tmem1, #ttng.tensor_memory>
// CHECK-SAME: !ttg.memdesc<128x128xf32, #tmem2, #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<2x128x256xf32, #tmem3, #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory>
// CHECK-SAME: !ttg.memdesc<128x8xi8, #tmem_scales1, #ttng.tensor_memory, mutable>
tt.func @tensor_memory_attributes(%a: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>,
                                  %b: !ttg.memdesc<128x128xf16, #split_m, #ttng.tensor_memory>,
                                  %c: !ttg.memdesc<128x128xf32, #two_ctas, #ttng.tensor_memory, mutable>,
                                  %d: !ttg.memdesc<2x128x256xf32, #defaults, #ttng.tensor_memory, mutable>,
                                  %e: !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory>,
                                  %f: !ttg.memdesc<128x8xi8, #scales_split, #ttng.tensor_memory, mutable>) {
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Hopper warp-group MMA
//===----------------------------------------------------------------------===//

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that warp_group_dot takes A from shared memory or from registers, an
// optional useC flag and its attributes, and that warp_group_dot_wait waits
// on tensors and memdescs alike.
// CHECK-LABEL: tt.func @warp_group_dot
// CHECK-SAME: (%[[A:[^:]+]]: !ttg.memdesc<128x64xf16, #shared, #smem>, %[[B:[^:]+]]: !ttg.memdesc<64x128xf16, #shared, #smem>, %[[C:[^:]+]]: tensor<128x128xf32, #mma>, %[[AR:[^:]+]]: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %[[USE:[^:]+]]: i1)
tt.func @warp_group_dot(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>,
                        %c: tensor<128x128xf32, #mma>,
                        %ar: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %use: i1) {
  // CHECK: %[[D0:.+]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  // CHECK: ttng.warp_group_dot %[[AR]], %[[B]], %[[C]], %[[USE]] {inputPrecision = 1 : i32, maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  %1 = ttng.warp_group_dot %ar, %b, %c, %use {inputPrecision = 1 : i32, maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  // The defaults print as nothing, except the input precision (as upstream).
  // CHECK: ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  %2 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = false, maxNumImpreciseAcc = 0 : i32} : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  // CHECK: %{{.+}}:3 = ttng.warp_group_dot_wait %[[D0]], %[[A]], %[[B]] {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
  %3:3 = ttng.warp_group_dot_wait %0, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>
  // CHECK: ttng.warp_group_dot_wait %[[D0]] {pendings = 0 : i32} : tensor<128x128xf32, #mma>
  %4 = ttng.warp_group_dot_wait %0 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Blackwell tcgen5 MMA and tensor memory
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#scales_smem = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that tc_gen5_mma takes an input token as `[%tok]`, produces one
// with `[]`, neither without brackets, and barriers to arrive on as
// `, %bar[%pred]` with their types after the operands'.
// CHECK-LABEL: tt.func @tc_gen5_mma
// CHECK-SAME: (%[[A:[^:]+]]: !ttg.memdesc<128x64xf16, #shared, #smem>, %[[B:[^:]+]]: !ttg.memdesc<64x128xf16, #shared, #smem>, %[[D:[^:]+]]: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %[[TOK:[^:]+]]: !ttg.async.token, %[[USE:[^:]+]]: i1, %[[P:[^:]+]]: i1, %[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %[[BAR2:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>)
tt.func @tc_gen5_mma(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>,
                     %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %tok: !ttg.async.token,
                     %use: i1, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>,
                     %bar2: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // CHECK: %[[T0:.+]] = ttng.tc_gen5_mma %[[A]], %[[B]], %[[D]][%[[TOK]]], %[[USE]], %[[P]], %[[BAR]][%[[P]]] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  %0 = ttng.tc_gen5_mma %a, %b, %d[%tok], %use, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.tc_gen5_mma %[[A]], %[[B]], %[[D]][], %[[USE]], %[[P]] : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>{{$}}
  %1 = ttng.tc_gen5_mma %a, %b, %d[], %use, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tc_gen5_mma %[[A]], %[[B]], %[[D]][%[[T0]]], %[[USE]], %[[P]], %[[BAR]][%[[P]]], %[[BAR2]][%[[USE]]] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  %2 = ttng.tc_gen5_mma %a, %b, %d[%0], %use, %p, %bar[%p], %bar2[%use] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.tc_gen5_mma %[[A]], %[[B]], %[[D]], %[[USE]], %[[P]] : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>{{$}}
  ttng.tc_gen5_mma %a, %b, %d, %use, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tc_gen5_commit %[[BAR]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.tc_gen5_commit %[[BAR]], %[[P]] {two_ctas} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.tc_gen5_commit %bar, %p {two_ctas} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// Tests that tc_gen5_mma_scaled takes the scales after the accumulator and
// the element types of A and B as `lhs = .. rhs = ..`.
// CHECK-LABEL: tt.func @tc_gen5_mma_scaled
// CHECK-SAME: (%[[A:[^:]+]]: !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, %[[B:[^:]+]]: !ttg.memdesc<64x128xf8E5M2, #shared2, #smem>, %[[D:[^:]+]]: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %[[AS:[^:]+]]: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %[[BS:[^:]+]]: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %[[TOK:[^:]+]]: !ttg.async.token, %[[P:[^:]+]]: i1, %[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>)
tt.func @tc_gen5_mma_scaled(%a: !ttg.memdesc<128x64xf8E4M3FN, #nvmma8, #smem>, %b: !ttg.memdesc<64x128xf8E5M2, #nvmma8, #smem>,
                            %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>,
                            %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>,
                            %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>,
                            %tok: !ttg.async.token, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // CHECK: ttng.tc_gen5_mma_scaled %[[A]], %[[B]], %[[D]][%[[TOK]]], %[[AS]], %[[BS]], %[[P]], %[[P]] lhs = e4m3 rhs = e5m2, %[[BAR]][%[[P]]] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<64x128xf8E5M2, #shared2, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  %0 = ttng.tc_gen5_mma_scaled %a, %b, %d[%tok], %as, %bs, %p, %p lhs = e4m3 rhs = e5m2, %bar[%p] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<64x128xf8E5M2, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.tc_gen5_mma_scaled %[[A]], %[[B]], %[[D]], %[[AS]], %[[BS]], %[[P]], %[[P]] lhs = e2m1 rhs = bf16 : !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>
  ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = bf16 : !ttg.memdesc<128x64xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<64x128xf8E5M2, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
  // CHECK: ttng.tc_gen5_mma_scaled {{.+}} lhs = e2m3 rhs = e3m2
  %1 = ttng.tc_gen5_mma_scaled %a, %b, %d[], %as, %bs, %p, %p lhs = e2m3 rhs = e3m2 : !ttg.memdesc<128x64xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<64x128xf8E5M2, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
  // CHECK: ttng.tc_gen5_mma_scaled {{.+}} lhs = fp16 rhs = e4m3
  %2 = ttng.tc_gen5_mma_scaled %a, %b, %d[], %as, %bs, %p, %p lhs = fp16 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<64x128xf8E5M2, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
  tt.return
}

// Tests that tmem_alloc allocates tensor memory with or without an initial
// value and with or without a token, that tmem_load and tmem_store take and
// produce tokens as `[%tok]` or not at all, and that tmem_subslice and
// tmem_copy round-trip.
// CHECK-LABEL: tt.func @tensor_memory
// CHECK-SAME: (%[[V:[^:]+]]: tensor<128x128xf32, #blocked>, %[[P:[^:]+]]: i1, %[[SRC:[^:]+]]: !ttg.memdesc<128x4xi8, #shared3, #smem>, %[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>)
tt.func @tensor_memory(%v: tensor<128x128xf32, #blocked>, %p: i1,
                       %src: !ttg.memdesc<128x4xi8, #scales_smem, #smem>,
                       %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // CHECK: %[[BUF:.+]], %[[TOK:.+]] = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
  %buf, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.async.token)
  // CHECK: %[[BUF2:.+]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  %buf2 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_alloc %[[V]] : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  %cst = ttng.tmem_alloc %v : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>
  // CHECK: %[[VAL:.+]], %[[TOK1:.+]] = ttng.tmem_load %[[BUF]][%[[TOK]]] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  %val, %tok1 = ttng.tmem_load %buf[%tok] : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  // CHECK: ttng.tmem_load %[[BUF2]] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  %val2 = ttng.tmem_load %buf2 : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  // CHECK: ttng.tmem_store %[[VAL]], %[[BUF]][%[[TOK1]]], %[[P]] : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  %tok2 = ttng.tmem_store %val, %buf[%tok1], %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_store %[[V]], %[[BUF2]], %[[P]] : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  ttng.tmem_store %v, %buf2, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_subslice %[[BUF]] {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
  %sub = ttng.tmem_subslice %buf {N = 64 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
  // CHECK: %[[SC:.+]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  %scales = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_copy %[[SRC]], %[[SC]] : !ttg.memdesc<128x4xi8, #shared3, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  ttng.tmem_copy %src, %scales : !ttg.memdesc<128x4xi8, #scales_smem, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
  // CHECK: ttng.tmem_copy %[[SRC]], %[[SC]], %[[BAR]] : !ttg.memdesc<128x4xi8, #shared3, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.tmem_copy %src, %scales, %bar : !ttg.memdesc<128x4xi8, #scales_smem, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Fences, clusters and mbarriers
//===----------------------------------------------------------------------===//

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that the fence and cluster barrier ops round-trip with their
// attributes.
// CHECK-LABEL: tt.func @fences_and_clusters
tt.func @fences_and_clusters() {
  // CHECK: ttng.fence_async_shared {bCluster = false}
  ttng.fence_async_shared {bCluster = false}
  // CHECK: ttng.fence_async_shared {bCluster = true}
  ttng.fence_async_shared {bCluster = true}
  // CHECK: ttng.cluster_arrive {relaxed = true}
  ttng.cluster_arrive {relaxed = 1 : i1}
  // CHECK: ttng.cluster_arrive {relaxed = false}
  ttng.cluster_arrive {relaxed = false}
  // CHECK: ttng.cluster_wait{{$}}
  ttng.cluster_wait
  tt.return
}

// Tests that the mbarrier ops round-trip: init, inval, expect (with its
// attribute dictionary before the predicate), wait (with an optional
// predicate and dependencies), arrive (with an optional predicate) and the
// arrival on completion of async copies.
// CHECK-LABEL: tt.func @mbarriers
// CHECK-SAME: (%[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %[[PHASE:[^:]+]]: i32, %[[P:[^:]+]]: i1, %[[DEP:[^:]+]]: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>)
tt.func @mbarriers(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i32, %p: i1,
                   %dep: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>) {
  // CHECK: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.barrier_expect %[[BAR]], 16384, %[[P]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.barrier_expect %bar, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.barrier_expect %[[BAR]], 0 {ttg.partition = array<i32: 1>}, %[[P]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.barrier_expect %bar, 0 {ttg.partition = array<i32: 1>}, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]], %[[P]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]] deps %[[DEP]], %[[BAR]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.wait_barrier %bar, %phase deps %dep, %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.wait_barrier %[[BAR]], %[[PHASE]], %[[P]] deps %[[DEP]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %p deps %dep : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.arrive_barrier %[[BAR]], 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.arrive_barrier %[[BAR]], 1, %[[P]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.arrive_barrier %bar, 1, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.async_copy_mbarrier_arrive %[[BAR]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.async_copy_mbarrier_arrive %[[BAR]] {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  // CHECK: ttng.inval_barrier %[[BAR]] : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that the TMA copies round-trip: global to local with a barrier,
// predicate, cache modifier and eviction policy, local to global, and the
// reductions into global memory.
// CHECK-LABEL: tt.func @tma_copies
// CHECK-SAME: (%[[DESC:[^:]+]]: !tt.tensordesc<tensor<128x64xf16, #shared>>, %[[I:[^:]+]]: i32, %[[J:[^:]+]]: i32, %[[BUF:[^:]+]]: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %[[P:[^:]+]]: i1)
tt.func @tma_copies(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %j: i32,
                    %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>,
                    %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%[[I]], %[[J]]] %[[BUF]], %[[BAR]], %[[P]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%[[I]], %[[J]]] %[[BUF]], %[[BAR]], %[[P]] cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %p evictionPolicy = evict_first cacheModifier = cg {isVolatile = true} : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_copy_local_to_global %[[DESC]][%[[I]], %[[J]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_reduce add, %[[DESC]][%[[I]], %[[J]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_reduce add, %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_reduce max, %[[DESC]][%[[I]], %[[J]]] %[[BUF]]
  ttng.async_tma_reduce max, %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK: ttng.async_tma_store_wait {pendings = 2 : i32}
  ttng.async_tma_store_wait {pendings = 2 : i32}
  tt.return
}

// Tests that the TMA gather and scatter take a 1-D tensor of row offsets and
// a column offset, and print the types of all their operands.
// CHECK-LABEL: tt.func @tma_gather_scatter
// CHECK-SAME: (%[[DESC:[^:]+]]: !tt.tensordesc<tensor<1x64xf16, #shared>>, %[[ROWS:[^:]+]]: tensor<32xi32, #blocked>, %[[Y:[^:]+]]: i32, %[[BUF:[^:]+]]: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %[[BAR:[^:]+]]: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %[[P:[^:]+]]: i1)
tt.func @tma_gather_scatter(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32xi32, #blocked>, %y: i32,
                            %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>,
                            %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // CHECK: ttng.async_tma_gather %[[DESC]][%[[ROWS]], %[[Y]]] %[[BUF]], %[[BAR]], %[[P]] : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>, i1
  // CHECK: ttng.async_tma_scatter %[[DESC]][%[[ROWS]], %[[Y]]] %[[BUF]] : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  ttng.async_tma_scatter %desc[%rows, %y] %buf : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>
  tt.return
}

// Tests that TMA descriptors can be written to global memory, fenced, and
// read back as tensor descriptors.
// CHECK-LABEL: tt.func @tensormaps
// CHECK-SAME: (%[[RAW:[^:]+]]: !tt.ptr<i8>, %[[BASE:[^:]+]]: !tt.ptr<f16>, %[[M:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[S:[^:]+]]: i64)
tt.func @tensormaps(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) {
  // CHECK: ttng.tensormap_create %[[RAW]], %[[BASE]], [%[[M]], %[[N]]], [%[[M]], %[[N]]], [%[[S]]], [%[[M]], %[[M]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_create %raw, %base, [%m, %n], [%m, %n], [%s], [%m, %m] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK: ttng.tensormap_create %[[RAW]], %[[BASE]], [%[[M]]], [%[[N]]], [], [%[[M]]] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
  ttng.tensormap_create %raw, %base, [%m], [%n], [], [%m] {elem_type = 6 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
  // CHECK: ttng.tensormap_fenceproxy_acquire %[[RAW]] : !tt.ptr<i8>
  ttng.tensormap_fenceproxy_acquire %raw : !tt.ptr<i8>
  // CHECK: ttng.reinterpret_tensor_descriptor %[[RAW]] : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
  %0 = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #nvmma>>
  tt.return
}

}
