//===- WarpShuffle.h - layout conversions by warp shuffles ------*- C++ -*-===//
//
// Which layout conversions keep every element in its warp, and how lanes
// exchange them with shuffles: pure linear-layout algebra, shared by the
// lowering (which emits the shuffles) and the passes that choose layouts
// (which want to know a conversion needs no shared memory).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_IR_WARPSHUFFLE_H
#define TRITON_DIALECT_TRITONGPU_IR_WARPSHUFFLE_H

#include "Tools/LinearLayout.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::triton::gpu {

/// A unit attribute on `ttg.convert_layout`: lower it by rounds of warp
/// shuffles wherever planWarpShuffleConversion finds them. Without it a
/// conversion takes shuffles only in one round (at most one register bit
/// and one lane bit trading places, upstream's criterion) and goes through
/// shared memory otherwise. tritongpu-optimize-epilogue sets it on the
/// conversions it makes, measured faster by shuffles (docs/performance.md).
inline constexpr llvm::StringLiteral kWarpShufflesAttrName =
    "ttg.warp_shuffles";

/// How a convert_layout whose elements move only between the lanes of each
/// warp is done with one warp shuffle per destination register. Destination
/// register r of lane l reads source lane `readXor[r] ^ laneMap(l)`, where
/// laneMap XORs `laneColumns[j]` for each set bit j of l; a lane that would
/// read itself takes its own source register `self[r]` instead (-1: no lane
/// does). What lane p offers for register r is its source register
/// `offer[r]`, or `offer[r] ^ offerXor` when the parity of `p &
/// offerParityMask` is odd.
///
/// Two registers whose lanes read themselves in complementary halves, the
/// other lanes reading lane `l ^ m` for one m, share one shuffle (a
/// butterfly exchange, as a register bit and a lane bit trading places
/// gives): `partner[r]` is the other register (-1: none) and `pairXor[r]`
/// is m. Lane p then sends what lane `p ^ m` reads for the first of the
/// pair (the lower register) when that lane does not read itself there,
/// else what it reads for the second.
///
/// The registers above are the shuffles'. Destination register r of lane l
/// is shuffle `r ^ postXor` where the parity of `l & postParityMask` is
/// odd, shuffle r otherwise (a select after the shuffles: a register bit
/// and a lane bit trading places while other lane bits move too).
struct WarpShufflePlan {
  SmallVector<int32_t> laneColumns;
  SmallVector<int32_t> readXor;
  SmallVector<int32_t> self;
  SmallVector<int32_t> offer;
  int32_t offerXor = 0;
  int32_t offerParityMask = 0;
  SmallVector<int32_t> partner;
  SmallVector<int32_t> pairXor;
  int32_t postXor = 0;
  int32_t postParityMask = 0;
};

/// The shuffle plan of a conversion between `src` and `dst` (linear layouts
/// over register, lane, warp and block), or nullopt when some element moves
/// between warps or CTAs (as `dst.invertAndCompose(src)` finds them: warp
/// and block bits mapped to themselves), when two lanes reading one lane
/// need different registers of it, or when the lanes' offers are not one
/// register or one of two by a parity of the lane id. A register bit and a
/// lane bit trading places (upstream's one "mixed transposition", which
/// `cvtNeedsWarpShuffle` allows) fits when the other lane bits stay: half
/// the lanes keep their own register, the others read their partner's.
std::optional<WarpShufflePlan> planWarpShuffle(const LinearLayout &src,
                                               const LinearLayout &dst);

/// One round of shuffles of a conversion done in several: the layouts
/// before and after it and its plan.
struct WarpShuffleRound {
  LinearLayout from;
  LinearLayout to;
  WarpShufflePlan plan;
};

/// The rounds of shuffles of a conversion within warps: planWarpShuffle's
/// one when it has a plan; else two, through a layout that trades one lane
/// basis of `src` that `dst` does not have in its lanes for a register
/// basis of `src` that `dst` has there (so two register/lane swaps, as a
/// 16-bit wgmma accumulator needs to reach 16-byte vectors, take two
/// rounds). Nullopt when neither works.
std::optional<SmallVector<WarpShuffleRound, 2>>
planWarpShuffleRounds(const LinearLayout &src, const LinearLayout &dst);

/// How a convert_layout within warps runs: its rounds of shuffles, on
/// 32-bit words of two elements when `pairs` (then the rounds are planned
/// for the layouts without their first register basis, and each register
/// of a round's plan is such a word).
struct WarpShuffleConversion {
  bool pairs = false;
  SmallVector<WarpShuffleRound, 2> rounds;
};

/// How many register bits and lane bits trade places between `src` and
/// `dst`: the lane bases of one that the other's lanes do not span, the
/// larger count of the two ways. Upstream takes warp shuffles for a
/// conversion within warps when it is at most 1, shared memory otherwise.
unsigned countLaneRegisterSwaps(const LinearLayout &src,
                                const LinearLayout &dst);

/// The shuffles the lowering runs a conversion by: planWarpShuffleConversion's
/// plan when it is one round of at most one register/lane swap (upstream's
/// criterion), or any plan where `anyRounds` (a conversion marked
/// kWarpShufflesAttrName); nullopt when the conversion goes through shared
/// memory instead.
std::optional<WarpShuffleConversion>
planLoweredShuffles(const LinearLayout &src, const LinearLayout &dst,
                    unsigned elementBits, bool anyRounds);

/// The element width planWarpShuffleConversion takes for tensors of `type`'s
/// elements as the lowering moves them: integers and floats their width,
/// anything else (pointers) 64 bits.
unsigned getShuffleElementBits(Type elementType);

/// The shuffles of a conversion of `elementBits`-bit elements from `src`
/// to `dst`, nullopt when it cannot run within warps. 16-bit elements that
/// both layouts keep in pairs (the same first register basis) move two at a
/// time, as one 32-bit word; other conversions as planWarpShuffleRounds
/// plans them. The lowering emits this; the passes and the shared-memory
/// allocation ask it whether a conversion needs shared memory.
std::optional<WarpShuffleConversion>
planWarpShuffleConversion(const LinearLayout &src, const LinearLayout &dst,
                          unsigned elementBits);

} // namespace mlir::triton::gpu

#endif // TRITON_DIALECT_TRITONGPU_IR_WARPSHUFFLE_H
