//===- TMA.cpp - facts of TMA tensor maps
//----------------------------------===//
//
// What a tensor map encodes about a descriptor's block, shared by the TMA
// lowering (device-side tensor maps), the copies' PTX and the metadata the
// host's launcher encodes its tensor maps from.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Tools/ScfUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::triton::gpu;

SmallVector<int64_t>
mlir::triton::nvidia_gpu::tmaCtaShape(ArrayRef<int64_t> shape,
                                      NVMMASharedEncodingAttr enc) {
  return getShapePerCTA(enc.getCgaBases(), enc.getRank(), shape);
}

int64_t mlir::triton::nvidia_gpu::tmaCtaBytes(ArrayRef<int64_t> shape,
                                              NVMMASharedEncodingAttr enc) {
  int64_t n = 1;
  for (int64_t d : tmaCtaShape(shape, enc))
    n *= d;
  return n * std::max(1u, enc.getElementBitWidth() / 8);
}

SmallVector<int64_t>
mlir::triton::nvidia_gpu::tmaBlockShape(ArrayRef<int64_t> shape,
                                        NVMMASharedEncodingAttr enc) {
  SmallVector<int64_t> box = tmaCtaShape(shape, enc);
  for (int64_t &d : box)
    d = std::min<int64_t>(d, 256);
  if (!box.empty() && enc.getSwizzlingByteWidth() != 0) {
    int64_t contiguous =
        enc.getSwizzlingByteWidth() * 8 / enc.getElementBitWidth();
    box.back() = std::min(box.back(), contiguous);
  }
  return box;
}

std::optional<int> mlir::triton::nvidia_gpu::tmaElementType(Type type) {
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (auto fp = dyn_cast<FloatType>(type))
    return fp.getWidth() == 8 ? std::optional<int>(0) : std::nullopt;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return std::nullopt;
  switch (integer.getWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return integer.isSigned() ? 3 : 2;
  case 64:
    return integer.isSigned() ? 5 : 4;
  default:
    return std::nullopt;
  }
}

int mlir::triton::nvidia_gpu::tmaSwizzleMode(NVMMASharedEncodingAttr enc) {
  switch (enc.getSwizzlingByteWidth()) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}

NVMMASharedEncodingAttr
mlir::triton::nvidia_gpu::tmaDefaultEncoding(RankedTensorType block,
                                             ArrayRef<int32_t> cgaBases) {
  unsigned rank = block.getRank();
  SmallVector<unsigned> order;
  for (int d = rank - 1; d >= 0; --d)
    order.push_back(d);
  // The swizzle is chosen for the part of the block each CTA holds.
  return getNVMMASharedEncoding(
      block.getContext(), getShapePerCTA(cgaBases, rank, block.getShape()),
      order, block.getElementType(), cgaBases);
}

FailureOr<NVMMASharedEncodingAttr>
mlir::triton::nvidia_gpu::tmaEncoding(TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  if (!block.getEncoding())
    return tmaDefaultEncoding(block);
  if (auto nvmma =
          dyn_cast_or_null<NVMMASharedEncodingAttr>(block.getEncoding()))
    return nvmma;
  // An unswizzled row-major layout is what TMA writes without a swizzle.
  if (auto swizzled =
          dyn_cast_or_null<SwizzledSharedEncodingAttr>(block.getEncoding())) {
    unsigned rank = block.getRank();
    ArrayRef<unsigned> order = swizzled.getOrder();
    bool rowMajor = order.size() == rank;
    for (unsigned i = 0; rowMajor && i < rank; ++i)
      rowMajor = order[i] == rank - 1 - i;
    if (swizzled.getMaxPhase() == 1 && rowMajor)
      return NVMMASharedEncodingAttr::get(
          block.getContext(), /*swizzlingByteWidth=*/0, /*transposed=*/false,
          block.getElementTypeBitWidth(), /*fp4Padded=*/false, rank,
          swizzled.getCgaBases());
  }
  return failure();
}

FailureOr<NVMMASharedEncodingAttr>
mlir::triton::nvidia_gpu::tmaEncoding(TensorDescType desc, Operation *op) {
  FailureOr<NVMMASharedEncodingAttr> enc = tmaEncoding(desc);
  if (failed(enc))
    return op->emitError("a TMA copy needs a descriptor whose block is laid "
                         "out as #ttg.nvmma_shared (or unswizzled and "
                         "row-major), not ")
           << desc.getBlockType().getEncoding();
  return enc;
}

NVMMASharedEncodingAttr
mlir::triton::nvidia_gpu::tmaEncodingForRank(NVMMASharedEncodingAttr enc,
                                             unsigned rank) {
  unsigned from = enc.getRank();
  if (from == rank)
    return enc;
  if (rank > from)
    return {};
  // Each CTA basis loses its entries for the dropped dimensions, which no
  // CTA may split.
  SmallVector<int32_t> bases;
  ArrayRef<int32_t> old = enc.getCgaBases();
  for (size_t i = 0; i + from <= old.size(); i += from) {
    ArrayRef<int32_t> basis = old.slice(i, from);
    if (llvm::any_of(basis.take_front(from - rank),
                     [](int32_t c) { return c != 0; }))
      return {};
    llvm::append_range(bases, basis.drop_front(from - rank));
  }
  return NVMMASharedEncodingAttr::get(
      enc.getContext(), enc.getSwizzlingByteWidth(), enc.getTransposed(),
      enc.getElementBitWidth(), enc.getFp4Padded(), rank, bases);
}

FailureOr<MemDescType>
mlir::triton::nvidia_gpu::tmaBufferType(Operation *op, TensorDescType desc,
                                        RankedTensorType value,
                                        bool mutableMemory) {
  ArrayRef<int64_t> block = desc.getBlockType().getShape();
  ArrayRef<int64_t> shape = value.getShape();
  size_t dropped = block.size() - shape.size();
  if (block.size() < shape.size() || block.drop_front(dropped) != shape ||
      llvm::any_of(block.take_front(dropped), [](int64_t d) { return d != 1; }))
    return op->emitError("TMA copies move whole descriptor blocks: ")
           << value << " against the block " << desc.getBlockType();
  FailureOr<NVMMASharedEncodingAttr> enc = tmaEncoding(desc, op);
  if (failed(enc))
    return failure();
  NVMMASharedEncodingAttr ranked = tmaEncodingForRank(*enc, value.getRank());
  if (!ranked)
    return op->emitError("a rank-reduced TMA copy drops a dimension the "
                         "CTAs of the cluster split: ")
           << *enc;
  return MemDescType::get(value.getShape(), value.getElementType(), ranked,
                          SharedMemorySpaceAttr::get(value.getContext()),
                          mutableMemory);
}

LogicalResult mlir::triton::nvidia_gpu::lowerMakeTensorDescriptor(
    MakeTensorDescOp op, RewriterBase &rewriter, Value map) {
  Location loc = op.getLoc();
  TensorDescType desc = op.getType();
  RankedTensorType block = desc.getBlockType();
  FailureOr<NVMMASharedEncodingAttr> enc = tmaEncoding(desc, op);
  if (failed(enc))
    return failure();
  std::optional<int> elemType = tmaElementType(block.getElementType());
  unsigned bits = block.getElementTypeBitWidth();
  if (!elemType || bits % 8 != 0)
    return op.emitError("TMA tensor maps do not hold elements of type ")
           << block.getElementType();
  unsigned rank = block.getRank();
  if (rank < 1 || rank > 5)
    return op.emitError("TMA tensor maps have 1 to 5 dimensions, not ") << rank;
  rewriter.setInsertionPoint(op);
  // Constants the function already has are reused, as a folding rewrite
  // would (the function's entry block, before the op).
  llvm::SmallDenseMap<int64_t, Value> constants;
  if (auto func = op->getParentOfType<FunctionOpInterface>()) {
    Block &entry = func.getFunctionBody().front();
    for (Operation &candidate : entry) {
      if (&candidate == op.getOperation() || candidate.isAncestor(op))
        break;
      auto constant = dyn_cast<arith::ConstantIntOp>(&candidate);
      if (constant && constant.getType().isInteger(32))
        constants.try_emplace(constant.value(), constant.getResult());
    }
  }
  auto i32 = [&](int64_t v) {
    Value &c = constants[v];
    if (!c)
      c = arith::ConstantIntOp::create(rewriter, loc, v, 32);
    return c;
  };
  if (!map)
    map = GlobalScratchAllocOp::create(
        rewriter, loc, PointerType::get(rewriter.getI8Type(), 1),
        kTensorMapBytes, kTensorMapBytes);
  SmallVector<int64_t> boxShape = tmaBlockShape(block.getShape(), *enc);
  SmallVector<Value> box, globalDim, strides, elementStrides;
  for (int64_t d : llvm::reverse(boxShape))
    box.push_back(i32(d));
  for (Value d : llvm::reverse(op.getShape()))
    globalDim.push_back(d);
  // Strides in bytes (a byte's stride is its element stride).
  Value elemBytes;
  if (bits != 8)
    elemBytes = arith::ConstantIntOp::create(rewriter, loc, bits / 8, 64);
  for (int k = int(rank) - 2; k >= 0; --k)
    strides.push_back(elemBytes
                          ? arith::MulIOp::create(rewriter, loc,
                                                  op.getStrides()[k], elemBytes)
                                .getResult()
                          : op.getStrides()[k]);
  for (unsigned d = 0; d < rank; ++d)
    elementStrides.push_back(i32(1));
  int fill = op.getPadding() == PaddingOption::PAD_NAN ? 1 : 0;
  TensormapCreateOp::create(rewriter, loc, map, op.getBase(), box, globalDim,
                            strides, elementStrides, *elemType,
                            /*interleave_layout=*/0, tmaSwizzleMode(*enc),
                            fill);
  TensormapFenceproxyAcquireOp::create(rewriter, loc, map);
  rewriter.replaceOpWithNewOp<ReinterpretTensorDescOp>(op, desc, map);
  return success();
}

LogicalResult mlir::triton::nvidia_gpu::pipelineTMAStores(Operation *loop) {
  auto forOp = cast<scf::ForOp>(loop);
  SmallVector<DescriptorStoreOp> stores;
  forOp.getBody()->walk([&](DescriptorStoreOp store) {
    if (isInBodyThroughIfs(forOp, store))
      stores.push_back(store);
  });
  if (stores.empty())
    return success();
  OpBuilder b(loop);
  // Stores of one buffer type share it (each waits for the store before
  // anyway), as upstream's do: an epilogue split into subtiles takes one.
  llvm::MapVector<Type, Value> buffers;
  for (DescriptorStoreOp store : stores) {
    Location loc = store.getLoc();
    FailureOr<MemDescType> type =
        tmaBufferType(store, store.getDesc().getType(),
                      store.getSrc().getType(), /*mutableMemory=*/true);
    if (failed(type))
      return failure();
    Value &buffer = buffers[*type];
    if (!buffer) {
      b.setInsertionPoint(loop);
      buffer = LocalAllocOp::create(b, loc, *type, ValueRange{});
    }
    b.setInsertionPoint(store);
    AsyncTMAStoreWaitOp::create(b, loc, 0);
    LocalStoreOp::create(b, loc, store.getSrc(), buffer);
    FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
    AsyncTMACopyLocalToGlobalOp::create(b, loc, store.getDesc(),
                                        store.getIndices(), buffer);
    store.erase();
  }
  b.setInsertionPointAfter(loop);
  AsyncTMAStoreWaitOp::create(b, loop->getLoc(), 0);
  for (auto [type, buffer] : buffers)
    LocalDeallocOp::create(b, loop->getLoc(), buffer);
  return success();
}
