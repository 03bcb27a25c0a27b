//===- ScratchPlanTest.cpp - convert_layout's scratch plan, simulated -----===//
//
// planScratch decides where each element of a layout conversion sits in the
// shared-memory scratch: vectors, rounds, bank swizzle, ldmatrix loads. These
// tests run the plan for every thread of the CTA on the host: each round's
// stores (one per source register vector) must not collide and must stay in
// the scratch, and each destination register's load (a vector, or its part
// of an ldmatrix as PTX defines it) must find the element that register
// holds. Layout pairs are those of real kernels' epilogues and transposes.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

class ScratchPlanTest : public ::testing::Test {
protected:
  ScratchPlanTest() {
    ctx.loadDialect<TritonDialect, TritonGPUDialect>();
  }

  RankedTensorType tensor(const std::string &text) {
    Type t = parseType(text, &ctx);
    EXPECT_TRUE(t) << text;
    return cast<RankedTensorType>(t);
  }

  /// The outputs of `l` at (register, lane, warp), block 0.
  SmallVector<int32_t> coords(const LinearLayout &l, int reg, int lane,
                              int warp) {
    SmallVector<std::pair<StringAttr, int32_t>> ins;
    for (StringAttr dim : l.getInDimNames()) {
      StringRef n = dim.getValue();
      ins.push_back({dim, n == "register" ? reg
                          : n == "lane"   ? lane
                          : n == "warp"   ? warp
                                          : 0});
    }
    SmallVector<int32_t> out;
    for (auto [name, v] : l.apply(ins))
      out.push_back(v);
    return out;
  }

  /// The offset an offsets layout gives (register, lane, warp).
  int32_t apply(const LinearLayout &l, int reg, int lane, int warp) {
    return coords(l, reg, lane, warp)[0];
  }

  /// Both layouts of a conversion and its plan.
  struct Planned {
    LinearLayout src, dst;
    ScratchPlan plan;
  };
  Planned plan(const std::string &srcText, const std::string &dstText,
               unsigned bytes) {
    RankedTensorType srcTy = tensor(srcText), dstTy = tensor(dstText);
    LinearLayout src = *getLayout(srcTy), dst = *getLayout(dstTy);
    ScratchPlan scratch = planScratch(src, dst, srcTy.getShape(), bytes);
    return {std::move(src), std::move(dst), std::move(scratch)};
  }

  static int roundOf(int r, ArrayRef<int> bits) {
    int k = 0;
    for (auto [i, bit] : llvm::enumerate(bits))
      if (r >> bit & 1)
        k |= 1 << i;
    return k;
  }

  /// Simulates the conversion `src` -> `dst` through the plan; returns it.
  ScratchPlan simulate(const std::string &srcText, const std::string &dstText,
                       unsigned bytes) {
    Planned planned = plan(srcText, dstText, bytes);
    const LinearLayout &src = planned.src, &dst = planned.dst;
    const ScratchPlan &plan = planned.plan;
    StringAttr reg = StringAttr::get(&ctx, "register"),
               lane = StringAttr::get(&ctx, "lane"),
               warp = StringAttr::get(&ctx, "warp");
    int srcRegs = src.getInDimSize(reg), dstRegs = dst.getInDimSize(reg);
    int lanes = src.getInDimSize(lane), warps = src.getInDimSize(warp);
    int rounds = 1 << plan.srcRoundBits.size();
    EXPECT_EQ(plan.srcRoundBits.size(), plan.dstRoundBits.size());
    int64_t scratch = int64_t(1) << plan.offsetBits;
    // Element i of each side's vector sits i elements after its first, which
    // starts at a multiple of the vector.
    auto expectVectors = [&](const LinearLayout &offsets, int regs,
                             ArrayRef<int> vecBits, int vec) {
      EXPECT_EQ(vec, 1 << vecBits.size());
      for (int w = 0; w < warps; ++w)
        for (int l = 0; l < lanes; ++l)
          for (int r = 0; r < regs; ++r) {
            if (llvm::any_of(vecBits, [&](int b) { return r >> b & 1; }))
              continue;
            int32_t first = apply(offsets, r, l, w);
            EXPECT_EQ(first % vec, 0) << "register " << r;
            for (int i = 1; i < vec; ++i) {
              int member = r;
              for (auto [k, bit] : llvm::enumerate(vecBits))
                if (i >> k & 1)
                  member |= 1 << bit;
              EXPECT_EQ(apply(offsets, member, l, w), first + i)
                  << "element " << i << " of register " << r << "'s vector";
            }
          }
    };
    expectVectors(plan.srcOffsets, srcRegs, plan.srcVecBits, plan.srcVec);
    if (!plan.ldmatrix)
      expectVectors(plan.dstOffsets, dstRegs, plan.dstVecBits, plan.dstVec);
    for (int round = 0; round < rounds; ++round) {
      std::map<int32_t, SmallVector<int32_t>> memory;
      for (int w = 0; w < warps; ++w)
        for (int l = 0; l < lanes; ++l)
          for (int r = 0; r < srcRegs; ++r) {
            if (roundOf(r, plan.srcRoundBits) != round)
              continue;
            int32_t off = apply(plan.srcOffsets, r, l, w);
            EXPECT_LT(off, scratch);
            SmallVector<int32_t> c = coords(src, r, l, w);
            auto [it, inserted] = memory.insert({off, c});
            EXPECT_TRUE(inserted || it->second == c)
                << "two elements at offset " << off << " in round " << round;
          }
      auto expectAt = [&](int32_t off, int r, int l, int w) {
        auto it = memory.find(off);
        ASSERT_NE(it, memory.end())
            << "register " << r << " of lane " << l << " warp " << w
            << " reads offset " << off << ", never stored";
        EXPECT_EQ(it->second, coords(dst, r, l, w))
            << "register " << r << " of lane " << l << " warp " << w;
      };
      if (!plan.ldmatrix) {
        for (int w = 0; w < warps; ++w)
          for (int l = 0; l < lanes; ++l)
            for (int r = 0; r < dstRegs; ++r)
              if (roundOf(r, plan.dstRoundBits) == round)
                expectAt(apply(plan.dstOffsets, r, l, w), r, l, w);
        continue;
      }
      // ldmatrix as PTX defines it: lane 8m+i gives the address of row i of
      // matrix m; lane t gets, of each matrix, the 32-bit word at row t/4,
      // word t%4 (transposed: halves of rows 2(t%4) and 2(t%4)+1, column
      // t/4).
      const LdMatrixPlan &ld = *plan.ldmatrix;
      int covered = (1 << ld.wordBits) - 1;
      for (int bit : ld.matrixRegBits)
        covered |= 1 << bit;
      int perWord = 1 << ld.wordBits;
      for (int w = 0; w < warps; ++w)
        for (int r = 0; r < dstRegs; ++r) {
          if ((r & covered) || roundOf(r, plan.dstRoundBits) != round)
            continue;
          int32_t regPart = apply(plan.dstOffsets, r, 0, 0) ^
                            apply(plan.dstOffsets, 0, 0, 0);
          SmallVector<int32_t> rowAddr(32);
          for (int t = 0; t < 32; ++t)
            rowAddr[t] = apply(ld.rowOffsets, 0, t, w) ^ regPart;
          for (int t = 0; t < 32; ++t)
            for (int m = 0; m < ld.num; ++m) {
              int matrixReg = r;
              for (auto [k, bit] : llvm::enumerate(ld.matrixRegBits))
                if (m >> k & 1)
                  matrixReg |= 1 << bit;
              for (int e = 0; e < perWord; ++e) {
                int32_t off =
                    ld.trans ? rowAddr[8 * m + 2 * (t % 4) + e] + t / 4
                             : rowAddr[8 * m + t / 4] + perWord * (t % 4) + e;
                expectAt(off, matrixReg | e, t, w);
              }
            }
        }
    }
    return plan;
  }

  /// Shared-memory wavefronts of the plan's accesses per warp, stores and
  /// loads: a wavefront serves 128 bytes of distinct banks; an access of
  /// `bytes` per lane takes at least 32 * bytes / 128 of them.
  std::pair<int64_t, int64_t> wavefronts(const std::string &srcText,
                                         const std::string &dstText,
                                         unsigned bytes) {
    Planned planned = plan(srcText, dstText, bytes);
    const LinearLayout &src = planned.src, &dst = planned.dst;
    const ScratchPlan &plan = planned.plan;
    StringAttr reg = StringAttr::get(&ctx, "register");
    auto count = [&](const LinearLayout &offsets, int regs, ArrayRef<int> vecBits,
                     int vecBytes) {
      int64_t total = 0;
      for (int r = 0; r < regs; ++r) {
        bool base = llvm::none_of(vecBits, [&](int b) { return r >> b & 1; });
        if (!base)
          continue;
        // Lanes in groups that fit one wavefront (128 bytes), each group's
        // wavefronts the most lanes sharing one bank with different
        // addresses.
        int perPhase = std::max(1, 128 / vecBytes);
        for (int first = 0; first < 32; first += perPhase) {
          std::map<int, std::set<int64_t>> banks;
          for (int l = first; l < first + perPhase; ++l) {
            int64_t addr = int64_t(apply(offsets, r, l, 0)) * bytes;
            for (int w = 0; w < std::max(1, vecBytes / 4); ++w)
              banks[((addr / 4) + w) % 32].insert(addr / 4 + w);
          }
          size_t worst = 1;
          for (auto &[bank, words] : banks)
            worst = std::max(worst, words.size());
          total += worst;
        }
      }
      return total;
    };
    int64_t stores = count(plan.srcOffsets, src.getInDimSize(reg),
                           plan.srcVecBits, plan.srcVec * bytes);
    int64_t loads =
        plan.ldmatrix ? -1
                      : count(plan.dstOffsets, dst.getInDimSize(reg),
                              plan.dstVecBits, plan.dstVec * bytes);
    return {stores, loads};
  }

  MLIRContext ctx;
};

// An fp16 wgmma accumulator (8 warps, 128x256) stored by a layout of 8
// columns a thread: 16-byte stores, ldmatrix loads, two rounds (the rows
// 8 apart both layouts hold in registers) as upstream's.
TEST_F(ScratchPlanTest, WgmmaF16ToBlockedUsesLdMatrixAndRounds) {
  ScratchPlan plan = simulate(
      "tensor<128x256xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = "
      "0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>",
      "tensor<128x256xf16, #ttg.blocked<{sizePerThread = [1, 8], "
      "threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>>",
      2);
  EXPECT_TRUE(plan.ldmatrix.has_value());
  EXPECT_EQ(plan.srcVec, 8);
  EXPECT_EQ(plan.srcRoundBits.size(), 1u);
  EXPECT_EQ(plan.offsetBits, 14);
}

// An f32 wgmma accumulator to a layout of 4 columns a thread: 16-byte
// vectors both ways, one round.
TEST_F(ScratchPlanTest, WgmmaF32ToBlocked) {
  ScratchPlan plan = simulate(
      "tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = "
      "0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>",
      "tensor<128x256xf32, #ttg.blocked<{sizePerThread = [1, 4], "
      "threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>",
      4);
  EXPECT_FALSE(plan.ldmatrix.has_value());
  EXPECT_EQ(plan.srcVec, 4);
  EXPECT_EQ(plan.dstVec, 4);
}

// An mma.sync i32 accumulator (warps 2x4): the M repetitions both layouts
// hold in registers make four rounds of 32 KB, as upstream's.
TEST_F(ScratchPlanTest, MmaV2ToBlockedInRounds) {
  ScratchPlan plan = simulate(
      "tensor<128x256xi32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = "
      "0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>>",
      "tensor<128x256xi32, #ttg.blocked<{sizePerThread = [1, 4], "
      "threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>",
      4);
  EXPECT_EQ(plan.srcRoundBits.size(), 2u);
  EXPECT_EQ((int64_t(1) << plan.offsetBits) * 4, 32 * 1024);
}

TEST_F(ScratchPlanTest, MmaV2F16ToBlocked) {
  simulate("tensor<128x256xf16, #ttg.nvidia_mma<{versionMajor = 2, "
           "versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>>",
           "tensor<128x256xf16, #ttg.blocked<{sizePerThread = [1, 8], "
           "threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>>",
           2);
}

// Transposes between row- and column-major blocked layouts, of 4-, 2- and
// 1-byte elements, and to an mma.sync operand.
TEST_F(ScratchPlanTest, BlockedTransposes) {
  const char *rowMajor =
      "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
      "warpsPerCTA = [4, 1], order = [1, 0]}>";
  const char *colMajor =
      "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], "
      "warpsPerCTA = [1, 4], order = [0, 1]}>";
  for (auto [elt, bytes] : {std::pair{"f32", 4u}, std::pair{"f16", 2u},
                            std::pair{"i8", 1u}}) {
    std::string a = std::string("tensor<64x64x") + elt + ", " + rowMajor + ">";
    std::string b = std::string("tensor<64x64x") + elt + ", " + colMajor + ">";
    simulate(a, b, bytes);
    simulate(b, a, bytes);
  }
  simulate("tensor<64x32xf16, #ttg.blocked<{sizePerThread = [1, 8], "
           "threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>",
           "tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = "
           "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA "
           "= [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>",
           2);
}

// Broadcast registers and lanes (a slice's copies) store once, load
// everywhere.
TEST_F(ScratchPlanTest, SlicesAndBroadcasts) {
  simulate("tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{"
           "sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = "
           "[4, 1], order = [1, 0]}>}>>",
           "tensor<64xf32, #ttg.blocked<{sizePerThread = [2], threadsPerWarp "
           "= [32], warpsPerCTA = [4], order = [0]}>>",
           4);
  simulate("tensor<16x128xf16, #ttg.blocked<{sizePerThread = [1, 1], "
           "threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>>",
           "tensor<16x128xf16, #ttg.blocked<{sizePerThread = [8, 1], "
           "threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>>",
           2);
}

} // namespace

// The epilogues of f32 wgmma and mma.sync accumulators store and load
// without bank conflicts: 32 lanes of 16 bytes take 4 wavefronts an access.
TEST_F(ScratchPlanTest, EpiloguesAreConflictFree) {
  auto [stores, loads] = wavefronts(
      "tensor<128x256xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = "
      "0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>>",
      "tensor<128x256xf32, #ttg.blocked<{sizePerThread = [1, 4], "
      "threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>>",
      4);
  // 128 registers a thread, 4 a vector: 32 accesses of 4 wavefronts.
  EXPECT_EQ(stores, 32 * 4);
  EXPECT_EQ(loads, 32 * 4);
}
