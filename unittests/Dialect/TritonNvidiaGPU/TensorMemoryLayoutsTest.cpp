//===- TensorMemoryLayoutsTest.cpp - tensor memory as linear layouts ------===//
//
// Tests of tensorMemoryToLinearLayout against layouts derived by hand from
// the PTX ISA's tcgen05 data-path layouts: a 128-row block puts tensor row r
// in tensor-memory row r; a 64-row block puts rows 0-15 of each warp's
// quarter to use and row 16 of a quarter to the next 64 rows, the next
// blockN columns, or nothing; colStride spreads an element over columns; a
// CTA split appends column bases that step through the CTAs; block scales
// repeat 32 rows over the four quarters.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/TensorMemoryLayouts.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

namespace {

using Bases = std::vector<std::vector<int32_t>>;

class TensorMemoryLayoutsTest : public ::testing::Test {
protected:
  TensorMemoryLayoutsTest() {
    ctx.loadDialect<triton::gpu::TritonGPUDialect, TritonNvidiaGPUDialect>();
  }

  StringAttr name(StringRef str) { return StringAttr::get(&ctx, str); }

  Attribute tmem(unsigned blockM, unsigned blockN, unsigned colStride,
                 unsigned splitM = 1, unsigned splitN = 1,
                 bool twoCTAs = false) {
    return TensorMemoryEncodingAttr::get(&ctx, blockM, blockN, colStride,
                                         splitM, splitN, twoCTAs);
  }

  /// (row, col) -> (dim0, dim1) onto a tensor of `shape`.
  LinearLayout expected(const Bases &rows, const Bases &cols,
                        ArrayRef<int32_t> shape) {
    return LinearLayout({{name("row"), rows}, {name("col"), cols}},
                        {{name("dim0"), shape[0]}, {name("dim1"), shape[1]}},
                        /*requireSurjective=*/false);
  }

  MLIRContext ctx;
};

const Bases kRows128{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {64, 0}};

TEST_F(TensorMemoryLayoutsTest, Block128RepeatsAlongColumns) {
  // Two 128x128 blocks side by side.
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 256}, tmem(128, 128, 1)),
            expected(kRows128,
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32},
                      {0, 64}, {0, 128}},
                     {128, 256}));
  // 256 rows: the second block of rows comes after the first in columns.
  EXPECT_EQ(tensorMemoryToLinearLayout({256, 32}, tmem(128, 32, 1)),
            expected(kRows128,
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {128, 0}},
                     {256, 32}));
}

TEST_F(TensorMemoryLayoutsTest, Block64Row16) {
  // More rows than a block: row 16 of a quarter holds rows 64-127.
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 32}, tmem(64, 32, 1)),
            expected({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {64, 0}, {16, 0},
                      {32, 0}},
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}},
                     {128, 32}));
  // More columns than a block: row 16 holds the next blockN columns.
  EXPECT_EQ(tensorMemoryToLinearLayout({64, 64}, tmem(64, 32, 1)),
            expected({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 32}, {16, 0},
                      {32, 0}},
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}}, {64, 64}));
  // One block: row 16 holds nothing.
  EXPECT_EQ(tensorMemoryToLinearLayout({64, 32}, tmem(64, 32, 1)),
            expected({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}, {16, 0},
                      {32, 0}},
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}}, {64, 32}));
}

TEST_F(TensorMemoryLayoutsTest, ColStrideSkipsColumns) {
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 16}, tmem(128, 16, 2)),
            expected(kRows128, {{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 8}},
                     {128, 16}));
}

TEST_F(TensorMemoryLayoutsTest, SplitOverCTAs) {
  // Each of two CTAs holds 64 of the 128 columns.
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 128}, tmem(128, 64, 1, 1, 2)),
            expected(kRows128,
                     {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32},
                      {0, 64}},
                     {128, 128}));
  // Each of two CTAs holds 128 of the 256 rows.
  EXPECT_EQ(tensorMemoryToLinearLayout({256, 16}, tmem(128, 16, 1, 2, 1)),
            expected(kRows128, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {128, 0}},
                     {256, 16}));
}

TEST_F(TensorMemoryLayoutsTest, Scales) {
  auto scales = TensorMemoryScalesEncodingAttr::get(&ctx, 1, 1);
  // 32 rows per quarter, the same in every quarter; rows 32-63 one column
  // group on, rows 64-127 the next.
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 4}, scales),
            expected({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 0}, {0, 0}},
                     {{0, 1}, {0, 2}, {32, 0}, {64, 0}}, {128, 4}));
  // Fewer rows than the tile: the excess holds nothing.
  EXPECT_EQ(tensorMemoryToLinearLayout({32, 4}, scales),
            expected({{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 0}, {0, 0}},
                     {{0, 1}, {0, 2}, {0, 0}}, {32, 4}));
}

TEST_F(TensorMemoryLayoutsTest, RejectsOtherShapes) {
  EXPECT_EQ(tensorMemoryToLinearLayout({128, 96}, tmem(128, 128, 1)),
            std::nullopt);
  EXPECT_EQ(tensorMemoryToLinearLayout({2, 128, 128}, tmem(128, 128, 1)),
            std::nullopt);
}

} // namespace
