//===- Dialect.h - the ttg dialect ----------------------------*- C++ -*-===//
//
// Everything a user of the ttg dialect includes: the dialect, its layout
// attributes, types and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRITON_DIALECT_TRITONGPU_IR_DIALECT_H

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/DialectInterface.h"

namespace mlir::triton {
class LinearLayout;
} // namespace mlir::triton

namespace mlir::triton::gpu {
class LinearLayoutCache;
} // namespace mlir::triton::gpu

#include "Dialect/TritonGPU/IR/TritonGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUTypes.h.inc"

namespace mlir::triton::gpu {
/// The memory resource of shared-memory allocations and accesses.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// The byte offset allocate-shared-memory gives a buffer (on its
/// `ttg.local_alloc`), an op's scratch or a call's frame.
inline constexpr llvm::StringLiteral kAllocationOffsetAttr =
    "allocation.offset";

/// The compute capability of the `cuda:NN` target ("ttg.target") of the
/// module nearest `op` that names one; nullopt when none does.
std::optional<int> getCudaCapability(Operation *op);

/// True for the encodings that describe shared memory.
bool isSharedEncoding(Attribute encoding);
/// True for the encodings that distribute a tensor over threads.
bool isDistributedEncoding(Attribute encoding);
/// Whether converting from `src` to `dst` moves elements between the CTAs
/// of a cluster: blocked layouts with different CTA bases. No lowering does
/// that; the source is recomputed in `dst` instead
/// (tritongpu-remove-layout-conversions).
bool movesBetweenCtas(Attribute src, Attribute dst);
/// The bases of the `block` (CTA) dimension of a distributed or shared
/// encoding, flattened rank by rank as BlockedEncodingAttr keeps them.
SmallVector<int32_t> getCgaBases(Attribute encoding, unsigned rank);

/// How many parts the CTAs of a cluster split each dimension into, given the
/// CGA bases of a layout (flattened rank by rank).
SmallVector<unsigned> getCTASplitNum(ArrayRef<int32_t> cgaBases, unsigned rank);

/// The part of a tensor of `shape` each CTA of a cluster holds when the CTAs
/// split its trailing `rank` dimensions as `cgaBases` (flattened, `rank` per
/// basis) say: each divided by its split, at least 1. Leading dimensions (a
/// multi-buffered allocation's) stay whole; so does a shape of fewer than
/// `rank` dimensions.
SmallVector<int64_t> getShapePerCTA(ArrayRef<int32_t> cgaBases, unsigned rank,
                                    ArrayRef<int64_t> shape);

/// The NVMMA shared layout of a tile of `shape` stored in `order`: the
/// widest swizzle (128, 64 or 32 bytes) the contiguous dimension fills.
NVMMASharedEncodingAttr getNVMMASharedEncoding(MLIRContext *ctx,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               Type elementType,
                                               ArrayRef<int32_t> cgaBases);

/// The number of warps `op` runs on: that of the warp_specialize partition
/// holding it, or the nearest `ttg.num-warps` attribute.
std::optional<int64_t> lookupNumWarps(Operation *op);

/// The rank of a shared-memory encoding; nullopt for other attributes.
std::optional<unsigned> getSharedEncodingRank(Attribute encoding);

/// Implemented by the dialects whose encodings lay out memories other than
/// shared memory (ttng's tensor memory encodings): checks a !ttg.memdesc
/// whose encoding comes from that dialect.
class MemDescEncodingVerifierInterface
    : public DialectInterface::Base<MemDescEncodingVerifierInterface> {
public:
  MemDescEncodingVerifierInterface(Dialect *dialect) : Base(dialect) {}

  virtual LogicalResult
  verifyMemDesc(function_ref<InFlightDiagnostic()> emitError,
                ArrayRef<int64_t> shape, Type elementType, Attribute encoding,
                Attribute memorySpace, ArrayRef<int64_t> allocShape) const = 0;
};

/// The tensor shape that the bases of a linear, shared_linear or
/// padded_shared layout span (each dimension the smallest power of two above
/// its coordinates); empty for other encodings.
SmallVector<int64_t> getLinearComponentShape(Attribute encoding);

/// A blocked layout of `sizePerThread` and `order` over a CTA's part
/// `shapePerCTA`: its `threadsPerWarp` lanes and `numWarps` warps spread
/// from the fastest dimension (`order[0]`), each dimension taking as many
/// threads as it has register blocks, lanes first; the slowest takes what
/// is left (copies of a small tensor). `cgaBases` place the CTAs.
BlockedEncodingAttr
getBlockedEncodingForPart(MLIRContext *ctx, ArrayRef<int64_t> shapePerCTA,
                          ArrayRef<unsigned> sizePerThread,
                          ArrayRef<unsigned> order, unsigned threadsPerWarp,
                          unsigned numWarps, ArrayRef<int32_t> cgaBases);

/// `blocked` with a new minor dimension of size 2 held in each thread's
/// registers: the layout of a tt.join result.
BlockedEncodingAttr getJoinedBlockedEncoding(BlockedEncodingAttr blocked);

/// `blocked` without its minor dimension, which must be of size 2 in each
/// thread's registers: the layout of tt.split results.
BlockedEncodingAttr getSplitBlockedEncoding(BlockedEncodingAttr blocked);

/// The #ttg.linear encoding of `layout` (output dimensions dim0, dim1, ...)
/// with its output dimensions permuted: result dimension i is `layout`'s
/// dimension order[i]; not permuted when `order` is empty.
LinearEncodingAttr linearEncodingFrom(const LinearLayout &layout,
                                      ArrayRef<int32_t> order = {});
} // namespace mlir::triton::gpu

#define GET_OP_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUOps.h.inc"

#endif // TRITON_DIALECT_TRITONGPU_IR_DIALECT_H
