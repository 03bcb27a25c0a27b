//===- WarpShuffleTest.cpp - convert_layout by warp shuffles, simulated ---===//
//
// planWarpShuffle says, for a conversion whose elements stay in their warp,
// which lane each destination register reads and which source register each
// lane offers. These tests run the plan for every lane and warp on the host:
// every destination register must receive the element its layout puts
// there. The layout pairs are random: the destination's register and lane
// bases an invertible mix of the source's, warps kept.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/bit.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

class WarpShuffleTest : public ::testing::Test {
protected:
  MLIRContext ctx;
  StringAttr reg = StringAttr::get(&ctx, "register");
  StringAttr lane = StringAttr::get(&ctx, "lane");
  StringAttr warp = StringAttr::get(&ctx, "warp");
  StringAttr block = StringAttr::get(&ctx, "block");
  StringAttr dim0 = StringAttr::get(&ctx, "dim0");

  using Bases = std::vector<std::vector<int32_t>>;

  LinearLayout layout(const Bases &regs, const Bases &lanes, const Bases &warps,
                      int32_t size) {
    return LinearLayout(
        {{reg, regs}, {lane, lanes}, {warp, warps}, {block, {}}},
        {{dim0, size}}, /*requireSurjective=*/false);
  }

  int32_t at(const LinearLayout &l, int32_t r, int32_t ln, int32_t w) {
    return l.apply({{reg, r}, {lane, ln}, {warp, w}, {block, 0}})[0].second;
  }

  /// Runs `plan` for every lane and warp: each destination register must
  /// get dst's element from the lane and register the plan names.
  void simulate(const LinearLayout &src, const LinearLayout &dst,
                const WarpShufflePlan &plan) {
    ASSERT_EQ(plan.laneColumns.size(), 5u);
    int numRegs = dst.getInDimSize(reg);
    ASSERT_EQ(int(plan.readXor.size()), numRegs);
    ASSERT_EQ(int(plan.partner.size()), numRegs);
    // The lane that lane l reads for register r.
    auto readOf = [&](int r, int32_t l) {
      int32_t read = plan.readXor[r];
      for (int j = 0; j < 5; ++j)
        if (l >> j & 1)
          read ^= plan.laneColumns[j];
      return read;
    };
    // The register lane p offers for register r.
    auto offerOf = [&](int r, int32_t p) {
      int32_t offered = plan.offer[r];
      if (llvm::popcount(uint32_t(p & plan.offerParityMask)) & 1)
        offered ^= plan.offerXor;
      return offered;
    };
    for (int w = 0; w < dst.getInDimSize(warp); ++w)
      for (int l = 0; l < 32; ++l)
        for (int dr = 0; dr < numRegs; ++dr) {
          // The shuffle that destination register dr of lane l takes.
          int r = dr;
          if (llvm::popcount(uint32_t(l & plan.postParityMask)) & 1)
            r ^= plan.postXor;
          int32_t read = readOf(r, l);
          ASSERT_GE(read, 0);
          ASSERT_LT(read, 32);
          int32_t offered = offerOf(r, read);
          if (int32_t s = plan.partner[r]; s != -1 && read != l) {
            // A butterfly shared with s: lane p = l ^ m sends for the
            // lower register of the pair when the lane it sends to does
            // not read itself there, else for the higher.
            ASSERT_EQ(plan.partner[s], r);
            int32_t m = plan.pairXor[r], p = l ^ m;
            int first = std::min(r, s), second = std::max(r, s);
            bool forFirst = readOf(first, p ^ m) != (p ^ m);
            read = p;
            offered = offerOf(forFirst ? first : second, p);
          }
          if (read == l && plan.self[r] != -1)
            offered = plan.self[r];
          ASSERT_GE(offered, 0);
          ASSERT_LT(offered, src.getInDimSize(reg));
          EXPECT_EQ(at(src, offered, read, w), at(dst, dr, l, w))
              << "register " << dr << " lane " << l << " warp " << w;
        }
  }

  /// A layout's bases at random: `regBits` register, 5 lane and `warpBits`
  /// warp bases, each one bit of the flattened tensor, in random order.
  static void randomBases(std::mt19937 &rng, int regBits, int warpBits,
                          Bases &regs, Bases &lanes, Bases &warps) {
    int bits = regBits + 5 + warpBits;
    std::vector<int32_t> outBits(bits);
    for (int i = 0; i < bits; ++i)
      outBits[i] = 1 << i;
    std::shuffle(outBits.begin(), outBits.end(), rng);
    for (int i = 0; i < bits; ++i)
      (i < regBits       ? regs
       : i < regBits + 5 ? lanes
                         : warps)
          .push_back({outBits[i]});
  }

  /// Runs each round's plan, and checks that the rounds lead from `src`
  /// to `dst`.
  void simulateRounds(const LinearLayout &src, const LinearLayout &dst,
                      ArrayRef<WarpShuffleRound> rounds) {
    ASSERT_FALSE(rounds.empty());
    EXPECT_EQ(rounds.front().from, src);
    EXPECT_EQ(rounds.back().to, dst);
    for (size_t i = 0; i < rounds.size(); ++i) {
      if (i + 1 < rounds.size()) {
        EXPECT_EQ(rounds[i].to, rounds[i + 1].from);
      }
      simulate(rounds[i].from, rounds[i].to, rounds[i].plan);
    }
  }
};

TEST_F(WarpShuffleTest, PairsWithinAWarp) {
  // convert-layout.mlir's pairs_within_a_warp, flattened (row + 32 * col).
  LinearLayout src = layout({{1}}, {{2}, {4}, {8}, {16}, {32}}, {}, 64);
  LinearLayout dst = layout({{1}}, {{3}, {4}, {8}, {16}, {32}}, {}, 64);
  std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->offerXor, 1);
  EXPECT_EQ(plan->offerParityMask, 1);
  simulate(src, dst, *plan);
}

TEST_F(WarpShuffleTest, RegisterAndLaneBitTradePlaces) {
  // Register bit 0 and lane bit 0 swap: half the lanes keep a register, the
  // others read their partner's other one.
  LinearLayout src = layout({{1}}, {{2}, {4}, {8}, {16}, {32}}, {}, 64);
  LinearLayout dst = layout({{2}}, {{1}, {4}, {8}, {16}, {32}}, {}, 64);
  std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->self, (SmallVector<int32_t>{0, 1}));
  EXPECT_EQ(plan->offer, (SmallVector<int32_t>{1, 0}));
  EXPECT_EQ(plan->offerParityMask, 0);
  // The two registers share one butterfly exchange across lane bit 0.
  EXPECT_EQ(plan->partner, (SmallVector<int32_t>{1, 0}));
  EXPECT_EQ(plan->pairXor, (SmallVector<int32_t>{1, 1}));
  simulate(src, dst, *plan);
}

TEST_F(WarpShuffleTest, ElementsLeavingTheirWarp) {
  LinearLayout src = layout({{1}}, {{2}, {4}, {8}, {16}, {32}}, {{64}}, 128);
  LinearLayout dst = layout({{1}}, {{2}, {4}, {8}, {16}, {64}}, {{32}}, 128);
  EXPECT_FALSE(planWarpShuffle(src, dst));
}

TEST_F(WarpShuffleTest, SwapWhileOtherLaneBitsMove) {
  // tritongpu_to_llvm.mlir's convert_layout_blocked_blocked_shuffle_swap
  // (32x32, flattened row * 32 + col): [32, 1] x [1, 32] to [16, 2] x
  // [2, 16]. Column bit 0 leaves the lanes for the registers, row bit 4
  // enters them, and the other column bits move down a lane bit: one
  // shuffle per register, then a select by lane parity.
  Bases srcRegs = {{32}, {64}, {128}, {256}, {512}};
  Bases srcLanes = {{1}, {2}, {4}, {8}, {16}};
  Bases dstRegs = {{32}, {64}, {128}, {256}, {1}};
  Bases dstLanes = {{512}, {2}, {4}, {8}, {16}};
  LinearLayout src = layout(srcRegs, srcLanes, {}, 1024);
  // [16, 2] per thread, registers in order [1, 0]: column bit 0 first.
  LinearLayout dst = layout({{1}, {32}, {64}, {128}, {256}},
                            {{2}, {4}, {8}, {16}, {512}}, {}, 1024);
  std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
  ASSERT_TRUE(plan);
  simulate(src, dst, *plan);
  LinearLayout dst2 = layout(dstRegs, dstLanes, {}, 1024);
  plan = planWarpShuffle(src, dst2);
  ASSERT_TRUE(plan);
  simulate(src, dst2, *plan);
}

TEST_F(WarpShuffleTest, RandomSwapWithLanePermutation) {
  // One register basis and one lane basis trade places, and the lane bases
  // are permuted at random: one round, selects after the shuffles where
  // needed.
  std::mt19937 rng(777);
  for (int trial = 0; trial < 300; ++trial) {
    int regBits = 1 + rng() % 4, warpBits = rng() % 3;
    int bits = regBits + 5 + warpBits;
    Bases regs, lanes, warps;
    randomBases(rng, regBits, warpBits, regs, lanes, warps);
    Bases dstRegs = regs, dstLanes = lanes;
    std::swap(dstRegs[rng() % regBits], dstLanes[rng() % 5]);
    std::shuffle(dstLanes.begin(), dstLanes.end(), rng);
    if (rng() % 2)
      std::shuffle(dstRegs.begin(), dstRegs.end(), rng);
    LinearLayout src = layout(regs, lanes, warps, 1 << bits);
    LinearLayout dst = layout(dstRegs, dstLanes, warps, 1 << bits);
    SCOPED_TRACE("trial " + std::to_string(trial));
    std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
    ASSERT_TRUE(plan);
    simulate(src, dst, *plan);
  }
}

TEST_F(WarpShuffleTest, TwoRegisterLaneSwaps) {
  // Two register bits become lane bits: four registers to offer, more than
  // one round does; two rounds of one swap each do it.
  LinearLayout src = layout({{1}, {2}}, {{4}, {8}, {16}, {32}, {64}}, {}, 128);
  LinearLayout dst = layout({{4}, {8}}, {{1}, {2}, {16}, {32}, {64}}, {}, 128);
  EXPECT_FALSE(planWarpShuffle(src, dst));
  std::optional<SmallVector<WarpShuffleRound, 2>> rounds =
      planWarpShuffleRounds(src, dst);
  ASSERT_TRUE(rounds);
  EXPECT_EQ(rounds->size(), 2u);
  simulateRounds(src, dst, *rounds);
}

TEST_F(WarpShuffleTest, RandomTwoRegisterLaneSwaps) {
  // Two register bases and two lane bases of a random layout trade places
  // (a 16-bit wgmma accumulator reaching 16-byte vectors): two rounds.
  std::mt19937 rng(4242);
  for (int trial = 0; trial < 200; ++trial) {
    int regBits = 2 + rng() % 3, warpBits = rng() % 3;
    int bits = regBits + 5 + warpBits;
    Bases regs, lanes, warps;
    randomBases(rng, regBits, warpBits, regs, lanes, warps);
    Bases dstRegs = regs, dstLanes = lanes;
    int r0 = rng() % regBits, r1 = (r0 + 1 + rng() % (regBits - 1)) % regBits;
    int l0 = rng() % 5, l1 = (l0 + 1 + rng() % 4) % 5;
    std::swap(dstRegs[r0], dstLanes[l0]);
    std::swap(dstRegs[r1], dstLanes[l1]);
    if (rng() % 2)
      std::shuffle(dstRegs.begin(), dstRegs.end(), rng);
    LinearLayout src = layout(regs, lanes, warps, 1 << bits);
    LinearLayout dst = layout(dstRegs, dstLanes, warps, 1 << bits);
    SCOPED_TRACE("trial " + std::to_string(trial));
    std::optional<SmallVector<WarpShuffleRound, 2>> rounds =
        planWarpShuffleRounds(src, dst);
    ASSERT_TRUE(rounds);
    EXPECT_EQ(rounds->size(), 2u);
    simulateRounds(src, dst, *rounds);
  }
}

TEST_F(WarpShuffleTest, SixteenBitPairsMoveAsWords) {
  // Both layouts keep elements 2i and 2i + 1 in one thread's registers 2r
  // and 2r + 1: 16-bit elements move as 32-bit words, planned for the
  // layouts without that register basis; other widths element by element.
  LinearLayout src =
      layout({{1}, {2}, {4}}, {{8}, {16}, {32}, {64}, {128}}, {}, 256);
  LinearLayout dst =
      layout({{1}, {8}, {16}}, {{2}, {4}, {32}, {64}, {128}}, {}, 256);
  std::optional<WarpShuffleConversion> words =
      planWarpShuffleConversion(src, dst, 16);
  ASSERT_TRUE(words);
  EXPECT_TRUE(words->pairs);
  ASSERT_EQ(words->rounds.size(), 2u);
  LinearLayout srcWords =
      layout({{2}, {4}}, {{8}, {16}, {32}, {64}, {128}}, {}, 256);
  LinearLayout dstWords =
      layout({{8}, {16}}, {{2}, {4}, {32}, {64}, {128}}, {}, 256);
  simulateRounds(srcWords, dstWords, words->rounds);

  std::optional<WarpShuffleConversion> elements =
      planWarpShuffleConversion(src, dst, 32);
  ASSERT_TRUE(elements);
  EXPECT_FALSE(elements->pairs);
  simulateRounds(src, dst, elements->rounds);

  // A different first register basis: no pairs, even for 16 bits.
  LinearLayout swapped =
      layout({{2}, {1}, {4}}, {{8}, {16}, {32}, {64}, {128}}, {}, 256);
  std::optional<WarpShuffleConversion> split =
      planWarpShuffleConversion(swapped, dst, 16);
  ASSERT_TRUE(split);
  EXPECT_FALSE(split->pairs);
  simulateRounds(swapped, dst, split->rounds);
}

TEST_F(WarpShuffleTest, RandomMixesWithinWarps) {
  std::mt19937 rng(12345);
  int planned = 0, refused = 0;
  for (int trial = 0; trial < 400; ++trial) {
    int regBits = rng() % 4, warpBits = rng() % 3;
    int bits = regBits + 5 + warpBits;
    // The source: each input bit one output bit, in a random order.
    std::vector<int32_t> outBits(bits);
    for (int i = 0; i < bits; ++i)
      outBits[i] = 1 << i;
    std::shuffle(outBits.begin(), outBits.end(), rng);
    std::vector<int32_t> mixed(outBits.begin(), outBits.begin() + regBits + 5);
    Bases warps;
    for (int i = regBits + 5; i < bits; ++i)
      warps.push_back({outBits[i]});
    // The destination: an invertible mix of the source's register and lane
    // bases (row operations on them; none in half the trials, which then
    // only permute bits), then a random order.
    std::vector<int32_t> dstBits = mixed;
    for (int op = 0, ops = rng() % 2 ? 6 : 0; op < ops; ++op) {
      int a = rng() % dstBits.size(), b = rng() % dstBits.size();
      if (a != b && rng() % 2)
        dstBits[a] ^= dstBits[b];
    }
    std::shuffle(dstBits.begin(), dstBits.end(), rng);
    auto split = [&](const std::vector<int32_t> &v, Bases &regs, Bases &lanes) {
      for (int i = 0; i < regBits; ++i)
        regs.push_back({v[i]});
      for (int i = regBits; i < regBits + 5; ++i)
        lanes.push_back({v[i]});
    };
    Bases srcRegs, srcLanes, dstRegs, dstLanes;
    split(mixed, srcRegs, srcLanes);
    split(dstBits, dstRegs, dstLanes);
    // Sometimes the destination holds an element twice (a zero basis).
    if (rng() % 4 == 0)
      dstRegs.push_back({0});
    LinearLayout src = layout(srcRegs, srcLanes, warps, 1 << bits);
    LinearLayout dst = layout(dstRegs, dstLanes, warps, 1 << bits);
    std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
    if (!plan) {
      ++refused;
      continue;
    }
    ++planned;
    SCOPED_TRACE("trial " + std::to_string(trial));
    simulate(src, dst, *plan);
  }
  // Both kinds occur: the test covers plans, not only refusals.
  EXPECT_GT(planned, 50);
  EXPECT_GT(refused, 10);
}

TEST_F(WarpShuffleTest, RandomRegisterLaneSwaps) {
  // One register basis and one lane basis of a random layout trade places:
  // always planned, half the lanes keeping their own register, the
  // registers paired into butterfly exchanges.
  std::mt19937 rng(777);
  for (int trial = 0; trial < 200; ++trial) {
    int regBits = 1 + rng() % 3, warpBits = rng() % 3;
    int bits = regBits + 5 + warpBits;
    Bases regs, lanes, warps;
    randomBases(rng, regBits, warpBits, regs, lanes, warps);
    Bases dstRegs = regs, dstLanes = lanes;
    std::swap(dstRegs[rng() % regBits], dstLanes[rng() % 5]);
    // The destination's registers in another order in half the trials.
    if (rng() % 2)
      std::shuffle(dstRegs.begin(), dstRegs.end(), rng);
    LinearLayout src = layout(regs, lanes, warps, 1 << bits);
    LinearLayout dst = layout(dstRegs, dstLanes, warps, 1 << bits);
    std::optional<WarpShufflePlan> plan = planWarpShuffle(src, dst);
    SCOPED_TRACE("trial " + std::to_string(trial));
    ASSERT_TRUE(plan);
    EXPECT_TRUE(llvm::any_of(plan->self, [](int32_t s) { return s != -1; }));
    // Every register shares a butterfly exchange with another.
    EXPECT_TRUE(
        llvm::none_of(plan->partner, [](int32_t p) { return p == -1; }));
    simulate(src, dst, *plan);
  }
}

} // namespace
