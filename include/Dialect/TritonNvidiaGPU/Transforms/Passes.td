//===- Passes.td - ttng passes -----------------------------*- tablegen -*-===//

#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
#define TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUFenceInsertion
    : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "order register-to-shared writes before wgmma reads";
  let description = [{
    `ttng.warp_group_dot` reads its shared-memory operands through the async
    proxy, which does not see earlier generic-proxy stores unless a proxy
    fence separates them. Before each warp-group dot with an operand whose
    buffer is written from registers (a `ttg.local_alloc` of a tensor or a
    `ttg.local_store`), this pass inserts `ttng.fence_async_shared`.
    Nothing happens below compute capability 90.

    ```mlir
    %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %c : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "the target's compute capability">
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonNvidiaGPUPlanCTA
    : Pass<"triton-nvidia-gpu-plan-cta", "mlir::ModuleOp"> {
  let summary = "lay the operands of dots out over the CTAs of a cluster";
  let description = [{
    With `ttg.num-ctas` above 1, convert-triton-to-tritongpu splits every
    tensor over the cluster's CTAs along its first dimension. A dot's
    operands must follow its result instead: A split as the result's rows,
    B as its columns, each CTA holding the whole of K (the CTAs that share
    rows, or columns, hold copies). For each `tt.dot` on a blocked layout,
    this pass converts an operand split otherwise into the same blocked
    layout with those CTA bases; tritongpu-remove-layout-conversions then
    recomputes the operand, loads included, in that layout (a conversion
    between CTAs has no lowering).

    ```mlir
    // num-ctas = 2, the result split along M: B (K x N) becomes whole in
    // each CTA.
    %b2 = ttg.convert_layout %b : tensor<32x64xf16, #blocked_split_k> -> tensor<32x64xf16, #blocked_whole>
    ```

    Upstream's pass also plans reductions and the CTA tiling of the result;
    here the result keeps the split it has.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUOptimizeDescriptorEncoding
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "the shared layout of each tensor descriptor's block";
  let description = [{
    Sets the encoding of the block of every `!tt.tensordesc`: the layout its
    TMA copies write and read in shared memory, and the swizzle its tensor
    map is encoded with. Descriptors that flow into each other (through
    loops, branches, selects and calls) form one group and get one layout: a
    layout already on one of them, else the `#ttg.nvmma_shared` layout the
    results of its loads are allocated in when they all agree, else the
    default NVMMA layout of the block (row-major, the widest swizzle its
    rows fill; unswizzled for a vector). In a cluster (`ttg.num-ctas` > 1)
    the default splits the block over the CTAs as the tensors its copies
    read or write are split (its CGA layout), the swizzle chosen for each
    CTA's part; without such a copy every CTA holds all of it. Function
    types follow.

    ```mlir
    // before
    tt.func @k(%d: !tt.tensordesc<tensor<64x64xf16>>)
    // after
    tt.func @k(%d: !tt.tensordesc<tensor<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>>)
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUTMALowering
    : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "descriptor loads, stores and reductions as TMA copies";
  let description = [{
    Each `tt.descriptor_load` becomes a TMA copy into a shared buffer laid
    out as the descriptor's block (its `#ttg.nvmma_shared` encoding, or the
    row-major NVMMA layout with the widest swizzle the rows fill): an
    mbarrier is initialized, expects the block's bytes, the copy completes
    them, every thread waits, the mbarrier is invalidated and the buffer is
    read into the load's layout. Each `tt.descriptor_store` and
    `tt.descriptor_reduce` writes its value into such a buffer, fences it for
    the async proxy, copies (or reduces) it into global memory and waits
    until the copy has read the buffer; a value just read from a buffer of
    that layout, unchanged since, is copied from that buffer. A rank-reduced
    load or store (the block's leading unit dimensions dropped) uses a
    buffer of the value's rank. Each `tt.make_tensor_descriptor` becomes a
    tensor map written into 128 bytes of global scratch
    (`ttg.global_scratch_alloc`, `ttng.tensormap_create`,
    `ttng.tensormap_fenceproxy_acquire`) and the descriptor its address
    (`ttng.reinterpret_tensor_descriptor`). In a cluster each CTA copies its
    part of the block (the layout's CGA split), so its mbarrier expects that
    part's bytes. Encodings other than nvmma_shared are diagnostics; gathers
    and scatters are not lowered yet.

    ```mlir
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : ...
    ttng.barrier_expect %bar, 8192, %true : ...
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %true : ...
    ttng.wait_barrier %bar, %c0_i32 : ...
    ttng.inval_barrier %bar : ...
    %v = ttg.local_load %buf : ... -> tensor<64x64xf16, #blocked>
    ```
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::triton::gpu::TritonGPUDialect",
    "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"
  ];
}

def NVGPUWarpSpecialization
    : Pass<"nvgpu-warp-specialization", "mlir::ModuleOp"> {
  let summary = "split a loop marked warp_specialize into TMA producer and "
                "tensor-core consumer warps (sm_90)";
  let description = [{
    For a kernel of 4 warps whose loop carries `tt.warp_specialize`
    (`tl.range(..., warp_specialize=True)`) and whose loads in that loop (or
    in a loop nested in it) are TMA loads (`tt.descriptor_load`) feeding
    `ttng.warp_group_dot`s through shared memory: the kernel's body becomes
    a `ttg.warp_specialize` whose default region (the kernel's warps)
    issues the TMA copies and whose one partition (4 more warps) runs the
    dots and the rest of the kernel. They pass the blocks through a ring of
    `num_stages` slots (the loop's `tt.num_stages`, else the option), each
    with a `full` mbarrier the copies complete and an `empty` one the
    consumer arrives at once its dots have read the slot. Each side is a
    copy of the kernel cut down to what it needs; the loops of both get
    `tt.num_stages = 0` (not pipelined again). Other loops, kernels of
    other warp counts, clusters and loops whose loads do not fit are left
    alone, with a remark saying why for the last.
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "ring slots for loops without their own tt.num_stages">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect"];
}

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
