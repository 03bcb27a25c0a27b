// RUN: triton-opt --split-input-file --verify-diagnostics %s

// Verifier, trait and parser errors of the ttng operations and the
// tensor-memory attributes, one case each.

//===----------------------------------------------------------------------===//
// Tensor memory attributes
//===----------------------------------------------------------------------===//

// Tests that tensor_memory_encoding needs blockM.
// expected-error @+1 {{struct is missing required parameter: blockM}}
#tmem = #ttng.tensor_memory_encoding<blockN = 128, colStride = 1>

// -----

// Tests that tensor_memory_encoding has no other parameters.
// expected-error @+1 {{duplicate or unknown struct parameter name: unpacked}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, unpacked = true>

// -----

// Tests that blockM is 64 or 128.
// expected-error @+1 {{blockM must be 64 or 128, got 32}}
#tmem = #ttng.tensor_memory_encoding<blockM = 32, blockN = 128, colStride = 1>

// -----

// Tests that blockN is a power of 2 of at most 512.
// expected-error @+1 {{blockN must be a power of 2 of at most 512, got 96}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 96, colStride = 1>

// -----

// Tests that blockN fits tensor memory's 512 columns.
// expected-error @+1 {{blockN must be a power of 2 of at most 512, got 1024}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 1024, colStride = 1>

// -----

// Tests that colStride is 1, 2 or 4.
// expected-error @+1 {{colStride must be 1, 2 or 4, got 3}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 3>

// -----

// Tests that CTA splits are powers of 2.
// expected-error @+1 {{CTASplitM must be a power of 2, got 0}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CTASplitM = 0>

// -----

// Tests that the scales encoding's CTA splits are powers of 2.
// expected-error @+1 {{CTASplitN must be a power of 2, got 3}}
#tmem = #ttng.tensor_memory_scales_encoding<CTASplitN = 3>

// -----

// Tests that the tensor-memory space is not a memdesc encoding.
// expected-error @+1 {{#ttng.tensor_memory is not a memdesc encoding}}
tt.func @space_as_encoding(%a: !ttg.memdesc<128x128xf32, #ttng.tensor_memory, #ttng.tensor_memory>) {
  tt.return
}

// -----

// Tests that twoCTAs is a boolean.
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse TTNG_TensorMemoryEncodingAttr parameter 'twoCTAs'}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, twoCTAs = "yes">

// -----

// Tests that the dialect has no other attributes.
// expected-error @+1 {{unknown attribute `tensor_memory_layout` in dialect `ttng`}}
#tmem = #ttng.tensor_memory_layout<>

// -----

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's K dimensions agree.
tt.func @warp_group_dot_k_dimensions_agree(%a: !ttg.memdesc<128x32xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op the K dimension of a (32) must equal the K dimension of b (64)}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x32xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's accumulator is MxN.
tt.func @warp_group_dot_accumulator_mxn(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x64xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op the accumulator must be 128x64, got 128x128}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x64xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's operands are 2-D.
tt.func @warp_group_dot_operands_2_d(%a: !ttg.memdesc<2x128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operands must be 2-D}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<2x128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's result has the accumulator's type, from which the accumulator's type is implied.
tt.func @warp_group_dot_result_has_accumulator_type(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf16, #mma>) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'tensor<128x128xf32}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blocked_b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's B operand is in shared memory.
tt.func @warp_group_dot_b_operand_shared_memory(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: tensor<64x128xf16, #blocked_b>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand #1 must be a descriptor of a tensor in shared or tensor memory, but got 'tensor<64x128xf16}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #nvmma, #smem> * tensor<64x128xf16, #blocked_b> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot's useC is an i1.
tt.func @warp_group_dot_usec_i1(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>, %use: i32) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%use' expects different type than prior uses: 'i1' vs 'i32'}}
  %0 = ttng.warp_group_dot %a, %b, %c, %use : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot_wait returns the types of its inputs.
tt.func @warp_group_dot_wait_returns_types_inputs(%c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot_wait' op failed to verify that all of {inputs, outputs} have same type}}
  %0 = "ttng.warp_group_dot_wait"(%c) <{pendings = 0 : i32}> : (tensor<128x128xf32, #mma>) -> tensor<128x128xf16, #mma>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that warp_group_dot_wait needs its number of pending products.
tt.func @warp_group_dot_wait_needs_number_pending_products(%c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot_wait' op requires attribute 'pendings'}}
  %0 = ttng.warp_group_dot_wait %c : tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma's K dimensions agree.
tt.func @tc_gen5_mma_k_dimensions_agree(%a: !ttg.memdesc<128x32xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op the K dimension of a (32) must equal the K dimension of b (64)}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x32xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma's accumulator is MxN.
tt.func @tc_gen5_mma_accumulator_mxn(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op the accumulator must be 128x128, got 128x256}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma arrives on mbarriers: single i64s in shared memory.
tt.func @tc_gen5_mma_arrives_mbarriers_single_i64s(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma has one predicate per barrier.
tt.func @tc_gen5_mma_has_one_predicate_per(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op needs one predicate per barrier}}
  "ttng.tc_gen5_mma"(%a, %b, %d, %p, %p, %bar) <{is_async, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1, 1, 0>}> : (!ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, i1, i1, !ttg.memdesc<1xi64, #bar, #smem, mutable>) -> ()
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a barrier of tc_gen5_mma comes with its predicate in brackets.
tt.func @tc_gen5_mma_barrier_comes_with_predicate(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{expected '['}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar {is_async} : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma's token is an async token.
tt.func @tc_gen5_mma_token_async_token(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: '!ttg.async.token' vs 'i1'}}
  %0 = ttng.tc_gen5_mma %a, %b, %d[%p], %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma_scaled arrives on mbarriers.
tt.func @tc_gen5_mma_scaled_arrives_mbarriers(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %s: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1, %bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<1xi32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.tc_gen5_mma_scaled %a, %b, %d, %s, %s, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma_scaled has one predicate per barrier.
tt.func @tc_gen5_mma_scaled_has_one_predicate_per(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %s: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op needs one predicate per barrier}}
  "ttng.tc_gen5_mma_scaled"(%a, %b, %d, %s, %s, %p, %p, %p) <{a_type = 0 : i32, b_type = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1, 1, 1, 0, 1>}> : (!ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, i1, i1, i1) -> ()
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma_scaled knows only the scaled element types.
tt.func @tc_gen5_mma_scaled_knows_only_element_types(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %s: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
  // expected-error @+1 {{custom op 'ttng.tc_gen5_mma_scaled' expected string or keyword containing one of the following enum values for attribute 'a_type' [e4m3, e5m2, e2m3, e3m2, e2m1, bf16, fp16]}}
  ttng.tc_gen5_mma_scaled %a, %b, %d, %s, %s, %p, %p lhs = f32 rhs = e4m3 : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf16, #nvmma, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_commit commits to a memdesc.
tt.func @tc_gen5_commit_commits_memdesc(%p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_commit' op operand #0 must be a descriptor of a tensor in shared or tensor memory, but got 'i1'}}
  ttng.tc_gen5_commit %p : i1
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// Fences, clusters and mbarriers
//===----------------------------------------------------------------------===//

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that fence_async_shared says whether it spans the cluster.
tt.func @fence_async_shared_says_whether_it_spans() {
  // expected-error @+1 {{'ttng.fence_async_shared' op requires attribute 'bCluster'}}
  ttng.fence_async_shared
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that cluster_arrive says whether it is relaxed.
tt.func @cluster_arrive_says_whether_it_relaxed() {
  // expected-error @+1 {{'ttng.cluster_arrive' op requires attribute 'relaxed'}}
  ttng.cluster_arrive
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that cluster_arrive's relaxed flag is an i1.
tt.func @cluster_arrive_relaxed_flag_i1() {
  // expected-error @+1 {{'ttng.cluster_arrive' op attribute 'relaxed' failed to satisfy constraint: 1-bit signless integer attribute}}
  ttng.cluster_arrive {relaxed = 1 : i32}
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that init_barrier initializes an mbarrier: one i64.
tt.func @init_barrier_initializes_mbarrier_one_i64(%bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that inval_barrier invalidates an mbarrier: an i64.
tt.func @inval_barrier_invalidates_mbarrier_i64(%bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.inval_barrier' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<1xi32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.inval_barrier %bar : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that an mbarrier lives in shared memory.
tt.func @wait_barrier_mbarrier_lives_shared_memory(%bar: !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory, mutable>, %phase: i32) {
  // expected-error @+1 {{'ttng.wait_barrier' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<128x128xi32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>, #ttng.tensor_memory, mutable>'}}
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that barrier_expect waits on an mbarrier.
tt.func @barrier_expect_waits_mbarrier(%bar: !ttg.memdesc<1x1xi64, #bar2d, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.barrier_expect' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<1x1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>'}}
  ttng.barrier_expect %bar, 128, %p : !ttg.memdesc<1x1xi64, #bar2d, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that barrier_expect takes a predicate.
tt.func @barrier_expect_takes_predicate(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{expected ','}}
  ttng.barrier_expect %bar, 128 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that arrive_barrier arrives at least once.
tt.func @arrive_barrier_arrives_at_least_once(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op the arrival count must be at least 1}}
  ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that arrive_barrier arrives on an mbarrier.
tt.func @arrive_barrier_arrives_mbarrier(%bar: !ttg.memdesc<1xf64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<1xf64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xf64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that wait_barrier's phase is an i32.
tt.func @wait_barrier_phase_i32(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i1) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%phase' expects different type than prior uses: 'i32' vs 'i1'}}
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that wait_barrier's dependencies are memdescs.
tt.func @wait_barrier_dependencies_memdescs(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i32, %t: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.wait_barrier' op operand #2 must be variadic of a descriptor of a tensor in shared or tensor memory, but got 'tensor<128x128xf32}}
  ttng.wait_barrier %bar, %phase deps %t : !ttg.memdesc<1xi64, #bar, #smem, mutable>, tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA load waits on an mbarrier.
tt.func @async_tma_copy_global_to_local_load_waits_mbarrier(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<2xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA load writes mutable memory.
tt.func @async_tma_copy_global_to_local_load_writes_mutable_memory(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot store into immutable memory}}
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA load keeps the descriptor's element type.
tt.func @async_tma_copy_global_to_local_load_keeps_descriptor_element(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xbf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op descriptor and destination element types differ}}
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xbf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA load has one coordinate per descriptor dimension.
tt.func @async_tma_copy_global_to_local_load_has_one_coordinate(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op expects one coordinate per descriptor dimension}}
  ttng.async_tma_copy_global_to_local %desc[%i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that TMA coordinates are i32.
tt.func @async_tma_copy_local_to_global_coordinates_i32(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i64, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>) { // expected-note {{prior use here}}
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'i32' vs 'i64'}}
  ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA copy goes through a tensor descriptor.
tt.func @async_tma_copy_local_to_global_goes_through_tensor_descriptor(%desc: !tt.ptr<i8>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>) {
  // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op operand #0 must be descriptor of a block of a tensor in global memory, but got '!tt.ptr<i8>'}}
  ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.ptr<i8>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA reduction knows only the descriptor reduce kinds.
tt.func @async_tma_reduce_reduction_knows_only_descriptor(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>) {
  // expected-error @+1 {{custom op 'ttng.async_tma_reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [add, min, max, inc, dec, and, or, xor]}}
  ttng.async_tma_reduce mul, %desc[%i, %i] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA gather waits on an mbarrier.
tt.func @async_tma_gather_waits_mbarrier(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<1xi32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, !ttg.memdesc<1xi32, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA load writes an nvmma_shared buffer.
tt.func @async_tma_copy_global_to_local_needs_nvmma(%desc: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA result must have NVMMA shared layout, got #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}}
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #swizzled, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA gather writes mutable memory.
tt.func @async_tma_gather_writes_mutable_memory(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op cannot store into immutable memory}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #nvmma, #smem>, i1
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA gather takes a 1-D tensor of row offsets.
tt.func @async_tma_gather_takes_1_d_tensor(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32x2xi32, #blocked>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_gather' op x offsets must be 1-D}}
  ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32x2xi32, #blocked>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>, i1
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA scatter takes a 1-D tensor of row offsets.
tt.func @async_tma_scatter_takes_1_d_tensor(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32x2xi32, #blocked>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>) {
  // expected-error @+1 {{'ttng.async_tma_scatter' op x offsets must be 1-D}}
  ttng.async_tma_scatter %desc[%rows, %y] %buf : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32x2xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that the row offsets of a TMA scatter are i32.
tt.func @async_tma_scatter_row_offsets_i32(%desc: !tt.tensordesc<tensor<1x64xf16, #nvmma>>, %rows: tensor<32xi64, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>) {
  // expected-error @+1 {{'ttng.async_tma_scatter' op operand #1 must be ranked tensor of 32-bit signless integer values}}
  ttng.async_tma_scatter %desc[%rows, %y] %buf : !tt.tensordesc<tensor<1x64xf16, #nvmma>>, tensor<32xi64, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that async_tma_store_wait needs its number of pending stores.
tt.func @async_tma_store_wait_needs_number_pending_stores() {
  // expected-error @+1 {{'ttng.async_tma_store_wait' op requires attribute 'pendings'}}
  ttng.async_tma_store_wait
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that reinterpret_tensor_descriptor produces a tensor descriptor.
tt.func @reinterpret_tensor_descriptor_produces(%raw: !tt.ptr<i8>) {
  // expected-error @+1 {{'ttng.reinterpret_tensor_descriptor' op result #0 must be descriptor of a block of a tensor in global memory, but got '!tt.ptr<f16>'}}
  %0 = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.ptr<f16>
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA descriptor has at least one dimension.
tt.func @tensormap_create_tma_descriptor_has_at(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>) {
  // expected-error @+1 {{'ttng.tensormap_create' op TMA descriptors have 1 to 5 dimensions, got 0}}
  ttng.tensormap_create %raw, %base, [], [], [], [] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA descriptor has at most five dimensions.
tt.func @tensormap_create_tma_descriptor_has_at_2(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op TMA descriptors have 1 to 5 dimensions, got 6}}
  ttng.tensormap_create %raw, %base, [%i, %i, %i, %i, %i, %i], [%i, %i, %i, %i, %i, %i], [%s, %s, %s, %s, %s], [%i, %i, %i, %i, %i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that box_dim, global_dim and element_stride have one rank.
tt.func @tensormap_create_box_dim_global_dim(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op box_dim, global_dim and element_stride must have the same rank}}
  ttng.tensormap_create %raw, %base, [%i, %i], [%i], [%s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a TMA descriptor has a stride for every dimension but the innermost.
tt.func @tensormap_create_tma_descriptor_has_stride(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %s: i64) {
  // expected-error @+1 {{'ttng.tensormap_create' op expects rank - 1 global strides}}
  ttng.tensormap_create %raw, %base, [%i, %i], [%i, %i], [%s, %s], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tensormap_create needs its encoding attributes.
tt.func @tensormap_create_needs_encoding_attributes(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32) {
  // expected-error @+1 {{'ttng.tensormap_create' op requires attribute 'elem_type'}}
  ttng.tensormap_create %raw, %base, [%i], [%i], [], [%i] {fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tensormap_fenceproxy_acquire fences a pointer.
tt.func @tensormap_fenceproxy_acquire_fences_pointer(%raw: i64) {
  // expected-error @+1 {{'ttng.tensormap_fenceproxy_acquire' op operand #0 must be ptr, but got 'i64'}}
  ttng.tensormap_fenceproxy_acquire %raw : i64
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_alloc allocates tensor memory.
tt.func @tmem_alloc_allocates_tensor_memory() {
  // expected-error @+1 {{'ttng.tmem_alloc' op must allocate tensor memory}}
  %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that an initialized tmem_alloc has the shape of its initial value.
tt.func @tmem_alloc_initialized_has_shape_initial(%v: tensor<128x128xf32, #blocked>) {
  // expected-error @+1 {{'ttng.tmem_alloc' op initial value and buffer shapes differ}}
  %0 = ttng.tmem_alloc %v : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_load reads tensor memory.
tt.func @tmem_load_reads_tensor_memory(%buf: !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_load' op source must be in tensor memory}}
  %0 = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable> -> tensor<128x128xf32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_load produces the shape of its source.
tt.func @tmem_load_produces_shape_source(%buf: !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_load' op result shape must match the source shape}}
  %0 = ttng.tmem_load %buf : !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
  tt.return
}
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_load's result layout spans the op's warps.
tt.func @tmem_load_result_layout_spans_op(%buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_load' op Layout has 8 warps per CTA, but the context requires 4 warps per CTA}}
  %0 = ttng.tmem_load %buf : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_store writes tensor memory.
tt.func @tmem_store_writes_tensor_memory(%v: tensor<128x128xf32, #blocked>, %buf: !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op destination must be in tensor memory}}
  ttng.tmem_store %v, %buf, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_store writes mutable memory.
tt.func @tmem_store_writes_mutable_memory(%v: tensor<128x128xf32, #blocked>, %buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op Cannot store into an immutable alloc}}
  ttng.tmem_store %v, %buf, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_store stores a tensor of the destination's shape.
tt.func @tmem_store_stores_tensor_destination_shape(%v: tensor<128x128xf32, #blocked>, %buf: !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op source shape must match the destination shape}}
  ttng.tmem_store %v, %buf, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_store takes a predicate.
tt.func @tmem_store_takes_predicate(%v: tensor<128x128xf32, #blocked>, %buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{expected ','}}
  ttng.tmem_store %v, %buf : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_copy reads shared memory.
tt.func @tmem_copy_reads_shared_memory(%src: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, %dst: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_copy' op source must be in shared memory}}
  ttng.tmem_copy %src, %dst : !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_copy writes tensor memory.
tt.func @tmem_copy_writes_tensor_memory(%src: !ttg.memdesc<128x4xi8, #bar2d, #smem>, %dst: !ttg.memdesc<128x4xi8, #bar2d, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_copy' op destination must be in tensor memory}}
  ttng.tmem_copy %src, %dst : !ttg.memdesc<128x4xi8, #bar2d, #smem>, !ttg.memdesc<128x4xi8, #bar2d, #smem, mutable>
  tt.return
}
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_copy arrives on an mbarrier.
tt.func @tmem_copy_arrives_mbarrier(%src: !ttg.memdesc<128x4xi8, #bar2d, #smem>, %dst: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>, %bar: !ttg.memdesc<4xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_copy' op barrier allocation must be a descriptor of 1xi64 type in shared memory, got '!ttg.memdesc<4xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.tmem_copy %src, %dst, %bar : !ttg.memdesc<128x4xi8, #bar2d, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<4xi64, #bar, #smem, mutable>
  tt.return
}
}

// -----

#bar2d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_subslice views tensor memory.
tt.func @tmem_subslice_views_tensor_memory(%buf: !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op source and result must be in tensor memory}}
  %0 = ttng.tmem_subslice %buf {N = 0 : i32} : !ttg.memdesc<128x128xf32, #bar2d, #smem, mutable> -> !ttg.memdesc<128x64xf32, #bar2d, #smem, mutable, 128x128>
  tt.return
}
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_subslice views a 2-D buffer.
tt.func @tmem_subslice_views_2_d_buffer(%buf: !ttg.memdesc<2x128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op source and result must be 2-D}}
  %0 = ttng.tmem_subslice %buf {N = 0 : i32} : !ttg.memdesc<2x128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x64xf32, #acc, #ttng.tensor_memory, mutable, 2x128x128>
  tt.return
}
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_subslice keeps all rows.
tt.func @tmem_subslice_keeps_all_rows(%buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op a subslice keeps all rows}}
  %0 = ttng.tmem_subslice %buf {N = 0 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<64x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
  tt.return
}
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_subslice's columns are inside the buffer.
tt.func @tmem_subslice_columns_inside_buffer(%buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op columns [96, 160) are out of bounds}}
  %0 = ttng.tmem_subslice %buf {N = 96 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
  tt.return
}
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_subslice needs its first column.
tt.func @tmem_subslice_needs_first_column(%buf: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op requires attribute 'N'}}
  %0 = ttng.tmem_subslice %buf : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
  tt.return
}
}

// -----

// Tests that an initialized mutable tensor-memory allocation takes a value of
// its own shape.
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_mutable_shape(%v: tensor<128x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.tmem_alloc' op initial value and buffer shapes differ}}
    %0 = ttng.tmem_alloc %v : (tensor<128x64xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// wgmma checks that mirror Triton 3.6.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that the wgmma accumulator has a Hopper mma layout.
tt.func @warp_group_dot_ampere_result(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma2>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op the result must have a Hopper (version 3) nvidia_mma layout}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma2>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that wgmma reads b from an nvmma_shared layout.
tt.func @warp_group_dot_swizzled_b(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #swizzled, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand b must have an nvmma_shared layout}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #swizzled, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that wgmma reads a from an nvmma_shared layout when in memory.
tt.func @warp_group_dot_swizzled_a(%a: !ttg.memdesc<128x64xf16, #swizzled, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op operand a must have an nvmma_shared layout or a dot_op layout in registers}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #swizzled, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that the wgmma M dimension is a multiple of 64.
tt.func @warp_group_dot_m32(%a: !ttg.memdesc<32x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<32x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op the M dimension of the result must be a multiple of 64, got 32}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<32x64xf16, #nvmma, #smem> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<32x128xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 4, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that the wgmma N dimension is a multiple of 8.
tt.func @warp_group_dot_n4(%a: !ttg.memdesc<64x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x4xf16, #nvmma1, #smem>, %c: tensor<64x4xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op the N dimension of the result must be a multiple of 8, got 4}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #nvmma, #smem> * !ttg.memdesc<64x4xf16, #nvmma1, #smem> -> tensor<64x4xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that a in registers packs 32 bits of K per register: kWidth 2 for
// f16.
tt.func @warp_group_dot_kwidth(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x128xf16, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op in-register LHS operand must have a kWidth of 2 but got 4}}
  %0 = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x128xf16, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that fp8 products into f32 accumulate at least 32 products at a
// time before rounding.
tt.func @warp_group_dot_fp8_imprecise(%a: !ttg.memdesc<128x64xf8E4M3FN, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #nvmma, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{'ttng.warp_group_dot' op an f32 accumulator of fp8 operands needs maxNumImpreciseAcc of at least 32, got 0}}
  %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf8E4M3FN, #nvmma, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #nvmma, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that an mbarrier expects at least one arrival.
tt.func @init_barrier_zero(%bar: !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op the arrival count must be at least 1}}
  ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #ttg.shared_memory, mutable>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that an uninitialized tensor-memory allocation is mutable.
tt.func @tmem_alloc_immutable() {
  // expected-error @+1 {{'ttng.tmem_alloc' op uninitialized alloc must have a mutable memdesc type}}
  %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_alloc keeps the initial value's element type.
tt.func @tmem_alloc_element_type(%v: tensor<128x128xf16, #blocked>) {
  // expected-error @+1 {{'ttng.tmem_alloc' op initial value and buffer element types differ}}
  %0 = ttng.tmem_alloc %v : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return
}
}

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_load reads tensor_memory_encoding buffers, not scales.
tt.func @tmem_load_scales(%m: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>) {
  // expected-error @+1 {{'ttng.tmem_load' op the source must have a tensor_memory_encoding, got #ttng.tensor_memory_scales_encoding<>}}
  %0 = ttng.tmem_load %m : !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory> -> tensor<128x4xi8, #blocked>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_load keeps the element type.
tt.func @tmem_load_element_type(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) {
  // expected-error @+1 {{'ttng.tmem_load' op result and source element types differ}}
  %0 = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf16, #blocked>
  tt.return
}
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_store keeps the element type.
tt.func @tmem_store_element_type(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %v: tensor<128x128xf16, #blocked>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op source and destination element types differ}}
  ttng.tmem_store %v, %m, %p : tensor<128x128xf16, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tmem_copy writes into mutable tensor memory.
tt.func @tmem_copy_immutable(%s: !ttg.memdesc<128x4xi8, #shared, #ttg.shared_memory>, %d: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>) {
  // expected-error @+1 {{'ttng.tmem_copy' op Cannot copy into an immutable alloc}}
  ttng.tmem_copy %s, %d : !ttg.memdesc<128x4xi8, #shared, #ttg.shared_memory>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma multiplies only the types tcgen05.mma has: bf16
// accumulates into f32, not f16.
tt.func @tc_gen5_mma_types(%a: !ttg.memdesc<128x64xbf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xbf16, #nvmma, #smem>, %d: !ttg.memdesc<128x128xf16, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op unsupported accumulator dtype for operand types 'bf16' and 'bf16', accumulator dtype is 'f16' but must be one of ['f32']}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xbf16, #nvmma, #smem>, !ttg.memdesc<64x128xbf16, #nvmma, #smem>, !ttg.memdesc<128x128xf16, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Tests that tc_gen5_mma's operands are of one kind: f16 by fp8 is not.
tt.func @tc_gen5_mma_mixed(%a: !ttg.memdesc<128x64xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #nvmma8, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op tcgen05.mma cannot multiply 'f16' by 'f8E4M3FN' (f16/bf16, tf32, fp8 or i8 operands with their accumulators)}}
  ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #nvmma, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #nvmma8, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
  tt.return
}
}
