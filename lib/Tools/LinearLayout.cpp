//===- LinearLayout.cpp - linear maps over GF(2) --------------------------===//
//
// The algebra of LinearLayout. Every operation that needs more than bookkeeping
// on the bases works on the layout's matrix over GF(2): one column per input
// bit, in flattened input order, each column packed into a uint64_t whose bit
// ranges are the output dimensions (first dimension lowest). Layouts hold at
// most 2^30 elements on either side, so a column always fits, and Gaussian
// elimination on such columns is cheap next to everything else the compiler
// does.
//
//===----------------------------------------------------------------------===//

#include "Tools/LinearLayout.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace mlir;
using namespace mlir::triton;

using BasesT = LinearLayout::BasesT;
using DimSizes = ArrayRef<std::pair<StringAttr, int32_t>>;

namespace {

/// A basis of a subspace of GF(2)^64 in echelon form, where every row carries
/// a tag: the image of the row under some linear map R that the caller fixes
/// through the tags it inserts. Reduction accumulates tags, so it also yields
/// R of the part of a vector that lies in the span.
class EchelonBasis {
public:
  /// Reduces `vec` by the rows. Returns the remainder, which is 0 iff `vec`
  /// is in the span, and the XOR of the tags of the rows used, which is
  /// R(vec) ^ R(remainder).
  std::pair<uint64_t, uint64_t> reduce(uint64_t vec) const {
    uint64_t tag = 0;
    // A row holds no pivot of the rows before it, so clearing the pivots in
    // insertion order never sets a pivot already cleared.
    for (const Row &row : rows) {
      if (vec & row.pivot) {
        vec ^= row.vec;
        tag ^= row.tag;
      }
    }
    return {vec, tag};
  }

  /// Adds `vec`, with R(vec) = `tag`, unless it is in the span already.
  /// Returns whether it was added.
  bool insert(uint64_t vec, uint64_t tag) {
    auto [rest, restTag] = reduce(vec);
    if (rest == 0)
      return false;
    rows.push_back({rest, tag ^ restTag, rest & (~rest + 1)});
    return true;
  }

  int32_t size() const { return rows.size(); }

private:
  struct Row {
    uint64_t vec;
    uint64_t tag;
    /// The lowest set bit of `vec`, which no other row holds.
    uint64_t pivot;
  };
  SmallVector<Row> rows;
};

} // namespace

static SmallVector<int32_t> getSizesLog2(DimSizes dims) {
  return llvm::map_to_vector(dims, [](const auto &dim) -> int32_t {
    return llvm::Log2_32(dim.second);
  });
}

/// Packs one coordinate per output dimension into one integer.
static uint64_t pack(ArrayRef<int32_t> coords, ArrayRef<int32_t> sizesLog2) {
  uint64_t packed = 0;
  int32_t shift = 0;
  for (auto [coord, sizeLog2] : llvm::zip_equal(coords, sizesLog2)) {
    packed |= static_cast<uint64_t>(coord) << shift;
    shift += sizeLog2;
  }
  return packed;
}

static std::vector<int32_t> unpack(uint64_t packed,
                                   ArrayRef<int32_t> sizesLog2) {
  std::vector<int32_t> coords;
  for (int32_t sizeLog2 : sizesLog2) {
    coords.push_back(static_cast<int32_t>(packed & ((1ull << sizeLog2) - 1)));
    packed >>= sizeLog2;
  }
  return coords;
}

/// The layout's matrix: one packed column per input bit, in flattened order.
static SmallVector<uint64_t> getColumns(const LinearLayout &layout) {
  SmallVector<int32_t> outSizesLog2 = getSizesLog2(layout.getOutDims());
  SmallVector<uint64_t> columns;
  for (const auto &[inDim, inDimBases] : layout.getBases())
    for (const std::vector<int32_t> &basis : inDimBases)
      columns.push_back(pack(basis, outSizesLog2));
  return columns;
}

/// The layout with the given matrix and dimensions.
static LinearLayout fromColumns(ArrayRef<uint64_t> columns, DimSizes ins,
                                DimSizes outs) {
  SmallVector<int32_t> outSizesLog2 = getSizesLog2(outs);
  BasesT bases;
  const uint64_t *column = columns.begin();
  for (auto [inDim, size] : ins) {
    std::vector<std::vector<int32_t>> &inDimBases = bases[inDim];
    for (unsigned j = 0, e = llvm::Log2_32(size); j < e; ++j)
      inDimBases.push_back(unpack(*column++, outSizesLog2));
  }
  assert(column == columns.end() && "dimensions do not match the matrix");
  return LinearLayout(std::move(bases), outs, /*requireSurjective=*/false);
}

static BasesT makeBasesMap(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases) {
  BasesT map;
  for (const auto &[inDim, inDimBases] : bases) {
    [[maybe_unused]] bool inserted = map.insert({inDim, inDimBases}).second;
    assert(inserted && "input dimension given twice");
  }
  return map;
}

/// Infers each output dimension's size as the smallest power of two above
/// every coordinate the bases give it. Malformed bases are left for
/// LinearLayout::initialize to report, except coordinates too large for any
/// size.
static std::optional<std::string>
inferOutDims(const BasesT &bases, ArrayRef<StringAttr> outDimNames,
             SmallVectorImpl<std::pair<StringAttr, int32_t>> &outDims) {
  SmallVector<int32_t> maxCoords(outDimNames.size(), 0);
  for (const auto &[inDim, inDimBases] : bases) {
    for (const std::vector<int32_t> &basis : inDimBases) {
      for (size_t k = 0, e = std::min(basis.size(), maxCoords.size()); k < e;
           ++k) {
        if (basis[k] >= (1 << LinearLayout::kMaxTotalSizeLog2))
          return "coordinate " + std::to_string(basis[k]) + " of in-dim '" +
                 inDim.str() + "' is too large for out-dim '" +
                 outDimNames[k].str() + "'";
        maxCoords[k] = std::max(maxCoords[k], basis[k]);
      }
    }
  }
  for (auto [name, maxCoord] : llvm::zip_equal(outDimNames, maxCoords))
    outDims.push_back(
        {name, static_cast<int32_t>(llvm::NextPowerOf2(maxCoord))});
  return std::nullopt;
}

/// Whether the names that `a` and `b` have in common come in the same order.
template <typename RangeA, typename RangeB>
static bool commonNamesInSameOrder(RangeA &&a, RangeB &&b) {
  llvm::SmallDenseSet<StringAttr> inA(a.begin(), a.end());
  llvm::SmallDenseSet<StringAttr> inB(b.begin(), b.end());
  SmallVector<StringAttr> commonA, commonB;
  llvm::copy_if(a, std::back_inserter(commonA),
                [&](StringAttr name) { return inB.contains(name); });
  llvm::copy_if(b, std::back_inserter(commonB),
                [&](StringAttr name) { return inA.contains(name); });
  return commonA == commonB;
}

/// Whether `names` lists every key of `map` exactly once.
template <typename MapT>
static bool isPermutationOfKeys(ArrayRef<StringAttr> names, const MapT &map) {
  llvm::SmallDenseSet<StringAttr> seen;
  return names.size() == map.size() && llvm::all_of(names, [&](StringAttr n) {
           return map.contains(n) && seen.insert(n).second;
         });
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout::LinearLayout(BasesT bases, DimSizes outDims)
    : bases(std::move(bases)) {
  for (auto [outDim, size] : outDims)
    this->outDims.insert({outDim, size});
}

std::optional<std::string> LinearLayout::initialize(bool requireSurjective) {
  int64_t totalOutLog2 = 0;
  for (auto [outDim, size] : outDims) {
    if (size <= 0 || !llvm::isPowerOf2_32(size))
      return "out-dim '" + outDim.str() + "' has size " + std::to_string(size) +
             ", which is not a power of two";
    totalOutLog2 += llvm::Log2_32(size);
  }
  if (totalOutLog2 > kMaxTotalSizeLog2)
    return "out-dims have 2^" + std::to_string(totalOutLog2) +
           " elements in total, more than the 2^" +
           std::to_string(kMaxTotalSizeLog2) + " supported";

  int64_t totalInLog2 = 0;
  for (const auto &[inDim, inDimBases] : bases) {
    totalInLog2 += inDimBases.size();
    for (auto [j, basis] : llvm::enumerate(inDimBases)) {
      std::string where =
          "basis " + std::to_string(j) + " of in-dim '" + inDim.str() + "'";
      if (basis.size() != outDims.size())
        return where + " has " + std::to_string(basis.size()) +
               " coordinates, but there are " + std::to_string(outDims.size()) +
               " out-dims";
      for (auto [coord, outDim] : llvm::zip_equal(basis, outDims)) {
        if (coord < 0 || coord >= outDim.second)
          return where + " has coordinate " + std::to_string(coord) +
                 " for out-dim '" + outDim.first.str() + "' of size " +
                 std::to_string(outDim.second);
      }
    }
  }
  if (totalInLog2 > kMaxTotalSizeLog2)
    return "in-dims have 2^" + std::to_string(totalInLog2) +
           " elements in total, more than the 2^" +
           std::to_string(kMaxTotalSizeLog2) + " supported";

  EchelonBasis span;
  for (uint64_t column : getColumns(*this))
    span.insert(column, /*tag=*/0);
  rank = span.size();

  if (requireSurjective && !isSurjective())
    return "layout is not surjective: its bases reach 2^" +
           std::to_string(rank) + " of the 2^" + std::to_string(totalOutLog2) +
           " output elements";
  return std::nullopt;
}

static std::optional<std::string> checkDistinct(DimSizes outDims) {
  llvm::SmallDenseSet<StringAttr> seen;
  for (auto [outDim, size] : outDims)
    if (!seen.insert(outDim).second)
      return "out-dim '" + outDim.str() + "' is given twice";
  return std::nullopt;
}

LinearLayout::LinearLayout(BasesT bases, DimSizes outDims,
                           bool requireSurjective)
    : LinearLayout(std::move(bases), outDims) {
  [[maybe_unused]] std::optional<std::string> error = checkDistinct(outDims);
  if (!error)
    error = initialize(requireSurjective);
  assert(!error && "malformed LinearLayout (tryCreate reports why)");
}

LinearLayout::LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames) {
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  [[maybe_unused]] std::optional<std::string> error =
      inferOutDims(bases, outDimNames, outDims);
  assert(!error && "malformed LinearLayout (tryCreate reports why)");
  *this = LinearLayout(std::move(bases), outDims, /*requireSurjective=*/true);
}

LinearLayout::LinearLayout(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
    ArrayRef<StringAttr> outDimNames)
    : LinearLayout(makeBasesMap(bases), outDimNames) {}

LinearLayout::LinearLayout(
    ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
    DimSizes outDims, bool requireSurjective)
    : LinearLayout(makeBasesMap(bases), outDims, requireSurjective) {}

FailureOr<LinearLayout>
LinearLayout::tryCreate(BasesT bases, DimSizes outDims, bool requireSurjective,
                        function_ref<InFlightDiagnostic()> emitError) {
  std::optional<std::string> error = checkDistinct(outDims);
  LinearLayout layout(std::move(bases), outDims);
  if (!error)
    error = layout.initialize(requireSurjective);
  if (!error)
    return layout;
  if (emitError)
    emitError() << "invalid linear layout: " << *error;
  return failure();
}

FailureOr<LinearLayout>
LinearLayout::tryCreate(BasesT bases, ArrayRef<StringAttr> outDimNames,
                        function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  if (std::optional<std::string> error =
          inferOutDims(bases, outDimNames, outDims)) {
    if (emitError)
      emitError() << "invalid linear layout: " << *error;
    return failure();
  }
  return tryCreate(std::move(bases), outDims, /*requireSurjective=*/true,
                   emitError);
}

LinearLayout LinearLayout::identity1D(int32_t size, StringAttr inDim,
                                      StringAttr outDim) {
  return strided1D(size, /*stride=*/1, inDim, outDim);
}

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride,
                                     StringAttr inDim, StringAttr outDim) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be 2^k");
  assert(stride > 0 && llvm::isPowerOf2_32(stride) && "stride must be 2^k");
  std::vector<std::vector<int32_t>> inDimBases;
  for (int32_t value = stride; value < size * stride; value *= 2)
    inDimBases.push_back({value});
  return LinearLayout({{inDim, std::move(inDimBases)}},
                      {{outDim, size * stride}},
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringAttr inDim,
                                   StringAttr outDim, int32_t outDimSize) {
  assert(size > 0 && llvm::isPowerOf2_32(size) && "size must be 2^k");
  std::vector<std::vector<int32_t>> inDimBases(llvm::Log2_32(size),
                                               std::vector<int32_t>{0});
  return LinearLayout({{inDim, std::move(inDimBases)}}, {{outDim, outDimSize}},
                      /*requireSurjective=*/false);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

ArrayRef<int32_t> LinearLayout::getBasis(StringAttr inDim, int32_t pos) const {
  auto it = bases.find(inDim);
  assert(it != bases.end() && "no such in-dim");
  assert(pos >= 0 && static_cast<size_t>(pos) < it->second.size() &&
         "basis index out of range");
  return it->second[pos];
}

SmallVector<std::pair<StringAttr, int32_t>> LinearLayout::getInDims() const {
  return llvm::map_to_vector(bases, [](const auto &entry) {
    return std::make_pair(entry.first,
                          static_cast<int32_t>(1 << entry.second.size()));
  });
}

int32_t LinearLayout::getOutDimIndex(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  assert(it != outDims.end() && "no such out-dim");
  return it - outDims.begin();
}

int32_t LinearLayout::getInDimSizeLog2(StringAttr inDim) const {
  auto it = bases.find(inDim);
  assert(it != bases.end() && "no such in-dim");
  return it->second.size();
}

int32_t LinearLayout::getOutDimSizeLog2(StringAttr outDim) const {
  auto it = outDims.find(outDim);
  assert(it != outDims.end() && "no such out-dim");
  return llvm::Log2_32(it->second);
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : bases)
    total += entry.second.size();
  return total;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (int32_t size : getOutDimSizes())
    total += llvm::Log2_32(size);
  return total;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (bases.empty() || outDims.empty())
    return 1;

  // The low bases of the first in-dim must be 1, 2, 4, ... in the first
  // out-dim and 0 elsewhere...
  const auto &[firstInDim, firstBases] = bases.front();
  int32_t run = 0;
  while (static_cast<size_t>(run) < firstBases.size()) {
    const std::vector<int32_t> &basis = firstBases[run];
    if (basis[0] != (1 << run) ||
        llvm::any_of(llvm::drop_begin(basis), [](int32_t c) { return c != 0; }))
      break;
    ++run;
  }

  // ...and no other basis may set a bit below them in the first out-dim, or
  // the sum in the definition would carry.
  uint32_t otherBits = 0;
  for (const auto &[inDim, inDimBases] : bases)
    for (auto [j, basis] : llvm::enumerate(inDimBases))
      if (inDim != firstInDim || j >= static_cast<size_t>(run))
        otherBits |= basis[0];
  if (otherBits != 0)
    run = std::min(run, static_cast<int32_t>(llvm::countr_zero(otherBits)));
  return 1 << run;
}

llvm::MapVector<StringAttr, int32_t>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<uint64_t> columns = getColumns(*this);
  EchelonBasis span;
  llvm::MapVector<StringAttr, int32_t> masks;
  const uint64_t *column = columns.begin();
  for (const auto &[inDim, inDimBases] : bases) {
    int32_t &mask = masks[inDim];
    for (size_t j = 0; j < inDimBases.size(); ++j)
      if (!span.insert(*column++, /*tag=*/0))
        mask |= 1 << j;
  }
  return masks;
}

SmallVector<std::pair<StringAttr, int32_t>>
LinearLayout::apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const {
  assert(ins.size() == bases.size() &&
         "apply needs one value per in-dim, no more");
  SmallVector<int32_t> coords(outDims.size(), 0);
  for (auto [inDim, value] : ins) {
    auto it = bases.find(inDim);
    assert(it != bases.end() && "apply got a value for an unknown in-dim");
    assert(value >= 0 && (value >> it->second.size()) == 0 &&
           "apply got a value outside its in-dim");
    for (auto [j, basis] : llvm::enumerate(it->second))
      if (value >> j & 1)
        for (auto [coord, b] : llvm::zip_equal(coords, basis))
          coord ^= b;
  }
  SmallVector<std::pair<StringAttr, int32_t>> outs;
  for (auto [outDim, coord] : llvm::zip_equal(getOutDimNames(), coords))
    outs.push_back({outDim, coord});
  return outs;
}

std::string LinearLayout::toString() const {
  if (bases.empty() && outDims.empty())
    return "(empty layout)";
  std::string result;
  llvm::raw_string_ostream os(result);
  for (const auto &[inDim, inDimBases] : bases) {
    os << inDim.getValue() << " = [";
    llvm::interleaveComma(inDimBases, os, [&](const std::vector<int32_t> &b) {
      os << '[';
      llvm::interleaveComma(b, os);
      os << ']';
    });
    os << "]\n";
  }
  os << "out dims: ";
  if (outDims.empty())
    os << "(none)";
  llvm::interleaveComma(outDims, os, [&](const auto &outDim) {
    os << outDim.first.getValue() << " (size " << outDim.second << ')';
  });
  return result;
}

// The friends of LinearLayout are declared only inside the class, so they
// are defined inside their namespace rather than by qualified name.
namespace mlir::triton {
bool operator==(const LinearLayout &lhs, const LinearLayout &rhs) {
  return llvm::equal(lhs.outDims, rhs.outDims) &&
         llvm::equal(lhs.bases, rhs.bases);
}

llvm::hash_code hash_value(const LinearLayout &layout) {
  llvm::hash_code hash = llvm::hash_value(layout.getNumInDims());
  for (const auto &[inDim, inDimBases] : layout.bases) {
    hash = llvm::hash_combine(hash, inDim, inDimBases.size());
    for (const std::vector<int32_t> &basis : inDimBases)
      hash = llvm::hash_combine(
          hash, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  for (auto [outDim, size] : layout.outDims)
    hash = llvm::hash_combine(hash, outDim, size);
  return hash;
}
} // namespace mlir::triton

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

namespace mlir::triton {
LinearLayout operator*(LinearLayout inner, LinearLayout outer) {
  assert(commonNamesInSameOrder(inner.getInDimNames(), outer.getInDimNames()) &&
         "in-dims common to both operands must come in the same order");
  assert(
      commonNamesInSameOrder(inner.getOutDimNames(), outer.getOutDimNames()) &&
      "out-dims common to both operands must come in the same order");

  llvm::MapVector<StringAttr, int32_t> outSizesLog2;
  for (const LinearLayout *layout : {&inner, &outer})
    for (StringAttr outDim : layout->getOutDimNames())
      outSizesLog2[outDim] += layout->getOutDimSizeLog2(outDim);

  BasesT bases;
  auto append = [&](const LinearLayout &layout, bool isOuter) {
    for (const auto &[inDim, inDimBases] : layout.getBases()) {
      std::vector<std::vector<int32_t>> &result = bases[inDim];
      for (const std::vector<int32_t> &basis : inDimBases) {
        std::vector<int32_t> &coords =
            result.emplace_back(outSizesLog2.size(), 0);
        for (auto [coord, outDim] :
             llvm::zip_equal(basis, layout.getOutDimNames())) {
          int32_t shift = isOuter && inner.hasOutDim(outDim)
                              ? inner.getOutDimSizeLog2(outDim)
                              : 0;
          int32_t k = outSizesLog2.find(outDim) - outSizesLog2.begin();
          coords[k] = coord << shift;
        }
      }
    }
  };
  append(inner, /*isOuter=*/false);
  append(outer, /*isOuter=*/true);

  SmallVector<std::pair<StringAttr, int32_t>> outDims;
  for (auto [outDim, sizeLog2] : outSizesLog2)
    outDims.push_back({outDim, 1 << sizeLog2});
  return LinearLayout(std::move(bases), outDims, /*requireSurjective=*/false);
}
} // namespace mlir::triton

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  assert(getNumOutDims() == outer.getNumInDims() &&
         llvm::all_of(outDims,
                      [&](const auto &outDim) {
                        return outer.hasInDim(outDim.first) &&
                               outDim.second <=
                                   outer.getInDimSize(outDim.first);
                      }) &&
         "outer's in-dims must be this layout's out-dims, no smaller");
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    std::vector<std::vector<int32_t>> &result = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      SmallVector<std::pair<StringAttr, int32_t>> point;
      for (auto [outDim, coord] : llvm::zip_equal(getOutDimNames(), basis))
        point.push_back({outDim, coord});
      auto image = llvm::make_second_range(outer.apply(point));
      result.emplace_back(image.begin(), image.end());
    }
  }
  return LinearLayout(std::move(newBases), outer.getOutDims(),
                      /*requireSurjective=*/false);
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  SmallVector<StringAttr> outDimNames = llvm::to_vector(getOutDimNames());
  assert(isPermutationOfKeys(outDimNames, outer.outDims) &&
         "both layouts must have the same out-dims");

  // Bring both matrices to one row space: this layout's out-dim order, each
  // out-dim as wide as in the wider of the two.
  LinearLayout a = *this;
  LinearLayout b = outer.transposeOuts(outDimNames);
  for (StringAttr outDim : outDimNames) {
    int32_t size = std::max(a.getOutDimSize(outDim), b.getOutDimSize(outDim));
    a = a.resizeOutDim(outDim, size);
    b = b.resizeOutDim(outDim, size);
  }
  SmallVector<uint64_t> aColumns = getColumns(a);
  SmallVector<uint64_t> bColumns = getColumns(b);

  // Where each in-dim's bits start in the flattened inputs.
  auto getOffsets = [](const LinearLayout &layout) {
    llvm::SmallDenseMap<StringAttr, int32_t> offsets;
    int32_t offset = 0;
    for (const auto &[inDim, inDimBases] : layout.getBases()) {
      offsets[inDim] = offset;
      offset += inDimBases.size();
    }
    return offsets;
  };
  llvm::SmallDenseMap<StringAttr, int32_t> aOffsets = getOffsets(a);
  llvm::SmallDenseMap<StringAttr, int32_t> bOffsets = getOffsets(b);

  SmallVector<StringAttr> sameDims;
  for (StringAttr inDim : b.getInDimNames()) {
    if (!a.hasInDim(inDim) ||
        a.getInDimSizeLog2(inDim) != b.getInDimSizeLog2(inDim))
      continue;
    int32_t sizeLog2 = a.getInDimSizeLog2(inDim);
    if (ArrayRef<uint64_t>(aColumns).slice(aOffsets[inDim], sizeLog2) ==
        ArrayRef<uint64_t>(bColumns).slice(bOffsets[inDim], sizeLog2))
      sameDims.push_back(inDim);
  }

  // Maps the dims in `fixedDims` to themselves and solves for the others,
  // with a tag per B column so that reduction yields the preimage. Only
  // pivot columns get rows, so the preimage found has no free variable set:
  // it is the lowest one.
  auto solve = [&](ArrayRef<StringAttr> fixedDims)
      -> std::optional<SmallVector<uint64_t>> {
    EchelonBasis span;
    int32_t c = 0;
    for (const auto &[inDim, inDimBases] : b.getBases())
      for (size_t j = 0; j < inDimBases.size(); ++j, ++c)
        if (!llvm::is_contained(fixedDims, inDim))
          span.insert(bColumns[c], 1ull << c);
    SmallVector<uint64_t> result;
    c = 0;
    for (const auto &[inDim, inDimBases] : a.getBases()) {
      for (size_t j = 0; j < inDimBases.size(); ++j, ++c) {
        if (llvm::is_contained(fixedDims, inDim)) {
          result.push_back(1ull << (bOffsets[inDim] + j));
          continue;
        }
        auto [rest, preimage] = span.reduce(aColumns[c]);
        if (rest != 0)
          return std::nullopt;
        result.push_back(preimage);
      }
    }
    return result;
  };

  std::optional<SmallVector<uint64_t>> columns = solve(sameDims);
  if (!columns && !sameDims.empty())
    columns = solve({});
  if (!columns)
    return std::nullopt;
  return fromColumns(*columns, getInDims(), outer.getInDims());
}

std::optional<LinearLayout> LinearLayout::invert() const {
  if (!isInvertible())
    return std::nullopt;
  return pseudoinvert();
}

LinearLayout LinearLayout::pseudoinvert() const {
  // Tag each column with its input bit: reducing an output in the image then
  // yields its lowest preimage (see invertAndCompose). Unit vectors tagged 0
  // complete the image to the whole output space, which fixes P on the
  // outputs that are not reached.
  EchelonBasis span;
  for (auto [c, column] : llvm::enumerate(getColumns(*this)))
    span.insert(column, 1ull << c);
  int32_t numOutBits = getTotalOutDimSizeLog2();
  for (int32_t r = 0; r < numOutBits; ++r)
    span.insert(1ull << r, /*tag=*/0);

  SmallVector<uint64_t> columns;
  for (int32_t r = 0; r < numOutBits; ++r) {
    [[maybe_unused]] auto [rest, preimage] = span.reduce(1ull << r);
    assert(rest == 0 && "the span is the whole output space");
    columns.push_back(preimage);
  }
  return fromColumns(columns, getOutDims(), getInDims());
}

LinearLayout
LinearLayout::transposeIns(ArrayRef<StringAttr> newInDimOrder) const {
  assert(isPermutationOfKeys(newInDimOrder, bases) &&
         "not a permutation of the in-dims");
  BasesT newBases;
  for (StringAttr inDim : newInDimOrder)
    newBases[inDim] = bases.find(inDim)->second;
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout
LinearLayout::transposeOuts(ArrayRef<StringAttr> newOutDimOrder) const {
  assert(isPermutationOfKeys(newOutDimOrder, outDims) &&
         "not a permutation of the out-dims");
  SmallVector<int32_t> permutation;
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims;
  for (StringAttr outDim : newOutDimOrder) {
    permutation.push_back(getOutDimIndex(outDim));
    newOutDims.push_back({outDim, getOutDimSize(outDim)});
  }
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    std::vector<std::vector<int32_t>> &result = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      std::vector<int32_t> &coords = result.emplace_back();
      for (int32_t k : permutation)
        coords.push_back(basis[k]);
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

/// Whether `dims` are powers of two of `totalLog2` bits together.
[[maybe_unused]] static bool isReshapeOf(DimSizes dims, int32_t totalLog2) {
  int32_t sumLog2 = 0;
  for (auto [dim, size] : dims) {
    if (size <= 0 || !llvm::isPowerOf2_32(size))
      return false;
    sumLog2 += llvm::Log2_32(size);
  }
  return sumLog2 == totalLog2;
}

LinearLayout LinearLayout::reshapeIns(DimSizes newInDims) const {
  assert(isReshapeOf(newInDims, getTotalInDimSizeLog2()) &&
         "new in-dims must have the same total size");
  return fromColumns(getColumns(*this), newInDims, getOutDims());
}

LinearLayout LinearLayout::reshapeOuts(DimSizes newOutDims) const {
  assert(isReshapeOf(newOutDims, getTotalOutDimSizeLog2()) &&
         "new out-dims must have the same total size");
  return fromColumns(getColumns(*this), getInDims(), newOutDims);
}

LinearLayout LinearLayout::flattenIns() const {
  if (bases.empty())
    return *this;
  return reshapeIns({{bases.front().first, getTotalInDimSize()}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims.empty())
    return *this;
  return reshapeOuts({{outDims.front().first, getTotalOutDimSize()}});
}

LinearLayout LinearLayout::sublayout(ArrayRef<StringAttr> inDimNames,
                                     ArrayRef<StringAttr> outDimNames) const {
  assert(llvm::all_of(inDimNames, [&](StringAttr d) { return hasInDim(d); }) &&
         "no such in-dim");
  assert(
      llvm::all_of(outDimNames, [&](StringAttr d) { return hasOutDim(d); }) &&
      "no such out-dim");
  SmallVector<int32_t> keptCoords;
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims;
  for (auto [k, outDim] : llvm::enumerate(outDims)) {
    if (llvm::is_contained(outDimNames, outDim.first)) {
      keptCoords.push_back(k);
      newOutDims.push_back(outDim);
    }
  }
  BasesT newBases;
  for (const auto &[inDim, inDimBases] : bases) {
    if (!llvm::is_contained(inDimNames, inDim))
      continue;
    std::vector<std::vector<int32_t>> &result = newBases[inDim];
    for (const std::vector<int32_t> &basis : inDimBases) {
      std::vector<int32_t> &coords = result.emplace_back();
      for (int32_t k : keptCoords)
        coords.push_back(basis[k]);
    }
  }
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

bool LinearLayout::sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                                   ArrayRef<StringAttr> outDimNames) const {
  LinearLayout sub = sublayout(inDimNames, outDimNames);
  return llvm::all_of(sub.bases, [](const auto &entry) {
    return llvm::all_of(entry.second, [](const std::vector<int32_t> &basis) {
      return llvm::all_of(basis, [](int32_t coord) { return coord == 0; });
    });
  });
}

LinearLayout LinearLayout::concatIns(const LinearLayout &other) const {
  assert(llvm::equal(outDims, other.outDims) &&
         "concatIns needs the same out-dims on both sides");
  BasesT newBases = bases;
  for (const auto &entry : other.bases) {
    [[maybe_unused]] bool inserted = newBases.insert(entry).second;
    assert(inserted && "concatIns needs disjoint in-dims");
  }
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::concatOuts(const LinearLayout &other) const {
  assert(getInDims() == other.getInDims() &&
         "concatOuts needs the same in-dims on both sides");
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims = getOutDims();
  for (const auto &outDim : other.outDims) {
    assert(!hasOutDim(outDim.first) && "concatOuts needs disjoint out-dims");
    newOutDims.push_back(outDim);
  }
  BasesT newBases = bases;
  for (auto [entry, otherEntry] : llvm::zip_equal(newBases, other.bases))
    for (auto [basis, otherBasis] :
         llvm::zip_equal(entry.second, otherEntry.second))
      basis.insert(basis.end(), otherBasis.begin(), otherBasis.end());
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeInDim(StringAttr inDim,
                                       int32_t newSize) const {
  assert(hasInDim(inDim) && "no such in-dim");
  assert(newSize > 0 && llvm::isPowerOf2_32(newSize) && "size must be 2^k");
  BasesT newBases = bases;
  newBases.find(inDim)->second.resize(llvm::Log2_32(newSize),
                                      std::vector<int32_t>(outDims.size(), 0));
  return LinearLayout(std::move(newBases), getOutDims(),
                      /*requireSurjective=*/false);
}

LinearLayout LinearLayout::resizeOutDim(StringAttr outDim,
                                        int32_t newSize) const {
  assert(newSize > 0 && llvm::isPowerOf2_32(newSize) && "size must be 2^k");
  int32_t k = getOutDimIndex(outDim);
  SmallVector<std::pair<StringAttr, int32_t>> newOutDims = getOutDims();
  newOutDims[k].second = newSize;
  BasesT newBases = bases;
  for (auto &entry : newBases)
    for (std::vector<int32_t> &basis : entry.second)
      basis[k] &= newSize - 1;
  return LinearLayout(std::move(newBases), newOutDims,
                      /*requireSurjective=*/false);
}

bool LinearLayout::isTrivialOver(StringAttr dim) const {
  if (!hasInDim(dim))
    return true;
  int32_t outIndex = hasOutDim(dim) ? getOutDimIndex(dim) : -1;
  for (auto [inDim, inBases] : getBases()) {
    for (auto [i, basis] : llvm::enumerate(inBases)) {
      for (auto [o, value] : llvm::enumerate(basis)) {
        bool sameDim = static_cast<int32_t>(o) == outIndex;
        int32_t expected = inDim == dim && sameDim ? (int32_t(1) << i) : 0;
        if ((inDim == dim || sameDim) && value != expected)
          return false;
      }
    }
  }
  return true;
}
