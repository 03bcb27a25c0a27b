//===- LinearLayoutTest.cpp - unit tests of LinearLayout ------------------===//
//
// Tests of the GF(2) algebra of LinearLayout against maps derived by hand,
// and of a few register and shared-memory layouts built the way the encoding
// conversions build them.
//
//===----------------------------------------------------------------------===//

#include "Tools/LinearLayout.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <sstream>

using namespace mlir;
using namespace mlir::triton;

namespace {

using Point = SmallVector<std::pair<StringAttr, int32_t>>;

class LinearLayoutTest : public ::testing::Test {
protected:
  StringAttr name(StringRef str) { return StringAttr::get(&ctx, str); }

  /// The output coordinates of `layout` at `ins`, in out-dim order.
  static std::vector<int32_t> at(const LinearLayout &layout, const Point &ins) {
    std::vector<int32_t> coords;
    for (auto [outDim, coord] : layout.apply(ins))
      coords.push_back(coord);
    return coords;
  }

  /// Calls `fn` on every input of `layout`.
  static void forEachInput(const LinearLayout &layout,
                           const std::function<void(const Point &)> &fn) {
    for (int32_t flat = 0; flat < layout.getTotalInDimSize(); ++flat) {
      Point ins;
      int32_t rest = flat;
      for (auto [inDim, size] : layout.getInDims()) {
        ins.push_back({inDim, rest % size});
        rest /= size;
      }
      fn(ins);
    }
  }

  /// Gives the point `coords` the in-dim names of `layout`.
  static Point asInputOf(const LinearLayout &layout,
                         const std::vector<int32_t> &coords) {
    Point point;
    for (auto [inDim, coord] : llvm::zip_equal(layout.getInDimNames(), coords))
      point.push_back({inDim, coord});
    return point;
  }

  /// The blocked encoding sizePerThread = [1, 4], threadsPerWarp = [8, 4],
  /// warpsPerCTA = [4, 1], order = [1, 0] on a 32x16 tensor, with its
  /// out-dims minor first (dim1, dim0) as the product builds them.
  LinearLayout blockedMinorFirst() {
    return LinearLayout::identity1D(4, reg, dim1) *
           LinearLayout::identity1D(4, lane, dim1) *
           LinearLayout::identity1D(8, lane, dim0) *
           LinearLayout::identity1D(4, warp, dim0);
  }

  /// The same layout with the out-dims in tensor order (dim0, dim1).
  LinearLayout blocked() {
    return blockedMinorFirst().transposeOuts({dim0, dim1});
  }

  /// Row-major shared memory for a 32x16 tensor: offset = 16 * dim0 + dim1.
  LinearLayout rowMajorShared() {
    return (LinearLayout::identity1D(16, offset, dim1) *
            LinearLayout::identity1D(32, offset, dim0))
        .transposeOuts({dim0, dim1});
  }

  MLIRContext ctx;
  StringAttr reg = name("register");
  StringAttr lane = name("lane");
  StringAttr warp = name("warp");
  StringAttr block = name("block");
  StringAttr offset = name("offset");
  StringAttr dim0 = name("dim0");
  StringAttr dim1 = name("dim1");
  StringAttr in = name("in");
  StringAttr in2 = name("in2");
  StringAttr out = name("out");
  StringAttr out2 = name("out2");
};

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, Identity1D) {
  LinearLayout layout = LinearLayout::identity1D(16, in, out);
  EXPECT_EQ(layout, LinearLayout({{in, {{1}, {2}, {4}, {8}}}}, {out}));
  EXPECT_EQ(layout.getInDimSize(in), 16);
  EXPECT_EQ(layout.getOutDimSize(out), 16);
  for (int32_t x = 0; x < 16; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), std::vector<int32_t>{x});
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_TRUE(layout.isInjective());
  EXPECT_TRUE(layout.isInvertible());
}

TEST_F(LinearLayoutTest, Identity1DOfSizeOne) {
  LinearLayout layout = LinearLayout::identity1D(1, in, out);
  EXPECT_EQ(layout.getInDimSize(in), 1);
  EXPECT_EQ(layout.getOutDimSize(out), 1);
  EXPECT_TRUE(layout.getBases().lookup(in).empty());
  EXPECT_TRUE(layout.isInvertible());
  EXPECT_EQ(at(layout, {{in, 0}}), std::vector<int32_t>{0});
}

TEST_F(LinearLayoutTest, Strided1D) {
  LinearLayout layout = LinearLayout::strided1D(4, 8, in, out);
  EXPECT_EQ(layout, LinearLayout({{in, {{8}, {16}}}}, {{out, 32}},
                                 /*requireSurjective=*/false));
  for (int32_t x = 0; x < 4; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), std::vector<int32_t>{8 * x});
  EXPECT_FALSE(layout.isSurjective());
  EXPECT_TRUE(layout.isInjective());
  EXPECT_EQ(LinearLayout::strided1D(8, 1, in, out),
            LinearLayout::identity1D(8, in, out));
}

TEST_F(LinearLayoutTest, Zeros1D) {
  LinearLayout layout = LinearLayout::zeros1D(8, in, out);
  EXPECT_EQ(layout, LinearLayout({{in, {{0}, {0}, {0}}}}, {out}));
  EXPECT_EQ(layout.getOutDimSize(out), 1);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), std::vector<int32_t>{0});

  LinearLayout wide = LinearLayout::zeros1D(8, in, out, /*outDimSize=*/4);
  EXPECT_EQ(wide.getOutDimSize(out), 4);
  EXPECT_FALSE(wide.isSurjective());
}

TEST_F(LinearLayoutTest, InferredOutDimSizes) {
  LinearLayout layout({{in, {{1, 0}, {2, 0}, {4, 0}}}, {in2, {{0, 1}, {0, 2}}}},
                      {out, out2});
  EXPECT_EQ(layout.getOutDimSize(out), 8);
  EXPECT_EQ(layout.getOutDimSize(out2), 4);
  EXPECT_EQ(layout.getTotalOutDimSizeLog2(), 5);

  // A size is the power of two above the largest coordinate, which need not
  // be a basis of its own: 3 and 1 span [0, 4).
  LinearLayout mixed({{in, {{3}, {1}}}}, {out});
  EXPECT_EQ(mixed.getOutDimSize(out), 4);
  EXPECT_TRUE(mixed.isInvertible());
}

TEST_F(LinearLayoutTest, ExplicitOutDimSizes) {
  LinearLayout layout({{in, {{1}, {4}}}}, {{out, 8}},
                      /*requireSurjective=*/false);
  EXPECT_EQ(layout.getOutDimSize(out), 8);
  EXPECT_FALSE(layout.isSurjective());
  EXPECT_TRUE(layout.isInjective());
  EXPECT_EQ(at(layout, {{in, 3}}), std::vector<int32_t>{5});
}

TEST_F(LinearLayoutTest, Empty) {
  LinearLayout layout = LinearLayout::empty();
  EXPECT_EQ(layout.getNumInDims(), 0);
  EXPECT_EQ(layout.getNumOutDims(), 0);
  EXPECT_EQ(layout.getTotalInDimSize(), 1);
  EXPECT_EQ(layout.getTotalOutDimSize(), 1);
  EXPECT_TRUE(layout.isInvertible());
  EXPECT_TRUE(layout.apply({}).empty());
  EXPECT_EQ(layout, LinearLayout());
}

//===----------------------------------------------------------------------===//
// tryCreate on malformed bases
//===----------------------------------------------------------------------===//

class LinearLayoutTryCreateTest : public LinearLayoutTest {
protected:
  /// Runs tryCreate with explicit sizes; returns the diagnostic, or "ok".
  std::string diagnose(LinearLayout::BasesT bases,
                       ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                       bool requireSurjective) {
    std::string message = "ok";
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    FailureOr<LinearLayout> layout = LinearLayout::tryCreate(
        std::move(bases), outDims, requireSurjective,
        [&] { return emitError(UnknownLoc::get(&ctx)); });
    EXPECT_EQ(succeeded(layout), message == "ok");
    return message;
  }

  /// Runs tryCreate with inferred sizes; returns the diagnostic, or "ok".
  std::string diagnose(LinearLayout::BasesT bases,
                       ArrayRef<StringAttr> outDimNames) {
    std::string message = "ok";
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    FailureOr<LinearLayout> layout =
        LinearLayout::tryCreate(std::move(bases), outDimNames, [&] {
          return emitError(UnknownLoc::get(&ctx));
        });
    EXPECT_EQ(succeeded(layout), message == "ok");
    return message;
  }

  LinearLayout::BasesT basesOf(StringAttr inDim,
                               std::vector<std::vector<int32_t>> inDimBases) {
    LinearLayout::BasesT bases;
    bases[inDim] = std::move(inDimBases);
    return bases;
  }
};

TEST_F(LinearLayoutTryCreateTest, AcceptsWellFormedBases) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {2}}), {out}), "ok");
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {4}}), {{out, 8}},
                     /*requireSurjective=*/false),
            "ok");
  FailureOr<LinearLayout> layout =
      LinearLayout::tryCreate(basesOf(in, {{2}, {1}}), {out});
  ASSERT_TRUE(succeeded(layout));
  EXPECT_EQ(*layout, LinearLayout({{in, {{2}, {1}}}}, {out}));
}

TEST_F(LinearLayoutTryCreateTest, RejectsWrongNumberOfCoordinates) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {2, 0}}), {out}),
            "invalid linear layout: basis 1 of in-dim 'in' has 2 coordinates, "
            "but there are 1 out-dims");
}

TEST_F(LinearLayoutTryCreateTest, RejectsNegativeCoordinate) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {-2}}), {out}),
            "invalid linear layout: basis 1 of in-dim 'in' has coordinate -2 "
            "for out-dim 'out' of size 2");
}

TEST_F(LinearLayoutTryCreateTest, RejectsCoordinateOutsideOutDim) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {4}}), {{out, 4}},
                     /*requireSurjective=*/false),
            "invalid linear layout: basis 1 of in-dim 'in' has coordinate 4 "
            "for out-dim 'out' of size 4");
}

TEST_F(LinearLayoutTryCreateTest, RejectsSizeNotPowerOfTwo) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}}), {{out, 6}},
                     /*requireSurjective=*/false),
            "invalid linear layout: out-dim 'out' has size 6, which is not a "
            "power of two");
}

TEST_F(LinearLayoutTryCreateTest, RejectsNonSurjective) {
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {4}}), {out}),
            "invalid linear layout: layout is not surjective: its bases reach "
            "2^2 of the 2^3 output elements");
  EXPECT_EQ(diagnose(basesOf(in, {{1}, {1}}), {{out, 2}},
                     /*requireSurjective=*/true),
            "ok");
}

TEST_F(LinearLayoutTryCreateTest, RejectsDuplicateOutDim) {
  EXPECT_EQ(diagnose(basesOf(in, {{1, 0}}), {out, out}),
            "invalid linear layout: out-dim 'out' is given twice");
}

TEST_F(LinearLayoutTryCreateTest, RejectsTooLargeLayouts) {
  EXPECT_EQ(diagnose(basesOf(in, {{1 << 30}}), {out}),
            "invalid linear layout: coordinate 1073741824 of in-dim 'in' is "
            "too large for out-dim 'out'");
  std::vector<std::vector<int32_t>> zeros(31, std::vector<int32_t>{0});
  EXPECT_EQ(diagnose(basesOf(in, zeros), {out}),
            "invalid linear layout: in-dims have 2^31 elements in total, more "
            "than the 2^30 supported");
}

TEST_F(LinearLayoutTryCreateTest, FailsQuietlyWithoutEmitError) {
  EXPECT_TRUE(failed(LinearLayout::tryCreate(basesOf(in, {{1}, {4}}), {out})));
}

//===----------------------------------------------------------------------===//
// Queries and apply
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, DimensionQueries) {
  LinearLayout layout = blocked();
  EXPECT_EQ(llvm::to_vector(layout.getInDimNames()),
            (SmallVector<StringAttr>{reg, lane, warp}));
  EXPECT_EQ(llvm::to_vector(layout.getOutDimNames()),
            (SmallVector<StringAttr>{dim0, dim1}));
  EXPECT_EQ(llvm::to_vector(layout.getOutDimSizes()),
            (SmallVector<int32_t>{32, 16}));
  EXPECT_EQ(layout.getInDims(), (Point{{reg, 4}, {lane, 32}, {warp, 4}}));
  EXPECT_EQ(layout.getOutDims(), (Point{{dim0, 32}, {dim1, 16}}));
  EXPECT_EQ(layout.getNumInDims(), 3);
  EXPECT_EQ(layout.getNumOutDims(), 2);
  EXPECT_TRUE(layout.hasInDim(lane));
  EXPECT_FALSE(layout.hasInDim(block));
  EXPECT_TRUE(layout.hasOutDim(dim1));
  EXPECT_FALSE(layout.hasOutDim(lane));
  EXPECT_EQ(layout.getOutDimIndex(dim1), 1);
  EXPECT_EQ(layout.getInDimSizeLog2(lane), 5);
  EXPECT_EQ(layout.getInDimSize(warp), 4);
  EXPECT_EQ(layout.getOutDimSizeLog2(dim0), 5);
  EXPECT_EQ(layout.getTotalInDimSizeLog2(), 9);
  EXPECT_EQ(layout.getTotalInDimSize(), 512);
  EXPECT_EQ(layout.getTotalOutDimSize(), 512);
  EXPECT_EQ(layout.getBasis(lane, 2), (ArrayRef<int32_t>{1, 0}));
  EXPECT_EQ(layout.getBasis(lane, 1, dim1), 8);
  EXPECT_EQ(layout.getBasis(warp, 1, dim0), 16);
}

TEST_F(LinearLayoutTest, ApplySwizzle) {
  // (lane, warp) -> (lane, warp ^ lane): the classic XOR swizzle.
  LinearLayout layout({{lane, {{1, 1}, {2, 2}}}, {warp, {{0, 1}, {0, 2}}}},
                      {dim0, dim1});
  for (int32_t t = 0; t < 4; ++t)
    for (int32_t w = 0; w < 4; ++w)
      EXPECT_EQ(at(layout, {{lane, t}, {warp, w}}),
                (std::vector<int32_t>{t, w ^ t}));
  EXPECT_TRUE(layout.isInvertible());
}

TEST_F(LinearLayoutTest, ApplyTakesInDimsInAnyOrder) {
  LinearLayout layout = blocked();
  EXPECT_EQ(layout.apply({{warp, 2}, {reg, 3}, {lane, 5}}),
            layout.apply({{reg, 3}, {lane, 5}, {warp, 2}}));
  EXPECT_EQ(layout.apply({{reg, 3}, {lane, 5}, {warp, 2}}),
            (Point{{dim0, 17}, {dim1, 7}}));
}

TEST_F(LinearLayoutTest, SurjectivityAndInjectivity) {
  // Onto [0, 4) with a duplicate basis: surjective, not injective.
  LinearLayout dup({{in, {{1}, {1}, {2}}}}, {out});
  EXPECT_TRUE(dup.isSurjective());
  EXPECT_FALSE(dup.isInjective());
  EXPECT_FALSE(dup.isInvertible());
  // 2 -> 8 strided: injective, not surjective.
  LinearLayout strided = LinearLayout::strided1D(4, 2, in, out);
  EXPECT_FALSE(strided.isSurjective());
  EXPECT_TRUE(strided.isInjective());
  // Neither: a duplicate basis onto a larger codomain.
  LinearLayout neither({{in, {{1}, {1}}}}, {{out, 4}},
                       /*requireSurjective=*/false);
  EXPECT_FALSE(neither.isSurjective());
  EXPECT_FALSE(neither.isInjective());
}

TEST_F(LinearLayoutTest, Equality) {
  LinearLayout a = LinearLayout::identity1D(4, in, out);
  EXPECT_EQ(a, LinearLayout({{in, {{1}, {2}}}}, {out}));
  EXPECT_NE(a, LinearLayout::identity1D(4, in, out2));
  EXPECT_NE(a, LinearLayout::identity1D(4, in2, out));
  EXPECT_NE(a, LinearLayout({{in, {{2}, {1}}}}, {out}));
  // Out-dim sizes count.
  EXPECT_NE(a, LinearLayout({{in, {{1}, {2}}}}, {{out, 8}},
                            /*requireSurjective=*/false));
  // So does the order of dims.
  LinearLayout two = LinearLayout::identity1D(4, in, out) *
                     LinearLayout::identity1D(4, in2, out2);
  EXPECT_NE(two, two.transposeIns({in2, in}));
  EXPECT_NE(two, two.transposeOuts({out2, out}));
  EXPECT_EQ(two, two.transposeIns({in2, in}).transposeIns({in, in2}));
}

TEST_F(LinearLayoutTest, HashFollowsEquality) {
  LinearLayout a = blocked();
  LinearLayout b = blockedMinorFirst().transposeOuts({dim0, dim1});
  ASSERT_EQ(a, b);
  EXPECT_EQ(hash_value(a), hash_value(b));
  EXPECT_NE(hash_value(a), hash_value(blockedMinorFirst()));
}

//===----------------------------------------------------------------------===//
// Product
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ProductOfDisjointDims) {
  LinearLayout layout = LinearLayout::identity1D(4, in, out) *
                        LinearLayout::identity1D(8, in2, out2);
  EXPECT_EQ(layout, LinearLayout({{in, {{1, 0}, {2, 0}}},
                                  {in2, {{0, 1}, {0, 2}, {0, 4}}}},
                                 {out, out2}));
  EXPECT_EQ(at(layout, {{in, 3}, {in2, 5}}), (std::vector<int32_t>{3, 5}));
}

TEST_F(LinearLayoutTest, ProductOfSameDimsConcatenatesBits) {
  EXPECT_EQ(LinearLayout::identity1D(4, in, out) *
                LinearLayout::identity1D(2, in, out),
            LinearLayout::identity1D(8, in, out));
}

TEST_F(LinearLayoutTest, ProductWithZerosAbove) {
  // x % 4 for x in [0, 8).
  LinearLayout layout =
      LinearLayout::identity1D(4, in, out) * LinearLayout::zeros1D(2, in, out);
  EXPECT_EQ(layout, LinearLayout({{in, {{1}, {2}, {0}}}}, {out}));
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), std::vector<int32_t>{x % 4});
}

TEST_F(LinearLayoutTest, ProductWithZerosBelow) {
  // x / 2 for x in [0, 8).
  LinearLayout layout =
      LinearLayout::zeros1D(2, in, out) * LinearLayout::identity1D(4, in, out);
  EXPECT_EQ(layout, LinearLayout({{in, {{0}, {1}, {2}}}}, {out}));
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), std::vector<int32_t>{x / 2});
}

TEST_F(LinearLayoutTest, ProductSplitsOneInDimOverTwoOutDims) {
  // (x % 4, x / 4) for x in [0, 32).
  LinearLayout layout = LinearLayout::identity1D(4, in, out) *
                        LinearLayout::identity1D(8, in, out2);
  EXPECT_EQ(llvm::to_vector(layout.getOutDimNames()),
            (SmallVector<StringAttr>{out, out2}));
  for (int32_t x = 0; x < 32; ++x)
    EXPECT_EQ(at(layout, {{in, x}}), (std::vector<int32_t>{x % 4, x / 4}));
}

TEST_F(LinearLayoutTest, ProductShiftsSharedOutDims) {
  // A swizzle on top of a 2x2 identity: outer's coordinates land above
  // inner's in both out-dims.
  LinearLayout inner = LinearLayout::identity1D(2, in, out) *
                       LinearLayout::identity1D(2, in, out2);
  LinearLayout outer({{in2, {{1, 1}}}}, {{out, 2}, {out2, 2}},
                     /*requireSurjective=*/false);
  LinearLayout layout = inner * outer;
  EXPECT_EQ(layout, LinearLayout({{in, {{1, 0}, {0, 1}}}, {in2, {{2, 2}}}},
                                 {{out, 4}, {out2, 4}},
                                 /*requireSurjective=*/false));
  EXPECT_EQ(layout.getOutDimSize(out), 4);
  EXPECT_EQ(layout.getOutDimSize(out2), 4);
  EXPECT_FALSE(layout.isSurjective());
}

TEST_F(LinearLayoutTest, ProductDimOrder) {
  LinearLayout layout = LinearLayout::identity1D(4, reg, dim1) *
                        LinearLayout::identity1D(2, lane, dim0) *
                        LinearLayout::identity1D(2, reg, dim0);
  EXPECT_EQ(llvm::to_vector(layout.getInDimNames()),
            (SmallVector<StringAttr>{reg, lane}));
  EXPECT_EQ(llvm::to_vector(layout.getOutDimNames()),
            (SmallVector<StringAttr>{dim1, dim0}));
  EXPECT_EQ(layout,
            LinearLayout({{reg, {{1, 0}, {2, 0}, {0, 2}}}, {lane, {{0, 1}}}},
                         {dim1, dim0}));
}

TEST_F(LinearLayoutTest, ProductWithEmpty) {
  LinearLayout layout = blocked();
  EXPECT_EQ(layout * LinearLayout::empty(), layout);
  EXPECT_EQ(LinearLayout::empty() * layout, layout);
  LinearLayout built = LinearLayout::empty();
  built *= LinearLayout::identity1D(4, in, out);
  EXPECT_EQ(built, LinearLayout::identity1D(4, in, out));
}

TEST_F(LinearLayoutTest, ProductIsAssociativeNotCommutative) {
  LinearLayout a = LinearLayout::identity1D(2, in, out);
  LinearLayout b = LinearLayout::zeros1D(2, in, out2);
  LinearLayout c = LinearLayout::identity1D(4, in2, out);
  EXPECT_EQ((a * b) * c, a * (b * c));
  LinearLayout d = LinearLayout::identity1D(4, in, out);
  LinearLayout z = LinearLayout::zeros1D(2, in, out);
  EXPECT_NE(d * z, z * d);
  EXPECT_EQ(at(d * z, {{in, 2}}), std::vector<int32_t>{2});
  EXPECT_EQ(at(z * d, {{in, 2}}), std::vector<int32_t>{1});
}

TEST_F(LinearLayoutTest, ProductOfSurjectiveIsSurjective) {
  EXPECT_TRUE(blocked().isSurjective());
  EXPECT_TRUE((LinearLayout::zeros1D(4, in, out) *
               LinearLayout::identity1D(4, in2, out))
                  .isSurjective());
}

//===----------------------------------------------------------------------===//
// Blocked and shared layouts built by hand
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, BlockedLayoutBases) {
  EXPECT_EQ(blocked(),
            LinearLayout({{reg, {{0, 1}, {0, 2}}},
                          {lane, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}},
                          {warp, {{8, 0}, {16, 0}}}},
                         {dim0, dim1}));
  EXPECT_TRUE(blocked().isInvertible());
}

TEST_F(LinearLayoutTest, BlockedLayoutApply) {
  LinearLayout layout = blocked();
  EXPECT_EQ(at(layout, {{reg, 0}, {lane, 0}, {warp, 0}}),
            (std::vector<int32_t>{0, 0}));
  EXPECT_EQ(at(layout, {{reg, 1}, {lane, 0}, {warp, 0}}),
            (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(at(layout, {{reg, 3}, {lane, 3}, {warp, 0}}),
            (std::vector<int32_t>{0, 15}));
  EXPECT_EQ(at(layout, {{reg, 0}, {lane, 4}, {warp, 0}}),
            (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(at(layout, {{reg, 3}, {lane, 5}, {warp, 2}}),
            (std::vector<int32_t>{17, 7}));
  EXPECT_EQ(at(layout, {{reg, 2}, {lane, 31}, {warp, 3}}),
            (std::vector<int32_t>{31, 14}));
  // Everywhere: dim0 = lane / 4 + 8 * warp, dim1 = 4 * (lane % 4) + register.
  forEachInput(layout, [&](const Point &ins) {
    int32_t r = ins[0].second, l = ins[1].second, w = ins[2].second;
    EXPECT_EQ(at(layout, ins),
              (std::vector<int32_t>{l / 4 + 8 * w, 4 * (l % 4) + r}));
  });
}

TEST_F(LinearLayoutTest, BlockedLayoutBroadcastOnSmallerTensor) {
  // The same encoding on a 16x16 tensor: warps 0/2 and 1/3 hold the same
  // rows, so warp bit 1 is a free variable.
  LinearLayout layout = (LinearLayout::identity1D(4, reg, dim1) *
                         LinearLayout::identity1D(4, lane, dim1) *
                         LinearLayout::identity1D(8, lane, dim0) *
                         LinearLayout::identity1D(2, warp, dim0) *
                         LinearLayout::zeros1D(2, warp, dim0))
                            .transposeOuts({dim0, dim1});
  EXPECT_EQ(layout.getBasis(warp, 0), (ArrayRef<int32_t>{8, 0}));
  EXPECT_EQ(layout.getBasis(warp, 1), (ArrayRef<int32_t>{0, 0}));
  EXPECT_EQ(layout.getOutDimSize(dim0), 16);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  EXPECT_EQ(at(layout, {{reg, 1}, {lane, 6}, {warp, 3}}),
            at(layout, {{reg, 1}, {lane, 6}, {warp, 1}}));
  llvm::MapVector<StringAttr, int32_t> masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks.lookup(reg), 0);
  EXPECT_EQ(masks.lookup(lane), 0);
  EXPECT_EQ(masks.lookup(warp), 0b10);
  // Resizing dim0 from the 32-row layout gives the same map.
  EXPECT_EQ(blocked().resizeOutDim(dim0, 16), layout);
}

TEST_F(LinearLayoutTest, BlockedLayoutVectorWidth) {
  // Four consecutive registers hold four consecutive elements of dim1.
  EXPECT_EQ(blockedMinorFirst().getNumConsecutiveInOut(), 4);
  // With dim0 first, registers do not move along it at all.
  EXPECT_EQ(blocked().getNumConsecutiveInOut(), 1);
}

TEST_F(LinearLayoutTest, RegistersToRowMajorShared) {
  LinearLayout regs = blocked();
  LinearLayout shared = rowMajorShared();
  std::optional<LinearLayout> regsToShared = regs.invertAndCompose(shared);
  ASSERT_TRUE(regsToShared);
  // Row-major storage of a row-major blocked layout: the flattened hardware
  // index is the offset.
  EXPECT_EQ(*regsToShared, LinearLayout::identity1D(4, reg, offset) *
                               LinearLayout::identity1D(32, lane, offset) *
                               LinearLayout::identity1D(4, warp, offset));
  EXPECT_EQ(at(*regsToShared, {{reg, 3}, {lane, 5}, {warp, 2}}),
            std::vector<int32_t>{17 * 16 + 7});
  forEachInput(regs, [&](const Point &ins) {
    EXPECT_EQ(shared.apply(regsToShared->apply(ins)), regs.apply(ins));
  });
}

TEST_F(LinearLayoutTest, RegistersToSwizzledShared) {
  // Shared memory with 16-element rows whose 4-element groups are XOR
  // swizzled by the row: offset bits 4..6 (row bits 0..2) also flip dim1
  // bits 2..3 in a rotating pattern.
  LinearLayout shared({{offset,
                        {{0, 1},
                         {0, 2},
                         {0, 4},
                         {0, 8},
                         {1, 4},
                         {2, 8},
                         {4, 12},
                         {8, 0},
                         {16, 0}}}},
                      {dim0, dim1});
  ASSERT_TRUE(shared.isInvertible());
  LinearLayout regs = blocked();
  std::optional<LinearLayout> regsToShared = regs.invertAndCompose(shared);
  ASSERT_TRUE(regsToShared);
  forEachInput(regs, [&](const Point &ins) {
    EXPECT_EQ(shared.apply(regsToShared->apply(ins)), regs.apply(ins));
  });
  // Element (1, 4) sits at row 1, column 4 ^ 4 = 0.
  EXPECT_EQ(at(*regsToShared, {{reg, 0}, {lane, 5}, {warp, 0}}),
            std::vector<int32_t>{16});
  // The registers of one thread stay contiguous in shared memory.
  EXPECT_EQ(regsToShared->getNumConsecutiveInOut(), 4);
}

//===----------------------------------------------------------------------===//
// compose
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ComposeWithIdentity) {
  LinearLayout layout = blocked();
  LinearLayout identity = LinearLayout::identity1D(32, dim0, dim0) *
                          LinearLayout::identity1D(16, dim1, dim1);
  EXPECT_EQ(layout.compose(identity), layout);
}

TEST_F(LinearLayoutTest, ComposePermutationWithItself) {
  // x -> bits (b2, b3, b0, b1): 0 4 8 12 1 5 9 13 ... Applying it twice is
  // the identity.
  LinearLayout layout({{in, {{4}, {8}, {1}, {2}}}}, {out});
  LinearLayout renamed({{out, {{4}, {8}, {1}, {2}}}}, {out2});
  EXPECT_EQ(at(layout, {{in, 1}}), std::vector<int32_t>{4});
  EXPECT_EQ(at(layout, {{in, 5}}), std::vector<int32_t>{5});
  EXPECT_EQ(at(layout, {{in, 6}}), std::vector<int32_t>{9});
  EXPECT_EQ(layout.compose(renamed), LinearLayout::identity1D(16, in, out2));
}

TEST_F(LinearLayoutTest, ComposeWithBroadcastingZeros) {
  // in -> mid is the identity on [0, 8); mid -> out keeps mid % 2.
  StringAttr mid = name("mid");
  LinearLayout inner = LinearLayout::identity1D(8, in, mid);
  LinearLayout outer = LinearLayout::identity1D(2, mid, out) *
                       LinearLayout::zeros1D(4, mid, out);
  LinearLayout composed = inner.compose(outer);
  EXPECT_EQ(composed, LinearLayout({{in, {{1}, {0}, {0}}}}, {out}));
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at(composed, {{in, x}}), std::vector<int32_t>{x % 2});
  EXPECT_TRUE(composed.isSurjective());
  EXPECT_EQ(composed.getFreeVariableMasks().lookup(in), 0b110);

  // Zeros first: everything collapses.
  LinearLayout zeros = LinearLayout::zeros1D(8, in, mid, /*outDimSize=*/8);
  EXPECT_EQ(zeros.compose(outer),
            LinearLayout({{in, {{0}, {0}, {0}}}}, {{out, 2}},
                         /*requireSurjective=*/false));
}

TEST_F(LinearLayoutTest, ComposeMatchesOutDimsByName) {
  // Registers to shared memory through the tensor index: outer lists its
  // in-dims as (dim1, dim0), the opposite of the registers' out-dims.
  LinearLayout regs = blocked();
  LinearLayout tensorToOffset = LinearLayout::identity1D(16, dim1, offset) *
                                LinearLayout::identity1D(32, dim0, offset);
  LinearLayout composed = regs.compose(tensorToOffset);
  EXPECT_EQ(llvm::to_vector(composed.getInDimNames()),
            (SmallVector<StringAttr>{reg, lane, warp}));
  EXPECT_EQ(composed.getOutDims(), (Point{{offset, 512}}));
  forEachInput(regs, [&](const Point &ins) {
    std::vector<int32_t> index = at(regs, ins);
    EXPECT_EQ(at(composed, ins),
              std::vector<int32_t>{16 * index[0] + index[1]});
  });
  EXPECT_EQ(*regs.invertAndCompose(rowMajorShared()), composed);
}

TEST_F(LinearLayoutTest, ComposeIntoLargerInDim) {
  StringAttr mid = name("mid");
  LinearLayout inner = LinearLayout::identity1D(4, in, mid);
  LinearLayout outer = LinearLayout::identity1D(8, mid, out);
  LinearLayout composed = inner.compose(outer);
  EXPECT_EQ(composed.getOutDimSize(out), 8);
  EXPECT_FALSE(composed.isSurjective());
  EXPECT_EQ(at(composed, {{in, 3}}), std::vector<int32_t>{3});
}

//===----------------------------------------------------------------------===//
// invert and pseudoinvert
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, InvertIdentity) {
  std::optional<LinearLayout> inverse =
      LinearLayout::identity1D(8, in, out).invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(*inverse, LinearLayout::identity1D(8, out, in));
}

TEST_F(LinearLayoutTest, InvertPermutation) {
  // Bit permutation (b0, b1, b2) -> (b1, b2, b0): the inverse rotates back.
  LinearLayout layout({{in, {{2}, {4}, {1}}}}, {out});
  std::optional<LinearLayout> inverse = layout.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(*inverse, LinearLayout({{out, {{4}, {1}, {2}}}}, {in}));
  EXPECT_EQ(layout.compose(*inverse), LinearLayout::identity1D(8, in, in));
}

TEST_F(LinearLayoutTest, InvertSwizzle) {
  // (lane, warp) -> (lane, warp ^ lane) is inverted by
  // (dim0, dim1) -> (dim0, dim1 ^ dim0).
  LinearLayout layout({{lane, {{1, 1}, {2, 2}}}, {warp, {{0, 1}, {0, 2}}}},
                      {dim0, dim1});
  std::optional<LinearLayout> inverse = layout.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(*inverse,
            LinearLayout({{dim0, {{1, 1}, {2, 2}}}, {dim1, {{0, 1}, {0, 2}}}},
                         {lane, warp}));
  forEachInput(layout, [&](const Point &ins) {
    EXPECT_EQ(inverse->apply(layout.apply(ins)), ins);
  });
}

TEST_F(LinearLayoutTest, InvertBlockedLayout) {
  LinearLayout layout = blocked();
  std::optional<LinearLayout> inverse = layout.invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(llvm::to_vector(inverse->getInDimNames()),
            (SmallVector<StringAttr>{dim0, dim1}));
  EXPECT_EQ(inverse->getOutDims(), (Point{{reg, 4}, {lane, 32}, {warp, 4}}));
  // Element (17, 7) is register 3 of lane 5 in warp 2.
  EXPECT_EQ(at(*inverse, {{dim0, 17}, {dim1, 7}}),
            (std::vector<int32_t>{3, 5, 2}));
  forEachInput(layout, [&](const Point &ins) {
    EXPECT_EQ(inverse->apply(layout.apply(ins)), ins);
  });
}

TEST_F(LinearLayoutTest, InvertFailsUnlessInvertible) {
  EXPECT_FALSE(LinearLayout::zeros1D(4, in, out).invert());
  EXPECT_FALSE(LinearLayout::strided1D(4, 2, in, out).invert());
  EXPECT_FALSE(LinearLayout({{in, {{1}, {1}, {2}}}}, {out}).invert());
  EXPECT_TRUE(LinearLayout::empty().invert());
}

TEST_F(LinearLayoutTest, PseudoinvertOfSurjective) {
  // x % 4 on [0, 8): the lowest preimage of y is y itself.
  LinearLayout low = LinearLayout({{in, {{1}, {2}, {0}}}}, {out});
  EXPECT_EQ(low.pseudoinvert(), LinearLayout({{out, {{1}, {2}}}}, {{in, 8}},
                                             /*requireSurjective=*/false));
  // x / 2 on [0, 8): the lowest preimage of y is 2y.
  LinearLayout high = LinearLayout({{in, {{0}, {1}, {2}}}}, {out});
  EXPECT_EQ(high.pseudoinvert(), LinearLayout({{out, {{2}, {4}}}}, {{in, 8}},
                                              /*requireSurjective=*/false));
  // A right inverse either way.
  for (const LinearLayout &layout : {low, high}) {
    LinearLayout pinv = layout.pseudoinvert();
    EXPECT_EQ(pinv.compose(layout), LinearLayout::identity1D(4, out, out));
  }
}

TEST_F(LinearLayoutTest, PseudoinvertUsesCombinationsOfBases) {
  // Bases 3 and 1: y = 2 is reached by in = 3 (3 ^ 1), y = 1 by in = 2.
  LinearLayout layout({{in, {{3}, {1}}}}, {out});
  LinearLayout pinv = layout.pseudoinvert();
  EXPECT_EQ(pinv, LinearLayout({{out, {{2}, {3}}}}, {in}));
  EXPECT_EQ(pinv, *layout.invert());
}

TEST_F(LinearLayoutTest, PseudoinvertOfInjective) {
  // 2x on [0, 4) into [0, 8): a left inverse, 0 on the odd outputs.
  LinearLayout layout = LinearLayout::strided1D(4, 2, in, out);
  LinearLayout pinv = layout.pseudoinvert();
  EXPECT_EQ(pinv, LinearLayout({{out, {{0}, {1}, {2}}}}, {{in, 4}},
                               /*requireSurjective=*/true));
  EXPECT_EQ(layout.compose(pinv), LinearLayout::identity1D(4, in, in));
}

TEST_F(LinearLayoutTest, PseudoinvertOfNeither) {
  // Bases (1, 1) into [0, 4): image {0, 1}, kernel {0, 3}.
  LinearLayout layout({{in, {{1}, {1}}}}, {{out, 4}},
                      /*requireSurjective=*/false);
  LinearLayout pinv = layout.pseudoinvert();
  EXPECT_EQ(pinv, LinearLayout({{out, {{1}, {0}}}}, {{in, 4}},
                               /*requireSurjective=*/false));
  // L(P(L(x))) == L(x).
  EXPECT_EQ(layout.compose(pinv).compose(layout), layout);

  // Image {0, 3}: output bit 0 completes it, so P(1) = 0 and P(2) = P(3 ^ 1)
  // = 1.
  LinearLayout diagonal({{in, {{3}}}}, {{out, 4}},
                        /*requireSurjective=*/false);
  EXPECT_EQ(diagonal.pseudoinvert(), LinearLayout({{out, {{0}, {1}}}}, {in}));
}

TEST_F(LinearLayoutTest, PseudoinvertPicksLowestPreimage) {
  // A layout with broadcasting in both in-dims; compare with brute force.
  LinearLayout layout(
      {{reg, {{1, 0}, {0, 0}, {2, 1}}}, {lane, {{3, 1}, {1, 0}, {2, 0}}}},
      {dim0, dim1});
  ASSERT_TRUE(layout.isSurjective());
  LinearLayout pinv = layout.pseudoinvert();
  std::map<std::vector<int32_t>, int32_t> lowest;
  forEachInput(layout, [&](const Point &ins) {
    int32_t flat = ins[0].second + 8 * ins[1].second;
    lowest.emplace(at(layout, ins), flat);
  });
  ASSERT_EQ(lowest.size(), 8u);
  for (const auto &[coords, flat] : lowest)
    EXPECT_EQ(at(pinv, asInputOf(pinv, coords)),
              (std::vector<int32_t>{flat % 8, flat / 8}));
}

//===----------------------------------------------------------------------===//
// invertAndCompose
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, InvertAndComposeWithIdentity) {
  LinearLayout layout = blocked();
  LinearLayout identity = LinearLayout::identity1D(32, dim0, dim0) *
                          LinearLayout::identity1D(16, dim1, dim1);
  EXPECT_EQ(*layout.invertAndCompose(identity), layout);
}

TEST_F(LinearLayoutTest, InvertAndComposeKeepsSharedBroadcastDims) {
  // Both layouts broadcast over warps in the same way; lanes are swapped.
  // Warp 1 maps to warp 1 (the data does not move between warps), not to
  // warp 0, although both solve A(x) == B(C(x)).
  LinearLayout a({{lane, {{1}, {2}}}, {warp, {{0}}}}, {dim0});
  LinearLayout b({{lane, {{2}, {1}}}, {warp, {{0}}}}, {dim0});
  std::optional<LinearLayout> c = a.invertAndCompose(b);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, LinearLayout({{lane, {{2, 0}, {1, 0}}}, {warp, {{0, 1}}}},
                             {lane, warp}));
}

TEST_F(LinearLayoutTest, InvertAndComposePicksLowestPreimage) {
  // B holds every value several times: 2 sits at offsets 5 (1 ^ 3), 7 and 8.
  // A's values come from the lowest offset holding them.
  LinearLayout a({{reg, {{2}, {1}}}}, {dim0});
  LinearLayout b({{offset, {{1}, {0}, {3}, {2}}}}, {dim0});
  std::optional<LinearLayout> c = a.invertAndCompose(b);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, LinearLayout({{reg, {{5}, {1}}}}, {{offset, 16}},
                             /*requireSurjective=*/false));
  // Brute force agrees.
  for (int32_t r = 0; r < 4; ++r) {
    int32_t lowest = 0;
    while (b.apply({{offset, lowest}}) != a.apply({{reg, r}}))
      ++lowest;
    EXPECT_EQ(at(*c, {{reg, r}}), std::vector<int32_t>{lowest});
  }
}

TEST_F(LinearLayoutTest, InvertAndComposeFailsOutsideImage) {
  // B holds only the even elements; A needs the odd ones too.
  LinearLayout a = LinearLayout::identity1D(4, reg, dim0);
  LinearLayout b = LinearLayout::strided1D(2, 2, offset, dim0);
  EXPECT_FALSE(a.invertAndCompose(b));
  // A's out-dim larger than B's: its high elements are not in B.
  EXPECT_FALSE(
      LinearLayout::identity1D(8, reg, dim0)
          .invertAndCompose(LinearLayout::identity1D(4, offset, dim0)));
}

TEST_F(LinearLayoutTest, InvertAndComposeFallsBackToAllDims) {
  // The warp dims match, but only B's warp reaches A's lane data, so the
  // lane must map to a warp.
  LinearLayout a({{lane, {{1}}}, {warp, {{1}}}}, {dim0});
  LinearLayout b({{warp, {{1}}}}, {dim0});
  std::optional<LinearLayout> c = a.invertAndCompose(b);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, LinearLayout({{lane, {{1}}}, {warp, {{1}}}}, {warp}));
  forEachInput(a, [&](const Point &ins) {
    EXPECT_EQ(b.apply(c->apply(ins)), a.apply(ins));
  });
}

TEST_F(LinearLayoutTest, InvertAndComposeAcrossOutDimOrderAndSizes) {
  // B lists (dim1, dim0) and is larger than A in dim0.
  LinearLayout a = LinearLayout::identity1D(4, reg, dim0) *
                   LinearLayout::identity1D(2, lane, dim1);
  LinearLayout b = LinearLayout::identity1D(2, offset, dim1) *
                   LinearLayout::identity1D(8, offset, dim0);
  std::optional<LinearLayout> c = a.invertAndCompose(b);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, LinearLayout({{reg, {{2}, {4}}}, {lane, {{1}}}}, {{offset, 16}},
                             /*requireSurjective=*/false));
  forEachInput(a, [&](const Point &ins) {
    Point image = b.apply(c->apply(ins));
    EXPECT_EQ(image, (Point{{dim1, ins[1].second}, {dim0, ins[0].second}}));
  });
}

//===----------------------------------------------------------------------===//
// Reshape, transpose, flatten
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ReshapeInsSplitsLowBitsFirst) {
  LinearLayout layout =
      LinearLayout::identity1D(32, in, out).reshapeIns({{in, 4}, {in2, 8}});
  EXPECT_EQ(layout,
            LinearLayout({{in, {{1}, {2}}}, {in2, {{4}, {8}, {16}}}}, {out}));
  EXPECT_EQ(at(layout, {{in, 3}, {in2, 5}}), std::vector<int32_t>{23});
}

TEST_F(LinearLayoutTest, ReshapeOutsSplitsLowBitsFirst) {
  LinearLayout layout =
      LinearLayout::identity1D(32, in, out).reshapeOuts({{out, 4}, {out2, 8}});
  EXPECT_EQ(layout,
            LinearLayout({{in, {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}}},
                         {out, out2}));
  EXPECT_EQ(at(layout, {{in, 23}}), (std::vector<int32_t>{3, 5}));
}

TEST_F(LinearLayoutTest, ReshapeOutsRoundTrip) {
  LinearLayout layout = blocked();
  LinearLayout flat = layout.reshapeOuts({{dim0, 512}});
  EXPECT_EQ(flat.reshapeOuts({{dim0, 32}, {dim1, 16}}), layout);
  // Flattening puts dim0 in the low bits.
  EXPECT_EQ(at(flat, {{reg, 3}, {lane, 5}, {warp, 2}}),
            std::vector<int32_t>{17 + 32 * 7});
}

TEST_F(LinearLayoutTest, FlattenInsAndOuts) {
  LinearLayout layout = blockedMinorFirst();
  LinearLayout flatIns = layout.flattenIns();
  EXPECT_EQ(flatIns.getInDims(), (Point{{reg, 512}}));
  LinearLayout flat = flatIns.flattenOuts();
  EXPECT_EQ(flat.getOutDims(), (Point{{dim1, 512}}));
  // The row-major blocked layout flattens to the identity.
  EXPECT_EQ(flat, LinearLayout::identity1D(512, reg, dim1));
  forEachInput(layout, [&](const Point &ins) {
    int32_t flatIn = ins[0].second + 4 * ins[1].second + 128 * ins[2].second;
    std::vector<int32_t> coords = at(layout, ins);
    EXPECT_EQ(at(flatIns, {{reg, flatIn}}), coords);
    EXPECT_EQ(at(flat, {{reg, flatIn}}),
              std::vector<int32_t>{coords[0] + 16 * coords[1]});
  });
  EXPECT_EQ(LinearLayout::empty().flattenIns(), LinearLayout::empty());
  EXPECT_EQ(LinearLayout::empty().flattenOuts(), LinearLayout::empty());
}

TEST_F(LinearLayoutTest, TransposeIns) {
  LinearLayout layout = blocked();
  LinearLayout transposed = layout.transposeIns({warp, reg, lane});
  EXPECT_EQ(llvm::to_vector(transposed.getInDimNames()),
            (SmallVector<StringAttr>{warp, reg, lane}));
  forEachInput(layout, [&](const Point &ins) {
    EXPECT_EQ(transposed.apply(ins), layout.apply(ins));
  });
  EXPECT_EQ(transposed.transposeIns({reg, lane, warp}), layout);
}

TEST_F(LinearLayoutTest, TransposeOuts) {
  LinearLayout layout = blocked();
  LinearLayout transposed = layout.transposeOuts({dim1, dim0});
  EXPECT_EQ(transposed, blockedMinorFirst());
  EXPECT_EQ(transposed.getOutDims(), (Point{{dim1, 16}, {dim0, 32}}));
  EXPECT_EQ(transposed.getBasis(warp, 0), (ArrayRef<int32_t>{0, 8}));
  EXPECT_EQ(at(transposed, {{reg, 3}, {lane, 5}, {warp, 2}}),
            (std::vector<int32_t>{7, 17}));
}

TEST_F(LinearLayoutTest, TransposeChangesFlattening) {
  // Row-major flattening needs dim1 (the minor dim) first.
  LinearLayout layout = blocked();
  EXPECT_EQ(at(layout.transposeOuts({dim1, dim0}).flattenOuts(),
               {{reg, 1}, {lane, 4}, {warp, 0}}),
            std::vector<int32_t>{1 * 16 + 1});
  EXPECT_EQ(at(layout.flattenOuts(), {{reg, 1}, {lane, 4}, {warp, 0}}),
            std::vector<int32_t>{1 + 32 * 1});
}

//===----------------------------------------------------------------------===//
// sublayout, concat, resize
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, Sublayout) {
  LinearLayout layout = blocked();
  LinearLayout laneToDim1 = layout.sublayout({lane}, {dim1});
  EXPECT_EQ(laneToDim1,
            LinearLayout({{lane, {{4}, {8}, {0}, {0}, {0}}}}, {{dim1, 16}},
                         /*requireSurjective=*/false));
  EXPECT_FALSE(laneToDim1.isSurjective());
  // The result keeps the layout's order, not the arguments'.
  LinearLayout sub = layout.sublayout({warp, reg}, {dim1, dim0});
  EXPECT_EQ(sub,
            LinearLayout({{reg, {{0, 1}, {0, 2}}}, {warp, {{8, 0}, {16, 0}}}},
                         {{dim0, 32}, {dim1, 16}},
                         /*requireSurjective=*/false));
  EXPECT_EQ(layout.sublayout({}, {}), LinearLayout::empty());
}

TEST_F(LinearLayoutTest, SublayoutIsZero) {
  LinearLayout layout = blocked();
  EXPECT_TRUE(layout.sublayoutIsZero({reg}, {dim0}));
  EXPECT_TRUE(layout.sublayoutIsZero({warp}, {dim1}));
  EXPECT_TRUE(layout.sublayoutIsZero({reg, warp}, {}));
  EXPECT_FALSE(layout.sublayoutIsZero({lane}, {dim0}));
  EXPECT_FALSE(layout.sublayoutIsZero({reg, warp}, {dim1}));
}

TEST_F(LinearLayoutTest, ConcatIns) {
  LinearLayout regs = LinearLayout::identity1D(4, reg, dim0);
  LinearLayout lanes = LinearLayout::zeros1D(2, lane, dim0, /*outDimSize=*/4);
  LinearLayout layout = regs.concatIns(lanes);
  EXPECT_EQ(layout, LinearLayout({{reg, {{1}, {2}}}, {lane, {{0}}}}, {dim0}));
  EXPECT_EQ(layout.sublayout({reg}, {dim0}), regs);
}

TEST_F(LinearLayoutTest, ConcatOuts) {
  LinearLayout layout = LinearLayout::identity1D(4, in, out)
                            .concatOuts(LinearLayout::zeros1D(4, in, out2));
  EXPECT_EQ(layout, LinearLayout({{in, {{1, 0}, {2, 0}}}}, {out, out2}));
  LinearLayout both = LinearLayout::identity1D(4, in, out)
                          .concatOuts(LinearLayout::identity1D(4, in, out2));
  EXPECT_EQ(at(both, {{in, 3}}), (std::vector<int32_t>{3, 3}));
  EXPECT_TRUE(both.isInjective());
  EXPECT_FALSE(both.isSurjective());
}

TEST_F(LinearLayoutTest, ResizeInDim) {
  LinearLayout layout = LinearLayout::identity1D(4, in, out);
  LinearLayout grown = layout.resizeInDim(in, 16);
  EXPECT_EQ(grown, LinearLayout({{in, {{1}, {2}, {0}, {0}}}}, {out}));
  EXPECT_EQ(at(grown, {{in, 13}}), std::vector<int32_t>{1});
  EXPECT_EQ(grown.resizeInDim(in, 4), layout);
  EXPECT_EQ(layout.resizeInDim(in, 2),
            LinearLayout({{in, {{1}}}}, {{out, 4}},
                         /*requireSurjective=*/false));
}

TEST_F(LinearLayoutTest, ResizeOutDim) {
  LinearLayout layout = LinearLayout::identity1D(8, in, out);
  LinearLayout shrunk = layout.resizeOutDim(out, 4);
  EXPECT_EQ(shrunk, LinearLayout({{in, {{1}, {2}, {0}}}}, {out}));
  EXPECT_EQ(at(shrunk, {{in, 7}}), std::vector<int32_t>{3});
  LinearLayout grown = layout.resizeOutDim(out, 16);
  EXPECT_EQ(grown.getOutDimSize(out), 16);
  EXPECT_FALSE(grown.isSurjective());
  EXPECT_EQ(grown.resizeOutDim(out, 8), layout);
}

//===----------------------------------------------------------------------===//
// getNumConsecutiveInOut and getFreeVariableMasks
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, NumConsecutiveInOut) {
  EXPECT_EQ(LinearLayout::empty().getNumConsecutiveInOut(), 1);
  EXPECT_EQ(LinearLayout::identity1D(8, reg, dim0).getNumConsecutiveInOut(), 8);
  // The run of 1, 2 stops at 8.
  EXPECT_EQ(LinearLayout({{reg, {{1}, {2}, {8}}}}, {{dim0, 16}},
                         /*requireSurjective=*/false)
                .getNumConsecutiveInOut(),
            4);
  // A lane sets bit 1 of dim0, which would carry into the registers' sum.
  EXPECT_EQ(LinearLayout({{reg, {{1}, {2}, {4}}}, {lane, {{2}}}}, {dim0})
                .getNumConsecutiveInOut(),
            2);
  // Registers out of order are not consecutive at all.
  EXPECT_EQ(LinearLayout({{reg, {{2}, {1}}}}, {dim0}).getNumConsecutiveInOut(),
            1);
  // Nor are registers that also move along another out-dim.
  EXPECT_EQ(LinearLayout({{reg, {{1, 0}, {2, 1}}}}, {{dim0, 4}, {dim1, 2}},
                         /*requireSurjective=*/false)
                .getNumConsecutiveInOut(),
            2);
  // Broadcast registers stop the run.
  EXPECT_EQ(
      LinearLayout({{reg, {{1}, {0}, {2}}}}, {dim0}).getNumConsecutiveInOut(),
      2);
}

TEST_F(LinearLayoutTest, FreeVariableMasks) {
  llvm::MapVector<StringAttr, int32_t> blockedMasks =
      blocked().getFreeVariableMasks();
  EXPECT_EQ(llvm::to_vector(blockedMasks),
            (SmallVector<std::pair<StringAttr, int32_t>>{
                {reg, 0}, {lane, 0}, {warp, 0}}));
  EXPECT_EQ(LinearLayout::zeros1D(8, in, out).getFreeVariableMasks().lookup(in),
            0b111);
  // The second basis repeats the first.
  EXPECT_EQ(LinearLayout({{in, {{1}, {1}, {2}}}}, {out})
                .getFreeVariableMasks()
                .lookup(in),
            0b010);
  // Across dims: lane 1 repeats register 1, lane 2 is independent.
  LinearLayout layout({{reg, {{1}}}, {lane, {{1}, {2}}}}, {dim0});
  llvm::MapVector<StringAttr, int32_t> masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks.lookup(reg), 0);
  EXPECT_EQ(masks.lookup(lane), 0b01);
  // A combination of earlier bases is free too: 3 = 1 ^ 2.
  EXPECT_EQ(LinearLayout({{in, {{1}, {2}, {3}}}}, {out})
                .getFreeVariableMasks()
                .lookup(in),
            0b100);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST_F(LinearLayoutTest, ToString) {
  EXPECT_EQ(blocked().toString(),
            "register = [[0, 1], [0, 2]]\n"
            "lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]]\n"
            "warp = [[8, 0], [16, 0]]\n"
            "out dims: dim0 (size 32), dim1 (size 16)");
  EXPECT_EQ(LinearLayout::identity1D(1, block, dim0).toString(),
            "block = []\n"
            "out dims: dim0 (size 1)");
  EXPECT_EQ(LinearLayout::empty().toString(), "(empty layout)");
  EXPECT_EQ(LinearLayout::zeros1D(2, in, out).sublayout({in}, {}).toString(),
            "in = [[]]\n"
            "out dims: (none)");
}

TEST_F(LinearLayoutTest, StreamOperators) {
  LinearLayout layout = LinearLayout::strided1D(2, 4, in, out);
  std::string llvmString;
  llvm::raw_string_ostream llvmStream(llvmString);
  llvmStream << layout;
  std::ostringstream stdStream;
  stdStream << layout;
  EXPECT_EQ(llvmString, "in = [[4]]\nout dims: out (size 8)");
  EXPECT_EQ(stdStream.str(), llvmString);
}

} // namespace
