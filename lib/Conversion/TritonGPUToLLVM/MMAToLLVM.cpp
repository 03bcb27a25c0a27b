//===- MMAToLLVM.cpp - dots on tensor cores: mma.sync and wgmma -----------===//
//
// Both lowerings find their registers through linear layouts: the element at
// register-only coordinate c (lane, warp and block 0) of a tensor is held in
// register registersByCoords(layout)[c], so each instruction fragment is
// gathered by the coordinates the PTX ISA gives for it. Every operand type
// (f16, bf16, tf32, s8, e4m3, e5m2) puts 32 bits of a row's K in a
// register: kWidth = 32 / bits elements, and an instruction takes
// kInstr = 256 / bits of K (16 for f16, 8 for tf32, 32 for s8 and fp8).
//
// - mma.sync m16n8k<kInstr> (version 2): per warp, A 16 x kInstr in four
//   registers (register r: row g + 8 (r % 2), K kWidth t + kInstr/2 (r / 2)
//   and the kWidth - 1 after it, lane = 4g + t), B kInstr x 8 in two
//   (register r: K kWidth t + kInstr/2 r, column g), C and D 16x8: element
//   e at row g + 8 (e/2 % 2), column 2t + e % 2; f32 and s32 one to a
//   register, f16 two (f16x2).
// - wgmma m64nNk<kInstr> (version 3): per warp group of four warps, A from
//   shared memory (a matrix descriptor) or from registers like mma.sync's
//   A, B from shared memory, D N/2 elements per thread (element e: row
//   8 (e/2 % 2), column 8 (e/4) + e % 2, plus the lane's offset), packed as
//   for mma.sync.
//
// Shared-memory descriptors are read off the buffer's linear layout: the
// start address of a sub-tile is the offset of its first element, and the
// leading and stride byte offsets are the offsets of the next core-matrix
// group along each dimension.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/NVGPU/IR/Dialect.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// "$first, $first+1, ..." for `count` operands.
std::string operandList(unsigned first, unsigned count) {
  std::string s;
  for (unsigned i = 0; i < count; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s;
}

/// The PTX name of an MMA operand type (f32 operands are read as tf32), or
/// "" for a type the tensor cores do not take.
StringRef mmaOperandName(Type t) {
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return "tf32";
  if (t.isInteger(8))
    return "s8";
  if (t.isF64())
    return "f64";
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  if (isa<Float8E5M2Type>(t))
    return "e5m2";
  return "";
}

/// The PTX name of an MMA accumulator type, or "".
StringRef mmaAccumulatorName(Type t) {
  if (t.isF32())
    return "f32";
  if (t.isF16())
    return "f16";
  if (t.isInteger(32))
    return "s32";
  if (t.isF64())
    return "f64";
  return "";
}

/// What one MMA instruction of a dot reads and writes.
/// f64 (DMMA) is a tile of m16n8k16 with one f64 a register: eight A, four
/// B and four accumulator registers, K in steps of 4.
struct MmaShape {
  StringRef a, b, d;  // PTX type names
  unsigned kWidth;    // operand elements per 32-bit register
  unsigned kInstr;    // K per instruction: 256 bits of a row
  unsigned dPerReg;   // accumulator elements per 32-bit register
  Type dElt;          // accumulator element type
  bool isInt;
  bool isF64 = false;
  unsigned numA = 4, numB = 2; // operand registers of one tile
  /// K between an operand's consecutive register groups.
  unsigned kChunk() const { return kInstr / numB; }
};

FailureOr<MmaShape> getMmaShape(Type a, Type b, Type d) {
  if (a.isF64() && b.isF64() && d.isF64()) {
    MmaShape s{"f64", "f64", "f64", 1, 16, 1, d, false};
    s.isF64 = true;
    s.numA = 8;
    s.numB = 4;
    return s;
  }
  if (!isTensorCoreTypeCombination(a, b, d))
    return failure();
  MmaShape s;
  s.a = mmaOperandName(a);
  s.b = mmaOperandName(b);
  s.d = mmaAccumulatorName(d);
  s.isInt = a.isInteger(8);
  unsigned bits = a.getIntOrFloatBitWidth();
  s.kWidth = 32 / bits;
  s.kInstr = 256 / bits;
  s.dPerReg = 32 / d.getIntOrFloatBitWidth();
  s.dElt = d;
  return s;
}

/// A coordinate of a rank-2 tile, or of entry `batch` of a batched one.
SmallVector<int32_t> coord(unsigned rank, int32_t batch, int32_t row,
                           int32_t col) {
  if (rank == 3)
    return {batch, row, col};
  return {row, col};
}

/// The register of a tensor holding each register-only coordinate. A
/// tensor smaller than the instruction tile along a dimension holds it with
/// repeats (its layout's bases past the size are zero), so coordinates
/// wrap around the tensor's (power-of-two) sizes.
struct RegisterMap {
  RegisterMap() = default;
  RegisterMap(const LinearLayout &layout, ArrayRef<int64_t> shape)
      : regs(registersByCoords(layout)), shape(shape) {}

  std::map<SmallVector<int32_t>, unsigned>::const_iterator
  find(SmallVector<int32_t> c) const {
    for (auto [x, size] : llvm::zip(c, shape))
      x &= int32_t(size) - 1;
    return regs.find(c);
  }
  auto end() const { return regs.end(); }

  std::map<SmallVector<int32_t>, unsigned> regs;
  SmallVector<int64_t> shape;
};

/// Copies each register of `layout` that holds the same coordinate as
/// another (a repeat) from the one `regs` names, so that repeats of an
/// updated accumulator stay equal.
void syncRepeats(const LinearLayout &layout, const RegisterMap &regs,
                 SmallVectorImpl<Value> &values) {
  for (unsigned r = 0; r < values.size(); ++r) {
    auto it = regs.regs.find(registerCoords(layout, r));
    if (it != regs.regs.end() && it->second != r)
      values[r] = values[it->second];
  }
}

/// One operand register: the kWidth elements along K from coordinate
/// `first`, with K at position `kPos` of the coordinate, packed.
FailureOr<Value> gatherKRun(OpBuilder &b, Location loc, const RegisterMap &regs,
                            ArrayRef<Value> values, SmallVector<int32_t> first,
                            unsigned kPos, const MmaShape &shape) {
  if (shape.isF64) {
    auto it = regs.find(first);
    if (it == regs.end())
      return failure();
    return values[it->second];
  }
  SmallVector<Value> elems;
  for (unsigned j = 0; j < shape.kWidth; ++j) {
    auto it = regs.find(first);
    if (it == regs.end())
      return failure();
    elems.push_back(values[it->second]);
    ++first[kPos];
  }
  return packRegister(b, loc, elems);
}

/// A register of zeros: the part of an instruction's K past a dot's K
/// (a dot of K 16 on an instruction of K 32).
Value zeroRegister(OpBuilder &b, Location loc) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(0));
}

/// The registers of an A fragment (16 x kInstr: rows g and g+8, K in
/// chunks of kWidth elements each, two, or four for f64) whose first
/// element sits at register-only coordinate (`m`, `k`) of entry `batch`;
/// chunks from `kSize` on are zeros.
FailureOr<SmallVector<Value>>
gatherAFragment(OpBuilder &b, Location loc, const RegisterMap &regs,
                ArrayRef<Value> values, unsigned rank, int32_t batch,
                int32_t m, int32_t k, const MmaShape &shape,
                int64_t kSize = std::numeric_limits<int64_t>::max()) {
  SmallVector<Value> out;
  for (int32_t r = 0; r < int32_t(shape.numA); ++r) {
    int32_t row = m + (r & 1) * 8;
    int32_t k0 = k + (r >> 1) * int32_t(shape.kChunk());
    if (k0 >= kSize) {
      out.push_back(zeroRegister(b, loc));
      continue;
    }
    FailureOr<Value> reg = gatherKRun(b, loc, regs, values,
                                      coord(rank, batch, row, k0), rank - 1,
                                      shape);
    if (failed(reg))
      return failure();
    out.push_back(*reg);
  }
  return out;
}

/// The registers of a B fragment (kInstr x 8: K chunks of kWidth elements
/// in column g, two, or four for f64) at register-only coordinate (`k`,
/// `n`); chunks from `kSize` on are zeros.
FailureOr<SmallVector<Value>>
gatherBFragment(OpBuilder &b, Location loc, const RegisterMap &regs,
                ArrayRef<Value> values, unsigned rank, int32_t batch,
                int32_t k, int32_t n, const MmaShape &shape,
                int64_t kSize = std::numeric_limits<int64_t>::max()) {
  SmallVector<Value> out;
  for (int32_t r = 0; r < int32_t(shape.numB); ++r) {
    int32_t k0 = k + r * int32_t(shape.kChunk());
    if (k0 >= kSize) {
      out.push_back(zeroRegister(b, loc));
      continue;
    }
    FailureOr<Value> reg = gatherKRun(b, loc, regs, values,
                                      coord(rank, batch, k0, n), rank - 2,
                                      shape);
    if (failed(reg))
      return failure();
    out.push_back(*reg);
  }
  return out;
}

/// The accumulator registers of one instruction whose tile starts at
/// register-only coordinate (`m`, `n`): `numElems` elements, element e at
/// row 8 * (e/2 % 2), column e % 2 + 8 * (e/4), grouped dPerReg to a
/// register. Each entry lists the accumulator indices of one register.
FailureOr<SmallVector<SmallVector<unsigned>>>
accumulatorFragment(const RegisterMap &regs, unsigned rank, int32_t batch,
                    int32_t m, int32_t n, unsigned numElems,
                    const MmaShape &shape) {
  SmallVector<SmallVector<unsigned>> out;
  for (unsigned e = 0; e < numElems; ++e) {
    int32_t row = m + 8 * int32_t((e >> 1) & 1);
    int32_t col = n + int32_t(e & 1) + 8 * int32_t(e >> 2);
    auto it = regs.find(coord(rank, batch, row, col));
    if (it == regs.end())
      return failure();
    if (e % shape.dPerReg == 0)
      out.emplace_back();
    out.back().push_back(it->second);
  }
  return out;
}

/// The constraint letter and LLVM type of an accumulator register.
std::pair<StringRef, Type> accumulatorRegister(OpBuilder &b,
                                               const MmaShape &shape) {
  if (shape.dElt.isF32())
    return {"f", b.getF32Type()};
  if (shape.dElt.isF64())
    return {"d", b.getF64Type()};
  return {"r", b.getI32Type()};
}

/// The accumulator registers `frag` packed from `acc`.
SmallVector<Value> packAccumulator(OpBuilder &b, Location loc,
                                   ArrayRef<SmallVector<unsigned>> frag,
                                   ArrayRef<Value> acc,
                                   const MmaShape &shape) {
  SmallVector<Value> out;
  for (const auto &reg : frag) {
    if (reg.size() == 1) {
      out.push_back(acc[reg[0]]);
      continue;
    }
    SmallVector<Value> elems;
    for (unsigned i : reg)
      elems.push_back(acc[i]);
    out.push_back(packRegister(b, loc, elems));
  }
  return out;
}

/// Writes the registers `values` of `frag` back into `acc`.
void unpackAccumulator(OpBuilder &b, Location loc,
                       ArrayRef<SmallVector<unsigned>> frag,
                       ArrayRef<Value> values, SmallVectorImpl<Value> &acc,
                       const MmaShape &shape) {
  for (auto [reg, value] : llvm::zip(frag, values)) {
    SmallVector<Value> elems =
        unpackRegister(b, loc, value, shape.dElt, reg.size());
    for (auto [i, e] : llvm::zip(reg, elems))
      acc[i] = e;
  }
}

//===----------------------------------------------------------------------===//
// mma.sync (version 2)
//===----------------------------------------------------------------------===//

struct MmaV2DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  MmaV2DotOpConversion(LLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(dType.getEncoding());
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
    unsigned rank = dType.getRank();
    FailureOr<MmaShape> shape =
        getMmaShape(aType.getElementType(), bType.getElementType(),
                    dType.getElementType());
    // fp8 operands (m16n8k32, like s8) need sm_89, which ptxas checks: as
    // upstream, the lowering takes them whatever the target (below sm_89,
    // tritongpu-accelerate-matmul upcasts them to f16 first).
    if (failed(shape) || (rank != 2 && rank != 3))
      return op.emitError("mma.sync does not take a dot of ")
             << aType.getElementType() << " and " << bType.getElementType()
             << " into " << dType.getElementType()
             << " (f16, bf16, tf32, fp8, s8 or f64 operands, rank 2 or 3)";
    std::optional<LinearLayout> aL = getLayout(aType), bL = getLayout(bType),
                                dL = getLayout(dType);
    if (!aL || !bL || !dL)
      return op.emitError("cannot lay out the operands");
    RegisterMap aRegs(*aL, aType.getShape()), bRegs(*bL, bType.getShape()),
        dRegs(*dL, dType.getShape());
    auto aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    auto bVals = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);

    ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
    // Each CTA of a cluster multiplies its own part.
    SmallVector<int64_t> dShape = shapePerCta(*dL, dType.getShape());
    int64_t batches = rank == 3 ? dShape[0] : 1;
    int64_t M = dShape[rank - 2], N = dShape[rank - 1];
    int64_t K = shapePerCta(*aL, aType.getShape())[rank - 1];
    // A K of half an instruction's (16 of an 8-bit instruction's 32) is
    // multiplied with the other half of the operands zero.
    bool padK = !shape->isF64 && K < shape->kInstr &&
                K % shape->kChunk() == 0;
    if (K % shape->kInstr != 0 && !padK)
      return op.emitError("mma.sync needs K to be a multiple of ")
             << shape->kInstr << " (or " << shape->kChunk() << "), not " << K;
    // A warp's tiles repeat every (16 * warps[M], 8 * warps[N]), and every
    // warps[batch] entries.
    int64_t bStride = rank == 3 ? warps[0] : 1;
    int64_t mStride = 16 * warps[rank - 2], nStride = 8 * warps[rank - 1];
    int64_t bReps = std::max<int64_t>(1, batches / bStride);
    int64_t mReps = std::max<int64_t>(1, M / mStride);
    int64_t nReps = std::max<int64_t>(1, N / nStride);
    auto [dLetter, dRegType] = accumulatorRegister(rewriter, *shape);
    unsigned numD = 4 / shape->dPerReg;
    unsigned numA = shape->numA, numB = shape->numB;
    StringRef opLetter = shape->isF64 ? "d" : "r";
    // Before sm_90 the f64 tile is eight m8n8k4: each half of M (rows g,
    // g+8) by each K chunk of 4, on the half's two accumulators.
    bool dmmaQuarters = shape->isF64 && target.computeCapability < 90;
    if (dmmaQuarters) {
      numD = 2;
      numA = numB = 1;
    }
    std::string text =
        dmmaQuarters
            ? std::string("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                          "{$0, $1}, {$2}, {$3}, {$4, $5};")
            : std::string(llvm::formatv(
                  "mma.sync.aligned.m16n8k{0}.row.col{1}.{2}.{3}.{4}.{2} "
                  "{{{5}}, {{{6}}, {{{7}}, {{{8}};",
                  shape->kInstr, shape->isInt ? ".satfinite" : "", shape->d,
                  shape->a, shape->b, operandList(0, numD),
                  operandList(numD, numA), operandList(numD + numA, numB),
                  operandList(numD + numA + numB, numD)));
    std::string constraints;
    for (unsigned i = 0; i < numD; ++i)
      constraints += "=" + dLetter.str() + ",";
    for (unsigned i = 0; i < numA + numB; ++i)
      constraints += (i ? "," : "") + opLetter.str();
    for (unsigned i = 0; i < numD; ++i)
      constraints += "," + std::to_string(i);
    SmallVector<Type> dTypes(numD, dRegType);
    auto fail = [&] {
      return op.emitError("the operand layouts do not match the mma.sync "
                          "fragments of the accumulator layout");
    };
    for (int64_t bi = 0; bi < bReps; ++bi) {
      for (int64_t mi = 0; mi < mReps; ++mi) {
        for (int64_t ni = 0; ni < nReps; ++ni) {
          int32_t batch = bi * bStride, m = mi * mStride, n = ni * nStride;
          auto d = accumulatorFragment(dRegs, rank, batch, m, n, 4, *shape);
          if (failed(d))
            return fail();
          for (int64_t k = 0; k < K; k += shape->kInstr) {
            auto a = gatherAFragment(rewriter, loc, aRegs, aVals, rank, batch,
                                     m, k, *shape, K);
            auto bFrag = gatherBFragment(rewriter, loc, bRegs, bVals, rank,
                                         batch, k, n, *shape, K);
            if (failed(a) || failed(bFrag))
              return fail();
            if (dmmaQuarters) {
              for (unsigned q = 0; q < 4; ++q)
                for (unsigned h = 0; h < 2; ++h) {
                  ArrayRef<SmallVector<unsigned>> half =
                      ArrayRef(*d).slice(2 * h, 2);
                  SmallVector<Value> operands{(*a)[2 * q + h], (*bFrag)[q]};
                  operands.append(
                      packAccumulator(rewriter, loc, half, acc, *shape));
                  SmallVector<Value> out =
                      inlinePtx(rewriter, loc, text, constraints, operands,
                                dTypes, /*hasSideEffects=*/false);
                  unpackAccumulator(rewriter, loc, half, out, acc, *shape);
                }
              continue;
            }
            SmallVector<Value> operands(*a);
            operands.append(bFrag->begin(), bFrag->end());
            operands.append(packAccumulator(rewriter, loc, *d, acc, *shape));
            SmallVector<Value> out =
                inlinePtx(rewriter, loc, text, constraints, operands, dTypes,
                          /*hasSideEffects=*/false);
            unpackAccumulator(rewriter, loc, *d, out, acc, *shape);
          }
        }
      }
    }
    syncRepeats(*dL, dRegs, acc);
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }

  const TargetInfo &target;
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
  auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(memType.getEncoding());
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
  // In a cluster each CTA's buffer holds its part of the tensor: the offsets
  // map onto that part.
  SmallVector<int64_t> part = shapePerCta(*layout, memType.getShape());
  SmallVector<std::pair<StringAttr, int32_t>> partDims;
  for (auto [dim, size] : llvm::zip(layout->getOutDimNames(), part))
    partDims.push_back({dim, int32_t(size)});
  LinearLayout::BasesT offsetBases;
  offsetBases[offsetDim] = layout->getBases().lookup(offsetDim);
  FailureOr<LinearLayout> toTensor = LinearLayout::tryCreate(
      offsetBases, partDims, /*requireSurjective=*/true);
  std::optional<LinearLayout> inverse;
  if (succeeded(toTensor))
    inverse = toTensor->invert();
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
  int64_t mnSize = part[mnDim];
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

/// The values packed into one literal struct, and back.
Value packStruct(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  auto type = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value s = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, v] : llvm::enumerate(values))
    s = LLVM::InsertValueOp::create(b, loc, s, v, ArrayRef<int64_t>{int64_t(i)});
  return s;
}

SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value s) {
  SmallVector<Value> out;
  auto type = cast<LLVM::LLVMStructType>(s.getType());
  for (auto [i, t] : llvm::enumerate(type.getBody()))
    out.push_back(LLVM::ExtractValueOp::create(b, loc, t, s,
                                               ArrayRef<int64_t>{int64_t(i)}));
  return out;
}

/// The nvg element type of a PTX type name of MmaShape.
nvgpu::WGMMAEltType eltType(StringRef ptxName) {
  return *nvgpu::symbolizeWGMMAEltType(ptxName);
}

/// `wgmma.wait_group` on `values` (nvg.wgmma_wait_group: the registers
/// pass through tied operands so that their uses stay after the wait).
SmallVector<Value> waitGroup(OpBuilder &b, Location loc, ArrayRef<Value> values,
                             unsigned pendings) {
  if (values.empty()) {
    inlinePtx(b, loc,
              "wgmma.wait_group.sync.aligned " + std::to_string(pendings) +
                  ";",
              "", {}, {});
    return {};
  }
  Value in = packStruct(b, loc, values);
  Value out = nvgpu::WGMMAWaitGroupOp::create(b, loc, in.getType(), in,
                                              pendings);
  return unpackStruct(b, loc, out);
}

struct WarpGroupDotOpConversion
    : public ConvertOpToLLVMPattern<WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || !mma.isHopper())
      return op.emitError("ttng.warp_group_dot needs an MMA version 3 "
                          "accumulator layout");
    auto bMem = cast<MemDescType>(op.getB().getType());
    Type aElt = getElementTypeOrSelf(op.getA().getType());
    FailureOr<MmaShape> shape =
        getMmaShape(aElt, bMem.getElementType(), dType.getElementType());
    if (dType.getRank() != 2 || failed(shape))
      return op.emitError("wgmma does not take a dot of ")
             << aElt << " and " << bMem.getElementType() << " into "
             << dType.getElementType()
             << " (f16, bf16, tf32, fp8 or s8 operands, rank 2)";
    ArrayRef<unsigned> instr = mma.getInstrShape();
    ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
    if (instr.size() != 3 || warps[0] % 4 != 0 || instr[2] != shape->kInstr)
      return op.emitError("the wgmma instruction shape [")
             << llvm::make_range(instr.begin(), instr.end())
             << "] or the warps do not fit the dot: K is "
             << shape->kInstr << " for " << aElt;
    unsigned instrN = instr[1];
    std::optional<LinearLayout> dL = getLayout(dType);
    if (!dL)
      return op.emitError("cannot lay out the accumulator");
    // In a cluster, each CTA's part of the product.
    SmallVector<int64_t> dPart = shapePerCta(*dL, dType.getShape());
    int64_t M = dPart[0], N = dPart[1];
    int64_t K = bMem.getShape()[0];
    // Each CTA multiplies its part of the product: the shared operands'
    // CTAs must hold the rows of A and the columns of B it reads, all of K.
    {
      ArrayRef<int32_t> dBases = mma.getCgaBases();
      auto checkOperand = [&](MemDescType mem, unsigned opIdx,
                              StringRef name) -> LogicalResult {
        SmallVector<int32_t> want(dBases);
        for (size_t i = opIdx == 0 ? 1 : 0; i < want.size(); i += 2)
          want[i] = 0;
        SmallVector<int32_t> have = getCgaBases(mem.getEncoding(), 2);
        if (have.empty())
          have.assign(want.size(), 0);
        if (have == want)
          return success();
        return op.emitError("wgmma operand ")
               << name << "'s shared buffer is split over the cluster's CTAs "
               << "otherwise than the accumulator's part needs (CTA bases ["
               << llvm::make_range(have.begin(), have.end()) << "], needs ["
               << llvm::make_range(want.begin(), want.end()) << "])";
      };
      if (failed(checkOperand(bMem, 1, "B")))
        return failure();
      if (auto aMem = dyn_cast<MemDescType>(op.getA().getType()))
        if (failed(checkOperand(aMem, 0, "A")))
          return failure();
    }
    RegisterMap dRegs(*dL, dType.getShape());
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
    RegisterMap aRegs;
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
      aRegs = RegisterMap(*aL, aType.getShape());
      aVals = unpackLLElements(loc, adaptor.getA(), rewriter);
    }
    // Only 16-bit operands may be stored M- or N-major.
    bool transposable = shape->kWidth == 2;
    if (!transposable && (bDesc->mnMajor || (aDesc && aDesc->mnMajor)))
      return op.emitError("wgmma reads ")
             << aElt << " operands K-major only; operand "
             << (bDesc->mnMajor ? "B" : "A") << "'s shared layout is not";

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
    // Per instruction: N/2 accumulator elements per thread, packed
    // dPerReg to a register.
    unsigned numElems = instrN / 2;
    unsigned numD = numElems / shape->dPerReg;
    Type dRegType = accumulatorRegister(rewriter, *shape).second;
    Value useC = op.getUseC() ? adaptor.getUseC() : Value();
    // A zero accumulator (attention's S = Q K^T) is not read: the first
    // product of each tile discards it (scale-d 0) and only writes D, so the
    // zeros are never materialized in registers.
    bool zeroAcc = !useC && (matchPattern(op.getC(), m_AnyZeroFloat()) ||
                             matchPattern(op.getC(), m_Zero()));
    // fp8 products accumulate with fewer bits than f32 inside the tensor
    // core: with max_num_imprecise_acc set, every that many K the products
    // go to a fresh accumulator that is then added to D in f32.
    int64_t chunkK = K;
    bool partialAcc = false;
    if (isTensorCoreFp8(aElt) &&
        shape->dElt.isF32() && op.getMaxNumImpreciseAcc() > 0 &&
        op.getMaxNumImpreciseAcc() <= K) {
      chunkK = std::max<int64_t>(shape->kInstr,
                                 op.getMaxNumImpreciseAcc() /
                                     shape->kInstr * shape->kInstr);
      partialAcc = true;
    }
    auto dStructType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(numD, dRegType));
    Value trueValue = LLVM::ConstantOp::create(rewriter, loc,
                                               rewriter.getBoolAttr(true));
    Value falseValue = LLVM::ConstantOp::create(rewriter, loc,
                                                rewriter.getBoolAttr(false));
    Value firstUseC = useC ? useC : trueValue;

    // The accumulator fragments of every (m, n) tile.
    SmallVector<std::pair<int32_t, int32_t>> tiles;
    SmallVector<SmallVector<SmallVector<unsigned>>> frags;
    for (int64_t mi = 0; mi < mReps; ++mi)
      for (int64_t ni = 0; ni < nReps; ++ni) {
        int32_t m = mi * mStride, n = ni * nStride;
        auto d = accumulatorFragment(dRegs, 2, 0, m, n, numElems, *shape);
        if (failed(d))
          return op.emitError("the accumulator layout does not match the "
                              "wgmma fragment");
        tiles.push_back({m, n});
        frags.push_back(*d);
      }

    // Issues the products of K in [kBegin, kEnd) for tile `t` into the
    // registers `regs` (packed accumulator values); `discardFirst` drops
    // the accumulator at the first one.
    auto issue = [&](unsigned t, int64_t kBegin, int64_t kEnd,
                     SmallVector<Value> regs, bool discardFirst,
                     Value firstUseC) -> FailureOr<SmallVector<Value>> {
      auto [m, n] = tiles[t];
      for (int64_t k = kBegin; k < kEnd; k += shape->kInstr) {
        // One nvg.wgmma (convert-nv-gpu-to-llvm makes it inline PTX):
        // without an accumulator operand it discards the accumulator.
        bool discard = discardFirst && k == kBegin;
        Value opA;
        if (aDesc) {
          opA = makeDescriptor(rewriter, loc, *aDesc, aOrigin, m, k, 0);
        } else {
          auto a = gatherAFragment(rewriter, loc, aRegs, aVals, 2, 0, m, k,
                                   *shape);
          if (failed(a))
            return op.emitError("operand A's layout does not match the "
                                "wgmma fragment");
          opA = packStruct(rewriter, loc, *a);
        }
        Value opB = makeDescriptor(rewriter, loc, *bDesc, bOrigin, n, k, 1);
        Value opC = discard ? Value() : packStruct(rewriter, loc, regs);
        Value use = discard ? falseValue : (k == kBegin ? firstUseC : trueValue);
        auto wgmma = nvgpu::WGMMAOp::create(
            rewriter, loc, dStructType, opA, opB, use, opC, 64, instrN,
            shape->kInstr, eltType(shape->d), eltType(shape->a),
            eltType(shape->b),
            aDesc && aDesc->mnMajor ? nvgpu::WGMMALayout::col
                                    : nvgpu::WGMMALayout::row,
            bDesc->mnMajor ? nvgpu::WGMMALayout::row
                           : nvgpu::WGMMALayout::col);
        regs = unpackStruct(rewriter, loc, wgmma.getResult());
      }
      return regs;
    };

    if (!partialAcc) {
      inlinePtx(rewriter, loc, "wgmma.fence.sync.aligned;", "", {}, {});
      for (unsigned t = 0; t < tiles.size(); ++t) {
        SmallVector<Value> regs =
            zeroAcc ? SmallVector<Value>()
                    : packAccumulator(rewriter, loc, frags[t], acc, *shape);
        auto out = issue(t, 0, K, regs, zeroAcc, firstUseC);
        if (failed(out))
          return failure();
        unpackAccumulator(rewriter, loc, frags[t], *out, acc, *shape);
      }
      inlinePtx(rewriter, loc, "wgmma.commit_group.sync.aligned;", "", {},
                {});
    } else {
      // Each chunk of K into fresh registers, waited for, then added to D
      // (D starts as the accumulator, or zero when useC is false).
      if (useC) {
        Value zero = LLVM::ConstantOp::create(rewriter, loc, rewriter.getF32Type(),
                                              rewriter.getF32FloatAttr(0));
        for (Value &v : acc)
          v = LLVM::SelectOp::create(rewriter, loc, useC, v, zero);
      }
      for (int64_t k0 = 0; k0 < K; k0 += chunkK) {
        inlinePtx(rewriter, loc, "wgmma.fence.sync.aligned;", "", {}, {});
        SmallVector<SmallVector<Value>> partials;
        for (unsigned t = 0; t < tiles.size(); ++t) {
          auto out = issue(t, k0, std::min<int64_t>(K, k0 + chunkK), {},
                           /*discardFirst=*/true, trueValue);
          if (failed(out))
            return failure();
          partials.push_back(*out);
        }
        inlinePtx(rewriter, loc, "wgmma.commit_group.sync.aligned;", "", {},
                  {});
        SmallVector<Value> flat;
        for (auto &p : partials)
          flat.append(p);
        flat = waitGroup(rewriter, loc, flat, 0);
        unsigned pos = 0;
        for (unsigned t = 0; t < tiles.size(); ++t)
          for (const auto &reg : frags[t])
            for (unsigned i : reg)
              acc[i] = LLVM::FAddOp::create(rewriter, loc, acc[i], flat[pos++]);
      }
    }
    // (With partial accumulators every product has been waited for.)
    if (!op.getIsAsync() && !partialAcc)
      acc = waitGroup(rewriter, loc, acc, 0);
    syncRepeats(*dL, dRegs, acc);
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
  patterns.add<WarpGroupDotOpConversion, WarpGroupDotWaitOpConversion,
               FenceAsyncSharedOpConversion>(converter);
  patterns.add<MmaV2DotOpConversion>(converter, target);
}
