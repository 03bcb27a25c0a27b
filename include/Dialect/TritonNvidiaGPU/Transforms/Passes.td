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

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
