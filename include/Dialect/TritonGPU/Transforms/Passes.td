//===- Passes.td - ttg optimization passes -----------------*- tablegen -*-===//
//
// The passes of make_ttgir that rearrange layouts: coalescing memory
// accesses, removing layout conversions, and the late clean-ups. Flags and
// options as upstream Triton 3.6 spells them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "give global memory accesses coalesced layouts";
  let description = [{
    For every `tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas` and
    `ttg.async_copy_global_to_local` on a tensor of pointers, picks a blocked
    layout in which each thread accesses consecutive addresses: dimensions
    ordered by the pointers' contiguity (the axis-info analysis), and along
    the most contiguous one as many elements per thread as the alignment and
    contiguity allow, up to 128 bits and the elements each thread has to
    handle. Accesses sharing pointer shape and order in one def-use web take
    the widest such vector (stores no wider than their own alignment).
    Descriptor loads and stores get a row-major layout with up to 128 bits
    per thread. The op is rebuilt in that layout between
    `ttg.convert_layout`s.

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    // becomes, with %p 16-byte aligned and contiguous
    %q = ttg.convert_layout %p : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %w = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    %v = ttg.convert_layout %w : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    // #blocked1 = #ttg.blocked<{sizePerThread = [4], ...}>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "remove ttg.convert_layout ops by changing the layouts around "
                "them";
  let description = [{
    Forward propagation: the layouts of anchor ops (global loads and stores
    of at least one element per thread, atomics, dots, tensor-memory loads,
    descriptor loads, gathers with an efficient layout, reordering reshapes)
    and of the function's tensor arguments flow through elementwise ops,
    reductions, views, conversions and scf.for/if/while to all their users;
    a value reached by several keeps one (blocked for memory accesses, MMA
    otherwise), and the ops are rewritten in those layouts with conversions
    where a use wants another. Then each conversion left whose source can be
    recomputed in the target layout from constants, splats, ranges and cheap
    ops is replaced by that recomputation when it costs less than the
    conversion; conversions are hoisted above widening casts and broadcasts,
    into one branch of an scf.if in a loop, and next to the loads feeding a
    tensor-core dot. Finally the conversions made trivial are folded away
    (the ttg.convert_layout canonicalization) and dead loop arguments
    dropped.

    ```mlir
    %p = tt.addptr %base, %offsets : tensor<1024x!tt.ptr<f32>, #blocked>, ...
    %q = ttg.convert_layout %p : ... #blocked> -> ... #blocked1>
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    // becomes, with %base a splat and %offsets a range
    %p = tt.addptr %base, %offsets : tensor<1024x!tt.ptr<f32>, #blocked1>, ...
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked1>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "keep reductions and gathers within threads and warps";
  let description = [{
    A reduction along the innermost dimension of a blocked layout, whose
    operands are loads and whose result updates a loop-carried accumulator
    (initialized by a constant), is split: inside the loop each thread only
    combines the elements it holds (a reshape to a rank+1 tensor whose last
    dimension is the thread's elements, reduced along it) into a
    per-thread partial accumulator, and the cross-thread reduction runs once
    after the loop. Reordering reshapes feeding reductions get a layout that
    keeps the reduced dimension in each thread, and gathers without a layout
    of their own get one that keeps each gather within a warp.

    ```mlir
    %r = scf.for ... iter_args(%acc = %zero) -> (tensor<64xf32, #slice>) {
      %x = tt.load %p : tensor<64x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> (...)
      %a = arith.addf %acc, %s : tensor<64xf32, #slice>
      scf.yield %a
    }
    // becomes a loop carrying tensor<64x32xf32> partial sums (one column per
    // thread along dimension 1) and a reduction along axis 1 after the loop
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonGPUAccelerateMatmul
    : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "give dots tensor-core (MMA) layouts";
  let description = [{
    Each `tt.dot` with a blocked accumulator gets an NVIDIA MMA layout when
    the module's `ttg.target` (`cuda:NN`) has tensor cores for its types,
    as upstream Triton 3.6 decides: f16 (f32 or f16 accumulator), bf16,
    f32 with `inputPrecision = tf32`, i8 (i32 accumulator) and fp8 e4m3 /
    e5m2 (f32 or f16 accumulator), K a multiple of one instruction's
    256 bits:

    - compute capability 90: `#ttg.nvidia_mma` version 3 for rank-2 dots
      with M a multiple of 64 and `ttg.num-warps` a multiple of 4; the
      operands are stored to shared memory with an `#ttg.nvmma_shared`
      layout (`ttg.local_alloc`; K-major for operands that are not 16 bits
      wide, which wgmma cannot transpose), and the dot becomes a
      `ttng.warp_group_dot` (wgmma, instruction K = 256 / operand bits).
      fp8 with `maxNumImpreciseAcc` below 32 stays off wgmma;
    - compute capability 80 and up: version 2 (`mma.sync`, also the
      fallback on 90 and the choice for 3-D dots), operands converted to
      `#ttg.dot_op` layouts of the MMA parent with `kWidth` = 32 / operand
      bits. fp8 operands are then upcast to f16 (`tt.fp_to_fp`) in that
      layout: mma.sync has no fp8 form before sm_89 and runs it as f16
      on sm_90.

    Dots left for the FMA lowering get operands of the accumulator's type
    (`arith.extf`, `arith.extsi`, `tt.fp_to_fp`).

    Warps are spread as upstream Triton spreads them, all along one
    dimension when the dot is chained with another dot. The accumulator is
    converted to the MMA layout before the dot and the result back to its
    old layout after it; `tritongpu-remove-layout-conversions` then pushes
    the MMA layout outwards.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * ... -> tensor<128x128xf32, #blocked>
    // becomes, for cuda:90
    %sa = ttg.local_alloc %a0 : (tensor<128x64xf16, #blocked2>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %sb = ttg.local_alloc %b0 : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %c1 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %d1 = ttng.warp_group_dot %sa, %sb, %c1 {inputPrecision = 0 : i32} : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d1 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "split fp32 dots of precision bf16x3, bf16x6 and tf32x3 "
                "into tensor-core dots";
  let description = [{
    A `tt.dot` of f32 operands with `inputPrecision = bf16x3` or `bf16x6`
    becomes three or six dots of bf16 parts of the operands (each operand
    is the sum of its parts), and one with `tf32x3` three `tf32` dots of
    its tf32-rounded part and the rest (only with `emu-tf32`, on GPUs with
    tf32 tensor cores). The small products are summed first, a NaN among
    them is dropped, then the product of the high parts and the original
    accumulator are added. The result is as precise as an f32 dot for
    operands without extreme exponents, at tensor-core speed.

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<64x64xf32> * tensor<64x64xf32> -> tensor<64x64xf32>
    // becomes, with %ah/%am and %bh/%bm the bf16 high and middle parts
    %0 = tt.dot %am, %bh, %zero : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
    %1 = tt.dot %ah, %bm, %0 : ...
    %nan = arith.cmpf uno, %1, %1 : tensor<64x64xf32>
    %2 = arith.select %nan, %zero, %1 : tensor<64x64xi1>, tensor<64x64xf32>
    %3 = tt.dot %ah, %bh, %2 : ...
    %d = arith.addf %3, %c : tensor<64x64xf32>
    ```
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "split tf32x3 dots into tf32 dots (the GPU has tf32 tensor "
           "cores: compute capability 80 and up)">
  ];
  let dependentDialects = ["mlir::triton::TritonDialect",
                           "mlir::arith::ArithDialect"];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "software-pipeline the loads that feed tensor-core dots";
  let description = [{
    In an innermost `scf.for`, each `tt.load` whose value only feeds a
    tensor-core dot (the `ttg.local_alloc` operand of a
    `ttng.warp_group_dot`, or a conversion to a `#ttg.dot_op` layout of an
    MMA `tt.dot`) becomes a `ttg.async_copy_global_to_local` into one slot
    of a shared buffer. The copies (and the address computation they need)
    run `num-stages - 1` iterations ahead of the dot, which waits for its
    slot (`ttg.async_wait`) and reads it directly or through
    `ttg.local_load`. Buffers have `num-stages` slots, or `num-stages - 1`
    when every reader is a `ttg.local_load` (the slot is read into registers
    before the iteration's copies refill it), as upstream's. Loads that
    cp.async cannot move (fewer than 4 bytes per vector, a non-zero `other`)
    stay as they are.

    A `tt.descriptor_load` (sm_90) whose value feeds a wgmma through a
    `ttg.local_alloc` of the descriptor's layout (or, in a loop that asks
    for stages, anything) becomes a TMA copy
    (`ttng.async_tma_copy_global_to_local`) into such a slot instead: the
    loop's copies of one iteration complete on that slot's mbarrier, which
    expects their bytes (`ttng.barrier_expect`), and the readers wait on it
    (`ttng.wait_barrier`) with the phase of their round through the slots,
    carried by the loop. Loads of a descriptor made in the loop (one tensor
    map, rewritten by each iteration) stay as they are.

    A wgmma whose accumulator only chains into the next iteration runs
    asynchronously with one product in flight; one whose carried
    accumulator is rescaled first (attention's P @ V) runs asynchronously
    until the next iteration first reads it. Neither happens when a shared
    operand is allocated in the loop body, which the next iteration would
    overwrite under the product.

    Upstream Triton does this in three passes (assign-latencies,
    schedule-loops, pipeline); this pass's IR differs from upstream's in the
    order of ops and the loop-carried values.
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "pipeline depth: copies run num-stages - 1 iterations ahead "
           "(values below 2 disable the pass)">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TritonGPUOptimizeDotOperands
    : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "fold transposes of tensor-core operands into shared memory";
  let description = [{
    A wgmma (`ttng.warp_group_dot`) reads its shared-memory operands through
    descriptors that can describe either majorness, so a transpose in
    registers before the operand is stored to shared memory is wasted work,
    and it hides the load from the software pipeliner. A `ttg.local_alloc`
    of a `tt.trans` (order [1, 0]) whose only user is a warp_group_dot
    becomes a `ttg.local_alloc` of the untransposed tensor, in the
    `#ttg.nvmma_shared` layout with `transposed` flipped, and a
    `ttg.memdesc_trans` view of it; the register transpose disappears and
    `tritongpu-pipeline` can copy the load straight into shared memory.

    ```mlir
    %t = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    // becomes
    %s = ttg.local_alloc %k : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %a = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    ```

    This is upstream Triton's rewrite for MMAv3 operands (`FuseTransMMAV3Plus`).
    Its other rewrites are not implemented: the transposes feeding mma.sync
    operands through shared memory, and the `hoist-layout-conversion` option,
    which hoists the conversion of a wgmma register operand above
    elementwise ops.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "send conversions to dot operands through shared memory";
  let description = [{
    A conversion from a distributed layout to a `#ttg.dot_op` layout that
    needs shared memory (the operand is replicated across threads) becomes a
    `ttg.local_alloc` into a swizzled shared layout chosen for the dot
    operand and a `ttg.local_load`, so that each thread reads exactly the
    elements it needs.

    ```mlir
    %b = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    // becomes
    %s = ttg.local_alloc %a : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %b = ttg.local_load %s : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "load the first K slice of a loop's dot operands from shared "
                "memory one iteration ahead";
  let description = [{
    In an `scf.for` whose one `tt.dot` (with an `nvidia_mma` v2 or
    `amd_mfma` result) takes both operands from `ttg.local_load`s (through
    single-use elementwise ops) of shared buffers the loop carries, the dot
    is split along K into slices of `8 * kWidth`: the first slice of each
    operand is loaded before the loop and, for the next iteration, at the
    end of the body, and carried; the other slices are loaded in the body
    just before their dots, which accumulate one after another.

    ```mlir
    %a = ttg.local_load %abuf : !ttg.memdesc<128x32xf16, ...> -> tensor<128x32xf16, #dot0>
    // becomes, in the body
    %a1 = ttg.memdesc_subslice %abuf[0, 16] : ... -> !ttg.memdesc<128x16xf16, ..., 128x32>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::scf::SCFDialect"];
}

def TritonGPUOptimizeEpilogue
    : Pass<"tritongpu-optimize-epilogue", "mlir::ModuleOp"> {
  let summary = "store a converted tensor in a layout warp shuffles reach";
  let description = [{
    Not a pass of upstream Triton 3.6's NVIDIA pipeline (its AMD backend's
    `tritonamdgpu-optimize-epilogue` serves the same end for MFMA results).
    A `tt.store` of a tensor of pointers whose value is a
    `ttg.convert_layout` that needs shared memory (a matmul's accumulator
    converted to the coalesced layout of its store, typically) is rebuilt in
    a layout that keeps the store's vector: each thread holds the same
    number of consecutive elements along the store's contiguous dimension,
    at offsets aligned to it. The layout is the source's with the vector's
    elements taken into registers, each trading places with the source's
    register basis next along that dimension where a lane held it, so the
    conversion moves elements only between the lanes of each warp (warp
    shuffles, no shared memory and no barrier). The store's pointers and
    mask are recomputed in the new layout (remove-layout-conversions'
    rematerialization). It is done only when the shuffle plan exists, the
    pointers and mask can be recomputed, and each store instruction still
    writes runs of at least 64 contiguous bytes per row (or as long as the
    old layout's, if shorter).

    ```mlir
    %c = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #blocked>
    tt.store %p, %c, %m : tensor<128x256x!tt.ptr<f32>, #blocked>
    // #mma: wgmma's accumulator, lanes [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]
    // #blocked: sizePerThread = [1, 4] (16-byte stores); becomes
    %c = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #linear>
    tt.store %p2, %c, %m2 : tensor<128x256x!tt.ptr<f32>, #linear>
    // #linear = #ttg.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], ...],
    //                         lane = [[0, 8], [0, 4], [1, 0], [2, 0], [4, 0]], ...}>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUCoalesceAsyncCopy
    : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "give async copies no more registers per thread than one "
                "cp.async writes";
  let description = [{
    A `ttg.async_copy_global_to_local` writes, per thread, the registers
    that land at consecutive shared-memory offsets with one `cp.async`. When
    the source's blocked layout gives each thread more consecutive elements
    along its fastest dimension than a swizzled shared layout keeps together
    (its `vec`, say), the copy is rebuilt in the blocked layout
    with that many elements per thread, its pointers, mask and other value
    converted to it (`ttg.convert_layout`).

    ```mlir
    // #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x16x!tt.ptr<i8>, #blocked> -> <64x16xi8, #shared, #smem, mutable>
    // #blocked: sizePerThread = [1, 16]; the copy moves to
    // #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReorderInstructions
    : Pass<"tritongpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "move conversions and shared-memory ops next to their uses";
  let description = [{
    Reorders ops to lower register pressure and help later passes: a
    conversion moves after the `ttg.local_dealloc`s that precede its first
    use; a conversion to a dot operand or a `ttg.local_load` with a single
    user in another loop moves right before that user; a `ttg.local_alloc`
    of a tensor moves right after the op defining the tensor (not after a
    `tt.splat`: a scalar's buffer is not hoisted), and a `tt.trans` right
    after its operand's definition; a `ttg.local_load` of a dot's operand B
    moves after the one of its operand A unless an op between them writes
    memory.

    ```mlir
    %c = ttg.convert_layout %a : ... -> tensor<..., #ttg.dot_op<...>>
    scf.for ... {
      %d = tt.dot %c, ...
    }
    // the conversion moves into the loop, before the dot
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUCombineTensorSelectAndIf
    : Pass<"tritongpu-combine-tensor-select-and-if", "mlir::ModuleOp"> {
  let summary = "turn an arith.select into a result of the scf.if on its "
                "condition";
  let description = [{
    An `arith.select` whose condition is also the condition of an `scf.if`
    later in the same block, and whose users all come after that if, is
    replaced by a new result of the if: the then branch yields the select's
    true value, the else branch (created if missing) its false value.

    ```mlir
    %s = arith.select %c, %a, %b : tensor<128xf32, #blocked>
    scf.if %c {
      ...
    }
    use(%s)
    // becomes
    %s = scf.if %c -> (tensor<128xf32, #blocked>) {
      ...
      scf.yield %a : tensor<128xf32, #blocked>
    } else {
      scf.yield %b : tensor<128xf32, #blocked>
    }
    use(%s)
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def TritonGPUFuseNestedLoops
    : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "flatten a loop marked tt.flatten with the loop nested in it";
  let description = [{
    A loop of `tl.range(..., flatten=True)` (`tt.flatten`) holding one
    nested loop becomes a single loop over every inner iteration (an outer
    iteration whose inner loop is empty takes one step), carrying the outer
    index, the inner step number, and both loops' carried values. Each step
    recomputes the outer body's ops before the nested loop (they must be
    free of memory effects), runs the inner body when the step is one of the
    inner loop's, and the outer body's ops after it on the outer iteration's
    last step. The length is a product when the inner bounds do not depend
    on the outer iteration, else a loop adds the trip counts up first (the
    bounds must not read the outer loop's carried values). Steps must be
    positive constants. Other marked loops are left alone, with a remark.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES
