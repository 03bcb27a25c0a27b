// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s

// Parse/print round trips of every ttg layout attribute in every spelling,
// the !ttg.memdesc and !ttg.async.token types, the module attributes and
// every ttg operation. The second RUN line goes through the generic form, so
// every attribute must survive as a property. Layouts are written under
// private names to check the aliases the printer picks: #blocked, #mma,
// #linear, #shared and #smem, numbered in order; slices and dot operands
// print inline.

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// CHECK: #blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK: #linear1 = #ttg.linear<{register = {{\[\[}}1], [2]], lane = {{\[\[}}4], [8], [16], [32], [64]], warp = {{\[\[}}0], [0]], block = []}>
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK: #mma2 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#b1d = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3d = #ttg.blocked<{warpsPerCTA = [2, 2, 1], order = [2, 1, 0], sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4]}>
#b_trivial_cga = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>
#ampere = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#turing = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#hopper = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#lin2d = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#lin1d = #ttg.linear<{block = [], warp = [[0], [0]], lane = [[4], [8], [16], [32], [64]], register = [[1], [2]]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Tests that blocked layouts of rank 1 to 3 print under #blocked aliases with
// their keys in canonical order whatever the order they were written in, and
// that a Triton 3.5 CTA layout of one CTA prints as no CGALayout at all.
// CHECK-LABEL: tt.func @blocked_layouts
// CHECK-SAME: (%[[A:[^:]+]]: tensor<256xf32, #blocked>, %[[B:[^:]+]]: tensor<32x16xf32, #blocked1>, %[[C:[^:]+]]: tensor<2x16x16xf32, #blocked2>)
tt.func @blocked_layouts(%a: tensor<256xf32, #b1d>, %b: tensor<32x16xf32, #b2d>, %c: tensor<2x16x16xf32, #b3d>) {
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #blocked3>
  %0 = ttg.convert_layout %b : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #b_trivial_cga>
  tt.return
}

// Tests that Ampere (v2.0), Turing (v2.1) and Hopper (v3) MMA layouts print
// under #mma aliases and linear layouts of rank 1 and 2 under #linear.
// CHECK-LABEL: tt.func @mma_and_linear_layouts
// CHECK-SAME: (%[[B:[^:]+]]: tensor<32x16xf32, #blocked1>, %[[A:[^:]+]]: tensor<128xf32, #blocked>)
tt.func @mma_and_linear_layouts(%b: tensor<32x16xf32, #b2d>, %a: tensor<128xf32, #b1d>) {
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #mma>
  %0 = ttg.convert_layout %b : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #ampere>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #mma1>
  %1 = ttg.convert_layout %b : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #turing>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #mma2>
  %2 = ttg.convert_layout %b : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #hopper>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #linear>
  %3 = ttg.convert_layout %b : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #lin2d>
  // CHECK: ttg.convert_layout %[[A]] : tensor<128xf32, #blocked> -> tensor<128xf32, #linear1>
  %4 = ttg.convert_layout %a : tensor<128xf32, #b1d> -> tensor<128xf32, #lin1d>
  tt.return
}

// Tests that slice layouts print inline around their parent's alias, for
// blocked, MMA and linear parents and for a slice of a slice.
// CHECK-LABEL: tt.func @slice_layouts
tt.func @slice_layouts() {
  // CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b2d}>>
  // CHECK: tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #b2d}>>
  // CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma2}>>
  %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #hopper}>>
  // CHECK: tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #mma}>>
  %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #ampere}>>
  // CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #linear}>>
  %4 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #lin2d}>>
  // CHECK: tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #blocked2}>}>>
  %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #b3d}>}>>
  tt.return
}

// Tests that dot operand layouts print inline around their parent's alias,
// with kWidth for MMA parents and without it for a blocked (FMA) parent or
// when it is written as 0.
// CHECK-LABEL: tt.func @dot_operand_layouts
// CHECK-SAME: (%[[B:[^:]+]]: tensor<32x16xf16, #blocked1>)
tt.func @dot_operand_layouts(%b: tensor<32x16xf16, #b2d>) {
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf16, #blocked1> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %0 = ttg.convert_layout %b : tensor<32x16xf16, #b2d> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ampere, kWidth = 2}>>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf16, #blocked1> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  %1 = ttg.convert_layout %b : tensor<32x16xf16, #b2d> -> tensor<32x16xf16, #ttg.dot_op<{kWidth = 4, parent = #ampere, opIdx = 1}>>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf16, #blocked1> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
  %2 = ttg.convert_layout %b : tensor<32x16xf16, #b2d> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #hopper, kWidth = 2}>>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf16, #blocked1> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
  %3 = ttg.convert_layout %b : tensor<32x16xf16, #b2d> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #b2d}>>
  // CHECK: ttg.convert_layout %[[B]] : tensor<32x16xf16, #blocked1> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
  %4 = ttg.convert_layout %b : tensor<32x16xf16, #b2d> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #b2d, kWidth = 0}>>
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Layouts spread over a cluster of CTAs
//===----------------------------------------------------------------------===//

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK: #blocked2 = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK: #shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1], CGALayout = {{\[\[}}0, 1]]}>
// CHECK: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
// CHECK: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1]]}>
// CHECK: #smem = #ttg.shared_memory
#cga_dim0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#cta_dim1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
#cta_bcast = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#sw_cga = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0]]}>
#sw_cta = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [0, 1]}>
#nv_cga = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#nv_cta = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Tests that the Triton 3.6 CGALayout spelling round-trips and that the 3.5
// spelling (CTAsPerCGA, CTASplitNum, CTAOrder) of blocked, swizzled_shared
// and nvmma_shared layouts is read into the same block bases and printed
// back as CGALayout: split dimensions give unit bases, CTAs holding copies
// (CTASplitNum < CTAsPerCGA) give zero bases.
// CHECK-LABEL: tt.func @cga_layouts
// CHECK-SAME: tensor<64x32xf32, #blocked>
// CHECK-SAME: tensor<64x32xf32, #blocked1>
// CHECK-SAME: tensor<64x32xf32, #blocked2>
// CHECK-SAME: !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-SAME: !ttg.memdesc<64x32xf16, #shared1, #smem>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #shared2, #smem>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #shared3, #smem>
tt.func @cga_layouts(%a: tensor<64x32xf32, #cga_dim0>, %b: tensor<64x32xf32, #cta_dim1>,
                     %c: tensor<64x32xf32, #cta_bcast>,
                     %d: !ttg.memdesc<64x32xf16, #sw_cga, #ttg.shared_memory>,
                     %e: !ttg.memdesc<64x32xf16, #sw_cta, #ttg.shared_memory>,
                     %f: !ttg.memdesc<128x64xf16, #nv_cga, #ttg.shared_memory>,
                     %g: !ttg.memdesc<128x64xf16, #nv_cta, #ttg.shared_memory>) {
  // CHECK: ttg.convert_layout %{{.+}} : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked1>
  %0 = ttg.convert_layout %a : tensor<64x32xf32, #cga_dim0> -> tensor<64x32xf32, #cta_dim1>
  // CHECK: ttg.convert_layout %{{.+}} : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #blocked2>
  %1 = ttg.convert_layout %b : tensor<64x32xf32, #cta_dim1> -> tensor<64x32xf32, #cta_bcast>
  tt.return
}

// Tests that slices of a CGA layout print inline.
// CHECK-LABEL: tt.func @cga_slice
tt.func @cga_slice() {
  // CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cga_dim0}>>
  tt.return
}

}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0], CGALayout = {{\[\[}}0, 0, 0], [0, 1, 0]]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0], CGALayout = {{\[\[}}1, 0, 0], [0, 0, 1]]}>
#cta3d = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0], CTAsPerCGA = [1, 2, 2], CTASplitNum = [1, 2, 1], CTAOrder = [2, 1, 0]}>
#cga3d = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0], CGALayout = [[1, 0, 0], [0, 0, 1]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that a 3-D Triton 3.5 CTA layout of 4 CTAs walks CTAOrder from the
// minor dimension: dim 2 holds 2 copies (a zero basis), dim 1 is split in 2.
// CHECK-LABEL: tt.func @cga_3d
// CHECK-SAME: tensor<2x32x16xf32, #blocked>
tt.func @cga_3d(%a: tensor<2x32x16xf32, #cta3d>) {
  // CHECK: ttg.convert_layout %{{.+}} : tensor<2x32x16xf32, #blocked> -> tensor<2x32x16xf32, #blocked1>
  %0 = ttg.convert_layout %a : tensor<2x32x16xf32, #cta3d> -> tensor<2x32x16xf32, #cga3d>
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Shared-memory layouts and the memdesc type
//===----------------------------------------------------------------------===//

// CHECK: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK: #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK: #shared2 = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [2, 0, 1]}>
// CHECK: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #shared4 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK: #shared5 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
// CHECK: #shared6 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK: #shared7 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
// CHECK: #shared8 = #ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [16, 256]}>
// CHECK: #shared9 = #ttg.padded_shared<[32:+4] {order = [0, 1], shape = [32, 4]}>
// CHECK: #shared10 = #ttg.padded_shared<[16:+2] {offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [0, 4]], block = []}>
// CHECK: #shared11 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
// CHECK: #shared12 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8], [8, 0]], block = []}, alignment = 512>
// CHECK: #smem = #ttg.shared_memory
#sw1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#sw2d = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sw3d = #ttg.swizzled_shared<{order = [2, 0, 1], maxPhase = 4, perPhase = 2, vec = 4}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#nvmma_fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#nvmma_r3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, rank = 3, fp4Padded = false}>
#nvmma_0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, rank = 2}>
#padded = #ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [16, 256]}>
#padded_id = #ttg.padded_shared<[32:+4] {offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1], [0, 2]], block = []}>
#padded_ll = #ttg.padded_shared<[16:+2] {offset = [[0, 1], [0, 2], [1, 0], [2, 0], [0, 4]], block = []}>
#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
#sl_noblock = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8], [8, 0]]}, alignment = 512>
#smem_space = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that swizzled_shared layouts of rank 1 to 3 print under #shared
// aliases with their keys in canonical order, and the memory space as #smem.
// CHECK-LABEL: tt.func @swizzled_shared_layouts
// CHECK-SAME: !ttg.memdesc<64xf32, #shared, #smem>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<2x16x32xi8, #shared2, #smem>
tt.func @swizzled_shared_layouts(%a: !ttg.memdesc<64xf32, #sw1d, #smem_space>,
                                 %b: !ttg.memdesc<64x64xf16, #sw2d, #ttg.shared_memory, mutable>,
                                 %c: !ttg.memdesc<2x16x32xi8, #sw3d, #smem_space>) {
  tt.return
}

// Tests that nvmma_shared layouts print fp4Padded only when set and rank only
// when it is not 2, for every swizzle width.
// CHECK-LABEL: tt.func @nvmma_shared_layouts
// CHECK-SAME: !ttg.memdesc<128x64xf16, #shared3, #smem>
// CHECK-SAME: !ttg.memdesc<64x64xf8E4M3FN, #shared4, #smem>
// CHECK-SAME: !ttg.memdesc<128x64xi8, #shared5, #smem>
// CHECK-SAME: !ttg.memdesc<2x64x16xf16, #shared6, #smem>
// CHECK-SAME: !ttg.memdesc<32x32xf32, #shared7, #smem>
tt.func @nvmma_shared_layouts(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem_space>,
                              %b: !ttg.memdesc<64x64xf8E4M3FN, #nvmma_t, #smem_space>,
                              %c: !ttg.memdesc<128x64xi8, #nvmma_fp4, #smem_space>,
                              %d: !ttg.memdesc<2x64x16xf16, #nvmma_r3, #smem_space>,
                              %e: !ttg.memdesc<32x32xf32, #nvmma_0, #smem_space>) {
  tt.return
}

// Tests that padded_shared layouts print in the short {order, shape} form
// when their offset bases are an identity mapping, whichever form they were
// written in, and as full {offset, block} bases otherwise.
// CHECK-LABEL: tt.func @padded_shared_layouts
// CHECK-SAME: !ttg.memdesc<16x256xf16, #shared8, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<32x4xf32, #shared9, #smem>
// CHECK-SAME: !ttg.memdesc<4x8xf32, #shared10, #smem>
tt.func @padded_shared_layouts(%a: !ttg.memdesc<16x256xf16, #padded, #smem_space, mutable>,
                               %b: !ttg.memdesc<32x4xf32, #padded_id, #smem_space>,
                               %c: !ttg.memdesc<4x8xf32, #padded_ll, #smem_space>) {
  tt.return
}

// Tests that shared_linear layouts print their block bases even when empty
// or left out, then the alignment outside the braces.
// CHECK-LABEL: tt.func @shared_linear_layouts
// CHECK-SAME: !ttg.memdesc<4x4xf32, #shared11, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<16x16xf32, #shared12, #smem>
tt.func @shared_linear_layouts(%a: !ttg.memdesc<4x4xf32, #sl, #smem_space, mutable>,
                               %b: !ttg.memdesc<16x16xf32, #sl_noblock, #smem_space>) {
  tt.return
}

// Tests that the memdesc type prints `mutable` only when set and the alloc
// shape only when it differs from the shape, that the leading dimension need
// not be a power of two, and that the async token type round-trips.
// CHECK-LABEL: tt.func @memdesc_types
// CHECK-SAME: !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared1, #smem>
// CHECK-SAME: !ttg.memdesc<64x32xf16, #shared1, #smem, mutable, 3x64x64>
// CHECK-SAME: !ttg.memdesc<32x64xf16, #shared1, #smem, 64x64>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-SAME: !ttg.async.token
tt.func @memdesc_types(%a: !ttg.memdesc<3x64x64xf16, #sw2d, #smem_space, mutable>,
                       %b: !ttg.memdesc<64x64xf16, #sw2d, #smem_space>,
                       %c: !ttg.memdesc<64x32xf16, #sw2d, #smem_space, mutable, 3x64x64>,
                       %d: !ttg.memdesc<32x64xf16, #sw2d, #smem_space, 64x64>,
                       %e: !ttg.memdesc<64x64xf16, #sw2d, #smem_space, mutable, 64x64>,
                       %f: !ttg.memdesc<1xi64, #sw1d, #smem_space, mutable>,
                       %g: !ttg.async.token) {
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Module and operation attributes
//===----------------------------------------------------------------------===//

// Tests that the launch configuration and the attributes later passes add
// are accepted on the module and printed back, and that a function may set
// its own number of warps.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 1024 : i32, ttg.maxnreg = 168 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32, ttg.shared = 65536 : i32, ttg.target = "cuda:90", ttg.tensor_memory_size = 0 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 12 : i32, "ttng.two-ctas" = false}
module attributes {"ttg.num-warps" = 8 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32,
                   ttg.target = "cuda:90", ttg.shared = 65536 : i32, "ttg.total-num-warps" = 12 : i32,
                   ttg.maxnreg = 168 : i32, ttg.tensor_memory_size = 0 : i32,
                   ttg.global_scratch_memory_size = 1024 : i32, ttg.global_scratch_memory_alignment = 128 : i32,
                   ttg.profile_scratch_memory_size = 0 : i32, ttg.profile_scratch_memory_alignment = 1 : i32,
                   "ttng.two-ctas" = false} {

// CHECK-LABEL: tt.func public @function_warps
// CHECK-SAME: attributes {"ttg.num-warps" = 4 : i32}
tt.func public @function_warps() attributes {"ttg.num-warps" = 4 : i32} {
  tt.return
}

}

// -----

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

#b2d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2d_x2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b2d_t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that convert_layout round-trips, with discardable attributes.
// CHECK-LABEL: tt.func @convert_layout
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32x16xf32, #blocked>)
tt.func @convert_layout(%x: tensor<32x16xf32, #b2d>) -> tensor<32x16xf32, #b2d_t> {
  // CHECK: %[[Y:.+]] = ttg.convert_layout %[[X]] : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #blocked1>
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #b2d> -> tensor<32x16xf32, #b2d_t>
  // CHECK: ttg.convert_layout %[[Y]] {allocation.offset = 0 : i32} : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #blocked>
  %1 = ttg.convert_layout %0 {allocation.offset = 0 : i32} : tensor<32x16xf32, #b2d_t> -> tensor<32x16xf32, #b2d>
  tt.return %0 : tensor<32x16xf32, #b2d_t>
}

// Tests that fp4_to_fp round-trips: each i8 holds two e2m1 values, so the
// result doubles the source along `axis`, for bf16 and f16 results.
// CHECK-LABEL: tt.func @fp4_to_fp
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32x16xi8, #blocked>)
tt.func @fp4_to_fp(%x: tensor<32x16xi8, #b2d>) {
  // CHECK: ttg.fp4_to_fp %[[X]] {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked2>
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #b2d> -> tensor<32x32xbf16, #b2d_x2>
  // CHECK: ttg.fp4_to_fp %[[X]] {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xf16, #blocked2>
  %1 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #b2d> -> tensor<32x32xf16, #b2d_x2>
  tt.return
}

}

// -----

#b2d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that local_alloc round-trips without a source (a mutable buffer),
// with one (an immutable copy of a tensor) and with an alignment, and that
// local_dealloc, local_load (with and without a token), local_store and
// local_barrier round-trip.
// CHECK-LABEL: tt.func @shared_memory_ops
// CHECK-SAME: (%[[T:[^:]+]]: tensor<32x64xf16, #blocked>, %[[TOK:[^:]+]]: !ttg.async.token)
tt.func @shared_memory_ops(%t: tensor<32x64xf16, #b2d>, %tok: !ttg.async.token) {
  // CHECK: %[[BUF:.+]] = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  // CHECK: %[[MULTI:.+]] = ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<3x32x64xf16, #shared, #smem, mutable>
  %multi = ttg.local_alloc {alignment = 128 : i32} : () -> !ttg.memdesc<3x32x64xf16, #sw, #smem, mutable>
  // CHECK: %[[CST:.+]] = ttg.local_alloc %[[T]] : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
  %cst = ttg.local_alloc %t : (tensor<32x64xf16, #b2d>) -> !ttg.memdesc<32x64xf16, #sw, #smem>
  // CHECK: ttg.local_alloc %[[T]] {alignment = 16 : i32, allocation.offset = 0 : i32} : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
  %cst2 = ttg.local_alloc %t {alignment = 16 : i32, allocation.offset = 0 : i32} : (tensor<32x64xf16, #b2d>) -> !ttg.memdesc<32x64xf16, #sw, #smem>
  // CHECK: ttg.local_store %[[T]], %[[BUF]] : tensor<32x64xf16, #blocked> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  ttg.local_store %t, %buf : tensor<32x64xf16, #b2d> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.local_barrier
  ttg.local_barrier
  // CHECK: ttg.local_load %[[BUF]] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #blocked>
  %0 = ttg.local_load %buf : !ttg.memdesc<32x64xf16, #sw, #smem, mutable> -> tensor<32x64xf16, #b2d>
  // CHECK: ttg.local_load %[[BUF]] token %[[TOK]] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  %1 = ttg.local_load %buf token %tok : !ttg.memdesc<32x64xf16, #sw, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: ttg.local_load %[[CST]] : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #blocked>
  %2 = ttg.local_load %cst : !ttg.memdesc<32x64xf16, #sw, #smem> -> tensor<32x64xf16, #b2d>
  // CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  ttg.local_dealloc %buf : !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.local_dealloc %[[MULTI]] : !ttg.memdesc<3x32x64xf16, #shared, #smem, mutable>
  ttg.local_dealloc %multi : !ttg.memdesc<3x32x64xf16, #sw, #smem, mutable>
  tt.return
}

// Tests that global_scratch_alloc round-trips with its size and alignment.
// CHECK-LABEL: tt.func @global_scratch_alloc
tt.func @global_scratch_alloc() {
  // CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
  %0 = ttg.global_scratch_alloc {nbytes = 1024 : i32, alignment = 128 : i32} : !tt.ptr<i8>
  // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i64>
  %1 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i64>
  tt.return
}

}

// -----

#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sw_t = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#nvmma64_r4 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 4}>
#nvmma64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that memdesc_index takes one buffer out of a multi-buffered
// allocation, for mutable and immutable descriptors.
// CHECK-LABEL: tt.func @memdesc_index
// CHECK-SAME: (%[[BUF:[^:]+]]: !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>, %[[CST:[^:]+]]: !ttg.memdesc<2x16x64xf16, #shared, #smem>, %[[I:[^:]+]]: i32)
tt.func @memdesc_index(%buf: !ttg.memdesc<3x64x64xf16, #sw, #smem, mutable>,
                       %cst: !ttg.memdesc<2x16x64xf16, #sw, #smem>, %i: i32) {
  // CHECK: ttg.memdesc_index %[[BUF]][%[[I]]] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x64x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<64x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.memdesc_index %[[CST]][%[[I]]] : !ttg.memdesc<2x16x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem>
  %1 = ttg.memdesc_index %cst[%i] : !ttg.memdesc<2x16x64xf16, #sw, #smem> -> !ttg.memdesc<16x64xf16, #sw, #smem>
  tt.return
}

// Tests that memdesc_subslice prints its static offsets in square brackets
// and that the result keeps the alloc shape of the source.
// CHECK-LABEL: tt.func @memdesc_subslice
// CHECK-SAME: (%[[BUF:[^:]+]]: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %[[MULTI:[^:]+]]: !ttg.memdesc<4x8x32xf16, #shared, #smem>)
tt.func @memdesc_subslice(%buf: !ttg.memdesc<64x64xf16, #sw, #smem, mutable>,
                          %multi: !ttg.memdesc<4x8x32xf16, #sw, #smem>) {
  // CHECK: %[[S:.+]] = ttg.memdesc_subslice %[[BUF]][0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  %0 = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<64x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<64x32xf16, #sw, #smem, mutable, 64x64>
  // CHECK: ttg.memdesc_subslice %[[S]][32, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable, 64x64>
  %1 = ttg.memdesc_subslice %0 [32, 0] : !ttg.memdesc<64x32xf16, #sw, #smem, mutable, 64x64> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 64x64>
  // CHECK: ttg.memdesc_subslice %[[MULTI]][2, 0, 0] : !ttg.memdesc<4x8x32xf16, #shared, #smem> -> !ttg.memdesc<2x8x32xf16, #shared, #smem, 4x8x32>
  %2 = ttg.memdesc_subslice %multi[2, 0, 0] : !ttg.memdesc<4x8x32xf16, #sw, #smem> -> !ttg.memdesc<2x8x32xf16, #sw, #smem, 4x8x32>
  // A slice of whole rows is laid out as a buffer of its own shape: it may
  // drop the source's alloc shape (upstream's TMA tests do).
  // CHECK: ttg.memdesc_subslice %[[BUF]][32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  %3 = ttg.memdesc_subslice %buf[32, 0] : !ttg.memdesc<64x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  tt.return
}

// Tests that memdesc_trans round-trips its order as a dense array, with the
// transposed encoding in the result type.
// CHECK-LABEL: tt.func @memdesc_trans
// CHECK-SAME: (%[[A:[^:]+]]: !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>, %[[B:[^:]+]]: !ttg.memdesc<64x32xf16, #shared, #smem>)
tt.func @memdesc_trans(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>,
                       %b: !ttg.memdesc<64x32xf16, #sw, #smem>) {
  // CHECK: ttg.memdesc_trans %[[A]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared2, #smem, mutable>
  %0 = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma_t, #smem, mutable>
  // CHECK: ttg.memdesc_trans %[[B]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared3, #smem>
  %1 = ttg.memdesc_trans %b {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #sw, #smem> -> !ttg.memdesc<32x64xf16, #sw_t, #smem>
  tt.return
}

// Tests that memdesc_reshape and memdesc_reinterpret round-trip.
// CHECK-LABEL: tt.func @memdesc_reshape_reinterpret
// CHECK-SAME: (%[[A:[^:]+]]: !ttg.memdesc<32x1x4x64xf16, #shared4, #smem, mutable>, %[[B:[^:]+]]: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>)
tt.func @memdesc_reshape_reinterpret(%a: !ttg.memdesc<32x1x4x64xf16, #nvmma64_r4, #smem, mutable>,
                                     %b: !ttg.memdesc<64x64xf16, #sw, #smem, mutable>) {
  // CHECK: ttg.memdesc_reshape %[[A]] : !ttg.memdesc<32x1x4x64xf16, #shared4, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared5, #smem, mutable>
  %0 = ttg.memdesc_reshape %a : !ttg.memdesc<32x1x4x64xf16, #nvmma64_r4, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma64, #smem, mutable>
  // CHECK: ttg.memdesc_reinterpret %[[B]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xi16, #shared, #smem, mutable>
  %1 = ttg.memdesc_reinterpret %b : !ttg.memdesc<64x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<64x64xi16, #sw, #smem, mutable>
  // CHECK: ttg.memdesc_reinterpret %[[B]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x32x64xbf16, #shared, #smem, mutable>
  %2 = ttg.memdesc_reinterpret %b : !ttg.memdesc<64x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<2x32x64xbf16, #sw, #smem, mutable>
  tt.return
}

}

// -----

#b2d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that async_copy_global_to_local prints its destination type without
// the !ttg.memdesc prefix, takes an optional mask and other value, the cache
// modifier and eviction policy as keywords in either order and the
// contiguity and volatility as attributes.
// CHECK-LABEL: tt.func @async_copy_global_to_local
// CHECK-SAME: (%[[P:[^:]+]]: tensor<32x64x!tt.ptr<f16>, #blocked>, %[[M:[^:]+]]: tensor<32x64xi1, #blocked>, %[[O:[^:]+]]: tensor<32x64xf16, #blocked>, %[[BUF:[^:]+]]: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>)
tt.func @async_copy_global_to_local(%p: tensor<32x64x!tt.ptr<f16>, #b2d>, %m: tensor<32x64xi1, #b2d>,
                                    %o: tensor<32x64xf16, #b2d>,
                                    %buf: !ttg.memdesc<32x64xf16, #sw, #smem, mutable>) {
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] mask %[[M]] : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %1 = ttg.async_copy_global_to_local %p, %buf mask %m : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] mask %[[M]] other %[[O]] {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %2 = ttg.async_copy_global_to_local %p, %buf mask %m other %o {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #b2d> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] cacheModifier = ca : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %3 = ttg.async_copy_global_to_local %p, %buf cacheModifier = ca : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] evictionPolicy = evict_last : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %4 = ttg.async_copy_global_to_local %p, %buf evictionPolicy = evict_last : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] mask %[[M]] cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %5 = ttg.async_copy_global_to_local %p, %buf mask %m evictionPolicy = evict_first cacheModifier = cg {isVolatile = true} : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  // The defaults print as nothing.
  // CHECK: ttg.async_copy_global_to_local %[[P]], %[[BUF]] : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
  %6 = ttg.async_copy_global_to_local %p, %buf cacheModifier = none evictionPolicy = evict_normal {contiguity = 1 : i32, isVolatile = false} : tensor<32x64x!tt.ptr<f16>, #b2d> -> <32x64xf16, #sw, #smem, mutable>
  tt.return
}

// Tests that async_commit_group takes zero or more tokens and async_wait zero
// or more tokens and the number of groups left in flight.
// CHECK-LABEL: tt.func @async_groups
// CHECK-SAME: (%[[T0:[^:]+]]: !ttg.async.token, %[[T1:[^:]+]]: !ttg.async.token)
tt.func @async_groups(%t0: !ttg.async.token, %t1: !ttg.async.token) {
  // CHECK: ttg.async_commit_group{{$}}
  %0 = ttg.async_commit_group
  // CHECK: %[[G:.+]] = ttg.async_commit_group tokens %[[T0]]{{$}}
  %1 = ttg.async_commit_group tokens %t0
  // CHECK: ttg.async_commit_group tokens %[[T0]], %[[T1]]{{$}}
  %2 = ttg.async_commit_group tokens %t0, %t1
  // CHECK: ttg.async_wait {num = 0 : i32}
  %3 = ttg.async_wait {num = 0 : i32}
  // CHECK: ttg.async_wait %[[G]] {num = 1 : i32}
  %4 = ttg.async_wait %1 {num = 1 : i32}
  // CHECK: ttg.async_wait %[[T0]], %[[T1]] {num = 2 : i32}
  %5 = ttg.async_wait %t0, %t1 {num = 2 : i32}
  tt.return
}

}

// -----

// Tests that predicate_stage round-trips on i32, i64 and index induction
// variables.
// CHECK-LABEL: tt.func @predicate_stage
// CHECK-SAME: (%[[I:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[S:[^:]+]]: i32, %[[X:[^:]+]]: index, %[[L:[^:]+]]: i64)
tt.func @predicate_stage(%i: i32, %n: i32, %s: i32, %x: index, %l: i64) {
  // CHECK: ttg.predicate_stage %[[I]], %[[N]], %[[S]] maxStage 2 stage 1 : i32 -> i1
  %0 = ttg.predicate_stage %i, %n, %s maxStage 2 stage 1 : i32 -> i1
  // CHECK: ttg.predicate_stage %[[X]], %[[X]], %[[X]] maxStage 3 stage 0 : index -> i1
  %1 = ttg.predicate_stage %x, %x, %x maxStage 3 stage 0 : index -> i1
  // CHECK: ttg.predicate_stage %[[L]], %[[L]], %[[L]] maxStage 1 stage 1 : i64 -> i1
  %2 = ttg.predicate_stage %l, %l, %l maxStage 1 stage 1 : i64 -> i1
  tt.return
}

// Tests that mask prints in generic form around a region ending in a
// mask.return, with zero, one or several results.
// CHECK-LABEL: tt.func @mask
// CHECK-SAME: (%[[P:[^:]+]]: i1, %[[PTR:[^:]+]]: !tt.ptr<f32>)
tt.func @mask(%p: i1, %ptr: !tt.ptr<f32>) {
  // CHECK: %[[R:.+]] = "ttg.mask"(%[[P]]) ({
  // CHECK-NEXT: %[[V:.+]] = tt.load %[[PTR]] : !tt.ptr<f32>
  // CHECK-NEXT: ttg.mask.return %[[V]] : f32
  // CHECK-NEXT: }) : (i1) -> f32
  %0 = "ttg.mask"(%p) ({
    %v = tt.load %ptr : !tt.ptr<f32>
    "ttg.mask.return"(%v) : (f32) -> ()
  }) : (i1) -> f32
  // CHECK: %{{.+}}:2 = "ttg.mask"(%[[P]]) ({
  // CHECK-NEXT: ttg.mask.return %[[R]], %[[P]] : f32, i1
  // CHECK-NEXT: }) : (i1) -> (f32, i1)
  %1:2 = "ttg.mask"(%p) ({
    ttg.mask.return %0, %p : f32, i1
  }) : (i1) -> (f32, i1)
  tt.return
}

// Tests that warp_id round-trips.
// CHECK-LABEL: tt.func @warp_id
tt.func @warp_id() -> i32 {
  // CHECK: %[[W:.+]] = ttg.warp_id{{$}}
  %0 = ttg.warp_id
  // CHECK: tt.return %[[W]] : i32
  tt.return %0 : i32
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {

// Tests that warp_specialize round-trips with explicit captures, results, a
// default region ending in warp_yield, two partitions ending in warp_return
// with their own warp counts, and its optional attributes.
// CHECK-LABEL: tt.func @warp_specialize
// CHECK-SAME: (%[[A:[^:]+]]: i32, %[[B:[^:]+]]: i64, %[[P:[^:]+]]: !tt.ptr<i32>)
tt.func @warp_specialize(%a: i32, %b: i64, %p: !tt.ptr<i32>) -> (i64, i32) {
  // CHECK: %[[R:.+]]:2 = ttg.warp_specialize(%[[A]], %[[P]]) attributes {actualRegisters = array<i32: 232, 40, 40>, requestedRegisters = array<i32: 40, 40>, warpGroupStartIds = array<i32: 4, 6>}
  // CHECK-NEXT: default {
  // CHECK-NEXT: ttg.warp_yield %[[B]], %[[A]] : i64, i32
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%[[X:.+]]: i32, %[[Y:.+]]: !tt.ptr<i32>) num_warps(2) {
  // CHECK-NEXT: %[[S:.+]] = arith.addi %[[X]], %[[X]] : i32
  // CHECK-NEXT: tt.store %[[Y]], %[[S]] : !tt.ptr<i32>
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1(%{{.+}}: i32, %{{.+}}: !tt.ptr<i32>) num_warps(1) {
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: } : (i32, !tt.ptr<i32>) -> (i64, i32)
  %0:2 = ttg.warp_specialize(%a, %p) attributes {warpGroupStartIds = array<i32: 4, 6>, requestedRegisters = array<i32: 40, 40>, actualRegisters = array<i32: 232, 40, 40>}
  default {
    ttg.warp_yield %b, %a : i64, i32
  }
  partition0(%x: i32, %y: !tt.ptr<i32>) num_warps(2) {
    %s = arith.addi %x, %x : i32
    tt.store %y, %s : !tt.ptr<i32>
    ttg.warp_return
  }
  partition1(%x: i32, %y: !tt.ptr<i32>) num_warps(1) {
    ttg.warp_return
  } : (i32, !tt.ptr<i32>) -> (i64, i32)
  // CHECK: tt.return %[[R]]#0, %[[R]]#1 : i64, i32
  tt.return %0#0, %0#1 : i64, i32
}

// Tests the smallest warp_specialize: no captures, no results, no
// partitions, and a default region of several operations.
// CHECK-LABEL: tt.func @warp_specialize_default_only
tt.func @warp_specialize_default_only(%a: i32) {
  // CHECK: ttg.warp_specialize()
  // CHECK-NEXT: default {
  // CHECK-NEXT: arith.muli
  // CHECK-NEXT: ttg.warp_yield{{$}}
  // CHECK-NEXT: } : () -> ()
  ttg.warp_specialize()
  default {
    %0 = arith.muli %a, %a : i32
    ttg.warp_yield
  } : () -> ()
  tt.return
}

}

// -----

// Layouts and memdescs at the edge of what the verifiers accept: a linear
// basis need not be a power of two as long as the layout is a bijection
// once its zero (broadcast) bases are dropped; shared_linear bases may
// move several dimensions at once (a swizzle); a padded layout may
// broadcast over CTAs; multi-buffered memdescs carry one more dimension
// than their encoding.

// CHECK: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [0, 3]], lane = {{\[\[}}1, 0]], warp = {{\[\[}}0, 0]], block = []}>
#odd = #ttg.linear<{register = [[0, 1], [0, 3]], lane = [[1, 0]], warp = [[0, 0]], block = []}>
// CHECK: #shared = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 2], [2, 0]], block = []}, alignment = 16>
#swz = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 2], [2, 0]], block = []}, alignment = 16>
// CHECK: #shared1 = #ttg.padded_shared<[16:+4] {offset = {{\[\[}}0, 1], [0, 2], [1, 0]], block = {{\[\[}}0, 0]]}>
#pad = #ttg.padded_shared<[16:+4] {offset = [[0, 1], [0, 2], [1, 0]], block = [[0, 0]]}>
// CHECK: #shared2 = #ttg.padded_shared<[32:+8] {order = [1, 0], shape = [16, 64]}>
#pad2 = #ttg.padded_shared<[32:+8] {order = [1, 0], shape = [16, 64]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @edge_layouts
// CHECK-SAME: tensor<2x4xf32, #linear>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #shared, #smem>
// CHECK-SAME: !ttg.memdesc<2x2x4xf16, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<3x16x64xf16, #shared2, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-SAME: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
tt.func @edge_layouts(%t: tensor<2x4xf32, #odd>,
                      %s: !ttg.memdesc<4x4xf16, #swz, #ttg.shared_memory>,
                      %p: !ttg.memdesc<2x2x4xf16, #pad, #ttg.shared_memory, mutable>,
                      %q: !ttg.memdesc<3x16x64xf16, #pad2, #ttg.shared_memory, mutable>,
                      %m: !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable>,
                      %c: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>) {
  tt.return
}
}

// -----

// Views whose encodings follow their source: a transposed swizzled buffer
// has the permuted order, a reshape that only splits the outer dimension
// keeps the inner order.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @memdesc_views
tt.func @memdesc_views(%buf: !ttg.memdesc<16x32xf32, #shared, #smem, mutable>) {
  // CHECK: ttg.memdesc_trans
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf32, #shared_t, #smem, mutable>
  // CHECK: ttg.memdesc_reshape
  %1 = ttg.memdesc_reshape %buf : !ttg.memdesc<16x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<2x8x32xf32, #shared3, #smem, mutable>
  tt.return
}

// -----

// Tests that memdesc_index may give the slice its rank's form of the
// source's encoding: the swizzled order without the leading dimension.
#sw2d = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sw1d = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [0]}>
#smem = #ttg.shared_memory
// CHECK: #[[$SW2D:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK: #[[$SW1D:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [0]}>
// CHECK-LABEL: tt.func @memdesc_index_rank_reduced
tt.func @memdesc_index_rank_reduced(%buf: !ttg.memdesc<2x64xi64, #sw2d, #smem, mutable>, %i: i32) {
  // CHECK: ttg.memdesc_index %{{.*}} : !ttg.memdesc<2x64xi64, #[[$SW2D]], #smem, mutable> -> !ttg.memdesc<64xi64, #[[$SW1D]], #smem, mutable>
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x64xi64, #sw2d, #smem, mutable> -> !ttg.memdesc<64xi64, #sw1d, #smem, mutable>
  tt.return
}

// -----

// An nvmma_shared layout written without elementBitWidth (upstream's tests
// do) has 16-bit elements.
// CHECK-DAG: #[[$NV16:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @nvmma_default_width
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[$NV16]], #smem>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>
#smem = #ttg.shared_memory
tt.func @nvmma_default_width(%buf: !ttg.memdesc<64x64xf16, #nv, #smem>) {
  tt.return
}
