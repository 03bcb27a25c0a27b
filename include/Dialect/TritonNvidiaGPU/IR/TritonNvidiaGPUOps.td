//===- TritonNvidiaGPUOps.td - ttng operations ------------*- tablegen -*-===//
//
// The 28 operations of the ttng dialect as Triton 3.6 defines them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_OPS_TD
#define TRITONNVIDIAGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "Dialect/Triton/IR/TritonEnums.td"
include "Dialect/Triton/IR/TritonInterfaces.td"
include "Dialect/Triton/IR/TritonTypes.td"
include "Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.td"
include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTNG_TensorMemory : Resource<"::mlir::triton::nvidia_gpu::TensorMemory">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic,
         !listconcat(traits, [TensorSizeTrait, VerifyTensorLayoutsTrait])>;

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_Tensor, TTG_MemDescType]>;

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "asynchronous warp-group matrix product (wgmma)";
  let description = [{
    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins TTNG_TensorOrMemDesc:$a, TTG_MemDescType:$b,
                       TT_FpIntTensor:$c, Optional<I1>:$useC,
                       DefaultValuedAttr<TT_InputPrecisionAttr,
                         "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
                       DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
                       DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b))
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wait for all but `pendings` warp-group products";
  let description = [{
    ```mlir
    %r:2 = ttng.warp_group_dot_wait %d, %a {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs,
                       I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemRead<TTNG_TensorMemory>,
                   MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "Blackwell tensor-core matrix product into tensor memory";
  let description = [{
    ```mlir
    %t = ttng.tc_gen5_mma %a, %b, %d[%dep], %useD, %pred, %bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$a, TTG_MemDescType:$b,
                       TTG_MemDescType:$d, Optional<TTG_AsyncToken>:$acc_dep,
                       I1:$useD, I1:$pred,
                       Variadic<TTG_MemDescType>:$barriers,
                       Variadic<I1>:$barrier_preds,
                       UnitAttr:$is_async, UnitAttr:$two_ctas);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,`
    $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAScaledOp : TTNG_Op<"tc_gen5_mma_scaled", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemRead<TTNG_TensorMemory>,
                   MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "Blackwell tensor-core product of microscaled operands";
  let description = [{
    ```mlir
    %t = ttng.tc_gen5_mma_scaled %a, %b, %d[], %as, %bs, %useD, %pred lhs = e4m3 rhs = e4m3 : ...
    ```
  }];
  let arguments = (ins TTG_MemDescType:$a, TTG_MemDescType:$b,
                       TTG_MemDescType:$d, Optional<TTG_AsyncToken>:$acc_dep,
                       TTG_MemDescType:$a_scale, TTG_MemDescType:$b_scale,
                       TT_ScaleDotElemTypeAttr:$a_type,
                       TT_ScaleDotElemTypeAttr:$b_type,
                       I1:$useD, I1:$pred,
                       Variadic<TTG_MemDescType>:$barriers,
                       Variadic<I1>:$barrier_preds, UnitAttr:$is_async);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type ``
    custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit"> {
  let summary = "arrive on a barrier when earlier tcgen5 products finish";
  let description = [{
    ```mlir
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$barrier, Optional<I1>:$pred,
                       UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? attr-dict `:` qualified(type($barrier))
  }];
}

//===----------------------------------------------------------------------===//
// Fences and clusters
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "order generic-proxy and async-proxy shared memory accesses";
  let description = [{
    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "arrive at the cluster barrier";
  let description = [{
    ```mlir
    ttng.cluster_arrive {relaxed = 1 : i1}
    ```
  }];
  let arguments = (ins I1Attr:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "wait at the cluster barrier";
  let description = [{
    ```mlir
    ttng.cluster_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "initialize an mbarrier with an arrival count";
  let description = [{
    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "invalidate an mbarrier";
  let description = [{
    ```mlir
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "expect a number of bytes of asynchronous copies";
  let description = [{
    ```mlir
    ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "wait for an mbarrier phase to complete";
  let description = [{
    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>]>:$alloc, I32:$phase,
                       Optional<I1>:$pred,
                       Variadic<TTG_MemDescType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:`
    qualified(type($alloc)) (`,` type($deps)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "arrive on an mbarrier";
  let description = [{
    ```mlir
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>]>:$alloc, I32Attr:$count,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "arrive on an mbarrier when earlier async copies finish";
  let description = [{
    ```mlir
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier, UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local", [
    MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "copy a block from global to shared memory through TMA";
  let description = [{
    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$result, I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "copy a block from shared to global memory through TMA";
  let description = [{
    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16>>, !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "reduce a block from shared into global memory through TMA";
  let description = [{
    ```mlir
    ttng.async_tma_reduce add, %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf32>>, !ttg.memdesc<128x64xf32, #shared, #smem>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDescType:$desc, Variadic<I32>:$coord,
                       Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc))
    `,` qualified(type($src))
  }];
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather", [
    MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "gather rows from global to shared memory through TMA";
  let description = [{
    ```mlir
    ttng.async_tma_gather %desc[%rows, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x128xbf16, #shared, #smem, mutable>, i1
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_I32Tensor:$x_offsets,
                       I32:$y_offset,
                       Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
                       Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$result, I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "scatter rows from shared to global memory through TMA";
  let description = [{
    ```mlir
    ttng.async_tma_scatter %desc[%rows, %y] %buf : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xbf16, #shared, #smem>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_I32Tensor:$x_offsets,
                       I32:$y_offset,
                       Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "wait until at most `pendings` TMA stores are in flight";
  let description = [{
    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor",
    [Pure]> {
  let summary = "view a pointer to a TMA descriptor as a tensor descriptor";
  let description = [{
    ```mlir
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to`
    qualified(type($result))
  }];
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "write a TMA descriptor to global memory";
  let description = [{
    ```mlir
    ttng.tensormap_create %desc, %base, [%b0, %b1], [%d0, %d1], [%s0], [%e0, %e1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride,
                       Variadic<I32>:$element_stride,
                       I32Attr:$elem_type, I32Attr:$interleave_layout,
                       I32Attr:$swizzle_mode, I32Attr:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim
    `]` `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp
    : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "make a freshly written TMA descriptor visible to TMA";
  let description = [{
    ```mlir
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc", [
    MemoryEffects<[MemAlloc<TTNG_TensorMemory>]>]> {
  let summary = "allocate tensor memory, optionally initialized";
  let description = [{
    ```mlir
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src);
  let results = (outs TTG_MemDescType:$result,
                      Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load", [
    MemoryEffects<[MemRead<TTNG_TensorMemory>]>]> {
  let summary = "load a tensor from tensor memory";
  let description = [{
    ```mlir
    %v, %t = ttng.tmem_load %m[%dep] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, Optional<TTG_AsyncToken>:$dep);
  let results = (outs TT_Tensor:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token)) attr-dict `:`
    qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store", [
    MemoryEffects<[MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "store a tensor to tensor memory";
  let description = [{
    ```mlir
    %t = ttng.tmem_store %v, %m[%dep], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$dst, Optional<TTG_AsyncToken>:$dep,
                       TT_Tensor:$src, I1:$pred);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:`
    type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy", [
    MemoryEffects<[MemWrite<TTNG_TensorMemory>]>]> {
  let summary = "copy from shared memory to tensor memory";
  let description = [{
    ```mlir
    ttng.tmem_copy %s, %t : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src, TTG_MemDescType:$dst,
                       Optional<TTG_MemDescType>:$barrier);
  let assemblyFormat = [{
    $src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure]> {
  let summary = "a view of columns [N, N + n) of a tensor-memory buffer";
  let description = [{
    ```mlir
    %s = ttng.tmem_subslice %t {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, I32Attr:$N);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TRITONNVIDIAGPU_OPS_TD
