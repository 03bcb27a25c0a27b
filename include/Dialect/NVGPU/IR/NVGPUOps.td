//===- NVGPUOps.td - the nvg dialect ----------------------*- tablegen -*-===//
//
// The `nvg` dialect: the few NVIDIA operations that the LLVM lowering of
// TTGIR leaves for convert-nv-gpu-to-llvm (Triton 3.6's `nvg`, named
// `nvgpu` before). Its operands are LLVM values; each op becomes inline PTX
// or NVVM.
//
//===----------------------------------------------------------------------===//

#ifndef NVGPU_OPS_TD
#define NVGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def NVGPU_Dialect : Dialect {
  let name = "nvg";
  let cppNamespace = "::mlir::triton::nvgpu";
  let summary = "NVIDIA operations between TTGIR's lowering and PTX";
  let description = [{
    Operations on LLVM values that convert-triton-gpu-to-llvm emits and
    convert-nv-gpu-to-llvm turns into inline PTX or NVVM: warp-group matrix
    products and their waits, the CTA's rank in its cluster, acquire loads,
    the base of tensor memory and the warp's index.

    ```mlir
    %acc = nvg.wgmma_wait_group %in {pendings = 0 : i32} : !llvm.struct<(f32, f32)>
    ```
  }];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

class NVGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVGPU_Dialect, mnemonic, traits>;

def NVGPU_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering",
    [I32EnumAttrCase<"RELAXED", 1, "relaxed">,
     I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
     I32EnumAttrCase<"RELEASE", 3, "release">,
     I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_MemSyncScope : I32EnumAttr<"MemSyncScope", "memory scope",
    [I32EnumAttrCase<"GPU", 1, "gpu">,
     I32EnumAttrCase<"CTA", 2, "cta">,
     I32EnumAttrCase<"SYSTEM", 3, "sys">]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_WGMMALayout : I32EnumAttr<"WGMMALayout",
    "how a wgmma operand lies in shared memory: row or col",
    [I32EnumAttrCase<"row", 0>, I32EnumAttrCase<"col", 1>]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_WGMMAEltType : I32EnumAttr<"WGMMAEltType",
    "a wgmma operand's element type",
    [I32EnumAttrCase<"s8", 0>, I32EnumAttrCase<"s32", 1>,
     I32EnumAttrCase<"e4m3", 2>, I32EnumAttrCase<"e5m2", 3>,
     I32EnumAttrCase<"f16", 4>, I32EnumAttrCase<"bf16", 5>,
     I32EnumAttrCase<"tf32", 6>, I32EnumAttrCase<"f32", 7>]> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVGPU_WGMMAOperand : AnyTypeOf<[LLVM_AnyStruct, I64],
                                   "a shared-memory descriptor or registers">;

def NVGPU_WGMMAOp : NVGPU_Op<"wgmma"> {
  let summary = "one asynchronous warp-group matrix product";
  let description = [{
    `wgmma.mma_async` of shape m x n x k: A is a shared-memory descriptor
    (i64) or the thread's registers of A (a struct of i32), B a descriptor.
    With `opC` the product adds to it where `useC` holds; without, the
    accumulator is not read. The result is the thread's accumulator
    registers.
  }];
  let arguments = (ins NVGPU_WGMMAOperand:$opA, NVGPU_WGMMAOperand:$opB,
                   I1:$useC, Optional<LLVM_AnyStruct>:$opC,
                   I32Attr:$m, I32Attr:$n, I32Attr:$k,
                   NVGPU_WGMMAEltType:$eltTypeC, NVGPU_WGMMAEltType:$eltTypeA,
                   NVGPU_WGMMAEltType:$eltTypeB,
                   NVGPU_WGMMALayout:$layoutA, NVGPU_WGMMALayout:$layoutB);
  let results = (outs LLVM_AnyStruct:$res);
  let assemblyFormat = [{
    $opA `,` $opB `,` $useC (`,` $opC^)? attr-dict `:`
    functional-type(operands, $res)
  }];
  let hasVerifier = 1;
}

def NVGPU_WGMMAWaitGroupOp : NVGPU_Op<"wgmma_wait_group",
    [AllTypesMatch<["input", "output"]>]> {
  let summary = "waits for all but `pendings` wgmma groups";
  let description = [{
    `wgmma.wait_group`: the registers of `input` pass through the wait, so
    that their uses come after it.
  }];
  let arguments = (ins LLVM_AnyStruct:$input, I32Attr:$pendings);
  let results = (outs LLVM_AnyStruct:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def NVGPU_ClusterCTAIdOp : NVGPU_Op<"cluster_id", [Pure]> {
  let summary = "the CTA's rank in its cluster";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVGPU_LoadAcquireOp : NVGPU_Op<"ld_acquire", [MemoryEffects<[MemRead]>]> {
  let summary = "a load from global memory with acquire semantics";
  let description = [{
    `ld.global.<scope>.<sem>` of one scalar, where `mask` (if any) holds;
    0 elsewhere.
  }];
  let arguments = (ins LLVM_PointerInAddressSpace<1>:$addr,
                   Optional<I1>:$mask, NVGPU_MemSemantic:$sem,
                   NVGPU_MemSyncScope:$scope);
  let results = (outs AnyTypeOf<[AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:`
    functional-type($addr, $result)
  }];
  let hasVerifier = 1;
}

def NVGPU_TensorMemoryBaseAddress : NVGPU_Op<"tensor_memory_base", [Pure]> {
  let summary = "the base address of the kernel's tensor memory";
  let results = (outs LLVM_PointerInAddressSpace<6>:$result);
  let assemblyFormat = "attr-dict";
}

def NVGPU_WarpIdOp : NVGPU_Op<"warp_id", [Pure]> {
  let summary = "the warp's index in the CTA, uniform across the warp";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

#endif // NVGPU_OPS_TD
