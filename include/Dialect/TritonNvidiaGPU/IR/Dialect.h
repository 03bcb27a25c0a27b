//===- Dialect.h - the ttng dialect ---------------------------*- C++ -*-===//
//
// NVIDIA-specific operations of TTGIR and the tensor-memory attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"

#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrs.h.inc"

namespace mlir::triton::nvidia_gpu {
/// The memory resource of Blackwell tensor memory.
struct TensorMemory : public SideEffects::Resource::Base<TensorMemory> {
  StringRef getName() final { return "<TensorMemory>"; }
};

/// Whether `t` is an fp8 type NVIDIA tensor cores multiply: e4m3 or e5m2.
bool isTensorCoreFp8(Type t);

/// Whether NVIDIA tensor cores (mma.sync, wgmma, tcgen05.mma) multiply
/// `a` x `b` into `d`: f16 x f16 into f16 or f32, bf16 x bf16 into f32,
/// f32 x f32 (as tf32) into f32, any two of e4m3 and e5m2 into f16 or f32,
/// and i8 x i8 into i32.
bool isTensorCoreTypeCombination(Type a, Type b, Type d);

/// Bytes of a CUtensorMap, and the alignment it needs (in global scratch or
/// shared memory).
constexpr int64_t kTensorMapBytes = 128;

/// On a `ttng.arrive_barrier`: the first thread of each warp group arrives,
/// rather than the first thread of all (a consumer of several warp groups
/// frees a slot once every group is done with it).
inline constexpr llvm::StringLiteral kArrivePerWarpGroupAttr =
    "ttng.per_warp_group";

/// Lowers a descriptor made on the device: its tensor map (the box, the
/// global shape innermost first, the byte strides of the outer dimensions,
/// the element type, the swizzle of the block's layout and the
/// out-of-bounds fill) is written at `map`, a global pointer to
/// kTensorMapBytes bytes (without one, into global scratch of its own:
/// `ttg.global_scratch_alloc`), fenced for the TMA proxy, and the
/// descriptor becomes its address (`ttng.reinterpret_tensor_descriptor`).
LogicalResult lowerMakeTensorDescriptor(MakeTensorDescOp op,
                                        RewriterBase &rewriter, Value map = {});

/// The part of a block of `shape` (its trailing dimensions laid out as `enc`)
/// that each CTA of a cluster holds: the block divided by the CTAs `enc`'s
/// CGA layout splits it over. The block itself in a one-CTA layout.
SmallVector<int64_t> tmaCtaShape(ArrayRef<int64_t> shape,
                                 gpu::NVMMASharedEncodingAttr enc);

/// The bytes a TMA copy of a block of `shape` brings into each CTA (what its
/// mbarrier expects): those of the CTA's part.
int64_t tmaCtaBytes(ArrayRef<int64_t> shape, gpu::NVMMASharedEncodingAttr enc);

/// The box of the tensor map that copies a block of `shape` laid out as
/// `enc`, outermost dimension first: each CTA's part of the block
/// (tmaCtaShape), at most 256 elements a dimension and,
/// with a swizzle, at most the swizzle's width along the contiguous one. A
/// larger block takes one TMA copy per box.
SmallVector<int64_t> tmaBlockShape(ArrayRef<int64_t> shape,
                                   gpu::NVMMASharedEncodingAttr enc);

/// PTX's tensor-map element type number of a block's element type (0 u8,
/// 1 u16, 2 u32, 3 s32, 4 u64, 5 s64, 6 f16, 7 f32, 9 f64, 10 bf16; 8-bit
/// floats are u8, 8- and 16-bit integers unsigned, 32- and 64-bit ones
/// signed when their type is), as upstream numbers them in
/// `tensordesc_meta` and `ttng.tensormap_create`; nullopt for the others.
std::optional<int> tmaElementType(Type type);

/// The CUtensorMapSwizzle of `enc`: 0 none, 1 32 bytes, 2 64, 3 128.
int tmaSwizzleMode(gpu::NVMMASharedEncodingAttr enc);

/// The layout TMA copies of `block` use by default: row-major NVMMA with the
/// widest swizzle the rows of each CTA's part fill (unswizzled for a vector),
/// over a cluster's CTAs as `cgaBases` (a layout's CGA bases) split it.
gpu::NVMMASharedEncodingAttr
tmaDefaultEncoding(RankedTensorType block, ArrayRef<int32_t> cgaBases = {});

/// The layout of `desc`'s block in shared memory: its encoding, or the
/// default when it has none; failure for an encoding TMA does not write.
FailureOr<gpu::NVMMASharedEncodingAttr> tmaEncoding(TensorDescType desc);
/// tmaEncoding, with the failure diagnosed at `op`, which copies through
/// `desc` or makes it.
FailureOr<gpu::NVMMASharedEncodingAttr> tmaEncoding(TensorDescType desc,
                                                    Operation *op);

/// `enc` for a buffer of `rank` dimensions: a rank-reduced TMA copy's buffer
/// drops the block's leading unit dimensions, which changes an NVMMA layout
/// in its rank (a cluster's CTA bases lose the dropped dimensions' entries).
/// Null when a CTA basis splits a dropped dimension, or `rank` is larger.
gpu::NVMMASharedEncodingAttr
tmaEncodingForRank(gpu::NVMMASharedEncodingAttr enc, unsigned rank);

/// The shared buffer through which `op` copies `value` by TMA through
/// `desc`: the descriptor's block, or that block without leading unit
/// dimensions (a rank-reduced copy), laid out as tmaEncoding says. Failure,
/// diagnosed at `op`, for a value of another shape or a layout TMA does
/// not use.
FailureOr<gpu::MemDescType> tmaBufferType(Operation *op, TensorDescType desc,
                                          RankedTensorType value,
                                          bool mutableMemory);

/// Pipelines the TMA stores of `loop` (an scf.for), as upstream's pipeliner
/// does: each tt.descriptor_store of its body (directly or in scf.if
/// regions) writes into a buffer allocated once before the loop (one per
/// buffer type, which stores of that type share), and leaves its TMA copy
/// in flight; the next store waits for it before rewriting the buffer, the
/// loop is followed by a wait for the last. (A persistent kernel's store of a
/// tile then runs under the next tile's loads and dots.) Failure, diagnosed,
/// for a store TMA cannot do.
LogicalResult pipelineTMAStores(Operation *loop);
} // namespace mlir::triton::nvidia_gpu

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

namespace mlir::triton::nvidia_gpu {

/// `type` as a view of mutable memory (a slot that copies refill).
gpu::MemDescType asMutable(gpu::MemDescType type);

/// One mbarrier of an array of them (a view of its 1 x i64).
gpu::MemDescType barrierSlotType(MLIRContext *ctx);

/// The mbarrier at `index` (i32) of the array `barriers`.
Value barrierAt(OpBuilder &b, Location loc, Value barriers, Value index);

/// An array of `count` mbarriers in shared memory, each initialized to
/// expect `arrivals` arrivals.
Value allocateBarriers(OpBuilder &b, Location loc, int count, int arrivals);

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
