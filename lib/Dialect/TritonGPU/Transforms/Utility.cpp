//===- Utility.cpp - helpers shared by the ttg passes ---------------------===//

#include "Dialect/TritonGPU/Transforms/Utility.h"

#include "Analysis/AxisInfo.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

Value mlir::triton::gpu::getMemAccessPtr(Operation *op) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([](LoadOp op) { return op.getPtr(); })
      .Case([](StoreOp op) { return op.getPtr(); })
      .Case([](AtomicRMWOp op) { return op.getPtr(); })
      .Case([](AtomicCASOp op) { return op.getPtr(); })
      .Case([](AsyncCopyGlobalToLocalOp op) { return op.getSrc(); })
      .Default([](Operation *) { return Value(); });
}

unsigned mlir::triton::gpu::getElementBitWidth(RankedTensorType type) {
  Type element = type.getElementType();
  if (auto ptr = dyn_cast<PointerType>(element))
    element = ptr.getPointeeType();
  if (isa<PointerType>(element))
    return 64;
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 8;
}

std::optional<int> mlir::triton::gpu::maybeLookupNumWarps(Operation *op) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    Operation *parent = current->getParentOp();
    if (auto partitions =
            dyn_cast_if_present<WarpSpecializePartitionsOp>(parent)) {
      unsigned index = current->getParentRegion()->getRegionNumber();
      auto ws = cast<WarpSpecializeOp>(partitions->getParentOp());
      ArrayRef<int32_t> numWarps = ws.getPartitionNumWarps();
      if (index < numWarps.size())
        return numWarps[index];
    }
    if (auto attr = current->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      return attr.getInt();
  }
  return std::nullopt;
}

int mlir::triton::gpu::lookupThreadsPerWarp(Operation *op) {
  auto mod =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (mod)
    if (auto attr = mod->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
      return attr.getInt();
  return 32;
}

SmallVector<int32_t> mlir::triton::gpu::getCgaBases(Attribute encoding,
                                                    unsigned rank) {
  return TypeSwitch<Attribute, SmallVector<int32_t>>(encoding)
      .Case<BlockedEncodingAttr, NvidiaMmaEncodingAttr,
            SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr>(
          [](auto attr) { return SmallVector<int32_t>(attr.getCgaBases()); })
      .Case([](LinearEncodingAttr attr) {
        return SmallVector<int32_t>(attr.getBlockBases());
      })
      .Case([&](SliceEncodingAttr slice) {
        // The parent's bases without the sliced dimension.
        SmallVector<int32_t> parent = getCgaBases(slice.getParent(), rank + 1);
        SmallVector<int32_t> bases;
        for (size_t i = 0; i + rank + 1 <= parent.size(); i += rank + 1)
          for (unsigned d = 0; d <= rank; ++d)
            if (d != slice.getDim())
              bases.push_back(parent[i + d]);
        return bases;
      })
      .Case([&](DotOperandEncodingAttr dot) {
        return getCgaBases(dot.getParent(), rank);
      })
      .Default([](Attribute) { return SmallVector<int32_t>(); });
}

SmallVector<unsigned>
mlir::triton::gpu::getCTASplitNum(ArrayRef<int32_t> cgaBases, unsigned rank) {
  SmallVector<unsigned> splitNum(rank, 1);
  if (rank == 0)
    return splitNum;
  for (size_t i = 0; i + rank <= cgaBases.size(); i += rank)
    for (unsigned d = 0; d < rank; ++d)
      if (cgaBases[i + d] != 0)
        splitNum[d] *= 2;
  return splitNum;
}

SmallVector<int64_t> mlir::triton::gpu::getShapePerCTA(RankedTensorType type) {
  unsigned rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  if (!type.getEncoding())
    return shape;
  SmallVector<unsigned> split =
      getCTASplitNum(getCgaBases(type.getEncoding(), rank), rank);
  for (unsigned d = 0; d < rank; ++d)
    shape[d] = std::max<int64_t>(1, shape[d] / split[d]);
  return shape;
}

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> sizePerThread,
    ArrayRef<unsigned> order, unsigned numWarps, unsigned threadsPerWarp,
    ArrayRef<int32_t> cgaBases) {
  unsigned rank = sizePerThread.size();
  SmallVector<unsigned> split = getCTASplitNum(cgaBases, rank);
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned lanesLeft = threadsPerWarp, warpsLeft = numWarps;
  unsigned threadsLeft = threadsPerWarp * numWarps;
  for (unsigned dim : order.drop_back()) {
    int64_t perCTA = std::max<int64_t>(1, shape[dim] / split[dim]);
    unsigned blocks = std::max<int64_t>(1, perCTA / sizePerThread[dim]);
    unsigned threads = std::clamp(threadsLeft, 1u, blocks);
    lanes[dim] = std::clamp(threads, 1u, lanesLeft);
    warps[dim] = std::clamp(threads / lanes[dim], 1u, warpsLeft);
    lanesLeft /= lanes[dim];
    warpsLeft /= warps[dim];
    threadsLeft /= threads;
  }
  lanes[order.back()] = lanesLeft;
  warps[order.back()] = warpsLeft;
  return BlockedEncodingAttr::get(ctx, sizePerThread, lanes, warps, order,
                                  cgaBases);
}

SmallVector<unsigned>
mlir::triton::gpu::getOrderFromContiguity(ArrayRef<int64_t> contiguity) {
  SmallVector<unsigned> order(contiguity.size());
  std::iota(order.rbegin(), order.rend(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return contiguity[a] > contiguity[b];
  });
  return order;
}

unsigned mlir::triton::gpu::getNumElementsPerThread(
    Operation *op, ArrayRef<unsigned> order, ModuleAxisInfoAnalysis &axisInfo) {
  Value ptr = getMemAccessPtr(op);
  auto type = cast<RankedTensorType>(ptr.getType());
  SmallVector<int64_t> shapePerCTA = getShapePerCTA(type);
  AxisInfo *info = axisInfo.getAxisInfo(ptr);
  unsigned elemBits = getElementBitWidth(type);
  if (!info || info->getRank() != type.getRank())
    return 1;
  // Upstream keeps these in 32 bits: a divisibility of 2^62 (a known 0)
  // counts as 0 bytes, hence 1 element.
  unsigned elemBytes = std::max(elemBits / 8, 1u);
  unsigned divisibilityBytes =
      static_cast<unsigned>(info->getDivisibility(order[0]));
  unsigned maxMultiple = std::max(divisibilityBytes / elemBytes, 1u);
  unsigned maxContig = static_cast<unsigned>(
      std::min(info->getContiguity(order[0]), shapePerCTA[order[0]]));
  unsigned alignment = std::min(maxMultiple, maxContig);
  return std::min(alignment, std::max(128 / elemBits, 1u));
}

Operation *mlir::triton::gpu::convertDistributedOpEncoding(Attribute encoding,
                                                           Operation *op) {
  OpBuilder builder(op);
  auto withEncoding = [&](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                 encoding);
  };
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto tensor = dyn_cast<RankedTensorType>(operand.getType());
    if (tensor && !isSharedEncoding(tensor.getEncoding()))
      operand = ConvertLayoutOp::create(builder, op->getLoc(),
                                        withEncoding(tensor), operand);
    operands.push_back(operand);
  }
  Operation *newOp = builder.clone(*op);
  newOp->setOperands(operands);
  bool keepResults = isa<AsyncCopyGlobalToLocalOp>(op);
  for (OpResult result : newOp->getResults())
    if (!keepResults && isa<RankedTensorType>(result.getType()))
      result.setType(withEncoding(result.getType()));
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), newOp->getResults())) {
    Value replacement = newResult;
    if (newResult.getType() != oldResult.getType())
      replacement = ConvertLayoutOp::create(builder, op->getLoc(),
                                            oldResult.getType(), newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
  return newOp;
}
