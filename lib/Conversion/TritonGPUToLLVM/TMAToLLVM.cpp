//===- TMAToLLVM.cpp - TMA copies in PTX ----------------------------------===//
//
// ttng's TMA ops: bulk tensor copies between global memory, described by a
// tensor map (a !tt.tensordesc is the address of its 128-byte CUtensorMap),
// and a shared buffer laid out as `#ttg.nvmma_shared`. A tensor map's box
// is at most 256 elements along each dimension and, with a swizzle, at most
// the swizzle's width along the contiguous one: a larger block takes several
// copies (the box the tensor map is encoded with, tmaBlockShape), each to
// the shared offset of its first element. Lane 0 of warp k (mod the
// warps) issues copy k, so the copies of a block go out of several warps at
// once, as upstream spreads them.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// The copies of one block: for each, its box's first coordinates (relative
/// to the CTA's part of the block) and the byte offset of that element in
/// the shared buffer. In a cluster whose CTAs split the block, `ctaStarts`
/// maps the CTA's rank (`block`) to where its part starts in the buffer's
/// dimensions (the block's last ones, after `dropped` unit dimensions); none
/// when every CTA copies the whole block.
struct TmaCopies {
  SmallVector<int64_t> box;
  SmallVector<std::pair<SmallVector<int64_t>, int64_t>> copies;
  std::optional<LinearLayout> ctaStarts;
  unsigned dropped = 0;
};

/// Plans the copies of the block of `desc` into (or out of) a buffer of
/// `memType`: the block itself, or (a rank-reduced copy) the block without
/// its leading unit dimensions; in a cluster, each CTA's part of it.
FailureOr<TmaCopies> planTmaCopies(Operation *op, Value desc,
                                   MemDescType memType) {
  auto enc = dyn_cast_or_null<NVMMASharedEncodingAttr>(memType.getEncoding());
  if (!enc)
    return op->emitError("a TMA copy needs a #ttg.nvmma_shared buffer, not ")
           << memType.getEncoding();
  // A vector has no other way to be stored (upstream marks it transposed).
  if (enc.getTransposed() && memType.getRank() > 1)
    return op->emitError("TMA copies of a transposed #ttg.nvmma_shared "
                         "buffer are not supported");
  if (enc.getFp4Padded())
    return op->emitError("TMA copies of fp4-padded buffers are not supported");
  ArrayRef<int64_t> shape = memType.getShape();
  ArrayRef<int64_t> blockShape =
      cast<TensorDescType>(desc.getType()).getBlockType().getShape();
  size_t dropped = blockShape.size() - shape.size();
  if (blockShape.size() < shape.size() ||
      blockShape.drop_front(dropped) != shape ||
      llvm::any_of(blockShape.take_front(dropped),
                   [](int64_t d) { return d != 1; }))
    return op->emitError("the buffer of a TMA copy holds the descriptor's "
                         "block (or the block without leading unit "
                         "dimensions), not ")
           << memType;
  MLIRContext *ctx = op->getContext();
  StringAttr offsetDim = StringAttr::get(ctx, "offset");
  StringAttr blockDim = StringAttr::get(ctx, "block");
  TmaCopies plan;
  plan.dropped = dropped;
  // Where each CTA's part starts, and the layout of a part.
  SmallVector<int64_t> ctaShape = tmaCtaShape(shape, enc);
  NVMMASharedEncodingAttr ctaEnc = enc;
  if (!enc.getCgaBases().empty()) {
    std::optional<LinearLayout> full = toLinearLayout(shape, enc);
    if (!full)
      return op->emitError("cannot lay out ") << memType;
    auto outs = llvm::to_vector(full->getOutDimNames());
    LinearLayout starts = full->sublayout({blockDim}, outs);
    // CTAs that all hold the whole block copy it alike.
    bool split = false;
    for (int i = 0; i < starts.getInDimSizeLog2(blockDim); ++i)
      for (StringAttr out : outs)
        split |= starts.getBasis(blockDim, i, out) != 0;
    if (split)
      plan.ctaStarts = std::move(starts);
    ctaEnc = NVMMASharedEncodingAttr::get(
        ctx, enc.getSwizzlingByteWidth(), enc.getTransposed(),
        enc.getElementBitWidth(), enc.getFp4Padded(), enc.getRank(),
        /*cgaBases=*/{});
  }
  std::optional<LinearLayout> layout = toLinearLayout(ctaShape, ctaEnc);
  if (!layout)
    return op->emitError("cannot lay out ") << memType;
  auto outs = llvm::to_vector(layout->getOutDimNames());
  std::optional<LinearLayout> toOffset =
      layout->sublayout({offsetDim}, outs).invert();
  if (!toOffset)
    return op->emitError("shared layout is not a bijection onto the buffer");
  SmallVector<int64_t> ctaBlock = tmaCtaShape(blockShape, enc);
  plan.box = tmaBlockShape(blockShape, enc);
  unsigned bytes = std::max(1u, enc.getElementBitWidth() / 8);
  SmallVector<int64_t> counts;
  int64_t total = 1;
  for (auto [d, b] : llvm::zip(ctaBlock, plan.box)) {
    counts.push_back(d / b);
    total *= d / b;
  }
  for (int64_t i = 0; i < total; ++i) {
    SmallVector<int64_t> start(ctaBlock.size());
    int64_t rest = i;
    for (int d = ctaBlock.size() - 1; d >= 0; --d) {
      start[d] = (rest % counts[d]) * plan.box[d];
      rest /= counts[d];
    }
    SmallVector<std::pair<StringAttr, int32_t>> ins;
    for (auto [name, c] : llvm::zip(outs, ArrayRef(start).drop_front(dropped)))
      ins.push_back({name, int32_t(c)});
    int64_t offset = toOffset->apply(ins)[0].second;
    // TMA swizzles by the shared address (a pattern every 8 rows of the
    // swizzle's width): each box must start where the layout's pattern does.
    int64_t period = int64_t(enc.getSwizzlingByteWidth()) * 8;
    if (period && (offset * bytes) % period != 0)
      return op->emitError("the boxes of this TMA copy do not start at a "
                           "swizzle period (")
             << period << " bytes) of " << memType
             << ": swizzle a block of 8 rows or more only";
    plan.copies.push_back({start, offset * bytes});
  }
  return plan;
}

/// The coordinates of the CTA's part of the block, relative to the block's,
/// outermost first; null where its part starts at the block's start.
SmallVector<Value> ctaPartStart(ConversionPatternRewriter &rewriter,
                                Location loc, const TmaCopies &plan,
                                unsigned rank) {
  SmallVector<Value> start(rank);
  if (!plan.ctaStarts)
    return start;
  const LinearLayout &starts = *plan.ctaStarts;
  StringAttr blockDim = StringAttr::get(rewriter.getContext(), "block");
  Value ctaRank =
      NVVM::BlockInClusterIdXOp::create(rewriter, loc, rewriter.getI32Type());
  SmallVector<Value> coords =
      applyLinearLayout(rewriter, loc, starts, {{blockDim, ctaRank}});
  for (auto [j, out] : llvm::enumerate(starts.getOutDimNames()))
    for (int i = 0; i < starts.getInDimSizeLog2(blockDim); ++i)
      if (starts.getBasis(blockDim, i, out) != 0)
        start[plan.dropped + j] = coords[j];
  return start;
}

/// Whether this thread issues copy `k` of a block: lane 0 of warp k modulo
/// the warps of `op`'s function (or partition).
Value issuesCopy(ConversionPatternRewriter &rewriter, Location loc,
                 Operation *op, int64_t k) {
  HardwareIds ids = getHardwareIds(rewriter, loc, getThreadsPerWarp(op),
                                   getNumCTAs(op));
  // One lane of the warp, as upstream elects it.
  Value lane0 = NVVM::ElectSyncOp::create(rewriter, loc, rewriter.getI1Type(),
                                          Value());
  Value warp = LLVM::ICmpOp::create(
      rewriter, loc, LLVM::ICmpPredicate::eq, ids.warp,
      i32Const(rewriter, loc, k % std::max(1, getNumWarps(op))));
  return LLVM::AndOp::create(rewriter, loc, lane0, warp);
}

/// "{$a, $b, ...}": the coordinates innermost first, as a tensor map
/// numbers its dimensions, operands `first` on.
std::string coordList(int rank, int first) {
  std::string s = "{";
  for (int i = 0; i < rank; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + "}";
}

/// The coordinates of one copy, innermost first: the block's, plus where
/// the CTA's part starts (`part`, null entries for 0), plus the box's
/// `start` within it.
SmallVector<Value> copyCoords(ConversionPatternRewriter &rewriter, Location loc,
                              ValueRange coord, ArrayRef<Value> part,
                              ArrayRef<int64_t> start) {
  SmallVector<Value> out;
  for (int d = coord.size() - 1; d >= 0; --d) {
    Value c = coord[d];
    if (part[d])
      c = LLVM::AddOp::create(rewriter, loc, c, part[d]);
    if (start[d])
      c = LLVM::AddOp::create(rewriter, loc, c,
                              i32Const(rewriter, loc, start[d]));
    out.push_back(c);
  }
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
    FailureOr<TmaCopies> plan = planTmaCopies(op, op.getDesc(), memType);
    if (failed(plan))
      return failure();
    int rank = op.getCoord().size();
    if (rank < 1 || rank > 5 || rank != int(plan->box.size()))
      return op.emitError("a TMA copy takes 1 to 5 coordinates, one per "
                          "dimension of the descriptor's block");
    // The buffer may still be read by other warps (a slot a pipeline
    // refills): the CTA syncs first, unless shared memory is idle.
    if (!op->hasAttr(kSharedIdleAttr))
      emitBarrier(rewriter, loc);
    Value barrier = sharedPointer(rewriter, loc, adaptor.getBarrier());
    std::string text =
        "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
        "d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, " +
        coordList(rank, 3) + "], [$" + std::to_string(3 + rank) + "];";
    std::string constraints = "b,r,l";
    for (int i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    SmallVector<Value> part = ctaPartStart(rewriter, loc, *plan, rank);
    for (auto [k, copy] : llvm::enumerate(plan->copies)) {
      auto &[start, offset] = copy;
      Value pred = LLVM::AndOp::create(rewriter, loc, adaptor.getPred(),
                                       issuesCopy(rewriter, loc, op, k));
      SmallVector<Value> operands{
          pred, sharedPointer(rewriter, loc, adaptor.getResult(), offset),
          adaptor.getDesc()};
      llvm::append_range(
          operands, copyCoords(rewriter, loc, adaptor.getCoord(), part, start));
      operands.push_back(barrier);
      inlinePtx(rewriter, loc, text, constraints, operands, {});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Copies (or, with `reduceKind`, reduces) the buffer into global memory, one
/// bulk group per op.
LogicalResult lowerTmaStore(Operation *op, ConversionPatternRewriter &rewriter,
                            Value descOperand, Value desc, ValueRange coord,
                            Value src, MemDescType memType,
                            std::optional<DescriptorReduceKind> reduceKind) {
  Location loc = op->getLoc();
  FailureOr<TmaCopies> plan = planTmaCopies(op, descOperand, memType);
  if (failed(plan))
    return failure();
  int rank = coord.size();
  if (rank < 1 || rank > 5 || rank != int(plan->box.size()))
    return op->emitError("a TMA copy takes 1 to 5 coordinates, one per "
                         "dimension of the descriptor's block");
  std::string instr = "cp.async.bulk.tensor.";
  if (reduceKind) {
    std::string kind = stringifyDescriptorReduceKind(*reduceKind).str();
    instr = "cp.reduce.async.bulk.tensor.";
    instr += std::to_string(rank) + "d.global.shared::cta." + kind +
             ".tile.bulk_group";
  } else {
    instr += std::to_string(rank) + "d.global.shared::cta.bulk_group";
  }
  std::string text = "@$0 " + instr + " [$1, " + coordList(rank, 2) + "], [$" +
                     std::to_string(2 + rank) + "];";
  std::string constraints = "b,l";
  for (int i = 0; i < rank; ++i)
    constraints += ",r";
  constraints += ",r";
  SmallVector<Value> part = ctaPartStart(rewriter, loc, *plan, rank);
  for (auto [k, copy] : llvm::enumerate(plan->copies)) {
    auto &[start, offset] = copy;
    Value pred = issuesCopy(rewriter, loc, op, k);
    SmallVector<Value> operands{pred, desc};
    llvm::append_range(operands, copyCoords(rewriter, loc, coord, part, start));
    operands.push_back(sharedPointer(rewriter, loc, src, offset));
    inlinePtx(rewriter, loc, text, constraints, operands, {});
  }
  // Each issuing thread's copies are its own bulk group (a group of none
  // elsewhere), which the wait of every thread then covers.
  NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
  rewriter.eraseOp(op);
  return success();
}

struct AsyncTMACopyLocalToGlobalOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMACopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerTmaStore(op, rewriter, op.getDesc(), adaptor.getDesc(),
                         adaptor.getCoord(), adaptor.getSrc(),
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
    return lowerTmaStore(op, rewriter, op.getDesc(), adaptor.getDesc(),
                         adaptor.getCoord(), adaptor.getSrc(),
                         cast<MemDescType>(op.getSrc().getType()),
                         op.getKind());
  }
};

/// Every thread waits until at most `pendings` of its bulk groups still read
/// shared memory (only the issuing threads' groups hold copies); then the
/// CTA's threads may write those buffers again.
struct AsyncTMAStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<AsyncTMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncTMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, op.getPendings(),
                                         rewriter.getUnitAttr());
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Writes a tensor map into global memory, as upstream does on the device:
/// the first warp zeroes a 128-byte shared scratch, the first thread sets
/// its fields (tensormap.replace), and the warp copies it to global memory
/// with a release fence of the tensormap proxy. The CTA then syncs, so that
/// every thread's acquire (tensormap_fenceproxy_acquire) comes after the
/// release, and the scratch is free again.
struct TensormapCreateOpConversion
    : public ConvertOpToLLVMPattern<TensormapCreateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value scratch = getSharedAddress(rewriter, loc, op);
    if (!scratch)
      return op.emitError("shared memory not planned for this op: run "
                          "allocate-shared-memory first");
    if (!op->hasAttr(kSharedIdleAttr))
      emitBarrier(rewriter, loc);
    Value tid = getThreadId(rewriter, loc);
    Value firstWarp =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, tid,
                             i32Const(rewriter, loc, 32));
    Value first = isFirstThread(rewriter, loc);
    Value scratch32 =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), scratch);
    Value word = LLVM::AddOp::create(
        rewriter, loc, scratch32,
        LLVM::ShlOp::create(rewriter, loc, tid, i32Const(rewriter, loc, 2)));
    inlinePtx(rewriter, loc, "@$1 st.shared.b32 [ $0 + 0 ], 0;", "r,b",
              {word, firstWarp}, {});
    inlinePtx(rewriter, loc, "bar.warp.sync -1;", "", {}, {});
    Value map =
        LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(), scratch32);
    auto replace = [&](StringRef field, StringRef bits,
                       std::optional<int> index, Value value) {
      // (Upstream's spelling of the operands, which its tests pin.)
      std::string text = "@$2 tensormap.replace.tile." + field.str() +
                         ".shared::cta.b1024." + bits.str() + " [ $0 + 0 ], ";
      if (index)
        text += llvm::formatv("{0:x}, ", *index).str();
      text += "$1;";
      inlinePtx(rewriter, loc, text, bits == "b64" ? "l,l,b" : "l,r,b",
                {map, value, first}, {});
    };
    auto replaceImm = [&](StringRef field, int value) {
      inlinePtx(rewriter, loc,
                "@$1 tensormap.replace.tile." + field.str() +
                    ".shared::cta.b1024.b32 [ $0 + 0 ], " +
                    llvm::formatv("{0:x}", value).str() + ";",
                "l,b", {map, first}, {});
    };
    Value base = LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                          adaptor.getGlobalAddress());
    replace("global_address", "b64", std::nullopt, base);
    int rank = op.getBoxDim().size();
    replaceImm("rank", rank - 1);
    for (auto [i, v] : llvm::enumerate(adaptor.getBoxDim()))
      replace("box_dim", "b32", i, v);
    for (auto [i, v] : llvm::enumerate(adaptor.getGlobalDim()))
      replace("global_dim", "b32", i, v);
    for (auto [i, v] : llvm::enumerate(adaptor.getGlobalStride()))
      replace("global_stride", "b64", i, v);
    for (auto [i, v] : llvm::enumerate(adaptor.getElementStride()))
      replace("element_stride", "b32", i, v);
    replaceImm("elemtype", op.getElemType());
    replaceImm("interleave_layout", op.getInterleaveLayout());
    replaceImm("swizzle_mode", op.getSwizzleMode());
    replaceImm("fill_mode", op.getFillMode());
    inlinePtx(rewriter, loc,
              "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
              "generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x80;",
              "l,l,b", {adaptor.getDescPtr(), map, firstWarp}, {});
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread acquires the tensor map its TMA copies may read.
struct TensormapFenceproxyAcquireOpConversion
    : public ConvertOpToLLVMPattern<TensormapFenceproxyAcquireOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Then, as upstream's lowering does, the thread's bulk copies so far
    // are a group of their own, which it waits to have read shared memory.
    inlinePtx(rewriter, op.getLoc(),
              "fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;\n"
              "\tcp.async.bulk.commit_group ;\n"
              "\tcp.async.bulk.wait_group.read 0 ;",
              "l", {adaptor.getDescPtr()}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

/// A descriptor is the generic address of its tensor map.
struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Value raw = adaptor.getRawDesc();
    if (raw.getType() != type)
      raw = LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), type, raw);
    rewriter.replaceOp(op, raw);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateTMAToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<AsyncTMACopyGlobalToLocalOpConversion,
           AsyncTMACopyLocalToGlobalOpConversion, AsyncTMAReduceOpConversion,
           AsyncTMAStoreWaitOpConversion, TensormapCreateOpConversion,
           TensormapFenceproxyAcquireOpConversion,
           ReinterpretTensorDescOpConversion>(converter);
}
