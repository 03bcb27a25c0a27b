//===- CoalesceAsyncCopy.cpp - tritongpu-coalesce-async-copy --------------===//
//
// One cp.async moves a thread's registers that are consecutive both in the
// register file and in shared memory. The number of them is read off the
// composition of the source's register layout with the inverse of the
// destination's shared layout. Registers per thread beyond that along the
// fastest dimension would only split each thread's copy; handing them to
// other lanes instead keeps every lane's accesses as wide as they can be.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCEASYNCCOPY
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The blocked layout `copy` should have, or null when it already writes
/// whole runs of shared memory (or its layouts are not of the kinds read
/// here).
BlockedEncodingAttr clippedEncoding(AsyncCopyGlobalToLocalOp copy) {
  RankedTensorType srcType = copy.getSrc().getType();
  MemDescType dstType = copy.getResult().getType();
  // Only copies into swizzled layouts are clipped, as upstream's pass does
  // (an nvmma_shared buffer keeps the copy's layout).
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
  if (!blocked || !isa<SwizzledSharedEncodingAttr>(dstType.getEncoding()))
    return {};
  std::optional<LinearLayout> registers =
      toLinearLayout(srcType.getShape(), blocked);
  std::optional<LinearLayout> shared =
      toLinearLayout(dstType.getShape(), dstType.getEncoding());
  if (!registers || !shared)
    return {};
  std::optional<LinearLayout> toOffsets = registers->invertAndCompose(*shared);
  if (!toOffsets)
    return {};
  unsigned perCopy = toOffsets->getNumConsecutiveInOut();
  unsigned fastest = blocked.getOrder()[0];
  unsigned perThread = getContigPerThread(srcType)[fastest];
  if (perThread <= perCopy)
    return {};
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[fastest] = std::min(sizePerThread[fastest], perCopy);
  std::optional<int> numWarps = maybeLookupNumWarps(copy);
  if (!numWarps)
    return {};
  unsigned rank = srcType.getRank();
  return getBlockedEncoding(
      copy.getContext(), srcType.getShape(), sizePerThread, blocked.getOrder(),
      *numWarps, lookupThreadsPerWarp(copy), getCgaBases(blocked, rank));
}

struct CoalesceAsyncCopyPass
    : public triton::gpu::impl::TritonGPUCoalesceAsyncCopyBase<
          CoalesceAsyncCopyPass> {
  void runOnOperation() override {
    SmallVector<std::pair<AsyncCopyGlobalToLocalOp, BlockedEncodingAttr>>
        copies;
    getOperation().walk([&](AsyncCopyGlobalToLocalOp copy) {
      if (BlockedEncodingAttr encoding = clippedEncoding(copy))
        copies.push_back({copy, encoding});
    });
    for (auto [copy, encoding] : copies)
      convertDistributedOpEncoding(encoding, copy);
  }
};

} // namespace
