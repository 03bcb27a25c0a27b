//===- Passes.td - ttg to LLVM passes ----------------------*- tablegen -*-===//
//
// The passes of make_llir that place shared memory and lower a ttg module to
// the LLVM and NVVM dialects.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES
#define TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES

include "mlir/Pass/PassBase.td"

def AllocateSharedMemory
    : Pass<"allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "give every shared-memory buffer and scratch an offset";
  let description = [{
    Plans the CTA's shared memory. Buffers are the `ttg.local_alloc`s that
    live in shared memory and the scratch space the lowering of an op needs
    while the op runs (`ttg.convert_layout` through shared memory,
    cross-warp `tt.reduce` and `tt.scan`, `tt.histogram`, `tt.gather`,
    atomics whose result every thread needs, ...).

    A local_alloc's buffer lives where its memdesc, or a view made of it, is
    live (MLIR's liveness over the function's blocks, so a loop lowered to
    blocks counts whole) and at each use; an op with regions (an scf loop)
    counts whole. A buffer that an asynchronous op uses (a cp.async copy, an
    asynchronous wgmma, any ttng op) lives until its `ttg.local_dealloc`,
    or, without one, for the whole function, as does a buffer whose memdesc
    flows into a branch, region or call operand or out of a region.

    Buffers whose live ranges overlap get disjoint byte ranges; the others
    share bytes. Buffers are placed largest first at the lowest free offset
    of their alignment. Each op that owns a buffer gets its byte offset as
    `allocation.offset` (i32) and the module gets the total size as
    `ttg.shared` (i32). A function called from a kernel is planned first and
    its whole plan placed as one buffer, with the alignment its buffers
    need, live during the call. Sharing is race-free because the lowering
    puts a barrier before every group of shared-memory writes.
  }];
}

def AllocateSharedMemoryNv
    : Pass<"allocate-shared-memory-nv", "mlir::ModuleOp"> {
  let summary = "allocate-shared-memory for an NVIDIA target";
  let description = [{
    The same plan as `allocate-shared-memory`, under the name and with the
    options make_llir uses for NVIDIA targets.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"80", "the target's compute capability (e.g. 90)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"80",
           "the PTX ISA version (e.g. 86 for PTX 8.6)">
  ];
}

def TritonGPUProxyFenceInsertion
    : Pass<"triton-nvidia-gpu-proxy-fence-insertion", "mlir::ModuleOp"> {
  let summary = "order generic-proxy accesses before async-proxy ones to the "
                "same shared memory";
  let description = [{
    On sm_90 and later, TMA copies, wgmma and tcgen05 access shared memory
    through the async proxy, which is not ordered with the threads' own
    (generic proxy) loads and stores. After allocate-shared-memory, a
    `ttng.fence_async_shared` goes before each TMA copy (or gather) into
    bytes the threads read or wrote since the last fence, as Triton 3.6's
    pass does (reads through the async proxy are fenced by
    tritongpu-fence-insertion and the TMA lowering). Control flow, loops
    and calls are followed as the barrier analysis follows them. Does
    nothing below `compute-capability` 90.

    ```mlir
    %v = ttg.local_load %a : ...                 // generic read
    ttng.fence_async_shared {bCluster = false}   // inserted
    ttng.async_tma_copy_global_to_local %d[%i, %j] %b, %bar, %true : ...
    // %a and %b overlap in shared memory
    ```
  }];
  let dependentDialects = [
    "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "the target's compute capability (e.g. 90)">
  ];
}

def TritonGPUGlobalScratchAllocation
    : Pass<"tritongpu-global-scratch-memory-allocation", "mlir::ModuleOp"> {
  let summary = "size the global scratch memory of each kernel";
  let description = [{
    Sets `ttg.global_scratch_memory_size` and
    `ttg.global_scratch_memory_alignment` (i32) on the module and on each
    kernel: the bytes of the global scratch buffer the launcher passes as the
    kernel's next-to-last argument, per program (0 and 1 without any). Each
    function's `ttg.global_scratch_alloc` buffers and the scratch of the
    functions it calls are laid out one after another, each aligned, and
    get their `ttg.global_scratch_memory_offset`. Device-side tensor maps
    (a `tt.make_tensor_descriptor` on sm_90) live there.
  }];
}

def ConvertTritonGPUToLLVM
    : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower a ttg module to the LLVM and NVVM dialects";
  let description = [{
    Lowers every `tt`, `ttg`, `arith`, `math`, `cf` and `ub` op of a module
    whose shared memory was planned (`allocate-shared-memory`) and whose
    structured control flow was lowered (`convert-scf-to-cf`) to the LLVM
    and NVVM dialects. A tensor becomes an LLVM struct of the values one
    thread holds, in the register order of its layout's linear layout.

    Kernels (public `tt.func`s) follow Triton's ABI: the arguments, then
    two `!llvm.ptr<1>` for the global and profile scratch buffers; they get
    `nvvm.kernel` and `nvvm.reqntid` (32 x num-warps). Other functions are
    internal and noinline and take the shared memory base too. Shared
    memory is the external `@global_smem` array in address space 3.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect",
                           "mlir::triton::nvgpu::NVGPUDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"80", "the target's compute capability (e.g. 90)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"80",
           "the PTX ISA version (e.g. 86 for PTX 8.6)">
  ];
}

def TritonGPUAllocateWarpGroups
    : Pass<"tritongpu-allocate-warp-groups", "mlir::ModuleOp"> {
  let summary = "give the partitions of each ttg.warp_specialize their warps";
  let description = [{
    The warps of a kernel that holds `ttg.warp_specialize` ops are the
    kernel's `ttg.num-warps` warps, which run everything outside the
    partitions and each op's default region, followed by the partitions'
    warps. Each op gets `warpGroupStartIds`, the first warp of each
    partition: partitions are placed after the kernel's warps, largest
    first, so that a partition of 4 or more warps starts at a warp group.
    The module gets `ttg.total-num-warps`, the most warps any op needs,
    rounded up to whole warp groups: the kernel is launched with that many
    warps (Triton's metadata `num_warps`).

    An op whose partitions request registers (`requestedRegisters`, one per
    partition) gets `actualRegisters`: the default warps' count first, then
    the partitions'. The registers of one CTA per SM are shared out: every
    warp starts with `ttg.maxnreg` (set here to the most that the total
    warps can all have, unless the module sets less), each partition gets
    what it requested, and the default warps what is left.
  }];
}

def ConvertWarpSpecializeToLLVM
    : Pass<"convert-warp-specialize-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower the ttg.warp_specialize ops left by the LLVM lowering";
  let description = [{
    Runs after `convert-triton-gpu-to-llvm`, which lowers what the regions of
    a `ttg.warp_specialize` hold but keeps the op. Each kernel with such ops
    becomes one control-flow graph:

    - Warps below the kernel's `ttg.num-warps` run the kernel; the others
      (the workers) wait in a loop at named barrier 1 (all threads), read
      their state (a byte per worker in shared memory at the kernel's
      `allocation.offset`) and run the partition it names, stay idle for one
      op, or leave the kernel.
    - At a `ttg.warp_specialize` the kernel's warps write each worker's
      state and the explicit captures (to the op's shared memory; function
      arguments and constants are rematerialized instead), release the
      workers at barrier 1, run the default region, and wait at barrier 1
      for the partitions to end. Before the kernel returns they send the
      workers out.
    - Barriers (`bar.sync 0`) become named barriers of the warps that run
      them: 0 with the kernel's threads outside the partitions, 2 + i with
      partition i's threads inside it (a warp barrier for a single warp).
    - Where the ops carry `actualRegisters`, the warps move registers with
      `setmaxnreg` when the partitions start and end.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

def ConvertNVGPUToLLVM : Pass<"convert-nv-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower the nvg ops (and ttg.warp_id) to inline PTX and NVVM";
  let description = [{
    Runs after `convert-triton-gpu-to-llvm`, as in upstream's pipeline:
    `nvg.wgmma` and `nvg.wgmma_wait_group` become `wgmma.mma_async` and
    `wgmma.wait_group` (the registers tied through the wait),
    `nvg.cluster_id` the cluster rank, `nvg.ld_acquire` an acquire load, and
    `ttg.warp_id` / `nvg.warp_id` the warp's index among the warps that run
    it (a constant 0 for one warp). A greedy rewrite, so casts that undo
    each other fold away.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES
