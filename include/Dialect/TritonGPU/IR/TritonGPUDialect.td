//===- TritonGPUDialect.td - the ttg dialect definition ---*- tablegen -*-===//
//
// The `ttg` dialect: Triton IR with layouts. Tensors carry an encoding that
// says which thread, warp and register holds each element; shared memory is
// described by !ttg.memdesc values.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_DIALECT_TD
#define TRITONGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton IR with GPU layouts";
  let description = [{
    TTGIR: the tt dialect's operations on tensors whose encodings place every
    element on the GPU, plus operations on shared memory, asynchronous copies
    and layout conversions. The module carries the launch configuration:

    ```mlir
    module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32,
                       ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
    }
    ```
  }];
  // Unlike upstream's, no dependency on MLIR's gpu dialect: nothing here
  // makes gpu ops, and loading it costs every compile half a million
  // instructions. IR that holds gpu ops loads it as it is parsed.
  let dependentDialects = [
    "triton::TritonDialect"
  ];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    /// Names of the module attributes of the launch configuration.
    static constexpr llvm::StringLiteral getNumWarpsAttrName() {
      return "ttg.num-warps";
    }
    static constexpr llvm::StringLiteral getNumCTAsAttrName() {
      return "ttg.num-ctas";
    }
    static constexpr llvm::StringLiteral getThreadsPerWarpAttrName() {
      return "ttg.threads-per-warp";
    }
    static constexpr llvm::StringLiteral getTargetAttrName() {
      return "ttg.target";
    }
    static constexpr llvm::StringLiteral getSharedAttrName() {
      return "ttg.shared";
    }

    /// The launch configuration of `module`, with Triton's defaults (4 warps,
    /// 1 CTA, 32 threads per warp) where an attribute is absent.
    static int getNumWarps(ModuleOp module);
    static int getNumCTAs(ModuleOp module);
    static int getThreadsPerWarp(ModuleOp module);

    /// The linear layouts toLinearLayout has built, by encoding and shape:
    /// the passes and the lowering ask for the same few over and over.
    LinearLayoutCache &getLinearLayoutCache() { return *linearLayoutCache; }

  private:
    std::unique_ptr<LinearLayoutCache> linearLayoutCache;

  public:
  }];
}

#endif // TRITONGPU_DIALECT_TD
