//===- Dialect.cpp - the ttg dialect --------------------------------------===//
//
// Registration, printer aliases, verification of the module attributes, and
// the layout inference that tt ops ask for when their tensors carry ttg
// encodings.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/Triton/IR/Inlining.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/WarpShuffle.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#include "Dialect/TritonGPU/IR/TritonGPUDialect.cpp.inc"

namespace {
/// The aliases Triton's dumps use: #blocked, #mma, #shared, #linear, #smem.
/// Slices and dot operands print inline.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
                 AMDWmmaEncodingAttr>(attr))
      os << "mma";
    else if (isSharedEncoding(attr))
      os << "shared";
    else if (isa<LinearEncodingAttr>(attr))
      os << "linear";
    else if (isa<SharedMemorySpaceAttr>(attr))
      os << "smem";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};

/// `layout` with its register bases sorted, to compare layouts that hold the
/// same values in the same threads in different registers.
static LinearLayout sortedRegisters(const LinearLayout &layout) {
  LinearLayout::BasesT bases = layout.getBases();
  StringAttr kRegister = StringAttr::get(
      layout.getOutDimNames().begin()->getContext(), "register");
  if (bases.contains(kRegister))
    llvm::sort(bases[kRegister]);
  return LinearLayout(std::move(bases), layout.getOutDims(),
                      /*requireSurjective=*/false);
}

/// [0, 1, ..., rank - 1].
static SmallVector<int32_t> identityOrder(unsigned rank) {
  return llvm::to_vector(llvm::seq<int32_t>(0, rank));
}

/// Counts, per dimension, the bases of one input (`bases`) that a blocked
/// layout of dimension order `order` would have in its CTA tile: dimension
/// order[0]'s first, each a run of doubling unit steps from `start[d]`
/// (zeros: steps past the tensor, counted to the dimension whose run they
/// end). Stops at the first basis that continues no run (a repetition);
/// nullopt where a dimension comes back after a later one.
static std::optional<SmallVector<unsigned>>
countTileBases(ArrayRef<std::vector<int32_t>> bases, ArrayRef<unsigned> order,
               ArrayRef<int64_t> start, bool wholeInput) {
  unsigned rank = order.size();
  SmallVector<unsigned> counts(rank, 1);
  SmallVector<int64_t> next(start);
  unsigned k = 0;
  for (const std::vector<int32_t> &basis : bases) {
    auto nonzero = llvm::make_filter_range(
        llvm::seq<unsigned>(0, rank), [&](unsigned d) { return basis[d]; });
    unsigned numNonzero = llvm::range_size(nonzero);
    if (numNonzero == 0) {
      counts[order[k]] *= 2;
      continue;
    }
    if (numNonzero != 1)
      return std::nullopt;
    unsigned d = *nonzero.begin();
    unsigned pos = llvm::find(order, d) - order.begin();
    if (pos < k || basis[d] != next[d]) {
      if (wholeInput)
        return std::nullopt;
      break; // The tile ended: repetitions follow.
    }
    k = pos;
    counts[d] *= 2;
    next[d] *= 2;
  }
  return counts;
}

/// The blocked encoding whose layout on `shape` is `layout`, if there is
/// one (as upstream, reshapes of blocked tensors stay blocked where they
/// can).
static std::optional<BlockedEncodingAttr>
blockedEncodingOf(MLIRContext *ctx, const LinearLayout &layout,
                  ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  auto get = [&](StringRef dim) -> ArrayRef<std::vector<int32_t>> {
    auto it = layout.getBases().find(StringAttr::get(ctx, dim));
    if (it == layout.getBases().end())
      return {};
    return it->second;
  };
  ArrayRef<std::vector<int32_t>> regs = get("register"), lanes = get("lane"),
                                 warps = get("warp"), blocks = get("block");
  // The order: dimensions as their first steps come, then the rest from
  // the last.
  SmallVector<unsigned> order;
  for (ArrayRef<std::vector<int32_t>> in : {regs, lanes, warps})
    for (const std::vector<int32_t> &basis : in)
      for (unsigned d = 0; d < rank; ++d)
        if (basis[d] && !llvm::is_contained(order, d))
          order.push_back(d);
  for (int d = rank - 1; d >= 0; --d)
    if (!llvm::is_contained(order, unsigned(d)))
      order.push_back(d);
  SmallVector<int64_t> ones(rank, 1);
  auto spt = countTileBases(regs, order, ones, /*wholeInput=*/false);
  if (!spt)
    return std::nullopt;
  SmallVector<int64_t> afterRegs(spt->begin(), spt->end());
  auto tpw = countTileBases(lanes, order, afterRegs, /*wholeInput=*/true);
  if (!tpw)
    return std::nullopt;
  SmallVector<int64_t> afterLanes;
  for (unsigned d = 0; d < rank; ++d)
    afterLanes.push_back(afterRegs[d] * (*tpw)[d]);
  auto wpc = countTileBases(warps, order, afterLanes, /*wholeInput=*/true);
  if (!wpc)
    return std::nullopt;
  SmallVector<int32_t> cga;
  for (const std::vector<int32_t> &basis : blocks)
    cga.append(basis.begin(), basis.end());
  auto blocked = BlockedEncodingAttr::get(ctx, *spt, *tpw, *wpc, order, cga);
  std::optional<LinearLayout> same = toLinearLayout(shape, blocked);
  if (!same || *same != layout)
    return std::nullopt;
  return blocked;
}

/// Layout inference for tt ops on tensors with ttg encodings.
struct TritonGPUInferLayoutInterface : public DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const override {
    resultEncoding = SliceEncodingAttr::get(operandEncoding.getContext(), axis,
                                            operandEncoding);
    return success();
  }

  LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const override {
    auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding);
    if (!slice)
      return emitOptionalError(loc, "expand_dims expects a slice layout, got ",
                               operandEncoding);
    if (slice.getDim() != axis)
      return emitOptionalError(loc, "expand_dims axis ", axis,
                               " does not match the slice dimension ",
                               slice.getDim());
    resultEncoding = slice.getParent();
    return success();
  }

  LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const override {
    auto blocked = dyn_cast<BlockedEncodingAttr>(operandEncoding);
    if (!blocked) {
      // Other layouts transpose as linear layouts: the result's dimension i
      // is the operand's dimension order[i].
      std::optional<LinearLayout> ll = toLinearLayout(shape, operandEncoding);
      if (!ll)
        return emitOptionalError(loc, "cannot transpose a tensor with layout ",
                                 operandEncoding);
      resultEncoding = linearEncodingFrom(*ll, order);
      return success();
    }
    SmallVector<unsigned> inverse(order.size());
    for (auto [i, dim] : llvm::enumerate(order))
      inverse[dim] = i;
    auto permute = [&](ArrayRef<unsigned> values) {
      SmallVector<unsigned> result;
      for (int32_t dim : order)
        result.push_back(values[dim]);
      return result;
    };
    SmallVector<unsigned> newOrder;
    for (unsigned dim : blocked.getOrder())
      newOrder.push_back(inverse[dim]);
    SmallVector<int32_t> cga;
    unsigned rank = blocked.getRank();
    ArrayRef<int32_t> oldCga = blocked.getCgaBases();
    for (size_t i = 0; i < oldCga.size(); i += rank)
      for (int32_t dim : order)
        cga.push_back(oldCga[i + dim]);
    resultEncoding = BlockedEncodingAttr::get(
        operandEncoding.getContext(), permute(blocked.getSizePerThread()),
        permute(blocked.getThreadsPerWarp()), permute(blocked.getWarpsPerCTA()),
        newOrder, cga);
    return success();
  }

  LogicalResult
  inferJoinOpEncoding(Attribute srcEncoding, Attribute &dstEncoding,
                      ArrayRef<int64_t> shape,
                      std::optional<Location> loc) const override {
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEncoding)) {
      dstEncoding = getJoinedBlockedEncoding(blocked);
      return success();
    }
    // Operands sliced from a layout along the new minor dimension join
    // into that layout where each thread holds both halves (the inverse of
    // a split, as upstream infers it).
    if (auto slice = dyn_cast<SliceEncodingAttr>(srcEncoding);
        slice && slice.getDim() == shape.size()) {
      SmallVector<int64_t> joined(shape);
      joined.push_back(2);
      if (std::optional<LinearLayout> parent =
              toLinearLayout(joined, slice.getParent())) {
        // Without broadcasting: every basis names an element.
        unsigned last = shape.size();
        int inRegisters = 0, elsewhere = 0;
        bool broadcasts = false;
        for (StringAttr dim : parent->getInDimNames())
          for (int i = 0; i < parent->getInDimSizeLog2(dim); ++i) {
            ArrayRef<int32_t> basis = parent->getBasis(dim, i);
            broadcasts |= llvm::all_of(basis, [](int32_t x) { return x == 0; });
            if (basis[last] != 0)
              ++(dim.getValue() == "register" ? inRegisters : elsewhere);
          }
        if (inRegisters == 1 && elsewhere == 0 && !broadcasts) {
          dstEncoding = slice.getParent();
          return success();
        }
      }
    }
    // The new minor dimension becomes each thread's fastest register.
    std::optional<LinearLayout> ll = toLinearLayout(shape, srcEncoding);
    if (!ll)
      return emitOptionalError(loc, "cannot join tensors with layout ",
                               srcEncoding);
    unsigned rank = shape.size();
    auto extend = [&](ArrayRef<int32_t> flat) {
      SmallVector<int32_t> result;
      for (size_t i = 0; i < flat.size(); i += rank) {
        llvm::append_range(result, flat.slice(i, rank));
        result.push_back(0);
      }
      return result;
    };
    LinearEncodingAttr src = linearEncodingFrom(*ll, identityOrder(rank));
    SmallVector<int32_t> registers(rank, 0);
    registers.push_back(1);
    llvm::append_range(registers, extend(src.getRegisterBases()));
    dstEncoding = LinearEncodingAttr::get(srcEncoding.getContext(), rank + 1,
                                          registers, extend(src.getLaneBases()),
                                          extend(src.getWarpBases()),
                                          extend(src.getBlockBases()));
    return success();
  }

  LogicalResult
  inferSplitOpEncoding(Attribute srcEncoding, Attribute &dstEncoding,
                       ArrayRef<int64_t> shape,
                       std::optional<Location> loc) const override {
    auto blocked = dyn_cast<BlockedEncodingAttr>(srcEncoding);
    unsigned rank = shape.size();
    // A blocked layout whose threads each hold both halves (upstream's
    // rule: the split dimension may stand anywhere in the order).
    auto splitsInThreads = [&](BlockedEncodingAttr b) {
      ArrayRef<int32_t> cga = b.getCgaBases();
      for (size_t i = rank - 1; i < cga.size(); i += rank)
        if (cga[i] != 0)
          return false;
      return b.getSizePerThread().back() == 2 &&
             b.getThreadsPerWarp().back() == 1 &&
             b.getWarpsPerCTA().back() == 1;
    };
    if (blocked && rank >= 2 && splitsInThreads(blocked)) {
      dstEncoding = getSplitBlockedEncoding(blocked);
      return success();
    }
    // The split dimension must live in one register basis of each thread.
    std::optional<LinearLayout> ll = toLinearLayout(shape, srcEncoding);
    if (!ll || rank < 1)
      return emitOptionalError(loc, "cannot split a tensor with layout ",
                               srcEncoding);
    LinearEncodingAttr src = linearEncodingFrom(*ll, identityOrder(rank));
    bool found = false;
    auto dropLast =
        [&](ArrayRef<int32_t> flat,
            bool isRegister) -> std::optional<SmallVector<int32_t>> {
      SmallVector<int32_t> result;
      for (size_t i = 0; i < flat.size(); i += rank) {
        ArrayRef<int32_t> basis = flat.slice(i, rank);
        if (basis.back() != 0) {
          bool onlyLast =
              llvm::all_of(basis.drop_back(), [](int32_t v) { return v == 0; });
          if (!isRegister || found || !onlyLast)
            return std::nullopt;
          found = true;
          continue;
        }
        llvm::append_range(result, basis.drop_back());
      }
      return result;
    };
    auto registers = dropLast(src.getRegisterBases(), true);
    auto lanes = dropLast(src.getLaneBases(), false);
    auto warps = dropLast(src.getWarpBases(), false);
    auto blocks = dropLast(src.getBlockBases(), false);
    if (!registers || !lanes || !warps || !blocks || !found)
      return emitOptionalError(loc,
                               "split needs a layout that keeps the "
                               "last dimension (of size 2) in the "
                               "registers of each thread, got ",
                               srcEncoding);
    dstEncoding = LinearEncodingAttr::get(srcEncoding.getContext(), rank - 1,
                                          *registers, *lanes, *warps, *blocks);
    return success();
  }

  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const override {
    if (srcShape == dstShape) {
      dstEncoding = srcEncoding;
      return success();
    }
    // Keeping the row-major element order: the layout's output bits are
    // regrouped with the last dimension lowest.
    std::optional<LinearLayout> ll = toLinearLayout(srcShape, srcEncoding);
    if (!ll)
      return emitOptionalError(loc, "cannot reshape a tensor with layout ",
                               srcEncoding);
    LinearLayout reshaped = reshapeRowMajor(*ll, dstShape);
    if (isa<BlockedEncodingAttr>(srcEncoding))
      if (std::optional<BlockedEncodingAttr> blocked = blockedEncodingOf(
              srcEncoding.getContext(), reshaped, dstShape)) {
        dstEncoding = *blocked;
        return success();
      }
    dstEncoding = linearEncodingFrom(reshaped, identityOrder(dstShape.size()));
    return success();
  }

  LogicalResult inferDotOpEncoding(Attribute operandEncoding, unsigned opIdx,
                                   Attribute resultEncoding,
                                   std::optional<Location> loc) const override {
    auto dotOperand = dyn_cast<DotOperandEncodingAttr>(operandEncoding);
    if (!dotOperand)
      return emitOptionalError(loc, "dot operand ", opIdx,
                               " must have a dot_op layout, got ",
                               operandEncoding);
    if (dotOperand.getOpIdx() != opIdx)
      return emitOptionalError(loc, "dot operand ", opIdx,
                               " has a dot_op layout with opIdx ",
                               dotOperand.getOpIdx());
    if (dotOperand.getParent() != resultEncoding)
      return emitOptionalError(loc, "the parent of the layout of dot operand ",
                               opIdx, " (", dotOperand.getParent(),
                               ") must be the result's layout (",
                               resultEncoding, ")");
    return success();
  }

  /// Two encodings are equivalent when they place every element of the
  /// tensor on the same register, lane, warp and CTA.
  bool isEquivalentLayout(ArrayRef<int64_t> shape, Attribute expected,
                          Attribute actual,
                          bool anyRegisterOrder) const override {
    if (expected == actual)
      return true;
    std::optional<LinearLayout> a = toLinearLayout(shape, expected);
    std::optional<LinearLayout> b = toLinearLayout(shape, actual);
    if (!a || !b)
      return false;
    if (*a == *b)
      return true;
    if (!anyRegisterOrder)
      return false;
    return sortedRegisters(*a) == sortedRegisters(*b);
  }

  LogicalResult
  verifyDotOpEncodingCompatibility(Operation *op, Attribute operandEncodingA,
                                   Attribute operandEncodingB) const override {
    auto a = dyn_cast<DotOperandEncodingAttr>(operandEncodingA);
    auto b = dyn_cast<DotOperandEncodingAttr>(operandEncodingB);
    if (!a || !b)
      return op->emitOpError("operands must have dot_op layouts");
    if (a.getParent() != b.getParent())
      return op->emitOpError("the dot_op layouts of a and b must have the "
                             "same parent");
    if (a.getKWidth() != b.getKWidth())
      return op->emitOpError("mismatching kWidth between A and B operands, "
                             "got ")
             << a.getKWidth() << " and " << b.getKWidth();
    // Ampere's tensor cores read f32 operands only as tf32.
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(a.getParent());
    auto dot = dyn_cast<DotOp>(op);
    if (mma && mma.isAmpere() && dot &&
        dot.getA().getType().getElementType().isF32() &&
        dot.getInputPrecision() != InputPrecision::TF32 &&
        dot.getInputPrecision() != InputPrecision::TF32x3)
      return op->emitOpError("unsupported MMA version: MMAv2 takes f32 "
                             "operands only with tf32 input precision, got ")
             << stringifyInputPrecision(dot.getInputPrecision());
    return success();
  }
};
/// The number of warps `op` runs on: that of the warp_specialize partition
/// holding it, or the nearest `ttg.num-warps` attribute.
static std::optional<int64_t> findNumWarps(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    if (auto partitions =
            dyn_cast_or_null<WarpSpecializePartitionsOp>(cur->getParentOp())) {
      unsigned index = cur->getParentRegion()->getRegionNumber();
      auto ws = cast<WarpSpecializeOp>(partitions->getParentOp());
      if (index < ws.getPartitionNumWarps().size())
        return ws.getPartitionNumWarps()[index];
      return std::nullopt;
    }
    if (auto attr = cur->getAttrOfType<IntegerAttr>(
            TritonGPUDialect::getNumWarpsAttrName()))
      return attr.getInt();
  }
  return std::nullopt;
}

static std::optional<int64_t> lookupModuleInt(Operation *op, StringRef name) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return std::nullopt;
}

/// Warps, threads per warp and CTAs a distributed layout spans, and its rank.
struct LayoutExtent {
  int64_t warps = 1, threads = 1, ctas = 1;
  std::optional<unsigned> rank;
};

static int64_t product(ArrayRef<unsigned> values) {
  int64_t result = 1;
  for (unsigned value : values)
    result *= value;
  return result;
}

/// The extent of a tensor-core accumulator layout whose warps have
/// `threads` lanes.
template <typename MmaAttr>
static LayoutExtent mmaLikeExtent(MmaAttr a, int64_t threads) {
  unsigned rank = a.getRank();
  return LayoutExtent{product(a.getWarpsPerCTA()), threads,
                      int64_t(1) << (a.getCgaBases().size() / rank), rank};
}

static std::optional<LayoutExtent> getLayoutExtent(Attribute layout) {
  return TypeSwitch<Attribute, std::optional<LayoutExtent>>(layout)
      .Case([](BlockedEncodingAttr a) {
        unsigned rank = a.getRank();
        return LayoutExtent{
            product(a.getWarpsPerCTA()), product(a.getThreadsPerWarp()),
            int64_t(1) << (a.getCgaBases().size() / rank), rank};
      })
      // NVIDIA's warps and WMMA's wavefronts have 32 lanes, MFMA's 64.
      .Case([](NvidiaMmaEncodingAttr a) { return mmaLikeExtent(a, 32); })
      .Case([](AMDWmmaEncodingAttr a) { return mmaLikeExtent(a, 32); })
      .Case([](AMDMfmaEncodingAttr a) { return mmaLikeExtent(a, 64); })
      .Case([](LinearEncodingAttr a) {
        unsigned rank = a.getRank();
        if (rank == 0)
          return LayoutExtent{1, 1, 1, std::nullopt};
        return LayoutExtent{int64_t(1) << (a.getWarpBases().size() / rank),
                            int64_t(1) << (a.getLaneBases().size() / rank),
                            int64_t(1) << (a.getBlockBases().size() / rank),
                            rank};
      })
      .Case([](SliceEncodingAttr a) -> std::optional<LayoutExtent> {
        std::optional<LayoutExtent> parent = getLayoutExtent(a.getParent());
        if (parent && parent->rank)
          parent->rank = *parent->rank - 1;
        return parent;
      })
      .Case([](DotOperandEncodingAttr a) {
        return getLayoutExtent(a.getParent());
      })
      .Default([](Attribute) { return std::nullopt; });
}

/// Distributed layouts must fit the tensor's rank and the launch
/// configuration; shared encodings belong on memdescs, not tensors.
struct TritonGPUVerifyTensorLayoutInterface
    : public DialectVerifyTensorLayoutInterface {
  using DialectVerifyTensorLayoutInterface::DialectVerifyTensorLayoutInterface;

  LogicalResult verifyTensorLayout(Attribute layout, RankedTensorType type,
                                   Operation *op) const override {
    if (isSharedEncoding(layout))
      return op->emitOpError("Non-distributed layout is not allowed in "
                             "tensor type. ")
             << type << " has a shared-memory encoding; only memdescs may";
    std::optional<LayoutExtent> extent = getLayoutExtent(layout);
    if (!extent)
      return success();
    if (extent->rank && *extent->rank != type.getRank())
      return op->emitOpError("tensor ")
             << type << " has rank " << type.getRank()
             << ", but its layout has rank " << *extent->rank;
    if (std::optional<int64_t> warps = findNumWarps(op);
        warps && extent->warps != *warps)
      return op->emitOpError("Layout has ")
             << extent->warps << " warps per CTA, but the context requires "
             << *warps << " warps per CTA";
    if (std::optional<int64_t> threads =
            lookupModuleInt(op, TritonGPUDialect::getThreadsPerWarpAttrName());
        threads && extent->threads != *threads)
      return op->emitOpError("Layout has ")
             << extent->threads
             << " threads per warp, but the context requires " << *threads
             << " threads per warp";
    if (std::optional<int64_t> ctas =
            lookupModuleInt(op, TritonGPUDialect::getNumCTAsAttrName());
        ctas && extent->ctas != *ctas)
      return op->emitOpError("Layout has ")
             << extent->ctas << " CTAs per CGA, but the context requires "
             << *ctas << " CTAs per CGA";
    return success();
  }
};
} // namespace

LinearEncodingAttr
mlir::triton::gpu::linearEncodingFrom(const LinearLayout &layout,
                                      ArrayRef<int32_t> order) {
  SmallVector<int32_t> inOrder;
  if (order.empty()) {
    inOrder = llvm::to_vector(llvm::seq<int32_t>(0, layout.getNumOutDims()));
    order = inOrder;
  }
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  auto flatten = [&](StringRef inDim) {
    SmallVector<int32_t> flat;
    StringAttr key = StringAttr::get(ctx, inDim);
    if (!layout.hasInDim(key))
      return flat;
    for (const std::vector<int32_t> &basis : layout.getBases().lookup(key))
      for (int32_t dim : order)
        flat.push_back(basis[dim]);
    return flat;
  };
  return LinearEncodingAttr::get(ctx, order.size(), flatten("register"),
                                 flatten("lane"), flatten("warp"),
                                 flatten("block"));
}

void TritonGPUDialect::initialize() {
  linearLayoutCache = std::make_unique<LinearLayoutCache>();
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface, TritonGPUInferLayoutInterface,
                TritonGPUVerifyTensorLayoutInterface,
                InlineEverywhereInterface>();
}

std::optional<int> mlir::triton::gpu::getCudaCapability(Operation *op) {
  for (auto mod = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                                    : op->getParentOfType<ModuleOp>();
       mod; mod = mod->getParentOfType<ModuleOp>()) {
    auto target = mod->getAttrOfType<StringAttr>("ttg.target");
    if (!target)
      continue;
    StringRef rest = target.getValue();
    int capability;
    if (!rest.consume_front("cuda:") || rest.getAsInteger(10, capability))
      return std::nullopt;
    return capability;
  }
  return std::nullopt;
}

static int getIntModuleAttr(ModuleOp module, StringRef name, int fallback) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

int TritonGPUDialect::getNumWarps(ModuleOp module) {
  return getIntModuleAttr(module, getNumWarpsAttrName(), 4);
}

int TritonGPUDialect::getNumCTAs(ModuleOp module) {
  return getIntModuleAttr(module, getNumCTAsAttrName(), 1);
}

int TritonGPUDialect::getThreadsPerWarp(ModuleOp module) {
  return getIntModuleAttr(module, getThreadsPerWarpAttrName(), 32);
}

/// Checks the discardable `ttg.*` attributes Triton puts on modules and ops.
LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  static constexpr StringLiteral positiveIntAttrs[] = {
      "ttg.num-warps", "ttg.num-ctas", "ttg.threads-per-warp",
      "ttg.total-num-warps", "ttg.maxnreg"};
  if (llvm::is_contained(positiveIntAttrs, name)) {
    auto intAttr = dyn_cast<IntegerAttr>(value);
    if (!intAttr || intAttr.getInt() <= 0)
      return op->emitOpError("attribute '")
             << name << "' must be a positive integer, got " << value;
    if (name != "ttg.maxnreg" && name != "ttg.total-num-warps" &&
        !llvm::isPowerOf2_64(intAttr.getInt()))
      return op->emitOpError("attribute '")
             << name << "' must be a power of two, got " << intAttr.getInt();
    return success();
  }
  if (name == kWarpShufflesAttrName) {
    if (!isa<UnitAttr>(value))
      return op->emitOpError("attribute '")
             << name << "' must be a unit attribute, got " << value;
    if (!isa<ConvertLayoutOp>(op))
      return op->emitOpError("attribute '")
             << name << "' only applies to 'ttg.convert_layout'";
    return success();
  }
  if (name == "ttg.target") {
    if (!isa<StringAttr>(value))
      return op->emitOpError("attribute 'ttg.target' must be a string, got ")
             << value;
    return success();
  }
  return success();
}

std::optional<int64_t> mlir::triton::gpu::lookupNumWarps(Operation *op) {
  return findNumWarps(op);
}
