//===- FuseNestedLoops.cpp - the tritongpu-fuse-nested-loops pass ---------===//
//
// Flattens a loop marked `tl.range(..., flatten=True)` (`tt.flatten` on its
// scf.for) with one loop nested in it into a single loop over every inner
// iteration, so that the pipeliner sees one loop. An outer iteration whose
// inner loop runs zero times still takes one step (its prologue and
// epilogue run):
//
//   for i in range(lbi, ubi, si):            T = sum over i of max(L(i), 1)
//     P(i)                                   for t in range(T): (i, k, ...)
//     for j in range(lbj, ubj, sj):    =>      P(i)                (again)
//       B(i, j)                                if k < L(i): B(i, lbj + k sj)
//     E(i)                                     if k + 1 >= max(L(i), 1):
//                                                E(i); i += si; k = 0
//                                              else: k += 1
//
// The prologue P is recomputed at every step, so it must be free of memory
// effects; the inner loop's carried values start from its initial values
// when k is 0. T is a product when the inner bounds do not depend on the
// outer iteration, else a loop adds the trip counts up first.
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

void fuse(scf::ForOp outer, scf::ForOp inner) {
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Block *outerBody = outer.getBody();
  SmallVector<Operation *> prologue, epilogue;
  bool after = false;
  for (Operation &op : outerBody->without_terminator()) {
    if (&op == inner.getOperation()) {
      after = true;
      continue;
    }
    (after ? epilogue : prologue).push_back(&op);
  }
  Type ivType = outer.getInductionVar().getType();
  auto constant = [&](OpBuilder &ob, int64_t v) -> Value {
    return arith::ConstantOp::create(ob, loc, ob.getIntegerAttr(ivType, v));
  };

  // The prologue for outer iteration `i`, returning the mapping.
  auto emitPrologue = [&](OpBuilder &ob, Value i, ValueRange outerArgs,
                          IRMapping &map) {
    map.map(outer.getInductionVar(), i);
    for (auto [arg, value] : llvm::zip(outer.getRegionIterArgs(), outerArgs))
      map.map(arg, value);
    for (Operation *op : prologue)
      ob.clone(*op, map);
  };
  auto innerLength = [&](OpBuilder &ob, IRMapping &map) {
    return tripCount(ob, loc, map.lookupOrDefault(inner.getLowerBound()),
                     map.lookupOrDefault(inner.getUpperBound()),
                     map.lookupOrDefault(inner.getStep()));
  };

  // The fused loop's length.
  Value outerLength = tripCount(b, loc, outer.getLowerBound(),
                                outer.getUpperBound(), outer.getStep());
  bool invariant = llvm::all_of(
      ValueRange{inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
      [&](Value v) { return outer.isDefinedOutsideOfLoop(v); });
  Value total;
  if (invariant) {
    IRMapping none;
    total = arith::MulIOp::create(b, loc, outerLength,
                                  atLeastOne(b, loc, innerLength(b, none)));
  } else {
    auto sum =
        scf::ForOp::create(b, loc, outer.getLowerBound(), outer.getUpperBound(),
                           outer.getStep(), ValueRange{constant(b, 0)});
    // (A loop built with carried values has no yield yet.)
    OpBuilder sb = OpBuilder::atBlockEnd(sum.getBody());
    IRMapping map;
    // (The bounds read no carried value: fusable() checks.)
    emitPrologue(sb, sum.getInductionVar(), outer.getInitArgs(), map);
    Value next =
        arith::AddIOp::create(sb, loc, sum.getRegionIterArgs()[0],
                              atLeastOne(sb, loc, innerLength(sb, map)));
    scf::YieldOp::create(sb, loc, next);
    total = sum.getResult(0);
  }

  // Initial inner carried values: the first outer iteration's (replaced at
  // every k == 0 step anyway).
  IRMapping firstMap;
  emitPrologue(b, outer.getLowerBound(), outer.getInitArgs(), firstMap);
  SmallVector<Value> innerInits;
  for (Value init : inner.getInitArgs())
    innerInits.push_back(firstMap.lookupOrDefault(init));

  unsigned nOuter = outer.getNumRegionIterArgs();
  unsigned nInner = inner.getNumRegionIterArgs();
  SmallVector<Value> inits{outer.getLowerBound(), constant(b, 0)};
  llvm::append_range(inits, outer.getInitArgs());
  llvm::append_range(inits, innerInits);
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

  IRMapping map;
  emitPrologue(fb, i, outerCur, map);
  Value length = innerLength(fb, map);
  Value first = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq, k,
                                      constant(fb, 0));
  // The inner values: its initial ones at the start of an outer iteration.
  SmallVector<Value> innerCur;
  TypeRange innerTypes = inner.getResultTypes();
  if (nInner) {
    auto pick = scf::IfOp::create(fb, loc, innerTypes, first,
                                  /*withElseRegion=*/true);
    OpBuilder tb = pick.getThenBodyBuilder();
    SmallVector<Value> initValues;
    for (Value init : inner.getInitArgs())
      initValues.push_back(map.lookupOrDefault(init));
    scf::YieldOp::create(tb, loc, initValues);
    OpBuilder eb = pick.getElseBodyBuilder();
    scf::YieldOp::create(eb, loc, innerCarried);
    llvm::append_range(innerCur, pick.getResults());
  }
  // The inner body, if this outer iteration has a k-th inner iteration.
  Value inBody =
      arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::slt, k, length);
  auto step = scf::IfOp::create(fb, loc, innerTypes, inBody,
                                /*withElseRegion=*/true);
  {
    OpBuilder tb = step.getThenBodyBuilder();
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
    yieldFrom(tb, loc, yielded);
    OpBuilder eb = step.getElseBodyBuilder();
    yieldFrom(eb, loc, innerCur);
  }
  ValueRange innerNext = step.getResults();
  // The epilogue, after the outer iteration's last step.
  Value kNext = arith::AddIOp::create(fb, loc, k, constant(fb, 1));
  Value last = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::sge, kNext,
                                     atLeastOne(fb, loc, length));
  SmallVector<Type> advanceTypes{ivType, ivType};
  llvm::append_range(advanceTypes, outer.getResultTypes());
  auto advance = scf::IfOp::create(fb, loc, advanceTypes, last,
                                   /*withElseRegion=*/true);
  {
    OpBuilder tb = advance.getThenBodyBuilder();
    IRMapping epilogueMap = map;
    for (auto [result, value] : llvm::zip(inner.getResults(), innerNext))
      epilogueMap.map(result, value);
    for (Operation *op : epilogue)
      tb.clone(*op, epilogueMap);
    SmallVector<Value> yielded{
        arith::AddIOp::create(tb, loc, i, outer.getStep()), constant(tb, 0)};
    for (Value v : outerBody->getTerminator()->getOperands())
      yielded.push_back(epilogueMap.lookupOrDefault(v));
    scf::YieldOp::create(tb, loc, yielded);
    OpBuilder eb = advance.getElseBodyBuilder();
    SmallVector<Value> same{i, kNext};
    llvm::append_range(same, outerCur);
    scf::YieldOp::create(eb, loc, same);
  }
  SmallVector<Value> next(advance.getResults());
  llvm::append_range(next, innerNext);
  fb.setInsertionPointToEnd(body);
  scf::YieldOp::create(fb, loc, next);

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
