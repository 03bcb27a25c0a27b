//===- Passes.td - tt to ttg conversion pass ---------------*- tablegen -*-===//
//
// The pass that gives every tensor of a tt module a ttg layout: the first
// step of make_ttgir.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES
#define TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU
    : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "give every tensor a ttg layout";
  let description = [{
    Converts a module of `tt`, `arith`, `math`, `scf`, `cf` and `ub` ops on
    tensors without encodings into the same ops on tensors with `ttg`
    layouts, and records the launch configuration on the module as
    `"ttg.num-warps"`, `"ttg.num-ctas"`, `"ttg.threads-per-warp"` (i32) and
    `ttg.target` (string).

    Each tensor gets the default `#ttg.blocked` layout of its shape: one
    element per thread, the last dimension fastest, the lanes of a warp and
    then the warps spread over the dimensions from the fastest one. A few
    ops pick other layouts, as upstream Triton does:
    - `tt.expand_dims` takes its operand in a `#ttg.slice` of the result's
      layout;
    - `tt.reduce` yields a `#ttg.slice` of its operand's layout; `tt.trans`,
      `tt.join` and `tt.broadcast` derive their result's layout from the
      operand's;
    - `tt.dot` takes `#ttg.dot_op` operands whose parent is a blocked
      accumulator layout with 2x2 or 4x4 elements per thread;
    - `tt.split` and `tt.cat` adjust the blocked layout of their operand or
      result.
    `ttg.convert_layout` ops join values whose layouts differ.

    First, each `tt.dot_scaled` (no NVIDIA GPU before sm_100 multiplies
    microscaled operands) becomes a `tt.dot` of its operands upcast to bf16
    (f16 when one operand is fp16): fp8 through `tt.fp_to_fp`, e2m1
    decoded from its nibbles, each multiplied by its e8m0 scale
    (2^(s - 127), NaN for 0xFF unless `fastMath`) broadcast over 32 values
    of K.

    ```mlir
    // convert-triton-to-tritongpu{target=cuda:90 num-warps=4}
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    // becomes
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the GPU the module is compiled for: cuda:<compute capability> "
           "(e.g. cuda:90) or hip:<gfx architecture>">,
    Option<"numWarps", "num-warps", "int32_t", /*default=*/"4",
           "warps per CTA (a power of two)">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default=*/"32",
           "threads per warp (a power of two)">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default=*/"1",
           "CTAs per cluster (a power of two)">,
    Option<"enableSourceRemat", "enable-source-remat", "bool",
           /*default=*/"false",
           "let values that keep an unconverted user be cast back with "
           "builtin.unrealized_conversion_cast instead of failing">
  ];
}

def RelayoutTritonGPU : Pass<"relayout-tritongpu", "mlir::ModuleOp"> {
  let summary = "give ttng ops' tensors the layouts their hardware moves";
  let description = [{
    After `convert-triton-to-tritongpu` (with `enable-source-remat`), the
    tensors of `ttng` ops are still without a layout (the pass casts them
    back with `builtin.unrealized_conversion_cast`). This pass gives each
    the layout its instruction wants, with a `ttg.convert_layout` from the
    value's own layout:
    - the row offsets of `ttng.async_tma_gather`/`async_tma_scatter`: four
      to a thread, as `tt.descriptor_gather`'s;
    - the tensor of `ttng.tmem_alloc`/`tmem_store`, and the result of
      `ttng.tmem_load`: one that 32x32b tcgen05 messages move (lane i of
      warp w holds row 32 (w % 4) + i); for scales in tensor memory, four
      consecutive scales per register group, rows over lanes, the rest over
      registers (a second warpgroup takes the last of them).

    ```mlir
    // convert-triton-to-tritongpu{target=cuda:100 enable-source-remat=true}
    // relayout-tritongpu
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory> -> tensor<128x64xf32>
    // becomes
    #linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory> -> tensor<128x64xf32, #linear>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES
