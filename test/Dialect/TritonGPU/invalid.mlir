// RUN: triton-opt --split-input-file --verify-diagnostics %s

// Verifier, trait and parser errors of the ttg operations and of the
// !ttg.memdesc type, one case each. Layout attribute errors are in
// invalid-attributes.mlir.

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// Tests that a memdesc has at least one dimension.
// expected-error @+1 {{rank 0 memdesc is not allowed}}
tt.func @memdesc_rank_0(%a: !ttg.memdesc<f32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a memdesc has no empty dimension.
// expected-error @+1 {{memdesc dimensions must be positive, got 0}}
tt.func @memdesc_zero_dim(%a: !ttg.memdesc<0x16xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that every dimension but the leading (pipelining) one is a power of
// two.
// expected-error @+1 {{memdesc dimension 1 must be a power of two, got 48}}
tt.func @memdesc_minor_dim_not_pow2(%a: !ttg.memdesc<16x48xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a memdesc has a static shape.
// expected-error @+1 {{expected static shape}}
tt.func @memdesc_dynamic_dim(%a: !ttg.memdesc<16x?xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a memdesc names its memory space.
// expected-error @+1 {{expected ','}}
tt.func @memdesc_no_memory_space(%a: !ttg.memdesc<16x16xf32, #shared>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that `mutable` comes before the alloc shape.
// expected-error @+1 {{'mutable' must come once, before the alloc shape}}
tt.func @memdesc_mutable_after_alloc_shape(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, 2x16x16, mutable>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that `mutable` comes at most once.
// expected-error @+1 {{'mutable' must come once, before the alloc shape}}
tt.func @memdesc_mutable_twice(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, mutable, mutable>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a memdesc has at most one alloc shape.
// expected-error @+1 {{unexpected parameter after the alloc shape}}
tt.func @memdesc_two_alloc_shapes(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, 2x16x16, 4x16x16>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that the alloc shape has at least the rank of the shape.
// expected-error @+1 {{the alloc shape must have at least the rank of the shape}}
tt.func @memdesc_alloc_shape_rank(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, 16>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that the alloc shape has no empty dimension.
// expected-error @+1 {{alloc shape dimensions must be positive, got 0}}
tt.func @memdesc_alloc_shape_zero(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, 0x16x16>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a shared-memory encoding describes shared memory only.
// expected-error @+1 {{a memdesc with the shared-memory encoding #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}> must be in #ttg.shared_memory, got #ttng.tensor_memory}}
tt.func @memdesc_shared_in_tmem(%a: !ttg.memdesc<16x16xf32, #shared, #ttng.tensor_memory>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// Tests that a tensor-memory encoding describes tensor memory only.
// expected-error @+1 {{a memdesc with the tensor-memory encoding #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1> must be in #ttng.tensor_memory, got #ttg.shared_memory}}
tt.func @memdesc_tmem_in_smem(%a: !ttg.memdesc<128x128xf32, #tmem, #ttg.shared_memory>) {
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// Tests that a register layout is no memdesc encoding.
// expected-error @+1 {{is not a memory encoding}}
tt.func @memdesc_blocked(%a: !ttg.memdesc<16x16xf32, #blocked, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that the memdesc rank is the encoding's, or one more for a
// multi-buffered allocation.
// expected-error @+1 {{rank must be equal to or one less than the shape size. Got 2 and 4 (the encoding's rank and the memdesc's)}}
tt.func @memdesc_rank_above_encoding(%a: !ttg.memdesc<2x2x16x16xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// Tests that the memdesc rank is not below the encoding's.
// expected-error @+1 {{rank must be equal to or one less than the shape size. Got 2 and 1 (the encoding's rank and the memdesc's)}}
tt.func @memdesc_rank_below_encoding(%a: !ttg.memdesc<64xf16, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.padded_shared<[4:+4] {order = [1, 0], shape = [4, 4]}>
// Tests that a padded layout spans exactly one buffer of the allocation.
// expected-error @+1 {{Mismatch in expected shape for dimension 0. Expected: 8, got: 4 (a buffer of the allocation, and what the layout spans)}}
tt.func @memdesc_padded_too_small(%a: !ttg.memdesc<8x8xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.padded_shared<[4:+4] {order = [1, 0], shape = [4, 4]}>
// Tests that a padded layout does not span more than its buffer.
// expected-error @+1 {{Mismatch in expected shape for dimension 0. Expected: 2, got: 4 (a buffer of the allocation, and what the layout spans)}}
tt.func @memdesc_padded_too_large(%a: !ttg.memdesc<2x4xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#shared = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]], block = []}, alignment = 16>
// Tests that a shared_linear layout spans exactly one buffer.
// expected-error @+1 {{Mismatch in expected shape for dimension 0. Expected: 4, got: 2 (a buffer of the allocation, and what the layout spans)}}
tt.func @memdesc_shared_linear_shape(%a: !ttg.memdesc<4x4xf32, #shared, #ttg.shared_memory>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// Tests that tensor memory holds 2-D buffers (3-D when multi-buffered).
// expected-error @+1 {{a memdesc in tensor memory must have rank 2 or 3 (multi-buffered), got 1}}
tt.func @memdesc_tmem_rank(%a: !ttg.memdesc<128xf32, #tmem, #ttng.tensor_memory>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
// Tests that a tensor-memory column holds at most 32 bits of elements.
// expected-error @+1 {{element bit width times colStride must be at most 32, got 32 x 2}}
tt.func @memdesc_tmem_col_stride(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) {
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// Tests that a tensor-memory allocation holds at least one block.
// expected-error @+1 {{the allocation must be at least 128x128, got 64x128}}
tt.func @memdesc_tmem_small(%a: !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory>) {
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
// Tests that block scales in tensor memory are not multi-buffered.
// expected-error @+1 {{block scales in tensor memory cannot be multi-buffered: the allocation must be 2-D}}
tt.func @memdesc_scales_3d(%a: !ttg.memdesc<2x128x4xi8, #scales, #ttng.tensor_memory>) {
  tt.return
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
// Tests that block scales in tensor memory are 8-bit.
// expected-error @+1 {{block scales in tensor memory must be 8-bit, got 'f16'}}
tt.func @memdesc_scales_f16(%a: !ttg.memdesc<128x4xf16, #scales, #ttng.tensor_memory>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that the optional parameters are `mutable` and a shape, nothing else.
// expected-error @+1 {{expected '>'}}
tt.func @memdesc_unknown_parameter(%a: !ttg.memdesc<16x16xf32, #shared, #ttg.shared_memory, volatile>) {
  tt.return
}

// -----

// Tests that the dialect has no other types.
// expected-error @+1 {{unknown  type `token` in dialect `ttg`}}
tt.func @unknown_type(%a: !ttg.token) {
  tt.return
}

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

// -----

// Tests that the number of warps is a positive integer.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-warps' must be a positive integer, got 0 : i32}}
module attributes {"ttg.num-warps" = 0 : i32} {
}

// -----

// Tests that the number of warps is an integer.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-warps' must be a positive integer, got "4"}}
module attributes {"ttg.num-warps" = "4"} {
}

// -----

// Tests that the number of CTAs is a power of two.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.num-ctas' must be a power of two, got 3}}
module attributes {"ttg.num-ctas" = 3 : i32} {
}

// -----

// Tests that the number of threads per warp is a power of two.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.threads-per-warp' must be a power of two, got 48}}
module attributes {"ttg.threads-per-warp" = 48 : i32} {
}

// -----

// Tests that the register limit is positive (it need not be a power of two).
// expected-error @+1 {{'builtin.module' op attribute 'ttg.maxnreg' must be a positive integer, got -1 : i32}}
module attributes {ttg.maxnreg = -1 : i32} {
}

// -----

// Tests that the total number of warps is positive (it need not be a power
// of two).
// expected-error @+1 {{'builtin.module' op attribute 'ttg.total-num-warps' must be a positive integer, got 0 : i32}}
module attributes {"ttg.total-num-warps" = 0 : i32} {
}

// -----

// Tests that the target is a string.
// expected-error @+1 {{'builtin.module' op attribute 'ttg.target' must be a string, got 90 : i32}}
module attributes {ttg.target = 90 : i32} {
}

// -----

// Tests that a function's own number of warps is checked like the module's.
module attributes {"ttg.num-warps" = 4 : i32} {
// expected-error @+1 {{'tt.func' op attribute 'ttg.num-warps' must be a power of two, got 6}}
tt.func @function_warps() attributes {"ttg.num-warps" = 6 : i32} {
  tt.return
}
}

//===----------------------------------------------------------------------===//
// Tensor layouts against the launch configuration
//===----------------------------------------------------------------------===//

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// Tests that a shared-memory encoding is not a tensor layout.
tt.func @shared_encoding_on_tensor(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op Non-distributed layout is not allowed in tensor type. 'tensor<32x16xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>' has a shared-memory encoding; only memdescs may}}
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #shared>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Tests that a tensor's layout has the tensor's rank.
tt.func @layout_rank(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op tensor 'tensor<32x16xf32, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' has rank 2, but its layout has rank 1}}
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #blocked1>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
// Tests that a layout spans the module's number of warps.
tt.func @layout_module_warps(%x: tensor<32x16xf32, #blocked1>) {
  // expected-error @+1 {{'ttg.convert_layout' op Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #blocked1> -> tensor<32x16xf32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// Tests that a function's own number of warps overrides the module's.
tt.func @layout_function_warps() attributes {"ttg.num-warps" = 8 : i32} {
  // expected-error @+1 {{'tt.make_range' op Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
// Tests that a layout in a warp_specialize partition spans the partition's
// warps.
tt.func @layout_partition_warps() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    // expected-error @+1 {{'tt.make_range' op Layout has 4 warps per CTA, but the context requires 2 warps per CTA}}
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    ttg.warp_return
  } : () -> ()
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.threads-per-warp" = 64 : i32} {
// Tests that a layout spans the module's number of threads per warp.
tt.func @layout_threads() {
  // expected-error @+1 {{'tt.make_range' op Layout has 32 threads per warp, but the context requires 64 threads per warp}}
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32} {
// Tests that a layout spans the module's number of CTAs.
tt.func @layout_ctas() {
  // expected-error @+1 {{'tt.make_range' op Layout has 1 CTAs per CGA, but the context requires 2 CTAs per CGA}}
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
  tt.return
}
}

//===----------------------------------------------------------------------===//
// Layout conversions
//===----------------------------------------------------------------------===//

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// Tests that convert_layout keeps the shape.
tt.func @convert_layout_shape(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same shape for all operands and results}}
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<16x32xf32, #blocked1>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// Tests that convert_layout keeps the element type.
tt.func @convert_layout_element_type(%x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same element type for all operands and results}}
  %0 = ttg.convert_layout %x : tensor<32x16xf32, #blocked> -> tensor<32x16xf16, #blocked1>
  tt.return
}

// -----

// Tests that convert_layout converts tensors, not scalars.
tt.func @convert_layout_scalar(%x: f32) {
  // expected-error @+1 {{custom op 'ttg.convert_layout' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %0 = ttg.convert_layout %x : f32 -> f32
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// Tests that fp4_to_fp keeps the rank.
tt.func @fp4_to_fp_rank(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op source and result must have the same rank}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<2x32x16xbf16, #blocked1>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp's axis is a dimension of the source.
tt.func @fp4_to_fp_axis(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op axis 2 is out of range for rank 2}}
  %0 = ttg.fp4_to_fp %x {axis = 2 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp doubles dimension `axis`.
tt.func @fp4_to_fp_axis_not_doubled(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 1 must be 32, got 16}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x16xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp keeps the other dimensions.
tt.func @fp4_to_fp_other_dim(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 0 must be 32, got 64}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<64x32xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp reads bytes.
tt.func @fp4_to_fp_source_type(%x: tensor<32x16xi16, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op operand #0 must be ranked tensor of 8-bit signless integer values}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi16, #blocked> -> tensor<32x32xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp produces floats.
tt.func @fp4_to_fp_result_type(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result #0 must be ranked tensor of floating-point values, but got 'tensor<32x32xi16}}
  %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xi16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that fp4_to_fp needs its axis.
tt.func @fp4_to_fp_no_axis(%x: tensor<32x16xi8, #blocked>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op requires attribute 'axis'}}
  %0 = ttg.fp4_to_fp %x : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked>
  tt.return
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that an initialized allocation has the shape of its source.
tt.func @local_alloc_shape(%t: tensor<32x16xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op tensor shape does not match the memdesc shape}}
  %0 = ttg.local_alloc %t : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that an initialized allocation has the element type of its source.
tt.func @local_alloc_element_type(%t: tensor<32x16xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_alloc' op tensor element type 'f16' does not match the memdesc element type 'f32'}}
  %0 = ttg.local_alloc %t : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
  tt.return
}

// -----

// Tests that local_alloc produces a memdesc.
tt.func @local_alloc_result_type() {
  // expected-error @+1 {{'ttg.local_alloc' op result #0 must be a descriptor of a tensor in shared or tensor memory}}
  %0 = ttg.local_alloc : () -> tensor<16xf32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_alloc's alignment is an i32.
tt.func @local_alloc_alignment_type() {
  // expected-error @+1 {{'ttg.local_alloc' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = ttg.local_alloc {alignment = 16 : i64} : () -> !ttg.memdesc<32x16xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_load produces the shape of the memdesc.
tt.func @local_load_shape(%buf: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op tensor shape does not match the memdesc shape}}
  %0 = ttg.local_load %buf : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_load produces the element type of the memdesc.
tt.func @local_load_element_type(%buf: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op tensor element type 'bf16' does not match the memdesc element type 'f16'}}
  %0 = ttg.local_load %buf : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xbf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_load's token is an async token.
tt.func @local_load_token_type(%buf: !ttg.memdesc<32x16xf16, #shared, #smem>,
                               %tok: i32) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%tok' expects different type than prior uses: '!ttg.async.token' vs 'i32'}}
  %0 = ttg.local_load %buf token %tok : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x16xf16, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_store writes only mutable memory.
tt.func @local_store_immutable(%t: tensor<32x16xf16, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_store' op cannot store into an immutable memdesc}}
  ttg.local_store %t, %buf : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_store stores a tensor of the memdesc's shape.
tt.func @local_store_shape(%t: tensor<32x16xf16, #blocked>, %buf: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.local_store' op tensor shape does not match the memdesc shape}}
  ttg.local_store %t, %buf : tensor<32x16xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that local_store stores a tensor of the memdesc's element type.
tt.func @local_store_element_type(%t: tensor<32x16xf32, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.local_store' op tensor element type 'f32' does not match the memdesc element type 'f16'}}
  ttg.local_store %t, %buf : tensor<32x16xf32, #blocked> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that local_dealloc frees a memdesc.
tt.func @local_dealloc_tensor(%t: tensor<32x16xf16, #blocked>) {
  // expected-error @+1 {{'ttg.local_dealloc' op operand #0 must be a descriptor of a tensor in shared or tensor memory}}
  ttg.local_dealloc %t : tensor<32x16xf16, #blocked>
  tt.return
}

// -----

// Tests that global_scratch_alloc needs its size.
tt.func @global_scratch_alloc_no_size() {
  // expected-error @+1 {{'ttg.global_scratch_alloc' op requires attribute 'nbytes'}}
  %0 = ttg.global_scratch_alloc {alignment = 128 : i32} : !tt.ptr<i8>
  tt.return
}

// -----

// Tests that global_scratch_alloc produces a pointer.
tt.func @global_scratch_alloc_result_type() {
  // expected-error @+1 {{'ttg.global_scratch_alloc' op result #0 must be ptr}}
  %0 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : i64
  tt.return
}

// -----

// Tests that local_barrier takes no operands.
tt.func @local_barrier_operand(%x: i32) {
  // expected-error @+1 {{expected '=' after SSA name}}
  ttg.local_barrier %x
  tt.return
}

//===----------------------------------------------------------------------===//
// Memory descriptor views
//===----------------------------------------------------------------------===//

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_index needs a leading dimension to index.
tt.func @memdesc_index_rank_1(%buf: !ttg.memdesc<8xf32, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result rank must be input rank - 1, got 1 and 1}}
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<8xf32, #shared, #smem> -> !ttg.memdesc<8xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_index drops exactly the leading dimension.
tt.func @memdesc_index_rank(%buf: !ttg.memdesc<3x8x16xf32, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result rank must be input rank - 1, got 3 and 3}}
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x8x16xf32, #shared, #smem> -> !ttg.memdesc<3x8x16xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_index keeps the trailing dimensions.
tt.func @memdesc_index_shape(%buf: !ttg.memdesc<3x8x16xf32, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result shape must be the source shape without its leading dimension}}
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_index keeps the element type.
tt.func @memdesc_index_element_type(%buf: !ttg.memdesc<3x8x16xf32, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result must keep the element type, memory space and mutability of the source}}
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_index takes an i32 index.
tt.func @memdesc_index_index_type(%buf: !ttg.memdesc<3x8x16xf32, #shared, #smem>,
                                  %i: i64) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_subslice has one offset per dimension.
tt.func @memdesc_subslice_too_many_offsets(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op source, result and offsets must have the same rank}}
  %0 = ttg.memdesc_subslice %buf[0, 0, 0] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_subslice keeps the rank.
tt.func @memdesc_subslice_rank(%buf: !ttg.memdesc<2x8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op source, result and offsets must have the same rank}}
  %0 = ttg.memdesc_subslice %buf[0, 0, 0] : !ttg.memdesc<2x8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf32, #shared, #smem, 2x8x16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that a subslice stays inside its source.
tt.func @memdesc_subslice_out_of_bounds(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op the slice of dimension 1 is out of bounds}}
  %0 = ttg.memdesc_subslice %buf[0, 16] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem, 8x16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that a subslice starts on a multiple of its size.
tt.func @memdesc_subslice_unaligned(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op The split offset may not touch the tile: offset 4 of dimension 1 must be a multiple of the slice size 8}}
  %0 = ttg.memdesc_subslice %buf[0, 4] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem, 8x16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_subslice keeps the element type.
tt.func @memdesc_subslice_element_type(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op result must keep the element type of the source}}
  %0 = ttg.memdesc_subslice %buf[0, 0] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_subslice's offsets are static integers.
tt.func @memdesc_subslice_dynamic_offset(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>, %i: i32) {
  // expected-error @+1 {{expected integer value}}
  %0 = ttg.memdesc_subslice %buf[0, %i] : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem, 8x16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_trans has one order entry per dimension.
tt.func @memdesc_trans_order_size(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must have one entry per dimension}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0, 2>} : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<16x8xf32, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_trans's order is a permutation.
tt.func @memdesc_trans_not_permutation(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must be a permutation}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 1>} : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<16x16xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_trans permutes the shape by its order.
tt.func @memdesc_trans_shape(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result dimension 0 must be source dimension 1}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x16xf32, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
// Tests that memdesc_trans keeps the element type.
tt.func @memdesc_trans_element_type(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op requires the same element type for all operands and results}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<16x8xi32, #shared1, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_trans needs its order.
tt.func @memdesc_trans_no_order(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op requires attribute 'order'}}
  %0 = ttg.memdesc_trans %buf : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<16x8xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_reshape keeps the number of elements.
tt.func @memdesc_reshape_count(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op source and result must have the same number of elements}}
  %0 = ttg.memdesc_reshape %buf : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<8x8xf32, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that memdesc_reshape keeps the element type.
tt.func @memdesc_reshape_element_type(%buf: !ttg.memdesc<8x16xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op requires the same element type for all operands and results}}
  %0 = ttg.memdesc_reshape %buf : !ttg.memdesc<8x16xf32, #shared, #smem> -> !ttg.memdesc<16x8xi32, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// Tests that memdesc_reinterpret views a memdesc, not a tensor.
tt.func @memdesc_reinterpret_tensor(%t: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op operand #0 must be a descriptor of a tensor in shared or tensor memory}}
  %0 = ttg.memdesc_reinterpret %t : tensor<32x16xf32, #blocked> -> tensor<32x16xi32, #blocked>
  tt.return
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that async_copy_global_to_local writes only mutable memory.
tt.func @async_copy_immutable(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op cannot copy into an immutable memdesc}}
  %0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x16xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that async_copy_global_to_local copies a whole buffer.
tt.func @async_copy_shape(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op source and destination must have the same shape}}
  %0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that async_copy_global_to_local copies elements of the destination's
// type.
tt.func @async_copy_element_type(%p: tensor<32x16x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.async_copy_global_to_local' op the source's pointee type must be the destination's element type}}
  %0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x16x!tt.ptr<f32>, #blocked> -> <32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that the mask of async_copy_global_to_local has the shape of the
// pointers and i1 elements: its type is implied by them.
tt.func @async_copy_mask_type(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>,
                              %m: tensor<32x16xi32, #blocked>) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<32x16xi1}}
  %0 = ttg.async_copy_global_to_local %p, %buf mask %m : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that the other value of async_copy_global_to_local holds the
// pointee type: its type is implied by the pointers.
tt.func @async_copy_other_type(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>,
                               %m: tensor<32x16xi1, #blocked>,
                               %o: tensor<32x16xf32, #blocked>) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%o' expects different type than prior uses: 'tensor<32x16xf16}}
  %0 = ttg.async_copy_global_to_local %p, %buf mask %m other %o : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that async_copy_global_to_local knows only the tt cache modifiers.
tt.func @async_copy_cache_modifier(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{custom op 'ttg.async_copy_global_to_local' expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]}}
  %0 = ttg.async_copy_global_to_local %p, %buf cacheModifier = lu : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// Tests that async_copy_global_to_local takes each keyword at most once.
tt.func @async_copy_repeated_keyword(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x16xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{`cacheModifier` clause can appear at most once in the expansion of the oilist directive}}
  %0 = ttg.async_copy_global_to_local %p, %buf cacheModifier = ca cacheModifier = cg : tensor<32x16x!tt.ptr<f16>, #blocked> -> <32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

// Tests that async_commit_group groups only async tokens.
tt.func @async_commit_group_token_type(%t: i32) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%t' expects different type than prior uses: '!ttg.async.token' vs 'i32'}}
  %0 = ttg.async_commit_group tokens %t
  tt.return
}

// -----

// Tests that async_wait needs the number of groups left in flight.
tt.func @async_wait_no_num(%t: !ttg.async.token) {
  // expected-error @+1 {{'ttg.async_wait' op requires attribute 'num'}}
  %0 = ttg.async_wait %t
  tt.return
}

//===----------------------------------------------------------------------===//
// Pipelining and warps
//===----------------------------------------------------------------------===//

// -----

// Tests that predicate_stage's induction variable, bound and step have one
// type.
tt.func @predicate_stage_types(%i: i32, %n: i64) {
  // expected-error @+1 {{'ttg.predicate_stage' op failed to verify that all of {iv, ub, step} have same type}}
  %0 = "ttg.predicate_stage"(%i, %n, %i) <{maxStage = 2 : i32, stage = 1 : i32}> : (i32, i64, i32) -> i1
  tt.return
}

// -----

// Tests that predicate_stage works on integers.
tt.func @predicate_stage_float(%x: f32) {
  // expected-error @+1 {{'ttg.predicate_stage' op operand #0 must be signless integer or index, but got 'f32'}}
  %0 = ttg.predicate_stage %x, %x, %x maxStage 2 stage 1 : f32 -> i1
  tt.return
}

// -----

// Tests that predicate_stage produces an i1.
tt.func @predicate_stage_result(%i: i32) {
  // expected-error @+1 {{'ttg.predicate_stage' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = ttg.predicate_stage %i, %i, %i maxStage 2 stage 1 : i32 -> i32
  tt.return
}

// -----

// Tests that mask takes an i1 predicate.
tt.func @mask_predicate_type(%p: i32) {
  // expected-error @+1 {{'ttg.mask' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "ttg.mask"(%p) ({
    "ttg.mask.return"() : () -> ()
  }) : (i32) -> ()
  tt.return
}

// -----

// Tests that mask's region has a single block.
tt.func @mask_two_blocks(%p: i1) {
  // expected-error @+1 {{'ttg.mask' op expects region #0 to have 0 or 1 blocks}}
  "ttg.mask"(%p) ({
    cf.br ^bb1
  ^bb1:
    "ttg.mask.return"() : () -> ()
  }) : (i1) -> ()
  tt.return
}

// -----

// Tests that mask.return terminates only mask regions.
tt.func @mask_return_outside_mask(%x: f32) {
  // expected-error @+1 {{'ttg.mask.return' op expects parent op 'ttg.mask'}}
  ttg.mask.return %x : f32
}

// -----

// Tests that warp_id produces an i32.
tt.func @warp_id_type() {
  // expected-error @+1 {{'ttg.warp_id' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %0 = "ttg.warp_id"() : () -> i64
  tt.return
}

// -----

// Tests that warp_specialize keeps its partitions in a
// warp_specialize.partitions op.
tt.func @warp_specialize_no_holder() {
  // expected-error @+1 {{'ttg.warp_specialize' op expected to find only a `ttg.warp_specialize.partitions` op inside its second region}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_yield"() : () -> ()
  }) {partitionNumWarps = array<i32>} : () -> ()
  tt.return
}

// -----

// Tests that warp_specialize has one warp count per partition.
tt.func @warp_specialize_partition_count() {
  // expected-error @+1 {{'ttg.warp_specialize' op has 0 partitions but `partitionNumWarps` has 1 elements}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"() : () -> ()
  }) {partitionNumWarps = array<i32: 1>} : () -> ()
  tt.return
}

// -----

// Tests that a partition runs on a power-of-two number of warps.
tt.func @warp_specialize_warps_not_pow2() {
  // expected-error @+1 {{'ttg.warp_specialize' op partition #0 number of warps (3) must be a power of 2}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(3) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that warpGroupStartIds has one entry per partition.
tt.func @warp_specialize_start_ids() {
  // expected-error @+1 {{'ttg.warp_specialize' op has 1 warp group start IDs but expected 2}}
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    ttg.warp_return
  }
  partition1() num_warps(1) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that every partition takes one argument per explicit capture.
tt.func @warp_specialize_argument_count() {
  // expected-error @+1 {{'ttg.warp_specialize' op partition region #0 has 1 arguments but expected 0}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0(%arg0: i32) num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that the partitions' arguments have the captures' types.
tt.func @warp_specialize_argument_type(%a: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition region #1 argument #0 has type 'i64' but corresponding capture has type 'i32'}}
  ttg.warp_specialize(%a)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  }
  partition1(%x: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

// Tests that partitions are numbered from 0 in order.
tt.func @warp_specialize_partition_numbering() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  // A missing partition0 ends the partitions; the parser then wants the
  // type, and reports it at the end of the default region.
  // expected-error @+1 {{expected ':'}}
  }
  partition1() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that partitions are isolated from above: values reach them only as
// explicit captures.
tt.func @warp_specialize_implicit_capture(%a: i32) {
  // expected-note @+5 {{required by region isolation constraints}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
    %0 = arith.addi %a, %a : i32
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that the default region yields no value when there is no result.
tt.func @warp_yield_count(%a: i32) {
  ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op has 1 operands but parent op expected 0}}
    ttg.warp_yield %a : i32
  } : () -> ()
  tt.return
}

// -----

// Tests that the default region yields values of the result types.
tt.func @warp_yield_type(%b: i64) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'}}
    ttg.warp_yield %b : i64
  } : () -> i32
  tt.return
}

// -----

// Tests that warp_yield terminates only the default region.
tt.func @warp_yield_outside(%a: i32) {
  // expected-error @+1 {{'ttg.warp_yield' op expects parent op 'ttg.warp_specialize'}}
  ttg.warp_yield %a : i32
}

// -----

// Tests that warp_return terminates only partition regions.
tt.func @warp_return_in_default() {
  ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_return' op expects parent op 'ttg.warp_specialize.partitions'}}
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

// Tests that a partition region ends in a terminator.
tt.func @warp_specialize_partition_no_terminator() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    // expected-error @+1 {{block with no terminator}}
    %c1_i32 = arith.constant 1 : i32
  } : () -> ()
  tt.return
}

// -----

// Tests that an uninitialized shared-memory allocation is mutable.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alloc_immutable_uninitialized() {
    // expected-error @+1 {{'ttg.local_alloc' op an uninitialized allocation must be mutable}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

// Tests that local_alloc allocates shared memory, not tensor memory.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @alloc_tensor_memory() {
    // expected-error @+1 {{'ttg.local_alloc' op allocates shared memory; the result's memory space must be #ttg.shared_memory}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Tests that a memdesc view fits in its allocation.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{memdesc shape [64, 16] does not fit in its alloc shape [2, 32, 16]}}
  tt.func @view_too_big(%m: !ttg.memdesc<64x16xf16, #shared, #smem, 2x32x16>) {
    tt.return
  }
}

// -----

// Checks of operations on memdescs and registers that mirror Triton 3.6.

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @local_alloc_view_type() {
    // Tests that an allocation is not typed as a view of a larger one.
    // expected-error @+1 {{'ttg.local_alloc' op an allocation is its own alloc shape: the result shape and alloc shape must match}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #ttg.shared_memory, mutable, 2x16x16>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @local_load_multibuffer(%m: !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable>) {
    // Tests that a multi-buffered memdesc is loaded one buffer at a time.
    // expected-error @+1 {{'ttg.local_load' op the tensor has rank 3 but the memdesc encoding has rank 2}}
    %0 = ttg.local_load %m : !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable> -> tensor<2x16x16xf16, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func @memdesc_index_encoding(%m: !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable>, %i: i32) {
  // Tests that memdesc_index keeps the encoding.
  // expected-error @+1 {{'ttg.memdesc_index' op result must keep the encoding of the source}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #shared1, #ttg.shared_memory, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func @memdesc_index_of_view(%m: !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable, 4x16x16>, %i: i32) {
  // Tests that memdesc_index takes buffers out of whole allocations only.
  // expected-error @+1 {{'ttg.memdesc_index' op alloc shape must match shape for both result and src: memdesc_index takes a buffer out of a whole allocation, and the buffer is one}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable, 4x16x16> -> !ttg.memdesc<16x16xf16, #shared, #ttg.shared_memory, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func @memdesc_index_result_alloc(%m: !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable>, %i: i32) {
  // Tests that the buffer memdesc_index returns is typed as a whole
  // allocation.
  // expected-error @+1 {{'ttg.memdesc_index' op alloc shape must match shape for both result and src: memdesc_index takes a buffer out of a whole allocation, and the buffer is one}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #shared, #ttg.shared_memory, mutable, 2x16x16>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_to_fp_f32(%a: tensor<32x16xi8, #blocked>) {
    // Tests that fp4_to_fp unpacks to bf16 or f16.
    // expected-error @+1 {{'ttg.fp4_to_fp' op the result must be bf16 or f16, got 'f32'}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xf32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_to_fp_one_encoding(%a: tensor<32x16xi8, #blocked>) {
    // Tests that fp4_to_fp has encodings on both sides or neither.
    // expected-error @+1 {{'ttg.fp4_to_fp' op source and result must both have an encoding, or neither}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_to_fp_same_layout(%a: tensor<32x16xi8, #blocked>) {
    // Tests that the result layout holds the unpacked pairs in registers:
    // the same blocked layout on a doubled shape does not.
    // expected-error @+1 {{'ttg.fp4_to_fp' op the source layout}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_to_fp_no_pairs(%a: tensor<32x16xi8, #blocked>) {
    // Tests that the result layout has a register bit along the axis.
    // expected-error @+1 {{'ttg.fp4_to_fp' op the result layout must hold at least 2 elements per thread along axis 1}}
    %0 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked1>
    tt.return
  }
}

// -----

tt.func @warp_specialize_nested() {
  ttg.warp_specialize()
  default {
    // Tests that warp_specialize does not nest.
    // expected-error @+1 {{'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 2 : i32} {
  tt.func @warp_specialize_two_warps() {
    // Tests that the default partition runs on whole warp groups.
    // expected-error @+1 {{'ttg.warp_specialize' op needs a number of warps that is a multiple of 4 around it, got 2}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Tests that a transposed view must lay out the buffer as its source does:
// the order of a swizzled layout is permuted with the dimensions.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_wrong_encoding(%buf: !ttg.memdesc<16x32xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result encoding #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}> does not lay out the transposed buffer as the source encoding does}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf32, #shared, #smem> -> !ttg.memdesc<32x16xf32, #shared, #smem>
  tt.return
}

// -----

// Tests that views keep the mutability of their source.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @memdesc_trans_mutability(%buf: !ttg.memdesc<16x32xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result must keep the mutability of the source}}
  %0 = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf32, #shared_t, #smem>
  tt.return
}

// -----

// Tests that a reshaped view must keep the elements at their offsets.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @memdesc_reshape_wrong_encoding(%buf: !ttg.memdesc<16x32xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op result encoding #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}> does not lay out the reshaped buffer as the source encoding does}}
  %0 = ttg.memdesc_reshape %buf : !ttg.memdesc<16x32xf32, #shared, #smem> -> !ttg.memdesc<32x16xf32, #shared_t, #smem>
  tt.return
}

// -----

// Tests that a subslice keeps the encoding and the allocation of its source.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_encoding(%buf: !ttg.memdesc<16x32xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op result must keep the encoding of the source}}
  %0 = ttg.memdesc_subslice %buf[0, 16] : !ttg.memdesc<16x32xf32, #shared, #smem> -> !ttg.memdesc<16x16xf32, #shared_t, #smem, 16x32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @memdesc_subslice_alloc_shape(%buf: !ttg.memdesc<16x32xf32, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op result must keep the alloc shape of the source}}
  %0 = ttg.memdesc_subslice %buf[0, 16] : !ttg.memdesc<16x32xf32, #shared, #smem> -> !ttg.memdesc<16x16xf32, #shared, #smem>
  tt.return
}

// -----

// Tests that ttg.warp_shuffles (lower by rounds of warp shuffles) is a unit
// attribute of ttg.convert_layout only.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @warp_shuffles_value(%a: tensor<32xf32, #blocked>) {
    // expected-error @+1 {{'ttg.convert_layout' op attribute 'ttg.warp_shuffles' must be a unit attribute, got 2 : i32}}
    %b = ttg.convert_layout %a {ttg.warp_shuffles = 2 : i32} : tensor<32xf32, #blocked> -> tensor<32xf32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @warp_shuffles_elsewhere(%a: tensor<32xf32, #blocked>) {
    // expected-error @+1 {{'arith.addf' op attribute 'ttg.warp_shuffles' only applies to 'ttg.convert_layout'}}
    %b = arith.addf %a, %a {ttg.warp_shuffles} : tensor<32xf32, #blocked>
    tt.return
  }
}
