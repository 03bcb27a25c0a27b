//===- Passes.td - tt optimization passes ------------------*- tablegen -*-===//
//
// The passes that work on tt IR before it gets layouts: the make_ttir stage
// (combine, reorder-broadcast, block pointer and tensor descriptor
// rewrites, loop unrolling) and the loop clean-ups that make_ttgir borrows
// (licm, loop-aware-cse). Flags and options as upstream Triton 3.6 spells
// them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITON_TRANSFORMS_PASSES
#define TRITON_DIALECT_TRITON_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "peephole rewrites of tt and arith ops";
  let description = [{
    Applies, to a fixpoint:
    - `add(dot(a, b, 0), d)` and `add(d, dot(a, b, 0))` become
      `dot(a, b, d)` for `arith.addi` and `arith.addf` (not when the dot
      limits imprecise accumulation, which the addition would change);
    - `addptr(addptr(p, a), b)` becomes `addptr(p, a + b)` when the offsets
      have the same type and either are 64-bit or are constants whose sum
      does not overflow;
    - `select(c, load(p, splat(c)), o)` becomes `load(p, splat(c), o)`;
    - `sum(broadcast(x[:, :, None]) * broadcast(y[None, :, :]), axis=1)`
      (x and y expanded with `tt.expand_dims`) over floats of at most 32
      bits becomes a TF32 `dot(x, y, 0)` when both broadcast dimensions are
      at least 16;
    - a 1-D `tt.reshape` used only by reductions and histograms may reorder
      elements (`allow_reorder`);
    - a `tt.reshape` that drops leading unit dimensions of a
      `tt.descriptor_load` it alone uses is folded into the load.

    ```mlir
    %d = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %r = arith.addf %d, %acc : tensor<64x64xf32>
    // becomes
    %r = tt.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast
    : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "move splats and broadcasts after elementwise ops";
  let description = [{
    Computes elementwise ops on the small values that splats and broadcasts
    expand, and expands the result instead:
    - `elementwise(splat(a), splat(b), ...)` becomes
      `splat(elementwise(a, b, ...))` (splat constants count as splats);
    - `elementwise(broadcast(a), splat(b), ...)` becomes
      `broadcast(elementwise(a, splat(b), ...))` when every broadcast
      operand has the same source shape.
    Only memory-effect-free ops move. Broadcast and expand_dims
    canonicalizations run alongside, so broadcasts climb through
    expand_dims.

    ```mlir
    %x = tt.splat %a : f32 -> tensor<128xf32>
    %y = math.exp %x : tensor<128xf32>
    // becomes
    %e = math.exp %a : f32
    %y = tt.splat %e : f32 -> tensor<128xf32>
    ```
  }];
  let dependentDialects = ["mlir::triton::TritonDialect"];
}

def TritonRewriteTensorPointer
    : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "rewrite block pointers into tensors of pointers";
  let description = [{
    Replaces every block pointer (`tt.make_tensor_ptr`, `tt.advance`) by its
    i64 offsets, carried through `scf.for`, `scf.while` and `scf.if` as
    separate values, and every load and store through a block pointer by a
    load or store through a tensor of pointers:
    `splat(base) + sum_i broadcast((offset_i + range_i) * stride_i)`, with a
    mask `0 <= offset_i + range_i < shape_i` over the `boundaryCheck`
    dimensions and, for loads with `padding`, `other` = zero or NaN. Block
    pointers must trace back to one `tt.make_tensor_ptr`; anything else
    (function arguments, calls, branches, selects) is an error.

    ```mlir
    %p = tt.make_tensor_ptr %base, [%M, %N], [%sm, %c1], [%o0, %o1] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
    // becomes a tt.load of a tensor<64x64x!tt.ptr<f16>> with a row mask
    // and a zero `other`
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "rewrite tensor descriptor accesses into pointer accesses";
  let description = [{
    Splits every `!tt.tensordesc` value into its parts: the base pointer,
    the shape and the strides (i64, one per dimension) and an i1 that is
    true for NaN padding, as upstream Triton 3.6 does (kernels then take the
    parts as arguments). The parts go through function signatures, calls,
    `scf` control flow and `arith.select` (which becomes an `scf.if`).
    `tt.descriptor_load`, `tt.descriptor_store`, `tt.descriptor_gather`,
    `tt.descriptor_scatter` and `tt.descriptor_reduce` become `tt.load`,
    `tt.store` and `tt.atomic_rmw` on tensors of pointers, masked to the
    tensor's bounds; loads read NaN or zero outside them, as the padding
    part says. For targets without TMA (compute capability below 90).

    ```mlir
    %d = tt.make_tensor_descriptor %base, [%M, %N], [%sm, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    // becomes a masked tt.load of a tensor<64x64x!tt.ptr<f16>>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "unroll loops that carry tt.loop_unroll_factor";
  let description = [{
    Unrolls every `scf.for` whose `tt.loop_unroll_factor` attribute is
    greater than 1 by that factor and drops the attribute. A remainder loop,
    when the trip count may not divide evenly, gets `tt.num_stages = 1` so
    that the pipeliner leaves it alone.

    ```mlir
    scf.for %i = %lb to %ub step %c1 { ... } {tt.loop_unroll_factor = 2 : i32}
    // becomes a loop of step 2 running the body twice, plus a remainder
    // loop {tt.num_stages = 1 : i32}
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "loop-invariant code motion, loads included";
  let description = [{
    MLIR's loop-invariant code motion (speculatable, memory-effect-free ops
    leave loops, innermost loops first), plus `tt.load`s with invariant
    operands out of `scf.for` loops that only read memory. A hoisted load is
    guarded by the loop's entry condition, since the loop may run zero
    times: its mask is and-ed with a new `lb < ub`. As in upstream Triton
    3.6, loads do not leave `scf.while` loops.

    ```mlir
    scf.for %i = %lb to %ub step %c1 {
      %v = tt.load %p : tensor<128x!tt.ptr<f32>>
      ...
    }
    // becomes
    %c = arith.cmpi slt, %lb, %ub : i32
    %m = tt.splat %c : i1 -> tensor<128xi1>
    %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
    scf.for %i = %lb to %ub step %c1 { ... }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges equal loop-carried values";
  let description = [{
    Runs CSE, then merges `scf.for` iteration arguments that always hold the
    same value (same initial value, and yielded values that are equal given
    that the arguments are), then CSE again and the `scf.for`
    canonicalizations to drop the now-redundant arguments.

    ```mlir
    %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
      %a1 = arith.addi %a, %c1 : i32
      %b1 = arith.addi %b, %c1 : i32
      scf.yield %a1, %b1 : i32, i32
    }
    // becomes a loop with one iteration argument whose result replaces
    // both %r#0 and %r#1
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

#endif // TRITON_DIALECT_TRITON_TRANSFORMS_PASSES
