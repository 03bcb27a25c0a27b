//===- ReduceScanOpToLLVM.cpp - tt.reduce and tt.scan ---------------------===//
//
// Both work in three levels read off the operand's linear layout: the
// registers of a thread, the lanes of a warp (butterfly or indexed warp
// shuffles over the lane bits that move along the axis) and the warps of the
// CTA (through scratch shared memory, over the warp bits that move along the
// axis). The combine region is inlined at every step.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "mlir/IR/IRMapping.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

using Values = SmallVector<Value>;

/// Inlines the combine region on (acc, cur).
Values combine(ConversionPatternRewriter &rewriter, Region &region,
               ValueRange acc, ValueRange cur) {
  Block &block = region.front();
  IRMapping map;
  unsigned n = acc.size();
  for (unsigned i = 0; i < n; ++i) {
    map.map(block.getArgument(i), acc[i]);
    map.map(block.getArgument(n + i), cur[i]);
  }
  for (Operation &op : block.without_terminator())
    rewriter.clone(op, map);
  Values result;
  for (Value v : block.getTerminator()->getOperands())
    result.push_back(map.lookupOrDefault(v));
  return result;
}

/// The bits of `dim` whose bases move along `axis`; fails if one of them
/// also moves along another dimension.
FailureOr<SmallVector<int>> axisBits(Operation *op, const LinearLayout &layout,
                                     StringRef dimName, unsigned axis) {
  StringAttr dim = StringAttr::get(op->getContext(), dimName);
  SmallVector<int> bits;
  if (!layout.hasInDim(dim))
    return bits;
  for (int i = 0; i < layout.getInDimSizeLog2(dim); ++i) {
    ArrayRef<int32_t> basis = layout.getBasis(dim, i);
    if (basis[axis] == 0)
      continue;
    for (auto [d, v] : llvm::enumerate(basis))
      if (d != axis && v != 0)
        return op->emitError("cannot lower: a ")
               << dimName << " basis of the layout moves along the axis and "
               << "another dimension at once";
    bits.push_back(i);
  }
  return bits;
}

/// Compacts the bits `bits` of `id` into a small integer (bit k of the
/// result is bit bits[k] of id).
Value compactBits(OpBuilder &b, Location loc, Value id, ArrayRef<int> bits) {
  Value r = i32Const(b, loc, 0);
  for (auto [k, bit] : llvm::enumerate(bits)) {
    Value one = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, id, i32Const(b, loc, bit)),
        i32Const(b, loc, 1));
    r = LLVM::OrOp::create(
        b, loc, r, LLVM::ShlOp::create(b, loc, one, i32Const(b, loc, k)));
  }
  return r;
}

/// The inverse of compactBits over a base: `base` with bits[k] set from bit
/// k of `index`.
Value expandBits(OpBuilder &b, Location loc, Value base, Value index,
                 ArrayRef<int> bits) {
  int mask = 0;
  for (int bit : bits)
    mask |= 1 << bit;
  Value r = LLVM::AndOp::create(b, loc, base, i32Const(b, loc, ~mask));
  for (auto [k, bit] : llvm::enumerate(bits)) {
    Value one = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, index, i32Const(b, loc, k)),
        i32Const(b, loc, 1));
    r = LLVM::OrOp::create(
        b, loc, r, LLVM::ShlOp::create(b, loc, one, i32Const(b, loc, bit)));
  }
  return r;
}

/// Row-major index of `coords` without `axis` in `shape` without `axis`.
Value outputIndex(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                  ArrayRef<int64_t> shape, unsigned axis) {
  Value idx = i32Const(b, loc, 0);
  int64_t stride = 1;
  for (int d = shape.size() - 1; d >= 0; --d) {
    if ((unsigned)d == axis)
      continue;
    Value t = LLVM::MulOp::create(b, loc, coords[d], i32Const(b, loc, stride));
    idx = LLVM::AddOp::create(b, loc, idx, t);
    stride *= shape[d];
  }
  return idx;
}

/// Scratch addressing shared by reduce and scan: operand k's region, then
/// slot `index` of `w` per output element.
struct Scratch {
  Value base;
  SmallVector<int64_t> regionOffset; // bytes, per operand
  SmallVector<Type> types;
  int64_t w;

  Value address(OpBuilder &b, Location loc, unsigned k, Value outIdx,
                Value slot) const {
    unsigned bytes = getElementBytes(types[k]);
    Value idx = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, outIdx, i32Const(b, loc, w)), slot);
    Value off = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, idx, i32Const(b, loc, bytes)),
        i32Const(b, loc, regionOffset[k]));
    return gepBytes(b, loc, base, off);
  }
};

/// The scratch of a reduction or scan: `outElems * w` elements of each
/// operand, packed at their own width, the operands' regions widest first
/// (so that each starts aligned for its elements), as upstream lays them.
Scratch makeScratch(OpBuilder &b, Location loc, Operation *op,
                    ArrayRef<Type> types, int64_t outElems, int64_t w) {
  Scratch s;
  s.base = getSharedAddress(b, loc, op);
  s.types.assign(types.begin(), types.end());
  s.w = w;
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, types.size()));
  llvm::stable_sort(order, [&](unsigned x, unsigned y) {
    return getElementBytes(types[x]) > getElementBytes(types[y]);
  });
  s.regionOffset.assign(types.size(), 0);
  int64_t off = 0;
  for (unsigned k : order) {
    s.regionOffset[k] = off;
    off += outElems * w * getElementBytes(types[k]);
  }
  return s;
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

struct ReduceOpConversion : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = getLayout(srcType);
    if (!layout)
      return op.emitError("cannot lay out the operand");
    unsigned numOperands = op.getSrcs().size();
    SmallVector<Values> srcs;
    for (Value v : adaptor.getSrcs())
      srcs.push_back(unpackLLElements(loc, v, rewriter));
    SmallVector<Type> types;
    for (unsigned k = 0; k < numOperands; ++k)
      types.push_back(srcs[k][0].getType());

    auto laneBits = axisBits(op, *layout, "lane", axis);
    auto warpBits = axisBits(op, *layout, "warp", axis);
    auto blockBits = axisBits(op, *layout, "block", axis);
    if (failed(laneBits) || failed(warpBits) || failed(blockBits))
      return failure();
    if (!blockBits->empty())
      return op.emitError("cannot lower a reduction across the CTAs of a "
                          "cluster");

    // 1. Registers: one accumulator per output element the thread holds.
    std::map<SmallVector<int32_t>, unsigned> groupOf;
    SmallVector<Values> acc;
    SmallVector<unsigned> firstReg;
    unsigned n = srcs[0].size();
    for (unsigned r = 0; r < n; ++r) {
      SmallVector<int32_t> key = registerCoords(*layout, r);
      key[axis] = 0;
      Values cur;
      for (unsigned k = 0; k < numOperands; ++k)
        cur.push_back(srcs[k][r]);
      auto [it, inserted] = groupOf.insert({key, acc.size()});
      if (inserted) {
        acc.push_back(cur);
        firstReg.push_back(r);
      } else {
        acc[it->second] =
            combine(rewriter, op.getCombineOp(), acc[it->second], cur);
      }
    }

    // 2. Lanes: each accumulator in turn, the highest lane bit first
    // (upstream's order).
    int threadsPerWarp = getThreadsPerWarp(op);
    for (Values &a : acc)
      for (int bit : llvm::reverse(*laneBits)) {
        Values other;
        for (Value v : a)
          other.push_back(
              shuffleXor(rewriter, loc, v, 1 << bit, threadsPerWarp));
        a = combine(rewriter, op.getCombineOp(), a, other);
      }

    // 3. Warps.
    if (!warpBits->empty()) {
      int64_t w = int64_t(1) << warpBits->size();
      ArrayRef<int64_t> shape = srcType.getShape();
      int64_t outElems = 1;
      for (auto [d, s] : llvm::enumerate(shape))
        if (d != axis)
          outElems *= s;
      Scratch scratch = makeScratch(rewriter, loc, op, types, outElems, w);
      if (!scratch.base)
        return op.emitError("no shared memory planned for this reduction");
      HardwareIds ids =
          getHardwareIds(rewriter, loc, threadsPerWarp, getNumCTAs(op));
      Value slot = compactBits(rewriter, loc, ids.warp, *warpBits);
      auto coords = emitIndices(rewriter, loc, srcType);
      SmallVector<Value> outIdx;
      for (unsigned g = 0; g < acc.size(); ++g)
        outIdx.push_back(
            outputIndex(rewriter, loc, coords[firstReg[g]], shape, axis));
      emitBarrier(rewriter, loc);
      for (unsigned g = 0; g < acc.size(); ++g)
        for (unsigned k = 0; k < numOperands; ++k)
          LLVM::StoreOp::create(
              rewriter, loc, toMemory(rewriter, loc, acc[g][k]),
              scratch.address(rewriter, loc, k, outIdx[g], slot));
      emitBarrier(rewriter, loc);
      for (unsigned g = 0; g < acc.size(); ++g) {
        Values total;
        for (int64_t j = 0; j < w; ++j) {
          Values cur;
          for (unsigned k = 0; k < numOperands; ++k) {
            Value v = LLVM::LoadOp::create(
                rewriter, loc, memoryType(rewriter, types[k]),
                scratch.address(rewriter, loc, k, outIdx[g],
                                i32Const(rewriter, loc, j)));
            cur.push_back(fromMemory(rewriter, loc, v, types[k]));
          }
          total =
              j == 0 ? cur : combine(rewriter, op.getCombineOp(), total, cur);
        }
        acc[g] = total;
      }
    }

    // 4. Results in the result layout's register order.
    SmallVector<Value> results;
    if (srcType.getRank() == 1) {
      for (unsigned k = 0; k < numOperands; ++k)
        results.push_back(acc[0][k]);
      rewriter.replaceOp(op, results);
      return success();
    }
    for (unsigned k = 0; k < numOperands; ++k) {
      auto resultType = cast<RankedTensorType>(op.getResult()[k].getType());
      std::optional<LinearLayout> out = getLayout(resultType);
      if (!out)
        return op.emitError("cannot lay out the result");
      Values values;
      StringAttr reg = StringAttr::get(ctx, "register");
      for (int r = 0; r < out->getInDimSize(reg); ++r) {
        SmallVector<int32_t> key = registerCoords(*out, r);
        key.insert(key.begin() + axis, 0);
        auto it = groupOf.find(key);
        if (it == groupOf.end())
          return op.emitError("the result layout is not the slice of the "
                              "operand's along the axis");
        values.push_back(acc[it->second][k]);
      }
      results.push_back(packLLElements(loc, getTypeConverter(), values,
                                       rewriter, resultType));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

Value selectValue(OpBuilder &b, Location loc, Value cond, Value t, Value f) {
  return LLVM::SelectOp::create(b, loc, cond, t, f);
}

/// Where each position bit along a scan's axis lives: bit k of the position
/// (value 2^k) is hardware bit `bit` of `dim` (register, lane or warp).
struct AxisBit {
  enum Dim { Register, Lane, Warp } dim;
  int bit;
};

/// The hardware bit of each position bit along `axis`, lowest first. Fails
/// (with a diagnostic) unless each basis that moves along the axis moves by
/// a power of two, along the axis alone, and no two bases move by the same.
FailureOr<SmallVector<AxisBit>> axisBitOrder(Operation *op,
                                             const LinearLayout &layout,
                                             unsigned axis, int64_t size) {
  int numBits = llvm::Log2_64(size);
  SmallVector<std::optional<AxisBit>> order(numBits);
  for (auto [dim, name] :
       {std::pair<AxisBit::Dim, StringRef>{AxisBit::Register, "register"},
        {AxisBit::Lane, "lane"},
        {AxisBit::Warp, "warp"}}) {
    FailureOr<SmallVector<int>> bits = axisBits(op, layout, name, axis);
    if (failed(bits))
      return failure();
    StringAttr dimName = StringAttr::get(op->getContext(), name);
    for (int bit : *bits) {
      int32_t v = layout.getBasis(dimName, bit)[axis];
      if (!llvm::isPowerOf2_32(v) || v >= size || order[llvm::Log2_32(v)])
        return op->emitError("cannot lower a scan over this layout: a ")
               << name << " basis moves by " << v
               << " along the axis, which is no position bit of its own";
      order[llvm::Log2_32(v)] = AxisBit{dim, bit};
    }
  }
  SmallVector<AxisBit> result;
  for (auto [k, bit] : llvm::enumerate(order)) {
    if (!bit)
      return op->emitError("cannot lower a scan over this layout: no basis "
                           "moves by ")
             << (int64_t(1) << k) << " along the axis";
    result.push_back(*bit);
  }
  return result;
}

/// tt.scan over any layout whose bases move along the axis by distinct
/// powers of two. Position bits are taken from the lowest up: bit k is done
/// when every element holds the scan of its aligned run of 2^(k+1)
/// positions. (Reverse scans read every position bit inverted.)
///   1. The lowest position bits that are register bits: a sequential scan
///      within each thread.
///   2. The lane bits that follow: a Hillis-Steele scan of the runs' totals
///      across lanes, whose exclusive part is added to each element.
///   3. Register and lane bits after those, below any warp bit: one bit at a
///      time; an element in the upper half of its run adds the total of the
///      lower half, which a warp shuffle (or the thread itself) holds.
///   4. Everything from the lowest warp bit up: the total of every run
///      found so far goes through shared memory, and each element adds the
///      totals of the runs before its own.
struct ScanOpConversion : public ConvertOpToLLVMPattern<ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    if (axis >= srcType.getRank())
      return op.emitError("axis ")
             << axis << " is out of range for operands of rank "
             << srcType.getRank();
    std::optional<LinearLayout> layout = getLayout(srcType);
    if (!layout)
      return op.emitError("cannot lay out the operand");
    unsigned numOperands = op.getSrcs().size();
    SmallVector<Values> srcs;
    for (Value v : adaptor.getSrcs())
      srcs.push_back(unpackLLElements(loc, v, rewriter));
    SmallVector<Type> types;
    for (unsigned k = 0; k < numOperands; ++k)
      types.push_back(srcs[k][0].getType());
    Region &region = op.getCombineOp();
    ArrayRef<int64_t> shape = srcType.getShape();

    auto blockBits = axisBits(op, *layout, "block", axis);
    if (failed(blockBits))
      return failure();
    if (!blockBits->empty())
      return op.emitError("cannot lower a scan across the CTAs of a cluster");
    FailureOr<SmallVector<AxisBit>> order =
        axisBitOrder(op, *layout, axis, shape[axis]);
    if (failed(order))
      return failure();
    int numBits = order->size();
    auto kindAt = [&](int k) { return (*order)[k].dim; };
    // The hardware value of a position bit whose value along the scan's
    // direction is `v`.
    auto physical = [&](bool v) { return reverse ? !v : v; };

    unsigned n = srcs[0].size();
    SmallVector<Values> vals(n);
    for (unsigned r = 0; r < n; ++r)
      for (unsigned k = 0; k < numOperands; ++k)
        vals[r].push_back(srcs[k][r]);

    // 1. The lowest register bits: a sequential scan within each thread,
    // over the registers that differ in those bits alone.
    int p1 = 0;
    unsigned lowRegMask = 0;
    for (; p1 < numBits && kindAt(p1) == AxisBit::Register; ++p1)
      lowRegMask |= 1u << (*order)[p1].bit;
    std::map<unsigned, SmallVector<std::pair<int, unsigned>>> groups;
    for (unsigned r = 0; r < n; ++r) {
      int pos = 0;
      for (int k = 0; k < p1; ++k)
        pos |= ((r >> (*order)[k].bit) & 1) << k;
      groups[r & ~lowRegMask].push_back({pos, r});
    }
    SmallVector<SmallVector<unsigned>> orderedGroups;
    for (auto &[key, members] : groups) {
      llvm::sort(members);
      if (reverse)
        std::reverse(members.begin(), members.end());
      SmallVector<unsigned> regs;
      for (auto [pos, r] : members)
        regs.push_back(r);
      for (unsigned i = 1; i < regs.size(); ++i)
        vals[regs[i]] =
            combine(rewriter, region, vals[regs[i - 1]], vals[regs[i]]);
      orderedGroups.push_back(regs);
    }

    int threadsPerWarp = getThreadsPerWarp(op);
    HardwareIds ids;
    bool haveIds = false;
    auto getIds = [&]() {
      if (!haveIds)
        ids = getHardwareIds(rewriter, loc, threadsPerWarp, getNumCTAs(op));
      haveIds = true;
      return ids;
    };
    auto combineWhere = [&](unsigned r, const Values &before, Value valid) {
      Values combined = combine(rewriter, region, before, vals[r]);
      for (unsigned k = 0; k < numOperands; ++k)
        vals[r][k] =
            valid ? selectValue(rewriter, loc, valid, combined[k], vals[r][k])
                  : combined[k];
    };

    // 2. The lane bits that follow.
    int p2 = p1;
    SmallVector<int> laneBits;
    for (; p2 < numBits && kindAt(p2) == AxisBit::Lane; ++p2)
      laneBits.push_back((*order)[p2].bit);
    if (!laneBits.empty()) {
      HardwareIds hw = getIds();
      int64_t numLanes = int64_t(1) << laneBits.size();
      Value t = compactBits(rewriter, loc, hw.lane, laneBits);
      if (reverse)
        t = LLVM::SubOp::create(rewriter, loc,
                                i32Const(rewriter, loc, numLanes - 1), t);
      for (SmallVector<unsigned> &regs : orderedGroups) {
        Values total = vals[regs.back()];
        for (int64_t s = 1; s < numLanes; s *= 2) {
          Value srcT =
              LLVM::SubOp::create(rewriter, loc, t, i32Const(rewriter, loc, s));
          if (reverse)
            srcT = LLVM::SubOp::create(
                rewriter, loc, i32Const(rewriter, loc, numLanes - 1), srcT);
          Value srcLane = expandBits(rewriter, loc, hw.lane, srcT, laneBits);
          Values other;
          for (Value v : total)
            other.push_back(
                shuffleIdx(rewriter, loc, v, srcLane, threadsPerWarp));
          Value valid =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge, t,
                                   i32Const(rewriter, loc, s));
          Values combined = combine(rewriter, region, other, total);
          for (unsigned k = 0; k < numOperands; ++k)
            total[k] = selectValue(rewriter, loc, valid, combined[k], total[k]);
        }
        // Exclusive carry: the inclusive total of lane t - 1.
        Value prevT =
            LLVM::SubOp::create(rewriter, loc, t, i32Const(rewriter, loc, 1));
        if (reverse)
          prevT = LLVM::SubOp::create(
              rewriter, loc, i32Const(rewriter, loc, numLanes - 1), prevT);
        Value prevLane = expandBits(rewriter, loc, hw.lane, prevT, laneBits);
        Values carry;
        for (Value v : total)
          carry.push_back(
              shuffleIdx(rewriter, loc, v, prevLane, threadsPerWarp));
        Value valid =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sgt, t,
                                 i32Const(rewriter, loc, 0));
        for (unsigned r : regs)
          combineWhere(r, carry, valid);
      }
    }

    // 3. Register and lane bits below the lowest warp bit, one at a time.
    int kw = p2;
    for (; kw < numBits && kindAt(kw) != AxisBit::Warp; ++kw) {
      AxisBit at = (*order)[kw];
      // The last element of the lower half of the run: the bits below kw
      // at their last value, bit kw at its first.
      unsigned setRegs = 0, clearRegs = 0;
      int laneSet = 0, laneClear = 0;
      bool crossLane = false;
      for (int k = 0; k <= kw; ++k) {
        AxisBit b = (*order)[k];
        bool value = physical(k < kw);
        if (b.dim == AxisBit::Register)
          (value ? setRegs : clearRegs) |= 1u << b.bit;
        else {
          (value ? laneSet : laneClear) |= 1 << b.bit;
          crossLane = true;
        }
      }
      Value srcLane, valid;
      if (crossLane) {
        HardwareIds hw = getIds();
        srcLane = LLVM::OrOp::create(
            rewriter, loc,
            LLVM::AndOp::create(rewriter, loc, hw.lane,
                                i32Const(rewriter, loc, ~laneClear)),
            i32Const(rewriter, loc, laneSet));
      }
      if (at.dim == AxisBit::Lane) {
        HardwareIds hw = getIds();
        Value bit = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, hw.lane,
                                 i32Const(rewriter, loc, at.bit)),
            i32Const(rewriter, loc, 1));
        valid = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                     bit, i32Const(rewriter, loc, physical(1)));
      }
      // Every source is read before any element changes.
      std::map<unsigned, Values> sources;
      SmallVector<unsigned> upper;
      for (unsigned r = 0; r < n; ++r) {
        if (at.dim == AxisBit::Register &&
            ((r >> at.bit) & 1) != (unsigned)physical(1))
          continue;
        upper.push_back(r);
        unsigned src = (r | setRegs) & ~clearRegs;
        if (sources.count(src))
          continue;
        Values v = vals[src];
        if (crossLane)
          for (Value &x : v)
            x = shuffleIdx(rewriter, loc, x, srcLane, threadsPerWarp);
        sources[src] = v;
      }
      for (unsigned r : upper)
        combineWhere(r, sources[(r | setRegs) & ~clearRegs], valid);
    }

    // 4. From the lowest warp bit up, through shared memory: each run of
    // 2^kw positions leaves its total in slot (row, run), and each element
    // adds the totals of the runs before its own.
    if (kw < numBits) {
      int64_t runs = scanSharedRuns(*layout, axis, shape[axis]);
      int64_t outElems = 1;
      for (auto [d, s] : llvm::enumerate(shape))
        if (d != axis)
          outElems *= s;
      Scratch scratch = makeScratch(rewriter, loc, op, types, outElems, runs);
      if (!scratch.base)
        return op.emitError("no shared memory planned for this scan");
      auto coords = emitIndices(rewriter, loc, srcType);
      int64_t runSize = int64_t(1) << kw;
      // The run of each register, counted along the scan, and its row.
      auto runOf = [&](unsigned r) -> Value {
        Value q = LLVM::LShrOp::create(rewriter, loc, coords[r][axis],
                                       i32Const(rewriter, loc, kw));
        if (reverse)
          q = LLVM::SubOp::create(rewriter, loc,
                                  i32Const(rewriter, loc, runs - 1), q);
        return q;
      };
      // Registers that differ only in bits below kw share their row and run.
      unsigned lowMask = 0;
      for (int k = 0; k < kw; ++k)
        if (kindAt(k) == AxisBit::Register)
          lowMask |= 1u << (*order)[k].bit;
      emitBarrier(rewriter, loc);
      for (unsigned r = 0; r < n; ++r) {
        // The last element of its run writes the run's total: its register
        // bits below kw are at their last value.
        if ((r & lowMask) != (physical(1) ? lowMask : 0u))
          continue;
        Value inRun = LLVM::AndOp::create(rewriter, loc, coords[r][axis],
                                          i32Const(rewriter, loc, runSize - 1));
        Value isLast = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::eq, inRun,
            i32Const(rewriter, loc, reverse ? 0 : runSize - 1));
        Value row = outputIndex(rewriter, loc, coords[r], shape, axis);
        for (unsigned k = 0; k < numOperands; ++k)
          storeShared(rewriter, loc,
                      scratch.address(rewriter, loc, k, row, runOf(r)),
                      toMemory(rewriter, loc, vals[r][k]), isLast);
      }
      emitBarrier(rewriter, loc);
      // Registers that differ only in bits that do not move across rows
      // (along the axis, or nowhere) read the same row of slots: it is
      // loaded once, and its running combination (of slots 0..j) made once.
      StringAttr regDim = StringAttr::get(op.getContext(), "register");
      unsigned sameRowMask = 0;
      int regBits =
          layout->hasInDim(regDim) ? layout->getInDimSizeLog2(regDim) : 0;
      for (int i = 0; i < regBits; ++i) {
        ArrayRef<int32_t> basis = layout->getBasis(regDim, i);
        bool acrossRows = false;
        for (auto [d, v] : llvm::enumerate(basis))
          acrossRows |= d != axis && v != 0;
        if (!acrossRows)
          sameRowMask |= 1u << i;
      }
      std::map<unsigned, SmallVector<Values>> running; // per row: slots 0..j
      std::map<unsigned, std::pair<Values, Value>> carries;
      for (unsigned r = 0; r < n; ++r) {
        unsigned rowKey = r & ~sameRowMask;
        auto rowIt = running.find(rowKey);
        if (rowIt == running.end()) {
          Value row = outputIndex(rewriter, loc, coords[r], shape, axis);
          SmallVector<Values> prefix;
          for (int64_t j = 0; j < runs; ++j) {
            Values cur;
            Value jv = i32Const(rewriter, loc, j);
            for (unsigned k = 0; k < numOperands; ++k) {
              Value v = LLVM::LoadOp::create(
                  rewriter, loc, memoryType(rewriter, types[k]),
                  scratch.address(rewriter, loc, k, row, jv));
              cur.push_back(fromMemory(rewriter, loc, v, types[k]));
            }
            prefix.push_back(
                j == 0 ? cur : combine(rewriter, region, prefix.back(), cur));
          }
          rowIt = running.insert({rowKey, std::move(prefix)}).first;
        }
        // The carry of run q is the running combination up to run q - 1.
        unsigned key = r & ~lowMask;
        auto it = carries.find(key);
        if (it == carries.end()) {
          Value q = runOf(r);
          const SmallVector<Values> &prefix = rowIt->second;
          Values carry = prefix[0];
          Value any;
          for (int64_t j = 0; j < runs - 1; ++j) {
            Value before =
                LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt,
                                     i32Const(rewriter, loc, j), q);
            if (j == 0) {
              any = before;
              continue;
            }
            for (unsigned k = 0; k < numOperands; ++k)
              carry[k] =
                  selectValue(rewriter, loc, before, prefix[j][k], carry[k]);
          }
          if (!any) // a single run: nothing comes before it
            any = boolConst(rewriter, loc, false);
          it = carries.insert({key, {carry, any}}).first;
        }
        combineWhere(r, it->second.first, it->second.second);
      }
    }

    SmallVector<Value> results;
    for (unsigned k = 0; k < numOperands; ++k) {
      Values values;
      for (unsigned r = 0; r < n; ++r)
        values.push_back(vals[r][k]);
      results.push_back(packLLElements(loc, getTypeConverter(), values,
                                       rewriter, op.getResult()[k].getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateReduceScanOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target) {
  patterns.add<ReduceOpConversion, ScanOpConversion>(converter);
}
