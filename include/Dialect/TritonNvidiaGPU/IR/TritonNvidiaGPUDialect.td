//===- TritonNvidiaGPUDialect.td - the ttng dialect -------*- tablegen -*-===//
//
// The `ttng` dialect: NVIDIA-specific operations of TTGIR (Hopper wgmma, TMA,
// mbarriers, fences, clusters, Blackwell tensor memory).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_DIALECT_TD
#define TRITONNVIDIAGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific operations of Triton GPU IR";
  let description = [{
    Operations that only NVIDIA hardware offers, used once TTGIR targets a
    particular GPU: asynchronous warp-group matrix products, the tensor
    memory accelerator, mbarriers and proxy fences.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    ```
  }];
  let dependentDialects = [
    "triton::TritonDialect",
    "triton::gpu::TritonGPUDialect"
  ];
  let useDefaultAttributePrinterParser = 1;
}

#endif // TRITONNVIDIAGPU_DIALECT_TD
