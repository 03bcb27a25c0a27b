//===- LinearLayoutConversions.cpp - encodings as linear layouts ----------===//
//
// Builds the linear layout of each ttg encoding for a given tensor shape.
// A distributed layout is first built for one CTA tile (registers, lanes,
// warps), then fitted to the shape: a tensor larger than the tile repeats it
// in registers, a smaller one broadcasts lanes and warps and drops the
// registers it cannot use; the CTAs of a cluster come last.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
using BasesT = LinearLayout::BasesT;

StringAttr name(MLIRContext *ctx, StringRef value) {
  return StringAttr::get(ctx, value);
}

/// The identity over `sizes`, dimensions taken in `order` (fastest first).
LinearLayout identityStandardND(StringAttr inDim, ArrayRef<unsigned> sizes,
                                ArrayRef<unsigned> order) {
  SmallVector<StringAttr> outs =
      standardOutDimNames(inDim.getContext(), sizes.size());
  LinearLayout result = LinearLayout::empty();
  for (unsigned dim : order)
    result *= LinearLayout::identity1D(sizes[dim], inDim, outs[dim]);
  return result;
}

/// Like identityStandardND, with dimension `zeroDim` broadcast: its inputs
/// all map to 0.
LinearLayout broadcastedStandardND(StringAttr inDim, ArrayRef<unsigned> sizes,
                                   ArrayRef<unsigned> order, unsigned zeroDim) {
  SmallVector<StringAttr> outs =
      standardOutDimNames(inDim.getContext(), sizes.size());
  LinearLayout result = LinearLayout::empty();
  for (unsigned dim : order)
    result *= dim == zeroDim
                  ? LinearLayout::zeros1D(sizes[dim], inDim, outs[dim])
                  : LinearLayout::identity1D(sizes[dim], inDim, outs[dim]);
  return result;
}

/// The smallest power of two above every coordinate of `dim` in `bases`.
int32_t coveringSize(ArrayRef<std::vector<int32_t>> bases, unsigned dim) {
  int32_t bits = 0;
  for (const std::vector<int32_t> &basis : bases)
    bits |= basis[dim];
  return bits == 0 ? 1 : static_cast<int32_t>(llvm::NextPowerOf2(bits));
}

/// Splits flattened rank-sized bases.
std::vector<std::vector<int32_t>> unflatten(ArrayRef<int32_t> flat,
                                            unsigned rank) {
  std::vector<std::vector<int32_t>> bases;
  for (size_t i = 0; rank && i < flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

/// A layout given directly by its bases, onto a tensor of `shape`.
LinearLayout fromBases(MLIRContext *ctx,
                       ArrayRef<std::pair<StringRef, ArrayRef<int32_t>>> dims,
                       ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  BasesT bases;
  for (auto [inDim, flat] : dims)
    bases[name(ctx, inDim)] = unflatten(flat, rank);
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [dim, size] : llvm::enumerate(standardOutDimNames(ctx, rank)))
    outs.push_back({size, static_cast<int32_t>(shape[dim])});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

/// The layout of the block dimension of a cluster.
LinearLayout makeCgaLayout(MLIRContext *ctx, ArrayRef<int32_t> cgaBases,
                           unsigned rank) {
  BasesT bases;
  bases[name(ctx, "block")] = unflatten(cgaBases, rank);
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [dim, outName] : llvm::enumerate(standardOutDimNames(ctx, rank)))
    outs.push_back({outName, coveringSize(bases.begin()->second, dim)});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

using ShapeMap = llvm::SmallDenseMap<StringAttr, int64_t>;

/// Repeats the layout in registers until each output dimension reaches the
/// shape, output dimensions taken in the layout's order.
LinearLayout ensureNotSmallerThan(LinearLayout layout, const ShapeMap &shape) {
  StringAttr kRegister =
      name(layout.getOutDimNames().begin()->getContext(), "register");
  SmallVector<StringAttr> outs(layout.getOutDimNames());
  for (StringAttr out : outs) {
    int64_t actual = layout.getOutDimSize(out);
    int64_t desired = shape.lookup(out);
    if (actual < desired)
      layout *= LinearLayout::identity1D(desired / actual, kRegister, out);
  }
  return layout;
}

/// Fits a layout that covers more than the shape: bases that leave the
/// tensor become 0, registers included (as upstream's legacy layouts, a
/// thread holds sizePerThread elements even where the tensor is narrower:
/// those registers repeat values).
LinearLayout ensureNotLargerThan(const LinearLayout &layout,
                                 const ShapeMap &shape) {
  BasesT bases = layout.getBases();
  SmallVector<StringAttr> outs(layout.getOutDimNames());
  SmallVector<std::pair<StringAttr, int32_t>> outSizes;
  for (auto [index, out] : llvm::enumerate(outs)) {
    int32_t desired = shape.lookup(out);
    int32_t actual = layout.getOutDimSize(out);
    outSizes.push_back({out, std::min(actual, desired)});
    if (actual <= desired)
      continue;
    for (auto &[inDim, inBases] : bases)
      for (std::vector<int32_t> &basis : inBases)
        if (basis[index] >= desired)
          basis[index] = 0;
  }
  return LinearLayout(std::move(bases), outSizes, /*requireSurjective=*/false);
}

/// Fits a CTA tile layout and the cluster's block layout to `shape`.
LinearLayout combineCtaCgaWithShape(LinearLayout ctaLayout,
                                    ArrayRef<int32_t> cgaBases,
                                    ArrayRef<int64_t> shape) {
  MLIRContext *ctx = ctaLayout.getOutDimNames().begin()->getContext();
  unsigned rank = shape.size();
  SmallVector<StringAttr> outs = standardOutDimNames(ctx, rank);
  ShapeMap labeled;
  for (auto [out, size] : llvm::zip(outs, shape))
    labeled[out] = size;
  SmallVector<StringAttr> ctaOrder(ctaLayout.getOutDimNames());
  LinearLayout cga =
      ensureNotLargerThan(makeCgaLayout(ctx, cgaBases, rank), labeled)
          .transposeOuts(ctaOrder);
  ShapeMap ctaShape;
  for (StringAttr out : ctaOrder)
    ctaShape[out] = std::max<int64_t>(1, labeled[out] / cga.getOutDimSize(out));
  ctaLayout = ensureNotSmallerThan(std::move(ctaLayout), ctaShape);
  ctaLayout = ensureNotLargerThan(ctaLayout, ctaShape);
  return (ctaLayout * cga).transposeOuts(outs);
}

/// Reorders the output dimensions of a 2-D (or batched) tile so that
/// repetitions go along `order` (fastest first).
LinearLayout withOutOrder(const LinearLayout &layout,
                          ArrayRef<unsigned> order) {
  SmallVector<StringAttr> outs = standardOutDimNames(
      layout.getOutDimNames().begin()->getContext(), order.size());
  SmallVector<StringAttr> ordered;
  for (unsigned dim : order)
    ordered.push_back(outs[dim]);
  return layout.transposeOuts(ordered);
}

/// The matrix order with the last dimension fastest, or the one before it.
SmallVector<unsigned> matrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order;
  for (int dim = rank - 1; dim >= 0; --dim)
    order.push_back(dim);
  if (!rowMajor && rank >= 2)
    std::swap(order[0], order[1]);
  return order;
}

/// One tile of an NVIDIA mma accumulator: 16 rows by `n` columns per warp.
/// Each thread holds pairs of columns (2t, 2t+1) in rows g and g+8, then the
/// next 8 columns; lane = 4g + t.
LinearLayout mmaAccumulatorTile(MLIRContext *ctx, unsigned rank, unsigned n) {
  auto basis = [&](int32_t row, int32_t col) {
    std::vector<int32_t> b(rank, 0);
    b[rank - 2] = row;
    b[rank - 1] = col;
    return b;
  };
  std::vector<std::vector<int32_t>> registers{basis(0, 1), basis(8, 0)};
  for (unsigned col = 8; col < n; col *= 2)
    registers.push_back(basis(0, col));
  BasesT bases;
  bases[name(ctx, "register")] = registers;
  bases[name(ctx, "lane")] = {basis(0, 2), basis(0, 4), basis(1, 0),
                              basis(2, 0), basis(4, 0)};
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [dim, out] : llvm::enumerate(standardOutDimNames(ctx, rank)))
    outs.push_back({out, dim == rank - 2   ? 16
                         : dim == rank - 1 ? int32_t(n)
                                           : 1});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

/// One tile of an mma operand held in registers: a 16 x 4*kWidth*2 block
/// of A (M x K), or its mirror for B (K x N) with rows and columns swapped.
/// A thread holds kWidth consecutive K values, in rows g and g+8 (A) and in
/// two K halves.
LinearLayout mmaOperandTile(MLIRContext *ctx, unsigned rank, unsigned opIdx,
                            unsigned kWidth) {
  bool isA = opIdx == 0;
  auto basis = [&](int32_t nonK, int32_t k) {
    std::vector<int32_t> b(rank, 0);
    b[isA ? rank - 2 : rank - 1] = nonK;
    b[isA ? rank - 1 : rank - 2] = k;
    return b;
  };
  int32_t kTile = 8 * kWidth;
  std::vector<std::vector<int32_t>> registers;
  for (unsigned k = 1; k < kWidth; k *= 2)
    registers.push_back(basis(0, k));
  if (isA)
    registers.push_back(basis(8, 0));
  registers.push_back(basis(0, kTile / 2));
  BasesT bases;
  bases[name(ctx, "register")] = registers;
  bases[name(ctx, "lane")] = {basis(0, kWidth), basis(0, 2 * kWidth),
                              basis(1, 0), basis(2, 0), basis(4, 0)};
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [dim, out] : llvm::enumerate(standardOutDimNames(ctx, rank))) {
    int32_t size = 1;
    if (dim == rank - 2)
      size = isA ? 16 : kTile;
    else if (dim == rank - 1)
      size = isA ? kTile : 8;
    outs.push_back({out, size});
  }
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

/// Warps of an mma layout: row-major for Ampere, column-major for Hopper
/// (a warp group of four consecutive warps spans M).
SmallVector<unsigned> mmaWarpOrder(NvidiaMmaEncodingAttr mma) {
  return matrixOrder(mma.getRank(), /*rowMajor=*/!mma.isHopper());
}

std::optional<LinearLayout> blockedToLinearLayout(ArrayRef<int64_t> shape,
                                                  BlockedEncodingAttr blocked) {
  MLIRContext *ctx = blocked.getContext();
  ArrayRef<unsigned> order = blocked.getOrder();
  LinearLayout cta =
      identityStandardND(name(ctx, "register"), blocked.getSizePerThread(),
                         order) *
      identityStandardND(name(ctx, "lane"), blocked.getThreadsPerWarp(),
                         order) *
      identityStandardND(name(ctx, "warp"), blocked.getWarpsPerCTA(), order);
  return combineCtaCgaWithShape(cta, blocked.getCgaBases(), shape);
}

std::optional<LinearLayout> mmaToLinearLayout(ArrayRef<int64_t> shape,
                                              NvidiaMmaEncodingAttr mma) {
  MLIRContext *ctx = mma.getContext();
  unsigned rank = mma.getRank();
  unsigned n = mma.isHopper() ? mma.getInstrShape()[1] : 8;
  SmallVector<unsigned> repOrder = matrixOrder(rank, /*rowMajor=*/true);
  LinearLayout tile = withOutOrder(mmaAccumulatorTile(ctx, rank, n), repOrder);
  LinearLayout warps =
      withOutOrder(identityStandardND(name(ctx, "warp"), mma.getWarpsPerCTA(),
                                      mmaWarpOrder(mma)),
                   repOrder);
  return combineCtaCgaWithShape(tile * warps, mma.getCgaBases(), shape);
}

/// An AMD MFMA accumulator (64 lanes). Without `isTransposed` a lane holds
/// 4 consecutive rows of one column: lanes run along N, then M; further
/// groups of 4 rows go to registers until the instruction's M x N is
/// covered. Transposed, rows and columns trade places. Built for the 32 x 32
/// and 16 x 16 instructions on 32-bit elements with one tile per warp;
/// nullopt for the others.
std::optional<LinearLayout> mfmaToLinearLayout(ArrayRef<int64_t> shape,
                                               AMDMfmaEncodingAttr mfma) {
  MLIRContext *ctx = mfma.getContext();
  unsigned rank = mfma.getRank();
  unsigned mDim = mfma.getInstrShape()[0], nDim = mfma.getInstrShape()[1];
  if (mDim != nDim || (mDim != 32 && mDim != 16) ||
      mfma.getElementBitWidth() != 32 ||
      llvm::any_of(mfma.getTilesPerWarp(), [](unsigned t) { return t != 1; }) ||
      !llvm::all_of(mfma.getWarpsPerCTA(), llvm::isPowerOf2_32))
    return std::nullopt;
  constexpr int32_t kWarpSize = 64, kHeight = 4;
  SmallVector<StringAttr> outs = standardOutDimNames(ctx, rank);
  StringAttr rowDim = outs[rank - 2], colDim = outs[rank - 1];
  StringAttr kRegister = name(ctx, "register"), kLane = name(ctx, "lane");
  // The dimension a lane's registers run along, and the other one.
  StringAttr along = mfma.getIsTransposed() ? colDim : rowDim;
  StringAttr across = mfma.getIsTransposed() ? rowDim : colDim;
  int32_t acrossSize = mfma.getIsTransposed() ? mDim : nDim;
  int32_t tiles = (mDim * nDim) / (kWarpSize * kHeight);
  LinearLayout tile =
      LinearLayout::identity1D(kHeight, kRegister, along) *
      LinearLayout::identity1D(acrossSize, kLane, across) *
      LinearLayout::identity1D(kWarpSize / acrossSize, kLane, along) *
      LinearLayout::identity1D(std::max(tiles, 1), kRegister, along);
  for (unsigned dim = 0; dim + 2 < rank; ++dim)
    tile *= LinearLayout::identity1D(1, kRegister, outs[dim]);
  SmallVector<unsigned> repOrder = matrixOrder(rank, /*rowMajor=*/true);
  LinearLayout warps =
      identityStandardND(name(ctx, "warp"), mfma.getWarpsPerCTA(), repOrder);
  return combineCtaCgaWithShape(withOutOrder(tile, repOrder) *
                                    withOutOrder(warps, repOrder),
                                mfma.getCgaBases(), shape);
}

/// The cluster's block bases of a dot operand whose accumulator's are
/// `cgaBases`: CTAs that split the other operand's dimension (the one at
/// the operand's K position, `kDim`) hold copies.
SmallVector<int32_t> operandCgaBases(ArrayRef<int32_t> cgaBases,
                                     unsigned rank, unsigned kDim) {
  SmallVector<int32_t> bases(cgaBases);
  for (size_t i = kDim; i < bases.size(); i += rank)
    bases[i] = 0;
  return bases;
}

std::optional<LinearLayout>
dotOperandToLinearLayout(ArrayRef<int64_t> shape,
                         DotOperandEncodingAttr dotOperand) {
  MLIRContext *ctx = dotOperand.getContext();
  unsigned rank = shape.size();
  unsigned opIdx = dotOperand.getOpIdx();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  unsigned nonKDim = opIdx == 0 ? rank - 2 : rank - 1;
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(dotOperand.getParent())) {
    // FMA: every thread holds the whole K extent of its rows (A) or columns
    // (B); lanes and warps along K hold copies.
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    sizePerThread[kDim] = shape[kDim];
    ArrayRef<unsigned> order = blocked.getOrder();
    LinearLayout cta =
        identityStandardND(name(ctx, "register"), sizePerThread, order) *
        broadcastedStandardND(name(ctx, "lane"), blocked.getThreadsPerWarp(),
                              order, kDim) *
        broadcastedStandardND(name(ctx, "warp"), blocked.getWarpsPerCTA(),
                              order, kDim);
    return combineCtaCgaWithShape(
        cta, operandCgaBases(blocked.getCgaBases(), rank, kDim), shape);
  }
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotOperand.getParent());
  if (!mma || dotOperand.getKWidth() == 0 || (mma.isHopper() && opIdx != 0))
    return std::nullopt;
  // Repetitions go along K first, then along the other dimension.
  SmallVector<unsigned> repOrder{kDim, nonKDim};
  for (int dim = rank - 3; dim >= 0; --dim)
    repOrder.push_back(dim);
  LinearLayout tile = withOutOrder(
      mmaOperandTile(ctx, rank, opIdx, dotOperand.getKWidth()), repOrder);
  // Warps and CTAs that split the other operand's dimension hold copies.
  unsigned otherDim = opIdx == 0 ? rank - 1 : rank - 2;
  LinearLayout warps = withOutOrder(
      broadcastedStandardND(name(ctx, "warp"), mma.getWarpsPerCTA(),
                            mmaWarpOrder(mma), otherDim),
      repOrder);
  return combineCtaCgaWithShape(tile * warps,
                                operandCgaBases(mma.getCgaBases(), rank, kDim),
                                shape);
}

std::optional<LinearLayout> sliceToLinearLayout(ArrayRef<int64_t> shape,
                                                SliceEncodingAttr slice) {
  MLIRContext *ctx = slice.getContext();
  unsigned dim = slice.getDim();
  SmallVector<int64_t> parentShape(shape);
  if (dim > parentShape.size())
    return std::nullopt;
  parentShape.insert(parentShape.begin() + dim, 1);
  std::optional<LinearLayout> parent =
      toLinearLayout(parentShape, slice.getParent());
  if (!parent)
    return std::nullopt;
  // Drop the sliced coordinate; registers that no longer move are gone.
  StringAttr kRegister = name(ctx, "register");
  BasesT bases;
  for (const auto &[inDim, inBases] : parent->getBases()) {
    std::vector<std::vector<int32_t>> newBases;
    for (std::vector<int32_t> basis : inBases) {
      basis.erase(basis.begin() + dim);
      if (inDim == kRegister &&
          llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        continue;
      newBases.push_back(std::move(basis));
    }
    bases[inDim] = std::move(newBases);
  }
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [d, out] : llvm::enumerate(standardOutDimNames(ctx, shape.size())))
    outs.push_back({out, static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

/// Offsets of a swizzled tile: `order[0]` is contiguous; each step of the
/// next dimension XORs its vectors with ((row / perPhase) % maxPhase) * vec.
LinearLayout swizzledLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                            ArrayRef<unsigned> order, unsigned vec,
                            unsigned perPhase, unsigned maxPhase) {
  unsigned rank = shape.size();
  std::vector<std::vector<int32_t>> offsets;
  auto unit = [&](unsigned dim, int32_t value) {
    std::vector<int32_t> b(rank, 0);
    b[dim] = value;
    return b;
  };
  unsigned colDim = order[0];
  for (int32_t col = 1; col < shape[colDim]; col *= 2)
    offsets.push_back(unit(colDim, col));
  for (size_t i = 1; i < order.size(); ++i) {
    unsigned dim = order[i];
    for (int32_t step = 1; step < shape[dim]; step *= 2) {
      std::vector<int32_t> b = unit(dim, step);
      if (i == 1) {
        int32_t phase = (step / perPhase) % maxPhase;
        b[colDim] = (phase * vec) % shape[colDim];
      }
      offsets.push_back(std::move(b));
    }
  }
  BasesT bases;
  bases[name(ctx, "offset")] = std::move(offsets);
  bases[name(ctx, "block")] = {};
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [d, out] : llvm::enumerate(standardOutDimNames(ctx, rank)))
    outs.push_back({out, static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

/// The layout of one CTA's part of an NVMMA-shared tensor of `shape`.
std::optional<LinearLayout> nvmmaCtaLayout(ArrayRef<int64_t> shape,
                                           NVMMASharedEncodingAttr nvmma) {
  MLIRContext *ctx = nvmma.getContext();
  unsigned rank = shape.size();
  if (rank == 0)
    return std::nullopt;
  // A vector is one row, whichever way `transposed` says it is stored
  // (upstream marks rank-1 tiles transposed).
  if (rank == 1) {
    std::optional<LinearLayout> row = nvmmaCtaLayout(
        {1, shape[0]}, NVMMASharedEncodingAttr::get(
                           ctx, nvmma.getSwizzlingByteWidth(),
                           /*transposed=*/false, nvmma.getElementBitWidth(),
                           nvmma.getFp4Padded(), 2, {}));
    if (!row)
      return std::nullopt;
    return reshapeRowMajor(*row, shape);
  }
  // Non-transposed tensors of higher rank are stored as a matrix whose rows
  // are all the outer dimensions together, so the swizzle runs across them.
  if (rank > 2 && !nvmma.getTransposed()) {
    int64_t rows = 1;
    for (int64_t size : shape.drop_back())
      rows *= size;
    std::optional<LinearLayout> matrix =
        nvmmaCtaLayout({rows, shape.back()}, nvmma);
    if (!matrix)
      return std::nullopt;
    return reshapeRowMajor(*matrix, shape);
  }
  SmallVector<unsigned> order = matrixOrder(rank, !nvmma.getTransposed());
  unsigned colDim = order[0];
  unsigned elemBytes = std::max(1u, nvmma.getElementBitWidth() / 8);
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  if (swizzle == 0) {
    SmallVector<int64_t> tile(shape);
    return swizzledLayout(ctx, tile, order, 1, 1, 1);
  }
  // Rows of `swizzle` bytes, 16-byte vectors, 128-byte phases; wider
  // tensors are stored as consecutive column tiles of one swizzle row each.
  int64_t tileCols = std::min<int64_t>(swizzle / elemBytes, shape[colDim]);
  unsigned vec = 16 / elemBytes;
  unsigned perPhase = std::max(1u, 128 / swizzle);
  unsigned maxPhase = swizzle / 16;
  SmallVector<int64_t> tileShape(shape);
  tileShape[colDim] = tileCols;
  LinearLayout tile =
      swizzledLayout(ctx, tileShape, order, vec, perPhase, maxPhase);
  if (tileCols == shape[colDim])
    return tile;
  BasesT bases = tile.getBases();
  StringAttr kOffset = name(ctx, "offset");
  for (int64_t col = tileCols; col < shape[colDim]; col *= 2) {
    std::vector<int32_t> b(rank, 0);
    b[colDim] = col;
    bases[kOffset].push_back(std::move(b));
  }
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [d, out] : llvm::enumerate(standardOutDimNames(ctx, rank)))
    outs.push_back({out, static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}
/// A shared layout laid out per CTA by `ctaLayout`, with the cluster's
/// block bases on top: each CTA holds the part of the tensor its block
/// coordinates select.
std::optional<LinearLayout> withCgaBlocks(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<int32_t> cgaBases,
    function_ref<std::optional<LinearLayout>(ArrayRef<int64_t>)> ctaLayout) {
  unsigned rank = shape.size();
  SmallVector<StringAttr> outs = standardOutDimNames(ctx, rank);
  ShapeMap labeled;
  for (auto [out, size] : llvm::zip(outs, shape))
    labeled[out] = size;
  LinearLayout cga =
      ensureNotLargerThan(makeCgaLayout(ctx, cgaBases, rank), labeled);
  SmallVector<int64_t> ctaShape;
  for (auto [out, size] : llvm::zip(outs, shape))
    ctaShape.push_back(std::max<int64_t>(1, size / cga.getOutDimSize(out)));
  std::optional<LinearLayout> cta = ctaLayout(ctaShape);
  if (!cta)
    return std::nullopt;
  return *cta * cga;
}
} // namespace

LinearLayout mlir::triton::gpu::reshapeRowMajor(const LinearLayout &layout,
                                                ArrayRef<int64_t> dstShape) {
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  SmallVector<StringAttr> srcNames(layout.getOutDimNames());
  SmallVector<StringAttr> dstNames = standardOutDimNames(ctx, dstShape.size());
  SmallVector<StringAttr> reversedSrc(llvm::reverse(srcNames));
  SmallVector<std::pair<StringAttr, int32_t>> reversedDst;
  for (int d = dstShape.size() - 1; d >= 0; --d)
    reversedDst.push_back({dstNames[d], static_cast<int32_t>(dstShape[d])});
  return layout.transposeOuts(reversedSrc)
      .reshapeOuts(reversedDst)
      .transposeOuts(dstNames);
}

SmallVector<StringAttr> mlir::triton::gpu::standardOutDimNames(MLIRContext *ctx,
                                                               unsigned rank) {
  SmallVector<StringAttr> names;
  for (unsigned dim = 0; dim < rank; ++dim)
    names.push_back(StringAttr::get(ctx, "dim" + Twine(dim)));
  return names;
}

std::optional<LinearLayout> LinearLayoutCache::getOrBuild(
    ArrayRef<int64_t> shape, Attribute encoding,
    llvm::function_ref<std::optional<LinearLayout>()> build) {
  auto sameShape = [&](const Entry &entry) {
    return ArrayRef<int64_t>(entry.first) == shape;
  };
  {
    std::lock_guard<std::mutex> lock(mutex);
    SmallVector<Entry, 2> &list = entries[encoding];
    auto it = llvm::find_if(list, sameShape);
    if (it != list.end())
      return it->second;
  }
  std::optional<LinearLayout> layout = build();
  std::lock_guard<std::mutex> lock(mutex);
  SmallVector<Entry, 2> &list = entries[encoding];
  if (llvm::none_of(list, sameShape))
    list.emplace_back(SmallVector<int64_t, 4>(shape), layout);
  return layout;
}

static std::optional<LinearLayout> buildLinearLayout(ArrayRef<int64_t> shape,
                                                     Attribute layout);

std::optional<LinearLayout>
mlir::triton::gpu::toLinearLayout(ArrayRef<int64_t> shape, Attribute layout) {
  for (int64_t size : shape)
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return std::nullopt;
  if (auto *dialect = dyn_cast<TritonGPUDialect>(&layout.getDialect()))
    return dialect->getLinearLayoutCache().getOrBuild(
        shape, layout, [&] { return buildLinearLayout(shape, layout); });
  return buildLinearLayout(shape, layout);
}

/// toLinearLayout without the memo: `shape` has power-of-two sizes.
static std::optional<LinearLayout> buildLinearLayout(ArrayRef<int64_t> shape,
                                                     Attribute layout) {
  MLIRContext *ctx = layout.getContext();
  return TypeSwitch<Attribute, std::optional<LinearLayout>>(layout)
      .Case([&](BlockedEncodingAttr a) {
        return a.getRank() == shape.size() ? blockedToLinearLayout(shape, a)
                                           : std::nullopt;
      })
      .Case([&](NvidiaMmaEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getRank() != shape.size() || a.getVersionMajor() < 2)
          return std::nullopt;
        return mmaToLinearLayout(shape, a);
      })
      .Case([&](AMDMfmaEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getRank() != shape.size())
          return std::nullopt;
        return mfmaToLinearLayout(shape, a);
      })
      .Case([&](DotOperandEncodingAttr a) {
        return dotOperandToLinearLayout(shape, a);
      })
      .Case([&](SliceEncodingAttr a) { return sliceToLinearLayout(shape, a); })
      .Case([&](LinearEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getRank() != 0 && a.getRank() != shape.size())
          return std::nullopt;
        // A tensor smaller than the layout covers (the parent of a slice,
        // say, whose sliced dimension is 1) holds it with copies, as a
        // blocked layout's does: the layout is built at the size its bases
        // cover and fitted to the shape.
        unsigned rank = shape.size();
        SmallVector<int64_t> covered(shape);
        for (ArrayRef<int32_t> flat :
             {a.getRegisterBases(), a.getLaneBases(), a.getWarpBases(),
              a.getBlockBases()}) {
          std::vector<std::vector<int32_t>> bases = unflatten(flat, rank);
          for (unsigned dim = 0; dim < rank; ++dim)
            covered[dim] = std::max<int64_t>(covered[dim],
                                             coveringSize(bases, dim));
        }
        LinearLayout layout = fromBases(ctx,
                                        {{"register", a.getRegisterBases()},
                                         {"lane", a.getLaneBases()},
                                         {"warp", a.getWarpBases()},
                                         {"block", a.getBlockBases()}},
                                        covered);
        if (ArrayRef<int64_t>(covered) == shape)
          return layout;
        ShapeMap fit;
        for (auto [out, size] :
             llvm::zip(standardOutDimNames(ctx, rank), shape))
          fit[out] = size;
        return ensureNotLargerThan(layout, fit);
      })
      .Case([&](SwizzledSharedEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getOrder().size() != shape.size())
          return std::nullopt;
        return withCgaBlocks(
            ctx, shape, a.getCgaBases(), [&](ArrayRef<int64_t> ctaShape) {
              return std::optional<LinearLayout>(
                  swizzledLayout(ctx, ctaShape, a.getOrder(), a.getVec(),
                                 a.getPerPhase(), a.getMaxPhase()));
            });
      })
      .Case([&](NVMMASharedEncodingAttr a) -> std::optional<LinearLayout> {
        return withCgaBlocks(ctx, shape, a.getCgaBases(),
                             [&](ArrayRef<int64_t> ctaShape) {
                               return nvmmaCtaLayout(ctaShape, a);
                             });
      })
      .Case([&](SharedLinearEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getRank() != 0 && a.getRank() != shape.size())
          return std::nullopt;
        return fromBases(
            ctx, {{"offset", a.getOffsetBases()}, {"block", a.getBlockBases()}},
            shape);
      })
      .Case([&](PaddedSharedEncodingAttr a) -> std::optional<LinearLayout> {
        if (a.getRank() != shape.size())
          return std::nullopt;
        return fromBases(
            ctx, {{"offset", a.getOffsetBases()}, {"block", a.getBlockBases()}},
            shape);
      })
      .Default([](Attribute) { return std::nullopt; });
}

SmallVector<unsigned>
mlir::triton::gpu::getBasesOrder(const LinearLayout &layout, StringAttr inDim,
                                 ArrayRef<unsigned> rest) {
  llvm::SetVector<unsigned> order;
  if (layout.hasInDim(inDim))
    for (int32_t i = 0, e = layout.getInDimSizeLog2(inDim); i < e; ++i) {
      ArrayRef<int32_t> basis = layout.getBasis(inDim, i);
      const auto *it = llvm::find_if(basis, [](int32_t v) { return v != 0; });
      if (it != basis.end())
        order.insert(it - basis.begin());
    }
  order.insert(rest.begin(), rest.end());
  return SmallVector<unsigned>(order.begin(), order.end());
}

SmallVector<unsigned> mlir::triton::gpu::getOrder(RankedTensorType type) {
  SmallVector<unsigned> lastFirst;
  for (unsigned dim = type.getRank(); dim-- > 0;)
    lastFirst.push_back(dim);
  std::optional<LinearLayout> layout;
  if (Attribute encoding = type.getEncoding())
    layout = toLinearLayout(type.getShape(), encoding);
  if (!layout)
    return lastFirst;
  return getBasesOrder(*layout, name(type.getContext(), "register"),
                       lastFirst);
}

SmallVector<unsigned>
mlir::triton::gpu::getContigPerThread(RankedTensorType type) {
  unsigned rank = type.getRank();
  SmallVector<unsigned> contig(rank, 1);
  std::optional<LinearLayout> layout;
  if (Attribute encoding = type.getEncoding())
    layout = toLinearLayout(type.getShape(), encoding);
  StringAttr kRegister = name(type.getContext(), "register");
  if (!layout || !layout->hasInDim(kRegister))
    return contig;
  int32_t pos = 0, numBases = layout->getInDimSizeLog2(kRegister);
  for (unsigned dim : getOrder(type)) {
    // Registers 1, 2, 4, ... that step the next power of two along `dim`.
    while (pos < numBases) {
      ArrayRef<int32_t> basis = layout->getBasis(kRegister, pos);
      bool stepsDim = true;
      for (unsigned d = 0; d < rank; ++d)
        stepsDim &= basis[d] == (d == dim ? int32_t(contig[dim]) : 0);
      if (!stepsDim)
        break;
      contig[dim] *= 2;
      ++pos;
    }
  }
  return contig;
}

bool mlir::triton::gpu::haveSameCtaParts(const LinearLayout &a,
                                         const LinearLayout &b) {
  // The bases of the `block` input dimension (none if a layout has none).
  auto blockBases = [](const LinearLayout &layout) {
    for (const auto &[dim, bases] : layout.getBases())
      if (dim.getValue() == "block")
        return bases;
    return std::vector<std::vector<int32_t>>();
  };
  return blockBases(a) == blockBases(b);
}

int64_t mlir::triton::gpu::getTotalElemsPerThread(RankedTensorType type) {
  if (!type.getEncoding())
    return type.getNumElements();
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  StringAttr kRegister = StringAttr::get(type.getContext(), "register");
  if (!layout || !layout->hasInDim(kRegister))
    return 1;
  return layout->getInDimSize(kRegister);
}

static SmallVector<std::pair<StringAttr, int32_t>>
outDimsOf(MLIRContext *ctx, ArrayRef<int64_t> shape) {
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [name, size] :
       llvm::zip(standardOutDimNames(ctx, shape.size()), shape))
    outDims.push_back({name, static_cast<int32_t>(size)});
  return outDims;
}

std::optional<LinearLayout>
mlir::triton::gpu::fp4ToFpSourceLayout(const LinearLayout &result, int axis,
                                       ArrayRef<int64_t> srcShape) {
  MLIRContext *ctx = result.getOutDimNames().begin()->getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  LinearLayout::BasesT bases;
  bool found = false;
  for (const auto &[inDim, inBases] : result.getBases()) {
    std::vector<std::vector<int32_t>> kept;
    for (std::vector<int32_t> basis : inBases) {
      if (!found && inDim == kRegister && basis[axis] == 1) {
        found = true;
        continue;
      }
      basis[axis] /= 2;
      kept.push_back(std::move(basis));
    }
    bases[inDim] = std::move(kept);
  }
  if (!found)
    return std::nullopt;
  FailureOr<LinearLayout> source =
      LinearLayout::tryCreate(std::move(bases), outDimsOf(ctx, srcShape),
                              /*requireSurjective=*/false);
  if (failed(source))
    return std::nullopt;
  return *source;
}

LinearLayout mlir::triton::gpu::fp4ToFpResultLayout(const LinearLayout &source,
                                                    int axis,
                                                    ArrayRef<int64_t> dstShape) {
  MLIRContext *ctx = source.getOutDimNames().begin()->getContext();
  StringAttr kRegister = StringAttr::get(ctx, "register");
  LinearLayout::BasesT bases;
  for (const auto &[inDim, inBases] : source.getBases()) {
    std::vector<std::vector<int32_t>> doubled;
    if (inDim == kRegister) {
      std::vector<int32_t> nibble(dstShape.size(), 0);
      nibble[axis] = 1;
      doubled.push_back(std::move(nibble));
    }
    for (std::vector<int32_t> basis : inBases) {
      basis[axis] *= 2;
      doubled.push_back(std::move(basis));
    }
    bases[inDim] = std::move(doubled);
  }
  if (!bases.count(kRegister)) {
    std::vector<int32_t> nibble(dstShape.size(), 0);
    nibble[axis] = 1;
    bases[kRegister] = {nibble};
  }
  return LinearLayout(std::move(bases), outDimsOf(ctx, dstShape),
                      /*requireSurjective=*/false);
}
