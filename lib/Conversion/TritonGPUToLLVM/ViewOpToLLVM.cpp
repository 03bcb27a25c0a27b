//===- ViewOpToLLVM.cpp - shape ops, layout conversions, shared memory ----===//
//
// Ops that move values between a thread's registers (splat, broadcast,
// expand_dims, trans, reshape, join, split, cat, make_range), between threads
// (convert_layout: registers renamed, warp shuffles in up to two rounds, or
// shared memory) and
// between registers and shared-memory buffers (local_alloc, local_load,
// local_store and the memdesc views). Which register holds which element is
// read from the tensors' linear layouts.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"
#include "llvm/ADT/MapVector.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using CoordMap = llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)>;

/// For each register of `dst`, the register of `src` that holds the element
/// at `dstToSrc(coordinates in dst)`, provided the threads agree: every lane,
/// warp and block basis of `dst` maps to the same basis of `src`. nullopt
/// when they do not (the data would have to move between threads).
std::optional<SmallVector<int>> mapRegisters(const LinearLayout &src,
                                             const LinearLayout &dst,
                                             CoordMap dstToSrc) {
  MLIRContext *ctx = src.getOutDimNames().begin()->getContext();
  SmallVector<int32_t> origin =
      dstToSrc(SmallVector<int32_t>(dst.getNumOutDims(), 0));
  for (StringRef name : {"lane", "warp", "block"}) {
    StringAttr dim = StringAttr::get(ctx, name);
    int srcBits = src.hasInDim(dim) ? src.getInDimSizeLog2(dim) : 0;
    int dstBits = dst.hasInDim(dim) ? dst.getInDimSizeLog2(dim) : 0;
    if (srcBits != dstBits)
      return std::nullopt;
    for (int i = 0; i < dstBits; ++i) {
      // Bases map through the linear part of dstToSrc, which may add a
      // constant (split's half): f(b) ^ f(0).
      SmallVector<int32_t> mapped = dstToSrc(dst.getBasis(dim, i));
      for (auto [m, o] : llvm::zip(mapped, origin))
        m ^= o;
      if (ArrayRef<int32_t>(mapped) != src.getBasis(dim, i))
        return std::nullopt;
    }
  }
  StringAttr reg = StringAttr::get(ctx, "register");
  std::map<SmallVector<int32_t>, int> srcRegs;
  for (int r = src.getInDimSize(reg) - 1; r >= 0; --r)
    srcRegs[registerCoords(src, r)] = r;
  SmallVector<int> result;
  for (int r = 0; r < dst.getInDimSize(reg); ++r) {
    auto it = srcRegs.find(dstToSrc(registerCoords(dst, r)));
    if (it == srcRegs.end())
      return std::nullopt;
    result.push_back(it->second);
  }
  return result;
}

template <typename OpTy>
struct ViewPattern : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  Value pack(ConversionPatternRewriter &rewriter, Location loc,
             ValueRange values, Type type) const {
    return packLLElements(loc, this->getTypeConverter(), values, rewriter,
                          type);
  }

  /// Gathers `srcValues` into `dstType`'s registers through `dstToSrc`, or
  /// fails with a diagnostic.
  FailureOr<SmallVector<Value>> gather(Operation *op, RankedTensorType srcType,
                                       ArrayRef<Value> srcValues,
                                       RankedTensorType dstType,
                                       CoordMap dstToSrc) const {
    std::optional<LinearLayout> src = getLayout(srcType),
                                dst = getLayout(dstType);
    if (!src || !dst)
      return op->emitError("cannot lay out these tensors");
    std::optional<SmallVector<int>> regs = mapRegisters(*src, *dst, dstToSrc);
    if (!regs)
      return op->emitError("the result's layout does not keep each element "
                           "in the thread that holds it; insert a "
                           "ttg.convert_layout");
    SmallVector<Value> values;
    for (int r : *regs)
      values.push_back(srcValues[r]);
    return values;
  }
};

SmallVector<int32_t> identity(ArrayRef<int32_t> c) { return to_vector(c); }

struct SplatOpConversion : public ViewPattern<SplatOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> values(getNumRegisters(type), adaptor.getSrc());
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), values, type));
    return success();
  }
};

struct UnsplatOpConversion : public ViewPattern<UnsplatOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter)[0]);
    return success();
  }
};

struct MakeRangeOpConversion : public ViewPattern<MakeRangeOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<Value> values;
    // The start is added even when it is 0, as upstream does (LLVM folds
    // it; upstream's tests count the adds).
    Value start = i32Const(rewriter, loc, op.getStart());
    for (SmallVector<Value> &c : emitIndices(rewriter, loc, type))
      values.push_back(LLVM::AddOp::create(rewriter, loc, c[0], start));
    rewriter.replaceOp(op, pack(rewriter, loc, values, type));
    return success();
  }
};

struct BroadcastOpConversion : public ViewPattern<BroadcastOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    auto values = unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    auto result =
        gather(op, srcType, values, dstType, [&](ArrayRef<int32_t> c) {
          SmallVector<int32_t> s(c);
          for (auto [d, size] : llvm::enumerate(srcShape))
            if (size == 1)
              s[d] = 0;
          return s;
        });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), *result, dstType));
    return success();
  }
};

struct ExpandDimsOpConversion : public ViewPattern<ExpandDimsOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    unsigned axis = op.getAxis();
    auto values = unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    auto result =
        gather(op, srcType, values, dstType, [&](ArrayRef<int32_t> c) {
          SmallVector<int32_t> s(c);
          s.erase(s.begin() + axis);
          return s;
        });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), *result, dstType));
    return success();
  }
};

struct TransOpConversion : public ViewPattern<TransOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    ArrayRef<int32_t> order = op.getOrder();
    auto values = unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    auto result =
        gather(op, srcType, values, dstType, [&](ArrayRef<int32_t> c) {
          SmallVector<int32_t> s(c.size());
          for (auto [i, o] : llvm::enumerate(order))
            s[o] = c[i];
          return s;
        });
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), *result, dstType));
    return success();
  }
};

struct ReshapeOpConversion : public ViewPattern<ReshapeOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto values = unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter);
    std::optional<LinearLayout> src = getLayout(srcType),
                                dst = getLayout(dstType);
    if (!src || !dst)
      return op.emitError("cannot lay out these tensors");
    // The same elements in row-major order: view the source layout on the
    // result's shape.
    LinearLayout viewed = reshapeRowMajor(*src, dstType.getShape());
    std::optional<SmallVector<int>> regs = mapRegisters(viewed, *dst, identity);
    if (!regs) {
      if (op.getAllowReorder() && values.size() == getNumRegisters(dstType)) {
        // Any order will do: keep the registers as they are.
        rewriter.replaceOp(op, pack(rewriter, op.getLoc(), values, dstType));
        return success();
      }
      return op.emitError("the result's layout does not keep each element "
                          "in the thread that holds it; insert a "
                          "ttg.convert_layout");
    }
    SmallVector<Value> result;
    for (int r : *regs)
      result.push_back(values[r]);
    rewriter.replaceOp(op, pack(rewriter, op.getLoc(), result, dstType));
    return success();
  }
};

struct JoinOpConversion : public ViewPattern<JoinOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getLhs().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto lhs = unpackLLElements(loc, adaptor.getLhs(), rewriter);
    auto rhs = unpackLLElements(loc, adaptor.getRhs(), rewriter);
    std::optional<LinearLayout> src = getLayout(srcType),
                                dst = getLayout(dstType);
    if (!src || !dst)
      return op.emitError("cannot lay out these tensors");
    unsigned rank = dstType.getRank();
    // Registers of the result with last coordinate 0 come from lhs, 1 from
    // rhs; the rest of the coordinates index the operands.
    std::optional<SmallVector<int>> regs =
        mapRegisters(*src, *dst, [&](ArrayRef<int32_t> c) {
          return SmallVector<int32_t>(c.take_front(rank - 1));
        });
    if (!regs)
      return op.emitError("the result's layout does not keep each element "
                          "in the thread that holds it");
    SmallVector<Value> values;
    StringAttr reg = StringAttr::get(op.getContext(), "register");
    for (int r = 0; r < dst->getInDimSize(reg); ++r) {
      bool second = registerCoords(*dst, r)[rank - 1] != 0;
      values.push_back(second ? rhs[(*regs)[r]] : lhs[(*regs)[r]]);
    }
    rewriter.replaceOp(op, pack(rewriter, loc, values, dstType));
    return success();
  }
};

struct SplitOpConversion : public ViewPattern<SplitOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getOutLHS().getType());
    auto values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results;
    for (int32_t half : {0, 1}) {
      auto r = gather(op, srcType, values, dstType, [&](ArrayRef<int32_t> c) {
        SmallVector<int32_t> s(c);
        s.push_back(half);
        return s;
      });
      if (failed(r))
        return failure();
      results.push_back(pack(rewriter, loc, *r, dstType));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct CatOpConversion : public ViewPattern<CatOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // tt.cat may order the result's elements freely: the registers of lhs
    // then those of rhs.
    Location loc = op.getLoc();
    auto dstType = cast<RankedTensorType>(op.getType());
    auto values = unpackLLElements(loc, adaptor.getLhs(), rewriter);
    auto rhs = unpackLLElements(loc, adaptor.getRhs(), rewriter);
    values.append(rhs.begin(), rhs.end());
    if (values.size() != getNumRegisters(dstType))
      return op.emitError("the result's layout must hold the registers of "
                          "both operands");
    rewriter.replaceOp(op, pack(rewriter, loc, values, dstType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// convert_layout through shared memory
//===----------------------------------------------------------------------===//

/// The register of element `element` of the vector based at register
/// `base`: the element's bits spread over the vector's register bits.
static int vectorRegister(int base, ArrayRef<int> vecBits, int element) {
  for (auto [k, bit] : llvm::enumerate(vecBits))
    if (element >> k & 1)
      base |= 1 << bit;
  return base;
}

/// Whether `reg` is the base of a vector: none of its vector bits set.
static bool isVectorBase(int reg, ArrayRef<int> vecBits) {
  return llvm::none_of(vecBits, [&](int bit) { return reg >> bit & 1; });
}

struct ConvertLayoutOpConversion : public ViewPattern<ConvertLayoutOp> {
  using ViewPattern::ViewPattern;

  /// The destination registers of a conversion within warps: one shuffle
  /// each, of the source register the lane read offers (one of two, by a
  /// parity of the offering lane's id, when the plan says so), or one
  /// butterfly shuffle for a pair of registers the plan pairs.
  static SmallVector<Value> shuffleWithinWarps(ConvertLayoutOp op,
                                               const WarpShufflePlan &plan,
                                               ArrayRef<Value> values,
                                               OpBuilder &b) {
    Location loc = op.getLoc();
    Operation *anchor = op;
    Value lane =
        getHardwareIds(b, loc, getThreadsPerWarp(anchor), getNumCTAs(anchor))
            .lane;
    // The lane each lane reads, before the register's own XOR: the lane's
    // own bits where a bit reads itself, the others spread by multiplying.
    int32_t own = 0;
    for (auto [j, column] : llvm::enumerate(plan.laneColumns))
      if (column == 1 << j)
        own |= column;
    Value read = own == 31 ? lane
                 : own == 0
                     ? i32Const(b, loc, 0)
                     : LLVM::AndOp::create(b, loc, lane, i32Const(b, loc, own));
    for (auto [j, column] : llvm::enumerate(plan.laneColumns)) {
      if (column == 0 || column == 1 << j)
        continue;
      Value bit = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, lane, i32Const(b, loc, j)),
          i32Const(b, loc, 1));
      read = LLVM::XOrOp::create(
          b, loc, read,
          LLVM::MulOp::create(b, loc, bit, i32Const(b, loc, column)));
    }
    // Whether the parity of the lane's id under `mask` is odd.
    auto oddParity = [&](int32_t mask) -> Value {
      Value bits = LLVM::AndOp::create(b, loc, lane, i32Const(b, loc, mask));
      return LLVM::TruncOp::create(b, loc, b.getI1Type(),
                                   LLVM::CtPopOp::create(b, loc, bits));
    };
    Value offerOther;
    if (plan.offerParityMask != 0)
      offerOther = oddParity(plan.offerParityMask);
    auto offered = [&](int32_t r) {
      Value v = values[plan.offer[r]];
      if (offerOther)
        v = LLVM::SelectOp::create(b, loc, offerOther,
                                   values[plan.offer[r] ^ plan.offerXor], v);
      return v;
    };
    auto fromLane = [&](int32_t r) -> Value {
      return plan.readXor[r] == 0
                 ? read
                 : LLVM::XOrOp::create(b, loc, read,
                                       i32Const(b, loc, plan.readXor[r]));
    };
    auto eq = [&](Value x, Value y) {
      return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, x, y);
    };
    int numRegs = plan.readXor.size();
    int threadsPerWarp = getThreadsPerWarp(anchor);
    SmallVector<Value> result(numRegs);

    // Butterfly pairs. Pairs with the same reads and XOR make the same
    // choices, lane by lane: elements narrower than 32 bits of several of
    // them travel in one shuffle.
    Type elementType = values.empty() ? Type() : values.front().getType();
    unsigned bits = elementType && elementType.isIntOrFloat()
                        ? elementType.getIntOrFloatBitWidth()
                        : 32;
    unsigned perShuffle = bits == 8 || bits == 16 ? 32 / bits : 1;
    llvm::MapVector<std::tuple<int32_t, int32_t, int32_t>, SmallVector<int32_t>>
        pairGroups;
    for (int32_t r = 0; r < numRegs; ++r)
      if (int32_t s = plan.partner[r]; s > r)
        pairGroups[{plan.readXor[r], plan.readXor[s], plan.pairXor[r]}]
            .push_back(r);
    for (const auto &[key, firsts] : pairGroups) {
      // Lane p sends what lane p ^ m reads for the first register of a
      // pair when that lane does not read itself there: its lane read for
      // it is p's XOR the lane map of m.
      auto [readFirst, readSecond, m] = key;
      int32_t mapped = 0;
      for (auto [j, column] : llvm::enumerate(plan.laneColumns))
        if (m >> j & 1)
          mapped ^= column;
      Value fromFirst = fromLane(firsts.front());
      Value partnerRead = mapped == 0
                              ? fromFirst
                              : LLVM::XOrOp::create(b, loc, fromFirst,
                                                    i32Const(b, loc, mapped));
      Value partnerReadsSelf = eq(
          partnerRead, LLVM::XOrOp::create(b, loc, lane, i32Const(b, loc, m)));
      Value firstSelf = eq(fromFirst, lane);
      Value secondSelf = eq(fromLane(plan.partner[firsts.front()]), lane);
      for (size_t k = 0; k < firsts.size(); k += perShuffle) {
        auto chunk = ArrayRef<int32_t>(firsts).slice(
            k, std::min<size_t>(perShuffle, firsts.size() - k));
        SmallVector<Value> sends;
        for (int32_t r : chunk)
          sends.push_back(LLVM::SelectOp::create(
              b, loc, partnerReadsSelf, offered(plan.partner[r]), offered(r)));
        SmallVector<Value> received;
        if (chunk.size() == 1) {
          received.push_back(
              shuffleXor(b, loc, sends.front(), m, threadsPerWarp));
        } else {
          // Packed into one 32-bit word, element i at bits [i * bits, ...).
          Type iN = b.getIntegerType(bits), i32 = b.getI32Type();
          Value word = i32Const(b, loc, 0);
          for (auto [i, v] : llvm::enumerate(sends)) {
            Value asInt = v.getType() == iN ? v : bitcastTo(b, loc, v, iN);
            Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
            if (i != 0)
              wide =
                  LLVM::ShlOp::create(b, loc, wide, i32Const(b, loc, i * bits));
            word = LLVM::OrOp::create(b, loc, word, wide);
          }
          Value got = shuffleXor(b, loc, word, m, threadsPerWarp);
          for (size_t i = 0; i < sends.size(); ++i) {
            Value part = i == 0 ? got
                                : LLVM::LShrOp::create(
                                      b, loc, got, i32Const(b, loc, i * bits));
            Value narrow = LLVM::TruncOp::create(b, loc, iN, part);
            received.push_back(narrow.getType() == elementType
                                   ? narrow
                                   : bitcastTo(b, loc, narrow, elementType));
          }
        }
        for (auto [r, v] : llvm::zip(chunk, received)) {
          int32_t s = plan.partner[r];
          result[r] = LLVM::SelectOp::create(b, loc, firstSelf,
                                             values[plan.self[r]], v);
          result[s] = LLVM::SelectOp::create(b, loc, secondSelf,
                                             values[plan.self[s]], v);
        }
      }
    }

    // One shuffle per distinct (lane read, offer, own register): what each
    // sends first, then the shuffles, then the choices of lanes reading
    // themselves (upstream's order of the selects and shuffles).
    // shuffled[slot[r]]: the first register of register r's shuffle.
    DenseMap<std::tuple<int32_t, int32_t, int32_t>, int32_t> slotOf;
    SmallVector<int32_t> shuffled, slot(numRegs, -1);
    for (int32_t r = 0; r < numRegs; ++r) {
      if (result[r])
        continue;
      auto [it, added] = slotOf.try_emplace(
          {plan.readXor[r], plan.offer[r], plan.self[r]}, shuffled.size());
      if (added)
        shuffled.push_back(r);
      slot[r] = it->second;
    }
    SmallVector<Value> sends, froms, received;
    for (int32_t r : shuffled)
      sends.push_back(offered(r));
    for (auto [r, send] : llvm::zip(shuffled, sends)) {
      froms.push_back(fromLane(r));
      received.push_back(shuffleIdx(b, loc, send, froms.back(), threadsPerWarp));
    }
    // A lane reading itself keeps its own register.
    for (auto [i, r] : llvm::enumerate(shuffled))
      if (plan.self[r] != -1)
        received[i] = LLVM::SelectOp::create(b, loc, eq(froms[i], lane),
                                             values[plan.self[r]], received[i]);
    for (int32_t r = 0; r < numRegs; ++r)
      if (!result[r])
        result[r] = received[slot[r]];
    // Lanes of odd parity take the partner register's shuffle.
    if (plan.postParityMask != 0) {
      Value odd = oddParity(plan.postParityMask);
      SmallVector<Value> shuffled = result;
      for (int32_t r = 0; r < numRegs; ++r)
        result[r] = LLVM::SelectOp::create(
            b, loc, odd, shuffled[r ^ plan.postXor], shuffled[r]);
    }
    return result;
  }

  /// Runs the rounds of `shuffles` on `values`, packed two to a 32-bit
  /// word when it moves pairs.
  SmallVector<Value> shuffle(ConvertLayoutOp op,
                             const WarpShuffleConversion &shuffles,
                             ArrayRef<Value> values,
                             ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    SmallVector<Value> moved(values.begin(), values.end());
    if (!shuffles.pairs) {
      for (const WarpShuffleRound &round : shuffles.rounds)
        moved = shuffleWithinWarps(op, round.plan, moved, rewriter);
      return moved;
    }
    SmallVector<Value> words;
    for (size_t r = 0; r + 1 < values.size(); r += 2)
      words.push_back(packRegister(rewriter, loc, values.slice(r, 2)));
    for (const WarpShuffleRound &round : shuffles.rounds)
      words = shuffleWithinWarps(op, round.plan, words, rewriter);
    moved.clear();
    for (Value word : words)
      llvm::append_range(moved, unpackRegister(rewriter, loc, word,
                                               values.front().getType(), 2));
    return moved;
  }

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (conversionMovesOnlyRegisters(srcType, dstType)) {
      auto result = gather(op, srcType, values, dstType, identity);
      if (failed(result))
        return failure();
      rewriter.replaceOp(op, pack(rewriter, loc, *result, dstType));
      return success();
    }
    if (std::optional<WarpShuffleConversion> shuffles =
            planConversionShuffles(op)) {
      rewriter.replaceOp(op, pack(rewriter, loc,
                                  shuffle(op, *shuffles, values, rewriter),
                                  dstType));
      return success();
    }
    std::optional<LinearLayout> srcLayout = getLayout(srcType),
                                dstLayout = getLayout(dstType);
    if (!srcLayout || !dstLayout)
      return op.emitError("cannot lay out these tensors");
    // Each CTA converts through its own shared memory: the CTAs must hold
    // the same parts of the tensor before and after.
    if (!haveSameCtaParts(*srcLayout, *dstLayout))
      return op.emitError("this conversion moves elements between the "
                          "cluster's CTAs (their CTA layouts differ), which "
                          "needs distributed shared memory: not supported");
    Value base = getSharedAddress(rewriter, loc, op);
    if (!base)
      return op.emitError("no shared memory planned for this conversion");
    Type elt = getTypeConverter()->convertType(srcType.getElementType());
    Type memTy = memoryType(rewriter, elt);
    unsigned bytes = getElementBytes(srcType);
    ScratchPlan plan =
        planScratch(*srcLayout, *dstLayout, srcType.getShape(), bytes);
    MLIRContext *ctx = rewriter.getContext();
    StringAttr reg = StringAttr::get(ctx, "register");
    Operation *anchor = op;
    HardwareIds ids = getHardwareIds(rewriter, loc, getThreadsPerWarp(anchor),
                                     getNumCTAs(anchor));
    // One side of the round trip: the thread's offset (lane, warp and
    // block part); registerAddress adds the register's part.
    struct Side {
      const LinearLayout &offsets;
      Value thread;
    };
    auto makeSide = [&](const LinearLayout &offsets) {
      return Side{
          offsets,
          applyLinearLayout(rewriter, loc, offsets,
                            {{StringAttr::get(ctx, "lane"), ids.lane},
                             {StringAttr::get(ctx, "warp"), ids.warp},
                             {StringAttr::get(ctx, "block"), ids.block}})[0]};
    };
    auto address = [&](const Side &side, int r) {
      return registerAddress(rewriter, loc, base, side.thread, side.offsets, r,
                             bytes);
    };
    // Each access is a vector, of one element where it is one (upstream's
    // form).
    int srcVec = plan.srcVec, dstVec = plan.dstVec;
    // Words where a vector is 16 bytes, elements of their own width
    // otherwise, and a single element loaded as an integer (upstream's
    // types).
    auto inWords = [&](int vec) { return bytes * vec == 16; };
    Type loadTy = sharedVectorType(memTy, dstVec, inWords(dstVec));
    if (dstVec == 1 && memTy.isIntOrFloat())
      loadTy = rewriter.getIntegerType(memTy.getIntOrFloatBitWidth());
    // The round a register belongs to: its round bits.
    auto roundOf = [](int r, ArrayRef<int> roundBits) {
      int k = 0;
      for (auto [i, bit] : llvm::enumerate(roundBits))
        if (r >> bit & 1)
          k |= 1 << i;
      return k;
    };
    Side srcSide = makeSide(plan.srcOffsets);
    std::optional<Side> dstSide;
    if (!plan.ldmatrix)
      dstSide.emplace(makeSide(plan.dstOffsets));
    int numDst = dstLayout->getInDimSize(reg);
    SmallVector<Value> result(numDst);
    // Where each warp reads only what it wrote, its own lanes are all it
    // waits for within the conversion.
    bool warpSync = conversionStaysInWarps(*srcLayout, *dstLayout);
    auto sync = [&] {
      if (warpSync)
        NVVM::SyncWarpOp::create(rewriter, loc, i32Const(rewriter, loc, -1));
      else
        emitBarrier(rewriter, loc);
    };
    // Each round: wait for earlier readers of the scratch (other ops' of
    // the whole CTA first), write the round's elements, wait for every
    // writer, read.
    for (int round = 0; round < (1 << plan.srcRoundBits.size()); ++round) {
      if (round > 0)
        sync();
      else if (!op->hasAttr(kSharedIdleAttr))
        emitBarrier(rewriter, loc);
      for (int r = 0; r < (int)values.size(); ++r) {
        if (!isVectorBase(r, plan.srcVecBits) ||
            roundOf(r, plan.srcRoundBits) != round ||
            canonicalRegister(*srcLayout, reg, r) != r)
          continue;
        SmallVector<Value> elements;
        for (int i = 0; i < srcVec; ++i)
          elements.push_back(toMemory(
              rewriter, loc, values[vectorRegister(r, plan.srcVecBits, i)]));
        Value v = packSharedVector(rewriter, loc, elements, inWords(srcVec));
        LLVM::StoreOp::create(rewriter, loc, v, address(srcSide, r),
                              bytes * srcVec);
      }
      sync();
      auto loadsNow = [&](int r) {
        return roundOf(r, plan.dstRoundBits) == round &&
               canonicalRegister(*dstLayout, reg, r) == r;
      };
      if (plan.ldmatrix) {
        SmallVector<Value> loaded =
            emitLdMatrix(rewriter, loc, op, *plan.ldmatrix, plan.dstOffsets,
                         base, elt, loadsNow);
        for (int r = 0; r < numDst; ++r)
          if (loaded[r])
            result[r] = loaded[r];
        continue;
      }
      for (int r = 0; r < numDst; ++r) {
        if (!isVectorBase(r, plan.dstVecBits) || !loadsNow(r))
          continue;
        Value v = LLVM::LoadOp::create(rewriter, loc, loadTy,
                                       address(*dstSide, r), bytes * dstVec);
        SmallVector<Value> elements =
            unpackSharedVector(rewriter, loc, v, memTy, dstVec);
        for (int i = 0; i < dstVec; ++i)
          result[vectorRegister(r, plan.dstVecBits, i)] =
              fromMemory(rewriter, loc, elements[i], elt);
      }
    }
    for (int r = 0; r < numDst; ++r)
      if (!result[r])
        result[r] = result[canonicalRegister(*dstLayout, reg, r)];
    rewriter.replaceOp(op, pack(rewriter, loc, result, dstType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

/// The fields of a view's struct (address, then offsets), each extracted as
/// upstream does, however the struct was made.
SmallVector<Value> memDescFields(OpBuilder &b, Location loc,
                                 Value llvmStruct) {
  auto structTy = cast<LLVM::LLVMStructType>(llvmStruct.getType());
  SmallVector<Value> fields;
  for (auto [i, type] : llvm::enumerate(structTy.getBody()))
    fields.push_back(LLVM::ExtractValueOp::create(
        b, loc, type, llvmStruct, ArrayRef<int64_t>{(int64_t)i}));
  return fields;
}

/// The shared-memory address of `memdesc`'s struct.
Value memDescBase(OpBuilder &b, Location loc, Value llvmStruct) {
  return unpackLLElements(loc, llvmStruct, b)[0];
}

/// The struct of a view of `type` at `ptr`, with `offsets` (one per
/// dimension), zero where none are given.
Value makeMemDesc(OpBuilder &b, Location loc, const TypeConverter *converter,
                  Value ptr, Type type, ArrayRef<Value> offsets = {}) {
  auto structTy = cast<LLVM::LLVMStructType>(converter->convertType(type));
  size_t rank = structTy.getBody().size() - 1;
  SmallVector<Value> fields(offsets);
  if (fields.empty())
    fields.assign(rank, i32Const(b, loc, 0));
  Value s = LLVM::UndefOp::create(b, loc, structTy);
  s = LLVM::InsertValueOp::create(b, loc, s, ptr, ArrayRef<int64_t>{0});
  for (auto [i, offset] : llvm::enumerate(fields))
    s = LLVM::InsertValueOp::create(b, loc, s, offset,
                                    ArrayRef<int64_t>{int64_t(i) + 1});
  return s;
}

/// Writes a tensor's registers into a shared buffer, on a target of
/// `capability`.
LogicalResult storeTensorToShared(Operation *op, OpBuilder &b, Location loc,
                                  const TypeConverter *converter, Value base,
                                  MemDescType memType, RankedTensorType srcType,
                                  Value llvmSrc, int capability) {
  auto values = unpackLLElements(loc, llvmSrc, b);
  FailureOr<SharedAccess> access = planSharedAccess(op, srcType, memType);
  if (failed(access))
    return failure();
  unsigned bytes = getElementBytes(srcType);
  if (!op->hasAttr(kSharedIdleAttr))
    emitBarrier(b, loc);
  // stmatrix (sm_90) writes four 32-bit words a lane where the layout
  // writes narrower pieces of 16-bit elements (an MMA result, mostly), as
  // upstream's lowering does.
  if (capability >= 90 && access->vec * bytes < 16 &&
      srcType.getElementType().isIntOrFloat() &&
      srcType.getElementTypeBitWidth() == 16 && !values.empty() &&
      isa<IntegerType, FloatType>(values.front().getType())) {
    if (std::optional<LdMatrixPlan> plan = planLdMatrix(access->toOffset, 16)) {
      emitStMatrix(b, loc, op, *plan, access->toOffset, base, values);
      emitBarrier(b, loc);
      return success();
    }
  }
  Value thread = threadOffset(b, loc, op, access->toOffset);
  StringAttr reg = StringAttr::get(b.getContext(), "register");
  int vec = access->vec;
  for (int r = 0; r < (int)values.size(); r += vec) {
    // Registers repeating a lower one hold the same element.
    if (canonicalRegister(access->toOffset, reg, r) != r)
      continue;
    Value addr =
        registerAddress(b, loc, base, thread, access->toOffset, r, bytes);
    if (vec == 1) {
      LLVM::StoreOp::create(b, loc, toMemory(b, loc, values[r]), addr);
      continue;
    }
    Value v = packSharedVector(
        b, loc, ArrayRef<Value>(values).slice(r, vec));
    LLVM::StoreOp::create(b, loc, v, addr, /*alignment=*/vec * bytes);
  }
  emitBarrier(b, loc);
  return success();
}

/// A pattern that writes tensors into shared memory (with stmatrix from
/// sm_90 on).
template <typename OpTy> struct SharedStorePattern : public ViewPattern<OpTy> {
  SharedStorePattern(TritonGPUToLLVMTypeConverter &converter,
                     const TargetInfo &target)
      : ViewPattern<OpTy>(converter), capability(target.computeCapability) {}
  int capability;
};

struct LocalAllocOpConversion : public SharedStorePattern<LocalAllocOp> {
  using SharedStorePattern::SharedStorePattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType type = op.getType();
    if (!isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace()))
      return op.emitError("only shared-memory buffers can be lowered here");
    Value base = getSharedAddress(rewriter, loc, op);
    if (!base)
      return op.emitError("no shared memory planned for this buffer");
    if (op.getSrc()) {
      auto srcType = cast<RankedTensorType>(op.getSrc().getType());
      if (failed(storeTensorToShared(op, rewriter, loc, getTypeConverter(),
                                     base, type, srcType, adaptor.getSrc(),
                                     capability)))
        return failure();
    }
    rewriter.replaceOp(
        op, makeMemDesc(rewriter, loc, getTypeConverter(), base, type));
    return success();
  }
};

struct LocalStoreOpConversion : public SharedStorePattern<LocalStoreOp> {
  using SharedStorePattern::SharedStorePattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto memType = cast<MemDescType>(op.getDst().getType());
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    Value base = memDescBase(rewriter, loc, adaptor.getDst());
    if (failed(storeTensorToShared(op, rewriter, loc, getTypeConverter(), base,
                                   memType, srcType, adaptor.getSrc(),
                                   capability)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion : public ViewPattern<LocalLoadOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto memType = cast<MemDescType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Value base = memDescBase(rewriter, loc, adaptor.getSrc());
    FailureOr<SharedAccess> access = planSharedAccess(op, dstType, memType);
    if (failed(access))
      return failure();
    Type elt = getTypeConverter()->convertType(dstType.getElementType());
    unsigned bytes = getElementBytes(dstType);
    // ldmatrix moves four 32-bit words a lane where the layout reads
    // narrower pieces (the operands of mma.sync, mostly).
    if (access->vec * bytes < 16 && isa<IntegerType, FloatType>(elt)) {
      if (std::optional<LdMatrixPlan> plan =
              planLdMatrix(access->toOffset, elt.getIntOrFloatBitWidth())) {
        rewriter.replaceOp(
            op, pack(rewriter, loc,
                     emitLdMatrix(rewriter, loc, op, *plan, access->toOffset,
                                  base, elt),
                     dstType));
        return success();
      }
    }
    Value thread = threadOffset(rewriter, loc, op, access->toOffset);
    StringAttr reg = rewriter.getStringAttr("register");
    int n = access->toOffset.getInDimSize(reg), vec = access->vec;
    SmallVector<Value> values(n);
    for (int r = 0; r < n; r += vec) {
      if (canonicalRegister(access->toOffset, reg, r) != r)
        continue;
      Value addr = registerAddress(rewriter, loc, base, thread,
                                   access->toOffset, r, bytes);
      llvm::copy(loadSharedVector(rewriter, loc, addr, elt, vec, bytes),
                 values.begin() + r);
    }
    // Repeated registers copy the one they repeat.
    for (int r = 0; r < n; ++r)
      if (!values[r])
        values[r] = values[canonicalRegister(access->toOffset, reg, r)];
    rewriter.replaceOp(op, pack(rewriter, loc, values, dstType));
    return success();
  }
};

struct LocalDeallocOpConversion : public ViewPattern<LocalDeallocOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalBarrierOpConversion : public ViewPattern<LocalBarrierOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(LocalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `gpu.barrier`, which Triton's front end makes for tl.debug_barrier():
/// every thread of the CTA waits, and its shared-memory writes are seen (a
/// bar.sync, as upstream lowers it). Matched by name: nothing else of the gpu
/// dialect reaches this lowering.
struct GpuBarrierOpConversion : public ConversionPattern {
  GpuBarrierOpConversion(TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, "gpu.barrier", /*benefit=*/1, context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 0 || op->getNumResults() != 0)
      return rewriter.notifyMatchFailure(op, "a barrier takes no values");
    emitBarrier(rewriter, op->getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct MemDescIndexOpConversion : public ViewPattern<MemDescIndexOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemDescType type = op.getType();
    int64_t bytes = getSharedBytesPerCTA(type, type.getShape());
    // Counted in elements where they are whole bytes, as upstream does.
    Type elt = getTypeConverter()->convertType(type.getElementType());
    unsigned eltBits =
        elt && elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 0;
    bool inElements = eltBits >= 8 && eltBits % 8 == 0 &&
                      bytes % (eltBits / 8) == 0;
    Value offset = LLVM::MulOp::create(
        rewriter, loc, adaptor.getIndex(),
        i32Const(rewriter, loc, inElements ? bytes / (eltBits / 8) : bytes));
    SmallVector<Value> src = memDescFields(rewriter, loc, adaptor.getSrc());
    Value ptr =
        inElements
            ? LLVM::GEPOp::create(rewriter, loc, src[0].getType(), elt, src[0],
                                  offset)
                  .getResult()
            : gepBytes(rewriter, loc, src[0], offset);
    // The view keeps the offsets of the dimensions it keeps.
    SmallVector<Value> offsets(llvm::drop_begin(src, 2));
    rewriter.replaceOp(op, makeMemDesc(rewriter, loc, getTypeConverter(), ptr,
                                       type, offsets));
    return success();
  }
};

/// Views whose layout already describes the same bytes differently: the
/// same address, in a struct of the view's rank.
template <typename OpTy>
struct MemDescViewConversion : public ViewPattern<OpTy> {
  using ViewPattern<OpTy>::ViewPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> src = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> offsets;
    // A transposed view's offsets are the source's, permuted.
    if constexpr (std::is_same_v<OpTy, MemDescTransOp>)
      for (int32_t dim : op.getOrder())
        offsets.push_back(src[dim + 1]);
    rewriter.replaceOp(op, makeMemDesc(rewriter, loc, this->getTypeConverter(),
                                       src[0], op.getType(), offsets));
    return success();
  }
};

/// A view of the same bytes as another element type and shape: its address
/// is the source's (upstream's form: the source's offset added, zero for
/// ours, whose views fold into the address).
struct MemDescReinterpretOpConversion
    : public ViewPattern<MemDescReinterpretOp> {
  using ViewPattern::ViewPattern;
  LogicalResult
  matchAndRewrite(MemDescReinterpretOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = memDescBase(rewriter, loc, adaptor.getSrc());
    Type elt = getTypeConverter()->convertType(
        op.getSrc().getType().getElementType());
    if (!elt)
      return op.emitError("cannot lower the element type ")
             << op.getSrc().getType().getElementType();
    Value ptr = LLVM::GEPOp::create(rewriter, loc, base.getType(), elt, base,
                                    ValueRange{i32Const(rewriter, loc, 0)});
    rewriter.replaceOp(op, makeMemDesc(rewriter, loc, getTypeConverter(), ptr,
                                       op.getType()));
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateViewOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<SplatOpConversion, UnsplatOpConversion, MakeRangeOpConversion,
               BroadcastOpConversion, ExpandDimsOpConversion, TransOpConversion,
               ReshapeOpConversion, JoinOpConversion, SplitOpConversion,
               CatOpConversion, ConvertLayoutOpConversion>(converter);
}

void mlir::triton::gpu::populateMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion>(converter,
                                                               target);
  patterns.add<LocalLoadOpConversion, LocalDeallocOpConversion,
               LocalBarrierOpConversion, MemDescIndexOpConversion,
               MemDescViewConversion<MemDescTransOp>,
               MemDescViewConversion<MemDescReshapeOp>,
               MemDescReinterpretOpConversion>(converter);
  patterns.add<GpuBarrierOpConversion>(converter, patterns.getContext());
}
