//===- MMAToLLVM.cpp - dots on tensor cores: mma.sync and wgmma -----------===//
//
// Both lowerings find their registers through linear layouts: the element at
// register-only coordinate c (lane, warp and block 0) of a tensor is held in
// register registersByCoords(layout)[c], so each instruction fragment is
// gathered by the coordinates the PTX ISA gives for it:
//
// - mma.sync m16n8k16 (version 2): per warp, A 16x16 in four f16x2
//   registers (rows g, g+8; K 2t..2t+1 and 2t+8..2t+9, lane = 4g + t), B
//   16x8 in two (K 2t.., 2t+8..; column g), C and D 16x8 in four f32
//   (rows g, g+8; columns 2t, 2t+1).
// - wgmma m64nNk16 (version 3): per warp group of four warps, A from shared
//   memory (a matrix descriptor) or from registers like mma.sync's A, B from
//   shared memory, D in N/2 f32 registers per thread (register i: row
//   8 * (i/2 % 2), column 8 * (i/4) + i % 2, plus the lane's offset).
//
// Shared-memory descriptors are read off the buffer's linear layout: the
// start address of a sub-tile is the offset of its first element, and the
// leading and stride byte offsets are the offsets of the next core-matrix
// group along each dimension.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// Two 16-bit values as one i32 (`lo` in the low half).
Value packPair(OpBuilder &b, Location loc, Value lo, Value hi) {
  auto vecTy = VectorType::get(2, lo.getType());
  Value v = LLVM::UndefOp::create(b, loc, vecTy);
  v = LLVM::InsertElementOp::create(b, loc, v, lo, i32Const(b, loc, 0));
  v = LLVM::InsertElementOp::create(b, loc, v, hi, i32Const(b, loc, 1));
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), v);
}

/// "$first, $first+1, ..." for `count` operands.
std::string operandList(unsigned first, unsigned count) {
  std::string s;
  for (unsigned i = 0; i < count; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s;
}

/// "=f,...,0,1,..." : `count` f32 outputs tied to the first inputs.
std::string tiedF32Constraints(unsigned count) {
  std::string s;
  for (unsigned i = 0; i < count; ++i)
    s += "=f,";
  for (unsigned i = 0; i < count; ++i)
    s += std::to_string(i) + ",";
  return s;
}

/// The PTX name of a 16-bit float operand type.
StringRef mmaTypeName(Type t) {
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  return "";
}

/// Gathers the four f16x2 registers of a 16x16 A fragment whose first
/// element sits at register-only coordinate (m, k) of `aLayout`.
FailureOr<SmallVector<Value>>
gatherAFragment(OpBuilder &b, Location loc,
                const std::map<SmallVector<int32_t>, unsigned> &regs,
                ArrayRef<Value> values, int32_t m, int32_t k) {
  SmallVector<Value> out;
  for (int32_t kHalf : {0, 8})
    for (int32_t mHalf : {0, 8}) {
      auto lo = regs.find({m + mHalf, k + kHalf});
      auto hi = regs.find({m + mHalf, k + kHalf + 1});
      if (lo == regs.end() || hi == regs.end())
        return failure();
      out.push_back(packPair(b, loc, values[lo->second], values[hi->second]));
    }
  return out;
}

//===----------------------------------------------------------------------===//
// mma.sync (version 2)
//===----------------------------------------------------------------------===//

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma)
      return rewriter.notifyMatchFailure(op, "not an MMA dot");
    if (!mma.isAmpere())
      return op.emitError("tt.dot with an MMA version ")
             << mma.getVersionMajor()
             << " layout cannot be lowered; version 3 dots are "
                "ttng.warp_group_dot";
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type elt = aType.getElementType();
    if (dType.getRank() != 2 || elt != bType.getElementType() ||
        mmaTypeName(elt).empty() || !dType.getElementType().isF32())
      return op.emitError("the mma.sync lowering handles rank-2 dots of f16 "
                          "or bf16 operands with an f32 accumulator");
    std::optional<LinearLayout> aL = getLayout(aType), bL = getLayout(bType),
                                dL = getLayout(dType);
    if (!aL || !bL || !dL)
      return op.emitError("cannot lay out the operands");
    auto aRegs = registersByCoords(*aL), bRegs = registersByCoords(*bL),
         dRegs = registersByCoords(*dL);
    auto aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    auto bVals = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);

    ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
    int64_t M = dType.getShape()[0], N = dType.getShape()[1];
    int64_t K = aType.getShape()[1];
    // A warp's tiles repeat every (16 * warps[0], 8 * warps[1]).
    int64_t mStride = 16 * warps[0], nStride = 8 * warps[1];
    int64_t mReps = std::max<int64_t>(1, M / mStride);
    int64_t nReps = std::max<int64_t>(1, N / nStride);
    std::string text = llvm::formatv(
        "mma.sync.aligned.m16n8k16.row.col.f32.{0}.{0}.f32 {{$0, $1, $2, $3}, "
        "{{$4, $5, $6, $7}, {{$8, $9}, {{$10, $11, $12, $13};",
        mmaTypeName(elt));
    std::string constraints = "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3";
    Type f32 = rewriter.getF32Type();
    auto fail = [&] {
      return op.emitError("the operand layouts do not match the mma.sync "
                          "fragments of the accumulator layout");
    };
    for (int64_t mi = 0; mi < mReps; ++mi) {
      for (int64_t ni = 0; ni < nReps; ++ni) {
        int32_t m = mi * mStride, n = ni * nStride;
        SmallVector<unsigned> d;
        for (int32_t row : {0, 8})
          for (int32_t col : {0, 1}) {
            auto it = dRegs.find({m + row, n + col});
            if (it == dRegs.end())
              return fail();
            d.push_back(it->second);
          }
        for (int64_t k = 0; k < K; k += 16) {
          auto a = gatherAFragment(rewriter, loc, aRegs, aVals, m, k);
          if (failed(a))
            return fail();
          SmallVector<Value> operands(*a);
          for (int32_t kHalf : {0, 8}) {
            auto lo = bRegs.find({int32_t(k) + kHalf, n});
            auto hi = bRegs.find({int32_t(k) + kHalf + 1, n});
            if (lo == bRegs.end() || hi == bRegs.end())
              return fail();
            operands.push_back(
                packPair(rewriter, loc, bVals[lo->second], bVals[hi->second]));
          }
          for (unsigned r : d)
            operands.push_back(acc[r]);
          SmallVector<Value> out = inlinePtx(rewriter, loc, text, constraints,
                                             operands, {f32, f32, f32, f32},
                                             /*hasSideEffects=*/false);
          for (auto [r, v] : llvm::zip(d, out))
            acc[r] = v;
        }
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// wgmma (version 3)
//===----------------------------------------------------------------------===//

/// How a wgmma reads one operand from shared memory.
struct SharedOperand {
  LinearLayout offsets; // tensor coordinate -> element offset
  Value base;           // i32 shared address of the buffer
  bool mnMajor;         // the M (A) or N (B) dimension is contiguous
  uint64_t fixedBits;   // LBO, SBO and swizzle mode fields
  unsigned elemBytes;
  /// When set, the address field of the warp group's origin (i64): every
  /// descriptor is then this plus a constant (see addOriginField).
  Value originField;
};

/// Describes `memType`'s buffer at `base` for wgmma operand `opIdx`.
FailureOr<SharedOperand> describeShared(Operation *op, OpBuilder &b,
                                        Location loc, MemDescType memType,
                                        Value base, unsigned opIdx) {
  auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(memType.getEncoding());
  if (!nvmma || memType.getRank() != 2)
    return op->emitError("wgmma reads shared memory with a rank-2 "
                         "#ttg.nvmma_shared layout, not ")
           << memType.getEncoding();
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  uint64_t mode;
  switch (swizzle) {
  case 128:
    mode = 1;
    break;
  case 64:
    mode = 2;
    break;
  case 32:
    mode = 3;
    break;
  default:
    return op->emitError("wgmma operands need a 32-, 64- or 128-byte "
                         "swizzle, not ")
           << swizzle;
  }
  std::optional<LinearLayout> layout =
      toLinearLayout(memType.getShape(), memType.getEncoding());
  MLIRContext *ctx = b.getContext();
  StringAttr offsetDim = StringAttr::get(ctx, "offset");
  if (!layout)
    return op->emitError("cannot lay out ") << memType;
  LinearLayout toTensor =
      layout->sublayout({offsetDim}, llvm::to_vector(layout->getOutDimNames()));
  std::optional<LinearLayout> inverse = toTensor.invert();
  if (!inverse)
    return op->emitError("shared layout is not a bijection onto the buffer");
  SharedOperand s{*inverse, Value(), false, 0,
                  memType.getElementType().getIntOrFloatBitWidth() / 8};
  // Contiguous dim: 1 when not transposed. A's K is dim 1, B's K dim 0.
  unsigned contig = nvmma.getTransposed() ? 0 : 1;
  unsigned kDim = opIdx == 0 ? 1 : 0, mnDim = 1 - kDim;
  s.mnMajor = contig == mnDim;
  auto offsetOf = [&](int32_t mn, int32_t k) -> int64_t {
    SmallVector<std::pair<StringAttr, int32_t>> ins(2);
    auto outs = llvm::to_vector(layout->getOutDimNames());
    ins[mnDim] = {outs[mnDim], mn};
    ins[kDim] = {outs[kDim], k};
    return int64_t(inverse->apply(ins)[0].second) * s.elemBytes;
  };
  int64_t mnSize = memType.getShape()[mnDim];
  int64_t lbo = 0, sbo;
  if (s.mnMajor) {
    // Core matrices: 8 K rows of `swizzle` bytes; LBO steps to the next
    // swizzle-wide chunk of M/N, SBO to the next 8 K rows.
    int64_t chunk = swizzle / s.elemBytes;
    lbo = chunk < mnSize ? offsetOf(chunk, 0) : 0;
    sbo = offsetOf(0, 8);
  } else {
    // Core matrices: 8 M/N rows of `swizzle` bytes; SBO steps 8 rows.
    sbo = offsetOf(8, 0);
  }
  s.fixedBits = (uint64_t((lbo >> 4) & 0x3FFF) << 16) |
                (uint64_t((sbo >> 4) & 0x3FFF) << 32) | (mode << 62);
  s.base = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  return s;
}

/// The 64-bit descriptor of the sub-tile whose first element is at
/// (`mn` + runtime `mnOrigin`, `k`) of `s`'s buffer.
/// A descriptor's start-address field (address >> 4, 14 bits), as an i64,
/// for the element offset `offset` into `s`'s buffer.
Value addressField(OpBuilder &b, Location loc, const SharedOperand &s,
                   Value offset) {
  Value bytes =
      LLVM::MulOp::create(b, loc, offset, i32Const(b, loc, s.elemBytes));
  Value addr = LLVM::AddOp::create(b, loc, s.base, bytes);
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, addr, i32Const(b, loc, 4)),
      i32Const(b, loc, 0x3FFF));
  return LLVM::ZExtOp::create(b, loc, b.getI64Type(), field);
}

/// The element offset of the constant coordinate (`mn`, `k`) of operand
/// `opIdx` within the warp group's tile.
int32_t constantOffset(const SharedOperand &s, int32_t mn, int32_t k,
                       unsigned opIdx) {
  auto outs = llvm::to_vector(s.offsets.getInDimNames());
  unsigned kDim = opIdx == 0 ? 1 : 0, mnDim = 1 - kDim;
  SmallVector<std::pair<StringAttr, int32_t>> ins(2);
  ins[mnDim] = {outs[mnDim], mn};
  ins[kDim] = {outs[kDim], k};
  return s.offsets.apply(ins)[0].second;
}

/// Sets `s.originField` when every descriptor can be one 64-bit add to it,
/// as upstream's are: the offsets the warp group's origin can take
/// (`originMask`, the bits its MN coordinate can have) share no bit with
/// any constant offset in `constants`, so the XOR of the two is their sum;
/// and every origin offset is a whole number of 16 bytes, so the address
/// field (address >> 4, 14 bits, which a shared address never overflows)
/// of the sum is the sum of the fields.
void addOriginField(OpBuilder &b, Location loc, SharedOperand &s,
                    Value originOffset, int32_t originMask,
                    ArrayRef<int32_t> constants, unsigned opIdx) {
  auto outs = llvm::to_vector(s.offsets.getInDimNames());
  StringAttr mnDim = outs[opIdx == 0 ? 0 : 1];
  int32_t offsetMask = 0;
  for (int i = 0; i < s.offsets.getInDimSizeLog2(mnDim); ++i) {
    if (!(originMask & (1 << i)))
      continue;
    int32_t basis = s.offsets.getBasis(mnDim, i)[0];
    if ((int64_t(basis) * s.elemBytes) % 16 != 0)
      return;
    offsetMask |= basis;
  }
  if ((originMask >> s.offsets.getInDimSizeLog2(mnDim)) != 0)
    return;
  for (int32_t c : constants)
    if (c & offsetMask)
      return;
  s.originField = addressField(b, loc, s, originOffset);
}

Value makeDescriptor(OpBuilder &b, Location loc, const SharedOperand &s,
                     Value originOffset, int32_t mn, int32_t k,
                     unsigned opIdx) {
  int32_t constOffset = constantOffset(s, mn, k, opIdx);
  if (s.originField) {
    int64_t constField = int64_t(constOffset) * s.elemBytes / 16;
    return LLVM::AddOp::create(
        b, loc, s.originField,
        i64Const(b, loc, int64_t(s.fixedBits) + constField));
  }
  // Linear layouts combine by XOR.
  Value offset =
      LLVM::XOrOp::create(b, loc, originOffset, i32Const(b, loc, constOffset));
  return LLVM::OrOp::create(b, loc, addressField(b, loc, s, offset),
                            i64Const(b, loc, int64_t(s.fixedBits)));
}

/// Element offset of the runtime coordinate (`mn`, 0) (A) or (0, `mn`) (B).
Value originOffset(OpBuilder &b, Location loc, const SharedOperand &s, Value mn,
                   unsigned opIdx) {
  auto outs = llvm::to_vector(s.offsets.getInDimNames());
  unsigned mnDim = opIdx == 0 ? 0 : 1;
  return applyLinearLayout(b, loc, s.offsets, {{outs[mnDim], mn}})[0];
}

/// `wgmma.wait_group` on `values`: the f32 registers pass through tied
/// operands so that their uses stay after the wait.
SmallVector<Value> waitGroup(OpBuilder &b, Location loc, ArrayRef<Value> values,
                             unsigned pendings) {
  std::string text =
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";";
  if (values.empty()) {
    inlinePtx(b, loc, text, "", {}, {});
    return {};
  }
  std::string constraints;
  for (Value v : values) {
    Type t = v.getType();
    unsigned bits = t.getIntOrFloatBitWidth();
    if (bits == 64)
      constraints += "=l,";
    else if (bits == 32)
      constraints += isa<FloatType>(t) ? "=f," : "=r,";
    else
      constraints += "=h,";
  }
  for (unsigned i = 0; i < values.size(); ++i)
    constraints += std::to_string(i) + (i + 1 < values.size() ? "," : "");
  return inlinePtx(b, loc, text, constraints, values,
                   llvm::to_vector(ValueRange(values).getTypes()));
}

struct WarpGroupDotOpConversion
    : public ConvertOpToLLVMPattern<WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || !mma.isHopper())
      return op.emitError("ttng.warp_group_dot needs an MMA version 3 "
                          "accumulator layout");
    auto bMem = cast<MemDescType>(op.getB().getType());
    Type elt = bMem.getElementType();
    Type aElt = getElementTypeOrSelf(op.getA().getType());
    if (dType.getRank() != 2 || aElt != elt || mmaTypeName(elt).empty() ||
        !dType.getElementType().isF32())
      return op.emitError("the wgmma lowering handles rank-2 dots of f16 or "
                          "bf16 operands with an f32 accumulator");
    ArrayRef<unsigned> instr = mma.getInstrShape();
    ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
    if (instr.size() != 3 || warps[0] % 4 != 0 || instr[2] != 16)
      return op.emitError("unsupported wgmma instruction shape or warps");
    unsigned instrN = instr[1];
    int64_t M = dType.getShape()[0], N = dType.getShape()[1];
    int64_t K = bMem.getShape()[0];
    std::optional<LinearLayout> dL = getLayout(dType);
    if (!dL)
      return op.emitError("cannot lay out the accumulator");
    auto dRegs = registersByCoords(*dL);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);

    // The warp group's origin in the tile: the layout at its first warp.
    Operation *anchor = op;
    HardwareIds ids = getHardwareIds(rewriter, loc, getThreadsPerWarp(anchor),
                                     getNumCTAs(anchor));
    Value groupWarp = LLVM::AndOp::create(rewriter, loc, ids.warp,
                                          i32Const(rewriter, loc, ~3));
    StringAttr warpDim = rewriter.getStringAttr("warp");
    SmallVector<Value> origin =
        applyLinearLayout(rewriter, loc, *dL, {{warpDim, groupWarp}});

    // Operand B (and A) from shared memory.
    auto bDesc =
        describeShared(op, rewriter, loc, bMem,
                       unpackLLElements(loc, adaptor.getB(), rewriter)[0], 1);
    if (failed(bDesc))
      return failure();
    Value bOrigin = originOffset(rewriter, loc, *bDesc, origin[1], 1);
    std::optional<SharedOperand> aDesc;
    Value aOrigin;
    std::map<SmallVector<int32_t>, unsigned> aRegs;
    SmallVector<Value> aVals;
    if (auto aMem = dyn_cast<MemDescType>(op.getA().getType())) {
      auto d =
          describeShared(op, rewriter, loc, aMem,
                         unpackLLElements(loc, adaptor.getA(), rewriter)[0], 0);
      if (failed(d))
        return failure();
      aDesc = *d;
      aOrigin = originOffset(rewriter, loc, *aDesc, origin[0], 0);
    } else {
      auto aType = cast<RankedTensorType>(op.getA().getType());
      std::optional<LinearLayout> aL = getLayout(aType);
      if (!aL)
        return op.emitError("cannot lay out operand A");
      aRegs = registersByCoords(*aL);
      aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    }

    int64_t mStride = 16 * warps[0], nStride = int64_t(instrN) * warps[1];
    int64_t mReps = std::max<int64_t>(1, M / mStride);
    int64_t nReps = std::max<int64_t>(1, N / nStride);

    // Descriptors as one add each to a per-operand base where that is exact
    // (addOriginField); the bits the origin's M and N can have come from
    // the warp bases of the layout above the warp group's four warps.
    auto originMask = [&](unsigned dim) {
      int32_t mask = 0;
      for (int i = 2; i < dL->getInDimSizeLog2(warpDim); ++i)
        mask |= dL->getBasis(warpDim, i)[dim];
      return mask;
    };
    {
      SmallVector<int32_t> bConstants, aConstants;
      for (int64_t k = 0; k < K; k += 16) {
        for (int64_t ni = 0; ni < nReps; ++ni)
          bConstants.push_back(constantOffset(*bDesc, ni * nStride, k, 1));
        if (aDesc)
          for (int64_t mi = 0; mi < mReps; ++mi)
            aConstants.push_back(constantOffset(*aDesc, mi * mStride, k, 0));
      }
      addOriginField(rewriter, loc, *bDesc, bOrigin, originMask(1), bConstants,
                     1);
      if (aDesc)
        addOriginField(rewriter, loc, *aDesc, aOrigin, originMask(0),
                       aConstants, 0);
    }
    unsigned numD = instrN / 2;
    Value useC = op.getUseC() ? adaptor.getUseC() : Value();
    Value scaleD =
        useC ? LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), useC)
                   .getResult()
             : i32Const(rewriter, loc, 1);
    Value one = i32Const(rewriter, loc, 1);
    Type f32 = rewriter.getF32Type();
    SmallVector<Type> dTypes(numD, f32);
    // A zero accumulator (attention's S = Q K^T) is not read: the first
    // product of each tile discards it (scale-d 0) and only writes D, so the
    // zeros are never materialized in registers.
    bool zeroAcc = !useC && matchPattern(op.getC(), m_AnyZeroFloat());

    inlinePtx(rewriter, loc, "wgmma.fence.sync.aligned;", "", {}, {});
    for (int64_t mi = 0; mi < mReps; ++mi) {
      for (int64_t ni = 0; ni < nReps; ++ni) {
        int32_t m = mi * mStride, n = ni * nStride;
        SmallVector<unsigned> d;
        for (unsigned i = 0; i < numD; ++i) {
          auto it = dRegs.find({m + 8 * int32_t((i >> 1) & 1),
                                n + 8 * int32_t(i >> 2) + int32_t(i & 1)});
          if (it == dRegs.end())
            return op.emitError("the accumulator layout does not match the "
                                "wgmma fragment");
          d.push_back(it->second);
        }
        for (int64_t k = 0; k < K; k += 16) {
          // Asm operands: the outputs $0.., their tied inputs, then A, B
          // and the scale of D (0 discards the accumulator).
          bool discard = zeroAcc && k == 0;
          SmallVector<Value> operands;
          std::string constraints;
          unsigned next = numD;
          if (discard) {
            for (unsigned i = 0; i < numD; ++i)
              constraints += "=f,";
          } else {
            for (unsigned r : d)
              operands.push_back(acc[r]);
            constraints = tiedF32Constraints(numD);
            next = 2 * numD;
          }
          std::string aText;
          if (aDesc) {
            operands.push_back(
                makeDescriptor(rewriter, loc, *aDesc, aOrigin, m, k, 0));
            aText = "$" + std::to_string(next);
            constraints += "l,";
            next += 1;
          } else {
            auto a = gatherAFragment(rewriter, loc, aRegs, aVals, m, k);
            if (failed(a))
              return op.emitError("operand A's layout does not match the "
                                  "wgmma fragment");
            operands.append(a->begin(), a->end());
            aText = "{" + operandList(next, 4) + "}";
            constraints += "r,r,r,r,";
            next += 4;
          }
          operands.push_back(
              makeDescriptor(rewriter, loc, *bDesc, bOrigin, n, k, 1));
          std::string bText = "$" + std::to_string(next);
          constraints += "l,";
          next += 1;
          std::string trans =
              aDesc ? llvm::formatv("1, 1, {0}, {1}", aDesc->mnMajor ? 1 : 0,
                                    bDesc->mnMajor ? 1 : 0)
                          .str()
                    : llvm::formatv("1, 1, {0}", bDesc->mnMajor ? 1 : 0).str();
          std::string text;
          if (discard) {
            constraints.pop_back(); // the trailing comma
            text = llvm::formatv(
                "wgmma.mma_async.sync.aligned.m64n{0}k16.f32.{1}.{1} "
                "{{{2}}, {3}, {4}, 0, {5};",
                instrN, mmaTypeName(elt), operandList(0, numD), aText, bText,
                trans);
          } else {
            operands.push_back(k == 0 ? scaleD : one);
            std::string scaleText = "$" + std::to_string(next);
            constraints += "r";
            text = llvm::formatv(
                "{{ .reg .pred p; setp.ne.b32 p, {0}, 0; "
                "wgmma.mma_async.sync.aligned.m64n{1}k16.f32.{2}.{2} "
                "{{{3}}, {4}, {5}, p, {6}; }",
                scaleText, instrN, mmaTypeName(elt), operandList(0, numD),
                aText, bText, trans);
          }
          SmallVector<Value> out =
              inlinePtx(rewriter, loc, text, constraints, operands, dTypes);
          for (auto [r, v] : llvm::zip(d, out))
            acc[r] = v;
        }
      }
    }
    inlinePtx(rewriter, loc, "wgmma.commit_group.sync.aligned;", "", {}, {});
    if (!op.getIsAsync())
      acc = waitGroup(rewriter, loc, acc, 0);
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }
};

struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The registers of tensor inputs pass through the wait; memdescs are
    // unchanged.
    SmallVector<Value> regs;
    SmallVector<std::pair<unsigned, unsigned>> spans;
    for (auto [input, converted] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!isa<RankedTensorType>(input.getType())) {
        spans.push_back({0, 0});
        continue;
      }
      SmallVector<Value> vals = unpackLLElements(loc, converted, rewriter);
      spans.push_back({regs.size(), vals.size()});
      regs.append(vals);
    }
    SmallVector<Value> waited =
        waitGroup(rewriter, loc, regs, op.getPendings());
    SmallVector<Value> results;
    for (auto [i, input] : llvm::enumerate(op.getInputs())) {
      auto tensor = dyn_cast<RankedTensorType>(input.getType());
      if (!tensor) {
        results.push_back(adaptor.getInputs()[i]);
        continue;
      }
      auto [start, count] = spans[i];
      results.push_back(packLLElements(
          loc, getTypeConverter(), ArrayRef<Value>(waited).slice(start, count),
          rewriter, tensor));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    inlinePtx(rewriter, loc,
              op.getBCluster() ? "fence.proxy.async.shared::cluster;"
                               : "fence.proxy.async.shared::cta;",
              "", {}, {});
    // Every thread fences its own stores; the barrier then orders all of
    // them before any thread's async-proxy reads.
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateMMAToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<MmaV2DotOpConversion, WarpGroupDotOpConversion,
               WarpGroupDotWaitOpConversion, FenceAsyncSharedOpConversion>(
      converter);
}
