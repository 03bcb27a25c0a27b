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

/// The bases of the `block` (CTA) dimension of a distributed or shared
/// encoding, flattened rank by rank as BlockedEncodingAttr keeps them.
SmallVector<int32_t> getCgaBases(Attribute encoding, unsigned rank);

/// How many parts the CTAs of a cluster split each dimension into.
SmallVector<unsigned> getCTASplitNum(ArrayRef<int32_t> cgaBases, unsigned rank);

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

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_UTILITY_H
