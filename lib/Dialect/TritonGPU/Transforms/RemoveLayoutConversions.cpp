//===- RemoveLayoutConversions.cpp - tritongpu-remove-layout-conversions --===//
//
// Removes ttg.convert_layout ops by changing the layouts of the ops around
// them, in four steps as upstream Triton does:
//
// 1. Forward propagation, per function: the results of "anchor" ops (memory
//    accesses wide enough to keep their coalesced layout, dots, atomics,
//    tensor-memory loads, efficient gathers, reordering reshapes) and the
//    function's tensor arguments keep their layouts, which flow to their
//    users through elementwise ops, reductions, views, conversions and scf
//    regions. A value reached by several layouts keeps one (blocked for
//    memory accesses, MMA otherwise). Every op is then rewritten in place in
//    its picked layout, with conversions where a use wants another.
// 2. Backward rematerialization: each remaining conversion whose source can
//    be recomputed in the target layout (a slice of cheap ops ending at
//    constants, splats, ranges, cheap loads, ...) is replaced by that
//    recomputation when a cost model says the copies cost less than the
//    conversion.
// 3. Hoisting: a conversion above a widening cast or broadcast moves before
//    it; one above an scf.if whose only one branch can be rematerialized
//    moves into the other branch; a conversion to a dot operand inside a loop
//    moves next to the loads feeding it.
// 4. Clean-up: conversions folded by their canonicalization patterns, dead
//    loop arguments dropped.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#include <deque>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Ops whose result layouts are kept: forward propagation starts from them.
bool isLayoutAnchor(Operation *op) {
  if (isa<LoadOp, StoreOp>(op))
    return isExpensiveLoadOrStore(op);
  if (isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp, AtomicRMWOp,
          AtomicCASOp, nvidia_gpu::TMEMLoadOp, DescriptorLoadOp,
          DescriptorGatherOp>(op))
    return true;
  if (auto gather = dyn_cast<GatherOp>(op))
    return gather.getEfficientLayout();
  // A reordering reshape may produce any layout: propagation stops there and
  // backward rematerialization fixes it up.
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return reshape.getAllowReorder();
  return false;
}

/// A reduction to scalars: its operands may take any layout.
bool reducesToScalar(Operation *op) {
  return isa<ReduceOp>(op) && !isa<RankedTensorType>(op->getResultTypes()[0]);
}

/// Ops forward propagation carries layouts through and rewrites.
bool propagatesLayout(Operation *op) {
  // A move between CTAs keeps its layout: backward rematerialization
  // recomputes its source in it.
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    if (movesBetweenCtas(convert.getSrc().getType().getEncoding(),
                         convert.getType().getEncoding()))
      return false;
  return op->hasTrait<OpTrait::SameOperandsAndResultEncoding>() ||
         op->hasTrait<OpTrait::Elementwise>() ||
         isa<ReduceOp, ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp,
             ConvertLayoutOp>(op);
}

//===----------------------------------------------------------------------===//
// Forward propagation
//===----------------------------------------------------------------------===//

class LayoutPropagation {
public:
  explicit LayoutPropagation(FuncOp func) : func(func) {}

  /// Seeds the analysis with the anchors' and arguments' layouts.
  void initAnchorLayouts();
  /// Carries the layouts to all transitive users until nothing changes.
  void propagateLayouts();
  /// Keeps one layout per value.
  void resolveConflicts();
  /// Rewrites the function in the picked layouts.
  void rewrite();

private:
  using Encodings = llvm::SmallSetVector<Attribute, 8>;

  SmallVector<Value> propagateToUsers(Value value, const Encodings &info);
  void addEncodings(ValueRange values, const Encodings &info,
                    SmallVector<Value> &changed, Operation *user);
  void rewriteRegion(Region &region);
  void rewriteOp(Operation *op);
  void rewriteForOp(scf::ForOp forOp);
  void rewriteWhileOp(scf::WhileOp whileOp);
  void rewriteIfOp(scf::IfOp ifOp);
  void rewriteYieldOp(scf::YieldOp yieldOp);
  void rewriteConditionOp(scf::ConditionOp conditionOp);
  void rewriteReduceToScalar(Operation *reduceOp);
  void rewriteAssertOp(AssertOp assertOp);
  void rewriteGenericOp(Operation *op, Attribute encoding);
  /// The encoding `value` had before the rewrite.
  Attribute getOriginalEncoding(Value value) const;
  void setEncoding(Value value, Attribute encoding);
  /// `value` in `encoding`, converted right after its definition if needed.
  Value getValueAs(Value value, Attribute encoding);

  FuncOp func;
  llvm::MapVector<Value, Encodings> layouts;
  DenseMap<Value, Attribute> originalEncodings;
};

void LayoutPropagation::initAnchorLayouts() {
  auto addAnchor = [&](Value value) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      layouts[value].insert(type.getEncoding());
  };
  // Tensor arguments are anchors too, which lets tests feed layouts in.
  for (BlockArgument arg : func.getArguments())
    addAnchor(arg);
  func.walk([&](Operation *op) {
    if (isLayoutAnchor(op))
      for (Value result : op->getResults())
        addAnchor(result);
  });
}

void LayoutPropagation::addEncodings(ValueRange values, const Encodings &info,
                                     SmallVector<Value> &changed,
                                     Operation *user) {
  for (Value value : values) {
    if (!isa<RankedTensorType>(value.getType()))
      continue;
    bool grew = false;
    for (Attribute encoding : info) {
      // A conversion takes its source's layout, so that it disappears.
      Attribute dstEncoding = isa<ConvertLayoutOp>(user)
                                  ? encoding
                                  : inferDstEncoding(user, encoding);
      if (dstEncoding)
        grew |= layouts[value].insert(dstEncoding);
    }
    if (grew)
      changed.push_back(value);
  }
}

SmallVector<Value> LayoutPropagation::propagateToUsers(Value value,
                                                       const Encodings &info) {
  SmallVector<Value> changed;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      addEncodings(
          {forOp.getTiedLoopRegionIterArg(&use), forOp.getTiedLoopResult(&use)},
          info, changed, user);
      continue;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
      addEncodings({whileOp.getBeforeArguments()[use.getOperandNumber()]}, info,
                   changed, user);
      continue;
    }
    if (auto yieldOp = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yieldOp->getParentOp();
      if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent))
        continue;
      unsigned index = use.getOperandNumber();
      SmallVector<Value> targets = {parent->getResult(index)};
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        targets.push_back(forOp.getRegionIterArg(index));
      if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
        targets.push_back(whileOp.getBeforeArguments()[index]);
      addEncodings(targets, info, changed, user);
      continue;
    }
    if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
      // Operand 0 is the condition itself.
      unsigned index = use.getOperandNumber() - 1;
      addEncodings(
          {whileOp.getAfterArguments()[index], whileOp->getResult(index)}, info,
          changed, user);
      continue;
    }
    if (auto wait = dyn_cast<nvidia_gpu::WarpGroupDotWaitOp>(user)) {
      addEncodings({wait->getResult(use.getOperandNumber())}, info, changed,
                   user);
      continue;
    }
    if (auto gather = dyn_cast<GatherOp>(user)) {
      // Only the indices carry their layout to the result, and only while
      // the gather has no layout of its own.
      if (!gather.getEfficientLayout() && &use == &gather.getIndicesMutable()) {
        addEncodings({gather.getResult()}, info, changed, user);
        continue;
      }
    }
    if (propagatesLayout(user))
      addEncodings(user->getResults(), info, changed, user);
  }
  return changed;
}

void LayoutPropagation::propagateLayouts() {
  SmallVector<Value> queue;
  for (auto &entry : layouts)
    queue.push_back(entry.first);
  while (!queue.empty()) {
    Value value = queue.pop_back_val();
    Encodings info = layouts[value];
    SmallVector<Value> changed = propagateToUsers(value, info);
    queue.append(changed.begin(), changed.end());
  }
}

void LayoutPropagation::resolveConflicts() {
  for (auto &[value, info] : layouts) {
    if (info.size() <= 1)
      continue;
    // Memory accesses prefer a blocked layout, everything else an MMA one;
    // failing that, the first layout that reached the value.
    Operation *def = value.getDefiningOp();
    bool isMemoryAccess =
        def && isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(def);
    Attribute picked = info.front();
    for (Attribute encoding : info) {
      if ((isMemoryAccess && isa<BlockedEncodingAttr>(encoding)) ||
          (!isMemoryAccess && isa<NvidiaMmaEncodingAttr>(encoding))) {
        picked = encoding;
        break;
      }
    }
    info.clear();
    info.insert(picked);
  }
}

Attribute LayoutPropagation::getOriginalEncoding(Value value) const {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return {};
  if (auto it = originalEncodings.find(value); it != originalEncodings.end())
    return it->second;
  return type.getEncoding();
}

void LayoutPropagation::setEncoding(Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  originalEncodings.try_emplace(value, type.getEncoding());
  value.setType(type.cloneWithEncoding(encoding));
}

Value LayoutPropagation::getValueAs(Value value, Attribute encoding) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding() == encoding)
    return value;
  OpBuilder builder(value.getContext());
  builder.setInsertionPointAfterValue(value);
  return ConvertLayoutOp::create(builder, value.getLoc(),
                                 type.cloneWithEncoding(encoding), value);
}

void LayoutPropagation::rewrite() { rewriteRegion(func.getBody()); }

void LayoutPropagation::rewriteRegion(Region &root) {
  // Regions are rewritten outside in, each in program order, so that every
  // value is in its final layout before its uses are visited.
  std::deque<Region *> queue = {&root};
  while (!queue.empty()) {
    Region *region = queue.front();
    queue.pop_front();
    for (Operation &op : region->getOps()) {
      bool needsRewrite = llvm::any_of(op.getResults(), [&](Value result) {
        auto it = layouts.find(result);
        return it != layouts.end() &&
               cast<RankedTensorType>(result.getType()).getEncoding() !=
                   it->second.front();
      });
      if (needsRewrite) {
        rewriteOp(&op);
        for (Region &nested : op.getRegions())
          queue.push_back(&nested);
      } else if (auto yieldOp = dyn_cast<scf::YieldOp>(&op)) {
        rewriteYieldOp(yieldOp);
      } else if (auto condition = dyn_cast<scf::ConditionOp>(&op)) {
        rewriteConditionOp(condition);
      } else if (reducesToScalar(&op)) {
        rewriteReduceToScalar(&op);
      } else if (auto assertOp = dyn_cast<AssertOp>(&op)) {
        rewriteAssertOp(assertOp);
      } else {
        // The op keeps its layouts: give it its operands in the layouts it
        // had.
        for (OpOperand &operand : op.getOpOperands()) {
          if (!layouts.contains(operand.get()))
            continue;
          operand.set(
              getValueAs(operand.get(), getOriginalEncoding(operand.get())));
        }
        for (Region &nested : op.getRegions())
          queue.push_back(&nested);
      }
    }
  }
}

void LayoutPropagation::rewriteOp(Operation *op) {
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return rewriteForOp(forOp);
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return rewriteWhileOp(whileOp);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return rewriteIfOp(ifOp);
  // The layout picked for the op's (first) result with one.
  Attribute encoding;
  for (Value result : op->getResults())
    if (auto it = layouts.find(result); !encoding && it != layouts.end())
      encoding = it->second.front();
  if (canFoldIntoConversion(op, encoding)) {
    setEncoding(op->getResult(0), encoding);
    return;
  }
  if (propagatesLayout(op) ||
      isa<GatherOp, nvidia_gpu::WarpGroupDotWaitOp>(op)) {
    rewriteGenericOp(op, encoding);
    return;
  }
  llvm_unreachable("layouts only reach the results of ops handled above");
}

void LayoutPropagation::rewriteGenericOp(Operation *op, Attribute encoding) {
  Attribute operandEncoding;
  if (op->getNumOperands() > 0) {
    // Prefer the layout of an operand that leads to `encoding`.
    for (Value operand : op->getOperands()) {
      auto it = layouts.find(operand);
      if (it == layouts.end())
        continue;
      Attribute candidate = it->second.front();
      if (inferDstEncoding(op, candidate) == encoding) {
        operandEncoding = candidate;
        break;
      }
    }
    if (!operandEncoding)
      operandEncoding = inferSrcEncoding(op, encoding);
    assert(operandEncoding && "no operand layout for the propagated one");
  }
  for (OpOperand &operand : op->getOpOperands())
    operand.set(getValueAs(operand.get(), operandEncoding));
  for (Value result : op->getResults())
    if (isa<RankedTensorType>(result.getType()))
      setEncoding(result, encoding);
}

void LayoutPropagation::rewriteForOp(scf::ForOp forOp) {
  for (auto [i, result, arg] :
       llvm::enumerate(forOp.getResults(), forOp.getRegionIterArgs())) {
    auto it = layouts.find(result);
    if (it == layouts.end())
      continue;
    Attribute encoding = it->second.front();
    OpOperand &init = forOp.getInitArgsMutable()[i];
    init.set(getValueAs(init.get(), encoding));
    setEncoding(result, encoding);
    setEncoding(arg, encoding);
  }
}

void LayoutPropagation::rewriteWhileOp(scf::WhileOp whileOp) {
  for (auto [i, arg] : llvm::enumerate(whileOp.getBeforeArguments())) {
    auto it = layouts.find(arg);
    if (it == layouts.end())
      continue;
    Attribute encoding = it->second.front();
    whileOp->setOperand(i, getValueAs(whileOp->getOperand(i), encoding));
    setEncoding(arg, encoding);
  }
  for (auto [result, arg] :
       llvm::zip(whileOp.getResults(), whileOp.getAfterArguments())) {
    auto it = layouts.find(result);
    if (it == layouts.end())
      continue;
    setEncoding(result, it->second.front());
    setEncoding(arg, it->second.front());
  }
}

void LayoutPropagation::rewriteIfOp(scf::IfOp ifOp) {
  for (Value result : ifOp.getResults())
    if (auto it = layouts.find(result); it != layouts.end())
      setEncoding(result, it->second.front());
}

void LayoutPropagation::rewriteYieldOp(scf::YieldOp yieldOp) {
  Operation *parent = yieldOp->getParentOp();
  for (OpOperand &operand : yieldOp->getOpOperands()) {
    Type type = operand.get().getType();
    if (isa<scf::ForOp, scf::IfOp>(parent))
      type = parent->getResult(operand.getOperandNumber()).getType();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
      type = whileOp.getBeforeArguments()[operand.getOperandNumber()].getType();
    if (auto tensorType = dyn_cast<RankedTensorType>(type))
      operand.set(getValueAs(operand.get(), tensorType.getEncoding()));
  }
}

void LayoutPropagation::rewriteConditionOp(scf::ConditionOp conditionOp) {
  auto whileOp = cast<scf::WhileOp>(conditionOp->getParentOp());
  for (unsigned i = 1; i < conditionOp->getNumOperands(); ++i) {
    auto type = dyn_cast<RankedTensorType>(whileOp->getResult(i - 1).getType());
    if (type)
      conditionOp->setOperand(
          i, getValueAs(conditionOp->getOperand(i), type.getEncoding()));
  }
}

void LayoutPropagation::rewriteReduceToScalar(Operation *reduceOp) {
  // All operands share a layout: take the first one that has been picked.
  Attribute encoding;
  for (Value operand : reduceOp->getOperands()) {
    if (auto it = layouts.find(operand); it != layouts.end()) {
      encoding = it->second.front();
      break;
    }
  }
  if (!encoding)
    return;
  for (OpOperand &operand : reduceOp->getOpOperands())
    operand.set(getValueAs(operand.get(), encoding));
}

void LayoutPropagation::rewriteAssertOp(AssertOp assertOp) {
  // The condition may take any layout.
  Value condition = assertOp->getOperand(0);
  if (auto it = layouts.find(condition); it != layouts.end())
    assertOp->setOperand(0, getValueAs(condition, it->second.front()));
}

//===----------------------------------------------------------------------===//
// Backward rematerialization and hoisting
//===----------------------------------------------------------------------===//

/// Whether `op` may be duplicated in another layout.
bool canBeRematerialized(Operation *op) {
  if (isa<LoadOp, StoreOp>(op))
    return !isExpensiveLoadOrStore(op);
  if (isa<AtomicRMWOp, AtomicCASOp, DotOp, scf::WhileOp, scf::ConditionOp>(op))
    return false;
  if (auto gather = dyn_cast<GatherOp>(op))
    return !gather.getEfficientLayout();
  if (auto reshape = dyn_cast<ReshapeOp>(op))
    return !reshape.getEfficientLayout();
  return true;
}

/// Ops that take several instructions or the special function unit.
bool isExpensiveMathOp(Operation *op) {
  return isa<arith::DivFOp, math::ErfcOp, math::SinhOp, math::CoshOp,
             math::TanhOp, math::AsinhOp, math::AcoshOp, math::AtanhOp,
             math::CtPopOp, math::CountLeadingZerosOp,
             math::CountTrailingZerosOp, math::ExpOp, math::Exp2Op,
             math::ExpM1Op, math::LogOp, math::Log2Op, math::Log10Op,
             math::Log1pOp, math::SinOp, math::CosOp, math::TanOp, math::AsinOp,
             math::AcosOp, math::AtanOp, math::Atan2Op, math::PowFOp,
             math::SqrtOp, math::RsqrtOp, math::ErfOp, math::CbrtOp>(op);
}

/// The bytes of a tensor value, counting at least `minElements` elements of
/// at least `minBits` bits (pointers count as 0 bits).
int64_t getByteCount(Value value, int64_t minElements = 0,
                     int64_t minBits = 0) {
  int64_t elements = 0, bits = 0;
  if (auto type = dyn_cast<RankedTensorType>(value.getType())) {
    elements = type.getNumElements();
    if (type.getElementType().isIntOrFloat())
      bits = type.getElementType().getIntOrFloatBitWidth();
  }
  return (std::max(elements, minElements) * std::max(bits, minBits)) >> 3;
}

/// The cost of converting `src` to `encoding`, in the model's units
/// (thousandths of an SM cycle): free when only registers move, otherwise a
/// round trip through shared memory of at least a warp of 32-bit values,
/// doubled for the synchronization.
int64_t getConvertCost(Value src, Attribute encoding) {
  auto srcType = cast<RankedTensorType>(src.getType());
  if (cvtReordersRegisters(srcType, srcType.cloneWithEncoding(encoding)))
    return 0;
  return 32 * getByteCount(src, 32, 32);
}

/// How many times more elements each thread computes in `encoding`.
unsigned getCostFactor(Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  unsigned before = getUniqueElemsPerThread(type);
  unsigned after = getUniqueElemsPerThread(type.cloneWithEncoding(encoding));
  return std::max(1u, after / std::max(1u, before));
}

/// The sizes a reduction's combining works over, read off the source layout:
/// lanes and warps holding distinct data along the axis.
struct ReduceSizes {
  int64_t intraWarp = 1;
  int64_t interWarp = 1;
};

ReduceSizes getReduceSizes(ReduceOp reduce) {
  ReduceSizes sizes;
  auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  std::optional<LinearLayout> layout;
  if (type.getEncoding())
    layout = toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return sizes;
  unsigned axis = reduce.getAxis();
  auto countAlong = [&](StringRef dim) {
    StringAttr name = StringAttr::get(reduce.getContext(), dim);
    int64_t count = 1;
    if (!layout->hasInDim(name))
      return count;
    for (int32_t i = 0; i < layout->getInDimSizeLog2(name); ++i)
      if (layout->getBasis(name, i)[axis] != 0)
        count *= 2;
    return count;
  };
  sizes.intraWarp = countAlong("lane");
  sizes.interWarp = countAlong("warp");
  return sizes;
}

/// Whether reordering the combining of a reduction may change its result: a
/// floating-point sum over more than two elements.
bool isNonAssociativeReduce(ReduceOp reduce) {
  auto type = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  if (!isa<FloatType>(type.getElementType()) ||
      type.getShape()[reduce.getAxis()] <= 2)
    return false;
  bool hasAddF = false;
  reduce.getCombineOp().walk([&](arith::AddFOp) { hasAddF = true; });
  return hasAddF;
}

using RematMap = DenseMap<std::pair<Value, Attribute>, Value>;

class LayoutRematerialization {
public:
  explicit LayoutRematerialization(FuncOp func) : func(func) {}

  /// Tries every conversion in turn; true if any was removed.
  bool backwardRematerialization();
  void hoistConvertOnTopOfExtOrBroadcast();
  void hoistConvertIntoConditionals();
  void hoistConvertDotOperand();
  /// Recomputes the source of `convertOp` in its layout, replacing the
  /// conversion whatever the cost; false, changing nothing, when some value
  /// of the slice cannot be recomputed (a load, a dot, a loop argument the
  /// slice cannot carry) or would be recomputed as another conversion (a
  /// ttg.convert_layout or ttg.local_load in the slice).
  bool rematerialize(ConvertLayoutOp convertOp, bool dryRun);

private:
  bool backwardRematerialization(ConvertLayoutOp convertOp);
  bool hoistConvertOnTopOfExtOrBroadcast(ConvertLayoutOp convertOp);
  bool hoistConvertIntoConditionals(ConvertLayoutOp convertOp);
  bool hoistConvertDotOperand(ConvertLayoutOp convertOp);
  /// Applies `transform` to every conversion of the function; those that
  /// stay are remembered as rematerializations of their sources.
  template <typename Fn> bool forEachConversion(Fn transform);

  void addRematValue(Value old, Attribute encoding, Value newValue) {
    rematMapping[{old, encoding}] = newValue;
    mappedValues[old] = encoding;
  }
  Value getRematValue(Value value, Attribute encoding) const {
    return rematMapping.lookup({value, encoding});
  }
  void updateRematMapping(ArrayRef<std::tuple<Value, Value>> replacements);

  LogicalResult getConvertBackwardSlice(
      OpOperand &root, Attribute rootEncoding, llvm::SetVector<Value> &slice,
      DenseMap<Value, Attribute> &layout, RematMap &existingRemats,
      std::function<bool(Operation *)> stopPropagation);
  /// A backward slice whose ops can all be rematerialized; the outputs are
  /// extended only on success.
  LogicalResult getRematerializableSlice(
      OpOperand &root, Attribute rootEncoding, llvm::SetVector<Value> &slice,
      DenseMap<Value, Attribute> &layout, RematMap &existingRemats,
      std::function<bool(Operation *)> stopPropagation = nullptr,
      bool allowLoads = false);
  bool isRematBeneficial(ConvertLayoutOp convertOp,
                         const llvm::SetVector<Value> &slice,
                         const DenseMap<Value, Attribute> &layout,
                         int64_t newConvertCost);
  /// Recomputes the slice in its layouts and replaces `convertOp` by the
  /// recomputed source; `mapping` may already map values to replacements.
  void rewriteSlice(llvm::SetVector<Value> &slice,
                    DenseMap<Value, Attribute> &layout,
                    const RematMap &existingRemats, ConvertLayoutOp convertOp,
                    IRMapping &mapping);

  FuncOp func;
  /// (value, encoding) -> the value recomputed (or converted) in encoding.
  RematMap rematMapping;
  /// The encoding each value of rematMapping was recomputed in, to follow
  /// values replaced when scf ops get rebuilt.
  DenseMap<Value, Attribute> mappedValues;
  DominanceInfo domInfo;
  PostDominanceInfo postDomInfo;
};

void LayoutRematerialization::updateRematMapping(
    ArrayRef<std::tuple<Value, Value>> replacements) {
  for (auto [old, replacement] : replacements) {
    auto it = mappedValues.find(old);
    if (it == mappedValues.end())
      continue;
    Attribute encoding = it->second;
    auto rematIt = rematMapping.find({old, encoding});
    assert(rematIt != rematMapping.end());
    Value remat = rematIt->second;
    rematMapping.erase(rematIt);
    mappedValues.erase(it);
    // The rematerialized value may itself have been replaced.
    for (auto [before, after] : replacements) {
      if (before == remat) {
        remat = after;
        break;
      }
    }
    rematMapping[{replacement, encoding}] = remat;
    mappedValues[replacement] = encoding;
  }
}

LogicalResult LayoutRematerialization::getConvertBackwardSlice(
    OpOperand &root, Attribute rootEncoding, llvm::SetVector<Value> &slice,
    DenseMap<Value, Attribute> &layout, RematMap &existingRemats,
    std::function<bool(Operation *)> stopPropagation) {
  // An existing rematerialization can stand for a value at a use it
  // dominates.
  auto getExistingConversion = [&](OpOperand &use,
                                   Attribute encoding) -> Value {
    Value remat = getRematValue(use.get(), encoding);
    if (!remat)
      return {};
    if (domInfo.properlyDominates(remat, use.getOwner())) {
      existingRemats.try_emplace({use.get(), encoding}, remat);
      return remat;
    }
    // It does not dominate every use the slice needs: never use it.
    existingRemats[{use.get(), encoding}] = Value();
    return {};
  };
  return mlir::triton::gpu::getConvertBackwardSlice(root, slice, rootEncoding,
                                                    layout, stopPropagation,
                                                    getExistingConversion);
}

LogicalResult LayoutRematerialization::getRematerializableSlice(
    OpOperand &root, Attribute rootEncoding, llvm::SetVector<Value> &slice,
    DenseMap<Value, Attribute> &layout, RematMap &existingRemats,
    std::function<bool(Operation *)> stopPropagation, bool allowLoads) {
  llvm::SetVector<Value> newSlice = slice;
  DenseMap<Value, Attribute> newLayout = layout;
  RematMap newRemats = existingRemats;
  if (failed(getConvertBackwardSlice(root, rootEncoding, newSlice, newLayout,
                                     newRemats, stopPropagation)) ||
      newSlice.empty())
    return failure();
  for (Value value : newSlice)
    if (Operation *op = value.getDefiningOp();
        op && !canBeRematerialized(op) &&
        !(allowLoads && isa<LoadOp, DescriptorLoadOp>(op)))
      return failure();
  slice = std::move(newSlice);
  layout = std::move(newLayout);
  existingRemats = std::move(newRemats);
  return success();
}

bool LayoutRematerialization::isRematBeneficial(
    ConvertLayoutOp convertOp, const llvm::SetVector<Value> &slice,
    const DenseMap<Value, Attribute> &layout, int64_t newConvertCost) {
  llvm::SetVector<Operation *> sliceOps;
  for (Value value : slice)
    if (Operation *op = value.getDefiningOp())
      sliceOps.insert(op);

  // Values that something outside the slice still uses survive the rewrite:
  // their ops get duplicated rather than moved.
  llvm::SetVector<Value> usedOutside;
  for (Value value : slice) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == convertOp || sliceOps.contains(user))
        continue;
      // A value flowing into a region branch op is used outside only if the
      // values it flows into are.
      if (isa<RegionBranchTerminatorOpInterface>(user))
        user = user->getParentOp();
      if (auto branch = dyn_cast<RegionBranchOpInterface>(user)) {
        RegionBranchSuccessorMapping successors;
        branch.getSuccessorOperandInputMapping(successors);
        if (auto it = successors.find(&use); it != successors.end()) {
          if (llvm::all_of(it->second, [&](Value target) {
                return slice.contains(target) || target.use_empty();
              }))
            continue;
        }
      }
      usedOutside.insert(value);
      break;
    }
  }
  // ... and so do the slice values they are computed from.
  for (size_t i = 0; i < usedOutside.size(); ++i) {
    Value value = usedOutside[i];
    Operation *op = value.getDefiningOp();
    if (!op)
      op = value.getParentBlock()->getParentOp();
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
      RegionBranchInverseSuccessorMapping sources;
      branch.getSuccessorInputOperandMapping(sources);
      if (auto it = sources.find(value); it != sources.end()) {
        for (OpOperand *source : it->second)
          if (slice.contains(source->get()))
            usedOutside.insert(source->get());
        continue;
      }
    }
    for (Value operand : op->getOperands())
      if (slice.contains(operand))
        usedOutside.insert(operand);
  }

  int64_t convertCost =
      getConvertCost(convertOp.getSrc(), convertOp.getType().getEncoding());
  int64_t rematCost = newConvertCost;
  for (Operation *op : sliceOps) {
    bool survives = llvm::any_of(op->getResults(), [&](Value result) {
      return usedOutside.contains(result);
    });
    if (isa<arith::ConstantOp>(op))
      continue;
    if (isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
            op->getDialect())) {
      // Cheap arithmetic fuses into FMAs; special functions cost more. A
      // layout holding more elements per thread costs that much more.
      int64_t multiplier = isExpensiveMathOp(op) ? 8 : 1;
      for (Value result : op->getResults()) {
        Attribute encoding = layout.lookup(result);
        unsigned factor = encoding ? getCostFactor(result, encoding) : 1;
        if (!survives)
          factor -= 1;
        rematCost += multiplier * getByteCount(result) * factor;
      }
      continue;
    }
    if (!survives)
      continue;
    if (isa<LoadOp, LocalLoadOp>(op)) {
      // Optimistically served by the L1 cache.
      for (Value result : op->getResults())
        rematCost += 8 * getByteCount(result);
    } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
      if (isNonAssociativeReduce(reduce))
        return false;
      ReduceSizes sizes = getReduceSizes(reduce);
      rematCost += sizes.intraWarp + 8 * sizes.interWarp;
    }
  }
  LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "]: convert cost " << convertCost
                          << ", rematerialization cost " << rematCost << "\n");
  return convertCost >= rematCost;
}

void LayoutRematerialization::rewriteSlice(llvm::SetVector<Value> &slice,
                                           DenseMap<Value, Attribute> &layout,
                                           const RematMap &existingRemats,
                                           ConvertLayoutOp convertOp,
                                           IRMapping &mapping) {
  llvm::SetVector<Operation *> opsToRewrite;
  // Yield operands to duplicate, per yield.
  DenseMap<Operation *, SmallVector<int>> yieldOperands;
  // Values already rematerialized are mapped, not rewritten again.
  llvm::SetVector<Value> reused;
  for (Value value : slice) {
    Attribute encoding = layout.lookup(value);
    if (Value remat = existingRemats.lookup({value, encoding})) {
      mapping.map(value, remat);
      reused.insert(value);
      continue;
    }
    if (Operation *def = value.getDefiningOp()) {
      opsToRewrite.insert(def);
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        unsigned index = cast<OpResult>(value).getResultNumber();
        for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
          opsToRewrite.insert(yield);
          yieldOperands[yield].push_back(index);
        }
      }
      continue;
    }
    auto arg = cast<BlockArgument>(value);
    if (auto loop =
            dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp())) {
      opsToRewrite.insert(loop);
      OpOperand *yielded = loop.getTiedLoopYieldedValue(arg);
      Operation *yield = arg.getOwner()->getTerminator();
      yieldOperands[yield].push_back(yielded->getOperandNumber());
      opsToRewrite.insert(yield);
    }
  }
  slice.set_subtract(reused);
  opsToRewrite = mlir::topologicalSort(opsToRewrite);

  // Uses are replaced after the rewrite so that `slice` keeps recognizing
  // the old values meanwhile.
  SmallVector<std::tuple<Value, Value>> replacements;
  SmallVector<Operation *> deadOps;
  IRRewriter builder(convertOp.getContext());
  for (Operation *op : opsToRewrite) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      // Old iteration argument index -> the new one appended for it.
      SmallVector<std::pair<size_t, size_t>> argMapping;
      SmallVector<Value> newOperands;
      for (BlockArgument arg : forOp.getRegionIterArgs()) {
        if (!slice.contains(arg))
          continue;
        OpOperand &init = *forOp.getTiedLoopInit(arg);
        argMapping.push_back({forOp.getTiedLoopResult(&init).getResultNumber(),
                              forOp.getInitArgs().size() + newOperands.size()});
        newOperands.push_back(mapping.lookup(init.get()));
      }
      scf::ForOp newForOp = replaceForOpWithNewSignature(
          builder, forOp, newOperands, replacements);
      deadOps.push_back(forOp);
      Block &body = *newForOp.getBody();
      unsigned numIVs = newForOp.getNumInductionVars();
      for (auto [oldIndex, newIndex] : argMapping) {
        mapping.map(forOp.getResult(oldIndex), newForOp.getResult(newIndex));
        BlockArgument oldArg = body.getArgument(oldIndex + numIVs);
        BlockArgument newArg = body.getArgument(newIndex + numIVs);
        mapping.map(oldArg, newArg);
        addRematValue(newForOp.getResult(oldIndex), layout.lookup(oldArg),
                      newForOp.getResult(newIndex));
        addRematValue(oldArg, layout.lookup(oldArg), newArg);
      }
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<Type> newTypes;
      for (Value result : ifOp.getResults())
        if (slice.contains(result))
          newTypes.push_back(cast<RankedTensorType>(result.getType())
                                 .cloneWithEncoding(layout.lookup(result)));
      scf::IfOp newIfOp =
          replaceIfOpWithNewSignature(builder, ifOp, newTypes, replacements);
      unsigned newIndex = ifOp.getNumResults();
      for (Value result : ifOp.getResults()) {
        if (!slice.contains(result))
          continue;
        mapping.map(result, newIfOp.getResult(newIndex));
        addRematValue(result, layout.lookup(result),
                      newIfOp.getResult(newIndex));
        ++newIndex;
      }
      deadOps.push_back(ifOp);
      continue;
    }
    builder.setInsertionPoint(op);
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      SmallVector<Value> operands(yield.getOperands());
      SmallVector<int> indices = yieldOperands[op];
      // In the order the new results and arguments were appended.
      llvm::sort(indices);
      for (int index : indices)
        operands.push_back(mapping.lookup(yield.getOperand(index)));
      scf::YieldOp::create(builder, op->getLoc(), operands);
      op->erase();
      continue;
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      Value result = constant.getResult();
      auto newType = cast<RankedTensorType>(result.getType())
                         .cloneWithEncoding(layout.lookup(result));
      Value remade;
      if (isa<SplatElementsAttr>(constant.getValue())) {
        // A copy converted to the new layout; the conversion folds into it.
        Operation *copy = builder.clone(*op);
        remade = ConvertLayoutOp::create(builder, op->getLoc(), newType,
                                         copy->getResult(0));
      } else {
        // The same values in the new layout (getConvertBackwardSlice admits
        // dense constants only): a conversion of a non-splat constant would
        // not fold, and would be rematerialized again.
        remade = arith::ConstantOp::create(
            builder, op->getLoc(),
            cast<DenseElementsAttr>(constant.getValue()).reshape(newType));
      }
      mapping.map(result, remade);
      addRematValue(result, layout.lookup(result), remade);
      continue;
    }
    Operation *newOp = builder.clone(*op, mapping);
    for (auto [oldResult, newResult] :
         llvm::zip(op->getResults(), newOp->getResults())) {
      auto it = layout.find(oldResult);
      if (it == layout.end())
        continue;
      newResult.setType(cast<RankedTensorType>(oldResult.getType())
                            .cloneWithEncoding(it->second));
      addRematValue(oldResult, it->second, newResult);
    }
  }
  convertOp.replaceAllUsesWith(mapping.lookup(convertOp.getSrc()));

  updateRematMapping(replacements);
  for (auto [old, replacement] : replacements)
    builder.replaceAllUsesWith(old, replacement);
  convertOp->erase();
  for (Operation *op : deadOps)
    op->erase();
}

template <typename Fn>
bool LayoutRematerialization::forEachConversion(Fn transform) {
  SmallVector<ConvertLayoutOp> convertOps;
  func.walk([&](ConvertLayoutOp op) { convertOps.push_back(op); });
  bool changed = false;
  for (ConvertLayoutOp convertOp : convertOps) {
    if (transform(convertOp)) {
      changed = true;
      continue;
    }
    // A conversion that stays may stand for its source in later slices.
    addRematValue(convertOp.getSrc(), convertOp.getType().getEncoding(),
                  convertOp.getResult());
  }
  return changed;
}

bool LayoutRematerialization::backwardRematerialization() {
  return forEachConversion(
      [&](ConvertLayoutOp op) { return backwardRematerialization(op); });
}

bool LayoutRematerialization::backwardRematerialization(
    ConvertLayoutOp convertOp) {
  // Conversions to dot operands are left to hoistConvertDotOperand.
  RankedTensorType targetType = convertOp.getType();
  if (isa_and_nonnull<DotOperandEncodingAttr>(targetType.getEncoding()))
    return false;
  Value src = convertOp.getSrc();
  if (Value remat = getRematValue(src, targetType.getEncoding());
      remat && domInfo.properlyDominates(remat, convertOp)) {
    convertOp.replaceAllUsesWith(remat);
    convertOp->erase();
    return true;
  }
  llvm::SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existingRemats;
  // A conversion between CTAs of a cluster has no lowering: its source is
  // recomputed, loads included, whatever the cost.
  bool betweenCtas = movesBetweenCtas(
      cast<RankedTensorType>(src.getType()).getEncoding(),
      targetType.getEncoding());
  if (failed(getRematerializableSlice(
          convertOp.getSrcMutable(), targetType.getEncoding(), slice, layout,
          existingRemats, /*stopPropagation=*/nullptr, betweenCtas)))
    return false;
  // Between two spellings of one layout (the same place for every element,
  // as #blocked layouts differing only in the order of a dimension of size
  // 1) the recomputed slice is the same code: the conversion goes whatever
  // the cost model says, as upstream's.
  auto sameLayout = [&] {
    auto srcType = cast<RankedTensorType>(src.getType());
    std::optional<LinearLayout> srcLayout =
        toLinearLayout(srcType.getShape(), srcType.getEncoding());
    return srcLayout && srcLayout == toLinearLayout(targetType.getShape(),
                                                    targetType.getEncoding());
  };
  if (!betweenCtas && !sameLayout() &&
      !isRematBeneficial(convertOp, slice, layout, /*newConvertCost=*/0))
    return false;
  IRMapping mapping;
  rewriteSlice(slice, layout, existingRemats, convertOp, mapping);
  return true;
}

bool LayoutRematerialization::rematerialize(ConvertLayoutOp convertOp,
                                            bool dryRun) {
  llvm::SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existingRemats;
  if (failed(getRematerializableSlice(convertOp.getSrcMutable(),
                                      convertOp.getType().getEncoding(), slice,
                                      layout, existingRemats)))
    return false;
  for (Value value : slice)
    if (isa_and_nonnull<ConvertLayoutOp, LocalLoadOp>(value.getDefiningOp()))
      return false;
  if (!dryRun) {
    IRMapping mapping;
    rewriteSlice(slice, layout, existingRemats, convertOp, mapping);
  }
  return true;
}

void LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast() {
  forEachConversion([&](ConvertLayoutOp op) {
    return hoistConvertOnTopOfExtOrBroadcast(op);
  });
}

bool LayoutRematerialization::hoistConvertOnTopOfExtOrBroadcast(
    ConvertLayoutOp convertOp) {
  RankedTensorType targetType = convertOp.getType();
  if (isa_and_nonnull<DotOperandEncodingAttr>(targetType.getEncoding()))
    return false;
  // Ops that make the tensor costlier to convert than their operand.
  auto isExtOrBroadcast = [](Operation *op) {
    if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::ExtFOp, BroadcastOp,
            ExpandDimsOp>(op))
      return true;
    if (auto fpToFp = dyn_cast<FpToFpOp>(op))
      return getElementBitWidth(
                 cast<RankedTensorType>(fpToFp.getSrc().getType())) <
             getElementBitWidth(cast<RankedTensorType>(fpToFp.getType()));
    return false;
  };
  llvm::SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existingRemats;
  if (failed(getRematerializableSlice(convertOp.getSrcMutable(),
                                      targetType.getEncoding(), slice, layout,
                                      existingRemats, isExtOrBroadcast)))
    return false;

  Operation *extOrBroadcast = nullptr;
  unsigned sliceSize = slice.size();
  for (unsigned i = 0; i < sliceSize; ++i) {
    Operation *op = slice[i].getDefiningOp();
    if (!op || !isExtOrBroadcast(op))
      continue;
    Attribute srcEncoding = inferSrcEncoding(op, layout.lookup(slice[i]));
    if (!srcEncoding)
      return false;
    // If the operand can be rematerialized too, this op needs no conversion.
    if (succeeded(getRematerializableSlice(op->getOpOperand(0), srcEncoding,
                                           slice, layout, existingRemats)))
      continue;
    // With two such ops the conversion would have to be duplicated.
    if (extOrBroadcast)
      return false;
    extOrBroadcast = op;
  }
  if (!extOrBroadcast)
    return false;
  Attribute dstEncoding = layout.lookup(extOrBroadcast->getResult(0));
  Attribute srcEncoding = inferSrcEncoding(extOrBroadcast, dstEncoding);
  if (!srcEncoding)
    return false;
  int64_t newConvertCost =
      getConvertCost(extOrBroadcast->getOperand(0), srcEncoding);
  if (!isRematBeneficial(convertOp, slice, layout, newConvertCost))
    return false;

  // Convert the operand and redo the op in the target layout.
  OpBuilder builder(extOrBroadcast);
  auto operandType =
      cast<RankedTensorType>(extOrBroadcast->getOperand(0).getType());
  auto newConvert = ConvertLayoutOp::create(
      builder, convertOp.getLoc(), operandType.cloneWithEncoding(srcEncoding),
      extOrBroadcast->getOperand(0));
  Operation *newOp = builder.clone(*extOrBroadcast);
  newOp->setOperand(0, newConvert.getResult());
  newOp->getResult(0).setType(
      cast<RankedTensorType>(extOrBroadcast->getResult(0).getType())
          .cloneWithEncoding(dstEncoding));
  IRMapping mapping;
  mapping.map(extOrBroadcast->getResult(0), newOp->getResult(0));
  slice.remove(extOrBroadcast->getResult(0));
  rewriteSlice(slice, layout, existingRemats, convertOp, mapping);
  return true;
}

void LayoutRematerialization::hoistConvertIntoConditionals() {
  forEachConversion(
      [&](ConvertLayoutOp op) { return hoistConvertIntoConditionals(op); });
}

bool LayoutRematerialization::hoistConvertIntoConditionals(
    ConvertLayoutOp convertOp) {
  // The slice up to the first conditionals.
  llvm::SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existingRemats;
  auto isIf = [](Operation *op) { return isa<scf::IfOp>(op); };
  if (failed(getRematerializableSlice(convertOp.getSrcMutable(),
                                      convertOp.getType().getEncoding(), slice,
                                      layout, existingRemats, isIf)))
    return false;

  // (scf.if result, yield operand of the branch to convert in).
  SmallVector<std::pair<Value, OpOperand *>> hoistAbove;
  // scf.if results neither branch can rematerialize: converted after the if.
  SmallVector<OpResult> terminals;
  // The slice grows as branches are explored.
  for (unsigned i = 0; i != slice.size(); ++i) {
    Value value = slice[i];
    auto ifOp = value.getDefiningOp<scf::IfOp>();
    if (!ifOp)
      continue;
    Attribute encoding = layout.lookup(value);
    unsigned index = cast<OpResult>(value).getResultNumber();
    OpOperand &thenOperand = ifOp.thenYield()->getOpOperand(index);
    OpOperand &elseOperand = ifOp.elseYield()->getOpOperand(index);
    llvm::SetVector<Value> newSlice = slice;
    DenseMap<Value, Attribute> newLayout = layout;
    RematMap newRemats = existingRemats;
    LogicalResult thenResult = getRematerializableSlice(
        thenOperand, encoding, newSlice, newLayout, newRemats, isIf);
    LogicalResult elseResult = getRematerializableSlice(
        elseOperand, encoding, newSlice, newLayout, newRemats, isIf);
    if (succeeded(thenResult) && succeeded(elseResult)) {
      slice = std::move(newSlice);
      layout = std::move(newLayout);
      existingRemats = std::move(newRemats);
      continue;
    }
    // Only an if inside a loop is assumed to run less often than the code
    // around it, which makes converting in one branch pay off.
    if ((failed(thenResult) && failed(elseResult)) ||
        !isa<scf::ForOp>(ifOp->getParentOp())) {
      terminals.push_back(cast<OpResult>(value));
      continue;
    }
    slice = std::move(newSlice);
    layout = std::move(newLayout);
    existingRemats = std::move(newRemats);
    hoistAbove.push_back(
        {value, succeeded(thenResult) ? &elseOperand : &thenOperand});
  }
  if (hoistAbove.empty())
    return false;

  IRMapping mapping;
  auto convertAt = [&](OpBuilder &builder, Value value, Attribute encoding) {
    auto type = cast<RankedTensorType>(value.getType());
    Value converted = ConvertLayoutOp::create(
        builder, convertOp.getLoc(), type.cloneWithEncoding(encoding), value);
    mapping.map(value, converted);
    slice.remove(value);
  };
  for (OpResult result : terminals) {
    OpBuilder builder(result.getContext());
    builder.setInsertionPointAfter(result.getOwner());
    convertAt(builder, result, layout.lookup(result));
  }
  for (auto [result, edge] : hoistAbove) {
    OpBuilder builder(edge->getOwner());
    convertAt(builder, edge->get(), layout.lookup(result));
  }
  rewriteSlice(slice, layout, existingRemats, convertOp, mapping);
  return true;
}

void LayoutRematerialization::hoistConvertDotOperand() {
  forEachConversion(
      [&](ConvertLayoutOp op) { return hoistConvertDotOperand(op); });
}

bool LayoutRematerialization::hoistConvertDotOperand(
    ConvertLayoutOp convertOp) {
  // Only conversions feeding a tensor-core dot that post-dominates them: the
  // conversion then moves next to the loads, where pipelining can pick it up.
  Operation *parent = convertOp->getParentOp();
  if (!parent)
    return false;
  SmallVector<Operation *> dots;
  parent->walk([&](Operation *op) {
    if (!isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op))
      return;
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto dotOperand =
        type ? dyn_cast_if_present<DotOperandEncodingAttr>(type.getEncoding())
             : DotOperandEncodingAttr();
    if (dotOperand && isa<NvidiaMmaEncodingAttr>(dotOperand.getParent()))
      dots.push_back(op);
  });
  if (!llvm::any_of(dots, [&](Operation *dot) {
        return postDomInfo.postDominates(dot, convertOp);
      }))
    return false;

  // Hoisted over ops that move no data between threads.
  auto noDataMovement = [](Operation *op) {
    return (op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op)) ||
           isa<BroadcastOp, Fp4ToFpOp, ConvertLayoutOp>(op) || isView(op);
  };
  llvm::SetVector<Value> slice;
  DenseMap<Value, Attribute> layout;
  RematMap existingRemats;
  if (failed(getConvertBackwardSlice(
          convertOp.getSrcMutable(), convertOp.getType().getEncoding(), slice,
          layout, existingRemats,
          [&](Operation *op) { return !noDataMovement(op); })))
    return false;

  IRMapping mapping;
  OpBuilder builder(convertOp.getContext());
  llvm::SetVector<Value> innerSlice;
  for (Value value : slice) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    // The leaves must be loads; constants and data-preserving ops are
    // recomputed.
    if (!isa<LoadOp, DescriptorLoadOp, DescriptorGatherOp>(def)) {
      if (!isa<arith::ConstantOp>(def) && !noDataMovement(def))
        return false;
      innerSlice.insert(value);
      continue;
    }
    auto type = dyn_cast<RankedTensorType>(def->getResult(0).getType());
    if (!type)
      continue;
    builder.setInsertionPointAfter(def);
    auto converted = ConvertLayoutOp::create(
        builder, convertOp.getLoc(),
        type.cloneWithEncoding(layout.lookup(def->getResult(0))),
        def->getResult(0));
    mapping.map(def->getResult(0), converted.getResult());
  }
  if (innerSlice.empty())
    return false;
  rewriteSlice(innerSlice, layout, existingRemats, convertOp, mapping);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// Clean-up
//===----------------------------------------------------------------------===//

void mlir::triton::gpu::eliminateDeadIterArgs(scf::ForOp forOp) {
  Block &body = *forOp.getBody();
  auto yield = cast<scf::YieldOp>(body.getTerminator());
  DenseSet<Value> live;
  SmallVector<Value> queue;
  auto markLive = [&](Value value) {
    if (!forOp->isAncestor(value.getParentRegion()->getParentOp()))
      return;
    if (live.insert(value).second)
      queue.push_back(value);
  };
  for (auto [index, result] : llvm::enumerate(forOp.getResults()))
    if (!result.use_empty())
      markLive(yield.getOperand(index));
  if (live.size() == forOp.getNumResults())
    return;
  body.walk([&](Operation *op) {
    if (!isa<scf::YieldOp, scf::ForOp>(op) && !wouldOpBeTriviallyDead(op))
      for (Value operand : op->getOperands())
        markLive(operand);
  });
  while (!queue.empty()) {
    Value value = queue.pop_back_val();
    if (auto nestedFor = value.getDefiningOp<scf::ForOp>()) {
      auto result = cast<OpResult>(value);
      markLive(nestedFor.getTiedLoopInit(result)->get());
      markLive(nestedFor.getBody()->getTerminator()->getOperand(
          result.getResultNumber()));
      continue;
    }
    if (auto nestedIf = value.getDefiningOp<scf::IfOp>()) {
      auto result = cast<OpResult>(value);
      markLive(nestedIf.getCondition());
      markLive(nestedIf.thenYield().getOperand(result.getResultNumber()));
      markLive(nestedIf.elseYield().getOperand(result.getResultNumber()));
      continue;
    }
    if (Operation *def = value.getDefiningOp()) {
      if (isa<scf::WhileOp>(def))
        return;
      for (Value operand : def->getOperands())
        markLive(operand);
      continue;
    }
    auto arg = cast<BlockArgument>(value);
    if (auto owner = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
      if (arg.getArgNumber() < owner.getNumInductionVars())
        continue;
      unsigned index = arg.getArgNumber() - owner.getNumInductionVars();
      markLive(owner.getBody()->getTerminator()->getOperand(index));
      markLive(owner.getInitArgs()[index]);
    }
  }
  for (auto [index, operand] : llvm::enumerate(yield->getOperands())) {
    if (live.contains(operand) || operand == forOp.getRegionIterArg(index))
      continue;
    // A value from outside the loop is the loop's result only when the loop
    // runs at least once; keep it unless it is the initial value too.
    if (!forOp->isAncestor(operand.getParentRegion()->getParentOp()) &&
        operand != forOp.getInitArgs()[index])
      continue;
    yield.setOperand(index, forOp.getRegionIterArg(index));
  }
}

bool mlir::triton::gpu::canRematerializeConversion(ConvertLayoutOp convertOp) {
  return LayoutRematerialization(convertOp->getParentOfType<FuncOp>())
      .rematerialize(convertOp, /*dryRun=*/true);
}

bool mlir::triton::gpu::rematerializeConversions(
    ArrayRef<ConvertLayoutOp> convertOps) {
  if (convertOps.empty())
    return true;
  // One rematerialization for all: values their slices share are recomputed
  // once, the later slices finding the earlier ones' results.
  LayoutRematerialization remat(convertOps.front()->getParentOfType<FuncOp>());
  bool all = true;
  for (ConvertLayoutOp op : convertOps)
    all &= remat.rematerialize(op, /*dryRun=*/false);
  return all;
}

namespace {

struct RemoveLayoutConversionsPass
    : public triton::gpu::impl::TritonGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  /// Folds and canonicalizes the layout conversions left behind. The
  /// patterns are frozen once per run of the pass; the IR is structured
  /// (single-block regions), so region simplification would find nothing to
  /// do and only costs its liveness walk.
  LogicalResult cleanupConvertOps() {
    if (!cleanupPatterns) {
      RewritePatternSet patterns(&getContext());
      ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
      cleanupPatterns.emplace(std::move(patterns));
    }
    return applyPatternsGreedily(
        getOperation(), *cleanupPatterns,
        GreedyRewriteConfig().setRegionSimplificationLevel(
            GreedySimplifyRegionLevel::Disabled));
  }
  std::optional<FrozenRewritePatternSet> cleanupPatterns;

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    cleanupPatterns.reset();
    // Whether a global access is an anchor depends on the CTA's threads.
    WalkResult missingWarps = mod.walk([](Operation *op) {
      if (!isa<LoadOp, StoreOp>(op) ||
          !isa<RankedTensorType>(op->getOperand(0).getType()) ||
          maybeLookupNumWarps(op))
        return WalkResult::advance();
      op->emitError("cannot tell whether the access keeps its layout: no "
                    "\"ttg.num-warps\" on the module or an enclosing op");
      return WalkResult::interrupt();
    });
    if (missingWarps.wasInterrupted())
      return signalPassFailure();

    mod.walk([](FuncOp func) {
      LayoutPropagation propagation(func);
      propagation.initAnchorLayouts();
      propagation.propagateLayouts();
      propagation.resolveConflicts();
      propagation.rewrite();
    });
    if (failed(cleanupConvertOps()))
      return signalPassFailure();

    bool changed;
    do {
      changed = false;
      mod.walk([&](FuncOp func) {
        changed |= LayoutRematerialization(func).backwardRematerialization();
      });
      if (failed(cleanupConvertOps()))
        return signalPassFailure();
    } while (changed);

    mod.walk([](FuncOp func) {
      LayoutRematerialization(func).hoistConvertOnTopOfExtOrBroadcast();
      LayoutRematerialization(func).hoistConvertIntoConditionals();
      LayoutRematerialization(func).hoistConvertDotOperand();
    });

    mod.walk([](scf::ForOp forOp) { eliminateDeadIterArgs(forOp); });
    if (failed(cleanupConvertOps()))
      return signalPassFailure();
    // The scf clean-up is best effort: it need not converge.
    RewritePatternSet scfPatterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(scfPatterns, &getContext());
    scf::IfOp::getCanonicalizationPatterns(scfPatterns, &getContext());
    (void)applyPatternsGreedily(
        mod, std::move(scfPatterns),
        GreedyRewriteConfig().setRegionSimplificationLevel(
            GreedySimplifyRegionLevel::Disabled));
  }
};

} // namespace
