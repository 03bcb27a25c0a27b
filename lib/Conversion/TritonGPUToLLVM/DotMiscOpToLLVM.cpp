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

struct DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<NvidiaMmaEncodingAttr>(op.getType().getEncoding()))
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
    auto aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    auto bVals = unpackLLElements(loc, adaptor.getB(), rewriter);
    auto cVals = unpackLLElements(loc, adaptor.getC(), rewriter);
    auto aRegs = registersByCoords(*aL), bRegs = registersByCoords(*bL);
    Type accTy = cVals[0].getType();
    bool isFloat = isa<FloatType>(accTy);

    auto toAcc = [&](Value v, bool isSigned) -> Value {
      Type t = v.getType();
      if (t == accTy)
        return v;
      if (isFloat) {
        if (t.getIntOrFloatBitWidth() < accTy.getIntOrFloatBitWidth())
          return LLVM::FPExtOp::create(rewriter, loc, accTy, v);
        return LLVM::FPTruncOp::create(rewriter, loc, accTy, v);
      }
      if (t.getIntOrFloatBitWidth() < accTy.getIntOrFloatBitWidth())
        return isSigned
                   ? LLVM::SExtOp::create(rewriter, loc, accTy, v).getResult()
                   : LLVM::ZExtOp::create(rewriter, loc, accTy, v).getResult();
      return LLVM::TruncOp::create(rewriter, loc, accTy, v);
    };
    if (isFloat != isa<FloatType>(aVals[0].getType()))
      return op.emitError("the FMA lowering of tt.dot needs operands and "
                          "accumulator both float or both integer");

    SmallVector<Value> results;
    StringAttr reg = StringAttr::get(op.getContext(), "register");
    std::map<SmallVector<int32_t>, unsigned> aCache;
    for (int r = 0; r < dL->getInDimSize(reg); ++r) {
      SmallVector<int32_t> c = registerCoords(*dL, r);
      Value acc = cVals[r];
      for (int64_t k = 0; k < K; ++k) {
        SmallVector<int32_t> ac(c), bc(c);
        ac[rank - 1] = k;
        bc[rank - 2] = k;
        auto ai = aRegs.find(ac), bi = bRegs.find(bc);
        if (ai == aRegs.end() || bi == bRegs.end())
          return op.emitError("a dot_op operand does not hold all of K in "
                              "each thread");
        Value a = toAcc(aVals[ai->second], true);
        Value b = toAcc(bVals[bi->second], true);
        if (isFloat)
          acc = LLVM::FMAOp::create(rewriter, loc, a, b, acc);
        else
          acc = LLVM::AddOp::create(
              rewriter, loc, LLVM::MulOp::create(rewriter, loc, a, b), acc);
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
    std::string file = "unknown", func = "unknown";
    int line = 0;
    if (auto fl = dyn_cast<FileLineColLoc>(loc)) {
      file = fl.getFilename().str();
      line = fl.getLine();
    } else if (auto name = dyn_cast<NameLoc>(loc)) {
      if (auto fl = dyn_cast<FileLineColLoc>(name.getChildLoc())) {
        file = fl.getFilename().str();
        line = fl.getLine();
      }
    }
    if (auto f = op->getParentOfType<LLVM::LLVMFuncOp>())
      func = f.getName().str();

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
