// RUN: triton-opt --split-input-file --verify-diagnostics %s

// Verifier, trait and parser errors of the tt dialect, one case each.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Tests that a pointer's address space cannot be negative.
// expected-error @+1 {{address space must be non-negative, got -1}}
tt.func @negative_address_space(%p: !tt.ptr<f32, -1>) {
  tt.return
}

// -----

// Tests that a pointer's address space is an integer, not a name.
// expected-error @+1 {{expected integer value}}
tt.func @named_address_space(%p: !tt.ptr<f32, "global">) {
  tt.return
}

// -----

// Tests that a pointer takes at most a pointee and an address space.
// expected-error @+1 {{expected '>'}}
tt.func @too_many_pointer_parameters(%p: !tt.ptr<f32, 1, 2>) {
  tt.return
}

// -----

// Tests that a pointer needs a pointee type.
// expected-error @+1 {{expected non-function type}}
tt.func @empty_pointer(%p: !tt.ptr<>) {
  tt.return
}

// -----

// Tests that a pointer needs its parameter list.
// expected-error @+1 {{expected '<'}}
tt.func @bare_pointer(%p: !tt.ptr) {
  tt.return
}

// -----

// Tests that a tensor descriptor's block is a ranked tensor type.
// expected-error @+2 {{invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
// expected-error @+1 {{failed to parse TT_TensorDescType parameter 'blockType'}}
tt.func @descriptor_of_scalar(%d: !tt.tensordesc<f32>) {
  tt.return
}

// -----

// Tests that Triton 3.6 spells a descriptor's block as a tensor type (the
// shape-only spelling came later).
// expected-error @+2 {{expected non-function type}}
// expected-error @+1 {{failed to parse TT_TensorDescType parameter 'blockType'}}
tt.func @descriptor_without_tensor(%d: !tt.tensordesc<16x16xf32>) {
  tt.return
}

// -----

// Tests that the dialect has no other types.
// expected-error @+1 {{unknown  type `foo` in dialect `tt`}}
tt.func @unknown_type(%d: !tt.foo<f32>) {
  tt.return
}

// -----

// Tests that index is not a Triton element type.
tt.func @index_elements(%x: index) {
  // expected-error @+1 {{'tt.splat' op operand #0 must be floating-point or ranked tensor of floating-point values or integer or ranked tensor of integer values or ptr or ranked tensor of ptr values or pointer to a tensor, but got 'index'}}
  %0 = tt.splat %x : index -> tensor<16xindex>
  tt.return
}

// -----

// Tests that Triton tensors are ranked.
tt.func @unranked_tensor(%x: tensor<*xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'tensor<*xf32>'}}
  %0 = tt.precise_sqrt %x : tensor<*xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

// -----

// Tests that an unknown cache modifier keyword is rejected.
tt.func @unknown_cache_modifier(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]}}
  %0 = tt.load %p cacheModifier = xx : !tt.ptr<f32>
  tt.return
}

// -----

// Tests that an unknown eviction policy keyword is rejected.
tt.func @unknown_eviction_policy(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'evict' [evict_normal, evict_first, evict_last]}}
  %0 = tt.load %p evictionPolicy = evict_all : !tt.ptr<f32>
  tt.return
}

// -----

// Tests that an integer outside the cache modifier enum is rejected.
tt.func @cache_modifier_out_of_range(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.load' op attribute 'cache' failed to satisfy constraint: cache modifier}}
  %0 = tt.load %p {cache = 9 : i32} : !tt.ptr<f32>
  tt.return
}

// -----

// Tests that an integer outside the padding enum is rejected.
tt.func @padding_out_of_range(%p: !tt.ptr<tensor<64xf32>>) {
  // expected-error @+1 {{'tt.load' op attribute 'padding' failed to satisfy constraint: value of out-of-bounds elements}}
  %0 = tt.load %p {padding = 3 : i32} : !tt.ptr<tensor<64xf32>>
  tt.return
}

// -----

// Tests that an optional keyword of an oilist appears at most once.
tt.func @repeated_cache_modifier(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{`cacheModifier` clause can appear at most once in the expansion of the oilist directive}}
  %0 = tt.load %p cacheModifier = ca cacheModifier = cg : !tt.ptr<f32>
  tt.return
}

// -----

// Tests that there is no fourth grid axis.
tt.func @unknown_program_axis() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

// Tests that the integer form of a program axis is range checked.
tt.func @program_axis_out_of_range() {
  // expected-error @+1 {{Invalid attribute `axis` in property conversion: 3 : i32}}
  %0 = "tt.get_program_id"() <{axis = 3 : i32}> : () -> i32
  tt.return
}

// -----

// Tests that propagateNan only has the values 0 and 0xFFFF.
tt.func @propagate_nan_out_of_range(%x: f32) {
  // expected-error @+1 {{Invalid attribute `propagateNan` in property conversion: 1 : i32}}
  %0 = "tt.clampf"(%x, %x, %x) <{propagateNan = 1 : i32}> : (f32, f32, f32) -> f32
  tt.return
}

// -----

// Tests that an unknown NaN propagation keyword is rejected.
tt.func @unknown_propagate_nan(%x: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'propagateNan' [none, all]}}
  %0 = tt.clampf %x, %x, %x, propagateNan = some : f32
  tt.return
}

// -----

// Tests that an unknown read-modify-write kind is rejected.
tt.func @unknown_rmw_op(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'atomic_rmw_op' [and, or, xor, add, fadd, max, min, umax, umin, exch]}}
  %0 = tt.atomic_rmw fmax, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

// Tests that an unknown memory semantic is rejected.
tt.func @unknown_mem_semantic(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'sem' [relaxed, acquire, release, acq_rel]}}
  %0 = tt.atomic_rmw fadd, seq_cst, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

// Tests that an unknown synchronization scope is rejected.
tt.func @unknown_mem_scope(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [gpu, cta, sys]}}
  %0 = tt.atomic_rmw fadd, relaxed, system, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

// Tests that an unknown descriptor reduction kind is rejected.
tt.func @unknown_descriptor_reduce_kind(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, min, max, inc, dec, and, or, xor]}}
  tt.descriptor_reduce fadd, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

// Tests that an unknown rounding mode is rejected.
tt.func @unknown_rounding(%x: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'rounding' [rtz, rtne]}}
  %0 = tt.fp_to_fp %x, rounding = rtp : f32 -> f16
  tt.return
}

// -----

// Tests that an unknown input precision is rejected.
tt.func @unknown_input_precision(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee, bf16x3, bf16x6]}}
  %0 = tt.dot %a, %a, %c, inputPrecision = tf64 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that an unknown scaled element type is rejected.
tt.func @unknown_scale_dot_elem_type(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'b_elem_type' [e4m3, e5m2, e2m3, e3m2, e2m1, bf16, fp16]}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = fp8 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// TensorSizeTrait
//===----------------------------------------------------------------------===//

// -----

// Tests that a result tensor's element count must be a power of two.
tt.func @result_not_power_of_two(%x: f32) {
  // expected-error @+1 {{'tt.splat' op tensor 'tensor<3xf32>' has 3 elements, which is not a power of two}}
  %0 = tt.splat %x : f32 -> tensor<3xf32>
  tt.return
}

// -----

// Tests that an operand tensor's element count must be a power of two.
tt.func @operand_not_power_of_two(%x: tensor<6xf32>) {
  // expected-error @+1 {{'tt.precise_sqrt' op tensor 'tensor<6xf32>' has 6 elements, which is not a power of two}}
  %0 = tt.precise_sqrt %x : tensor<6xf32>
  tt.return
}

// -----

// Tests that a tensor holds at most 2^20 elements.
tt.func @tensor_too_large(%x: f32) {
  // expected-error @+1 {{'tt.splat' op tensor 'tensor<2048x1024xf32>' has 2097152 elements; the maximum is 1048576}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

// Tests that the block of a block pointer obeys the same size rule.
tt.func @block_pointer_not_power_of_two(%p: !tt.ptr<f16>, %i: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op tensor '!tt.ptr<tensor<3x64xf16>>' has 192 elements, which is not a power of two}}
  %0 = tt.make_tensor_ptr %p, [%i, %i], [%i, %i], [%o, %o] {order = array<i32: 1, 0>} : <tensor<3x64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Casts and arithmetic
//===----------------------------------------------------------------------===//

// -----

// Tests that int_to_ptr takes 64-bit integers.
tt.func @int_to_ptr_i32(%x: i32) {
  // expected-error @+1 {{'tt.int_to_ptr' op operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values, but got 'i32'}}
  %0 = tt.int_to_ptr %x : i32 -> !tt.ptr<f32>
  tt.return
}

// -----

// Tests that ptr_to_int produces 64-bit integers.
tt.func @ptr_to_int_i32(%x: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.ptr_to_int' op result #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values, but got 'i32'}}
  %0 = tt.ptr_to_int %x : !tt.ptr<f32> -> i32
  tt.return
}

// -----

// Tests that int_to_ptr keeps the shape (SameOperandsAndResultShape).
tt.func @int_to_ptr_shape(%x: tensor<16xi64>) {
  // expected-error @+1 {{'tt.int_to_ptr' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.int_to_ptr %x : tensor<16xi64> -> tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Tests that a pointer cannot be bitcast to an integer.
tt.func @bitcast_pointer_to_int(%x: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast pointer to non-pointer type 'i64'}}
  %0 = tt.bitcast %x : !tt.ptr<f32> -> i64
  tt.return
}

// -----

// Tests that an integer cannot be bitcast to a pointer.
tt.func @bitcast_int_to_pointer(%x: i64) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast non-pointer type 'i64' to pointer type}}
  %0 = tt.bitcast %x : i64 -> !tt.ptr<f32>
  tt.return
}

// -----

// Tests that a bitcast keeps the bit width.
tt.func @bitcast_width(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast data-type of size 32 to data-type of size 16 ('f32' to 'i16')}}
  %0 = tt.bitcast %x : tensor<128xf32> -> tensor<128xi16>
  tt.return
}

// -----

// Tests that a bitcast keeps the shape.
tt.func @bitcast_shape(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.bitcast' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.bitcast %x : tensor<128xf32> -> tensor<64xi32>
  tt.return
}

// -----

// Tests that a bitcast cannot turn a scalar into a tensor.
tt.func @bitcast_scalar_to_tensor(%x: f32) {
  // expected-error @+1 {{'tt.bitcast' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %0 = tt.bitcast %x : f32 -> tensor<1xi32>
  tt.return
}

// -----

// Tests that a narrowing fp_to_fp needs a rounding mode.
tt.func @fp_to_fp_downcast_to_fp8(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op a rounding mode is required for the downcast from 'f32' to 'f8E4M3FN'}}
  %0 = tt.fp_to_fp %x : tensor<16xf32> -> tensor<16xf8E4M3FN>
  tt.return
}

// -----

// Tests that f32 to bf16 is a downcast too.
tt.func @fp_to_fp_downcast_to_bf16(%x: f32) {
  // expected-error @+1 {{'tt.fp_to_fp' op a rounding mode is required for the downcast from 'f32' to 'bf16'}}
  %0 = tt.fp_to_fp %x : f32 -> bf16
  tt.return
}

// -----

// Tests that fp_to_fp only converts floats.
tt.func @fp_to_fp_int(%x: i32) {
  // expected-error @+1 {{'tt.fp_to_fp' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'i32'}}
  %0 = tt.fp_to_fp %x : i32 -> f32
  tt.return
}

// -----

// Tests that fp_to_fp keeps the shape.
tt.func @fp_to_fp_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.fp_to_fp %x : tensor<16xf32> -> tensor<32xf64>
  tt.return
}

// -----

// Tests that clampf operands and result share one type.
tt.func @clampf_mixed_types(%x: f32, %y: f16) {
  // expected-error @+1 {{'tt.clampf' op requires the same type for all operands and results}}
  %0 = "tt.clampf"(%x, %y, %x) <{propagateNan = 0 : i32}> : (f32, f16, f32) -> f32
  tt.return
}

// -----

// Tests that clampf only takes floats.
tt.func @clampf_int(%x: i32) {
  // expected-error @+1 {{'tt.clampf' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'i32'}}
  %0 = tt.clampf %x, %x, %x, propagateNan = none : i32
  tt.return
}

// -----

// Tests that precise_sqrt only takes floats.
tt.func @precise_sqrt_int(%x: i32) {
  // expected-error @+1 {{'tt.precise_sqrt' op operand #0 must be floating-point or ranked tensor of floating-point values, but got 'i32'}}
  %0 = tt.precise_sqrt %x : i32
  tt.return
}

// -----

// Tests that mulhiui only takes integers.
tt.func @mulhiui_float(%x: f32) {
  // expected-error @+1 {{'tt.mulhiui' op operand #0 must be integer or ranked tensor of integer values, but got 'f32'}}
  %0 = tt.mulhiui %x, %x : f32
  tt.return
}

// -----

// Tests that mulhiui operands share one type.
tt.func @mulhiui_mixed_types(%x: i32, %y: i64) {
  // expected-error @+1 {{'tt.mulhiui' op requires the same type for all operands and results}}
  %0 = "tt.mulhiui"(%x, %y) : (i32, i64) -> i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

// -----

// Tests that addptr's pointer and offset have one shape.
tt.func @addptr_shape(%p: tensor<128x!tt.ptr<f32>>, %o: tensor<64xi32>) {
  // expected-error @+1 {{'tt.addptr' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.addptr %p, %o : tensor<128x!tt.ptr<f32>>, tensor<64xi32>
  tt.return
}

// -----

// Tests that addptr's result has the type of its pointer.
tt.func @addptr_result(%p: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'tt.addptr' op failed to verify that result type matches ptr type}}
  %0 = "tt.addptr"(%p, %o) : (!tt.ptr<f32>, i32) -> !tt.ptr<f16>
  tt.return
}

// -----

// Tests that addptr offsets are integers.
tt.func @addptr_float_offset(%p: !tt.ptr<f32>, %o: f32) {
  // expected-error @+1 {{'tt.addptr' op operand #1 must be integer or ranked tensor of integer values, but got 'f32'}}
  %0 = tt.addptr %p, %o : !tt.ptr<f32>, f32
  tt.return
}

// -----

// Tests that addptr offsets a pointer.
tt.func @addptr_not_pointer(%p: i64, %o: i32) {
  // expected-error @+1 {{'result' must be ptr or ranked tensor of ptr values, but got 'i64'}}
  %0 = tt.addptr %p, %o : i64, i32
  tt.return
}

// -----

// Tests that advance takes one offset per block dimension.
tt.func @advance_offset_count(%p: !tt.ptr<tensor<64x64xf16>>, %o: i32) {
  // expected-error @+1 {{'tt.advance' op expects 2 offsets, one per dimension of the block, but got 1}}
  %0 = tt.advance %p, [%o] : <tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that advance returns the type of its pointer.
tt.func @advance_result(%p: !tt.ptr<tensor<64x64xf16>>, %o: i32) {
  // expected-error @+1 {{'tt.advance' op failed to verify that result type matches ptr type}}
  %0 = "tt.advance"(%p, %o, %o) : (!tt.ptr<tensor<64x64xf16>>, i32, i32) -> !tt.ptr<tensor<64x64xf32>>
  tt.return
}

// -----

// Tests that advance only moves block pointers.
tt.func @advance_scalar_pointer(%p: !tt.ptr<f16>, %o: i32) {
  // expected-error @+1 {{'result' must be pointer to a tensor, but got '!tt.ptr<f16>'}}
  %0 = tt.advance %p, [%o] : !tt.ptr<f16>
  tt.return
}

// -----

// Tests that advance offsets are i32.
tt.func @advance_i64_offset(%p: !tt.ptr<tensor<64xf16>>, %o: i64) {
  // expected-error @+1 {{'tt.advance' op operand #1 must be variadic of 32-bit signless integer, but got 'i64'}}
  %0 = "tt.advance"(%p, %o) : (!tt.ptr<tensor<64xf16>>, i64) -> !tt.ptr<tensor<64xf16>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

// -----

// Tests that a load's mask has the shape of its pointer.
tt.func @load_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tt.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that the custom form derives the mask type from the pointer type.
// expected-note @+1 {{prior use here}}
tt.func @load_mask_shape_custom(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<128xi1>' vs 'tensor<64xi1>'}}
  %0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Tests that a load's mask is boolean.
tt.func @load_mask_type(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi8>) {
  // expected-error @+1 {{'tt.load' op operand #1 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values, but got 'tensor<128xi8>'}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tt.ptr<f32>>, tensor<128xi8>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that a load's other value has the pointee type.
tt.func @load_other_type(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf16>) {
  // expected-error @+1 {{'tt.load' op failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<128x!tt.ptr<f32>>, tensor<128xi1>, tensor<128xf16>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that a load's result has the pointee element type.
tt.func @load_result_type(%p: tensor<128x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tt.ptr<f32>>) -> tensor<128xf16>
  tt.return
}

// -----

// Tests that a load's result has the pointer's shape.
tt.func @load_result_shape(%p: tensor<128x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tt.ptr<f32>>) -> tensor<64xf32>
  tt.return
}

// -----

// Tests that a load reads through a pointer.
tt.func @load_not_pointer(%p: tensor<128xf32>) {
  // expected-error @+1 {{'ptr' must be ptr or ranked tensor of ptr values or pointer to a tensor, but got 'tensor<128xf32>'}}
  %0 = tt.load %p : tensor<128xf32>
  tt.return
}

// -----

// Tests that boundaryCheck needs a block pointer.
tt.func @load_boundary_check_tensor_of_pointers(%p: tensor<128x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck requires a block pointer, got 'tensor<128x!tt.ptr<f32>>'}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Tests that boundaryCheck names dimensions of the block.
tt.func @load_boundary_check_out_of_range(%p: !tt.ptr<tensor<64x64xf16>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck dimension 2 is out of range for a block of rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that boundaryCheck dimensions are not negative.
tt.func @load_boundary_check_negative(%p: !tt.ptr<tensor<64x64xf16>>) {
  // expected-error @+1 {{'tt.load' op boundaryCheck dimension -1 is out of range for a block of rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: -1>} : !tt.ptr<tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that a store's boundaryCheck needs a block pointer.
tt.func @store_boundary_check_scalar(%p: !tt.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tt.store' op boundaryCheck requires a block pointer, got '!tt.ptr<f16>'}}
  tt.store %p, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<f16>
  tt.return
}

// -----

// Tests that a store's boundaryCheck names dimensions of the block.
tt.func @store_boundary_check_out_of_range(%p: !tt.ptr<tensor<64x64xf16>>, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'tt.store' op boundaryCheck dimension 5 is out of range for a block of rank 2}}
  tt.store %p, %v {boundaryCheck = array<i32: 0, 5>} : !tt.ptr<tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that a stored value has the pointee element type.
tt.func @store_value_type(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<128x!tt.ptr<f32>>, tensor<128xf16>) -> ()
  tt.return
}

// -----

// Tests that a stored value has the pointer's shape.
tt.func @store_value_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<128x!tt.ptr<f32>>, tensor<64xf32>) -> ()
  tt.return
}

// -----

// Tests that a store's mask has the pointer's shape.
tt.func @store_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.store' op failed to verify that mask type matches ptr type}}
  "tt.store"(%p, %v, %m) : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<64xi1>) -> ()
  tt.return
}

// -----

// Tests that the custom form derives the stored value's type from the pointer.
// expected-note @+1 {{prior use here}}
tt.func @store_value_shape_custom(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'tensor<128xf32>' vs 'tensor<64xf32>'}}
  tt.store %p, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

// -----

// Tests that atomic_rmw's value has the pointee type.
tt.func @atomic_rmw_value_type(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xi32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<f32>>, tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

// -----

// Tests that atomic_rmw's mask has the value's shape.
tt.func @atomic_rmw_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.atomic_rmw' op failed to verify that mask type matches value type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<64xi1>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that atomic_rmw's result has the shape of its operands.
tt.func @atomic_rmw_result_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op requires the same shape for all operands and results}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>) -> tensor<64xf32>
  tt.return
}

// -----

// Tests that atomic_cas compares against values of the pointee type.
tt.func @atomic_cas_cmp_type(%p: tensor<128x!tt.ptr<f32>>, %c: tensor<128xi32>, %v: tensor<128xf32>) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches cmp type}}
  %0 = tt.atomic_cas relaxed, gpu, %p, %c, %v : (tensor<128x!tt.ptr<f32>>, tensor<128xi32>, tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that atomic_cas swaps in values of the pointee type.
tt.func @atomic_cas_value_type(%p: tensor<128x!tt.ptr<f32>>, %c: tensor<128xf32>, %v: tensor<128xi32>) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches value type}}
  %0 = tt.atomic_cas relaxed, gpu, %p, %c, %v : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

// -----

// Tests that splat keeps the element type.
tt.func @splat_element_type(%x: f32) {
  // expected-error @+1 {{'tt.splat' op requires the same element type for all operands and results}}
  %0 = tt.splat %x : f32 -> tensor<16xf16>
  tt.return
}

// -----

// Tests that splat produces a tensor.
tt.func @splat_to_scalar(%x: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %0 = tt.splat %x : f32 -> f32
  tt.return
}

// -----

// Tests that unsplat needs a single-element tensor.
tt.func @unsplat_many_elements(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.unsplat' op source tensor must have exactly one element, got 'tensor<128xf32>'}}
  %0 = tt.unsplat %x : tensor<128xf32>
  tt.return
}

// -----

// Tests that unsplat returns the element type.
tt.func @unsplat_result_type(%x: tensor<1xf32>) {
  // expected-error @+2 {{'tt.unsplat' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'f16'}}
  // expected-error @+1 {{'tt.unsplat' op failed to infer returned types}}
  %0 = "tt.unsplat"(%x) : (tensor<1xf32>) -> f16
  tt.return
}

// -----

// Tests that expand_dims' axis is at most the rank.
tt.func @expand_dims_axis(%x: tensor<16xf32>) {
  // expected-error @+2 {{expand_dims axis 2 is out of range for a tensor of rank 1}}
  // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  tt.return
}

// -----

// Tests that expand_dims inserts the unit dimension at the axis.
tt.func @expand_dims_result(%x: tensor<16xf32>) {
  // expected-error @+2 {{'tt.expand_dims' op inferred type(s) 'tensor<1x16xf32>' are incompatible with return type(s) of operation 'tensor<16x1xf32>'}}
  // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  tt.return
}

// -----

// Tests that expand_dims keeps the element type.
tt.func @expand_dims_element_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op requires the same element type for all operands and results}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf16>
  tt.return
}

// -----

// Tests that broadcast keeps the rank.
tt.func @broadcast_rank(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.broadcast' op rank of source must be same as rank of result (1 vs 2)}}
  %0 = tt.broadcast %x : tensor<128xi32> -> tensor<128x32xi32>
  tt.return
}

// -----

// Tests that broadcast only stretches dimensions of size 1.
tt.func @broadcast_dimension(%x: tensor<2x32xi32>) {
  // expected-error @+1 {{'tt.broadcast' op Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1.}}
  %0 = tt.broadcast %x : tensor<2x32xi32> -> tensor<128x32xi32>
  tt.return
}

// -----

// Tests that broadcast keeps the element type.
tt.func @broadcast_element_type(%x: tensor<1x32xi32>) {
  // expected-error @+1 {{'tt.broadcast' op requires the same element type for all operands and results}}
  %0 = tt.broadcast %x : tensor<1x32xi32> -> tensor<128x32xi64>
  tt.return
}

// -----

// Tests that broadcast takes a tensor.
tt.func @broadcast_scalar(%x: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'i32'}}
  %0 = tt.broadcast %x : i32 -> tensor<128x32xi32>
  tt.return
}

// -----

// Tests that reshape keeps the number of elements.
tt.func @reshape_num_elements(%x: tensor<32x128xf16>) {
  // expected-error @+1 {{'tt.reshape' op number of src and dst elements of reshape must be the same, got 4096 and 2048}}
  %0 = tt.reshape %x : tensor<32x128xf16> -> tensor<64x32xf16>
  tt.return
}

// -----

// Tests that reshape keeps the element type.
tt.func @reshape_element_type(%x: tensor<32x128xf16>) {
  // expected-error @+1 {{'tt.reshape' op requires the same element type for all operands and results}}
  %0 = tt.reshape %x : tensor<32x128xf16> -> tensor<4096xf32>
  tt.return
}

// -----

// Tests that cat keeps the rank.
tt.func @cat_rank(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op operands and result must have the same rank}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

// Tests that cat's result holds exactly both operands.
tt.func @cat_num_elements(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op result must hold the elements of both operands (64), but has 128}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<128xf32>
  tt.return
}

// -----

// Tests that cat's operands have one type.
tt.func @cat_operand_types(%x: tensor<32xf32>, %y: tensor<32xf16>) {
  // expected-error @+1 {{'tt.cat' op requires all operands to have the same type}}
  %0 = "tt.cat"(%x, %y) : (tensor<32xf32>, tensor<32xf16>) -> tensor<64xf32>
  tt.return
}

// -----

// Tests that cat keeps the element type.
tt.func @cat_element_type(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.cat' op requires the same element type for all operands and results}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<64xf16>
  tt.return
}

// -----

// Tests that join's result appends a dimension of 2.
tt.func @join_result(%x: tensor<32xf32>) {
  // expected-error @+1 {{'tt.join' op result shape must be (32, 2), but got 64}}
  %0 = tt.join %x, %x : tensor<32xf32> -> tensor<64xf32>
  tt.return
}

// -----

// Tests that join's operands have one type.
tt.func @join_operand_types(%x: tensor<32xf32>, %y: tensor<32xf16>) {
  // expected-error @+1 {{'tt.join' op requires all operands to have the same type}}
  %0 = "tt.join"(%x, %y) : (tensor<32xf32>, tensor<32xf16>) -> tensor<32x2xf32>
  tt.return
}

// -----

// Tests that join takes tensors.
tt.func @join_scalars(%x: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  %0 = tt.join %x, %x : f32 -> tensor<2xf32>
  tt.return
}

// -----

// Tests that split needs a last dimension of size 2.
tt.func @split_last_dimension(%x: tensor<32xf32>) {
  // expected-error @+2 {{split expects a tensor whose last dimension has size 2, got 'tensor<32xf32>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<32xf32> -> tensor<16xf32>
  tt.return
}

// -----

// Tests that split's results drop the last dimension.
tt.func @split_result(%x: tensor<32x2xf32>) {
  // expected-error @+2 {{'tt.split' op inferred type(s) 'tensor<32xf32>', 'tensor<32xf32>' are incompatible with return type(s) of operation 'tensor<32xf16>', 'tensor<32xf16>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<32x2xf32> -> tensor<32xf16>
  tt.return
}

// -----

// Tests that split's two results have one type.
tt.func @split_result_types(%x: tensor<32x2xf32>) {
  // expected-error @+1 {{'tt.split' op failed to verify that outLHS and outRHS types match}}
  %0, %1 = "tt.split"(%x) : (tensor<32x2xf32>) -> (tensor<32xf32>, tensor<32xf16>)
  tt.return
}

// -----

// Tests that trans' order has one entry per dimension.
tt.func @trans_order_too_short(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{order must have one entry per dimension (2), but has 1}}
  %0 = tt.trans %x {order = array<i32: 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  tt.return
}

// -----

// Tests that trans' order has no more entries than dimensions.
tt.func @trans_order_too_long(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{order must have one entry per dimension (2), but has 3}}
  %0 = tt.trans %x {order = array<i32: 2, 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  tt.return
}

// -----

// Tests that trans' order is a permutation.
tt.func @trans_order_not_permutation(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 0, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  tt.return
}

// -----

// Tests that trans' result is the permuted source.
tt.func @trans_result(%x: tensor<16x32xf32>) {
  // expected-error @+2 {{'tt.trans' op inferred type(s) 'tensor<32x16xf32>' are incompatible with return type(s) of operation 'tensor<16x32xf32>'}}
  // expected-error @+1 {{'tt.trans' op failed to infer returned types}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<16x32xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// SPMD, ranges, histograms, gathers
//===----------------------------------------------------------------------===//

// -----

// Tests that program ids are i32.
tt.func @program_id_i64() {
  // expected-error @+1 {{'tt.get_program_id' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %0 = tt.get_program_id x : i64
  tt.return
}

// -----

// Tests that make_range's start is below its end.
tt.func @make_range_reversed() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end, got [128, 0)}}
  %0 = tt.make_range {end = 0 : i32, start = 128 : i32} : tensor<128xi32>
  tt.return
}

// -----

// Tests that make_range produces a 1-D tensor.
tt.func @make_range_rank() {
  // expected-error @+1 {{'tt.make_range' op result must be a 1D tensor, got 'tensor<2x64xi32>'}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<2x64xi32>
  tt.return
}

// -----

// Tests that make_range's result holds the whole range.
tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op number of elements of the result (64) must be the size of the range [0, 128), which is 128}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<64xi32>
  tt.return
}

// -----

// Tests that make_range produces i32.
tt.func @make_range_i64() {
  // expected-error @+1 {{'tt.make_range' op result must have i32 elements, got 'i64'}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi64>
  tt.return
}

// -----

// Tests that make_range produces integers.
tt.func @make_range_float() {
  // expected-error @+1 {{'tt.make_range' op result #0 must be ranked tensor of integer values, but got 'tensor<128xf32>'}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xf32>
  tt.return
}

// -----

// Tests that make_range produces a tensor.
tt.func @make_range_scalar() {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'i32'}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : i32
  tt.return
}

// -----

// Tests that make_range needs both bounds.
tt.func @make_range_missing_start() {
  // expected-error @+1 {{'tt.make_range' op requires attribute 'start'}}
  %0 = tt.make_range {end = 128 : i32} : tensor<128xi32>
  tt.return
}

// -----

// Tests that histogram's mask has the source's shape.
// expected-note @+1 {{prior use here}}
tt.func @histogram_mask_shape(%x: tensor<1024xi32>, %m: tensor<512xi1>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<1024xi1>' vs 'tensor<512xi1>'}}
  %0 = tt.histogram %x, %m : tensor<1024xi32> -> tensor<64xi32>
  tt.return
}

// -----

// Tests that histogram's mask has the source's shape, in generic form.
tt.func @histogram_mask_shape_generic(%x: tensor<1024xi32>, %m: tensor<512xi1>) {
  // expected-error @+1 {{'tt.histogram' op failed to verify that mask type matches src type}}
  %0 = "tt.histogram"(%x, %m) : (tensor<1024xi32>, tensor<512xi1>) -> tensor<64xi32>
  tt.return
}

// -----

// Tests that histogram counts integers.
tt.func @histogram_float(%x: tensor<1024xf32>) {
  // expected-error @+1 {{'src' must be ranked tensor of integer values, but got 'tensor<1024xf32>'}}
  %0 = tt.histogram %x : tensor<1024xf32> -> tensor<64xi32>
  tt.return
}

// -----

// Tests that gather's source and indices have one rank.
tt.func @gather_rank(%x: tensor<128xf32>, %i: tensor<512x4xi32>) {
  // expected-error @+1 {{'tt.gather' op input and indices ranks must match}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128xf32>, tensor<512x4xi32>) -> tensor<512x4xf32>
  tt.return
}

// -----

// Tests that gather's axis is a dimension of the source.
tt.func @gather_axis(%x: tensor<128x16xf32>, %i: tensor<512x16xi32>) {
  // expected-error @+1 {{'tt.gather' op gather dimension must be less than the input rank}}
  %0 = tt.gather %x[%i] {axis = 3 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

// -----

// Tests that gather's indices match the source off the axis.
tt.func @gather_dimension(%x: tensor<128x16xf32>, %i: tensor<512x32xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 1 must match the corresponding input dimension}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x32xi32>) -> tensor<512x32xf32>
  tt.return
}

// -----

// Tests that gather's result has the source's element type.
tt.func @gather_result(%x: tensor<128x16xf16>, %i: tensor<512x16xi32>) {
  // expected-error @+1 {{'tt.gather' op input and output element types must match}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x16xf16>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

// -----

// Tests that gather's indices are integers.
tt.func @gather_float_indices(%x: tensor<128x16xf32>, %i: tensor<512x16xf32>) {
  // expected-error @+1 {{'tt.gather' op operand #1 must be ranked tensor of integer values, but got 'tensor<512x16xf32>'}}
  %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xf32>) -> tensor<512x16xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

// -----

// Tests that dot operands are matrices.
tt.func @dot_rank_1(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands must be 2-D, or 3-D with a leading batch dimension, but have rank 1}}
  %0 = tt.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

// Tests that dot operands have one rank.
tt.func @dot_rank_mismatch(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands and accumulator must have the same rank}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that dot's K dimensions agree.
tt.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand, got 32 and 16}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that dot's accumulator is M x N.
tt.func @dot_accumulator(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op accumulator shape [16, 16] must be [M, N] = [16, 64]}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that dot's batch dimensions agree.
tt.func @dot_batch(%a: tensor<2x16x32xf16>, %b: tensor<4x32x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op batch dimensions must agree, got 2, 4 and 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x32xf16> * tensor<4x32x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

// Tests that dot's operands have one bit width.
tt.func @dot_bit_width(%a: tensor<16x16xf16>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op element types of operands A and B must have same bit width, got 'f16' and 'f32'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that dot's result has the accumulator's type.
tt.func @dot_result(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op failed to verify that result's type matches accumulator's type}}
  %0 = "tt.dot"(%a, %a, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

// Tests that dot_scaled operands are all 2-D or all 3-D.
tt.func @dot_scaled_rank(%a: tensor<16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op operands and accumulator must all be 2-D or all 3-D}}
  %0 = tt.dot_scaled %a, %b, %c lhs = fp16 rhs = fp16 {fastMath = false} : tensor<16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

// Tests that an fp4 operand packs two values per byte along K.
tt.func @dot_scaled_fp4_k(%a: tensor<128x64xi8>, %b: tensor<64x128xbf16>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand, got 128 and 64}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<128x64xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  tt.return
}

// -----

// Tests that dot_scaled's accumulator is M x N.
tt.func @dot_scaled_accumulator(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op accumulator shape [128, 128] must be [M, N] = [128, 64]}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x64xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

// Tests that dot_scaled's batch dimensions agree.
tt.func @dot_scaled_batch(%a: tensor<2x128x64xf8E4M3FN>, %b: tensor<4x64x128xf8E4M3FN>, %c: tensor<2x128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op batch dimensions must agree, got 2, 4 and 2}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<2x128x64xf8E4M3FN> * tensor<4x64x128xf8E4M3FN> -> tensor<2x128x128xf32>
  tt.return
}

// -----

// Tests that dot_scaled accumulates in floats.
tt.func @dot_scaled_int_accumulator(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xi32>) {
  // expected-error @+1 {{'d' must be ranked tensor of floating-point values, but got 'tensor<128x128xi32>'}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xi32>
  tt.return
}

// -----

// Tests that dot_scaled's result has the accumulator's type.
tt.func @dot_scaled_result(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op failed to verify that result's type matches accumulator's type}}
  %0 = "tt.dot_scaled"(%a, %b, %c) <{a_elem_type = 0 : i32, b_elem_type = 0 : i32, fastMath = false, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<128x64xf8E4M3FN>, tensor<64x128xf8E4M3FN>, tensor<128x128xf32>) -> tensor<128x128xf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// Reduce and scan
//===----------------------------------------------------------------------===//

// -----

// Tests that reduce's axis is a dimension of the operands.
tt.func @reduce_axis(%x: tensor<4x128xf32>) {
  // expected-error @+2 {{axis 2 is out of range for operands of rank 2}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x128xf32>) -> tensor<4xf32>
  tt.return
}

// -----

// Tests that reduce drops the reduced dimension.
tt.func @reduce_result_shape(%x: tensor<4x128xf32>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) 'tensor<128xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x128xf32>) -> tensor<4xf32>
  tt.return
}

// -----

// Tests that reduce keeps the element types.
tt.func @reduce_result_type(%x: tensor<4x128xf64>) {
  // expected-error @+1 {{'tt.reduce' op operand types and result types must agree, got 'tensor<4x128xf64>' and 'tensor<128xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %b : f64
    tt.reduce.return %s : f64
  }) : (tensor<4x128xf64>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that reducing a 1-D tensor gives a scalar, not a tensor.
tt.func @reduce_1d_to_tensor(%x: tensor<128xf32>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'tensor<1xf32>'}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<128xf32>) -> tensor<1xf32>
  tt.return
}

// -----

// Tests that reduce's operands have one shape.
tt.func @reduce_operand_shapes(%x: tensor<32x32xf32>, %y: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.reduce' op requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 1 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
    tt.reduce.return %a0, %a1 : f32, f32
  }) : (tensor<32x32xf32>, tensor<16x32xf32>) -> (tensor<32xf32>, tensor<16xf32>)
  tt.return
}

// -----

// Tests that reduce needs an operand.
tt.func @reduce_no_operands() {
  // expected-error @+1 {{'tt.reduce' op expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

// Tests that the combine region takes two arguments per operand.
tt.func @reduce_region_arity(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.reduce' op the combine region must take 2 arguments (2 per operand), but takes 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that the combine region's arguments have the element types.
tt.func @reduce_region_argument_type(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region argument 1 has type 'f16', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that the combine region returns one value per operand.
tt.func @reduce_return_count(%x: tensor<128xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.reduce.return' op must return 1 values, one per operand, but returns 2}}
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that the combine region returns the element types.
tt.func @reduce_return_type(%x: tensor<128xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.truncf %a : f32 to f16
    // expected-error @+1 {{'tt.reduce.return' op returned value 0 has type 'f16', expected 'f32'}}
    tt.reduce.return %t : f16
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that reduce's region has exactly one block.
tt.func @reduce_empty_region(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.reduce' op region #0 ('combineOp') failed to verify constraint: region with 1 blocks}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that reduce's region is a single block.
tt.func @reduce_two_blocks(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.reduce' op expects region #0 to have 0 or 1 blocks}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    cf.br ^bb1
  ^bb1:
    tt.reduce.return %a : f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that reduce's region ends with tt.reduce.return, not tt.scan.return.
tt.func @reduce_with_scan_return(%x: tensor<128xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.scan.return' op expects parent op 'tt.scan'}}
    tt.scan.return %a : f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that tt.reduce.return only terminates tt.reduce.
tt.func @reduce_return_outside(%x: f32) {
  // expected-error @+1 {{'tt.reduce.return' op expects parent op 'tt.reduce'}}
  tt.reduce.return %x : f32
}

// -----

// Tests that scan keeps the shape.
tt.func @scan_shape(%x: tensor<4x128xf32>) {
  // expected-error @+1 {{'tt.scan' op requires the same shape for all operands and results}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4x128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that scan's results have the operands' types, in order.
tt.func @scan_result_types(%x: tensor<4x128xf32>, %y: tensor<4x128xi64>) {
  // expected-error @+1 {{'tt.scan' op operand types and result types must agree, got 'tensor<4x128xf32>' and 'tensor<4x128xi64>'}}
  %0:2 = "tt.scan"(%x, %y) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a0: f32, %a1: i64, %b0: f32, %b1: i64):
    tt.scan.return %a0, %a1 : f32, i64
  }) : (tensor<4x128xf32>, tensor<4x128xi64>) -> (tensor<4x128xi64>, tensor<4x128xf32>)
  tt.return
}

// -----

// Tests that scan's combine region takes the element types.
tt.func @scan_region_argument_type(%x: tensor<4x128xf32>, %y: tensor<4x128xi64>) {
  // expected-error @+1 {{'tt.scan' op combine region argument 1 has type 'i32', expected 'i64'}}
  %0:2 = "tt.scan"(%x, %y) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a0: f32, %a1: i32, %b0: f32, %b1: i32):
    tt.scan.return %a0, %a1 : f32, i32
  }) : (tensor<4x128xf32>, tensor<4x128xi64>) -> (tensor<4x128xf32>, tensor<4x128xi64>)
  tt.return
}

// -----

// Tests that scan's combine region returns one value per operand.
tt.func @scan_return_count(%x: tensor<128xf32>) {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.scan.return' op must return 1 values, one per operand, but returns 0}}
    "tt.scan.return"() : () -> ()
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that scan needs its direction.
tt.func @scan_missing_reverse(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.scan' op requires attribute 'reverse'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that scan needs an operand.
tt.func @scan_no_operands() {
  // expected-error @+1 {{'tt.scan' op expected 1 or more operands, but found 0}}
  "tt.scan"() <{axis = 0 : i32, reverse = false}> ({
  ^bb0:
    "tt.scan.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

// Tests that scan's region ends with tt.scan.return, not tt.reduce.return.
tt.func @scan_with_reduce_return(%x: tensor<128xf32>) {
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.reduce.return' op expects parent op 'tt.reduce'}}
    tt.reduce.return %a : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// map_elementwise
//===----------------------------------------------------------------------===//

// -----

// Tests that map_elementwise packs at least one element.
tt.func @map_elementwise_pack_zero(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op pack must be a positive power of two, got 0}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

// Tests that map_elementwise's region takes pack scalars per operand.
tt.func @map_elementwise_region_arity(%x: tensor<256xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region has wrong number of arguments: expected 1 (1 per operand), got 2}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i64, %b: i32):
    tt.map_elementwise.return %b : i32
  }) : (tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

// Tests that map_elementwise's region takes the operands' element types.
tt.func @map_elementwise_region_argument_type(%x: tensor<256xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op argument types did not match: the region takes 1 scalar(s) of each operand's element type (i32)}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i64):
    tt.map_elementwise.return %a : i64
  }) : (tensor<256xi32>) -> tensor<256xi64>
  tt.return
}

// -----

// Tests that map_elementwise's region returns the results' element types.
tt.func @map_elementwise_return_type(%x: tensor<256xi32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    // expected-error @+1 {{'tt.map_elementwise.return' op region return does not match map_elementwise result: expected 1 scalar(s) of each result's element type (i64)}}
    tt.map_elementwise.return %a : i32
  }) : (tensor<256xi32>) -> tensor<256xi64>
  tt.return
}

// -----

// Tests that map_elementwise needs a region.
tt.func @map_elementwise_empty_region(%x: tensor<256xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op needs a scalar region}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

// Tests that map_elementwise needs an operand.
tt.func @map_elementwise_no_operands() {
  // expected-error @+1 {{'tt.map_elementwise' op expected 1 or more operands, but found 0}}
  %0 = "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    %c = arith.constant 0 : i32
    tt.map_elementwise.return %c : i32
  }) : () -> tensor<256xi32>
  tt.return
}

// -----

// Tests that map_elementwise keeps the shape.
tt.func @map_elementwise_shape(%x: tensor<256xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op requires the same shape for all operands and results}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    tt.map_elementwise.return %a : i32
  }) : (tensor<256xi32>) -> tensor<128xi32>
  tt.return
}

// -----

// Tests that tt.map_elementwise.return only terminates tt.map_elementwise.
tt.func @map_elementwise_return_outside(%x: i32) {
  // expected-error @+1 {{'tt.map_elementwise.return' op expects parent op 'tt.map_elementwise'}}
  tt.map_elementwise.return %x : i32
}

//===----------------------------------------------------------------------===//
// External code and debugging
//===----------------------------------------------------------------------===//

// -----

// Tests that packed_element is positive.
tt.func @inline_asm_packed_zero(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op packed_element must be at least 1, got 0}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<16xf32> -> tensor<16xf32>
  tt.return
}

// -----

// Tests that packed_element divides the number of elements.
tt.func @inline_asm_packed_element(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op the number of elements (128) must be a multiple of packed_element (3)}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<128xf32> -> tensor<128xf32>
  tt.return
}

// -----

// Tests that inline assembly operands have one shape.
tt.func @inline_asm_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x, %y : tensor<128xf32>, tensor<64xf32> -> tensor<128xf32>
  tt.return
}

// -----

// Tests that inline assembly results have the operands' shape.
tt.func @inline_asm_result_shape(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xf32> -> tensor<64xf32>
  tt.return
}

// -----

// Tests that extern_elementwise operands have one shape.
tt.func @extern_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // expected-error @+1 {{'tt.extern_elementwise' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<128xf32>, tensor<64xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that extern_elementwise needs its symbol.
tt.func @extern_missing_symbol(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tt.extern_elementwise' op requires attribute 'symbol'}}
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true} : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

// Tests that print needs hex.
tt.func @print_missing_hex(%x: i32) {
  // expected-error @+1 {{'tt.print' op requires attribute 'hex'}}
  tt.print "x" {isSigned = array<i32: 1>} : %x : i32
  tt.return
}

// -----

// Tests that assert takes booleans.
tt.func @assert_i32(%x: i32) {
  // expected-error @+1 {{'tt.assert' op operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values, but got 'i32'}}
  tt.assert %x, "x" : i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

// -----

// Tests that make_tensor_ptr takes one shape, stride and offset per dimension.
tt.func @make_tensor_ptr_counts(%p: !tt.ptr<f16>, %i: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op expects one shape, stride and offset per dimension of the block (2), got 1, 1 and 1}}
  %0 = tt.make_tensor_ptr %p, [%i], [%i], [%o] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_ptr's order is a permutation.
tt.func @make_tensor_ptr_order(%p: !tt.ptr<f16>, %i: i64, %o: i32) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %0 = tt.make_tensor_ptr %p, [%i, %i], [%i, %i], [%o, %o] {order = array<i32: 1, 1>} : <tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_ptr's order has one entry per dimension.
tt.func @make_tensor_ptr_order_size(%p: !tt.ptr<f16>, %i: i64, %o: i32) {
  // expected-error @+1 {{order must have one entry per dimension (2), but has 1}}
  %0 = tt.make_tensor_ptr %p, [%i, %i], [%i, %i], [%o, %o] {order = array<i32: 0>} : <tensor<64x64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_ptr's base points to the block's element type.
tt.func @make_tensor_ptr_base(%p: !tt.ptr<f32>, %i: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op failed to verify that infer pointer type from the result type}}
  %0 = "tt.make_tensor_ptr"(%p, %i, %i, %o) <{order = array<i32: 0>}> : (!tt.ptr<f32>, i64, i64, i32) -> !tt.ptr<tensor<64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_ptr's shape is i64.
tt.func @make_tensor_ptr_i32_shape(%p: !tt.ptr<f16>, %i: i32, %s: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op operand #1 must be variadic of 64-bit signless integer, but got 'i32'}}
  %0 = "tt.make_tensor_ptr"(%p, %i, %s, %o) <{order = array<i32: 0>}> : (!tt.ptr<f16>, i32, i64, i32) -> !tt.ptr<tensor<64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_descriptor takes one shape and stride per dimension.
tt.func @make_tensor_descriptor_counts(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op expects one shape and stride per dimension of the block (2), got 1 and 1}}
  %0 = tt.make_tensor_descriptor %p, [%m], [%s] : <f16>, <tensor<128x64xf16>>
  tt.return
}

// -----

// Tests that make_tensor_descriptor's strides are i64.
tt.func @make_tensor_descriptor_i32_stride(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op operand #2 must be variadic of 64-bit signless integer, but got 'i32'}}
  %0 = tt.make_tensor_descriptor %p, [%m, %m], [%s] : <f16>, <tensor<128x64xf16>>
  tt.return
}

// -----

// Tests that descriptor_load takes one index per block dimension.
tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op expects at least 2 indices, one per block dimension, but got 1}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
  tt.return
}

// -----

// Tests that descriptor_load keeps the element type.
tt.func @descriptor_load_element_type(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor descriptor block and tensor types must match, got 'tensor<16x16xf32>' and 'tensor<16x16xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf16>
  tt.return
}

// -----

// Tests that descriptor_load keeps the block shape.
tt.func @descriptor_load_shape(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op ranked reduce load only allowed for unit dimension leading dim, got 'tensor<16x16xf32>' and 'tensor<16xf32>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16xf32>
  tt.return
}

// -----

// Tests that only unit leading dimensions of the block may be dropped.
tt.func @descriptor_load_drop_non_unit(%d: !tt.tensordesc<tensor<2x64xf32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op ranked reduce load only allowed for unit dimension leading dim, got 'tensor<2x64xf32>' and 'tensor<64xf32>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<2x64xf32>> -> tensor<64xf32>
  tt.return
}

// -----

// Tests that descriptor_store keeps the block shape.
tt.func @descriptor_store_shape(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<32x16xf32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_store' op tensor descriptor block and tensor types must match, got 'tensor<16x16xf32>' and 'tensor<32x16xf32>'}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<32x16xf32>
  tt.return
}

// -----

// Tests that descriptor_store takes one index per block dimension (more are
// accepted, as upstream's verifier does; the TMA lowering checks them).
tt.func @descriptor_store_indices(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_store' op expects at least 2 indices, one per block dimension, but got 1}}
  tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

// Tests that descriptor_store keeps the element type.
tt.func @descriptor_store_element_type(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xi32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_store' op tensor descriptor block and tensor types must match, got 'tensor<16x16xf32>' and 'tensor<16x16xi32>'}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xi32>
  tt.return
}

// -----

// Tests that descriptor_reduce keeps the block shape.
tt.func @descriptor_reduce_shape(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x32xf32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_reduce' op tensor descriptor block and tensor types must match, got 'tensor<16x16xf32>' and 'tensor<16x32xf32>'}}
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x32xf32>
  tt.return
}

// -----

// Tests that descriptor_reduce takes one index per block dimension.
tt.func @descriptor_reduce_indices(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_reduce' op expects at least 2 indices, one per block dimension, but got 1}}
  tt.descriptor_reduce max, %d[%i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

// Tests that descriptor_reduce keeps the element type.
tt.func @descriptor_reduce_element_type(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xf16>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_reduce' op tensor descriptor block and tensor types must match, got 'tensor<16x16xf32>' and 'tensor<16x16xf16>'}}
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf16>
  tt.return
}

// -----

// Tests that descriptor_gather needs a 2-D block.
tt.func @descriptor_gather_block_rank(%d: !tt.tensordesc<tensor<128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op block must be a 2D tensor, but got 'tensor<128xbf16>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<128xbf16>>, tensor<32xi32>, i32) -> tensor<32xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's block is one row.
tt.func @descriptor_gather_block_rows(%d: !tt.tensordesc<tensor<2x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op block must have exactly 1 row, but got 'tensor<2x128xbf16>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's x offsets are 1-D.
tt.func @descriptor_gather_offsets_rank(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<1x32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op x offsets must be a 1D tensor, but got 'tensor<1x32xi32>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<1x32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's result is 2-D.
tt.func @descriptor_gather_result_rank(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result must be a 2D tensor, but got 'tensor<128xbf16>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<128xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's result has the block's columns.
tt.func @descriptor_gather_columns(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor number of columns must match block (128), but got 'tensor<32x64xbf16>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x64xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's result has one row per x offset.
tt.func @descriptor_gather_rows(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor must have as many rows as indices (32), but got 'tensor<64x128xbf16>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<64x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather keeps the element type.
tt.func @descriptor_gather_element_type(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op result tensor element type must match block ('bf16'), but got 'tensor<32x128xf32>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xf32>
  tt.return
}

// -----

// Tests that descriptor_gather's x offsets are i32.
tt.func @descriptor_gather_i64_offsets(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi64>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op operand #1 must be ranked tensor of 32-bit signless integer values, but got 'tensor<32xi64>'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi64>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_gather's y offset is i32.
tt.func @descriptor_gather_i64_y(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i64) {
  // expected-error @+1 {{'tt.descriptor_gather' op operand #2 must be 32-bit signless integer, but got 'i64'}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i64) -> tensor<32x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_scatter's block is one row.
tt.func @descriptor_scatter_block_rows(%d: !tt.tensordesc<tensor<2x128xbf16>>, %x: tensor<32xi32>, %y: i32, %v: tensor<32x128xbf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op block must have exactly 1 row, but got 'tensor<2x128xbf16>'}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<2x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_scatter's source has one row per x offset.
tt.func @descriptor_scatter_rows(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32, %v: tensor<16x128xbf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op source tensor must have as many rows as indices (32), but got 'tensor<16x128xbf16>'}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<16x128xbf16>
  tt.return
}

// -----

// Tests that descriptor_scatter keeps the element type.
tt.func @descriptor_scatter_element_type(%d: !tt.tensordesc<tensor<1x128xbf16>>, %x: tensor<32xi32>, %y: i32, %v: tensor<32x128xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op source tensor element type must match block ('bf16'), but got 'tensor<32x128xf16>'}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// Functions, calls and returns
//===----------------------------------------------------------------------===//

// -----

// Tests that a call names an existing symbol.
tt.func @call_unknown(%x: f32) {
  // expected-error @+1 {{'tt.call' op 'nowhere' does not reference a valid tt.func}}
  %0 = tt.call @nowhere(%x) : (f32) -> f32
  tt.return
}

// -----

// Tests that tt.call only calls tt.func.
func.func @not_tt(%x: f32) -> f32 {
  return %x : f32
}
tt.func @call_func_func(%x: f32) {
  // expected-error @+1 {{'tt.call' op 'not_tt' does not reference a valid tt.func}}
  %0 = tt.call @not_tt(%x) : (f32) -> f32
  tt.return
}

// -----

// Tests that a call passes as many operands as the callee takes.
tt.func private @callee(%x: f32) -> f32
tt.func @call_operand_count(%x: f32) {
  // expected-error @+1 {{'tt.call' op passes 2 operands, but the callee takes 1}}
  %0 = tt.call @callee(%x, %x) : (f32, f32) -> f32
  tt.return
}

// -----

// Tests that call operands have the callee's argument types.
tt.func private @callee(%x: f32) -> f32
tt.func @call_operand_type(%x: f16) {
  // expected-error @+1 {{'tt.call' op operand 0 has type 'f16', but the callee expects 'f32'}}
  %0 = tt.call @callee(%x) : (f16) -> f32
  tt.return
}

// -----

// Tests that a call has as many results as the callee returns.
tt.func private @callee(%x: f32) -> f32
tt.func @call_result_count(%x: f32) {
  // expected-error @+1 {{'tt.call' op has 2 results, but the callee returns 1}}
  %0:2 = tt.call @callee(%x) : (f32) -> (f32, f32)
  tt.return
}

// -----

// Tests that call results have the callee's result types.
tt.func private @callee(%x: f32) -> f32
tt.func @call_result_type(%x: f32) {
  // expected-error @+1 {{'tt.call' op result 0 has type 'f16', but the callee returns 'f32'}}
  %0 = tt.call @callee(%x) : (f32) -> f16
  tt.return
}

// -----

// Tests that a return passes every result (too few).
tt.func @return_too_few(%x: f32) -> f32 {
  // expected-error @+1 {{'tt.return' op has 0 operands, but the enclosing function (@return_too_few) returns 1}}
  tt.return
}

// -----

// Tests that a return passes every result (too many).
tt.func @return_too_many(%x: f32) {
  // expected-error @+1 {{'tt.return' op has 1 operands, but the enclosing function (@return_too_many) returns 0}}
  tt.return %x : f32
}

// -----

// Tests that returned values have the function's result types.
tt.func @return_type(%x: f32) -> f16 {
  // expected-error @+1 {{'tt.return' op operand 0 has type 'f32', but the enclosing function returns 'f16'}}
  tt.return %x : f32
}

// -----

// Tests that tt.return only terminates tt.func.
func.func @return_in_func_func() {
  // expected-error @+1 {{'tt.return' op expects parent op 'tt.func'}}
  tt.return
}

// -----

// Tests that tt.return does not terminate a reduce region.
tt.func @return_in_reduce(%x: tensor<128xf32>) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tt.return' op expects parent op 'tt.func'}}
    tt.return
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

// Tests that tt.func lives directly in a builtin module.
gpu.module @m {
  // expected-error @+1 {{'tt.func' op expects parent op 'builtin.module'}}
  tt.func @nested_in_gpu_module() {
    tt.return
  }
}

// -----

// Tests that tt.func does not take variadic arguments.
// expected-error @+1 {{expected non-function type}}
tt.func @variadic(...) {
  tt.return
}

// -----

// Tests that map_elementwise's pack is a power of two.
tt.func @map_elementwise_pack3(%x: tensor<16xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op pack must be a positive power of two, got 3}}
  %0 = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: i32, %b: i32, %c: i32):
    tt.map_elementwise.return %a, %b, %c : i32, i32, i32
  }) : (tensor<16xi32>) -> tensor<16xi32>
  tt.return
}

// -----

// Tests that map_elementwise's region takes each operand's pack in turn, not
// interleaved.
tt.func @map_elementwise_interleaved(%x: tensor<16xi32>, %y: tensor<16xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op argument types did not match: the region takes 2 scalar(s) of each operand's element type (i32, f32)}}
  %0 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: f32, %c: i32, %d: f32):
    tt.map_elementwise.return %a, %c : i32, i32
  }) : (tensor<16xi32>, tensor<16xf32>) -> tensor<16xi32>
  tt.return
}

// -----

// Tests that a pointer bitcast keeps its address space.
tt.func @bitcast_address_space(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast pointer between different address spaces (1 and 3)}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f32, 3>
  tt.return
}

// -----

// Tests that make_range reads start and end as signed values.
tt.func @make_range_negative() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end, got [0, -16)}}
  %0 = tt.make_range {end = -16 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}
