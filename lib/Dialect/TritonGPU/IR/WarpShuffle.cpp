//===- WarpShuffle.cpp - layout conversions by warp shuffles --------------===//
//
// Plans a layout conversion that keeps every element in its warp as warp
// shuffles: for each destination register, the lane each lane reads and
// the source register the lane read offers, found from the conversion's
// linear map (see WarpShufflePlan); then pairs registers that can share one
// butterfly exchange.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/WarpShuffle.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <array>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// Pairs the registers of `plan` that can share a butterfly shuffle (see
/// WarpShufflePlan); `laneRead[l]` is the lane l reads before a register's
/// own XOR.
static void pairRegisters(WarpShufflePlan &plan,
                          const std::array<int32_t, 32> &laneRead) {
  int numRegs = plan.readXor.size();
  plan.partner.assign(numRegs, -1);
  plan.pairXor.assign(numRegs, 0);
  // The XOR every lane of `r` that does not read itself reads at, and the
  // mask of lanes reading themselves; nullopt when the XOR varies.
  auto pattern = [&](int r) -> std::optional<std::pair<int32_t, uint32_t>> {
    int32_t m = 0;
    uint32_t selfLanes = 0;
    for (int32_t l = 0; l < 32; ++l) {
      int32_t read = plan.readXor[r] ^ laneRead[l];
      if (read == l) {
        selfLanes |= 1u << l;
        continue;
      }
      if (m != 0 && (read ^ l) != m)
        return std::nullopt;
      m = read ^ l;
    }
    return std::make_pair(m, selfLanes);
  };
  SmallVector<std::optional<std::pair<int32_t, uint32_t>>> patterns;
  for (int r = 0; r < numRegs; ++r)
    patterns.push_back(plan.self[r] == -1 ? std::nullopt : pattern(r));
  for (int r = 0; r < numRegs; ++r) {
    if (!patterns[r] || plan.partner[r] != -1 || patterns[r]->first == 0)
      continue;
    for (int s = r + 1; s < numRegs; ++s) {
      if (!patterns[s] || plan.partner[s] != -1 ||
          patterns[s]->first != patterns[r]->first ||
          patterns[s]->second != ~patterns[r]->second)
        continue;
      plan.partner[r] = s;
      plan.partner[s] = r;
      plan.pairXor[r] = plan.pairXor[s] = patterns[r]->first;
      break;
    }
  }
}

std::optional<WarpShufflePlan>
mlir::triton::gpu::planWarpShuffle(const LinearLayout &src,
                                   const LinearLayout &dst) {
  // C takes a destination input (register, lane, warp, block) to a source
  // input holding the same element: dst(x) == src(C(x)).
  std::optional<LinearLayout> c = dst.invertAndCompose(src);
  if (!c)
    return std::nullopt;
  MLIRContext *ctx = (*src.getInDimNames().begin()).getContext();
  StringAttr kReg = StringAttr::get(ctx, "register"),
             kLane = StringAttr::get(ctx, "lane"),
             kWarp = StringAttr::get(ctx, "warp"),
             kBlock = StringAttr::get(ctx, "block");
  if (!c->hasInDim(kReg) || !c->hasInDim(kLane) || !c->hasOutDim(kReg) ||
      !c->hasOutDim(kLane) || c->getInDimSize(kLane) != 32 ||
      c->getOutDimSize(kLane) != 32)
    return std::nullopt;
  auto component = [&](ArrayRef<int32_t> basis, StringAttr dim) {
    return c->hasOutDim(dim) ? basis[c->getOutDimIndex(dim)] : 0;
  };
  // Warps and CTAs keep their elements: each of their bits maps to itself.
  for (StringAttr dim : {kWarp, kBlock}) {
    if (!c->hasInDim(dim))
      continue;
    for (auto [k, basis] : llvm::enumerate(c->getBases().lookup(dim)))
      for (StringAttr out : {kReg, kLane, kWarp, kBlock})
        if (component(basis, out) != (out == dim ? 1 << k : 0))
          return std::nullopt;
  }
  // Registers and lanes take theirs from registers and lanes of the warp.
  auto within = [&](ArrayRef<int32_t> basis) {
    return component(basis, kWarp) == 0 && component(basis, kBlock) == 0;
  };
  const auto &regBases = c->getBases().lookup(kReg);
  const auto &cLaneBases = c->getBases().lookup(kLane);
  if (!llvm::all_of(regBases, within) || !llvm::all_of(cLaneBases, within))
    return std::nullopt;

  // Plans the shuffles for C's register bases and the lane bases given.
  auto attempt = [&](const std::vector<std::vector<int32_t>> &laneBases)
      -> std::optional<WarpShufflePlan> {
    // Destination register r of lane l holds source register need(r, l) of
    // lane read(r, l), both XORs of C's images of r's and l's bits.
    WarpShufflePlan plan;
    for (const std::vector<int32_t> &basis : laneBases)
      plan.laneColumns.push_back(component(basis, kLane));
    auto image = [&](const auto &bases, int32_t bits, StringAttr dim) {
      int32_t v = 0;
      for (auto [i, basis] : llvm::enumerate(bases))
        if (bits >> i & 1)
          v ^= component(basis, dim);
      return v;
    };
    // What each lane read must offer for each register (-1: read by no
    // lane). When two lanes read one that must offer them different registers
    // and one of the two is that lane itself, it takes its own register
    // instead (the same register for every lane reading itself).
    // The lane bits' part of both, the same for every register.
    std::array<int32_t, 32> laneRead, laneNeed;
    for (int32_t l = 0; l < 32; ++l) {
      laneRead[l] = image(laneBases, l, kLane);
      laneNeed[l] = image(laneBases, l, kReg);
    }
    int numRegs = c->getInDimSize(kReg);
    SmallVector<std::array<int32_t, 32>> offers(numRegs);
    for (int r = 0; r < numRegs; ++r) {
      int32_t a = image(regBases, r, kLane), b = image(regBases, r, kReg);
      plan.readXor.push_back(a);
      auto tryOffers = [&](bool keepOwn, int32_t &self) {
        self = -1;
        offers[r].fill(-1);
        for (int32_t l = 0; l < 32; ++l) {
          int32_t read = a ^ laneRead[l];
          int32_t need = b ^ laneNeed[l];
          int32_t &slot = keepOwn && read == l ? self : offers[r][read];
          if (slot != -1 && slot != need)
            return false;
          slot = need;
        }
        return true;
      };
      int32_t self;
      if (!tryOffers(/*keepOwn=*/false, self) &&
          !tryOffers(/*keepOwn=*/true, self))
        return std::nullopt;
      plan.self.push_back(self);
    }
    // The offers must take the form offer[r], XOR offerXor where a parity of
    // the offering lane's id is odd: one parity and one XOR for every
    // register. There are five lane bits: every parity mask is tried, none
    // (no select) first.
    for (int32_t mask = 0; mask < 32; ++mask) {
      int32_t x = -1;
      SmallVector<std::pair<int32_t, int32_t>> evenOdd(numRegs, {-1, -1});
      bool fits = true;
      for (int r = 0; r < numRegs && fits; ++r) {
        auto &[even, odd] = evenOdd[r];
        for (int32_t p = 0; p < 32 && fits; ++p) {
          int32_t want = offers[r][p];
          if (want == -1)
            continue;
          int32_t &side = llvm::popcount(uint32_t(p & mask)) & 1 ? odd : even;
          fits = side == -1 || side == want;
          side = want;
        }
        if (fits && even != -1 && odd != -1) {
          fits = x == -1 || x == (even ^ odd);
          x = even ^ odd;
        }
      }
      if (!fits)
        continue;
      x = std::max(x, 0);
      plan.offerXor = x;
      plan.offerParityMask = x == 0 ? 0 : mask;
      for (auto [even, odd] : evenOdd)
        plan.offer.push_back(even != -1 ? even : odd != -1 ? odd ^ x : 0);
      pairRegisters(plan, laneRead);
      return plan;
    }
    return std::nullopt;
  };
  if (std::optional<WarpShufflePlan> plan = attempt(cLaneBases))
    return plan;
  // A register bit and a lane bit trading places while the other lane bits
  // move too: two lanes reading one lane need a register and its partner
  // (register t apart). Each reader then takes the other register's
  // shuffle where a parity of its lane id is odd (upstream's selects after
  // the shuffles): the shuffles are planned for the map whose lane bases in
  // the parity mask also step register t.
  for (auto [t, regBasis] : llvm::enumerate(regBases)) {
    for (int32_t mask = 1; mask < (1 << cLaneBases.size()); ++mask) {
      std::vector<std::vector<int32_t>> stepped = cLaneBases;
      for (auto [j, basis] : llvm::enumerate(stepped))
        if (mask >> j & 1)
          for (auto [x, y] : llvm::zip(basis, regBasis))
            x ^= y;
      if (std::optional<WarpShufflePlan> plan = attempt(stepped)) {
        plan->postParityMask = mask;
        plan->postXor = 1 << t;
        return plan;
      }
    }
  }
  return std::nullopt;
}

std::optional<SmallVector<WarpShuffleRound, 2>>
mlir::triton::gpu::planWarpShuffleRounds(const LinearLayout &src,
                                         const LinearLayout &dst) {
  if (std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst))
    return SmallVector<WarpShuffleRound, 2>{{src, dst, *plan}};
  MLIRContext *ctx = (*src.getInDimNames().begin()).getContext();
  StringAttr kReg = StringAttr::get(ctx, "register"),
             kLane = StringAttr::get(ctx, "lane");
  if (!src.hasInDim(kReg) || !src.hasInDim(kLane) || !dst.hasInDim(kLane) ||
      src.getOutDims() != dst.getOutDims())
    return std::nullopt;
  // The rounds below trade only register and lane bases: elements that move
  // between warps or CTAs stay out of reach (as planWarpShuffle just found).
  for (StringRef dim : {"warp", "block"}) {
    StringAttr name = StringAttr::get(ctx, dim);
    if (src.getBases().lookup(name) != dst.getBases().lookup(name))
      return std::nullopt;
  }
  const auto &srcRegs = src.getBases().lookup(kReg);
  const auto &srcLanes = src.getBases().lookup(kLane);
  const auto &dstLanes = dst.getBases().lookup(kLane);
  for (size_t j = 0; j < srcLanes.size(); ++j) {
    if (llvm::is_contained(dstLanes, srcLanes[j]))
      continue;
    for (size_t r = 0; r < srcRegs.size(); ++r) {
      if (!llvm::is_contained(dstLanes, srcRegs[r]))
        continue;
      LinearLayout::BasesT bases = src.getBases();
      std::swap(bases[kReg][r], bases[kLane][j]);
      FailureOr<LinearLayout> mid = LinearLayout::tryCreate(
          std::move(bases), src.getOutDims(), /*requireSurjective=*/false);
      if (failed(mid))
        continue;
      std::optional<WarpShufflePlan> first = planWarpShuffle(src, *mid);
      std::optional<WarpShufflePlan> second =
          first ? planWarpShuffle(*mid, dst) : std::nullopt;
      if (second)
        return SmallVector<WarpShuffleRound, 2>{{src, *mid, *first},
                                                {*mid, dst, *second}};
    }
  }
  return std::nullopt;
}

/// `layout` without its first register basis: a layout of pairs of
/// registers.
static FailureOr<LinearLayout> withoutFirstRegister(const LinearLayout &layout,
                                                    StringAttr kReg) {
  LinearLayout::BasesT bases = layout.getBases();
  auto &regs = bases[kReg];
  regs.erase(regs.begin());
  return LinearLayout::tryCreate(std::move(bases), layout.getOutDims(),
                                 /*requireSurjective=*/false);
}

unsigned mlir::triton::gpu::getShuffleElementBits(Type elementType) {
  return elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 64;
}

std::optional<WarpShuffleConversion>
mlir::triton::gpu::planWarpShuffleConversion(const LinearLayout &src,
                                             const LinearLayout &dst,
                                             unsigned elementBits) {
  MLIRContext *ctx = (*src.getInDimNames().begin()).getContext();
  StringAttr kReg = StringAttr::get(ctx, "register");
  if (elementBits == 16 && src.getOutDims() == dst.getOutDims() &&
      src.hasInDim(kReg) && dst.hasInDim(kReg) &&
      src.getInDimSizeLog2(kReg) > 0 && dst.getInDimSizeLog2(kReg) > 0 &&
      src.getBasis(kReg, 0) == dst.getBasis(kReg, 0)) {
    FailureOr<LinearLayout> s = withoutFirstRegister(src, kReg);
    FailureOr<LinearLayout> d = withoutFirstRegister(dst, kReg);
    if (succeeded(s) && succeeded(d))
      if (auto rounds = planWarpShuffleRounds(*s, *d))
        return WarpShuffleConversion{/*pairs=*/true, std::move(*rounds)};
  }
  if (auto rounds = planWarpShuffleRounds(src, dst))
    return WarpShuffleConversion{/*pairs=*/false, std::move(*rounds)};
  return std::nullopt;
}

/// The lane bases of `layout`, each packed into one integer (the tensor
/// coordinates side by side), reduced to a basis of their span over GF(2).
static SmallVector<int64_t> getLaneSpan(const LinearLayout &layout) {
  StringAttr kLane =
      StringAttr::get(layout.getOutDimNames().begin()->getContext(), "lane");
  SmallVector<int64_t> span;
  if (!layout.hasInDim(kLane))
    return span;
  for (int32_t i = 0; i < layout.getInDimSizeLog2(kLane); ++i) {
    int64_t packed = 0, shift = 0;
    for (auto [dim, coordinate] : llvm::enumerate(layout.getBasis(kLane, i))) {
      packed |= int64_t(coordinate) << shift;
      shift += layout.getOutDimSizeLog2(
          *std::next(layout.getOutDimNames().begin(), dim));
    }
    // Gaussian elimination, highest bit first.
    for (int64_t reduced : span)
      packed = std::min(packed, packed ^ reduced);
    if (packed)
      span.push_back(packed);
  }
  return span;
}

/// How many lane bases of `from` are not lane bases of `to`: the data that
/// has to move between a lane and a register.
static unsigned countLanesToRegisters(ArrayRef<int64_t> from,
                                      ArrayRef<int64_t> to) {
  unsigned count = 0;
  for (int64_t vector : from) {
    for (int64_t reduced : to)
      vector = std::min(vector, vector ^ reduced);
    count += vector != 0;
  }
  return count;
}

unsigned mlir::triton::gpu::countLaneRegisterSwaps(const LinearLayout &src,
                                                   const LinearLayout &dst) {
  SmallVector<int64_t> srcLanes = getLaneSpan(src);
  SmallVector<int64_t> dstLanes = getLaneSpan(dst);
  return std::max(countLanesToRegisters(srcLanes, dstLanes),
                  countLanesToRegisters(dstLanes, srcLanes));
}

std::optional<WarpShuffleConversion>
mlir::triton::gpu::planLoweredShuffles(const LinearLayout &src,
                                       const LinearLayout &dst,
                                       unsigned elementBits, bool anyRounds) {
  // Two register/lane swaps or more: shared memory (vectorized on both
  // sides) unless asked otherwise.
  if (!anyRounds && countLaneRegisterSwaps(src, dst) > 1)
    return std::nullopt;
  std::optional<WarpShuffleConversion> plan =
      planWarpShuffleConversion(src, dst, elementBits);
  if (plan && plan->rounds.size() > 1 && !anyRounds)
    return std::nullopt;
  return plan;
}
