//===- DotMiscOpToLLVM.cpp - dot on FMA, histogram, gather, assert, print -===//

#include "Utility.h"

#include "llvm/Support/Format.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

//===----------------------------------------------------------------------===//
// tt.dot on FMA
//===----------------------------------------------------------------------===//

/// The threads of operand `op` (0 = A, 1 = B) hold, along the dims they share
/// with D, what D's threads hold, and all of K.
bool operandThreadsMatch(const LinearLayout &operand, const LinearLayout &d,
                         unsigned opIdx) {
  MLIRContext *ctx = d.getOutDimNames().begin()->getContext();
  unsigned rank = d.getNumOutDims();
  // A = [batch.., M, K], B = [batch.., K, N], D = [batch.., M, N].
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  for (StringRef name : {"lane", "warp", "block"}) {
    StringAttr dim = StringAttr::get(ctx, name);
    int bits = d.hasInDim(dim) ? d.getInDimSizeLog2(dim) : 0;
    int obits = operand.hasInDim(dim) ? operand.getInDimSizeLog2(dim) : 0;
    if (bits != obits)
      return false;
    for (int i = 0; i < bits; ++i) {
      ArrayRef<int32_t> got = operand.getBasis(dim, i);
      ArrayRef<int32_t> want = d.getBasis(dim, i);
      for (unsigned k = 0; k < rank; ++k)
        if (got[k] != (k == kDim ? 0 : want[k]))
          return false;
    }
  }
  return true;
}

/// A dot operand a local_load reads from shared memory right before the
/// dot: the FMA lowering may read it itself, a piece of K at a time.
struct SharedOperand {
  Value memDesc;                // the buffer (converted memdesc)
  LinearLayout toOffset;        // (register, lane, warp, block) -> offset
  int vec = 1;                  // registers one load moves
  SmallVector<int32_t> kTerms;  // offset of each K bit from log2(kc) on
  std::map<SmallVector<int32_t>, unsigned> regs;
  Type elt;
  unsigned bytes = 0;
};

/// Whether nothing between `load` and `dot` (same block) may write memory or
/// synchronize: the loads can move down to the dot. The conversion keeps the
/// ops it converted until it ends; the LLVM ops they became, inserted in
/// between, say nothing the original ops do not.
bool readsCanMoveToDot(LocalLoadOp load, DotOp dot) {
  if (load->getBlock() != dot->getBlock() || !load->hasOneUse())
    return false;
  for (Operation *op = load->getNextNode(); op && op != dot.getOperation();
       op = op->getNextNode())
    if (!isa<LocalLoadOp, UnrealizedConversionCastOp>(op) &&
        !isa_and_nonnull<LLVM::LLVMDialect, NVVM::NVVMDialect>(
            op->getDialect()) &&
        !isMemoryEffectFree(op))
      return false;
  return true;
}

/// Plans operand `opIdx` of `dot` for chunks of `kc` of K: the register bits
/// holding K bits log2(kc) and up must each step K alone.
std::optional<SharedOperand>
planSharedOperand(DotOp dot, unsigned opIdx, const LinearLayout &layout,
                  int64_t kc, ConversionPatternRewriter &rewriter) {
  Value operand = opIdx == 0 ? dot.getA() : dot.getB();
  auto load = operand.getDefiningOp<LocalLoadOp>();
  if (!load || !readsCanMoveToDot(load, dot))
    return std::nullopt;
  auto type = cast<RankedTensorType>(operand.getType());
  Type elt = type.getElementType();
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8)
    return std::nullopt;
  auto memType = cast<MemDescType>(load.getSrc().getType());
  // planSharedAccess reports why it cannot plan; here that only means the
  // dot takes the operand from the local_load's registers.
  FailureOr<SharedAccess> access;
  {
    ScopedDiagnosticHandler quiet(dot.getContext(),
                                  [](Diagnostic &) { return success(); });
    access = planSharedAccess(load, type, memType);
  }
  if (failed(access))
    return std::nullopt;
  unsigned rank = type.getRank();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  int64_t K = type.getShape()[kDim];
  StringAttr reg = rewriter.getStringAttr("register");
  SharedOperand plan;
  plan.toOffset = access->toOffset;
  plan.vec = access->vec;
  plan.elt = elt;
  plan.bytes = getElementBytes(type);
  plan.regs = registersByCoords(layout);
  for (int64_t bit = kc; bit < K; bit <<= 1) {
    std::optional<int> found;
    for (int i = 0; i < layout.getInDimSizeLog2(reg); ++i) {
      ArrayRef<int32_t> basis = layout.getBasis(reg, i);
      bool pure = true;
      for (unsigned d = 0; d < rank; ++d)
        pure &= basis[d] == (d == kDim ? bit : 0);
      if (pure) {
        found = i;
        break;
      }
    }
    if (!found)
      return std::nullopt;
    // A vector must not straddle two chunks.
    plan.vec = std::min(plan.vec, 1 << *found);
    plan.kTerms.push_back(plan.toOffset.getBasis(reg, *found)[0]);
  }
  plan.memDesc = rewriter.getRemappedValue(load.getSrc());
  return plan;
}

/// The FMA dot as a loop over K, `kc` at a time, reading both operands from
/// shared memory: each accumulator still adds its products in K order.
template <typename MultiplyAdd>
SmallVector<Value>
emitChunkedDot(DotOp op, ConversionPatternRewriter &rewriter,
               const SharedOperand &a, const SharedOperand &b, int64_t K,
               int64_t kc, ArrayRef<SmallVector<int32_t>> coords,
               ArrayRef<Value> acc, MultiplyAdd multiplyAdd) {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  Type i32 = rewriter.getI32Type();
  unsigned rank = coords.front().size();
  StringAttr reg = rewriter.getStringAttr("register");
  SmallVector<Type> accTypes;
  for (Value v : acc)
    accTypes.push_back(v.getType());
  // Each operand's buffer address and this thread's part of its offsets,
  // computed once before the loop.
  auto baseAndThread = [&](const SharedOperand &side) {
    return std::pair{unpackLLElements(loc, side.memDesc, rewriter)[0],
                     threadOffset(rewriter, loc, op, side.toOffset)};
  };
  auto [aBase, aThread0] = baseAndThread(a);
  auto [bBase, bThread0] = baseAndThread(b);

  // before -> body(k0, acc...) -> ... -> body | exit(acc...) -> rest
  Block *before = rewriter.getInsertionBlock();
  Block *rest = rewriter.splitBlock(before, op->getIterator());
  SmallVector<Type> bodyTypes{i32};
  bodyTypes.append(accTypes);
  Block *body = rewriter.createBlock(
      rest, bodyTypes, SmallVector<Location>(bodyTypes.size(), loc));
  Block *exit = rewriter.createBlock(
      rest, accTypes, SmallVector<Location>(accTypes.size(), loc));
  rewriter.setInsertionPointToEnd(before);
  SmallVector<Value> initial{i32Const(rewriter, loc, 0)};
  initial.append(acc.begin(), acc.end());
  LLVM::BrOp::create(rewriter, loc, initial, body);

  rewriter.setInsertionPointToStart(body);
  Value k0 = body->getArgument(0);
  // The chunk's offsets: the thread's, XOR the terms of k0's set bits.
  auto chunkThread = [&](const SharedOperand &side, Value thread) {
    Value offset = thread;
    for (auto [i, term] : llvm::enumerate(side.kTerms)) {
      if (!term)
        continue;
      Value bit = LLVM::AndOp::create(rewriter, loc, k0,
                                      i32Const(rewriter, loc, kc << i));
      Value set = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                       bit, i32Const(rewriter, loc, 0));
      offset = LLVM::XOrOp::create(
          rewriter, loc, offset,
          LLVM::SelectOp::create(rewriter, loc, set,
                                 i32Const(rewriter, loc, term),
                                 i32Const(rewriter, loc, 0)));
    }
    return offset;
  };
  Value aThread = chunkThread(a, aThread0), bThread = chunkThread(b, bThread0);
  // The offset bits the chunk XORs into the thread's.
  auto chunkBits = [](const SharedOperand &side) {
    int32_t bits = 0;
    for (int32_t term : side.kTerms)
      bits |= term;
    return bits;
  };
  int32_t aBits = chunkBits(a), bBits = chunkBits(b);
  // Loads on first use, a vector at a time.
  auto element = [&](const SharedOperand &side, Value base, Value thread,
                     int32_t bits, DenseMap<int, SmallVector<Value>> &loaded,
                     ArrayRef<int32_t> at) -> Value {
    int r = canonicalRegister(side.toOffset, reg, side.regs.at(
                                                      SmallVector<int32_t>(at)));
    int first = r & ~(side.vec - 1);
    auto [it, inserted] = loaded.try_emplace(first);
    if (inserted)
      it->second = loadSharedVector(rewriter, loc,
                                    registerAddress(rewriter, loc, base, thread,
                                                    side.toOffset, first,
                                                    side.bytes, bits),
                                    side.elt, side.vec, side.bytes);
    return it->second[r - first];
  };
  DenseMap<int, SmallVector<Value>> aLoaded, bLoaded;
  SmallVector<Value> next;
  for (auto [r, c] : llvm::enumerate(coords)) {
    Value sum = body->getArgument(1 + r);
    for (int64_t j = 0; j < kc; ++j) {
      SmallVector<int32_t> ac(c), bc(c);
      ac[rank - 1] = j;
      bc[rank - 2] = j;
      sum = multiplyAdd(element(a, aBase, aThread, aBits, aLoaded, ac),
                        element(b, bBase, bThread, bBits, bLoaded, bc), sum);
    }
    next.push_back(sum);
  }
  Value k1 = LLVM::AddOp::create(rewriter, loc, k0, i32Const(rewriter, loc, kc));
  Value more = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt,
                                    k1, i32Const(rewriter, loc, K));
  SmallVector<Value> again{k1};
  again.append(next);
  auto latch = LLVM::CondBrOp::create(rewriter, loc, more, body, again, exit,
                                      next);
  // One chunk's code is what the loop is for: neither LLVM nor ptxas
  // should unroll it back.
  auto noUnroll = LLVM::LoopUnrollAttr::get(
      ctx, /*disable=*/rewriter.getBoolAttr(true), {}, {}, {}, {}, {}, {});
  latch.setLoopAnnotationAttr(LLVM::LoopAnnotationAttr::get(
      ctx, {}, {}, {}, noUnroll, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}));

  rewriter.setInsertionPointToEnd(exit);
  LLVM::BrOp::create(rewriter, loc, ValueRange(), rest);
  rewriter.setInsertionPoint(op);
  return SmallVector<Value>(exit->getArguments());
}

struct DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa_and_nonnull<NvidiaMmaEncodingAttr>(op.getType().getEncoding()))
      return rewriter.notifyMatchFailure(op, "an MMA dot");
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto dType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> aL = getLayout(aType), bL = getLayout(bType),
                                dL = getLayout(dType);
    if (!aL || !bL || !dL)
      return op.emitError("cannot lay out the operands");
    if (!operandThreadsMatch(*aL, *dL, 0) || !operandThreadsMatch(*bL, *dL, 1))
      return op.emitError("the FMA lowering of tt.dot needs dot_op operands "
                          "of the accumulator's blocked layout");
    unsigned rank = dType.getRank();
    int64_t K = aType.getShape()[rank - 1];
    auto cVals = unpackLLElements(loc, adaptor.getC(), rewriter);
    Type accTy = cVals[0].getType();
    bool isFloat = isa<FloatType>(accTy);
    if (isFloat != isa<FloatType>(aType.getElementType()) ||
        isFloat != isa<FloatType>(bType.getElementType()))
      return op.emitError("the FMA lowering of tt.dot needs operands and "
                          "accumulator both float or both integer");
    StringAttr reg = StringAttr::get(op.getContext(), "register");
    int numRegs = dL->getInDimSize(reg);
    SmallVector<SmallVector<int32_t>> coords;
    for (int r = 0; r < numRegs; ++r)
      coords.push_back(registerCoords(*dL, r));

    auto toAcc = [&](Value v) -> Value {
      Type t = v.getType();
      if (t == accTy)
        return v;
      if (isFloat) {
        if (t.getIntOrFloatBitWidth() < accTy.getIntOrFloatBitWidth())
          return LLVM::FPExtOp::create(rewriter, loc, accTy, v);
        return LLVM::FPTruncOp::create(rewriter, loc, accTy, v);
      }
      if (t.getIntOrFloatBitWidth() < accTy.getIntOrFloatBitWidth())
        return LLVM::SExtOp::create(rewriter, loc, accTy, v);
      return LLVM::TruncOp::create(rewriter, loc, accTy, v);
    };
    auto multiplyAdd = [&](Value a, Value b, Value acc) -> Value {
      a = toAcc(a);
      b = toAcc(b);
      if (isFloat)
        return LLVM::FMulAddOp::create(rewriter, loc, a, b, acc);
      return LLVM::AddOp::create(rewriter, loc,
                                 LLVM::MulOp::create(rewriter, loc, a, b), acc);
    };

    // Large products (many thousand multiply-adds a thread, all of K
    // unrolled) take ptxas seconds: where both operands come from shared
    // memory right before the dot, loop over K a chunk at a time, loading
    // each chunk's operands as the products need them.
    constexpr int64_t kMaxUnrolled = 2048, kChunkProducts = 1024;
    if (numRegs * K > kMaxUnrolled) {
      int64_t kc = llvm::bit_floor<uint64_t>(
          std::max<int64_t>(1, kChunkProducts / numRegs));
      kc = std::min(kc, K / 2);
      std::optional<SharedOperand> a =
          planSharedOperand(op, 0, *aL, kc, rewriter);
      std::optional<SharedOperand> b =
          a ? planSharedOperand(op, 1, *bL, kc, rewriter) : std::nullopt;
      if (a && b) {
        SmallVector<Value> results =
            emitChunkedDot(op, rewriter, *a, *b, K, kc, coords, cVals,
                           multiplyAdd);
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                              rewriter, dType));
        return success();
      }
    }

    auto aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    auto bVals = unpackLLElements(loc, adaptor.getB(), rewriter);
    auto aRegs = registersByCoords(*aL), bRegs = registersByCoords(*bL);
    SmallVector<Value> results;
    for (int r = 0; r < numRegs; ++r) {
      Value acc = cVals[r];
      for (int64_t k = 0; k < K; ++k) {
        SmallVector<int32_t> ac(coords[r]), bc(coords[r]);
        ac[rank - 1] = k;
        bc[rank - 2] = k;
        auto ai = aRegs.find(ac), bi = bRegs.find(bc);
        if (ai == aRegs.end() || bi == bRegs.end())
          return op.emitError("a dot_op operand does not hold all of K in "
                              "each thread");
        acc = multiplyAdd(aVals[ai->second], bVals[bi->second], acc);
      }
      results.push_back(acc);
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), results, rewriter, dType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// histogram and gather, through scratch shared memory
//===----------------------------------------------------------------------===//

Value rowMajorByteOffset(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                         ArrayRef<int64_t> shape, unsigned bytes) {
  Value off = i32Const(b, loc, 0);
  int64_t stride = bytes;
  for (int d = shape.size() - 1; d >= 0; --d) {
    off = LLVM::AddOp::create(
        b, loc, off,
        LLVM::MulOp::create(b, loc, coords[d], i32Const(b, loc, stride)));
    stride *= shape[d];
  }
  return off;
}

struct HistogramOpConversion : public ConvertOpToLLVMPattern<HistogramOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    int64_t bins = dstType.getShape()[0];
    Value base = getSharedAddress(rewriter, loc, op);
    if (!base)
      return op.emitError("no shared memory planned for this histogram");
    std::optional<LinearLayout> srcL = getLayout(srcType),
                                dstL = getLayout(dstType);
    auto values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    Type i32 = rewriter.getI32Type();
    int numThreads = getNumWarps(op) * getThreadsPerWarp(op);
    Value tid = getThreadId(rewriter, loc);

    // Zero the bins, count, read back.
    emitBarrier(rewriter, loc);
    for (int64_t i = 0; i < bins; i += numThreads) {
      Value idx =
          LLVM::AddOp::create(rewriter, loc, tid, i32Const(rewriter, loc, i));
      Value inRange =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, idx,
                               i32Const(rewriter, loc, bins));
      Value ptr = gepBytes(
          rewriter, loc, base,
          LLVM::MulOp::create(rewriter, loc, idx, i32Const(rewriter, loc, 4)));
      storeShared(rewriter, loc, ptr, i32Const(rewriter, loc, 0), inRange);
    }
    emitBarrier(rewriter, loc);
    Value owner = emitOwnerPredicate(rewriter, loc, *srcL,
                                     getThreadsPerWarp(op), getNumCTAs(op));
    int regFree = srcL->getFreeVariableMasks().lookup(
        StringAttr::get(op.getContext(), "register"));
    for (auto [r, v] : llvm::enumerate(values)) {
      if (r & regFree)
        continue;
      Value val = v;
      if (val.getType() != i32)
        val = val.getType().getIntOrFloatBitWidth() < 32
                  ? LLVM::SExtOp::create(rewriter, loc, i32, val).getResult()
                  : LLVM::TruncOp::create(rewriter, loc, i32, val).getResult();
      Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                                        val, i32Const(rewriter, loc, bins));
      if (owner)
        pred = LLVM::AndOp::create(rewriter, loc, pred, owner);
      if (!masks.empty())
        pred = LLVM::AndOp::create(rewriter, loc, pred, masks[r]);
      Value ptr = gepBytes(
          rewriter, loc, base,
          LLVM::MulOp::create(rewriter, loc, val, i32Const(rewriter, loc, 4)));
      inlinePtx(rewriter, loc, "@$1 red.shared.add.u32 [ $0 + 0 ], 1;", "r,b",
                {ptr, pred}, {});
    }
    emitBarrier(rewriter, loc);
    SmallVector<Value> results;
    for (SmallVector<Value> &c : emitIndices(rewriter, loc, dstType)) {
      Value ptr = gepBytes(
          rewriter, loc, base,
          LLVM::MulOp::create(rewriter, loc, c[0], i32Const(rewriter, loc, 4)));
      Value v = LLVM::LoadOp::create(rewriter, loc, i32, ptr);
      Type elt = getTypeConverter()->convertType(dstType.getElementType());
      if (elt != i32)
        v = elt.getIntOrFloatBitWidth() > 32
                ? LLVM::ZExtOp::create(rewriter, loc, elt, v).getResult()
                : LLVM::TruncOp::create(rewriter, loc, elt, v).getResult();
      results.push_back(v);
    }
    (void)dstL;
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, dstType));
    return success();
  }
};

struct GatherOpConversion : public ConvertOpToLLVMPattern<GatherOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto idxType = cast<RankedTensorType>(op.getIndices().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    unsigned axis = op.getAxis();
    Value base = getSharedAddress(rewriter, loc, op);
    if (!base)
      return op.emitError("no shared memory planned for this gather");
    Type elt = getTypeConverter()->convertType(srcType.getElementType());
    Type mem = elt.isInteger(1) ? rewriter.getI8Type() : elt;
    unsigned bytes = getElementBytes(srcType);
    ArrayRef<int64_t> shape = srcType.getShape();
    auto srcVals = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    auto idxVals = unpackLLElements(loc, adaptor.getIndices(), rewriter);
    emitBarrier(rewriter, loc);
    for (auto [c, v] :
         llvm::zip(emitIndices(rewriter, loc, srcType), srcVals)) {
      Value m = elt.isInteger(1)
                    ? LLVM::ZExtOp::create(rewriter, loc, mem, v).getResult()
                    : v;
      LLVM::StoreOp::create(
          rewriter, loc, m,
          gepBytes(rewriter, loc, base,
                   rowMajorByteOffset(rewriter, loc, c, shape, bytes)));
    }
    emitBarrier(rewriter, loc);
    (void)idxType;
    SmallVector<Value> results;
    auto dstIdx = emitIndices(rewriter, loc, dstType);
    for (auto [c, index] : llvm::zip(dstIdx, idxVals)) {
      SmallVector<Value> coords(c);
      Value i = index;
      if (i.getType() != rewriter.getI32Type())
        i = i.getType().getIntOrFloatBitWidth() > 32
                ? LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), i)
                      .getResult()
                : LLVM::SExtOp::create(rewriter, loc, rewriter.getI32Type(), i)
                      .getResult();
      coords[axis] = i;
      Value v = LLVM::LoadOp::create(
          rewriter, loc, mem,
          gepBytes(rewriter, loc, base,
                   rowMajorByteOffset(rewriter, loc, coords, shape, bytes)));
      if (elt.isInteger(1))
        v = LLVM::TruncOp::create(rewriter, loc, elt, v);
      results.push_back(v);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, dstType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// assert and print
//===----------------------------------------------------------------------===//

/// A private constant global holding `text` (NUL-terminated); returns its
/// address in the generic address space.
Value globalString(ConversionPatternRewriter &rewriter, Operation *op,
                   StringRef prefix, StringRef text) {
  auto mod = op->getParentOfType<ModuleOp>();
  Location loc = op->getLoc();
  std::string content = text.str();
  content.push_back('\0');
  auto arrayTy = LLVM::LLVMArrayType::get(rewriter.getI8Type(), content.size());
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = (prefix + "_" + Twine(i)).str();
    auto existing = mod.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing)
      break;
    if (auto value = dyn_cast_or_null<StringAttr>(existing.getValueOrNull()))
      if (value.getValue() == content)
        break;
  }
  if (!mod.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(mod.getBody());
    LLVM::GlobalOp::create(rewriter, loc, arrayTy, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           rewriter.getStringAttr(content));
  }
  Value addr = LLVM::AddressOfOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()), name);
  return addr;
}

LLVM::LLVMFuncOp declare(ConversionPatternRewriter &rewriter, Operation *op,
                         StringRef name, LLVM::LLVMFunctionType type) {
  auto mod = op->getParentOfType<ModuleOp>();
  if (auto f = mod.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(mod.getBody());
  return LLVM::LLVMFuncOp::create(rewriter, op->getLoc(), name, type);
}

struct AssertOpConversion : public ConvertOpToLLVMPattern<AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    // Fails when any of the thread's values is false.
    Value failed = boolConst(rewriter, loc, false);
    for (Value v : unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
      if (!v.getType().isInteger(1))
        v = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, v,
                                 zeroOf(rewriter, loc, v.getType()));
      Value notV =
          LLVM::XOrOp::create(rewriter, loc, v, boolConst(rewriter, loc, true));
      failed = LLVM::OrOp::create(rewriter, loc, failed, notV);
    }
    // The source position: the innermost callee of an inlined call, under
    // its names, as upstream reports it. The function is not known there
    // (upstream's message says "unknown" too).
    std::string file = "unknown", func = "unknown";
    int line = 0;
    Location where = loc;
    while (true) {
      if (auto call = dyn_cast<CallSiteLoc>(where))
        where = call.getCallee();
      else if (auto name = dyn_cast<NameLoc>(where))
        where = name.getChildLoc();
      else
        break;
    }
    if (auto fl = dyn_cast<FileLineColLoc>(where)) {
      file = fl.getFilename().str();
      line = fl.getLine();
    }

    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *fail = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, failed, fail, after);
    rewriter.setInsertionPointToStart(fail);
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto fnType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(ctx),
        {ptr, ptr, rewriter.getI32Type(), ptr, rewriter.getI64Type()});
    declare(rewriter, op, "__assertfail", fnType);
    Value args[] = {
        globalString(rewriter, op, "assertMessage", op.getMessage()),
        globalString(rewriter, op, "assertFile", file),
        i32Const(rewriter, loc, line),
        globalString(rewriter, op, "assertFunc", func),
        i64Const(rewriter, loc, 1)};
    LLVM::CallOp::create(rewriter, loc, fnType,
                         FlatSymbolRefAttr::get(ctx, "__assertfail"), args);
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToStart(after);
    // Other threads of the CTA wait, so the failing one reports first.
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct PrintOpConversion : public ConvertOpToLLVMPattern<PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// printf conversion and the value as vprintf wants it (promoted).
  std::pair<std::string, Value> format(OpBuilder &b, Location loc, Value v,
                                       bool hex, bool isSigned) const {
    Type t = v.getType();
    if (isa<LLVM::LLVMPointerType>(t))
      return {"%p", v};
    if (isa<FloatType>(t)) {
      if (!t.isF64())
        v = LLVM::FPExtOp::create(b, loc, b.getF64Type(), v);
      return {hex ? "%a" : "%f", v};
    }
    unsigned bits = t.getIntOrFloatBitWidth();
    if (bits < 32) {
      v = isSigned
              ? LLVM::SExtOp::create(b, loc, b.getI32Type(), v).getResult()
              : LLVM::ZExtOp::create(b, loc, b.getI32Type(), v).getResult();
      bits = 32;
    }
    if (hex)
      return {bits == 64 ? "0x%016llx" : "0x%08x", v};
    if (bits == 64)
      return {isSigned ? "%lli" : "%llu", v};
    return {isSigned ? "%i" : "%u", v};
  }

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto fnType =
        LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptr, ptr});
    declare(rewriter, op, "vprintf", fnType);
    Value pid[3] = {
        NVVM::BlockIdXOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdYOp::create(rewriter, loc, rewriter.getI32Type()),
        NVVM::BlockIdZOp::create(rewriter, loc, rewriter.getI32Type())};

    auto emit = [&](StringRef fmt, ArrayRef<Value> args) {
      SmallVector<Type> fields;
      for (Value a : args)
        fields.push_back(a.getType());
      Value buffer;
      if (args.empty()) {
        buffer = LLVM::ZeroOp::create(rewriter, loc, ptr);
      } else {
        auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields);
        buffer = LLVM::AllocaOp::create(rewriter, loc, ptr, structTy,
                                        i32Const(rewriter, loc, 1));
        for (auto [i, a] : llvm::enumerate(args)) {
          Value field =
              LLVM::GEPOp::create(rewriter, loc, ptr, structTy, buffer,
                                  ArrayRef<LLVM::GEPArg>{0, (int32_t)i});
          LLVM::StoreOp::create(rewriter, loc, a, field);
        }
      }
      Value f = globalString(rewriter, op, "printfFormat", fmt);
      LLVM::CallOp::create(rewriter, loc, fnType,
                           FlatSymbolRefAttr::get(ctx, "vprintf"),
                           ValueRange{f, buffer});
    };

    std::string prefix = op.getPrefix().str();
    if (op.getArgs().empty()) {
      emit("pid (%u, %u, %u) " + prefix + "\n", pid);
      rewriter.eraseOp(op);
      return success();
    }
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    for (auto [k, arg] : llvm::enumerate(adaptor.getArgs())) {
      Value original = op.getArgs()[k];
      auto values = unpackLLElements(loc, arg, rewriter);
      auto tensor = dyn_cast<RankedTensorType>(original.getType());
      SmallVector<SmallVector<Value>> indices;
      if (tensor)
        indices = emitIndices(rewriter, loc, tensor);
      bool sgn = k < isSigned.size() ? isSigned[k] != 0 : true;
      for (auto [r, v] : llvm::enumerate(values)) {
        std::string fmt = "pid (%u, %u, %u) ";
        SmallVector<Value> args(pid, pid + 3);
        if (tensor) {
          fmt += "idx (";
          for (auto [d, c] : llvm::enumerate(indices[r])) {
            fmt += d ? ", %u" : "%u";
            args.push_back(c);
          }
          fmt += ") ";
        }
        auto [conv, promoted] = format(rewriter, loc, v, op.getHex(), sgn);
        fmt += prefix + conv + "\n";
        args.push_back(promoted);
        emit(fmt, args);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<DotOpConversion>(converter);
}

void mlir::triton::gpu::populateMiscOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<HistogramOpConversion, GatherOpConversion, AssertOpConversion,
               PrintOpConversion>(converter);
}
