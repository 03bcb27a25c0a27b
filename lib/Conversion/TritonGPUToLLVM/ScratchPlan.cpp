//===- ScratchPlan.cpp - how a convert_layout uses its scratch ------------===//
//
// A layout conversion that moves elements between threads writes them to a
// shared-memory scratch buffer from the source layout and reads them back in
// the destination layout. The plan is an invertible GF(2) map from the
// tensor's coordinate bits to scratch offsets, chosen for wide, bank-conflict
// free accesses on both sides, and for a scratch no larger than needed.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Bit vectors over the tensor's coordinate bits (dim rank-1 lowest), with
/// the Gaussian elimination both the plan and its inverse need.
class BitSpace {
public:
  explicit BitSpace(ArrayRef<int64_t> shape) {
    int pos = 0;
    for (int d = shape.size() - 1; d >= 0; --d) {
      int bits = llvm::Log2_64(shape[d]);
      first.push_back({d, pos, bits});
      pos += bits;
    }
    numBits = pos;
  }
  int size() const { return numBits; }
  uint64_t pack(ArrayRef<int32_t> coords) const {
    uint64_t v = 0;
    for (auto [d, pos, bits] : first)
      v |= uint64_t(coords[d]) << pos;
    return v;
  }
  uint64_t unitVector(int bit) const { return uint64_t(1) << bit; }

private:
  SmallVector<std::tuple<int, int, int>> first;
  int numBits = 0;
};

/// A basis being built: vectors in insertion order plus a reduced echelon
/// copy to test membership and to express vectors in the basis.
class Basis {
public:
  /// Coefficients of `v` on the basis vectors, or nullopt when `v` is not
  /// in their span.
  std::optional<uint64_t> express(uint64_t v) const {
    uint64_t coef = 0;
    for (auto [pivot, row, rowCoef] : echelon)
      if (v >> pivot & 1) {
        v ^= row;
        coef ^= rowCoef;
      }
    if (v)
      return std::nullopt;
    return coef;
  }
  bool contains(uint64_t v) const { return express(v).has_value(); }
  /// Adds `v` (not in the span) as basis vector number size().
  void push(uint64_t v) {
    vectors.push_back(v);
    rebuild();
  }
  void set(int i, uint64_t v) {
    vectors[i] = v;
    rebuild();
  }
  uint64_t operator[](int i) const { return vectors[i]; }
  int size() const { return vectors.size(); }

private:
  void rebuild() {
    echelon.clear();
    for (auto [i, vec] : llvm::enumerate(vectors)) {
      uint64_t v = vec, coef = uint64_t(1) << i;
      for (auto [pivot, row, rowCoef] : echelon)
        if (v >> pivot & 1) {
          v ^= row;
          coef ^= rowCoef;
        }
      assert(v && "basis vectors must be independent");
      int pivot = llvm::Log2_64(v);
      for (auto &[p, row, rowCoef] : echelon)
        if (row >> pivot & 1) {
          row ^= v;
          rowCoef ^= coef;
        }
      echelon.push_back({pivot, v, coef});
    }
  }
  SmallVector<uint64_t> vectors;
  SmallVector<std::tuple<int, uint64_t, uint64_t>> echelon;
};

/// What the elements stored (and loaded) together are.
enum class VectorMode {
  /// Register bases both layouts hold: one vector store and one vector
  /// load of up to 16 bytes.
  Common,
  /// Source registers that are the destination's register 0 and lanes 0
  /// and 1: 16-byte stores, ldmatrix loads (16-bit elements).
  LdMatrix,
  /// One element at a time.
  None,
};

std::optional<ScratchPlan> tryPlan(const LinearLayout &src,
                                   const LinearLayout &dst,
                                   ArrayRef<int64_t> shape, unsigned elemBytes,
                                   VectorMode mode, bool allowRounds) {
  MLIRContext *ctx = src.getOutDimNames().begin()->getContext();
  StringAttr reg = StringAttr::get(ctx, "register"),
             lane = StringAttr::get(ctx, "lane");
  BitSpace space(shape);
  auto bases = [&](const LinearLayout &l, StringAttr dim) {
    SmallVector<uint64_t> out;
    if (l.hasInDim(dim))
      for (int i = 0; i < l.getInDimSizeLog2(dim); ++i)
        out.push_back(space.pack(l.getBasis(dim, i)));
    return out;
  };
  SmallVector<uint64_t> srcRegs = bases(src, reg), dstRegs = bases(dst, reg);
  SmallVector<uint64_t> srcLanes = bases(src, lane),
                        dstLanes = bases(dst, lane);
  // `basis` numbers the offset bits; `all` adds the round vectors.
  Basis basis, all;
  auto push = [&](uint64_t v) {
    basis.push(v);
    all.push(v);
  };
  ScratchPlan plan;
  // (1) The vector: its elements are consecutive offsets.
  if (mode == VectorMode::LdMatrix) {
    if (elemBytes != 2 || dstRegs.empty() || dstLanes.size() != 5)
      return std::nullopt;
    for (uint64_t want : {dstRegs[0], dstLanes[0], dstLanes[1]}) {
      const uint64_t *match = llvm::find(srcRegs, want);
      if (!want || all.contains(want) || match == srcRegs.end())
        return std::nullopt;
      push(want);
      plan.srcVecBits.push_back(match - srcRegs.begin());
    }
  } else if (mode == VectorMode::Common) {
    // Register bases both layouts have, lowest source register bit first.
    for (int i = 0; i < (int)srcRegs.size(); ++i) {
      if ((elemBytes << (basis.size() + 1)) > 16)
        break;
      if (!srcRegs[i] || all.contains(srcRegs[i]))
        continue;
      const uint64_t *match = llvm::find(dstRegs, srcRegs[i]);
      if (match == dstRegs.end())
        continue;
      push(srcRegs[i]);
      plan.srcVecBits.push_back(i);
      plan.dstVecBits.push_back(match - dstRegs.begin());
    }
    // Then one side's vector grows alone: to a whole 32-bit word with any
    // of its registers (the other side's accesses then share words, which
    // costs nothing), and on to 16 bytes with registers the other side
    // holds in its lanes (so its lanes still access consecutive bytes) or
    // its warps (which access shared memory apart).
    // `word` counts the bits up to the word.
    auto widen = [&](ArrayRef<uint64_t> regs, ArrayRef<uint64_t> otherThreads,
                     int &word) {
      SmallVector<int> bits;
      Basis span = all;
      word = 0;
      for (int i = 0; i < (int)regs.size(); ++i) {
        int size = span.size();
        if ((elemBytes << (size + 1)) > 16)
          break;
        if (!regs[i] || span.contains(regs[i]))
          continue;
        bool inWord = (elemBytes << size) < 4;
        if (!inWord && !llvm::is_contained(otherThreads, regs[i]))
          continue;
        span.push(regs[i]);
        bits.push_back(i);
        word += inWord;
      }
      return bits;
    };
    SmallVector<uint64_t> srcThreads = srcLanes, dstThreads = dstLanes;
    llvm::append_range(srcThreads, bases(src, StringAttr::get(ctx, "warp")));
    llvm::append_range(dstThreads, bases(dst, StringAttr::get(ctx, "warp")));
    int srcWord, dstWord;
    SmallVector<int> srcMore = widen(srcRegs, dstThreads, srcWord);
    SmallVector<int> dstMore = widen(dstRegs, srcThreads, dstWord);
    // The wider of the two. Where they tie (a transpose, each side's
    // registers the other's lanes), the loads fill their word and no side
    // goes beyond it, as upstream chooses.
    if (srcMore.size() == dstMore.size()) {
      srcMore.clear();
      dstMore.resize(dstWord);
    }
    if (dstMore.size() >= srcMore.size()) {
      for (int i : dstMore) {
        push(dstRegs[i]);
        plan.dstVecBits.push_back(i);
      }
    } else {
      for (int i : srcMore) {
        push(srcRegs[i]);
        plan.srcVecBits.push_back(i);
      }
    }
  }
  int vecBits = basis.size();
  // (2) Rounds: the other register bases both layouts hold split the
  // conversion; the scratch holds one round's elements at a time.
  if (allowRounds) {
    for (int i = 0; i < (int)srcRegs.size(); ++i) {
      if (!srcRegs[i] || all.contains(srcRegs[i]))
        continue;
      const uint64_t *match = llvm::find(dstRegs, srcRegs[i]);
      if (match == dstRegs.end())
        continue;
      all.push(srcRegs[i]);
      plan.srcRoundBits.push_back(i);
      plan.dstRoundBits.push_back(match - dstRegs.begin());
    }
  }
  plan.offsetBits = space.size() - plan.srcRoundBits.size();
  // (3) Bank bits: a wavefront moves 128 bytes; the offset bits above the
  // vector that select a vector within 128 bytes come from the store side's
  // lanes.
  int bankBits = std::max<int>(
      0, std::min<int>(llvm::Log2_32(128 / (elemBytes << vecBits)),
                       plan.offsetBits - vecBits));
  int lanesPerWavefront = std::min<int>(5, bankBits);
  // The lanes of one load wavefront: the rows of one matrix for ldmatrix.
  SmallVector<uint64_t> loadLanes;
  if (mode == VectorMode::LdMatrix)
    loadLanes = {dstLanes[2], dstLanes[3], dstLanes[4]};
  else
    loadLanes.assign(dstLanes.begin(),
                     dstLanes.begin() +
                         std::min<int>(lanesPerWavefront, dstLanes.size()));
  for (int i = 0; i < lanesPerWavefront && i < (int)srcLanes.size(); ++i)
    if (srcLanes[i] && !all.contains(srcLanes[i]) &&
        basis.size() < vecBits + bankBits)
      push(srcLanes[i]);
  for (uint64_t l : loadLanes)
    if (l && !all.contains(l) && basis.size() < vecBits + bankBits)
      push(l);
  for (int bit = 0; bit < space.size(); ++bit)
    if (!all.contains(space.unitVector(bit)))
      push(space.unitVector(bit));
  // (4) Load side: make the bank bits of the load's lanes independent by
  // adding bank basis vectors to the other basis vectors they use.
  int bankLo = vecBits, bankHi = vecBits + bankBits;
  uint64_t bankMask =
      ((uint64_t(1) << bankHi) - 1) & ~((uint64_t(1) << bankLo) - 1);
  Basis projections;
  uint64_t locked = 0;
  Basis seen; // the vector bits and the load lanes handled so far
  for (int i = 0; i < vecBits; ++i)
    seen.push(basis[i]);
  for (uint64_t b : loadLanes) {
    if (!b || seen.contains(b))
      continue; // a broadcast lane, or the same vector as another lane
    seen.push(b);
    std::optional<uint64_t> expressed = basis.express(b);
    if (!expressed)
      return std::nullopt; // the lane moves across rounds
    uint64_t coef = *expressed;
    uint64_t p = coef & bankMask;
    if (p && !projections.contains(p)) {
      projections.push(p);
      locked |= coef & ~bankMask;
      continue;
    }
    bool fixed = false;
    for (int r = bankHi; r < basis.size() && !fixed; ++r) {
      if (!(coef >> r & 1) || (locked >> r & 1))
        continue;
      for (int t = bankLo; t < bankHi && !fixed; ++t) {
        uint64_t q = p ^ (uint64_t(1) << t);
        if (!q || projections.contains(q))
          continue;
        basis.set(r, basis[r] ^ basis[t]);
        projections.push(q);
        locked |= (coef & ~bankMask) | (uint64_t(1) << r);
        fixed = true;
      }
    }
    if (!fixed)
      locked |= coef & ~bankMask;
  }
  // The offset of a coordinate is its coefficient vector in the basis; a
  // round's register bits address no offset.
  StringAttr offset = StringAttr::get(ctx, "offset");
  auto toOffsets =
      [&](const LinearLayout &l,
          ArrayRef<int> roundBits) -> std::optional<LinearLayout> {
    LinearLayout::BasesT out;
    for (StringAttr dim : l.getInDimNames()) {
      std::vector<std::vector<int32_t>> dimBases;
      for (int i = 0; i < l.getInDimSizeLog2(dim); ++i) {
        if (dim == reg && llvm::is_contained(roundBits, i)) {
          dimBases.push_back({0});
          continue;
        }
        std::optional<uint64_t> coef =
            basis.express(space.pack(l.getBasis(dim, i)));
        if (!coef)
          return std::nullopt; // it moves across rounds
        dimBases.push_back({int32_t(*coef)});
      }
      out[dim] = std::move(dimBases);
    }
    return LinearLayout(std::move(out), {{offset, 1 << plan.offsetBits}},
                        /*requireSurjective=*/false);
  };
  std::optional<LinearLayout> srcOffsets = toOffsets(src, plan.srcRoundBits),
                              dstOffsets = toOffsets(dst, plan.dstRoundBits);
  if (!srcOffsets || !dstOffsets)
    return std::nullopt;
  plan.srcOffsets = std::move(*srcOffsets);
  plan.dstOffsets = std::move(*dstOffsets);
  plan.srcVec = 1 << plan.srcVecBits.size();
  plan.dstVec = mode == VectorMode::LdMatrix ? 1 : 1 << plan.dstVecBits.size();
  // A vector must start at a multiple of its size: every basis that is not
  // one of the vector's own must leave the low offset bits alone.
  auto aligned = [&](const LinearLayout &offsets, ArrayRef<int> vecRegBits) {
    int32_t low = (1 << vecRegBits.size()) - 1;
    for (StringAttr dim : offsets.getInDimNames())
      for (int i = 0; i < offsets.getInDimSizeLog2(dim); ++i)
        if (!(dim == reg && llvm::is_contained(vecRegBits, i)) &&
            (offsets.getBasis(dim, i)[0] & low) != 0)
          return false;
    return true;
  };
  if (!aligned(plan.srcOffsets, plan.srcVecBits))
    return std::nullopt;
  if (mode == VectorMode::LdMatrix) {
    plan.ldmatrix = planLdMatrix(plan.dstOffsets, elemBytes * 8);
    if (!plan.ldmatrix || plan.ldmatrix->trans)
      return std::nullopt;
  } else if (!aligned(plan.dstOffsets, plan.dstVecBits)) {
    return std::nullopt;
  }
  return plan;
}

} // namespace

ScratchPlan mlir::triton::gpu::planScratch(const LinearLayout &src,
                                           const LinearLayout &dst,
                                           ArrayRef<int64_t> shape,
                                           unsigned elemBytes) {
  auto attempt = [&](VectorMode mode) {
    std::optional<ScratchPlan> plan =
        tryPlan(src, dst, shape, elemBytes, mode, /*allowRounds=*/true);
    return plan ? plan
                : tryPlan(src, dst, shape, elemBytes, mode,
                          /*allowRounds=*/false);
  };
  std::optional<ScratchPlan> common = attempt(VectorMode::Common);
  // ldmatrix reads four words a lane where the stores or loads are
  // narrower.
  if (elemBytes == 2 &&
      (!common || std::min(common->srcVec, common->dstVec) * elemBytes < 16))
    if (std::optional<ScratchPlan> ld = attempt(VectorMode::LdMatrix))
      return *ld;
  if (common)
    return *common;
  std::optional<ScratchPlan> scalar = attempt(VectorMode::None);
  assert(scalar && "element by element, without rounds, always fits");
  return *scalar;
}
