//===- Utility.h - helpers shared by the ttg passes ------------*- C++ -*-===//
//
// Small facts the ttg optimization passes share: which operand of a memory op
// is its address, the launch configuration an op runs under, how a layout
// splits a tensor over the CTAs of a cluster, and blocked layouts built for a
// shape the way upstream Triton builds them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <optional>

namespace mlir::triton {
class ModuleAxisInfoAnalysis;
} // namespace mlir::triton

namespace mlir::triton::gpu {

/// The pointer operand of a global memory access (tt.load, tt.store,
/// tt.atomic_rmw, tt.atomic_cas, ttg.async_copy_global_to_local), or null.
Value getMemAccessPtr(Operation *op);

/// The bit width of the elements a tensor of pointers points to (or of the
/// tensor's own elements); pointers count 64 bits.
unsigned getElementBitWidth(RankedTensorType type);

/// The warps `op` runs on: its warp_specialize partition's, or the nearest
/// enclosing "ttg.num-warps" (normally the module's). nullopt when none.
std::optional<int> maybeLookupNumWarps(Operation *op);

/// The module's "ttg.threads-per-warp", 32 when absent.
int lookupThreadsPerWarp(Operation *op);

/// The part of a tensor of `type` each CTA holds.
SmallVector<int64_t> getShapePerCTA(RankedTensorType type);

/// The blocked layout of `shape` with the given registers per thread and
/// order: lanes and then warps are spread over the dimensions from the
/// fastest one, each taking as many as it has blocks of registers (per CTA),
/// the slowest taking what is left. Upstream's BlockedEncodingAttr builder.
BlockedEncodingAttr
getBlockedEncoding(MLIRContext *ctx, ArrayRef<int64_t> shape,
                   ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
                   unsigned numWarps, unsigned threadsPerWarp,
                   ArrayRef<int32_t> cgaBases);

/// Dimensions from the most contiguous to the least (ties: the later
/// dimension first), as coalescing orders a layout.
SmallVector<unsigned> getOrderFromContiguity(ArrayRef<int64_t> contiguity);

/// The elements of the access `op` one thread can move in one vector along
/// `order[0]`: bounded by the pointer's alignment and contiguity, the tensor
/// size per CTA and 128 bits.
unsigned getNumElementsPerThread(Operation *op, ArrayRef<unsigned> order,
                                 ModuleAxisInfoAnalysis &axisInfo);

/// Replaces `op` by a copy whose tensor operands and results have `encoding`,
/// with ttg.convert_layout ops into it (before) and back (after). Shared
/// memory operands and the results of async copies keep their types.
Operation *convertDistributedOpEncoding(Attribute encoding, Operation *op);

//===----------------------------------------------------------------------===//
// Layout propagation
//===----------------------------------------------------------------------===//

/// The encoding of `op`'s results when its tensor operand has `encoding`
/// (slice for a reduction, parent for expand_dims, permuted for trans, ...),
/// or null when `op` does not carry layouts from operands to results.
Attribute inferDstEncoding(Operation *op, Attribute encoding);

/// The encoding `op`'s tensor operands need for its results to get
/// `encoding`, or null when there is none.
Attribute inferSrcEncoding(Operation *op, Attribute encoding);

/// Whether a global load or store touches at least as many elements as the
/// CTA has threads, so that its layout (picked for coalescing) should be kept
/// and the access not repeated in another layout. A tensor access must run
/// under a "ttg.num-warps" (maybeLookupNumWarps).
bool isExpensiveLoadOrStore(Operation *op);

/// Whether `op` can produce its result directly in `encoding` (a constant,
/// splat, make_range, histogram, conversion or shared-memory access), so
/// that a conversion of its result folds into it.
bool canFoldIntoConversion(Operation *op, Attribute encoding);

/// View ops: they relabel elements without moving data between threads.
bool isView(Operation *op);

/// The backward slice of the tensors `root` depends on, with the encoding
/// each would need for `root` to get `rootEncoding`: walks through the ops
/// whose operand encodings follow from their result's (inferSrcEncoding),
/// through scf.if results and scf.for iteration arguments, and stops at ops
/// that can produce any encoding (canFoldIntoConversion), at values already
/// in the wanted encoding, where `stopPropagation` says so, and at uses
/// `getExistingConversion` has a conversion for. Fails when a value would
/// need two encodings or an op's operand encodings cannot be inferred.
LogicalResult getConvertBackwardSlice(
    OpOperand &root, llvm::SetVector<Value> &slice, Attribute rootEncoding,
    DenseMap<Value, Attribute> &layout,
    std::function<bool(Operation *)> stopPropagation = nullptr,
    std::function<Value(OpOperand &, Attribute)> getExistingConversion =
        nullptr);

/// Creates, before `loop`, a copy of it with `newIterOperands` appended to
/// its iteration arguments, moving the body over (the new block arguments
/// are added; the yield is left for the caller to extend). The old loop's
/// results and their replacements are appended to `replacements`.
scf::ForOp replaceForOpWithNewSignature(
    OpBuilder &builder, scf::ForOp loop, ValueRange newIterOperands,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements);

/// As above, replacing the old results' uses right away.
scf::ForOp replaceForOpWithNewSignature(OpBuilder &builder, scf::ForOp loop,
                                        ValueRange newIterOperands);

/// Creates, before `ifOp`, a copy of it with `newResultTypes` appended to its
/// results, moving both branches over (their yields are left for the caller
/// to extend). The old results and their replacements are appended to
/// `replacements`.
scf::IfOp replaceIfOpWithNewSignature(
    OpBuilder &builder, scf::IfOp ifOp, TypeRange newResultTypes,
    SmallVectorImpl<std::tuple<Value, Value>> &replacements);

//===----------------------------------------------------------------------===//
// Conversions as linear layouts
//===----------------------------------------------------------------------===//

/// A layout conversion that only moves values between the registers of each
/// thread: every thread already holds the elements it needs.
bool cvtReordersRegisters(RankedTensorType srcType, RankedTensorType dstType);

/// A conversion that moves values only within each warp (registers and
/// lanes), trading at most one lane bit for a register bit each way, so
/// that a round of warp shuffles does it.
bool cvtNeedsWarpShuffle(RankedTensorType srcType, RankedTensorType dstType);

/// A conversion that has to go through shared memory.
bool cvtNeedsSharedMemory(RankedTensorType srcType, RankedTensorType dstType);

/// Makes the yields of the loop arguments nothing live needs yield the
/// argument itself, for the scf.for canonicalization to drop them: an
/// argument is live when its result is used, or when an op with effects (or
/// a live value) depends on it.
void eliminateDeadIterArgs(scf::ForOp forOp);

/// Whether the source of `convertOp` can be recomputed in the conversion's
/// layout from constants, ranges, splats and other ops that can be
/// duplicated: not when its slice holds a load or a dot, nor an op that
/// would become another conversion (a ttg.convert_layout or ttg.local_load).
bool canRematerializeConversion(ConvertLayoutOp convertOp);

/// Recomputes the sources of `convertOps` in their conversions' layouts and
/// replaces the conversions by them, whatever the cost (remove-layout-
/// conversions' backward rematerialization without its cost model); values
/// the slices share are recomputed once. A conversion whose source cannot
/// be recomputed (check canRematerializeConversion first) stays, and the
/// result is false.
bool rematerializeConversions(ArrayRef<ConvertLayoutOp> convertOps);

/// The number of distinct elements of a tensor of `type` each thread holds.
unsigned getUniqueElemsPerThread(RankedTensorType type);

/// The order in which a tensor's elements are best laid out in shared memory:
/// the tensor's register order (getOrder).
SmallVector<unsigned> getOrderForMemory(RankedTensorType type);

/// The swizzled shared layout a dot operand is best read from: none for
/// operands of FMA dots; for MMA operands, vectors along the contiguous
/// dimension as wide as one MMA tile's extent there, and enough phases to
/// spread the rows of a tile over the 32 banks.
SwizzledSharedEncodingAttr getDotOperandSharedEncoding(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shapePerCTA,
    ArrayRef<unsigned> order, ArrayRef<int32_t> cgaBases, unsigned bitWidth);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H
