//===- TritonGPUOps.td - ttg operations -------------------*- tablegen -*-===//
//
// The operations of the ttg dialect as Triton 3.6 defines them: layout
// conversions, shared-memory allocation and access, asynchronous copies,
// memory descriptor views and warp specialization.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_OPS_TD
#define TRITONGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "Dialect/Triton/IR/TritonEnums.td"
include "Dialect/Triton/IR/TritonInterfaces.td"
include "Dialect/Triton/IR/TritonTypes.td"
include "Dialect/TritonGPU/IR/TritonGPUAttrs.td"
include "Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "Dialect/TritonGPU/IR/TritonGPUTypes.td"

def SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, !listconcat(traits, [TensorSizeTrait, VerifyTensorLayoutsTrait])>;

def TTG_MemDescLike : AnyTypeOf<[TTG_MemDescType]>;

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [SameOperandsAndResultShape,
    SameOperandsAndResultElementType, Pure]> {
  let summary = "move a tensor to another layout";
  let description = [{
    Canonicalization removes conversions to the source's own type and folds
    conversions into the ops that can produce or consume any layout: another
    conversion, a splat, a range, a splat constant, a histogram, a
    `ttg.local_load` (in the result) and `ttg.local_alloc`,
    `ttg.local_store`, a gather's source, a trivial or reordering reshape
    (in the source). A conversion from an MMA layout to a dot operand is kept.

    ```mlir
    %b = ttg.convert_layout %a : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked1>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpack fp4 (e2m1) pairs stored in i8 to floats";
  let description = [{
    Each i8 holds two fp4 values; the result doubles dimension `axis`.

    ```mlir
    %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked1>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate shared memory, optionally initialized";
  let description = [{
    Without an operand the buffer is mutable; with one it holds that tensor
    and is immutable.

    ```mlir
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %cst = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "release shared memory";
  let description = [{
    ```mlir
    ttg.local_dealloc %buf : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemFree<SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "load a tensor from shared memory";
  let description = [{
    ```mlir
    %t = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "store a tensor to shared memory";
  let description = [{
    ```mlir
    ttg.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_Tensor:$src,
                       Arg<TTG_MemDescType, "", [MemWrite<SharedMemory>]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_LocalBarrierOp : TTG_Op<"local_barrier", [
    MemoryEffects<[MemRead<SharedMemory>, MemWrite<SharedMemory>]>]> {
  let summary = "synchronize the CTA's accesses to shared memory";
  let description = [{
    ```mlir
    ttg.local_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc", [
    MemoryEffects<[MemAlloc<GlobalMemory>]>]> {
  let summary = "a per-program slice of the kernel's global scratch buffer";
  let description = [{
    ```mlir
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Memory descriptor views
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "the view of one slice along the leading dimension";
  let description = [{
    ```mlir
    %s = ttg.memdesc_index %buf[%i] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "the view of a static sub-block";
  let description = [{
    ```mlir
    %s = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:`
    qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "the transposed view of a descriptor";
  let description = [{
    ```mlir
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "the view of a descriptor with another shape";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reshape %buf : !ttg.memdesc<2x64x64xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "reinterpret the memory of a descriptor";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reinterpret %buf : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf32, #shared, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<GlobalMemory>]>,
    TypesMatchWith<"other matches the pointee of src", "src", "other",
                   "::mlir::triton::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 3) || std::equal_to<>()">,
    TypesMatchWith<"mask matches the shape of src", "src", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "start copying a tensor from global to shared memory";
  let description = [{
    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    TT_PtrTensor:$src,
    Arg<TTG_MemDescType, "", [MemWrite<SharedMemory>]>:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close a group of asynchronous copies";
  let description = [{
    ```mlir
    %g = ttg.async_commit_group tokens %t0, %t1
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "wait until at most `num` copy groups are in flight";
  let description = [{
    ```mlir
    %w = ttg.async_wait %g0, %g1 {num = 2 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Software pipelining and warps
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [Pure,
    AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "whether a pipeline stage runs in this iteration";
  let description = [{
    ```mlir
    %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 1 : i32 -> i1
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$iv,
                       AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step,
                       I32Attr:$maxStage, I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:`
    type($iv) `->` type($result)
  }];
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "run a region only where a predicate holds";
  let description = [{
    Printed in generic form.

    ```mlir
    %r = "ttg.mask"(%p) ({
      %v = tt.load %ptr : !tt.ptr<f32>
      "ttg.mask.return"(%v) : (f32) -> ()
    }) : (i1) -> f32
    ```
  }];
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [HasParent<"MaskOp">, Pure,
    Terminator, ReturnLike]> {
  let summary = "terminator of a mask region";
  let description = [{
    ```mlir
    ttg.mask.return %v : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TTG_WarpIdOp : TTG_Op<"warp_id", [Pure]> {
  let summary = "index of the executing warp in its CTA";
  let description = [{
    ```mlir
    %w = ttg.warp_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
    RecursiveMemoryEffects, RecursivelySpeculatable,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
                              ["getEntrySuccessorOperands"]>]> {
  let summary = "run different code in different groups of warps";
  let description = [{
    The default region runs on the kernel's warps; each partition runs on
    its own `num_warps` warps and receives the explicit captures.

    ```mlir
    %r = ttg.warp_specialize(%a) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The op holding the partition regions.
    WarpSpecializePartitionsOp getPartitionOp();
    /// The partition regions.
    ::mlir::MutableArrayRef<::mlir::Region> getPartitionRegions();
  }];
}

def TTG_WarpSpecializePartitionsOp
    : TTG_Op<"warp_specialize.partitions", [IsolatedFromAbove,
        RecursiveMemoryEffects, RecursivelySpeculatable, Terminator,
        HasParent<"WarpSpecializeOp">]> {
  let summary = "holder of the partition regions of a warp_specialize";
  let description = [{
    Printed as part of `ttg.warp_specialize`.
  }];
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [Pure, Terminator, ReturnLike,
    HasParent<"WarpSpecializeOp">]> {
  let summary = "terminator of the default region of a warp_specialize";
  let description = [{
    ```mlir
    ttg.warp_yield %x : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
  let hasVerifier = 1;
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [Pure, Terminator, ReturnLike,
    HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "terminator of a partition region";
  let description = [{
    ```mlir
    ttg.warp_return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TRITONGPU_OPS_TD
