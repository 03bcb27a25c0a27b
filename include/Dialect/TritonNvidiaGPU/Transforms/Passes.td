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

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES
