//===- TensorMemoryLayouts.cpp - tensor memory as linear layouts ----------===//
//
// Layouts of tensor-memory buffers, and which register layouts tcgen05.ld/st
// messages move to and from them (the rule the tmem_load, tmem_store and
// tmem_alloc verifiers apply). Facts from the PTX ISA's tcgen05 "data path
// layout" and "matrix fragments" sections, as Triton 3.6 models them.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/TensorMemoryLayouts.h"

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia_gpu;

using Bases = std::vector<std::vector<int32_t>>;

//===----------------------------------------------------------------------===//
// Buffer layouts
//===----------------------------------------------------------------------===//

/// Appends the bases that repeat a tile of `tileSize` elements along one
/// dimension (coordinate `dim` of a 2-D basis) until it covers `size`.
static void appendRepeats(Bases &bases, int dim, int64_t tileSize,
                          int64_t size) {
  for (int64_t step = tileSize; step < size; step *= 2) {
    std::vector<int32_t> basis{0, 0};
    basis[dim] = step;
    bases.push_back(std::move(basis));
  }
}

/// The layout of `shape` in one CTA's tensor memory: blockM x blockN tiles,
/// each element taking `colStride` columns, repeated along the columns over
/// dim0 then dim1.
static LinearLayout tileLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                               unsigned blockM, unsigned blockN,
                               unsigned colStride) {
  StringAttr kRow = StringAttr::get(ctx, "row");
  StringAttr kCol = StringAttr::get(ctx, "col");
  SmallVector<StringAttr> dims = triton::gpu::standardOutDimNames(ctx, 2);
  int64_t tileN = std::min<int64_t>(blockN, shape[1]);
  Bases rows, cols;
  // An element spans colStride columns: the low column bits address nothing.
  for (unsigned i = 1; i < colStride; i *= 2)
    cols.push_back({0, 0});
  int64_t tileM = blockM, tileCols = tileN;
  if (blockM == 128) {
    for (int32_t r = 1; r < 128; r *= 2)
      rows.push_back({r, 0});
  } else {
    // blockM = 64: rows 0-15 of each warp's quarter hold the tile; row 16 of
    // a quarter holds the next 64 rows, else the next blockN columns, else
    // nothing.
    for (int32_t r = 1; r < 16; r *= 2)
      rows.push_back({r, 0});
    if (shape[0] > 64) {
      rows.push_back({64, 0});
      tileM = 128;
    } else if (shape[1] > tileN) {
      rows.push_back({0, static_cast<int32_t>(tileN)});
      tileCols = 2 * tileN;
    } else {
      rows.push_back({0, 0});
    }
    rows.push_back({16, 0});
    rows.push_back({32, 0});
  }
  for (int32_t c = 1; c < tileN; c *= 2)
    cols.push_back({0, c});
  appendRepeats(cols, 0, tileM, shape[0]);
  appendRepeats(cols, 1, tileCols, shape[1]);
  LinearLayout layout({{kRow, rows}, {kCol, cols}},
                      {{dims[0], std::max<int64_t>(tileM, shape[0])},
                       {dims[1], std::max<int64_t>(tileCols, shape[1])}},
                      /*requireSurjective=*/false);
  // A tile larger than the tensor holds nothing in its excess.
  return layout.resizeOutDim(dims[0], shape[0]).resizeOutDim(dims[1], shape[1]);
}

/// `layout` (of `perCTA` elements along `dim`) split over `split` CTAs
/// along `dim`: column bases that step through the CTAs, as tensor-memory
/// encodings split a tensor over a CGA (the CTA order is [0, 1]).
static LinearLayout splitOverCTAs(const LinearLayout &layout, int dim,
                                  unsigned split, int64_t perCTA) {
  LinearLayout::BasesT bases = layout.getBases();
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  appendRepeats(bases[StringAttr::get(ctx, "col")], dim, perCTA,
                perCTA * split);
  SmallVector<std::pair<StringAttr, int32_t>> outDims = layout.getOutDims();
  outDims[dim].second *= split;
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

static std::optional<LinearLayout>
tensorMemoryLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                   TensorMemoryEncodingAttr enc) {
  unsigned splitM = enc.getCTASplitM(), splitN = enc.getCTASplitN();
  if (shape[0] % splitM || shape[1] % splitN)
    return std::nullopt;
  unsigned blockM = enc.getBlockM();
  bool m64TwoCTAs = blockM == 64 && enc.getTwoCTAs() && splitM > 1;
  if (m64TwoCTAs) {
    // Two CTAs sharing a 128-row MMA lay blockM = 64 out as a 128-row tile
    // split over them, with the last row and column bits exchanged.
    blockM *= 2;
    splitM /= 2;
  }
  SmallVector<int64_t> perCTA{shape[0] / splitM, shape[1] / enc.getCTASplitN()};
  if (perCTA[0] < 1 || perCTA[1] < 1)
    return std::nullopt;
  LinearLayout layout =
      tileLayout(ctx, perCTA, blockM, enc.getBlockN(), enc.getColStride());
  layout = splitOverCTAs(layout, 0, splitM, perCTA[0]);
  if (m64TwoCTAs) {
    LinearLayout::BasesT bases = layout.getBases();
    auto &rows = bases[StringAttr::get(ctx, "row")];
    auto &cols = bases[StringAttr::get(ctx, "col")];
    std::swap(rows.back(), cols.back());
    layout = LinearLayout(std::move(bases), layout.getOutDims(),
                          /*requireSurjective=*/false);
  }
  return splitOverCTAs(layout, 1, splitN, perCTA[1]);
}

/// Block scales: 32 rows x 4 bytes per warp quarter, the quarters holding
/// the same values, then 32 more rows in the next column.
static LinearLayout scalesLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                 TensorMemoryScalesEncodingAttr enc) {
  StringAttr kRow = StringAttr::get(ctx, "row");
  StringAttr kCol = StringAttr::get(ctx, "col");
  SmallVector<StringAttr> dims = triton::gpu::standardOutDimNames(ctx, 2);
  unsigned splitM = enc.getCTASplitM(), splitN = enc.getCTASplitN();
  int64_t m = std::max<int64_t>(1, shape[0] / splitM);
  int64_t n = std::max<int64_t>(1, shape[1] / splitN);
  Bases rows{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 0}, {0, 0}};
  Bases cols{{0, 1}, {0, 2}, {32, 0}};
  int64_t tileM = std::max<int64_t>(64, llvm::PowerOf2Ceil(m));
  int64_t tileN = std::max<int64_t>(4, llvm::PowerOf2Ceil(n));
  appendRepeats(cols, 0, 64, tileM);
  appendRepeats(cols, 1, 4, tileN);
  LinearLayout layout({{kRow, rows}, {kCol, cols}},
                      {{dims[0], tileM}, {dims[1], tileN}},
                      /*requireSurjective=*/false);
  layout = layout.resizeOutDim(dims[0], m).resizeOutDim(dims[1], n);
  layout = splitOverCTAs(layout, 0, splitM, m);
  return splitOverCTAs(layout, 1, splitN, n);
}

std::optional<LinearLayout>
mlir::triton::nvidia_gpu::tensorMemoryToLinearLayout(ArrayRef<int64_t> shape,
                                                     Attribute encoding) {
  if (shape.size() != 2 || !encoding || llvm::any_of(shape, [](int64_t size) {
        return size < 1 || !llvm::isPowerOf2_64(size);
      }))
    return std::nullopt;
  MLIRContext *ctx = encoding.getContext();
  if (auto tmem = dyn_cast<TensorMemoryEncodingAttr>(encoding))
    return tensorMemoryLayout(ctx, shape, tmem);
  if (auto scales = dyn_cast<TensorMemoryScalesEncodingAttr>(encoding))
    return scalesLayout(ctx, shape, scales);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Which register layouts messages move
//===----------------------------------------------------------------------===//

namespace {
/// Names of the dimensions used below.
struct Dims {
  explicit Dims(MLIRContext *ctx)
      : reg(StringAttr::get(ctx, "register")),
        lane(StringAttr::get(ctx, "lane")), warp(StringAttr::get(ctx, "warp")),
        block(StringAttr::get(ctx, "block")), row(StringAttr::get(ctx, "row")),
        col(StringAttr::get(ctx, "col")) {}
  StringAttr reg, lane, warp, block, row, col;
};
} // namespace

/// `a` = `b` * q, solved for q: `b`'s bases lead those of each of its input
/// dimensions in `a`, and every other basis of `a` is a multiple of `b`'s
/// output sizes (q's coordinates are the quotients). Output dimensions of `a`
/// that `b` lacks count as size 1 in `b`.
static std::optional<LinearLayout> divideLeft(const LinearLayout &a,
                                              const LinearLayout &b) {
  SmallVector<StringAttr> outs = llvm::to_vector(a.getOutDimNames());
  SmallVector<int32_t> divisors;
  for (StringAttr out : outs)
    divisors.push_back(b.hasOutDim(out) ? b.getOutDimSize(out) : 1);
  for (StringAttr out : b.getOutDimNames())
    if (!a.hasOutDim(out))
      return std::nullopt;
  LinearLayout::BasesT quotient;
  for (const auto &[inDim, aBases] : a.getBases()) {
    size_t lead = b.hasInDim(inDim) ? b.getBases().lookup(inDim).size() : 0;
    if (aBases.size() < lead)
      return std::nullopt;
    for (size_t i = 0; i < lead; ++i)
      for (auto [j, out] : llvm::enumerate(outs)) {
        int32_t expected = b.hasOutDim(out) ? b.getBasis(inDim, i, out) : 0;
        if (aBases[i][j] != expected)
          return std::nullopt;
      }
    Bases rest;
    for (size_t i = lead; i < aBases.size(); ++i) {
      std::vector<int32_t> basis;
      for (auto [j, divisor] : llvm::enumerate(divisors)) {
        if (aBases[i][j] % divisor)
          return std::nullopt;
        basis.push_back(aBases[i][j] / divisor);
      }
      rest.push_back(std::move(basis));
    }
    quotient.insert({inDim, std::move(rest)});
  }
  for (StringAttr inDim : b.getInDimNames())
    if (!a.hasInDim(inDim) && b.getInDimSize(inDim) > 1)
      return std::nullopt;
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [out, divisor] : llvm::zip(outs, divisors))
    outDims.push_back({out, std::max(1, a.getOutDimSize(out) / divisor)});
  return LinearLayout(std::move(quotient), outDims,
                      /*requireSurjective=*/false);
}

/// `layout` with its column coordinates (and size) multiplied by `factor`.
static LinearLayout scaleColumns(const LinearLayout &layout, int32_t factor,
                                 const Dims &d) {
  int32_t colIndex = layout.getOutDimIndex(d.col);
  LinearLayout::BasesT bases = layout.getBases();
  for (auto &[inDim, inDimBases] : bases)
    for (std::vector<int32_t> &basis : inDimBases)
      basis[colIndex] *= factor;
  SmallVector<std::pair<StringAttr, int32_t>> outDims = layout.getOutDims();
  outDims[colIndex].second *= factor;
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}

/// What one warpgroup's message reaches: (register, lane, warp) to (row,
/// col) of 32-bit columns, for warps 0-3. `unpacked` doubles the columns
/// (16-bit elements one to a column, modelled as two columns each).
static LinearLayout messageLayout(TMemMessage message, bool unpacked,
                                  const Dims &d) {
  Bases regs, lanes;
  switch (message) {
  case TMemMessage::M32x32b:
    lanes = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
    break;
  case TMemMessage::M16x32bx2:
    lanes = {{1, 0}, {2, 0}, {4, 0}, {8, 0}};
    break;
  case TMemMessage::M16x64b:
    lanes = {{8, 0}, {0, 1}, {1, 0}, {2, 0}, {4, 0}};
    break;
  case TMemMessage::M16x128b:
    regs = {{8, 0}};
    lanes = {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}};
    break;
  case TMemMessage::M16x256b:
    regs = {{0, 1}, {8, 0}};
    lanes = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
    break;
  }
  Bases warps{{32, 0}, {64, 0}};
  int32_t cols = 1;
  for (const Bases *bases : {&regs, &lanes})
    for (const std::vector<int32_t> &basis : *bases)
      cols = std::max(cols, 2 * basis[1]);
  LinearLayout layout({{d.reg, regs}, {d.lane, lanes}, {d.warp, warps}},
                      {{d.row, 128}, {d.col, cols}},
                      /*requireSurjective=*/false);
  return unpacked ? scaleColumns(layout, 2, d) : layout;
}

/// Whether repeating `message` along registers and warps gives `cvt`
/// (register, lane, warp) -> (row, col): each of the message's register
/// bases is one of cvt's, its lane and warp bases lead cvt's (for 16x32bx2
/// the last lane picks the second half and is free), and the remaining
/// bases step to addresses the message does not touch, so that every
/// repetition is the message at an offset.
static bool isRepeatedMessage(const LinearLayout &cvt,
                              const LinearLayout &message, const Dims &d) {
  int32_t rowIndex = cvt.getOutDimIndex(d.row);
  int32_t colIndex = cvt.getOutDimIndex(d.col);
  auto toRowCol = [&](const LinearLayout &layout, StringAttr inDim,
                      int32_t pos) {
    return std::make_pair(layout.getBasis(inDim, pos, d.row),
                          layout.getBasis(inDim, pos, d.col));
  };
  int32_t rowMask = 0, colMask = 0;
  for (StringAttr inDim : message.getInDimNames())
    for (int32_t i = 0, e = message.getInDimSizeLog2(inDim); i < e; ++i) {
      auto [row, col] = toRowCol(message, inDim, i);
      rowMask |= row;
      colMask |= col;
    }
  SmallVector<std::pair<int32_t, int32_t>> repeats;
  // Registers: the message's, in any order, then repeats.
  const Bases &regs = cvt.getBases().lookup(d.reg);
  SmallVector<bool> used(regs.size(), false);
  for (int32_t i = 0, e = message.getInDimSizeLog2(d.reg); i < e; ++i) {
    auto wanted = toRowCol(message, d.reg, i);
    bool found = false;
    for (auto [j, basis] : llvm::enumerate(regs)) {
      if (used[j] || basis[rowIndex] != wanted.first ||
          basis[colIndex] != wanted.second)
        continue;
      used[j] = found = true;
      break;
    }
    if (!found)
      return false;
  }
  for (auto [j, basis] : llvm::enumerate(regs))
    if (!used[j])
      repeats.push_back({basis[rowIndex], basis[colIndex]});
  // Lanes and warps: the message's first, then repeats.
  for (StringAttr inDim : {d.lane, d.warp}) {
    int32_t have = cvt.getInDimSizeLog2(inDim);
    int32_t want = message.getInDimSizeLog2(inDim);
    if (have < want)
      return false;
    for (int32_t i = 0; i < want; ++i)
      if (toRowCol(cvt, inDim, i) != toRowCol(message, inDim, i))
        return false;
    for (int32_t i = want; i < have; ++i)
      repeats.push_back(toRowCol(cvt, inDim, i));
  }
  return llvm::all_of(repeats, [&](std::pair<int32_t, int32_t> step) {
    return (step.first & rowMask) == 0 && (step.second & colMask) == 0;
  });
}

/// Finds the message moving `cvt` (register, lane, warp) -> (row, col),
/// whose columns hold `bitWidth`-bit values; sub-32-bit values are first
/// packed (consecutive registers along the columns) or unpacked.
static FailureOr<TMemMessage> findMessage(const LinearLayout &cvt,
                                          unsigned bitWidth, bool unpacked,
                                          const Dims &d, std::string *whyNot) {
  if (bitWidth < 32) {
    std::optional<LinearLayout> packed;
    unsigned contig = 1;
    for (unsigned c = 2; bitWidth * c <= 32; c *= 2) {
      std::optional<LinearLayout> q =
          divideLeft(cvt, LinearLayout::identity1D(c, d.reg, d.col));
      if (!q)
        break;
      packed = std::move(q);
      contig = c;
    }
    if (packed)
      return findMessage(*packed, bitWidth * contig, /*unpacked=*/false, d,
                         whyNot);
    // 16-bit values one to a 32-bit column: the first register steps two
    // columns.
    if (bitWidth == 16) {
      LinearLayout oneToAColumn({{d.reg, {{2}}}}, {{d.col, 4}},
                                /*requireSurjective=*/false);
      if (std::optional<LinearLayout> q = divideLeft(cvt, oneToAColumn))
        return findMessage(scaleColumns(*q, 2, d), 32, /*unpacked=*/true, d,
                           whyNot);
    }
    // Values padded to 32 bits, one per register.
    LinearLayout padded({{d.reg, Bases{}}}, {{d.col, int32_t(32 / bitWidth)}},
                        /*requireSurjective=*/false);
    if (std::optional<LinearLayout> q = divideLeft(cvt, padded)) {
      bool unpack = bitWidth == 16;
      return findMessage(unpack ? scaleColumns(*q, 2, d) : *q, 32, unpack, d,
                         whyNot);
    }
    if (whyNot)
      llvm::raw_string_ostream(*whyNot)
          << "the " << bitWidth
          << "-bit values of a 32-bit tensor-memory column are neither in "
             "consecutive registers (packed) nor one to a register";
    return failure();
  }
  for (TMemMessage message :
       {TMemMessage::M32x32b, TMemMessage::M16x256b, TMemMessage::M16x64b,
        TMemMessage::M16x128b, TMemMessage::M16x32bx2})
    if (isRepeatedMessage(cvt, messageLayout(message, unpacked, d), d))
      return message;
  if (whyNot)
    llvm::raw_string_ostream(*whyNot)
        << "no tcgen05.ld/st message (32x32b, 16x64b, 16x128b, 16x256b, "
           "16x32bx2) repeated over registers and warps gives this layout, "
           "which maps register, lane and warp to tensor memory (row, col) "
           "as "
        << cvt.toString();
  return failure();
}

FailureOr<TMemMessage>
mlir::triton::nvidia_gpu::getTMemLdStMessage(RankedTensorType regType,
                                             triton::gpu::MemDescType memType,
                                             std::string *whyNot) {
  auto fail = [&](auto &&...message) -> FailureOr<TMemMessage> {
    if (whyNot) {
      llvm::raw_string_ostream os(*whyNot);
      (os << ... << message);
    }
    return failure();
  };
  MLIRContext *ctx = regType.getContext();
  Dims d(ctx);
  std::optional<LinearLayout> regLayout =
      triton::gpu::toLinearLayout(regType.getShape(), regType.getEncoding());
  if (!regLayout || !regLayout->hasInDim(d.lane))
    return fail("the register layout ", regType.getEncoding(),
                " is not a distributed layout");
  ArrayRef<int64_t> bufferShape = memType.getAllocShape().take_back(2);
  std::optional<LinearLayout> memLayout =
      tensorMemoryToLinearLayout(bufferShape, memType.getEncoding());
  if (!memLayout)
    return fail("no tensor-memory layout for a ", bufferShape[0], "x",
                bufferShape[1], " buffer with encoding ",
                memType.getEncoding());
  if (regLayout->getInDimSizeLog2(d.warp) < 2)
    return fail("tensor memory is read and written by whole warpgroups: the "
                "register layout needs at least 4 warps");
  // Warps 0-3 can only reach their own quarter of the rows.
  if (regLayout->getBasis(d.warp, 0) != memLayout->getBasis(d.row, 5) ||
      regLayout->getBasis(d.warp, 1) != memLayout->getBasis(d.row, 6))
    return fail("warps 1 and 2 of the register layout must hold the "
                "elements of rows 32 and 64 of tensor memory");
  std::optional<LinearLayout> cvt = regLayout->invertAndCompose(*memLayout);
  if (!cvt)
    return fail("the register layout holds elements outside the "
                "tensor-memory buffer");
  LinearLayout::BasesT bases = cvt->getBases();
  int32_t rowIndex = cvt->getOutDimIndex(d.row);
  int32_t colIndex = cvt->getOutDimIndex(d.col);
  // A broadcast over warps 0-3 still has each warp use its own rows.
  for (int32_t i = 0; i < 2; ++i) {
    std::vector<int32_t> basis(2, 0);
    basis[rowIndex] = 32 << i;
    bases[d.warp][i] = std::move(basis);
  }
  // CTAs of a cluster each move their own part; registers that repeat a
  // value need not be moved twice.
  bases.erase(d.block);
  llvm::erase_if(bases[d.reg], [&](const std::vector<int32_t> &basis) {
    return basis[rowIndex] == 0 && basis[colIndex] == 0;
  });
  LinearLayout threads(std::move(bases), cvt->getOutDims(),
                       /*requireSurjective=*/false);
  return findMessage(threads, memType.getElementTypeBitWidth(),
                     /*unpacked=*/false, d, whyNot);
}

std::optional<triton::gpu::LinearEncodingAttr>
mlir::triton::nvidia_gpu::getTMem32x32bLayout(triton::gpu::MemDescType memType,
                                              unsigned numWarps) {
  if (numWarps < 4 || !llvm::isPowerOf2_32(numWarps) || memType.getRank() != 2)
    return std::nullopt;
  MLIRContext *ctx = memType.getContext();
  Dims d(ctx);
  std::optional<LinearLayout> memLayout =
      tensorMemoryToLinearLayout(memType.getShape(), memType.getEncoding());
  if (!memLayout)
    return std::nullopt;
  int32_t colsLog2 = memLayout->getInDimSizeLog2(d.col);
  int32_t extraWarpsLog2 = llvm::Log2_32(numWarps / 4);
  int32_t warpColsLog2 = std::min(colsLog2, extraWarpsLog2);
  int32_t regColsLog2 = colsLog2 - warpColsLog2;
  Bases regs, lanes{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}},
      warps{{32, 0}, {64, 0}};
  for (int32_t i = 0; i < regColsLog2; ++i)
    regs.push_back({0, 1 << i});
  for (int32_t i = 0; i < extraWarpsLog2; ++i)
    warps.push_back(i < warpColsLog2
                        ? std::vector<int32_t>{0, 1 << (regColsLog2 + i)}
                        : std::vector<int32_t>{0, 0});
  LinearLayout threads({{d.reg, regs}, {d.lane, lanes}, {d.warp, warps}},
                       {{d.row, 128}, {d.col, 1 << colsLog2}},
                       /*requireSurjective=*/false);
  LinearLayout layout = threads.compose(*memLayout);
  // Registers that would repeat a value (unused columns) are dropped.
  auto flatten = [&](StringAttr inDim, bool dropZeros) {
    SmallVector<int32_t> flat;
    for (const std::vector<int32_t> &basis : layout.getBases().lookup(inDim)) {
      if (dropZeros && llvm::all_of(basis, [](int32_t c) { return c == 0; }))
        continue;
      flat.append(basis.begin(), basis.end());
    }
    return flat;
  };
  return triton::gpu::LinearEncodingAttr::get(ctx, 2, flatten(d.reg, true),
                                              flatten(d.lane, false),
                                              flatten(d.warp, false), {});
}

std::optional<triton::gpu::LinearEncodingAttr>
mlir::triton::nvidia_gpu::getTMemScalesStoreLayout(RankedTensorType type,
                                                   unsigned numWarps) {
  if (type.getRank() != 2 || (numWarps != 4 && numWarps != 8))
    return std::nullopt;
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  // A basis past the tensor's extent repeats a value instead.
  auto basis = [&](int64_t row, int64_t col) {
    if (row >= rows || col >= cols)
      return std::vector<int32_t>{0, 0};
    return std::vector<int32_t>{static_cast<int32_t>(row),
                                static_cast<int32_t>(col)};
  };
  Bases regs{basis(0, 1), basis(0, 2)}, lanes, warps{{0, 0}, {0, 0}};
  for (int64_t row = 1; row < 32; row *= 2)
    lanes.push_back(basis(row, 0));
  for (int64_t row = 32; row < rows; row *= 2)
    regs.push_back(basis(row, 0));
  for (int64_t col = 4; col < cols; col *= 2)
    regs.push_back(basis(0, col));
  if (numWarps == 8) {
    warps.push_back(regs.back());
    regs.pop_back();
  }
  auto flatten = [](const Bases &bases) {
    SmallVector<int32_t> flat;
    for (const std::vector<int32_t> &b : bases)
      flat.append(b.begin(), b.end());
    return flat;
  };
  return triton::gpu::LinearEncodingAttr::get(
      type.getContext(), 2, flatten(regs), flatten(lanes), flatten(warps), {});
}

std::optional<triton::gpu::LinearEncodingAttr>
mlir::triton::nvidia_gpu::getTMemCompatibleLayout(
    RankedTensorType type, TensorMemoryEncodingAttr encoding,
    unsigned numWarps) {
  if (type.getRank() != 2 || (numWarps != 4 && numWarps != 8))
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned blockM = encoding.getBlockM(), blockN = encoding.getBlockN();
  unsigned warpGroups = numWarps / 4;
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA;
  if (blockM == 64) {
    threadsPerWarp = {16, 2};
    unsigned blocksM = std::max<int64_t>(1, shape[0] / blockM);
    unsigned blocksN = std::max<int64_t>(1, shape[1] / blockN);
    if (blocksM * blocksN == 1) {
      sizePerThread = {1, std::max(1u, blockN / (2 * warpGroups))};
      warpsPerCTA = {4, warpGroups};
    } else {
      // Warpgroups go to blocks along M first, the rest along N.
      unsigned groupsM = std::min(blocksM, warpGroups);
      sizePerThread = {1, std::max(1u, blockN / 2)};
      warpsPerCTA = {4 * groupsM, llvm::divideCeil(warpGroups, groupsM)};
    }
  } else {
    threadsPerWarp = {32, 1};
    if (shape[0] > 128) {
      sizePerThread = {1, blockN};
      warpsPerCTA = {numWarps, 1};
    } else {
      sizePerThread = {1, llvm::divideCeil(blockN, warpGroups)};
      warpsPerCTA = {4, warpGroups};
    }
  }
  auto blocked = triton::gpu::BlockedEncodingAttr::get(
      type.getContext(), sizePerThread, threadsPerWarp, warpsPerCTA,
      /*order=*/{0, 1}, /*cgaBases=*/{});
  std::optional<LinearLayout> layout =
      triton::gpu::toLinearLayout(shape, blocked);
  if (!layout)
    return std::nullopt;
  return triton::gpu::linearEncodingFrom(*layout);
}
