//===- FuseNestedLoops.cpp - the tritongpu-fuse-nested-loops pass ---------===//
//
// Flattens a loop marked `tl.range(..., flatten=True)` (`tt.flatten` on its
// scf.for) with one loop nested in it into a single loop over every inner
// iteration, so that the pipeliner sees one loop. An outer iteration whose
// inner loop runs zero times still takes one step (its prologue and
// epilogue run):
//
//   for i in range(lbi, ubi, si):            T = sum over i of max(L(i), 1)
//     P(i)                                   for t in range(T): (i, k, p, ...)
//     for j in range(lbj, ubj, sj):    =>      if k == 0: p = P(i)
//       B(i, j)                                if k < L(i): B(i, lbj + k sj)
//     E(i)                                     last = k + 1 >= max(L(i), 1)
//                                              k = last ? 0 : k + 1
//                                              i = last ? i + si : i
//                                              if last: E(i)
//
// The prologue P runs at the first step of each outer iteration; the
// values of it that the rest reads (p) are carried through the other steps.
// It is also run before the loop and by the loop that sums the trip
// counts, so it must be free of memory effects. The inner loop's carried
// values start from its initial values when k is 0: picked at k == 0, or,
// for an initial value the same in every outer iteration (a constant, a
// value from before the loops), reset by E's scf.if, so that the inner body
// reads the carried value itself (a wgmma accumulating into it can stay in
// flight from step to step). The indices step outside E's scf.if, so that
// the addresses of later steps do not wait for E (the pipeliner computes
// them ahead). T is a product when the inner bounds do not depend on the
// outer iteration, else a loop adds the trip counts up first.
//
// When the inner bounds do not depend on the outer iteration the fusion is
// speculated on the inner loop running at least once, as upstream does:
//
//   if L > 0:  the fused loop, T = trips(i) x L, B unguarded (k < L always)
//   else:      the outer loop alone, the inner loop's results being its
//              initial values
//
// so that the pipeliner sees the inner body's loads at the top of the loop.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

constexpr StringLiteral kFlattenAttr = "tt.flatten";

/// The number of iterations of `for lb to ub step step` (step > 0), as a
/// value of their type: max(ceil((ub - lb) / step), 0).
Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Type t = lb.getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 1));
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value up = arith::AddIOp::create(b, loc, span,
                                   arith::SubIOp::create(b, loc, step, one));
  Value count = arith::DivSIOp::create(b, loc, up, step);
  return arith::MaxSIOp::create(b, loc, count, zero);
}

/// Ends an scf.if branch with `values` (a branch of an if without results
/// has its yield already).
void yieldFrom(OpBuilder &b, Location loc, ValueRange values) {
  if (values.empty() && b.getInsertionBlock()->mightHaveTerminator())
    return;
  scf::YieldOp::create(b, loc, values);
}

Value atLeastOne(OpBuilder &b, Location loc, Value v) {
  Value one =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(v.getType(), 1));
  return arith::MaxSIOp::create(b, loc, v, one);
}

bool positiveConstant(Value v) {
  APInt value;
  return matchPattern(v, m_ConstantInt(&value)) && value.isStrictlyPositive();
}

/// The loop nested in `outer` if `outer` can be fused with it.
scf::ForOp fusable(scf::ForOp outer) {
  scf::ForOp inner;
  for (Operation &op : outer.getBody()->without_terminator()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (inner)
        return {};
      inner = loop;
      continue;
    }
    bool hasLoop = false;
    op.walk([&](scf::ForOp) { hasLoop = true; });
    if (hasLoop)
      return {};
  }
  if (!inner)
    return {};
  Type iv = outer.getInductionVar().getType();
  if (!iv.isSignlessInteger() || inner.getInductionVar().getType() != iv)
    return {};
  if (!positiveConstant(outer.getStep()) || !positiveConstant(inner.getStep()))
    return {};
  // The prologue runs again at every step of the fused loop; the inner
  // bounds are computed ahead of the loop for every outer iteration, so they
  // must not read what the outer loop carries.
  DenseSet<Value> carried(outer.getRegionIterArgs().begin(),
                          outer.getRegionIterArgs().end());
  for (Operation &op : outer.getBody()->without_terminator()) {
    if (&op == inner.getOperation())
      break;
    // (tl.assume's llvm.intr.assume may be repeated.)
    if (!isMemoryEffectFree(&op) &&
        op.getName().getStringRef() != "llvm.intr.assume")
      return {};
    bool reads = false;
    op.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        reads |= carried.contains(operand);
    });
    if (reads)
      carried.insert(op.getResults().begin(), op.getResults().end());
  }
  for (Value bound :
       {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()})
    if (carried.contains(bound))
      return {};
  return inner;
}

/// The ops of `outer`'s body before and after `inner`.
struct Split {
  SmallVector<Operation *> prologue, epilogue;
};

Split splitAround(scf::ForOp outer, scf::ForOp inner) {
  Split split;
  bool after = false;
  for (Operation &op : outer.getBody()->without_terminator()) {
    if (&op == inner.getOperation()) {
      after = true;
      continue;
    }
    (after ? split.epilogue : split.prologue).push_back(&op);
  }
  return split;
}

/// Emits at `b` the ops of `prologue` (of `outer`'s body) for outer
/// iteration `i` with carried values `outerArgs`; `map` gets the copies.
void emitPrologue(OpBuilder &b, scf::ForOp outer,
                  ArrayRef<Operation *> prologue, Value i, ValueRange outerArgs,
                  IRMapping &map) {
  map.map(outer.getInductionVar(), i);
  for (auto [arg, value] : llvm::zip(outer.getRegionIterArgs(), outerArgs))
    map.map(arg, value);
  for (Operation *op : prologue)
    b.clone(*op, map);
}

/// The trip count of `inner` with its bounds seen through `map`.
Value innerTripCount(OpBuilder &b, Location loc, scf::ForOp inner,
                     IRMapping &map) {
  return tripCount(b, loc, map.lookupOrDefault(inner.getLowerBound()),
                   map.lookupOrDefault(inner.getUpperBound()),
                   map.lookupOrDefault(inner.getStep()));
}

/// Builds at `b` the loop that fuses `outer` with `inner`, `total` steps
/// long. Without `invariantLength` an outer iteration may have no inner
/// iteration (its step skips the inner body); with it, the inner loop's
/// length is that value, at least 1, and the body runs at every step.
scf::ForOp buildFused(OpBuilder &b, scf::ForOp outer, scf::ForOp inner,
                      Value total, Value invariantLength) {
  bool guarded = !invariantLength;
  Location loc = outer.getLoc();
  Block *outerBody = outer.getBody();
  Split split = splitAround(outer, inner);
  Type ivType = outer.getInductionVar().getType();
  auto constant = [&](OpBuilder &ob, int64_t v) -> Value {
    return arith::ConstantOp::create(ob, loc, ob.getIntegerAttr(ivType, v));
  };

  // The prologue's values the rest of the outer body reads: computed at the
  // first step of each outer iteration and carried through its other steps.
  DenseSet<Operation *> inPrologue(split.prologue.begin(),
                                   split.prologue.end());
  SmallVector<Value> needed;
  for (Operation *op : split.prologue)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inPrologue.contains(
                outerBody->findAncestorOpInBlock(*user));
          }))
        needed.push_back(result);

  // The inner values: its initial ones at the start of an outer iteration.
  // One the same for every outer iteration (a constant, or defined before
  // the loops: an accumulator's zeros) is reset after the epilogue, so that
  // the body reads the carried value itself (a wgmma accumulating into it
  // can stay in flight across steps); others are picked at k == 0.
  unsigned nOuter = outer.getNumRegionIterArgs();
  unsigned nInner = inner.getNumRegionIterArgs();
  SmallVector<bool> resetAtEnd;
  for (Value init : inner.getInitArgs()) {
    Operation *def = init.getDefiningOp();
    resetAtEnd.push_back(outer.isDefinedOutsideOfLoop(init) ||
                         (def && def->hasTrait<OpTrait::ConstantLike>()));
  }

  // Initial carried values: the first outer iteration's.
  IRMapping firstMap;
  emitPrologue(b, outer, split.prologue, outer.getLowerBound(),
               outer.getInitArgs(), firstMap);
  SmallVector<Value> innerInits;
  for (Value init : inner.getInitArgs())
    innerInits.push_back(firstMap.lookupOrDefault(init));
  SmallVector<Value> inits{outer.getLowerBound(), constant(b, 0)};
  llvm::append_range(inits, outer.getInitArgs());
  llvm::append_range(inits, innerInits);
  for (Value v : needed)
    inits.push_back(firstMap.lookup(v));
  auto fused =
      scf::ForOp::create(b, loc, constant(b, 0), total, constant(b, 1), inits);
  for (NamedAttribute attr : outer->getAttrs())
    if (attr.getName() != kFlattenAttr)
      fused->setAttr(attr.getName(), attr.getValue());
  Block *body = fused.getBody();
  OpBuilder fb = OpBuilder::atBlockEnd(body);
  ValueRange args = fused.getRegionIterArgs();
  Value i = args[0], k = args[1];
  ValueRange outerCur = args.slice(2, nOuter);
  ValueRange innerCarried = args.slice(2 + nOuter, nInner);
  ValueRange neededCarried = args.slice(2 + nOuter + nInner, needed.size());

  IRMapping map;
  map.map(outer.getInductionVar(), i);
  for (auto [arg, value] : llvm::zip(outer.getRegionIterArgs(), outerCur))
    map.map(arg, value);
  Value first = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq, k,
                                      constant(fb, 0));
  SmallVector<Value> innerCur(innerCarried);
  SmallVector<Value> neededCur;
  SmallVector<Type> pickedTypes;
  for (Value v : needed)
    pickedTypes.push_back(v.getType());
  for (auto [j, init] : llvm::enumerate(inner.getInitArgs()))
    if (!resetAtEnd[j])
      pickedTypes.push_back(init.getType());
  if (!pickedTypes.empty()) {
    auto pick = scf::IfOp::create(fb, loc, pickedTypes, first,
                                  /*withElseRegion=*/true);
    OpBuilder tb = pick.getThenBodyBuilder();
    IRMapping prologueMap;
    emitPrologue(tb, outer, split.prologue, i, outerCur, prologueMap);
    SmallVector<Value> fresh, kept(neededCarried);
    for (Value v : needed)
      fresh.push_back(prologueMap.lookup(v));
    for (auto [j, init] : llvm::enumerate(inner.getInitArgs()))
      if (!resetAtEnd[j]) {
        fresh.push_back(prologueMap.lookupOrDefault(init));
        kept.push_back(innerCarried[j]);
      }
    scf::YieldOp::create(tb, loc, fresh);
    OpBuilder eb = pick.getElseBodyBuilder();
    scf::YieldOp::create(eb, loc, kept);
    unsigned picked = 0;
    for (Value v : needed) {
      neededCur.push_back(pick.getResult(picked));
      map.map(v, pick.getResult(picked++));
    }
    for (unsigned j = 0; j < nInner; ++j)
      if (!resetAtEnd[j])
        innerCur[j] = pick.getResult(picked++);
  }
  Value length =
      guarded ? innerTripCount(fb, loc, inner, map) : invariantLength;
  TypeRange innerTypes = inner.getResultTypes();
  // The inner body's k-th iteration (when guarded: if this outer iteration
  // has one).
  auto emitInnerBody = [&](OpBuilder &tb) {
    Value j = arith::AddIOp::create(
        tb, loc, map.lookupOrDefault(inner.getLowerBound()),
        arith::MulIOp::create(tb, loc, k,
                              map.lookupOrDefault(inner.getStep())));
    IRMapping bodyMap = map;
    bodyMap.map(inner.getInductionVar(), j);
    for (auto [arg, value] : llvm::zip(inner.getRegionIterArgs(), innerCur))
      bodyMap.map(arg, value);
    for (Operation &op : inner.getBody()->without_terminator())
      tb.clone(op, bodyMap);
    SmallVector<Value> yielded;
    for (Value v : inner.getBody()->getTerminator()->getOperands())
      yielded.push_back(bodyMap.lookupOrDefault(v));
    return yielded;
  };
  SmallVector<Value> innerNext;
  if (guarded) {
    Value inBody =
        arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::slt, k, length);
    auto step = scf::IfOp::create(fb, loc, innerTypes, inBody,
                                  /*withElseRegion=*/true);
    OpBuilder tb = step.getThenBodyBuilder();
    yieldFrom(tb, loc, emitInnerBody(tb));
    OpBuilder eb = step.getElseBodyBuilder();
    yieldFrom(eb, loc, innerCur);
    llvm::append_range(innerNext, step.getResults());
  } else {
    innerNext = emitInnerBody(fb);
  }
  // The epilogue, after the outer iteration's last step. The indices step
  // outside its scf.if, so that what the next steps' addresses need does
  // not wait for the epilogue (the pipeliner computes them ahead).
  Value kPlus = arith::AddIOp::create(fb, loc, k, constant(fb, 1));
  Value last =
      arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::sge, kPlus,
                            guarded ? atLeastOne(fb, loc, length) : length);
  Value kNext = arith::SelectOp::create(fb, loc, last, constant(fb, 0), kPlus);
  Value iNext = arith::SelectOp::create(
      fb, loc, last, arith::AddIOp::create(fb, loc, i, outer.getStep()), i);
  // (It also resets the inner values reset at the end.)
  SmallVector<Type> advanceTypes(outer.getResultTypes());
  for (unsigned j = 0; j < nInner; ++j)
    if (resetAtEnd[j])
      advanceTypes.push_back(innerTypes[j]);
  auto advance = scf::IfOp::create(fb, loc, advanceTypes, last,
                                   /*withElseRegion=*/true);
  {
    OpBuilder tb = advance.getThenBodyBuilder();
    IRMapping epilogueMap = map;
    for (auto [result, value] : llvm::zip(inner.getResults(), innerNext))
      epilogueMap.map(result, value);
    for (Operation *op : split.epilogue)
      tb.clone(*op, epilogueMap);
    SmallVector<Value> yielded;
    for (Value v : outerBody->getTerminator()->getOperands())
      yielded.push_back(epilogueMap.lookupOrDefault(v));
    SmallVector<Value> same(outerCur);
    for (unsigned j = 0; j < nInner; ++j)
      if (resetAtEnd[j]) {
        yielded.push_back(innerInits[j]);
        same.push_back(innerNext[j]);
      }
    yieldFrom(tb, loc, yielded);
    OpBuilder eb = advance.getElseBodyBuilder();
    yieldFrom(eb, loc, same);
  }
  SmallVector<Value> next{iNext, kNext};
  llvm::append_range(next, advance.getResults().take_front(nOuter));
  unsigned reset = nOuter;
  for (unsigned j = 0; j < nInner; ++j)
    next.push_back(resetAtEnd[j] ? advance.getResult(reset++) : innerNext[j]);
  llvm::append_range(next, neededCur);
  fb.setInsertionPointToEnd(body);
  scf::YieldOp::create(fb, loc, next);
  return fused;
}

void fuse(scf::ForOp outer, scf::ForOp inner) {
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Type ivType = outer.getInductionVar().getType();
  unsigned nOuter = outer.getNumRegionIterArgs();
  Value outerLength = tripCount(b, loc, outer.getLowerBound(),
                                outer.getUpperBound(), outer.getStep());
  bool invariant = llvm::all_of(
      ValueRange{inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
      [&](Value v) { return outer.isDefinedOutsideOfLoop(v); });

  if (invariant) {
    // Speculate that the inner loop runs: fused and unguarded if it does,
    // the outer loop without it if it does not.
    IRMapping none;
    Value length = innerTripCount(b, loc, inner, none);
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(ivType, 0));
    Value runs =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, length, zero);
    auto version = scf::IfOp::create(b, loc, outer.getResultTypes(), runs,
                                     /*withElseRegion=*/true);
    OpBuilder tb = version.getThenBodyBuilder();
    Value total = arith::MulIOp::create(tb, loc, outerLength, length);
    scf::ForOp fused = buildFused(tb, outer, inner, total, length);
    yieldFrom(tb, loc, fused.getResults().slice(2, nOuter));

    OpBuilder eb = version.getElseBodyBuilder();
    auto alone = cast<scf::ForOp>(eb.clone(*outer));
    alone->removeAttr(kFlattenAttr);
    scf::ForOp innerCopy;
    for (Operation &op : alone.getBody()->without_terminator())
      if (auto loop = dyn_cast<scf::ForOp>(op))
        innerCopy = loop;
    innerCopy.replaceAllUsesWith(innerCopy.getInitArgs());
    innerCopy.erase();
    yieldFrom(eb, loc, alone.getResults());

    outer.replaceAllUsesWith(version.getResults());
    outer.erase();
    return;
  }

  // The fused loop's length: a first loop adds up each outer iteration's.
  auto sum = scf::ForOp::create(b, loc, outer.getLowerBound(),
                                outer.getUpperBound(), outer.getStep(),
                                ValueRange{arith::ConstantOp::create(
                                    b, loc, b.getIntegerAttr(ivType, 0))});
  // (A loop built with carried values has no yield yet.)
  OpBuilder sb = OpBuilder::atBlockEnd(sum.getBody());
  IRMapping map;
  // (The bounds read no carried value: fusable() checks.)
  emitPrologue(sb, outer, splitAround(outer, inner).prologue,
               sum.getInductionVar(), outer.getInitArgs(), map);
  Value length = innerTripCount(sb, loc, inner, map);
  Value next = arith::AddIOp::create(sb, loc, sum.getRegionIterArgs()[0],
                                     atLeastOne(sb, loc, length));
  scf::YieldOp::create(sb, loc, next);
  scf::ForOp fused = buildFused(b, outer, inner, sum.getResult(0), Value());
  outer.replaceAllUsesWith(fused.getResults().slice(2, nOuter));
  outer.erase();
}

struct FuseNestedLoopsPass
    : public mlir::triton::gpu::impl::TritonGPUFuseNestedLoopsBase<
          FuseNestedLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlattenAttr))
        marked.push_back(loop);
    });
    for (scf::ForOp outer : marked) {
      scf::ForOp inner = fusable(outer);
      if (!inner) {
        outer->emitRemark("this loop is not flattened: it needs exactly one "
                          "loop nested in it, constant positive steps, and "
                          "no memory effects before the nested loop");
        continue;
      }
      fuse(outer, inner);
    }
  }
};

} // namespace
