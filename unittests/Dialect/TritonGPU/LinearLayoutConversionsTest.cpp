//===- LinearLayoutConversionsTest.cpp - ttg encodings as linear layouts --===//
//
// Tests of toLinearLayout for every ttg encoding against linear layouts
// derived by hand from the semantics of upstream Triton's layouts, at shapes
// smaller than, equal to and larger than the encoding's CTA tile. Each test
// states its derivation; the expected layouts are written out basis by basis,
// and apply() is spot-checked on a few hardware locations. A few tests also
// compare every location against an independent, index-arithmetic model of
// the layout (the way Triton computed indices before linear layouts).
//
// Conventions, as upstream: a distributed layout maps (register, lane, warp,
// block) to (dim0, dim1, ...), a shared layout maps (offset, block) to
// (dim0, ...). Basis i of an input dimension is the image of index 1 << i; the
// image of any index is the XOR of the bases of its set bits. The output
// dimensions are sized by the tensor shape.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The bases of one input dimension, one coordinate per tensor dimension.
using Bases = std::vector<std::vector<int32_t>>;
/// A tensor coordinate (dim0, dim1, ...).
using Coords = std::vector<int32_t>;

class LinearLayoutConversionsTest : public ::testing::Test {
protected:
  LinearLayoutConversionsTest() { ctx.loadDialect<TritonGPUDialect>(); }

  StringAttr name(StringRef str) { return StringAttr::get(&ctx, str); }

  //===--------------------------------------------------------------------===//
  // Expected layouts, from explicit bases
  //===--------------------------------------------------------------------===//

  /// A layout onto a tensor of `shape` (dim0, dim1, ...), which must be
  /// surjective: every element of the tensor is held somewhere.
  LinearLayout expectedLayout(LinearLayout::BasesT bases,
                              ArrayRef<int32_t> shape) {
    SmallVector<std::pair<StringAttr, int32_t>> outs;
    for (auto [dim, size] : llvm::enumerate(shape))
      outs.push_back({name("dim" + std::to_string(dim)), size});
    FailureOr<LinearLayout> layout = LinearLayout::tryCreate(
        std::move(bases), outs, /*requireSurjective=*/true,
        [&] { return emitError(UnknownLoc::get(&ctx)); });
    if (failed(layout)) {
      ADD_FAILURE() << "malformed expected layout";
      return LinearLayout::empty();
    }
    return *layout;
  }

  /// A distributed layout: (register, lane, warp, block) -> tensor.
  LinearLayout distributed(const Bases &reg, const Bases &lane,
                           const Bases &warp, const Bases &block,
                           ArrayRef<int32_t> shape) {
    LinearLayout::BasesT bases;
    bases[name("register")] = reg;
    bases[name("lane")] = lane;
    bases[name("warp")] = warp;
    bases[name("block")] = block;
    return expectedLayout(std::move(bases), shape);
  }

  /// A shared-memory layout: (offset, block) -> tensor.
  LinearLayout shared(const Bases &offset, const Bases &block,
                      ArrayRef<int32_t> shape) {
    LinearLayout::BasesT bases;
    bases[name("offset")] = offset;
    bases[name("block")] = block;
    return expectedLayout(std::move(bases), shape);
  }

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  static Coords coords(const LinearLayout &layout,
                       ArrayRef<std::pair<StringAttr, int32_t>> ins) {
    Coords result;
    for (auto [outDim, coord] : layout.apply(ins))
      result.push_back(coord);
    return result;
  }

  /// The tensor element held by (register, lane, warp, block).
  Coords at(const LinearLayout &layout, int32_t reg, int32_t lane, int32_t warp,
            int32_t block = 0) {
    return coords(layout, {{name("register"), reg},
                           {name("lane"), lane},
                           {name("warp"), warp},
                           {name("block"), block}});
  }

  /// The tensor element stored at shared-memory `offset` of `block`.
  Coords atOffset(const LinearLayout &layout, int32_t offset,
                  int32_t block = 0) {
    return coords(layout, {{name("offset"), offset}, {name("block"), block}});
  }

  //===--------------------------------------------------------------------===//
  // Encodings
  //===--------------------------------------------------------------------===//

  static SmallVector<int32_t> flatten(const Bases &bases) {
    SmallVector<int32_t> flat;
    for (const std::vector<int32_t> &basis : bases)
      flat.append(basis.begin(), basis.end());
    return flat;
  }

  /// #ttg.blocked<{sizePerThread, threadsPerWarp, warpsPerCTA, order,
  /// CGALayout = cga}>.
  BlockedEncodingAttr blocked(ArrayRef<unsigned> sizePerThread,
                              ArrayRef<unsigned> threadsPerWarp,
                              ArrayRef<unsigned> warpsPerCTA,
                              ArrayRef<unsigned> order, const Bases &cga = {}) {
    return BlockedEncodingAttr::get(&ctx, sizePerThread, threadsPerWarp,
                                    warpsPerCTA, order, flatten(cga));
  }

  /// #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA,
  /// instrShape = [16, 8] (or [1, 16, 8])}>.
  NvidiaMmaEncodingAttr mmaV2(ArrayRef<unsigned> warpsPerCTA,
                              const Bases &cga = {}) {
    SmallVector<unsigned> instrShape{16, 8};
    if (warpsPerCTA.size() == 3)
      instrShape.insert(instrShape.begin(), 1);
    return NvidiaMmaEncodingAttr::get(&ctx, 2, 0, warpsPerCTA, instrShape,
                                      flatten(cga));
  }

  /// #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA,
  /// instrShape = [16, n, 16]}>.
  NvidiaMmaEncodingAttr mmaV3(ArrayRef<unsigned> warpsPerCTA, unsigned n) {
    return NvidiaMmaEncodingAttr::get(&ctx, 3, 0, warpsPerCTA, {16, n, 16}, {});
  }

  DotOperandEncodingAttr dotOp(unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
    return DotOperandEncodingAttr::get(&ctx, opIdx, parent, kWidth);
  }

  SliceEncodingAttr slice(unsigned dim, Attribute parent) {
    return SliceEncodingAttr::get(&ctx, dim, parent);
  }

  /// #ttg.linear<{register, lane, warp, block}>.
  LinearEncodingAttr linear(unsigned rank, const Bases &reg, const Bases &lane,
                            const Bases &warp, const Bases &block) {
    return LinearEncodingAttr::get(&ctx, rank, flatten(reg), flatten(lane),
                                   flatten(warp), flatten(block));
  }

  SwizzledSharedEncodingAttr swizzled(unsigned vec, unsigned perPhase,
                                      unsigned maxPhase,
                                      ArrayRef<unsigned> order,
                                      const Bases &cga = {}) {
    return SwizzledSharedEncodingAttr::get(&ctx, vec, perPhase, maxPhase, order,
                                           flatten(cga));
  }

  NVMMASharedEncodingAttr nvmma(unsigned swizzle, bool transposed,
                                unsigned elementBitWidth, unsigned rank = 2) {
    return NVMMASharedEncodingAttr::get(&ctx, swizzle, transposed,
                                        elementBitWidth, /*fp4Padded=*/false,
                                        rank, {});
  }

  //===--------------------------------------------------------------------===//
  // Exhaustive comparison with a reference model
  //===--------------------------------------------------------------------===//

  /// Checks layout(reg, lane, warp) == model(reg, lane, warp) everywhere.
  void expectMatchesModel(
      const LinearLayout &layout,
      const std::function<Coords(int32_t, int32_t, int32_t)> &model,
      const std::string &what) {
    int32_t numRegs = layout.getInDimSize(name("register"));
    int32_t numLanes = layout.getInDimSize(name("lane"));
    int32_t numWarps = layout.getInDimSize(name("warp"));
    int mismatches = 0;
    for (int32_t warp = 0; warp < numWarps; ++warp)
      for (int32_t lane = 0; lane < numLanes; ++lane)
        for (int32_t reg = 0; reg < numRegs; ++reg) {
          Coords actual = at(layout, reg, lane, warp);
          Coords expected = model(reg, lane, warp);
          if (actual != expected && ++mismatches <= 3)
            ADD_FAILURE() << what << ": register " << reg << ", lane " << lane
                          << ", warp " << warp << " holds ("
                          << ::testing::PrintToString(actual)
                          << "), the model says ("
                          << ::testing::PrintToString(expected) << ")";
        }
    EXPECT_EQ(mismatches, 0) << what;
  }

  MLIRContext ctx;
};

/// The index of each dimension of a flat `index` over `sizes`, dimensions
/// taken in `order` (fastest first).
SmallVector<int32_t> delinearize(int32_t index, ArrayRef<int32_t> sizes,
                                 ArrayRef<unsigned> order) {
  SmallVector<int32_t> result(sizes.size(), 0);
  for (unsigned dim : order) {
    result[dim] = index % sizes[dim];
    index /= sizes[dim];
  }
  return result;
}

int32_t product(ArrayRef<int32_t> values) {
  int32_t result = 1;
  for (int32_t value : values)
    result *= value;
  return result;
}

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

// #blocked = sizePerThread [1, 4], threadsPerWarp [8, 4], warpsPerCTA [4, 1],
// order [1, 0]: a CTA tile of 32 x 16. With dim1 fastest, a thread holds 4
// consecutive columns (registers [0,1], [0,2]); the 4 lanes of a row take the
// next column bits ([0,4], [0,8]) and the 8 rows the next lane bits ([1,0],
// [2,0], [4,0]); the 4 warps stack rows 8 apart ([8,0], [16,0]).
TEST_F(LinearLayoutConversionsTest, BlockedEqualToCtaTile) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({32, 16}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {}, {32, 16}));
  // Lane 5 = row 1 (5 / 4), column group 1 (5 % 4); warp 1 adds 8 rows;
  // register 3 is the 4th column of the group: (1 + 8, 4 + 3).
  EXPECT_EQ(at(*ll, 3, 5, 1), (Coords{9, 7}));
  EXPECT_EQ(at(*ll, 0, 31, 3), (Coords{31, 12}));
  EXPECT_TRUE(ll->isInvertible());
}

// The same encoding on 64 x 64: the 32 x 16 tile repeats in registers, along
// order[0] = dim1 first (x4: [0,16], [0,32]), then dim0 (x2: [32,0]).
TEST_F(LinearLayoutConversionsTest, BlockedLargerRepeatsTileAlongOrder) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({64, 64}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}, {0, 16}, {0, 32}, {32, 0}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {}, {64, 64}));
  EXPECT_EQ(at(*ll, 4, 0, 0), (Coords{0, 16}));
  EXPECT_EQ(at(*ll, 16, 0, 0), (Coords{32, 0}));
  EXPECT_EQ(at(*ll, 7, 0, 0), (Coords{0, 19}));
  EXPECT_EQ(at(*ll, 31, 31, 3), (Coords{63, 63}));
}

// The same encoding on 16 x 8, smaller than the tile in both dimensions: the
// lane basis [0,8] and the warp basis [16,0] leave the tensor and become 0,
// so lanes 2 apart and warps 2 apart hold the same elements.
TEST_F(LinearLayoutConversionsTest, BlockedSmallerBroadcastsLanesAndWarps) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({16, 8}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 0}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {0, 0}}, {}, {16, 8}));
  EXPECT_EQ(at(*ll, 0, 2, 0), (Coords{0, 0}));
  EXPECT_EQ(at(*ll, 1, 3, 2), (Coords{0, 5}));
  EXPECT_EQ(at(*ll, 0, 0, 3), (Coords{8, 0}));
  auto masks = ll->getFreeVariableMasks();
  EXPECT_EQ(masks.lookup(name("register")), 0);
  EXPECT_EQ(masks.lookup(name("lane")), 0b10);
  EXPECT_EQ(masks.lookup(name("warp")), 0b10);
}

// The same encoding on 32 x 2, narrower than sizePerThread: the register
// basis [0,2] leaves the tensor and becomes 0 (as upstream's, a thread still
// holds 4 registers, two of them repeats), and both column lane bases
// become 0.
TEST_F(LinearLayoutConversionsTest, BlockedSmallerThanSizePerThread) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({32, 2}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 0}},
                             {{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {}, {32, 2}));
  EXPECT_EQ(ll->getInDimSize(name("register")), 4);
  EXPECT_EQ(at(*ll, 1, 7, 2), (Coords{17, 1}));
  EXPECT_EQ(at(*ll, 3, 7, 2), (Coords{17, 1}));
}

// sizePerThread [2, 1], threadsPerWarp [4, 8], warpsPerCTA [1, 2], order
// [0, 1] (column-major): registers go down dim0 ([1,0]); lanes take 4 rows
// ([2,0], [4,0]) then 8 columns ([0,1], [0,2], [0,4]); the 2 warps sit side by
// side ([0,8]). Tile 8 x 16; on 16 x 32 it repeats along dim0 first ([8,0]),
// then dim1 ([0,16]).
TEST_F(LinearLayoutConversionsTest, BlockedColumnMajorOrder) {
  auto layout = blocked({2, 1}, {4, 8}, {1, 2}, {0, 1});
  std::optional<LinearLayout> ll = toLinearLayout({16, 32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1, 0}, {8, 0}, {0, 16}},
                             {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}, {{0, 8}},
                             {}, {16, 32}));
  // Register 5 = [1,0] ^ [0,16]; lane 7 = [2,0] ^ [4,0] ^ [0,1]; warp 1.
  EXPECT_EQ(at(*ll, 5, 7, 1), (Coords{7, 25}));
}

// 1-D: sizePerThread [4], threadsPerWarp [32], warpsPerCTA [4]: a 512 tile;
// registers [1], [2], lanes [4] .. [64], warps [128], [256]. On 1024 the tile
// repeats once more in registers ([512]).
TEST_F(LinearLayoutConversionsTest, Blocked1DLarger) {
  auto layout = blocked({4}, {32}, {4}, {0});
  std::optional<LinearLayout> ll = toLinearLayout({1024}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1}, {2}, {512}}, {{4}, {8}, {16}, {32}, {64}},
                             {{128}, {256}}, {}, {1024}));
  EXPECT_EQ(at(*ll, 4, 0, 0), (Coords{512}));
  EXPECT_EQ(at(*ll, 7, 31, 3), (Coords{1023}));
}

// The same on 64 elements: 16 lanes cover it, so lane bit 4 and both warp bits
// broadcast.
TEST_F(LinearLayoutConversionsTest, Blocked1DSmallerBroadcasts) {
  auto layout = blocked({4}, {32}, {4}, {0});
  std::optional<LinearLayout> ll = toLinearLayout({64}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1}, {2}}, {{4}, {8}, {16}, {32}, {0}},
                             {{0}, {0}}, {}, {64}));
  EXPECT_EQ(at(*ll, 3, 31, 3), (Coords{63}));
  EXPECT_EQ(at(*ll, 3, 15, 0), (Coords{63}));
}

// The same on 2 elements: one register basis survives (the other is 0),
// every lane and warp holds the same two elements, each twice.
TEST_F(LinearLayoutConversionsTest, Blocked1DSmallerThanSizePerThread) {
  auto layout = blocked({4}, {32}, {4}, {0});
  std::optional<LinearLayout> ll = toLinearLayout({2}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{1}, {0}}, {{0}, {0}, {0}, {0}, {0}}, {{0}, {0}}, {},
                        {2}));
  EXPECT_EQ(at(*ll, 1, 17, 2), (Coords{1}));
}

// 3-D: sizePerThread [1, 1, 4], threadsPerWarp [2, 4, 4], warpsPerCTA
// [2, 1, 2], order [2, 1, 0]. Registers [0,0,1], [0,0,2]; lanes dim2 x4
// ([0,0,4], [0,0,8]), dim1 x4 ([0,1,0], [0,2,0]), dim0 x2 ([1,0,0]); warps
// dim2 x2 ([0,0,16]), dim0 x2 ([2,0,0]). Tile 4 x 4 x 32; on 8 x 8 x 32 it
// repeats along dim1 ([0,4,0]) then dim0 ([4,0,0]).
TEST_F(LinearLayoutConversionsTest, Blocked3D) {
  auto layout = blocked({1, 1, 4}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({8, 8, 32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 0, 1}, {0, 0, 2}, {0, 4, 0}, {4, 0, 0}},
                        {{0, 0, 4}, {0, 0, 8}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}},
                        {{0, 0, 16}, {2, 0, 0}}, {}, {8, 8, 32}));
  EXPECT_EQ(at(*ll, 15, 31, 3), (Coords{7, 7, 31}));
  EXPECT_EQ(at(*ll, 0, 16, 2), (Coords{3, 0, 0}));
}

// 3-D with order [0, 2, 1]: sizePerThread [2, 1, 1] gives register [1,0,0];
// threadsPerWarp [1, 4, 8] gives lanes dim2 x8 then dim1 x4; warpsPerCTA
// [1, 1, 4] gives warps [0,0,8], [0,0,16]. Tile 2 x 4 x 32; on 4 x 8 x 32 the
// repetitions follow the order: dim0 ([2,0,0]), dim2 (none), dim1 ([0,4,0]).
TEST_F(LinearLayoutConversionsTest, Blocked3DMixedOrder) {
  auto layout = blocked({2, 1, 1}, {1, 4, 8}, {1, 1, 4}, {0, 2, 1});
  std::optional<LinearLayout> ll = toLinearLayout({4, 8, 32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{1, 0, 0}, {2, 0, 0}, {0, 4, 0}},
                        {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}},
                        {{0, 0, 8}, {0, 0, 16}}, {}, {4, 8, 32}));
  EXPECT_EQ(at(*ll, 6, 9, 2), (Coords{2, 5, 17}));
}

// CGALayout = [[1, 0]]: 2 CTAs split dim0. On 64 x 16 each CTA gets 32 x 16,
// exactly the tile above, and the block basis is dim0's CTA size: [32,0].
TEST_F(LinearLayoutConversionsTest, BlockedCgaSplitsDim0) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {{1, 0}});
  std::optional<LinearLayout> ll = toLinearLayout({64, 16}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {{32, 0}}, {64, 16}));
  EXPECT_EQ(at(*ll, 0, 0, 0, 1), (Coords{32, 0}));
  EXPECT_EQ(at(*ll, 3, 31, 3, 1), (Coords{63, 15}));
}

// CGALayout = [[0, 1], [1, 0]]: 4 CTAs, block bit 0 splits dim1, bit 1 dim0.
// On 64 x 32 each CTA gets 32 x 16 (the tile): blocks [0,16], [32,0].
TEST_F(LinearLayoutConversionsTest, BlockedCgaSplitsBothDims) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {{0, 1}, {1, 0}});
  std::optional<LinearLayout> ll = toLinearLayout({64, 32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {{0, 16}, {32, 0}}, {64, 32}));
  EXPECT_EQ(at(*ll, 1, 1, 1, 3), (Coords{40, 21}));
}

// CGALayout = [[0, 0]] (Triton 3.5: CTAsPerCGA [2, 1], CTASplitNum [1, 1]):
// both CTAs hold the whole tensor.
TEST_F(LinearLayoutConversionsTest, BlockedCgaBroadcast) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {{0, 0}});
  std::optional<LinearLayout> ll = toLinearLayout({32, 16}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {{0, 0}}, {32, 16}));
  EXPECT_EQ(at(*ll, 2, 5, 1, 1), at(*ll, 2, 5, 1, 0));
}

// CGALayout = [[1, 0]] on tensors smaller than the CGA tile. On 16 x 16 each
// CTA gets 8 x 16: both warp bases (rows 8, 16) leave it and broadcast; the
// block basis is [8,0]. On 1 x 16 even the CTAs hold copies: block [0,0],
// and every row lane and warp basis is 0.
TEST_F(LinearLayoutConversionsTest, BlockedCgaSmallerTensor) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {{1, 0}});
  std::optional<LinearLayout> ll = toLinearLayout({16, 16}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                             {{0, 0}, {0, 0}}, {{8, 0}}, {16, 16}));
  EXPECT_EQ(at(*ll, 0, 4, 2, 1), (Coords{9, 0}));

  std::optional<LinearLayout> row = toLinearLayout({1, 16}, layout);
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(*row, distributed({{0, 1}, {0, 2}},
                              {{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}},
                              {{0, 0}, {0, 0}}, {{0, 0}}, {1, 16}));
}

// Every blocked configuration below, at every location, against the index
// arithmetic of blocked layouts: a thread holds sizePerThread elements,
// threads and warps are laid out along `order`, and the CTA tile
// (sizePerThread * threadsPerWarp * warpsPerCTA) repeats in registers, the
// elements of one tile first, tiles along `order`; coordinates wrap modulo
// the shape (broadcast), and registers beyond the shape are not there.
TEST_F(LinearLayoutConversionsTest, BlockedMatchesIndexArithmetic) {
  struct Case {
    SmallVector<unsigned> spt, tpw, wpc, order;
    SmallVector<int32_t> shape;
  };
  std::vector<Case> cases = {
      {{1, 4}, {8, 4}, {4, 1}, {1, 0}, {32, 16}},
      {{1, 4}, {8, 4}, {4, 1}, {1, 0}, {128, 64}},
      {{1, 4}, {8, 4}, {4, 1}, {1, 0}, {8, 4}},
      {{2, 2}, {4, 8}, {2, 2}, {0, 1}, {64, 128}},
      {{2, 2}, {4, 8}, {2, 2}, {0, 1}, {4, 16}},
      {{4, 1}, {2, 16}, {1, 8}, {1, 0}, {16, 512}},
      {{8}, {32}, {8}, {0}, {4096}},
      {{8}, {32}, {8}, {0}, {16}},
      {{1, 2, 2}, {2, 2, 8}, {1, 4, 1}, {2, 0, 1}, {4, 32, 64}},
      {{1, 2, 2}, {2, 2, 8}, {1, 4, 1}, {1, 2, 0}, {2, 8, 8}},
  };
  for (const Case &c : cases) {
    std::optional<LinearLayout> ll =
        toLinearLayout(SmallVector<int64_t>(c.shape.begin(), c.shape.end()),
                       blocked(c.spt, c.tpw, c.wpc, c.order));
    ASSERT_TRUE(ll.has_value());
    size_t rank = c.shape.size();
    SmallVector<int32_t> spt, tpw, wpc, tile, reps;
    for (size_t d = 0; d < rank; ++d) {
      spt.push_back(std::min<int32_t>(c.spt[d], c.shape[d]));
      tpw.push_back(c.tpw[d]);
      wpc.push_back(c.wpc[d]);
      tile.push_back(c.spt[d] * c.tpw[d] * c.wpc[d]);
      reps.push_back(std::max<int32_t>(1, c.shape[d] / tile[d]));
    }
    EXPECT_EQ(ll->getInDimSize(name("register")), product(spt) * product(reps));
    auto model = [&](int32_t reg, int32_t lane, int32_t warp) {
      SmallVector<int32_t> elem = delinearize(reg % product(spt), spt, c.order);
      SmallVector<int32_t> rep = delinearize(reg / product(spt), reps, c.order);
      SmallVector<int32_t> laneId = delinearize(lane, tpw, c.order);
      SmallVector<int32_t> warpId = delinearize(warp, wpc, c.order);
      Coords result;
      for (size_t d = 0; d < rank; ++d)
        result.push_back((rep[d] * tile[d] +
                          warpId[d] * int32_t(c.tpw[d] * c.spt[d]) +
                          laneId[d] * int32_t(c.spt[d]) + elem[d]) %
                         c.shape[d]);
      return result;
    };
    expectMatchesModel(*ll, model, ::testing::PrintToString(c.shape));
  }
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// slice(dim 0, #blocked [1,4]/[8,4]/[4,1]/[1,0]) on 16 elements: the parent on
// 1 x 16 broadcasts its row lanes and warps; dropping dim0 leaves registers
// [1], [2], lanes [4], [8], 0, 0, 0 and warps 0, 0. On 64 elements the parent
// repeats along dim1 ([0,16], [0,32]) and nothing along dim0.
TEST_F(LinearLayoutConversionsTest, SliceDim0OfBlocked) {
  auto layout = slice(0, blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}));
  std::optional<LinearLayout> ll = toLinearLayout({16}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1}, {2}}, {{4}, {8}, {0}, {0}, {0}}, {{0}, {0}},
                             {}, {16}));
  std::optional<LinearLayout> wide = toLinearLayout({64}, layout);
  ASSERT_TRUE(wide.has_value());
  EXPECT_EQ(*wide,
            distributed({{1}, {2}, {16}, {32}}, {{4}, {8}, {0}, {0}, {0}},
                        {{0}, {0}}, {}, {64}));
  EXPECT_EQ(at(*wide, 15, 3, 0), (Coords{63}));
}

// slice(dim 1, same parent) on 32 elements: on 32 x 1 the parent's column
// registers leave the tensor and are dropped, its column lanes broadcast;
// what is left is rows: lanes 0, 0, [1], [2], [4], warps [8], [16], and no
// register bases. On 128 the parent first repeats along dim0 ([32,0],
// [64,0]): registers [32], [64].
TEST_F(LinearLayoutConversionsTest, SliceDim1OfBlocked) {
  auto layout = slice(1, blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}));
  std::optional<LinearLayout> ll = toLinearLayout({32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({}, {{0}, {0}, {1}, {2}, {4}}, {{8}, {16}}, {}, {32}));
  std::optional<LinearLayout> tall = toLinearLayout({128}, layout);
  ASSERT_TRUE(tall.has_value());
  EXPECT_EQ(*tall, distributed({{32}, {64}}, {{0}, {0}, {1}, {2}, {4}},
                               {{8}, {16}}, {}, {128}));
  EXPECT_EQ(at(*tall, 3, 7, 1), (Coords{105}));
}

// slice(dim 1, nvidia_mma v2 warpsPerCTA [4, 1]), the layout of a row
// reduction of an mma accumulator: the parent (16 x 8 per warp, warps [16,0],
// [32,0]) on 64 x 1 drops the column register [0,1] and broadcasts the
// column lanes [0,2], [0,4]. Left: register [8] (row g + 8), lanes 0, 0, [1],
// [2], [4] (g = lane / 4), warps [16], [32]. On 128 rows the parent repeats
// along dim0 ([64,0]).
TEST_F(LinearLayoutConversionsTest, SliceDim1OfMmaV2) {
  auto layout = slice(1, mmaV2({4, 1}));
  std::optional<LinearLayout> ll = toLinearLayout({64}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{8}}, {{0}, {0}, {1}, {2}, {4}}, {{16}, {32}}, {},
                             {64}));
  std::optional<LinearLayout> tall = toLinearLayout({128}, layout);
  ASSERT_TRUE(tall.has_value());
  EXPECT_EQ(*tall, distributed({{8}, {64}}, {{0}, {0}, {1}, {2}, {4}},
                               {{16}, {32}}, {}, {128}));
  // Lane 4 * g + t holds rows g and g + 8 whatever t.
  EXPECT_EQ(at(*tall, 1, 4 * 5 + 3, 2), (Coords{8 + 5 + 32}));
}

// slice(dim 0, the 3-D blocked of Blocked3D) on 8 x 32: the parent on
// 1 x 8 x 32 repeats along dim1 ([0,4,0]) and broadcasts its dim0 lane and
// warp; dropping dim0 gives registers [0,1], [0,2], [4,0], lanes [0,4],
// [0,8], [1,0], [2,0], 0, warps [0,16], 0.
TEST_F(LinearLayoutConversionsTest, SliceOf3DBlocked) {
  auto layout = slice(0, blocked({1, 1, 4}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0}));
  std::optional<LinearLayout> ll = toLinearLayout({8, 32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}, {4, 0}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {0, 0}},
                             {{0, 16}, {0, 0}}, {}, {8, 32}));
  EXPECT_EQ(at(*ll, 7, 31, 3), (Coords{7, 31}));
}

// slice(dim 0, slice(dim 1, the same 3-D blocked)) on 32: the inner slice on
// 1 x 32 is the parent on 1 x 1 x 32 (registers [0,0,1], [0,0,2], dim2 lanes
// [0,0,4], [0,0,8], dim2 warp [0,0,16], the rest 0) without dim1; the outer
// drops dim0: registers [1], [2], lanes [4], [8], 0, 0, 0, warps [16], 0.
TEST_F(LinearLayoutConversionsTest, SliceOfSlice) {
  auto layout =
      slice(0, slice(1, blocked({1, 1, 4}, {2, 4, 4}, {2, 1, 2}, {2, 1, 0})));
  std::optional<LinearLayout> ll = toLinearLayout({32}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1}, {2}}, {{4}, {8}, {0}, {0}, {0}}, {{16}, {0}},
                             {}, {32}));
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

// The register layout Triton printed for an sm_80 flash-attention kernel
// (the transposed B operand of the second dot); a linear encoding is its
// bases as given.
TEST_F(LinearLayoutConversionsTest, LinearIsItsBases) {
  Bases reg = {{0, 1}, {0, 8}, {0, 16}, {0, 32}, {8, 0}, {16, 0}, {32, 0}};
  Bases lane = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  Bases warp = {{0, 0}, {0, 0}, {0, 0}};
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 64}, linear(2, reg, lane, warp, {}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed(reg, lane, warp, {}, {64, 64}));
  // Register 81 = bits 0, 4, 6: (8 + 32, 1); lane 31: (7, 6).
  EXPECT_EQ(at(*ll, 0b1010001, 0b11111, 5), (Coords{40 + 7, 1 + 6}));
}

// A 1-D linear encoding with a broadcast warp and a block dimension.
TEST_F(LinearLayoutConversionsTest, Linear1D) {
  Bases reg = {{1}}, lane = {{2}, {4}, {8}, {16}, {32}}, warp = {{0}},
        block = {{64}};
  std::optional<LinearLayout> ll =
      toLinearLayout({128}, linear(1, reg, lane, warp, block));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed(reg, lane, warp, block, {128}));
  EXPECT_EQ(at(*ll, 1, 31, 1, 1), (Coords{127}));
}

//===----------------------------------------------------------------------===//
// nvidia_mma v2 (Ampere)
//===----------------------------------------------------------------------===//

// One warp, 16 x 8: lane 4g + t holds (g, 2t), (g, 2t + 1) in registers 0, 1
// and (g + 8, 2t), (g + 8, 2t + 1) in registers 2, 3. As bases: registers
// [0,1], [8,0]; lanes [0,2], [0,4] (t) then [1,0], [2,0], [4,0] (g).
TEST_F(LinearLayoutConversionsTest, MmaV2SingleWarpTile) {
  std::optional<LinearLayout> ll = toLinearLayout({16, 8}, mmaV2({1, 1}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, {}, {},
                             {16, 8}));
  for (int32_t lane = 0; lane < 32; ++lane) {
    int32_t g = lane / 4, t = lane % 4;
    EXPECT_EQ(at(*ll, 0, lane, 0), (Coords{g, 2 * t}));
    EXPECT_EQ(at(*ll, 1, lane, 0), (Coords{g, 2 * t + 1}));
    EXPECT_EQ(at(*ll, 2, lane, 0), (Coords{g + 8, 2 * t}));
    EXPECT_EQ(at(*ll, 3, lane, 0), (Coords{g + 8, 2 * t + 1}));
  }
}

// warpsPerCTA [2, 2], row-major: warp 1 is to the right ([0,8]), warp 2 below
// ([16,0]); CTA tile 32 x 16. On 64 x 64 the tile repeats along dim1 first
// (x4: [0,16], [0,32]), then dim0 (x2: [32,0]).
TEST_F(LinearLayoutConversionsTest, MmaV2WarpsRowMajorLarger) {
  std::optional<LinearLayout> ll = toLinearLayout({64, 64}, mmaV2({2, 2}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}, {0, 16}, {0, 32}, {32, 0}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                             {{0, 8}, {16, 0}}, {}, {64, 64}));
  EXPECT_EQ(at(*ll, 0, 0, 1), (Coords{0, 8}));
  EXPECT_EQ(at(*ll, 0, 0, 2), (Coords{16, 0}));
  EXPECT_EQ(at(*ll, 4, 0, 0), (Coords{0, 16}));
  EXPECT_EQ(at(*ll, 16, 0, 0), (Coords{32, 0}));
  EXPECT_EQ(at(*ll, 31, 31, 3), (Coords{63, 63}));
}

// Smaller tensors. warpsPerCTA [4, 1] covers 64 x 8; on 32 x 8 warp basis
// [32,0] broadcasts. One warp on 8 x 4: the row register [8,0] becomes 0 and
// lane basis [0,4] broadcasts.
TEST_F(LinearLayoutConversionsTest, MmaV2Smaller) {
  std::optional<LinearLayout> ll = toLinearLayout({32, 8}, mmaV2({4, 1}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                             {{16, 0}, {0, 0}}, {}, {32, 8}));
  EXPECT_EQ(at(*ll, 3, 31, 3), (Coords{31, 7}));

  std::optional<LinearLayout> tiny = toLinearLayout({8, 4}, mmaV2({1, 1}));
  ASSERT_TRUE(tiny.has_value());
  EXPECT_EQ(*tiny,
            distributed({{0, 1}, {0, 0}},
                        {{0, 2}, {0, 0}, {1, 0}, {2, 0}, {4, 0}}, {}, {},
                        {8, 4}));
}

// 3-D (batched), instrShape [1, 16, 8], warpsPerCTA [2, 1, 1]: the 16 x 8
// tile sits in dims 1, 2; warps row-major over [2, 1, 1] go along the batch
// ([1,0,0]); CTA tile 2 x 16 x 8. On 4 x 16 x 16 the repetitions go along
// dim2 ([0,0,8]), dim1 (none), then dim0 ([2,0,0]).
TEST_F(LinearLayoutConversionsTest, MmaV2Batched) {
  std::optional<LinearLayout> ll =
      toLinearLayout({4, 16, 16}, mmaV2({2, 1, 1}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 0, 1}, {0, 8, 0}, {0, 0, 8}, {2, 0, 0}},
                        {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                        {{1, 0, 0}}, {}, {4, 16, 16}));
  EXPECT_EQ(at(*ll, 15, 4 * 7 + 3, 1), (Coords{3, 15, 15}));
}

// CGALayout = [[0, 1]]: 2 CTAs split dim1. On 64 x 16 each CTA gets 64 x 8,
// the CTA tile of warpsPerCTA [4, 1]; block basis [0,8].
TEST_F(LinearLayoutConversionsTest, MmaV2Cga) {
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 16}, mmaV2({4, 1}, {{0, 1}}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                             {{16, 0}, {32, 0}}, {{0, 8}}, {64, 16}));
}

// Operands of an accumulator split over 2 CTAs along N (CGALayout
// [[0, 1]]): B (K x N) is split the same way (block basis [0, 8] on 16 x
// 16), A (M x K) has no N, so both CTAs hold all of it (block basis 0).
TEST_F(LinearLayoutConversionsTest, DotOperandsOfCgaSplitMma) {
  StringAttr block = StringAttr::get(&ctx, "block");
  NvidiaMmaEncodingAttr parent = mmaV2({4, 1}, {{0, 1}});
  std::optional<LinearLayout> a =
      toLinearLayout({64, 16}, dotOp(0, parent, 2));
  std::optional<LinearLayout> b =
      toLinearLayout({16, 16}, dotOp(1, parent, 2));
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_EQ(a->getBasis(block, 0), ArrayRef<int32_t>({0, 0}));
  EXPECT_EQ(b->getBasis(block, 0), ArrayRef<int32_t>({0, 8}));
}

// A linear layout on a tensor smaller than its bases cover (the parent of
// a slice whose sliced dimension is 1) holds it with copies: lane basis
// [4, 0] leaves a 4 x 8 tensor and becomes 0, instead of a malformed
// layout.
TEST_F(LinearLayoutConversionsTest, LinearOnSmallerTensor) {
  std::optional<LinearLayout> ll = toLinearLayout(
      {4, 8}, linear(2, {{0, 1}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                     {}, {}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}}, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {0, 0}},
                             {}, {}, {4, 8}));
}

// Every location of several mma v2 layouts against the accumulator
// fragment of mma.m16n8k16: lane 4g + t, register bit 0 = column + 1, bit 1 =
// row + 8, the remaining register bits count repetitions of the CTA tile,
// dim1 fastest; warps row-major; coordinates wrap modulo the shape.
TEST_F(LinearLayoutConversionsTest, MmaV2MatchesFragmentArithmetic) {
  struct Case {
    SmallVector<unsigned> warps;
    SmallVector<int32_t> shape;
  };
  std::vector<Case> cases = {{{1, 1}, {16, 8}},  {{4, 1}, {128, 64}},
                             {{2, 4}, {64, 64}}, {{2, 2}, {128, 256}},
                             {{8, 1}, {64, 16}}, {{1, 8}, {16, 32}}};
  for (const Case &c : cases) {
    std::optional<LinearLayout> ll = toLinearLayout(
        SmallVector<int64_t>(c.shape.begin(), c.shape.end()), mmaV2(c.warps));
    ASSERT_TRUE(ll.has_value());
    int32_t tile0 = 16 * c.warps[0], tile1 = 8 * c.warps[1];
    int32_t reps1 = std::max(1, c.shape[1] / tile1);
    auto model = [&](int32_t reg, int32_t lane, int32_t warp) {
      int32_t g = lane / 4, t = lane % 4;
      int32_t rep = reg / 4;
      int32_t w1 = warp % c.warps[1], w0 = warp / c.warps[1];
      int32_t row = (rep / reps1) * tile0 + w0 * 16 + g + 8 * ((reg >> 1) & 1);
      int32_t col = (rep % reps1) * tile1 + w1 * 8 + 2 * t + (reg & 1);
      return Coords{row % c.shape[0], col % c.shape[1]};
    };
    expectMatchesModel(*ll, model, ::testing::PrintToString(c.shape));
  }
}

//===----------------------------------------------------------------------===//
// nvidia_mma v3 (Hopper)
//===----------------------------------------------------------------------===//

// instrShape [16, 64, 16], warpsPerCTA [4, 1]: per warp 16 x 64 with
// registers [0,1], [8,0], then [0,8], [0,16], [0,32] (the 8-column groups);
// lanes as in v2; the 4 warps of the warp group stack along M ([16,0],
// [32,0]). 64 x 64 is exactly the CTA tile.
TEST_F(LinearLayoutConversionsTest, MmaV3WarpGroup) {
  std::optional<LinearLayout> ll = toLinearLayout({64, 64}, mmaV3({4, 1}, 64));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                             {{16, 0}, {32, 0}}, {}, {64, 64}));
  // Register 4 * j + 2 * h + b of lane 4g + t: (g + 8h, 8j + 2t + b).
  EXPECT_EQ(at(*ll, 4 * 5 + 2 * 1 + 1, 4 * 3 + 2, 2), (Coords{32 + 3 + 8, 45}));
}

// instrShape [16, 32, 16], warpsPerCTA [4, 2]: warps column-major, so warps
// 0-3 go down M ([16,0], [32,0]) and warp 4 starts the next 32 columns
// ([0,32]); CTA tile 64 x 64. On 128 x 128 the tile repeats along dim1
// ([0,64]) then dim0 ([64,0]).
TEST_F(LinearLayoutConversionsTest, MmaV3ColumnMajorWarpsLarger) {
  std::optional<LinearLayout> ll =
      toLinearLayout({128, 128}, mmaV3({4, 2}, 32));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 64}, {64, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{16, 0}, {32, 0}, {0, 32}}, {}, {128, 128}));
  EXPECT_EQ(at(*ll, 0, 0, 1), (Coords{16, 0}));
  EXPECT_EQ(at(*ll, 0, 0, 4), (Coords{0, 32}));
  EXPECT_EQ(at(*ll, 63, 31, 7), (Coords{127, 127}));
}

// instrShape [16, 128, 16], warpsPerCTA [8, 1] (CTA tile 128 x 128) on
// 64 x 64: the column register [0,64] becomes 0 and warp basis [64,0]
// broadcasts (warps 4-7 hold what warps 0-3 hold).
TEST_F(LinearLayoutConversionsTest, MmaV3Smaller) {
  std::optional<LinearLayout> ll = toLinearLayout({64, 64}, mmaV3({8, 1}, 128));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{16, 0}, {32, 0}, {0, 0}}, {}, {64, 64}));
  EXPECT_EQ(at(*ll, 9, 6, 5), at(*ll, 9, 6, 1));
}

//===----------------------------------------------------------------------===//
// dot_op with an nvidia_mma parent
//===----------------------------------------------------------------------===//

// A (M x K) of mma v2, kWidth 2: per warp 16 x 16, the m16n8k16 A fragment:
// lane 4g + t holds (g, 2t + b) in registers 0-1, (g + 8, ...) in 2-3 and
// (g, 8 + 2t + b), (g + 8, 8 + ...) in 4-7: registers [0,1], [8,0], [0,8];
// lanes [0,2], [0,4], [1,0], [2,0], [4,0]. Parent warpsPerCTA [2, 2]
// (row-major): warp bit 0 splits N, which A does not have, so it broadcasts
// (0); warp bit 1 splits M ([16,0]). CTA tile 32 x 16; on 64 x 64 it repeats
// along K first ([0,16], [0,32]), then M ([32,0]).
TEST_F(LinearLayoutConversionsTest, DotOperandAMmaV2) {
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 64}, dotOp(0, mmaV2({2, 2}), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {32, 0}},
                        {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                        {{0, 0}, {16, 0}}, {}, {64, 64}));
  for (int32_t lane = 0; lane < 32; ++lane) {
    int32_t g = lane / 4, t = lane % 4;
    EXPECT_EQ(at(*ll, 1, lane, 0), (Coords{g, 2 * t + 1}));
    EXPECT_EQ(at(*ll, 2, lane, 0), (Coords{g + 8, 2 * t}));
    EXPECT_EQ(at(*ll, 5, lane, 0), (Coords{g, 8 + 2 * t + 1}));
  }
  EXPECT_EQ(at(*ll, 0, 0, 1), (Coords{0, 0}));
  EXPECT_EQ(at(*ll, 0, 0, 2), (Coords{16, 0}));
}

// A with kWidth 4 (8-bit operands): tile 16 x 32; registers [0,1], [0,2]
// (4 consecutive K), [8,0], [0,16]; lanes [0,4], [0,8] (t), [1,0], [2,0],
// [4,0] (g). One warp on 16 x 64: one more K repetition ([0,32]).
TEST_F(LinearLayoutConversionsTest, DotOperandAMmaV2KWidth4) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 64}, dotOp(0, mmaV2({1, 1}), 4));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}, {8, 0}, {0, 16}, {0, 32}},
                             {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, {}, {},
                             {16, 64}));
  EXPECT_EQ(at(*ll, 3, 4 * 2 + 1, 0), (Coords{2, 7}));
}

// B (K x N) of mma v2, kWidth 2, parent warpsPerCTA [8, 1], on 64 x 64: the
// tile is 16 x 8, A's mirror: registers [1,0] (2 consecutive K), [8,0];
// lanes [2,0], [4,0] (t along K), [0,1], [0,2], [0,4] (g along N). All 8 warps
// split M, which B does not have: 3 zero warp bases. Repetitions along K first
// ([16,0], [32,0]) then N ([0,8], [0,16], [0,32]). This is the transpose of
// the layout Triton printed for sm_80 flash attention (see LinearIsItsBases).
TEST_F(LinearLayoutConversionsTest, DotOperandBMmaV2FlashAttention) {
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 64}, dotOp(1, mmaV2({8, 1}), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(
      *ll,
      distributed({{1, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 8}, {0, 16}, {0, 32}},
                  {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}},
                  {{0, 0}, {0, 0}, {0, 0}}, {}, {64, 64}));

  // The printed layout, transposed coordinate by coordinate.
  Bases reg = {{0, 1}, {0, 8}, {0, 16}, {0, 32}, {8, 0}, {16, 0}, {32, 0}};
  Bases lane = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  Bases warp = {{0, 0}, {0, 0}, {0, 0}};
  auto transpose = [](Bases bases) {
    for (std::vector<int32_t> &basis : bases)
      std::swap(basis[0], basis[1]);
    return bases;
  };
  std::optional<LinearLayout> printed =
      toLinearLayout({64, 64}, linear(2, transpose(reg), transpose(lane),
                                      transpose(warp), {}));
  ASSERT_TRUE(printed.has_value());
  EXPECT_EQ(*ll, *printed);
}

// B with kWidth 4, parent warpsPerCTA [2, 2] (row-major): tile 32 x 8,
// registers [1,0], [2,0], [16,0]; lanes [4,0], [8,0], [0,1], [0,2], [0,4].
// Warp bit 0 splits N ([0,8]), warp bit 1 splits M (broadcast). CTA tile
// 32 x 16; on 32 x 32 one repetition along N ([0,16]).
TEST_F(LinearLayoutConversionsTest, DotOperandBMmaV2KWidth4) {
  std::optional<LinearLayout> ll =
      toLinearLayout({32, 32}, dotOp(1, mmaV2({2, 2}), 4));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{1, 0}, {2, 0}, {16, 0}, {0, 16}},
                             {{4, 0}, {8, 0}, {0, 1}, {0, 2}, {0, 4}},
                             {{0, 8}, {0, 0}}, {}, {32, 32}));
  // Lane 4g + t holds K rows 4t .. 4t + 3 of column g.
  EXPECT_EQ(at(*ll, 3, 4 * 6 + 2, 1), (Coords{11, 14}));
  EXPECT_EQ(at(*ll, 3, 4 * 6 + 2, 3), at(*ll, 3, 4 * 6 + 2, 1));
}

// B, kWidth 2, one warp, on 8 x 8 (smaller than the 16 x 8 tile): the
// register [8,0] leaves the tensor and becomes 0 (a repeat).
TEST_F(LinearLayoutConversionsTest, DotOperandBMmaV2Smaller) {
  std::optional<LinearLayout> ll =
      toLinearLayout({8, 8}, dotOp(1, mmaV2({1, 1}), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{1, 0}, {0, 0}},
                        {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}, {}, {},
                        {8, 8}));
}

// A from registers for Hopper wgmma, kWidth 2, parent instrShape
// [16, 64, 16], warpsPerCTA [4, 2]: the same 16 x 16 tile as Ampere's A;
// Hopper's warps are column-major: bits 0, 1 split M ([16,0], [32,0]), bit 2
// splits N (broadcast). CTA tile 64 x 16; on 64 x 64 it repeats along K
// ([0,16], [0,32]).
TEST_F(LinearLayoutConversionsTest, DotOperandAMmaV3) {
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 64}, dotOp(0, mmaV3({4, 2}, 64), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}},
                             {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}},
                             {{16, 0}, {32, 0}, {0, 0}}, {}, {64, 64}));
  EXPECT_EQ(at(*ll, 0, 0, 4), (Coords{0, 0}));
  EXPECT_EQ(at(*ll, 0, 0, 3), (Coords{48, 0}));
}

// Batched A, kWidth 2, parent instrShape [1, 16, 8], warpsPerCTA [2, 1, 1]:
// the 16 x 16 tile in dims 1, 2, warps along the batch ([1,0,0]); CTA tile
// 2 x 16 x 16. On 4 x 16 x 32: K first ([0,0,16]), then M (none), then the
// batch ([2,0,0]).
TEST_F(LinearLayoutConversionsTest, DotOperandAMmaV2Batched) {
  std::optional<LinearLayout> ll =
      toLinearLayout({4, 16, 32}, dotOp(0, mmaV2({2, 1, 1}), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(
      *ll, distributed({{0, 0, 1}, {0, 8, 0}, {0, 0, 8}, {0, 0, 16}, {2, 0, 0}},
                       {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                       {{1, 0, 0}}, {}, {4, 16, 32}));
}

// Batched B, kWidth 2, parent warpsPerCTA [2, 2, 1] (row-major: bit 0 splits
// dim1 = K of B, broadcast; bit 1 the batch, [1,0,0]). Tile 16 x 8 in dims 1,
// 2: registers [0,1,0], [0,8,0]; lanes [0,2,0], [0,4,0], [0,0,1], [0,0,2],
// [0,0,4]. CTA tile 2 x 16 x 8; on 2 x 32 x 16: K first ([0,16,0]), then N
// ([0,0,8]).
TEST_F(LinearLayoutConversionsTest, DotOperandBMmaV2Batched) {
  std::optional<LinearLayout> ll =
      toLinearLayout({2, 32, 16}, dotOp(1, mmaV2({2, 2, 1}), 2));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            distributed({{0, 1, 0}, {0, 8, 0}, {0, 16, 0}, {0, 0, 8}},
                        {{0, 2, 0}, {0, 4, 0}, {0, 0, 1}, {0, 0, 2}, {0, 0, 4}},
                        {{0, 0, 0}, {1, 0, 0}}, {}, {2, 32, 16}));
}

// Every location of A and B layouts of mma v2 against the m16n8k(8 kWidth)
// fragments: for A, lane 4g + t, register bits: kWidth consecutive K, then
// row + 8, then K + 4 kWidth, then repetitions (K fastest); warps row-major,
// the N bits broadcast. B mirrors A with K along dim0 and N for M, and no
// row + 8 register.
TEST_F(LinearLayoutConversionsTest, DotOperandMmaV2MatchesFragmentArithmetic) {
  struct Case {
    unsigned opIdx;
    SmallVector<unsigned> warps;
    unsigned kWidth;
    SmallVector<int32_t> shape;
  };
  std::vector<Case> cases = {
      {0, {4, 1}, 2, {64, 64}}, {0, {2, 2}, 4, {64, 128}},
      {0, {1, 4}, 8, {32, 64}}, {1, {4, 1}, 2, {64, 64}},
      {1, {2, 2}, 4, {64, 32}}, {1, {1, 4}, 2, {16, 128}}};
  for (const Case &c : cases) {
    std::optional<LinearLayout> ll =
        toLinearLayout(SmallVector<int64_t>(c.shape.begin(), c.shape.end()),
                       dotOp(c.opIdx, mmaV2(c.warps), c.kWidth));
    ASSERT_TRUE(ll.has_value());
    bool isA = c.opIdx == 0;
    int32_t k = c.kWidth;
    int32_t kSize = c.shape[isA ? 1 : 0], nonKSize = c.shape[isA ? 0 : 1];
    // Per warp: A 16 x 8k, B 8k x 8; registers per tile: A 4k, B 2k.
    int32_t tileNonK = isA ? 16 : 8, tileK = 8 * k;
    int32_t regsPerTile = isA ? 4 * k : 2 * k;
    int32_t warpsNonK = isA ? c.warps[0] : c.warps[1];
    int32_t ctaNonK = tileNonK * warpsNonK;
    int32_t repsK = std::max(1, kSize / tileK);
    auto model = [&](int32_t reg, int32_t lane, int32_t warp) {
      int32_t g = lane / 4, t = lane % 4;
      int32_t inTile = reg % regsPerTile, rep = reg / regsPerTile;
      int32_t kk = inTile % k;
      int32_t upperRows = isA ? (inTile / k) % 2 : 0;
      int32_t upperK = isA ? inTile / (2 * k) : inTile / k;
      int32_t warpNonK =
          isA ? (warp / c.warps[1]) % c.warps[0] : warp % c.warps[1];
      int32_t kCoord = (rep % repsK) * tileK + upperK * 4 * k + t * k + kk;
      int32_t nonKCoord =
          (rep / repsK) * ctaNonK + warpNonK * tileNonK + g + 8 * upperRows;
      kCoord %= kSize;
      nonKCoord %= nonKSize;
      return isA ? Coords{nonKCoord, kCoord} : Coords{kCoord, nonKCoord};
    };
    expectMatchesModel(*ll, model,
                       "opIdx " + std::to_string(c.opIdx) + " " +
                           ::testing::PrintToString(c.shape));
  }
}

//===----------------------------------------------------------------------===//
// dot_op with a blocked parent (FMA)
//===----------------------------------------------------------------------===//

// A of an FMA dot, parent #blocked [1,4]/[8,4]/[4,1]/[1,0], on 64 x 8 (K = 8):
// every thread holds the whole K extent of its rows: sizePerThread becomes
// [1, 8], registers [0,1], [0,2], [0,4]; the 4 lanes along K hold copies
// (0, 0); lanes [1,0], [2,0], [4,0] and warps [8,0], [16,0] split M. CTA tile
// 32 x 8; the second 32 rows are a register repetition ([32,0]).
TEST_F(LinearLayoutConversionsTest, DotOperandABlocked) {
  auto parent = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll = toLinearLayout({64, 8}, dotOp(0, parent, 0));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, distributed({{0, 1}, {0, 2}, {0, 4}, {32, 0}},
                             {{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}},
                             {{8, 0}, {16, 0}}, {}, {64, 8}));
  EXPECT_EQ(at(*ll, 15, 3 * 4 + 1, 2), (Coords{32 + 16 + 3, 7}));
  EXPECT_EQ(at(*ll, 15, 3 * 4 + 2, 2), at(*ll, 15, 3 * 4 + 1, 2));
}

// B of the same FMA dot on 16 x 64 (K = 16): sizePerThread becomes [16, 4];
// along order [1, 0]: registers [0,1], [0,2] then [1,0] .. [8,0]; lanes
// [0,4], [0,8] split N, the 8 row lanes (K) broadcast; the 4 warps split K:
// broadcast. CTA tile 16 x 16; on 64 columns, registers [0,16], [0,32].
TEST_F(LinearLayoutConversionsTest, DotOperandBBlocked) {
  auto parent = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 64}, dotOp(1, parent, 0));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(
      *ll,
      distributed(
          {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 16}, {0, 32}},
          {{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}}, {{0, 0}, {0, 0}}, {},
          {16, 64}));
  EXPECT_EQ(ll->getInDimSize(name("register")), 256);
  EXPECT_EQ(at(*ll, 0b11111110, 3, 3), (Coords{15, 62}));
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

// vec 8, perPhase 1, maxPhase 8, order [1, 0] on 8 x 64: offsets walk the 64
// columns ([0,1] .. [0,32]), then rows; row r XORs the column with
// ((r / 1) % 8) * 8, so row bases [1,8], [2,16], [4,32].
TEST_F(LinearLayoutConversionsTest, SwizzledShared) {
  std::optional<LinearLayout> ll =
      toLinearLayout({8, 64}, swizzled(8, 1, 8, {1, 0}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {0, 32},
                         {1, 8},
                         {2, 16},
                         {4, 32}},
                        {}, {8, 64}));
  for (int32_t offset = 0; offset < 8 * 64; ++offset) {
    int32_t row = offset / 64, col = offset % 64;
    EXPECT_EQ(atOffset(*ll, offset), (Coords{row, col ^ (row * 8)}));
  }
}

// vec 4, perPhase 2, maxPhase 4 on 32 x 32: phase (r / 2) % 4, so row bit 0
// has no swizzle ([1,0]), bits 1, 2 give [2,4], [4,8], and bits 3, 4 wrap to
// phase 0 ([8,0], [16,0]).
TEST_F(LinearLayoutConversionsTest, SwizzledSharedPerPhase2) {
  std::optional<LinearLayout> ll =
      toLinearLayout({32, 32}, swizzled(4, 2, 4, {1, 0}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {1, 0},
                         {2, 4},
                         {4, 8},
                         {8, 0},
                         {16, 0}},
                        {}, {32, 32}));
  EXPECT_EQ(atOffset(*ll, 7 * 32 + 1), (Coords{7, 1 ^ 12}));
}

// order [0, 1]: dim0 is contiguous. vec 2, perPhase 1, maxPhase 4 on 16 x 8:
// offsets [1,0] .. [8,0], then columns: column c XORs the row with
// (c % 4) * 2: [2,1], [4,2], [0,4].
TEST_F(LinearLayoutConversionsTest, SwizzledSharedColumnMajor) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 8}, swizzled(2, 1, 4, {0, 1}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            shared({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {2, 1}, {4, 2}, {0, 4}}, {},
                   {16, 8}));
  EXPECT_EQ(atOffset(*ll, 3 * 16 + 5), (Coords{5 ^ 6, 3}));
}

// The phase times vec is taken modulo the row length: vec 4, maxPhase 8 on
// 8 x 16: row 1 -> 4, row 2 -> 8, row 4 -> 16 % 16 = 0.
TEST_F(LinearLayoutConversionsTest, SwizzledSharedPhaseWrapsModuloRow) {
  std::optional<LinearLayout> ll =
      toLinearLayout({8, 16}, swizzled(4, 1, 8, {1, 0}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll,
            shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 4}, {2, 8}, {4, 0}}, {},
                   {8, 16}));
}

// 3-D, order [2, 1, 0], vec 4, perPhase 1, maxPhase 2 on 2 x 4 x 16: dim2 is
// contiguous, dim1 rows are swizzled (row 1 -> 4, row 2 -> phase 0), dim0
// follows unswizzled.
TEST_F(LinearLayoutConversionsTest, SwizzledShared3D) {
  std::optional<LinearLayout> ll =
      toLinearLayout({2, 4, 16}, swizzled(4, 1, 2, {2, 1, 0}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 0, 1},
                         {0, 0, 2},
                         {0, 0, 4},
                         {0, 0, 8},
                         {0, 1, 4},
                         {0, 2, 0},
                         {1, 0, 0}},
                        {}, {2, 4, 16}));
  EXPECT_EQ(atOffset(*ll, 64 + 3 * 16 + 2), (Coords{1, 3, 6}));
}

// 1-D: nothing to swizzle, the identity.
TEST_F(LinearLayoutConversionsTest, SwizzledShared1D) {
  std::optional<LinearLayout> ll = toLinearLayout({16}, swizzled(4, 1, 4, {0}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{1}, {2}, {4}, {8}}, {}, {16}));
}

// CGALayout = [[1, 0]]: 2 CTAs split dim0, each holding its 8 x 8 half in its
// own shared memory, swizzled as an 8 x 8 tensor (vec 2, perPhase 1, maxPhase
// 4: rows [1,2], [2,4], [4,0]); the block basis is [8,0].
TEST_F(LinearLayoutConversionsTest, SwizzledSharedCga) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 8}, swizzled(2, 1, 4, {1, 0}, {{1, 0}}));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 4}, {4, 0}},
                        {{8, 0}}, {16, 8}));
}

// Every offset of several swizzled layouts against the swizzling formula:
// offset = row * cols + c holds column c ^ ((vec * ((row / perPhase) %
// maxPhase)) % cols), order[0] being the column dimension.
TEST_F(LinearLayoutConversionsTest, SwizzledSharedMatchesFormula) {
  struct Case {
    unsigned vec, perPhase, maxPhase;
    SmallVector<unsigned> order;
    SmallVector<int32_t> shape;
  };
  std::vector<Case> cases = {
      {8, 1, 8, {1, 0}, {64, 64}}, {4, 2, 4, {1, 0}, {32, 128}},
      {8, 4, 2, {1, 0}, {16, 32}}, {1, 1, 1, {1, 0}, {8, 8}},
      {2, 1, 8, {0, 1}, {16, 64}}, {16, 1, 4, {0, 1}, {64, 16}},
  };
  for (const Case &c : cases) {
    std::optional<LinearLayout> ll =
        toLinearLayout(SmallVector<int64_t>(c.shape.begin(), c.shape.end()),
                       swizzled(c.vec, c.perPhase, c.maxPhase, c.order));
    ASSERT_TRUE(ll.has_value());
    unsigned colDim = c.order[0], rowDim = c.order[1];
    int32_t cols = c.shape[colDim];
    int mismatches = 0;
    for (int32_t offset = 0; offset < product(c.shape); ++offset) {
      int32_t row = offset / cols, col = offset % cols;
      int32_t phase = (row / c.perPhase) % c.maxPhase;
      Coords expected(2);
      expected[rowDim] = row;
      expected[colDim] = col ^ ((c.vec * phase) % cols);
      if (atOffset(*ll, offset) != expected && ++mismatches <= 3)
        ADD_FAILURE() << "offset " << offset << " of "
                      << ::testing::PrintToString(c.shape);
    }
    EXPECT_EQ(mismatches, 0);
  }
}

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

// 128-byte swizzle of f16: rows of 64 elements, 16-byte (8-element) vectors,
// row r XORs the vector index with r % 8 (vec 8, perPhase 1, maxPhase 8).
// On 8 x 64: columns [0,1] .. [0,32], rows [1,8], [2,16], [4,32]. On 64 x 64
// the rows beyond 8 are unswizzled ([8,0], [16,0], [32,0]).
TEST_F(LinearLayoutConversionsTest, NvmmaShared128BF16) {
  Bases columns = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}};
  Bases offsets = columns;
  offsets.insert(offsets.end(), {{1, 8}, {2, 16}, {4, 32}});
  std::optional<LinearLayout> ll =
      toLinearLayout({8, 64}, nvmma(128, false, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared(offsets, {}, {8, 64}));

  offsets.insert(offsets.end(), {{8, 0}, {16, 0}, {32, 0}});
  std::optional<LinearLayout> square =
      toLinearLayout({64, 64}, nvmma(128, false, 16));
  ASSERT_TRUE(square.has_value());
  EXPECT_EQ(*square, shared(offsets, {}, {64, 64}));
  EXPECT_EQ(atOffset(*square, 13 * 64 + 17), (Coords{13, 17 ^ 40}));
}

// 128-byte swizzle of f16 on 16 x 128: a tensor wider than one 64-element
// swizzle row is stored as consecutive 16 x 64 column tiles: the tile's
// offsets, then [0,64].
TEST_F(LinearLayoutConversionsTest, NvmmaShared128BF16WiderThanSwizzle) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 128}, nvmma(128, false, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {0, 32},
                         {1, 8},
                         {2, 16},
                         {4, 32},
                         {8, 0},
                         {0, 64}},
                        {}, {16, 128}));
  EXPECT_EQ(atOffset(*ll, 16 * 64), (Coords{0, 64}));
  EXPECT_EQ(atOffset(*ll, 16 * 64 + 64 + 3), (Coords{1, 64 + (3 ^ 8)}));
}

// 64-byte swizzle of f16: 32-element rows, vec 8, perPhase 2, maxPhase 4:
// row 1 -> phase 0, row 2 -> 8, row 4 -> 16, row 8 -> phase 0.
TEST_F(LinearLayoutConversionsTest, NvmmaShared64BF16) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 32}, nvmma(64, false, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {1, 0},
                         {2, 8},
                         {4, 16},
                         {8, 0}},
                        {}, {16, 32}));
}

// 32-byte swizzle of f16: 16-element rows, vec 8, perPhase 4, maxPhase 2:
// only row 4 swizzles (-> 8).
TEST_F(LinearLayoutConversionsTest, NvmmaShared32BF16) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 16}, nvmma(32, false, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(
      *ll,
      shared({{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}},
             {}, {16, 16}));
}

// 128-byte swizzle of f32: 32-element rows, 4-element vectors: rows [1,4],
// [2,8], [4,16]. Of 8-bit elements: 128-element rows, 16-element vectors:
// rows [1,16], [2,32], [4,64].
TEST_F(LinearLayoutConversionsTest, NvmmaShared128BOtherWidths) {
  std::optional<LinearLayout> f32 =
      toLinearLayout({16, 32}, nvmma(128, false, 32));
  ASSERT_TRUE(f32.has_value());
  EXPECT_EQ(*f32, shared({{0, 1},
                          {0, 2},
                          {0, 4},
                          {0, 8},
                          {0, 16},
                          {1, 4},
                          {2, 8},
                          {4, 16},
                          {8, 0}},
                         {}, {16, 32}));
  std::optional<LinearLayout> f8 =
      toLinearLayout({8, 128}, nvmma(128, false, 8));
  ASSERT_TRUE(f8.has_value());
  EXPECT_EQ(*f8, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {0, 32},
                         {0, 64},
                         {1, 16},
                         {2, 32},
                         {4, 64}},
                        {}, {8, 128}));
}

// transposed = true stores dim0 contiguously: 128-byte swizzle of f16 on
// 64 x 16: offsets [1,0] .. [32,0], then the columns swizzle the rows:
// [8,1], [16,2], [32,4], [0,8].
TEST_F(LinearLayoutConversionsTest, NvmmaSharedTransposed) {
  std::optional<LinearLayout> ll =
      toLinearLayout({64, 16}, nvmma(128, true, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{1, 0},
                         {2, 0},
                         {4, 0},
                         {8, 0},
                         {16, 0},
                         {32, 0},
                         {8, 1},
                         {16, 2},
                         {32, 4},
                         {0, 8}},
                        {}, {64, 16}));
}

// No swizzle: row-major, the identity on offset = 32 * row + column.
TEST_F(LinearLayoutConversionsTest, NvmmaSharedUnswizzled) {
  std::optional<LinearLayout> ll =
      toLinearLayout({16, 32}, nvmma(0, false, 16));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {0, 16},
                         {1, 0},
                         {2, 0},
                         {4, 0},
                         {8, 0}},
                        {}, {16, 32}));
}

// Rank 3, 128-byte swizzle of f16 on 2 x 8 x 64: the outer dimensions are
// collapsed into rows (row = 8 * d0 + d1) and swizzled as rows of a 2-D
// tile; rows 8 and up do not swizzle, so d0 is plain ([1,0,0]).
TEST_F(LinearLayoutConversionsTest, NvmmaShared3D) {
  std::optional<LinearLayout> ll =
      toLinearLayout({2, 8, 64}, nvmma(128, false, 16, 3));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 0, 1},
                         {0, 0, 2},
                         {0, 0, 4},
                         {0, 0, 8},
                         {0, 0, 16},
                         {0, 0, 32},
                         {0, 1, 8},
                         {0, 2, 16},
                         {0, 4, 32},
                         {1, 0, 0}},
                        {}, {2, 8, 64}));
}

// Rank 3, 128-byte swizzle of f16 on 4 x 2 x 64: the collapsed rows are
// row = 2 * d0 + d1, and the swizzle of the 8-row core matrix spans both
// dims: row 1 = (0, 1) -> [0,1,8], row 2 = (1, 0) -> [1,0,16], row 4 =
// (2, 0) -> [2,0,32].
TEST_F(LinearLayoutConversionsTest, NvmmaShared3DSwizzleSpansOuterDims) {
  std::optional<LinearLayout> ll =
      toLinearLayout({4, 2, 64}, nvmma(128, false, 16, 3));
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared({{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8},
                         {0, 0, 16}, {0, 0, 32}, {0, 1, 8}, {1, 0, 16},
                         {2, 0, 32}},
                        {}, {4, 2, 64}));
}

//===----------------------------------------------------------------------===//
// shared_linear, padded_shared
//===----------------------------------------------------------------------===//

// A shared_linear encoding is its bases as given.
TEST_F(LinearLayoutConversionsTest, SharedLinearIsItsBases) {
  Bases offset = {{0, 1}, {0, 2}, {1, 0}, {2, 1}};
  auto layout = SharedLinearEncodingAttr::get(&ctx, 2, flatten(offset), {}, 16);
  std::optional<LinearLayout> ll = toLinearLayout({4, 4}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared(offset, {}, {4, 4}));
  EXPECT_EQ(atOffset(*ll, 0b1101), (Coords{3, 1 ^ 1}));
}

// A padded_shared encoding maps offsets to elements by its linear component;
// the padding only moves elements in memory. `order = [0, 1], shape = [8, 4]`
// is the column-major identity.
TEST_F(LinearLayoutConversionsTest, PaddedSharedIsItsLinearComponent) {
  Bases offset = {{1, 0}, {2, 0}, {4, 0}, {0, 1}, {0, 2}};
  auto layout =
      PaddedSharedEncodingAttr::get(&ctx, {8}, {2}, 2, flatten(offset), {});
  std::optional<LinearLayout> ll = toLinearLayout({8, 4}, layout);
  ASSERT_TRUE(ll.has_value());
  EXPECT_EQ(*ll, shared(offset, {}, {8, 4}));
  EXPECT_EQ(atOffset(*ll, 8 * 3 + 5), (Coords{5, 3}));
}

//===----------------------------------------------------------------------===//
// What has no layout
//===----------------------------------------------------------------------===//

// Shapes must be powers of two and match the encoding's rank. (Hopper's B
// operand, read from shared memory, has no dot_op layout: the attribute's
// verifier rejects it, see test/Dialect/TritonGPU/invalid-attributes.mlir.)
TEST_F(LinearLayoutConversionsTest, UnsupportedGivesNullopt) {
  auto layout = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  EXPECT_FALSE(toLinearLayout({24, 16}, layout).has_value());
  EXPECT_FALSE(toLinearLayout({32}, layout).has_value());
  EXPECT_FALSE(toLinearLayout({2, 32, 16}, layout).has_value());
}

} // namespace
