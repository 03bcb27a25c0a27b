//===- PlanCTA.cpp - triton-nvidia-gpu-plan-cta ---------------------------===//
//
// The CTAs of a cluster split a dot's result as upstream tiles it (rows
// first, 64 to 128 per CTA, then columns); each needs the rows of A and the
// columns of B its part of the result reads, and all of K. The CTA
// bases of a blocked layout say which part of the tensor each CTA holds: a
// basis [m, n] sends the CTA bit to the split index m along dim 0 and n
// along dim 1 (zero: the CTAs of that bit hold the same part). A takes the
// result's bases with the column part dropped, B with the row part dropped.
// In a kernel without dots, a 2-D reduction whose operand the CTAs split
// along the reduced dimension gets them all along the other one.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <functional>
#include <numeric>

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// How a dot's M x N result is tiled over `numCTAs` CTAs, as upstream
/// plans it: rows first, in chunks of 128 rows per CTA (64 if the columns
/// left to each CTA would be fewer than 64), the other CTAs along N. When
/// no chunk keeps 64 columns per CTA, the 64-row tiling is taken.
std::pair<int64_t, int64_t> ctaTiling(int64_t m, int64_t n, int64_t numCTAs) {
  int64_t splitM = 1, splitN = numCTAs;
  for (int64_t chunk = 128; chunk >= 64; chunk /= 2) {
    splitM = std::clamp<int64_t>(m / chunk, 1, numCTAs);
    splitN = numCTAs / splitM;
    if (n / splitN >= 64)
      break;
  }
  return {splitM, splitN};
}

/// The CTA bases of a result tiled splitM x splitN: the low CTA bits step
/// along N, the high ones along M (upstream's CTA order [1, 0]).
SmallVector<int32_t> tilingBases(int64_t splitM, int64_t splitN) {
  SmallVector<int32_t> bases;
  for (int32_t n = 1; n < splitN; n *= 2)
    bases.append({0, n});
  for (int32_t m = 1; m < splitM; m *= 2)
    bases.append({m, 0});
  return bases;
}

/// Whether CTA `bases` (flattened, `rank` per basis) split dimension `dim`.
bool splitsDimension(ArrayRef<int32_t> bases, unsigned rank, unsigned dim) {
  for (size_t i = dim; i < bases.size(); i += rank)
    if (bases[i] != 0)
      return true;
  return false;
}

/// The CTA bases of operand `opIdx` of a dot whose result has `bases`
/// (flattened, `rank` per basis): the K coordinate of each is zero.
SmallVector<int32_t> operandCtaBases(ArrayRef<int32_t> bases, unsigned rank,
                                     unsigned opIdx) {
  SmallVector<int32_t> out(bases);
  // A is [.., M, K], B [.., K, N]: K is the last dimension of A and the one
  // before last of B; the result's other one (N of A, M of B) goes.
  unsigned dropped = opIdx == 0 ? rank - 1 : rank - 2;
  for (size_t i = dropped; i < out.size(); i += rank)
    out[i] = 0;
  return out;
}

/// `layout` with CTA bases `bases`, its lanes and warps spread anew over a
/// CTA's part `part` of the tensor (registers per thread and order kept).
BlockedEncodingAttr fitToPart(BlockedEncodingAttr layout,
                              ArrayRef<int64_t> part, ArrayRef<int32_t> bases) {
  auto product = [](ArrayRef<unsigned> values) {
    return std::accumulate(values.begin(), values.end(), 1u,
                           std::multiplies<unsigned>());
  };
  return getBlockedEncodingForPart(layout.getContext(), part,
                                   layout.getSizePerThread(), layout.getOrder(),
                                   product(layout.getThreadsPerWarp()),
                                   product(layout.getWarpsPerCTA()), bases);
}

/// Gives a planned dot's result tiling to every tensor whose layout must
/// agree with it: the conversions of the lowering stay within a CTA, so the
/// accumulator, the loop that carries it and the epilogue that stores it
/// take the same CTA bases. The values reached through ops that keep
/// layouts (elementwise ops, loads and stores through pointers or
/// descriptors (whose layouts are chosen later, from these), broadcasts,
/// expand_dims, loop and branch results, layout conversions, reductions along a
/// dimension the CTAs do not split) are retyped; at a dot's operands, planned
/// apart, the value is converted back to what it was. A plan that would
/// need other conversions is not applied (isSelfContained).
class CtaRetagger {
public:
  /// `shape`: the 2-D shape the planned `bases` tile, whose CTA part the
  /// retyped layouts' threads are fitted to.
  CtaRetagger(ArrayRef<int32_t> bases, ArrayRef<int64_t> shape)
      : bases(bases), part(getShapePerCTA(bases, 2, shape)) {}

  /// `enc` with the planned CTA bases (its lanes and warps fitted to a CTA's
  /// part, as upstream's plan fits them), for the 2-D blocked layouts and
  /// their slices; nullptr for others.
  Attribute remap(Attribute enc) const {
    if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(enc))
      return blocked.getRank() == 2 ? fitToPart(blocked, part, bases)
                                    : Attribute();
    if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(enc))
      if (Attribute parent = remap(slice.getParent()))
        return SliceEncodingAttr::get(enc.getContext(), slice.getDim(), parent);
    return Attribute();
  }

  RankedTensorType remap(Type type) const {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return nullptr;
    Attribute enc = remap(tensor.getEncoding());
    return enc ? tensor.cloneWithEncoding(enc) : nullptr;
  }

  /// Finds the values whose layout must agree with `root`'s.
  void collect(Value root) {
    add(root);
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      // A value that cannot be retyped is converted where the group reads
      // it (recorded by connect), and ties nothing else to the group.
      if (fixed.contains(v))
        continue;
      if (auto result = dyn_cast<OpResult>(v))
        connectDefinition(result);
      else if (auto forOp = dyn_cast<scf::ForOp>(
                   cast<BlockArgument>(v).getOwner()->getParentOp()))
        connectLoop(forOp, cast<BlockArgument>(v).getArgNumber() - 1);
      for (OpOperand &use : v.getUses())
        if (!connect(use.getOwner(), &use))
          boundaryUses.push_back(&use);
    }
  }

  /// Whether retyping the values found leaves only conversions that
  /// remove-layout-conversions takes away or the lowering can do: the values
  /// the group reads but cannot retype are recomputed from scalars by cheap
  /// ops (an index range, say), the group is read elsewhere only by
  /// conversions to a dot's operands (which plan-cta plans), and it holds no
  /// result of a dot other than `dot` (whose own plan would compete with
  /// this one). Anything else (a reduction along a dimension the plan
  /// splits, say) would be a conversion between CTAs.
  bool isSelfContained(Operation *dot = nullptr) const {
    if (!llvm::all_of(fixedUses, [&](OpOperand *use) {
          Value v = use->get();
          return isRecomputable(v) ||
                 sameCtaParts(cast<RankedTensorType>(v.getType()),
                              remap(v.getType()));
        }))
      return false;
    auto otherDot = [&](Value v) {
      Operation *def = v.getDefiningOp();
      return isa_and_nonnull<DotOp>(def) && def != dot;
    };
    if (llvm::any_of(group, otherDot))
      return false;
    return llvm::all_of(boundaryUses, [&](OpOperand *use) {
      auto cvt = dyn_cast<ConvertLayoutOp>(use->getOwner());
      return cvt && (isa_and_nonnull<DotOperandEncodingAttr>(
                         cvt.getType().getEncoding()) ||
                     sameCtaParts(remap(use->get().getType()), cvt.getType()));
    });
  }

  /// Retypes the values found, converting at the group's edges.
  void apply() {
    DenseMap<Value, Type> oldTypes;
    for (Value v : group) {
      oldTypes[v] = v.getType();
      v.setType(remap(v.getType()));
      if (auto cst = v.getDefiningOp<arith::ConstantOp>())
        if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
          cst.setValueAttr(dense.reshape(cast<ShapedType>(v.getType())));
    }
    // Values the group reads but cannot retype (a function argument, the
    // result of another op) are converted where the group reads them, and
    // the group's values converted back where others read them.
    for (OpOperand *use : fixedUses) {
      OpBuilder b(use->getOwner());
      Value v = use->get();
      use->set(ConvertLayoutOp::create(b, v.getLoc(), remap(v.getType()), v));
    }
    for (OpOperand *use : boundaryUses) {
      OpBuilder b(use->getOwner());
      Value v = use->get();
      use->set(ConvertLayoutOp::create(b, v.getLoc(), oldTypes.lookup(v), v));
    }
  }

private:
  /// Whether each CTA holds the same part of the tensor in both types (a
  /// conversion between them stays within CTAs).
  static bool sameCtaParts(RankedTensorType a, RankedTensorType b) {
    std::optional<LinearLayout> la =
        toLinearLayout(a.getShape(), a.getEncoding());
    std::optional<LinearLayout> lb =
        toLinearLayout(b.getShape(), b.getEncoding());
    return la && lb && haveSameCtaParts(*la, *lb);
  }

  /// Whether `v` is computed from scalars by ops free of memory effects
  /// that remove-layout-conversions recomputes in any layout.
  static bool isRecomputable(Value v) {
    SmallVector<Value> worklist{v};
    DenseSet<Value> seen;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!isa<RankedTensorType>(value.getType()) || !seen.insert(value).second)
        continue;
      Operation *def = value.getDefiningOp();
      if (!def || !isMemoryEffectFree(def) || def->getNumRegions() != 0 ||
          isa<DotOp, ReduceOp, ScanOp>(def))
        return false;
      llvm::append_range(worklist, def->getOperands());
    }
    return true;
  }

  void add(Value v) {
    if (!remap(v.getType()) || group.contains(v) || fixed.contains(v))
      return;
    bool retypable = false;
    if (auto cst = v.getDefiningOp<arith::ConstantOp>())
      // (Only a dense value can be given the new type.)
      retypable = isa<DenseElementsAttr>(cst.getValue());
    else if (Operation *def = v.getDefiningOp())
      retypable = keepsLayout(def, nullptr);
    else if (auto arg = dyn_cast<BlockArgument>(v))
      retypable = isa<scf::ForOp>(arg.getOwner()->getParentOp()) &&
                  arg.getArgNumber() > 0;
    if (retypable)
      group.insert(v);
    else
      fixed.insert(v);
    worklist.push_back(v);
  }

  /// Whether `op` keeps one layout (up to slicing) over the tensors `use`
  /// (or, when null, its results) share: an op all of whose tensors can be
  /// retyped together.
  bool keepsLayout(Operation *op, OpOperand *use) const {
    if (auto dot = dyn_cast<DotOp>(op))
      return !use || use->get() == dot.getC();
    if (isa<scf::YieldOp>(op))
      return isa<scf::ForOp, scf::IfOp>(op->getParentOp());
    if (isa<scf::ForOp>(op))
      return true;
    if (isa<scf::IfOp>(op))
      return !use; // its condition is a scalar
    if (auto cvt = dyn_cast<ConvertLayoutOp>(op))
      return remap(cvt.getSrc().getType()) && remap(cvt.getType());
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return !splits(reduce.getOperands()[0].getType(), reduce.getAxis()) &&
             allRemappable(op);
    if (auto scan = dyn_cast<ScanOp>(op))
      return !splits(scan.getOperands()[0].getType(), scan.getAxis()) &&
             allRemappable(op);
    bool layoutOp =
        op->hasTrait<OpTrait::Elementwise>() ||
        op->hasTrait<OpTrait::SameOperandsAndResultEncoding>() ||
        op->hasTrait<OpTrait::SameLoadStoreOperandsEncoding>() ||
        op->hasTrait<OpTrait::SameLoadStoreOperandsAndResultEncoding>() ||
        isa<arith::ConstantOp, SplatOp, MakeRangeOp, BroadcastOp, ExpandDimsOp,
            arith::SelectOp, DescriptorLoadOp, DescriptorStoreOp,
            DescriptorReduceOp>(op);
    return layoutOp && allRemappable(op);
  }

  /// Whether the planned bases split dimension `axis` of `type` over CTAs.
  bool splits(Type type, unsigned axis) const {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !remap(type))
      return true;
    unsigned rank = 2;
    if (auto slice =
            dyn_cast_or_null<SliceEncodingAttr>(tensor.getEncoding())) {
      // The tensor's dimension `axis` is its parent's dimension `axis`,
      // shifted past the sliced one.
      if (axis >= slice.getDim())
        ++axis;
    }
    return splitsDimension(bases, rank, axis);
  }

  bool allRemappable(Operation *op) const {
    auto ok = [&](Type t) { return !isa<RankedTensorType>(t) || remap(t); };
    return llvm::all_of(op->getOperandTypes(), ok) &&
           llvm::all_of(op->getResultTypes(), ok);
  }

  /// Adds the tensors `op` ties to `use` (null: to its results); false if
  /// `op` does not keep the layout of that use.
  bool connect(Operation *op, OpOperand *use) {
    if (!keepsLayout(op, use))
      return false;
    // (A loop's or a branch's results are tied by connectDefinition, one
    // index each; a loop's uses are its bounds and its inits.)
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      if (use->getOperandNumber() < 3)
        return false;
      connectLoop(forOp, use->getOperandNumber() - 3);
      return true;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      Operation *parent = op->getParentOp();
      unsigned i = use ? use->getOperandNumber() : 0;
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        connectLoop(forOp, i);
      else
        connectBranch(cast<scf::IfOp>(parent), i);
      return true;
    }
    if (auto dot = dyn_cast<DotOp>(op)) {
      addOperand(dot.getCMutable());
      add(dot.getResult());
      return true;
    }
    for (OpOperand &operand : op->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        addOperand(operand);
    for (Value result : op->getResults())
      add(result);
    return true;
  }

  /// Adds what the op defining `result` ties to it: for a loop or a
  /// branch, that result's own init, iteration argument and yields only.
  void connectDefinition(OpResult result) {
    Operation *def = result.getOwner();
    if (auto forOp = dyn_cast<scf::ForOp>(def))
      connectLoop(forOp, result.getResultNumber());
    else if (auto ifOp = dyn_cast<scf::IfOp>(def))
      connectBranch(ifOp, result.getResultNumber());
    else
      connect(def, nullptr);
  }

  /// Adds the value `operand` reads, noting the read when the value cannot
  /// be retyped.
  void addOperand(OpOperand &operand) {
    add(operand.get());
    if (fixed.contains(operand.get()))
      fixedUses.insert(&operand);
  }

  void connectLoop(scf::ForOp forOp, unsigned i) {
    if (i >= forOp.getNumResults())
      return;
    addOperand(forOp.getInitArgsMutable()[i]);
    add(forOp.getRegionIterArgs()[i]);
    addOperand(forOp.getBody()->getTerminator()->getOpOperand(i));
    add(forOp.getResult(i));
  }

  void connectBranch(scf::IfOp ifOp, unsigned i) {
    if (i >= ifOp.getNumResults())
      return;
    add(ifOp.getResult(i));
    addOperand(ifOp.thenYield()->getOpOperand(i));
    if (!ifOp.getElseRegion().empty())
      addOperand(ifOp.elseYield()->getOpOperand(i));
  }

  SmallVector<int32_t> bases;
  SmallVector<int64_t> part;
  SetVector<Value> group, fixed;
  SmallVector<Value> worklist;
  SmallVector<OpOperand *> boundaryUses;
  SetVector<OpOperand *> fixedUses;
};

struct PlanCTAPass
    : public mlir::triton::nvidia_gpu::impl::TritonNvidiaGPUPlanCTABase<
          PlanCTAPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    auto numCTAs = mod->getAttrOfType<IntegerAttr>("ttg.num-ctas");
    if (!numCTAs || numCTAs.getInt() <= 1)
      return;
    SmallVector<DotOp> dots;
    mod.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      plan(dot, numCTAs.getInt());
    for (DotOp dot : dots)
      planOperands(dot);
    // Without dots, as upstream: reductions whose operand the CTAs split
    // along the reduced dimension.
    if (dots.empty()) {
      SmallVector<ReduceOp> reduces;
      mod.walk([&](ReduceOp reduce) { reduces.push_back(reduce); });
      for (ReduceOp reduce : reduces)
        planReduction(reduce, numCTAs.getInt());
    }
  }

  /// Puts every CTA of the cluster along the dimension a 2-D reduction
  /// keeps (the lowering does not reduce across CTAs), for the reduction
  /// and every tensor whose layout must agree with its operand's.
  static void planReduction(ReduceOp reduce, int64_t numCTAs) {
    auto type = cast<RankedTensorType>(reduce.getOperands()[0].getType());
    auto layout = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
    if (!layout || type.getRank() != 2 || reduce->getNumResults() == 0)
      return;
    unsigned kept = 1 - reduce.getAxis();
    if (!splitsDimension(layout.getCgaBases(), 2, reduce.getAxis()))
      return;
    SmallVector<int32_t> bases;
    for (int32_t c = 1; c < numCTAs; c *= 2) {
      int32_t basis[2] = {0, 0};
      basis[kept] = c;
      bases.append(basis, basis + 2);
    }
    CtaRetagger retagger(bases, type.getShape());
    retagger.collect(reduce->getResult(0));
    if (retagger.isSelfContained())
      retagger.apply();
  }

  /// Tiles `dot`'s result over the cluster (2-D dots; a batched dot keeps
  /// its result's bases).
  static void plan(DotOp dot, int64_t numCTAs) {
    auto dType = cast<RankedTensorType>(dot.getType());
    auto result = dyn_cast_or_null<BlockedEncodingAttr>(dType.getEncoding());
    if (!result || result.getCgaBases().empty() || dType.getRank() != 2)
      return;
    auto [splitM, splitN] =
        ctaTiling(dType.getShape()[0], dType.getShape()[1], numCTAs);
    SmallVector<int32_t> bases = tilingBases(splitM, splitN);
    if (ArrayRef<int32_t>(bases) == result.getCgaBases())
      return;
    CtaRetagger retagger(bases, dType.getShape());
    retagger.collect(dot.getResult());
    // Otherwise the result keeps the tiling it has (dots whose layouts are
    // tied, attention's two say, share theirs).
    if (retagger.isSelfContained(dot))
      retagger.apply();
  }

  /// Gives `dot`'s operands the parts of them its result's CTAs read, once
  /// every result is planned.
  static void planOperands(DotOp dot) {
    auto planned =
        dyn_cast_or_null<BlockedEncodingAttr>(dot.getType().getEncoding());
    if (!planned || planned.getCgaBases().empty())
      return;
    OpBuilder b(dot);
    for (unsigned opIdx : {0u, 1u})
      planOperand(b, dot->getOpOperand(opIdx), planned, dot.getType().getRank(),
                  opIdx);
  }

  /// Operand `opIdx` of a dot whose result is laid out `planned`: in a
  /// dot_op layout of `planned`, converted from a blocked tensor whose CTAs
  /// hold the part of the operand theirs read.
  static void planOperand(OpBuilder &b, OpOperand &operand,
                          BlockedEncodingAttr planned, unsigned rank,
                          unsigned opIdx) {
    auto type = cast<RankedTensorType>(operand.get().getType());
    auto dotOp = dyn_cast_or_null<DotOperandEncodingAttr>(type.getEncoding());
    if (!dotOp)
      return;
    RankedTensorType wantedType =
        type.cloneWithEncoding(DotOperandEncodingAttr::get(
            planned.getContext(), opIdx, planned, dotOp.getKWidth()));
    auto toDotOp = operand.get().getDefiningOp<ConvertLayoutOp>();
    auto srcType =
        toDotOp ? cast<RankedTensorType>(toDotOp.getSrc().getType()) : type;
    auto srcLayout =
        dyn_cast_or_null<BlockedEncodingAttr>(srcType.getEncoding());
    if (!toDotOp || !srcLayout) {
      // Computed in a dot_op layout: converted to the planned one.
      if (type != wantedType)
        operand.set(ConvertLayoutOp::create(b, operand.get().getLoc(),
                                            wantedType, operand.get()));
      return;
    }
    // The layout within a CTA is that of the operand's origin (the
    // coalesced load, say) before conversions.
    Value src = toDotOp.getSrc();
    Value origin = src;
    while (auto cvt = origin.getDefiningOp<ConvertLayoutOp>())
      origin = cvt.getSrc();
    BlockedEncodingAttr within = srcLayout;
    if (auto originLayout = dyn_cast<BlockedEncodingAttr>(
            cast<RankedTensorType>(origin.getType()).getEncoding()))
      within = originLayout;
    SmallVector<int32_t> wanted =
        operandCtaBases(planned.getCgaBases(), rank, opIdx);
    if (srcLayout.getCgaBases() == ArrayRef<int32_t>(wanted) &&
        type == wantedType)
      return;
    Value moved = src;
    if (srcLayout.getCgaBases() != ArrayRef<int32_t>(wanted))
      moved = ConvertLayoutOp::create(
          b, src.getLoc(),
          srcType.cloneWithEncoding(fitToPart(
              within, getShapePerCTA(wanted, rank, srcType.getShape()),
              wanted)),
          src);
    // The dot gets a conversion of its own; others may use the old one.
    operand.set(
        ConvertLayoutOp::create(b, toDotOp.getLoc(), wantedType, moved));
    if (toDotOp->use_empty())
      toDotOp->erase();
  }
};

} // namespace
