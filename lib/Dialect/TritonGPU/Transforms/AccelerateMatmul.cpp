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

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The compute capability of a `cuda:NN` target, or nullopt.
std::optional<int> getCudaCapability(ModuleOp mod) {
  auto target = mod->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return std::nullopt;
  StringRef rest = target.getValue();
  int cap;
  if (!rest.consume_front("cuda:") || rest.getAsInteger(10, cap))
    return std::nullopt;
  return cap;
}

/// Operand and accumulator types the MMA lowerings handle: f16 or bf16
/// operands of one type with an f32 accumulator.
bool hasMmaTypes(DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  Type b = dot.getB().getType().getElementType();
  Type c = dot.getC().getType().getElementType();
  return a == b && (a.isF16() || a.isBF16()) && c.isF32();
}

/// The other dots of the region `dot` depends on or feeds; the first one
/// already on an MMA layout, if any.
struct ChainInfo {
  bool chained = false;
  NvidiaMmaEncodingAttr existing;
};
ChainInfo getChainInfo(DotOp dot) {
  ChainInfo info;
  Region *region = dot->getParentRegion();
  auto sameRegion = [&](Operation *op) {
    return op->getParentRegion() == region;
  };
  BackwardSliceOptions backward;
  backward.filter = sameRegion;
  backward.omitUsesFromAbove = false;
  ForwardSliceOptions forward;
  forward.filter = sameRegion;
  SetVector<Operation *> slice = getSlice(dot, backward, forward);
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
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding())) {
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
  ChainInfo chain = getChainInfo(dot);
  if (chain.existing)
    return llvm::to_vector(chain.existing.getWarpsPerCTA());
  if (chain.chained) {
    if (shape[0] >= shape[1])
      return {unsigned(numWarps), 1};
    return {1, unsigned(numWarps)};
  }
  SmallVector<unsigned> ret{1, 1};
  const int64_t perWarp[2] = {16, 8};
  while (int64_t(ret[0]) * ret[1] < numWarps) {
    if (shape[0] / perWarp[0] / ret[0] >= shape[1] / (perWarp[1] * ret[1])) {
      if (ret[0] < shape[0] / perWarp[0])
        ret[0] *= 2;
      else
        ret[1] *= 2;
    } else {
      ret[1] *= 2;
    }
  }
  return ret;
}

/// Warps of a wgmma tile: warp groups of four along M, then more along M
/// while M has rows left, else along N.
SmallVector<unsigned> warpsPerTileV3(DotOp dot, ArrayRef<int64_t> shape,
                                     int numWarps) {
  if (getChainInfo(dot).chained)
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

/// The widest wgmma N (a multiple of 8 up to 256) that divides the tile.
unsigned instrNV3(int64_t n) {
  for (unsigned candidate = 256; candidate >= 8; candidate -= 8)
    if (n % candidate == 0)
      return candidate;
  return 0;
}

/// The NVMMA shared layout of a tile of `shape` stored in `order`: the
/// widest swizzle the contiguous dimension fills.
NVMMASharedEncodingAttr getNVMMASharedEncoding(MLIRContext *ctx,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<unsigned> order,
                                               Type elementType,
                                               ArrayRef<int32_t> cgaBases) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t contigBytes = shape[order[0]] * bits / 8;
  unsigned swizzle = 0;
  for (unsigned candidate : {128u, 64u, 32u}) {
    if (contigBytes >= candidate && contigBytes % candidate == 0) {
      swizzle = candidate;
      break;
    }
  }
  bool transposed = order[0] != shape.size() - 1;
  return NVMMASharedEncodingAttr::get(ctx, swizzle, transposed, bits,
                                      /*fp4Padded=*/false, shape.size(),
                                      cgaBases);
}

/// Stores a wgmma operand to shared memory: the tensor before its
/// conversion to a dot_op layout, in the order its registers hold it.
Value toSharedOperand(OpBuilder &b, Value operand) {
  Value src = operand;
  if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
    src = cvt.getSrc();
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<unsigned> order = getOrderForMemory(type);
  auto encoding = getNVMMASharedEncoding(
      b.getContext(), getShapePerCTA(type), order, type.getElementType(),
      getCgaBases(type.getEncoding(), type.getRank()));
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
/// lowering addresses (32, 64 or 128 bytes wide).
bool hasWgmmaSwizzle(MLIRContext *ctx, Value operand) {
  Value src = operand;
  if (auto cvt = operand.getDefiningOp<ConvertLayoutOp>())
    src = cvt.getSrc();
  auto type = cast<RankedTensorType>(src.getType());
  if (!type.getEncoding() || !isDistributedEncoding(type.getEncoding()))
    return false;
  SmallVector<unsigned> order = getOrderForMemory(type);
  return getNVMMASharedEncoding(ctx, getShapePerCTA(type), order,
                                type.getElementType(), {})
             .getSwizzlingByteWidth() != 0;
}

/// Whether `v`, through layout conversions, is loaded from global memory or
/// is a block argument: such a wgmma operand A goes to shared memory, one
/// computed in registers stays there.
bool comesFromLoadOrBlockArg(Value v) {
  while (auto cvt = v.getDefiningOp<ConvertLayoutOp>())
    v = cvt.getSrc();
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
    if (!capability || *capability < 80)
      return;
    SmallVector<DotOp> dots;
    mod.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      rewrite(dot, *capability);
  }

  void rewrite(DotOp dot, int capability) {
    RankedTensorType dType = dot.getType();
    if (!isa_and_nonnull<BlockedEncodingAttr>(dType.getEncoding()) ||
        dType.getRank() != 2 || !hasMmaTypes(dot))
      return;
    std::optional<int64_t> numWarps = lookupNumWarps(dot);
    if (!numWarps)
      return;
    SmallVector<int64_t> shape = getShapePerCTA(dType);
    int64_t k = dot.getA().getType().getShape()[1];
    if (shape[0] < 16 || shape[1] < 8 || k < 16)
      return;
    MLIRContext *ctx = dot.getContext();
    SmallVector<int32_t> cgaBases = getCgaBases(dType.getEncoding(), 2);
    bool useV3 = capability >= 90 && capability < 100 && cgaBases.empty() &&
                 *numWarps % 4 == 0 && shape[0] % 64 == 0 &&
                 shape[1] % 8 == 0 && k % 16 == 0 &&
                 (!comesFromLoadOrBlockArg(dot.getA()) ||
                  hasWgmmaSwizzle(ctx, dot.getA())) &&
                 hasWgmmaSwizzle(ctx, dot.getB());
    OpBuilder b(dot);
    Location loc = dot.getLoc();
    NvidiaMmaEncodingAttr mma;
    if (useV3) {
      unsigned n = instrNV3(shape[1]);
      SmallVector<unsigned> warps = warpsPerTileV3(dot, shape, *numWarps);
      mma = NvidiaMmaEncodingAttr::get(ctx, 3, 0, warps, {16, n, 16},
                                       cgaBases);
    } else {
      SmallVector<unsigned> warps = warpsPerTileV2(dot, shape, *numWarps);
      mma = NvidiaMmaEncodingAttr::get(ctx, 2, 0, warps, {16, 8}, cgaBases);
    }
    auto withEncoding = [](RankedTensorType t, Attribute encoding) {
      return RankedTensorType::get(t.getShape(), t.getElementType(),
                                   encoding);
    };
    // Conversions take the location of the value they convert.
    Value c = ConvertLayoutOp::create(b, dot.getC().getLoc(),
                                      withEncoding(dType, mma), dot.getC());
    Value d;
    if (useV3) {
      Value a;
      if (comesFromLoadOrBlockArg(dot.getA())) {
        a = toSharedOperand(b, dot.getA());
      } else {
        auto aType = dot.getA().getType();
        a = ConvertLayoutOp::create(
            b, dot.getA().getLoc(),
            withEncoding(aType, DotOperandEncodingAttr::get(
                                    ctx, 0, mma,
                                    32 / aType.getElementTypeBitWidth())),
            dot.getA());
      }
      Value bOp = toSharedOperand(b, dot.getB());
      d = nvidia_gpu::WarpGroupDotOp::create(
          b, loc, c.getType(), a, bOp, c, /*useC=*/Value(),
          dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(),
          /*isAsync=*/false);
    } else {
      unsigned kWidth =
          32 / dot.getA().getType().getElementType().getIntOrFloatBitWidth();
      auto operand = [&](Value v, unsigned opIdx) -> Value {
        auto type = cast<RankedTensorType>(v.getType());
        auto encoding = DotOperandEncodingAttr::get(ctx, opIdx, mma, kWidth);
        return ConvertLayoutOp::create(b, v.getLoc(),
                                       withEncoding(type, encoding), v);
      };
      Value a = operand(dot.getA(), 0);
      Value bOp = operand(dot.getB(), 1);
      d = DotOp::create(b, loc, c.getType(), a, bOp, c,
                        dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
    }
    Value back = ConvertLayoutOp::create(b, loc, dType, d);
    Value oldA = dot.getA(), oldB = dot.getB();
    dot.replaceAllUsesWith(back);
    dot.erase();
    // The operands' conversions to FMA dot_op layouts are dead now.
    for (Value old : {oldA, oldB})
      if (auto cvt = old.getDefiningOp<ConvertLayoutOp>())
        if (cvt->use_empty())
          cvt.erase();
  }
};

} // namespace
