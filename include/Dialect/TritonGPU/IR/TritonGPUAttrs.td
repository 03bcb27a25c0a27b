//===- TritonGPUAttrs.td - ttg layout attributes ----------*- tablegen -*-===//
//
// The encodings that place a tensor on the GPU (blocked, slice, dot_op,
// nvidia_mma, amd_mfma, amd_wmma, linear), the shared-memory encodings (swizzled_shared,
// nvmma_shared, padded_shared, shared_linear) and the shared memory space.
//
// Layouts that may span several CTAs of a cluster keep the bases of their
// `block` dimension as `cgaBases`: a flattened list of rank-sized vectors,
// printed as Triton 3.6's `CGALayout = [[..], ..]` when not trivial. The 3.5
// spelling (CTAsPerCGA, CTASplitNum, CTAOrder) parses into the same bases.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_ATTRS_TD
#define TRITONGPU_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TTG_CGABasesParameter : ArrayRefParameter<"int32_t",
    "bases of the block dimension, flattened"> {
  let defaultValue = "{}";
}

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked"> {
  let summary = "a tensor split into equal per-thread blocks";
  let description = [{
    Each thread holds `sizePerThread` contiguous elements; a warp is a grid of
    `threadsPerWarp` threads, a CTA a grid of `warpsPerCTA` warps; `order`
    lists dimensions from fastest to slowest varying. The pattern repeats
    to cover the whole tensor.

    ```mlir
    #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGABasesParameter:$cgaBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
  }];
}

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice"> {
  let summary = "the parent layout with one dimension removed";
  let description = [{
    The layout of the result of reducing a tensor of layout `parent` along
    `dim`.

    ```mlir
    #ttg.slice<{dim = 1, parent = #blocked}>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "Attribute":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op"> {
  let summary = "the layout of operand A (0) or B (1) of a dot";
  let description = [{
    `kWidth` is the number of consecutive K elements a thread holds (0 when
    the parent does not use it).

    ```mlir
    #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "Attribute":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_NvidiaMmaEncodingAttr : TTG_Attr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "the accumulator layout of NVIDIA tensor-core instructions";
  let description = [{
    `versionMajor` 2 is mma.sync (Ampere; minor 1: Turing), 3 is wgmma
    (Hopper), with `instrShape` [16, 8] for v2 and [16, N, K] for v3.

    ```mlir
    #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        TTG_CGABasesParameter:$cgaBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getWarpsPerCTA().size(); }
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def TTG_AMDMfmaEncodingAttr : TTG_Attr<"AMDMfmaEncoding", "amd_mfma"> {
  let summary = "the accumulator layout of AMD matrix-core (MFMA) instructions";
  let description = [{
    Parsed, printed and verified so that IR written for AMD GPUs reads; this
    toolchain does not lower it. `instrShape` is [M, N, K] of one
    instruction; `isTransposed` swaps the roles of rows and columns in a
    lane's registers. `tilesPerWarp` (default all 1) and `elementBitWidth`
    (32 or 64, default 32) are printed only when not the default.

    ```mlir
    #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed,
                        TTG_CGABasesParameter:$cgaBases,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getWarpsPerCTA().size(); }
  }];
}

def TTG_AMDWmmaEncodingAttr : TTG_Attr<"AMDWmmaEncoding", "amd_wmma"> {
  let summary = "the accumulator layout of AMD WMMA instructions (RDNA)";
  let description = [{
    Parsed, printed and verified only, as `amd_mfma`. `instrShape` defaults
    to [16, 16, 16]; `isTranspose` to false.

    ```mlir
    #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
    ```
  }];
  let parameters = (ins "unsigned":$version, "bool":$isTransposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        TTG_CGABasesParameter:$cgaBases,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getWarpsPerCTA().size(); }
  }];
}

def TTG_LinearEncodingAttr : TTG_Attr<"LinearEncoding", "linear"> {
  let summary = "a distributed layout given by its linear-layout bases";
  let description = [{
    Basis `i` of an input dimension is the tensor coordinate of hardware index
    `1 << i` in that dimension; other indices map to the XOR of the bases of
    their set bits.

    ```mlir
    #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
    ```
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory encodings
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr
    : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "shared memory with XOR swizzling of vectors";
  let description = [{
    Row `r` of the tensor (along the slowest of `order`) has its vectors of
    `vec` elements XOR-ed with `(r / perPhase) % maxPhase`.

    ```mlir
    #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGABasesParameter:$cgaBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_NVMMASharedEncodingAttr
    : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "shared memory laid out for wgmma and TMA";
  let description = [{
    The swizzle modes of the tensor-core and TMA hardware (0, 32, 64 or 128
    bytes). `transposed` stores the tensor K-major.

    ```mlir
    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        DefaultValuedParameter<"unsigned", "2">:$rank,
                        TTG_CGABasesParameter:$cgaBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_PaddedSharedEncodingAttr
    : TTG_Attr<"PaddedSharedEncoding", "padded_shared"> {
  let summary = "shared memory with padding inserted at intervals";
  let description = [{
    After every `interval` elements, `padding` elements are skipped; the
    element order is given by a linear layout from `offset` to the tensor,
    written either as `order` and `shape` or as its bases.

    ```mlir
    #ttg.padded_shared<[128:+4, 256:+8] {order = [1, 0], shape = [16, 256]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_SharedLinearEncodingAttr
    : TTG_Attr<"SharedLinearEncoding", "shared_linear"> {
  let summary = "shared memory given by linear-layout bases";
  let description = [{
    ```mlir
    #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]], block = []}, alignment = 512>
    ```
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"int32_t">:$blockBases,
                        "unsigned":$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_SharedMemorySpaceAttr : TTG_Attr<"SharedMemorySpace", "shared_memory"> {
  let summary = "the shared memory of a CTA, as a memory space";
  let description = [{
    ```mlir
    !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, mutable>
    ```
  }];
}

#endif // TRITONGPU_ATTRS_TD
