//===- AccelerateMatmul.cpp - tritongpu-accelerate-matmul -----------------===//
//
// Moves dots onto the tensor cores: the accumulator takes an NVIDIA MMA
// layout (#ttg.nvidia_mma), and the operands either dot_op layouts of it
// (mma.sync, version 2) or NVMMA-shared buffers (wgmma, version 3, through
// ttng.warp_group_dot). The warps are spread over the tile the way upstream
// Triton spreads them, so the TTGIR matches upstream's.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using nvidia_gpu::isTensorCoreFp8;

/// The MMA version (3: wgmma, 2: mma.sync) upstream Triton picks for `dot`
/// on `capability`, or 0 for the FMA lowering. `k` is the reduction size,
/// `shape` the accumulator's shape per CTA.
int chooseMmaVersion(DotOp dot, int capability, int numWarps,
                     ArrayRef<int64_t> shape, int64_t k) {
  Type a = dot.getA().getType().getElementType();
  Type b = dot.getB().getType().getElementType();
  Type d = dot.getType().getElementType();
  unsigned rank = shape.size();
  // Operand and accumulator types the tensor cores take, f32 only when
  // tf32 is asked for. fp8 operands of mma.sync are upcast to f16
  // (promoteOperands).
  // f64 goes to mma.sync only (the DMMA instructions; wgmma takes none).
  if (a.isF64() && b.isF64() && d.isF64())
    return capability >= 80 && k % 16 == 0 ? 2 : 0;
  if (!nvidia_gpu::isTensorCoreTypeCombination(a, b, d) ||
      (a.isF32() && dot.getInputPrecision() != InputPrecision::TF32))
    return 0;
  // One instruction's K: 256 bits of each operand row. mma.sync takes fp8
  // operands as f16 (promoteOperands), so f16's K.
  int64_t kInstr = 256 / a.getIntOrFloatBitWidth();
  int64_t kInstrV2 = isTensorCoreFp8(a) ? 16 : kInstr;
  // Tiles smaller than one instruction's 16 x 8 are held with repeats.
  if (k % kInstrV2 != 0)
    return 0;
  bool v3 = capability >= 90 && capability < 100 && rank == 2 &&
            numWarps % 4 == 0 && shape[0] % 64 == 0 && shape[1] % 8 == 0 &&
            k % kInstr == 0;
  // fp8 wgmma accumulates with fewer than f32's bits; promoting that into
  // f32 more often than every 32 products is left to mma.sync.
  if (v3 && isTensorCoreFp8(a) && d.isF32() && dot.getMaxNumImpreciseAcc() < 32)
    v3 = false;
  if (v3)
    return 3;
  return capability >= 80 ? 2 : 0;
}

/// The other dots of the region `dot` depends on or feeds; the first one
/// already on an MMA layout, if any.
struct ChainInfo {
  bool chained = false;
  NvidiaMmaEncodingAttr existing;
};
ChainInfo getChainInfo(DotOp dot, bool usersOnly = false) {
  ChainInfo info;
  Region *region = dot->getParentRegion();
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == region;
  };
  SetVector<Operation *> slice;
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  if (usersOnly) {
    getForwardSlice(dot.getOperation(), &slice, forward);
  } else {
    BackwardSliceOptions backward;
    backward.filter = sameRegion;
    backward.omitUsesFromAbove = false;
    slice = getSlice(dot, backward, forward);
  }
  unsigned rank = dot.getType().getRank();
  for (Operation *op : slice) {
    if (op == dot.getOperation())
      continue;
    Value result;
    if (auto other = dyn_cast<DotOp>(op))
      result = other.getResult();
    else if (auto other = dyn_cast<nvidia_gpu::WarpGroupDotOp>(op))
      result = other.getResult();
    else
      continue;
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getRank() != rank)
      continue;
    if (auto mma =
            dyn_cast_or_null<NvidiaMmaEncodingAttr>(type.getEncoding())) {
      info.existing = mma;
      return info;
    }
    info.chained = true;
  }
  return info;
}

/// Warps of an mma.sync tile: doubled along the dimension with more 16x8
/// tiles per warp left, M first on ties.
SmallVector<unsigned> warpsPerTileV2(DotOp dot, ArrayRef<int64_t> shape,
                                     int numWarps) {
  // Batched dots: every warp takes its own batch entries.
  if (shape.size() == 3)
    return {unsigned(numWarps), 1, 1};
  ChainInfo chain = getChainInfo(dot);
  if (chain.existing)
    return llvm::to_vector(chain.existing.getWarpsPerCTA());
  if (chain.chained) {
    if (shape[0] >= shape[1])
      return {unsigned(numWarps), 1};
    return {1, unsigned(numWarps)};
  }
  // Balance the 16x8 tiles each warp repeats along M and N (a warp holds
  // 4 registers of A per M tile and 2 of B per N tile, so ties go to M):
  // each doubling of warps goes to the dimension with more repeats left.
  // Warps beyond one tile each go along M.
  SmallVector<unsigned> ret{1, 1};
  int64_t reps[2] = {std::max<int64_t>(1, llvm::divideCeil(shape[0], 16)),
                     std::max<int64_t>(1, llvm::divideCeil(shape[1], 8))};
  while (int64_t(ret[0]) * ret[1] < numWarps) {
    if (reps[0] >= reps[1]) {
      ret[0] *= 2;
      if (reps[0] != 1)
        reps[0] /= 2;
    } else {
      ret[1] *= 2;
      reps[1] /= 2;
    }
  }
  return ret;
}

/// Warps of a wgmma tile: warp groups of four along M, then more along M
/// while M has rows left, else along N.
SmallVector<unsigned> warpsPerTileV3(DotOp dot, ArrayRef<int64_t> shape,
                                     int numWarps) {
  // A dot feeding another (attention's QK^T into PV) keeps all its warps
  // along M, so that the rows reduce within warps.
  ChainInfo chain = getChainInfo(dot, /*usersOnly=*/true);
  if (chain.chained || chain.existing)
    return {unsigned(numWarps), 1};
  SmallVector<unsigned> ret{4, 1};
  while (int64_t(ret[0]) * ret[1] < numWarps) {
    if (shape[0] > 16 * int64_t(ret[0]))
      ret[0] *= 2;
    else
      ret[1] *= 2;
  }
  return ret;
}

/// The widest wgmma N that divides the tile and leaves each warp group its
/// share of N (the warps beyond those M's 16-row strips take split N, as
/// upstream's choice has it): a multiple of 8 up to 256, or for 8-bit
/// integers a multiple of 16 up to 224, 24 or 8 (the shapes the PTX ISA
/// has for .s8).
unsigned instrNV3(ArrayRef<int64_t> shape, int numWarps, Type elementType) {
  int64_t mWarps = std::max<int64_t>(shape[0] / 16, 1);
  int64_t nWarps = std::max<int64_t>(numWarps / mWarps, 1);
  int64_t maxN = std::max<int64_t>(shape[1] / nWarps, 8);
  bool isInt = elementType.isInteger(8);
  for (unsigned candidate = isInt ? 224 : 256; candidate >= 8;
       candidate -= 8) {
    if (isInt && candidate > 24 && candidate % 16 != 0)
      continue;
    if (shape[1] % candidate == 0 && candidate <= maxN)
      return candidate;
  }
  return 8;
}

/// The tensor a wgmma operand is stored from: the operand before its
/// conversion to a dot_op layout.
Value sharedOperandSource(Value operand) {
  if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
    return cvt.getSrc();
  return operand;
}

/// The NVMMA shared layout wgmma operand `opIdx` is stored with: in the
/// order its registers hold it, or with K contiguous when `kMajor` (wgmma
/// transposes only 16-bit operands).
NVMMASharedEncodingAttr sharedOperandEncoding(RankedTensorType type,
                                              unsigned opIdx, bool kMajor) {
  SmallVector<unsigned> order = getOrderForMemory(type);
  if (kMajor)
    order = opIdx == 0 ? SmallVector<unsigned>{1, 0}
                       : SmallVector<unsigned>{0, 1};
  return getNVMMASharedEncoding(
      type.getContext(), getShapePerCTA(type), order, type.getElementType(),
      getCgaBases(type.getEncoding(), type.getRank()));
}

/// Stores wgmma operand `opIdx` of `dot` to shared memory
/// (sharedOperandEncoding). When K-major storage is not the order the
/// registers hold the operand in, the dot gets a warning (in the words
/// upstream's warning starts with): the store transposes it.
Value toSharedOperand(OpBuilder &b, Operation *dot, Value operand,
                      unsigned opIdx, bool kMajor) {
  Value src = sharedOperandSource(operand);
  auto type = cast<RankedTensorType>(src.getType());
  NVMMASharedEncodingAttr encoding = sharedOperandEncoding(type, opIdx, kMajor);
  SmallVector<unsigned> registerOrder = getOrderForMemory(type);
  SmallVector<unsigned> memoryOrder = encoding.getTransposed()
                                          ? SmallVector<unsigned>{0, 1}
                                          : SmallVector<unsigned>{1, 0};
  if (kMajor && type.getRank() == 2 && registerOrder != memoryOrder)
    dot->emitWarning("Forcing a different order [")
        << memoryOrder[0] << ", " << memoryOrder[1]
        << "] on shared memory than the register order of operand " << opIdx
        << ": wgmma reads operands of other than 16 bits with K contiguous, "
           "so the registers are transposed before they are stored; "
           "transposing the operand in global memory avoids that";
  auto memType =
      MemDescType::get(type.getShape(), type.getElementType(), encoding,
                       SharedMemorySpaceAttr::get(b.getContext()));
  // Right after the tensor is defined, so that a loop-invariant operand is
  // stored once, outside the loop.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(src);
  return LocalAllocOp::create(b, src.getLoc(), memType, src);
}

/// Whether a wgmma of this tile can use the swizzled shared layouts the
/// lowering addresses (32, 64 or 128 bytes wide), stored as
/// toSharedOperand stores it.
bool hasWgmmaSwizzle(Value operand, unsigned opIdx, bool kMajor) {
  auto type = cast<RankedTensorType>(sharedOperandSource(operand).getType());
  if (!type.getEncoding() || !isDistributedEncoding(type.getEncoding()))
    return false;
  return sharedOperandEncoding(type, opIdx, kMajor).getSwizzlingByteWidth() !=
         0;
}

/// `v` converted to element type `to`: fp8 through tt.fp_to_fp, other
/// floats extended, integers sign-extended.
Value promote(OpBuilder &b, Value v, Type to) {
  auto type = cast<RankedTensorType>(v.getType());
  Type from = type.getElementType();
  if (from == to)
    return v;
  auto newType = type.clone(to);
  Location loc = v.getLoc();
  if (isa<FloatType>(to)) {
    if (isa<IntegerType>(from))
      return arith::SIToFPOp::create(b, loc, newType, v);
    if (isTensorCoreFp8(from))
      return FpToFpOp::create(b, loc, newType, v, /*rounding=*/nullptr);
    return arith::ExtFOp::create(b, loc, newType, v);
  }
  return arith::ExtSIOp::create(b, loc, newType, v);
}

/// Whether `v`, through layout conversions and transposes, is loaded from
/// global memory or is a block argument: such a wgmma operand A goes to
/// shared memory (a transpose becomes the shared layout's order), one
/// computed in registers stays there.
bool comesFromLoadOrBlockArg(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<ConvertLayoutOp, TransOp>(def))
      break;
    v = def->getOperand(0);
  }
  if (isa<BlockArgument>(v))
    return true;
  return isa<LoadOp, DescriptorLoadOp, DescriptorGatherOp>(v.getDefiningOp());
}

struct AccelerateMatmulPass
    : public triton::gpu::impl::TritonGPUAccelerateMatmulBase<
          AccelerateMatmulPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    std::optional<int> capability = getCudaCapability(mod);
    if (!capability)
      return;
    // Before Ampere every dot is left to the FMA lowering, which takes its
    // operands in the accumulator's type.
    if (*capability >= 80) {
      SmallVector<DotOp> dots;
      mod.walk([&](DotOp dot) { dots.push_back(dot); });
      // Last dot first, as upstream's greedy rewrite visits them: in a
      // chain, the dot fed by another is placed first.
      for (DotOp dot : llvm::reverse(dots))
        rewrite(dot, *capability);
    }
    mod.walk([&](DotOp dot) { promoteOperands(dot); });
  }

  /// Operands the dot's lowering cannot take as they are: fp8 operands of
  /// mma.sync become f16 (fp8 mma.sync is f16 MMA in SASS on sm_90, and
  /// does not exist before sm_89), and FMA operands take the accumulator's
  /// type.
  static void promoteOperands(DotOp dot) {
    bool onMma =
        isa_and_nonnull<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
    Type dElt = dot.getType().getElementType();
    Type to = onMma ? Float16Type::get(dot.getContext()) : dElt;
    OpBuilder b(dot);
    for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
      Type elt = getElementTypeOrSelf(operand->get().getType());
      if (onMma ? isTensorCoreFp8(elt) : elt != dElt)
        operand->set(promote(b, operand->get(), to));
    }
  }

  void rewrite(DotOp dot, int capability) {
    RankedTensorType dType = dot.getType();
    if (!isa_and_nonnull<BlockedEncodingAttr>(dType.getEncoding()))
      return;
    unsigned rank = dType.getRank();
    if (rank != 2 && rank != 3)
      return;
    std::optional<int64_t> numWarps = lookupNumWarps(dot);
    if (!numWarps)
      return;
    SmallVector<int64_t> shape = getShapePerCTA(dType);
    int64_t k = dot.getA().getType().getShape()[rank - 1];
    int version = chooseMmaVersion(dot, capability, *numWarps, shape, k);
    if (version == 0)
      return;
    MLIRContext *ctx = dot.getContext();
    SmallVector<int32_t> cgaBases = getCgaBases(dType.getEncoding(), rank);
    OpBuilder b(dot);
    Location loc = dot.getLoc();

    Value aIn = dot.getA(), bIn = dot.getB();
    Type opElt = dot.getA().getType().getElementType();
    // wgmma transposes 16-bit operands only; others are stored K-major.
    bool kMajor = opElt.getIntOrFloatBitWidth() != 16;
    bool aInRegisters = !comesFromLoadOrBlockArg(aIn);
    if (version == 3 && ((!aInRegisters && !hasWgmmaSwizzle(aIn, 0, kMajor)) ||
                         !hasWgmmaSwizzle(bIn, 1, kMajor)))
      version = 2;

    unsigned kInstr = 256 / opElt.getIntOrFloatBitWidth();
    NvidiaMmaEncodingAttr mma;
    if (version == 3) {
      unsigned n = instrNV3(shape, *numWarps, opElt);
      SmallVector<unsigned> warps = warpsPerTileV3(dot, shape, *numWarps);
      mma = NvidiaMmaEncodingAttr::get(ctx, 3, 0, warps, {16, n, kInstr},
                                       cgaBases);
    } else {
      SmallVector<unsigned> warps = warpsPerTileV2(dot, shape, *numWarps);
      SmallVector<unsigned> instr{16, 8};
      if (rank == 3)
        instr.insert(instr.begin(), 1);
      mma = NvidiaMmaEncodingAttr::get(ctx, 2, 0, warps, instr, cgaBases);
    }
    auto withEncoding = [](RankedTensorType t, Attribute encoding) {
      return RankedTensorType::get(t.getShape(), t.getElementType(),
                                   encoding);
    };
    // Conversions take the location of the value they convert.
    Value c = ConvertLayoutOp::create(b, dot.getC().getLoc(),
                                      withEncoding(dType, mma), dot.getC());
    // Each thread holds 32 bits of K per register; fp8 operands of
    // mma.sync are upcast to f16 in that layout (promoteOperands).
    // (An f64 takes a register of its own.)
    unsigned kWidth = std::max(1u, 32 / opElt.getIntOrFloatBitWidth());
    if (version == 2 && isTensorCoreFp8(opElt))
      kWidth = 2;
    auto toDotOperand = [&](Value v, unsigned opIdx) -> Value {
      auto type = cast<RankedTensorType>(v.getType());
      auto encoding = DotOperandEncodingAttr::get(ctx, opIdx, mma, kWidth);
      return ConvertLayoutOp::create(b, v.getLoc(),
                                     withEncoding(type, encoding), v);
    };
    Value d;
    if (version == 3) {
      Value a = aInRegisters ? toDotOperand(aIn, 0)
                             : toSharedOperand(b, dot, aIn, 0, kMajor);
      Value bOp = toSharedOperand(b, dot, bIn, 1, kMajor);
      d = nvidia_gpu::WarpGroupDotOp::create(
          b, loc, c.getType(), a, bOp, c, /*useC=*/Value(),
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(),
          /*isAsync=*/false);
    } else {
      Value a = toDotOperand(aIn, 0);
      Value bOp = toDotOperand(bIn, 1);
      d = DotOp::create(b, loc, c.getType(), a, bOp, c,
                        dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
    }
    Value back = ConvertLayoutOp::create(b, loc, dType, d);
    dot.replaceAllUsesWith(back);
    dot.erase();
    // The operands' conversions to FMA dot_op layouts are dead now.
    for (Value old : {aIn, bIn})
      if (auto cvt = old.getDefiningOp<ConvertLayoutOp>())
        if (cvt->use_empty())
          cvt.erase();
  }
};

} // namespace
