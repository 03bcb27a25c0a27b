//===- TMAToLLVM.cpp - TMA copies in PTX ----------------------------------===//
//
// ttng's TMA ops: bulk tensor copies between global memory, described by a
// tensor map (a !tt.tensordesc is the address of its 128-byte CUtensorMap),
// and a shared buffer laid out as `#ttg.nvmma_shared`. A tensor map's box
// is at most 256 elements along each dimension and, with a swizzle, at most
// the swizzle's width along the contiguous one: a larger block takes several
// copies (the box the tensor map is encoded with, tmaBlockShape), each to
// the shared offset of its first element. The CTA's first thread issues
// them.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

SmallVector<int64_t>
mlir::triton::gpu::tmaBlockShape(ArrayRef<int64_t> shape,
                                 NVMMASharedEncodingAttr enc) {
  SmallVector<int64_t> box(shape.begin(), shape.end());
  for (int64_t &d : box)
    d = std::min<int64_t>(d, 256);
  if (!box.empty() && enc.getSwizzlingByteWidth() != 0) {
    int64_t contiguous =
        enc.getSwizzlingByteWidth() * 8 / enc.getElementBitWidth();
    box.back() = std::min(box.back(), contiguous);
  }
  return box;
}

namespace {

/// The copies of one block: for each, its box's first coordinates (relative
/// to the block) and the byte offset of that element in the shared buffer.
struct TmaCopies {
  SmallVector<int64_t> box;
  SmallVector<std::pair<SmallVector<int64_t>, int64_t>> copies;
};

FailureOr<TmaCopies> planTmaCopies(Operation *op, MemDescType memType) {
  auto enc = dyn_cast<NVMMASharedEncodingAttr>(memType.getEncoding());
  if (!enc)
    return op->emitError("a TMA copy needs a #ttg.nvmma_shared buffer, not ")
           << memType.getEncoding();
  if (enc.getTransposed())
    return op->emitError("TMA copies of a transposed #ttg.nvmma_shared "
                         "buffer are not supported");
  if (enc.getFp4Padded())
    return op->emitError("TMA copies of fp4-padded buffers are not supported");
  ArrayRef<int64_t> shape = memType.getShape();
  std::optional<LinearLayout> layout = toLinearLayout(shape, enc);
  if (!layout)
    return op->emitError("cannot lay out ") << memType;
  MLIRContext *ctx = op->getContext();
  StringAttr offsetDim = StringAttr::get(ctx, "offset");
  auto outs = llvm::to_vector(layout->getOutDimNames());
  std::optional<LinearLayout> toOffset =
      layout->sublayout({offsetDim}, outs).invert();
  if (!toOffset)
    return op->emitError("shared layout is not a bijection onto the buffer");
  TmaCopies plan;
  plan.box = tmaBlockShape(shape, enc);
  unsigned bytes = std::max(1u, enc.getElementBitWidth() / 8);
  SmallVector<int64_t> counts;
  int64_t total = 1;
  for (auto [d, b] : llvm::zip(shape, plan.box)) {
    counts.push_back(d / b);
    total *= d / b;
  }
  for (int64_t i = 0; i < total; ++i) {
    SmallVector<int64_t> start(shape.size());
    int64_t rest = i;
    for (int d = shape.size() - 1; d >= 0; --d) {
      start[d] = (rest % counts[d]) * plan.box[d];
      rest /= counts[d];
    }
    SmallVector<std::pair<StringAttr, int32_t>> ins;
    for (auto [name, c] : llvm::zip(outs, start))
      ins.push_back({name, int32_t(c)});
    int64_t offset = toOffset->apply(ins)[0].second;
    plan.copies.push_back({start, offset * bytes});
  }
  return plan;
}

/// "{$a, $b, ...}": the coordinates innermost first, as a tensor map
/// numbers its dimensions, operands `first` on.
std::string coordList(int rank, int first) {
  std::string s = "{";
  for (int i = 0; i < rank; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + "}";
}

/// The coordinates of one copy, innermost first.
SmallVector<Value> copyCoords(ConversionPatternRewriter &rewriter,
                              Location loc, ValueRange coord,
                              ArrayRef<int64_t> start) {
  SmallVector<Value> out;
  for (int d = coord.size() - 1; d >= 0; --d)
    out.push_back(start[d] ? LLVM::AddOp::create(
                                 rewriter, loc, coord[d],
                                 i32Const(rewriter, loc, start[d]))
                                 .getResult()
                           : coord[d]);
  return out;
}

struct AsyncTMACopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMACopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto memType = cast<MemDescType>(op.getResult().getType());
    FailureOr<TmaCopies> plan = planTmaCopies(op, memType);
    if (failed(plan))
      return failure();
    int rank = op.getCoord().size();
    if (rank < 1 || rank > 5 || rank != int(memType.getRank()))
      return op.emitError("a TMA copy takes 1 to 5 coordinates, one per "
                          "dimension of the buffer");
    Value pred = LLVM::AndOp::create(rewriter, loc, adaptor.getPred(),
                                     isFirstThread(rewriter, loc));
    Value barrier = sharedAddress32(rewriter, loc, adaptor.getBarrier());
    std::string text =
        "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
        "d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, " +
        coordList(rank, 4) + "], [$3];";
    std::string constraints = "b,r,l,r";
    for (int i = 0; i < rank; ++i)
      constraints += ",r";
    for (auto &[start, offset] : plan->copies) {
      SmallVector<Value> operands{
          pred, sharedAddress32(rewriter, loc, adaptor.getResult(), offset),
          adaptor.getDesc(), barrier};
      llvm::append_range(operands,
                         copyCoords(rewriter, loc, adaptor.getCoord(), start));
      inlinePtx(rewriter, loc, text, constraints, operands, {});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Copies (or, with `reduceKind`, reduces) the buffer into global memory, one
/// bulk group per op.
LogicalResult lowerTmaStore(Operation *op, ConversionPatternRewriter &rewriter,
                            Value desc, ValueRange coord, Value src,
                            MemDescType memType,
                            std::optional<DescriptorReduceKind> reduceKind) {
  Location loc = op->getLoc();
  FailureOr<TmaCopies> plan = planTmaCopies(op, memType);
  if (failed(plan))
    return failure();
  int rank = coord.size();
  if (rank < 1 || rank > 5 || rank != int(memType.getRank()))
    return op->emitError("a TMA copy takes 1 to 5 coordinates, one per "
                         "dimension of the buffer");
  std::string instr = "cp.async.bulk.tensor.";
  if (reduceKind) {
    std::string kind = stringifyDescriptorReduceKind(*reduceKind).str();
    instr = "cp.reduce.async.bulk.tensor.";
    instr += std::to_string(rank) + "d.global.shared::cta." + kind +
             ".tile.bulk_group";
  } else {
    instr += std::to_string(rank) + "d.global.shared::cta.bulk_group";
  }
  std::string text =
      "@$0 " + instr + " [$1, " + coordList(rank, 3) + "], [$2];";
  std::string constraints = "b,l,r";
  for (int i = 0; i < rank; ++i)
    constraints += ",r";
  Value pred = isFirstThread(rewriter, loc);
  for (auto &[start, offset] : plan->copies) {
    SmallVector<Value> operands{pred, desc,
                                sharedAddress32(rewriter, loc, src, offset)};
    llvm::append_range(operands, copyCoords(rewriter, loc, coord, start));
    inlinePtx(rewriter, loc, text, constraints, operands, {});
  }
  inlinePtx(rewriter, loc, "@$0 cp.async.bulk.commit_group;", "b", {pred}, {});
  rewriter.eraseOp(op);
  return success();
}

struct AsyncTMACopyLocalToGlobalOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMACopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerTmaStore(op, rewriter, adaptor.getDesc(), adaptor.getCoord(),
                         adaptor.getSrc(),
                         cast<MemDescType>(op.getSrc().getType()),
                         std::nullopt);
  }
};

struct AsyncTMAReduceOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMAReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMAReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerTmaStore(op, rewriter, adaptor.getDesc(), adaptor.getCoord(),
                         adaptor.getSrc(),
                         cast<MemDescType>(op.getSrc().getType()),
                         op.getKind());
  }
};

/// The issuing thread waits until at most `pendings` bulk groups still read
/// shared memory; then the CTA's threads may write those buffers again.
struct AsyncTMAStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    inlinePtx(rewriter, loc,
              "cp.async.bulk.wait_group.read " +
                  std::to_string(op.getPendings()) + ";",
              "", {}, {});
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateTMAToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AsyncTMACopyGlobalToLocalOpConversion,
               AsyncTMACopyLocalToGlobalOpConversion,
               AsyncTMAReduceOpConversion, AsyncTMAStoreWaitOpConversion>(
      converter);
}
