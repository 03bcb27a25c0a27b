//===- Attributes.cpp - ttg layout attributes -----------------------------===//
//
// Parsing, printing and verification of the ttg encodings. Most encodings
// print as `<{key = value, ...}>` in a fixed key order; parsing accepts the
// keys in any order, rejects unknown ones, and reads both the Triton 3.6
// `CGALayout` spelling and the 3.5 `CTAsPerCGA/CTASplitNum/CTAOrder` one.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#define GET_ATTRDEF_CLASSES
#include "Dialect/TritonGPU/IR/TritonGPUAttrs.cpp.inc"

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Dialect/TritonGPU/IR/TritonGPUAttrs.cpp.inc"
      >();
}

bool mlir::triton::gpu::isSharedEncoding(Attribute encoding) {
  return isa_and_present<SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr,
                         PaddedSharedEncodingAttr, SharedLinearEncodingAttr>(
      encoding);
}

bool mlir::triton::gpu::isDistributedEncoding(Attribute encoding) {
  return isa_and_present<BlockedEncodingAttr, SliceEncodingAttr,
                         DotOperandEncodingAttr, NvidiaMmaEncodingAttr,
                         AMDMfmaEncodingAttr, AMDWmmaEncodingAttr,
                         LinearEncodingAttr>(encoding);
}

SmallVector<int32_t> mlir::triton::gpu::getCgaBases(Attribute encoding,
                                                    unsigned rank) {
  return TypeSwitch<Attribute, SmallVector<int32_t>>(encoding)
      .Case<BlockedEncodingAttr, NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
            AMDWmmaEncodingAttr, SwizzledSharedEncodingAttr,
            NVMMASharedEncodingAttr>(
          [](auto attr) { return SmallVector<int32_t>(attr.getCgaBases()); })
      .Case([](LinearEncodingAttr attr) {
        return SmallVector<int32_t>(attr.getBlockBases());
      })
      .Case([&](SliceEncodingAttr slice) {
        // The parent's bases without the sliced dimension.
        SmallVector<int32_t> parent = getCgaBases(slice.getParent(), rank + 1);
        SmallVector<int32_t> bases;
        for (size_t i = 0; i + rank + 1 <= parent.size(); i += rank + 1)
          for (unsigned d = 0; d <= rank; ++d)
            if (d != slice.getDim())
              bases.push_back(parent[i + d]);
        return bases;
      })
      .Case([&](DotOperandEncodingAttr dot) {
        return getCgaBases(dot.getParent(), rank);
      })
      .Default([](Attribute) { return SmallVector<int32_t>(); });
}

SmallVector<unsigned>
mlir::triton::gpu::getCTASplitNum(ArrayRef<int32_t> cgaBases, unsigned rank) {
  SmallVector<unsigned> splitNum(rank, 1);
  if (rank == 0)
    return splitNum;
  for (size_t i = 0; i + rank <= cgaBases.size(); i += rank)
    for (unsigned d = 0; d < rank; ++d)
      if (cgaBases[i + d] != 0)
        splitNum[d] *= 2;
  return splitNum;
}

SmallVector<int64_t>
mlir::triton::gpu::getShapePerCTA(ArrayRef<int32_t> cgaBases, unsigned rank,
                                  ArrayRef<int64_t> shape) {
  SmallVector<int64_t> part(shape);
  if (rank > part.size())
    return part;
  SmallVector<unsigned> split = getCTASplitNum(cgaBases, rank);
  size_t first = part.size() - rank;
  for (unsigned d = 0; d < rank; ++d)
    part[first + d] = std::max<int64_t>(1, part[first + d] / split[d]);
  return part;
}

NVMMASharedEncodingAttr mlir::triton::gpu::getNVMMASharedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
    Type elementType, ArrayRef<int32_t> cgaBases) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  // Upstream lays a vector out unswizzled and marks it transposed (its only
  // dimension is order[0] == 0).
  if (shape.size() == 1)
    return NVMMASharedEncodingAttr::get(ctx, 0, /*transposed=*/true, bits,
                                        /*fp4Padded=*/false, 1, cgaBases);
  int64_t contigBytes = shape[order[0]] * bits / 8;
  // A swizzle pattern spans 8 rows; fewer are stored unswizzled (as
  // upstream chooses).
  int64_t rows = 1;
  for (auto [d, size] : llvm::enumerate(shape))
    if (d != order[0])
      rows *= size;
  unsigned swizzle = 0;
  for (unsigned candidate : {128u, 64u, 32u}) {
    if (rows >= 8 && contigBytes >= candidate && contigBytes % candidate == 0) {
      swizzle = candidate;
      break;
    }
  }
  bool transposed = order[0] != shape.size() - 1;
  return NVMMASharedEncodingAttr::get(ctx, swizzle, transposed, bits,
                                      /*fp4Padded=*/false, shape.size(),
                                      cgaBases);
}

bool mlir::triton::gpu::movesBetweenCtas(Attribute src, Attribute dst) {
  auto a = dyn_cast_or_null<BlockedEncodingAttr>(src);
  auto b = dyn_cast_or_null<BlockedEncodingAttr>(dst);
  return a && b && a.getCgaBases() != b.getCgaBases();
}

//===----------------------------------------------------------------------===//
// Reading and writing attribute dictionaries
//===----------------------------------------------------------------------===//

namespace {
/// The entries of a layout's `{...}` dictionary, read one key at a time.
/// Every read reports its own type errors; `finish` rejects keys nobody read.
class LayoutDict {
public:
  LayoutDict(AsmParser &parser, StringRef attrName)
      : parser(parser), attrName(attrName) {}

  /// Parses a `{...}` dictionary at the current position.
  ParseResult parse() {
    loc = parser.getCurrentLocation();
    Attribute attr;
    if (parser.parseAttribute(attr))
      return failure();
    dict = dyn_cast<DictionaryAttr>(attr);
    if (!dict)
      return error() << "expected a dictionary of parameters";
    return success();
  }

  InFlightDiagnostic error() {
    return parser.emitError(loc) << "#ttg." << attrName << ": ";
  }

  bool has(StringRef key) const { return dict.contains(key); }

  /// An unsigned integer; `value` keeps its default when the key is absent
  /// and `required` is false.
  ParseResult getUnsigned(StringRef key, unsigned &value, bool required) {
    Attribute attr = take(key);
    if (!attr)
      return required ? ParseResult(error() << "missing key '" << key << "'")
                      : success();
    auto intAttr = dyn_cast<IntegerAttr>(attr);
    if (!intAttr || intAttr.getValue().isNegative() ||
        !intAttr.getValue().isIntN(32))
      return error() << "expected a non-negative integer for '" << key
                     << "', got " << attr;
    value = intAttr.getInt();
    return success();
  }

  ParseResult getBool(StringRef key, bool &value, bool required) {
    Attribute attr = take(key);
    if (!attr)
      return required ? ParseResult(error() << "missing key '" << key << "'")
                      : success();
    auto boolAttr = dyn_cast<BoolAttr>(attr);
    if (!boolAttr)
      return error() << "expected true or false for '" << key << "', got "
                     << attr;
    value = boolAttr.getValue();
    return success();
  }

  ParseResult getUnsignedArray(StringRef key, SmallVectorImpl<unsigned> &out,
                               bool required) {
    Attribute attr = take(key);
    if (!attr)
      return required ? ParseResult(error() << "missing key '" << key << "'")
                      : success();
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return error() << "expected an array of integers for '" << key
                     << "', got " << attr;
    for (Attribute element : array) {
      auto intAttr = dyn_cast<IntegerAttr>(element);
      if (!intAttr || intAttr.getValue().isNegative() ||
          !intAttr.getValue().isIntN(32))
        return error() << "expected non-negative integers in '" << key
                       << "', got " << element;
      out.push_back(intAttr.getInt());
    }
    return success();
  }

  /// A list of bases `[[a, b], [c, d], ...]`, flattened into `out`. All bases
  /// have one entry per tensor dimension; `rank` is set from the first one
  /// or checked against it.
  ParseResult getBases(StringRef key, SmallVectorImpl<int32_t> &out,
                       std::optional<unsigned> &rank, bool required) {
    Attribute attr = take(key);
    if (!attr)
      return required ? ParseResult(error() << "missing key '" << key << "'")
                      : success();
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return error() << "expected a list of bases for '" << key << "', got "
                     << attr;
    for (Attribute basisAttr : array) {
      auto basis = dyn_cast<ArrayAttr>(basisAttr);
      if (!basis)
        return error() << "expected each basis of '" << key
                       << "' to be an array, got " << basisAttr;
      if (rank && basis.size() != *rank)
        return error() << "every basis of '" << key << "' must have " << *rank
                       << " entries, got " << basis.size();
      rank = basis.size();
      for (Attribute element : basis) {
        auto intAttr = dyn_cast<IntegerAttr>(element);
        if (!intAttr || !intAttr.getValue().isSignedIntN(32))
          return error() << "expected integers in the bases of '" << key
                         << "', got " << element;
        out.push_back(intAttr.getInt());
      }
    }
    return success();
  }

  /// Reads the CTA layout in either spelling into block bases for a layout
  /// of `rank` dimensions.
  ParseResult getCGABases(unsigned rank, SmallVectorImpl<int32_t> &bases) {
    if (has("CGALayout")) {
      std::optional<unsigned> basesRank = rank;
      return getBases("CGALayout", bases, basesRank, /*required=*/true);
    }
    if (!has("CTAsPerCGA") && !has("CTASplitNum") && !has("CTAOrder"))
      return success();
    SmallVector<unsigned> perCGA, splitNum, order;
    if (getUnsignedArray("CTAsPerCGA", perCGA, true) ||
        getUnsignedArray("CTASplitNum", splitNum, true) ||
        getUnsignedArray("CTAOrder", order, true))
      return failure();
    if (perCGA.size() != rank || splitNum.size() != rank ||
        order.size() != rank)
      return error() << "CTAsPerCGA, CTASplitNum and CTAOrder must have "
                     << rank << " entries";
    // The CTAs of each dimension, minor dimension first: the first
    // log2(CTASplitNum) bits split the tensor, the others hold copies.
    SmallVector<bool> seen(rank, false);
    for (unsigned dim : order) {
      if (dim >= rank || seen[dim])
        return error() << "CTAOrder must be a permutation of [0, " << rank
                       << ")";
      seen[dim] = true;
      if (!llvm::isPowerOf2_32(perCGA[dim]) ||
          !llvm::isPowerOf2_32(splitNum[dim]) || splitNum[dim] > perCGA[dim])
        return error() << "CTAsPerCGA and CTASplitNum must be powers of two "
                          "with CTASplitNum <= CTAsPerCGA";
      for (unsigned bit = 0; bit < llvm::Log2_32(perCGA[dim]); ++bit)
        for (unsigned d = 0; d < rank; ++d)
          bases.push_back(
              d == dim && bit < llvm::Log2_32(splitNum[dim]) ? 1 << bit : 0);
    }
    return success();
  }

  /// Any attribute, e.g. the parent layout of a slice.
  ParseResult getAttribute(StringRef key, Attribute &value) {
    value = take(key);
    if (!value)
      return error() << "missing key '" << key << "'";
    return success();
  }

  /// Fails, in the words of upstream's linear-layout parser, on a key that
  /// is not one of `allowed`; checked before any key is read.
  ParseResult rejectKeysOtherThan(ArrayRef<StringRef> allowed) {
    for (NamedAttribute entry : dict)
      if (!llvm::is_contained(allowed, entry.getName().getValue()))
        return error() << "Unexpected attribute \""
                       << entry.getName().getValue() << "\" found";
    return success();
  }

  /// Fails, in upstream's words, when the bases of `key` are missing.
  ParseResult requireBasis(StringRef key) {
    if (has(key))
      return success();
    return error() << "Expected basis of '" << key << "' not found";
  }

  /// Fails on any key that no getter read.
  ParseResult finish() {
    for (NamedAttribute entry : dict)
      if (!read.contains(entry.getName().getValue()))
        return error() << "unexpected key '" << entry.getName().getValue()
                       << "'";
    return success();
  }

private:
  Attribute take(StringRef key) {
    read.insert(key);
    return dict.get(key);
  }

  AsmParser &parser;
  StringRef attrName;
  SMLoc loc;
  DictionaryAttr dict;
  llvm::StringSet<> read;
};
} // namespace

/// Parses `<{...}>` around a layout dictionary.
static ParseResult parseLayoutDict(AsmParser &parser, LayoutDict &dict) {
  return failure(parser.parseLess() || dict.parse() || parser.parseGreater());
}

static void printUnsignedArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

/// Prints flattened bases as `[[a, b], [c, d]]`.
static void printBases(AsmPrinter &printer, ArrayRef<int32_t> flat,
                       unsigned rank) {
  printer << "[";
  for (size_t i = 0; rank && i < flat.size(); i += rank) {
    if (i)
      printer << ", ";
    printer << "[";
    llvm::interleaveComma(flat.slice(i, rank), printer);
    printer << "]";
  }
  printer << "]";
}

static void printCGABases(AsmPrinter &printer, ArrayRef<int32_t> bases,
                          unsigned rank) {
  if (bases.empty())
    return;
  printer << ", CGALayout = ";
  printBases(printer, bases, rank);
}

//===----------------------------------------------------------------------===//
// Verification helpers
//===----------------------------------------------------------------------===//

static LogicalResult
verifyPermutation(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                  ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned dim : order) {
    if (dim >= order.size() || seen[dim])
      return emitError() << what << " must be a permutation of [0, "
                         << order.size() << "), got [" << order << "]";
    seen[dim] = true;
  }
  return success();
}

static LogicalResult verifyBases(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef what, ArrayRef<int32_t> flat,
                                 unsigned rank) {
  if (rank == 0 ? !flat.empty() : flat.size() % rank != 0)
    return emitError() << what << " bases must have " << rank
                       << " entries each";
  for (int32_t value : flat)
    if (value < 0 || (value != 0 && !llvm::isPowerOf2_32(value)))
      return emitError() << "Each " << what
                         << " basis must be 0 or a power of two, got " << value;
  return success();
}

/// The sizes of the output dimensions that the bases in `lists` (each a flat
/// array of `rank`-entry bases) reach: each is the smallest power of two
/// above every coordinate given to it, as when upstream parses a layout.
static SmallVector<int64_t> inferOutSizes(ArrayRef<ArrayRef<int32_t>> lists,
                                          unsigned rank) {
  SmallVector<int64_t> sizes(rank, 1);
  for (ArrayRef<int32_t> flat : lists)
    for (auto [i, value] : llvm::enumerate(flat))
      if (value > 0)
        sizes[i % rank] =
            std::max<int64_t>(sizes[i % rank], llvm::NextPowerOf2(value));
  return sizes;
}

/// The number of linearly independent bases (over GF(2)) among the nonzero
/// bases of `lists`, and the number of nonzero bases. A basis is read as the
/// bits of its coordinates, one field of log2(size) bits per dimension.
static std::pair<unsigned, unsigned>
countIndependentBases(ArrayRef<ArrayRef<int32_t>> lists, unsigned rank,
                      ArrayRef<int64_t> sizes) {
  SmallVector<unsigned> shift(rank, 0);
  for (unsigned d = 1; d < rank; ++d)
    shift[d] = shift[d - 1] + llvm::Log2_64(sizes[d - 1]);
  SmallVector<uint64_t> rows;
  unsigned nonZero = 0;
  for (ArrayRef<int32_t> flat : lists)
    for (size_t i = 0; i + rank <= flat.size(); i += rank) {
      uint64_t row = 0;
      for (unsigned d = 0; d < rank; ++d)
        row |= static_cast<uint64_t>(flat[i + d]) << shift[d];
      if (row == 0)
        continue;
      ++nonZero;
      // Reduce against the rows kept so far, each with a distinct top bit.
      for (uint64_t kept : rows)
        row = std::min(row, row ^ kept);
      if (row != 0) {
        rows.push_back(row);
        llvm::sort(rows, std::greater<uint64_t>());
      }
    }
  return {static_cast<unsigned>(rows.size()), nonZero};
}

/// The total number of output bits of a layout onto `sizes`.
static unsigned totalBits(ArrayRef<int64_t> sizes) {
  unsigned bits = 0;
  for (int64_t size : sizes)
    bits += llvm::Log2_64(size);
  return bits;
}

/// Bases whose coordinates are non-negative, with at most one nonzero entry
/// each when `singleDim` (a distributed layout, or the rows of a padded
/// shared layout, move along one dimension at a time).
static LogicalResult
verifyBasisEntries(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                   ArrayRef<int32_t> flat, unsigned rank, bool singleDim) {
  if (rank == 0 ? !flat.empty() : flat.size() % rank != 0)
    return emitError() << what << " bases must have " << rank
                       << " entries each";
  for (int32_t value : flat)
    if (value < 0)
      return emitError() << what << " bases must not be negative, got "
                         << value;
  if (!singleDim)
    return success();
  for (size_t i = 0; i < flat.size(); i += rank) {
    ArrayRef<int32_t> basis = flat.slice(i, rank);
    if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
      return emitError() << "each " << what
                         << " basis must move along at most one dimension, "
                            "got ["
                         << basis << "]";
  }
  return success();
}

std::optional<unsigned>
mlir::triton::gpu::getSharedEncodingRank(Attribute encoding) {
  return TypeSwitch<Attribute, std::optional<unsigned>>(encoding)
      .Case([](SwizzledSharedEncodingAttr a) { return a.getOrder().size(); })
      .Case([](NVMMASharedEncodingAttr a) { return a.getRank(); })
      .Case([](PaddedSharedEncodingAttr a) { return a.getRank(); })
      .Case([](SharedLinearEncodingAttr a) { return a.getRank(); })
      .Default([](Attribute) { return std::nullopt; });
}

SmallVector<int64_t>
mlir::triton::gpu::getLinearComponentShape(Attribute encoding) {
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(encoding))
    return inferOutSizes({padded.getOffsetBases(), padded.getBlockBases()},
                         padded.getRank());
  if (auto linear = dyn_cast<SharedLinearEncodingAttr>(encoding))
    return inferOutSizes({linear.getOffsetBases(), linear.getBlockBases()},
                         linear.getRank());
  if (auto linear = dyn_cast<LinearEncodingAttr>(encoding))
    return inferOutSizes({linear.getRegisterBases(), linear.getLaneBases(),
                          linear.getWarpBases(), linear.getBlockBases()},
                         linear.getRank());
  return {};
}

static LogicalResult
verifyPositive(function_ref<InFlightDiagnostic()> emitError, StringRef what,
               ArrayRef<unsigned> values) {
  for (unsigned value : values)
    if (value == 0)
      return emitError() << what << " entries must be positive";
  return success();
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "blocked");
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) ||
      dict.getUnsignedArray("sizePerThread", sizePerThread, true) ||
      dict.getUnsignedArray("threadsPerWarp", threadsPerWarp, true) ||
      dict.getUnsignedArray("warpsPerCTA", warpsPerCTA, true) ||
      dict.getUnsignedArray("order", order, true) ||
      dict.getCGABases(order.size(), cga) || dict.finish())
    return {};
  return parser.getChecked<BlockedEncodingAttr>(parser.getContext(),
                                                sizePerThread, threadsPerWarp,
                                                warpsPerCTA, order, cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printUnsignedArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printUnsignedArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printUnsignedArray(printer, getOrder());
  printCGABases(printer, getCgaBases(), getRank());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order,
    ArrayRef<int32_t> cgaBases) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "blocked layouts must have rank at least 1";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order must have the same rank";
  for (auto [what, values] : {std::pair<StringRef, ArrayRef<unsigned>>{
                                  "sizePerThread", sizePerThread},
                              {"threadsPerWarp", threadsPerWarp},
                              {"warpsPerCTA", warpsPerCTA}})
    for (unsigned value : values)
      if (!llvm::isPowerOf2_32(value))
        return emitError() << what << " entries must be powers of two, got "
                           << value;
  return failure(failed(verifyPermutation(emitError, "order", order)) ||
                 failed(verifyBases(emitError, "CGALayout", cgaBases, rank)));
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "slice");
  unsigned dim = 0;
  Attribute parent;
  if (parseLayoutDict(parser, dict) || dict.getUnsigned("dim", dim, true) ||
      dict.getAttribute("parent", parent) || dict.finish())
    return {};
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

/// The rank of a distributed layout, or nullopt when it has none of its own
/// (a linear layout without bases).
static std::optional<unsigned> getLayoutRank(Attribute layout) {
  return TypeSwitch<Attribute, std::optional<unsigned>>(layout)
      .Case([](BlockedEncodingAttr a) { return a.getRank(); })
      .Case([](NvidiaMmaEncodingAttr a) { return a.getRank(); })
      .Case([](SliceEncodingAttr a) -> std::optional<unsigned> {
        std::optional<unsigned> parentRank = getLayoutRank(a.getParent());
        if (!parentRank)
          return std::nullopt;
        return *parentRank - 1;
      })
      .Case(
          [](DotOperandEncodingAttr a) { return getLayoutRank(a.getParent()); })
      .Case([](LinearEncodingAttr a) { return a.getRank(); })
      .Default([](Attribute) { return std::nullopt; });
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  if (!isDistributedEncoding(parent))
    return emitError() << "the parent of a slice layout must be a "
                          "distributed layout, got "
                       << parent;
  std::optional<unsigned> parentRank = getLayoutRank(parent);
  if (parentRank && *parentRank < 2)
    return emitError() << "parent layout must have at least rank >= 2, got "
                       << *parentRank;
  if (parentRank && dim >= *parentRank)
    return emitError() << "slice dim=" << dim
                       << " must be less than the parent rank=" << *parentRank;
  return success();
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "dot_op");
  unsigned opIdx = 0, kWidth = 0;
  Attribute parent;
  if (parseLayoutDict(parser, dict) || dict.getUnsigned("opIdx", opIdx, true) ||
      dict.getAttribute("parent", parent) ||
      dict.getUnsigned("kWidth", kWidth, false) || dict.finish())
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(parser.getContext(), opIdx,
                                                   parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  // The wording is upstream's: its tests match it.
  if (opIdx > 1)
    return emitError() << "ttg.dot_op opIdx parameter can be 0 or 1, got: "
                       << opIdx;
  // Dot operands are laid out relative to the layout of the product: a
  // tensor-core accumulator or, for FMA, a blocked layout. kWidth is the
  // number of consecutive K values a thread holds.
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    bool tensorCoreRegisters = mma.isAmpere() || mma.isHopper();
    if (kWidth != 0 && !tensorCoreRegisters)
      return emitError() << "ttg.dot_op kWidth parameter can only be "
                            "non-zero for Ampere or Hopper MMA parent";
    if (kWidth == 0 && tensorCoreRegisters)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "Ampere or Hopper MMA parent";
    if (opIdx != 0 && mma.isHopper())
      return emitError() << "ttg.dot_op opIdx parameter must be 0 for Hopper "
                            "MMA parent, since Hopper WGMMA only allows "
                            "first operand to be in registers";
    return success();
  }
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(parent)) {
    unsigned version = wmma.getVersion();
    if (version == 1 && kWidth != 8 && kWidth != 16)
      return emitError() << "ttg.dot_op kWidth parameter must be 8/16 for "
                            "WMMA v1 (including packed cases for "
                            "`scaled_dot`)";
    if (version == 2 && kWidth != 4 && kWidth != 8 && kWidth != 16)
      return emitError() << "ttg.dot_op kWidth parameter must be 4/8/16 for "
                            "WMMA v2 (including packed cases for "
                            "`scaled_dot`)";
    if (version == 3 && kWidth == 0)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "WMMA v3";
    return success();
  }
  if (isa<AMDMfmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "MFMA parent";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "ttg.dot_op kWidth parameter is not supported "
                            "when the parent is a blocked layout";
    return success();
  }
  return emitError() << "ttg.dot_op unexpected parent layout: " << parent;
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "nvidia_mma");
  unsigned major = 0, minor = 0;
  SmallVector<unsigned> warpsPerCTA, instrShape;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) ||
      dict.getUnsigned("versionMajor", major, true) ||
      dict.getUnsigned("versionMinor", minor, false) ||
      dict.getUnsignedArray("warpsPerCTA", warpsPerCTA, true) ||
      dict.getUnsignedArray("instrShape", instrShape, true) ||
      dict.getCGABases(warpsPerCTA.size(), cga) || dict.finish())
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      parser.getContext(), major, minor, warpsPerCTA, instrShape, cga);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printCGABases(printer, getCgaBases(), getRank());
  printer << ", instrShape = ";
  printUnsignedArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned versionMajor,
    unsigned versionMinor, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> instrShape, ArrayRef<int32_t> cgaBases) {
  if (versionMajor < 1 || versionMajor > 3)
    return emitError() << "versionMajor must be 1 (Volta), 2 (Ampere) or 3 "
                          "(Hopper), got "
                       << versionMajor;
  if (warpsPerCTA.size() < 2 || warpsPerCTA.size() > 3)
    return emitError() << "warpsPerCTA must have 2 or 3 entries";
  if (failed(verifyPositive(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  // Hopper's instruction shape is M x N x K; Ampere's M x N, with a
  // leading batch entry for 3-D layouts. As upstream, only what layouts are
  // built from is required: M and N (the lowering checks K itself).
  if (versionMajor != 1 && instrShape.size() < 2)
    return emitError() << "instrShape of a version " << versionMajor
                       << " nvidia_mma layout must have at least 2 entries "
                          "(M and N), got "
                       << instrShape.size();
  return verifyBases(emitError, "CGALayout", cgaBases, warpsPerCTA.size());
}

//===----------------------------------------------------------------------===//
// AMDMfmaEncodingAttr and AMDWmmaEncodingAttr
//===----------------------------------------------------------------------===//

/// Prints `tilesPerWarp` unless it is the default, one tile per warp.
static void printTilesPerWarp(AsmPrinter &printer,
                              ArrayRef<unsigned> tilesPerWarp) {
  if (llvm::all_of(tilesPerWarp, [](unsigned v) { return v == 1; }))
    return;
  printer << ", tilesPerWarp = ";
  printUnsignedArray(printer, tilesPerWarp);
}

/// What the AMD encodings check alike once their instruction is checked:
/// 2-D or batched warps, a tile count per warp dimension, the CTA bases.
static LogicalResult
verifyAmdWarps(function_ref<InFlightDiagnostic()> emitError,
               ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> tilesPerWarp,
               ArrayRef<int32_t> cgaBases) {
  if (warpsPerCTA.size() < 2 || warpsPerCTA.size() > 3)
    return emitError() << "warpsPerCTA must have 2 or 3 entries";
  if (failed(verifyPositive(emitError, "warpsPerCTA", warpsPerCTA)) ||
      failed(verifyPositive(emitError, "tilesPerWarp", tilesPerWarp)))
    return failure();
  if (tilesPerWarp.size() != warpsPerCTA.size())
    return emitError() << "tilesPerWarp must have as many entries as "
                          "warpsPerCTA";
  return verifyBases(emitError, "CGALayout", cgaBases, warpsPerCTA.size());
}

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "amd_mfma");
  unsigned version = 0, elementBitWidth = 32;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, instrShape, tilesPerWarp;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) ||
      dict.getUnsigned("version", version, true) ||
      dict.getUnsignedArray("warpsPerCTA", warpsPerCTA, true) ||
      dict.getUnsignedArray("instrShape", instrShape, true) ||
      dict.getBool("isTransposed", isTransposed, false) ||
      dict.getUnsignedArray("tilesPerWarp", tilesPerWarp, false) ||
      dict.getUnsigned("elementBitWidth", elementBitWidth, false) ||
      dict.getCGABases(warpsPerCTA.size(), cga) || dict.finish())
    return {};
  if (tilesPerWarp.empty())
    tilesPerWarp.assign(warpsPerCTA.size(), 1);
  return parser.getChecked<AMDMfmaEncodingAttr>(
      parser.getContext(), version, warpsPerCTA, instrShape, isTransposed, cga,
      tilesPerWarp, elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printUnsignedArray(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  printCGABases(printer, getCgaBases(), getRank());
  printTilesPerWarp(printer, getTilesPerWarp());
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape,
    bool isTransposed, ArrayRef<int32_t> cgaBases,
    ArrayRef<unsigned> tilesPerWarp, unsigned elementBitWidth) {
  // The wording of the first three is upstream's: its tests match it.
  if (version > 4)
    return emitError() << "version must be in the [0, 4] range";
  if (instrShape.size() != 3)
    return emitError() << "instrShape must be [M, N, K], got "
                       << instrShape.size() << " entries";
  // The M x N shapes of one MFMA instruction.
  static constexpr std::pair<unsigned, unsigned> kShapes[] = {
      {32, 32}, {16, 16}, {64, 4}, {4, 64}};
  if (!llvm::is_contained(kShapes,
                          std::make_pair(instrShape[0], instrShape[1])))
    return emitError() << "invalid (mDim, nDim) combination: (" << instrShape[0]
                       << ", " << instrShape[1] << ")";
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << "elementBitWidth must be 32 or 64";
  return verifyAmdWarps(emitError, warpsPerCTA, tilesPerWarp, cgaBases);
}

/// WMMA's instruction shape when none is given.
static constexpr unsigned kDefaultWmmaShape[] = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "amd_wmma");
  unsigned version = 0;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, tilesPerWarp, instrShape;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) ||
      dict.getUnsigned("version", version, true) ||
      dict.getBool("isTranspose", isTransposed, false) ||
      dict.getUnsignedArray("warpsPerCTA", warpsPerCTA, true) ||
      dict.getUnsignedArray("tilesPerWarp", tilesPerWarp, false) ||
      dict.getUnsignedArray("instrShape", instrShape, false) ||
      dict.getCGABases(warpsPerCTA.size(), cga) || dict.finish())
    return {};
  if (!dict.has("instrShape"))
    instrShape.assign(std::begin(kDefaultWmmaShape),
                      std::end(kDefaultWmmaShape));
  if (tilesPerWarp.empty())
    tilesPerWarp.assign(warpsPerCTA.size(), 1);
  return parser.getChecked<AMDWmmaEncodingAttr>(parser.getContext(), version,
                                                isTransposed, warpsPerCTA,
                                                tilesPerWarp, cga, instrShape);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTransposed() ? "true" : "false")
          << ", warpsPerCTA = ";
  printUnsignedArray(printer, getWarpsPerCTA());
  printCGABases(printer, getCgaBases(), getRank());
  printTilesPerWarp(printer, getTilesPerWarp());
  if (getInstrShape() != ArrayRef<unsigned>(kDefaultWmmaShape)) {
    printer << ", instrShape = ";
    printUnsignedArray(printer, getInstrShape());
  }
  printer << "}>";
}

LogicalResult AMDWmmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    bool isTransposed, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> tilesPerWarp, ArrayRef<int32_t> cgaBases,
    ArrayRef<unsigned> instrShape) {
  // The wording of the first four is upstream's: its tests match it. The
  // shapes each generation's instructions have (M x N x K):
  if (version < 1 || version > 3)
    return emitError() << "WMMA version must be in the [1, 3] range";
  auto isShape = [&](unsigned k) {
    return instrShape.size() == 3 && instrShape[0] == 16 &&
           instrShape[1] == 16 && instrShape[2] == k;
  };
  bool valid = version == 1 ? isShape(16)
               : version == 2
                   ? isShape(16) || isShape(32)
                   : isShape(4) || isShape(32) || isShape(64) || isShape(128);
  if (!valid)
    return emitError() << "invalid WMMA v" << version << " instruction shape";
  return verifyAmdWarps(emitError, warpsPerCTA, tilesPerWarp, cgaBases);
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "linear");
  SmallVector<int32_t> reg, lane, warp, block;
  std::optional<unsigned> rank;
  if (parseLayoutDict(parser, dict) ||
      dict.getBases("register", reg, rank, true) ||
      dict.getBases("lane", lane, rank, true) ||
      dict.getBases("warp", warp, rank, true) ||
      dict.getBases("block", block, rank, true) || dict.finish())
    return {};
  return parser.getChecked<LinearEncodingAttr>(
      parser.getContext(), rank.value_or(0), reg, lane, warp, block);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{register = ";
  printBases(printer, getRegisterBases(), getRank());
  printer << ", lane = ";
  printBases(printer, getLaneBases(), getRank());
  printer << ", warp = ";
  printBases(printer, getWarpBases(), getRank());
  printer << ", block = ";
  printBases(printer, getBlockBases(), getRank());
  printer << "}>";
}

LogicalResult LinearEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned rank,
    ArrayRef<int32_t> registerBases, ArrayRef<int32_t> laneBases,
    ArrayRef<int32_t> warpBases, ArrayRef<int32_t> blockBases) {
  if (rank == 0)
    return emitError() << "a linear layout needs at least one basis, which "
                          "gives its rank";
  if (failed(verifyBasisEntries(emitError, "register", registerBases, rank,
                                /*singleDim=*/true)) ||
      failed(verifyBasisEntries(emitError, "lane", laneBases, rank, true)) ||
      failed(verifyBasisEntries(emitError, "warp", warpBases, rank, true)) ||
      failed(verifyBasisEntries(emitError, "block", blockBases, rank, true)))
    return failure();
  // Without its zero (broadcast) bases the layout must be a bijection onto
  // the shape its bases span.
  SmallVector<ArrayRef<int32_t>> all = {registerBases, laneBases, warpBases,
                                        blockBases};
  SmallVector<int64_t> sizes = inferOutSizes(all, rank);
  auto [independent, nonZero] = countIndependentBases(all, rank, sizes);
  if (independent != nonZero || independent != totalBits(sizes))
    return emitError() << "after removing the zero bases the layout must be "
                          "bijective onto its shape ["
                       << sizes << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// SwizzledSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "swizzled_shared");
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) || dict.getUnsigned("vec", vec, true) ||
      dict.getUnsigned("perPhase", perPhase, true) ||
      dict.getUnsigned("maxPhase", maxPhase, true) ||
      dict.getUnsignedArray("order", order, true) ||
      dict.getCGABases(order.size(), cga) || dict.finish())
    return {};
  return parser.getChecked<SwizzledSharedEncodingAttr>(
      parser.getContext(), vec, perPhase, maxPhase, order, cga);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printUnsignedArray(printer, getOrder());
  printCGABases(printer, getCgaBases(), getOrder().size());
  printer << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   ArrayRef<int32_t> cgaBases) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase must be positive";
  if (order.empty())
    return emitError() << "order must not be empty";
  return failure(
      failed(verifyPermutation(emitError, "order", order)) ||
      failed(verifyBases(emitError, "CGALayout", cgaBases, order.size())));
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "nvmma_shared");
  // Upstream's parser takes the layout without `elementBitWidth` (and
  // leaves it unset); here it is 16 bits then.
  unsigned swizzle = 0, bitWidth = 16, rank = 2;
  bool transposed = false, fp4Padded = false;
  SmallVector<int32_t> cga;
  if (parseLayoutDict(parser, dict) ||
      dict.getUnsigned("swizzlingByteWidth", swizzle, true) ||
      dict.getBool("transposed", transposed, true) ||
      dict.getUnsigned("elementBitWidth", bitWidth, false) ||
      dict.getBool("fp4Padded", fp4Padded, false) ||
      dict.getUnsigned("rank", rank, false))
    return {};
  // Without a `rank` key the CGA bases, when given, say how many
  // dimensions the layout has.
  if (!dict.has("rank") && dict.has("CGALayout")) {
    std::optional<unsigned> cgaRank;
    if (dict.getBases("CGALayout", cga, cgaRank, true))
      return {};
    rank = cgaRank.value_or(rank);
  } else if (dict.getCGABases(rank, cga)) {
    return {};
  }
  if (dict.finish())
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), swizzle, transposed, bitWidth, fp4Padded, rank, cga);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  if (getRank() != 2 && getCgaBases().empty())
    printer << ", rank = " << getRank();
  printCGABases(printer, getCgaBases(), getRank());
  printer << "}>";
}

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzlingByteWidth, bool transposed,
                                unsigned elementBitWidth, bool fp4Padded,
                                unsigned rank, ArrayRef<int32_t> cgaBases) {
  if (rank == 0)
    return emitError() << "rank must be at least 1";
  return verifyBases(emitError, "CGALayout", cgaBases, rank);
}

//===----------------------------------------------------------------------===//
// PaddedSharedEncodingAttr
//===----------------------------------------------------------------------===//

/// The offset bases of the element order given as `order` and `shape`:
/// offsets walk the dimensions from the first of `order`.
static SmallVector<int32_t> identityBases(ArrayRef<unsigned> order,
                                          ArrayRef<unsigned> shape) {
  SmallVector<int32_t> bases;
  unsigned rank = shape.size();
  for (unsigned dim : order)
    for (unsigned bit = 0; (1u << bit) < shape[dim]; ++bit)
      for (unsigned d = 0; d < rank; ++d)
        bases.push_back(d == dim ? 1 << bit : 0);
  return bases;
}

/// The `order` and `shape` whose identity bases are `bases`, if any.
static bool matchIdentityBases(ArrayRef<int32_t> bases, unsigned rank,
                               SmallVectorImpl<unsigned> &order,
                               SmallVectorImpl<unsigned> &shape) {
  if (rank == 0)
    return false;
  shape.assign(rank, 1);
  SmallVector<bool> done(rank, false);
  int current = -1;
  for (size_t i = 0; i < bases.size(); i += rank) {
    ArrayRef<int32_t> basis = bases.slice(i, rank);
    int dim = -1;
    for (unsigned d = 0; d < rank; ++d)
      if (basis[d] != 0) {
        if (dim != -1)
          return false;
        dim = d;
      }
    if (dim == -1)
      return false;
    if (dim != current) {
      if (done[dim])
        return false;
      if (current != -1)
        done[current] = true;
      order.push_back(dim);
      current = dim;
    }
    if (static_cast<unsigned>(basis[dim]) != shape[dim])
      return false;
    shape[dim] *= 2;
  }
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(order, d))
      order.push_back(d);
  return true;
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() ||
        parser.parsePlus() || parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parsePair))
    return {};
  LayoutDict dict(parser, "padded_shared");
  if (dict.parse())
    return {};
  SmallVector<int32_t> offsetBases, blockBases;
  std::optional<unsigned> rank;
  // Two spellings: `order` and `shape`, or the bases `offset` and `block`
  // (any of these names the latter).
  if (!dict.has("offset") && !dict.has("block") &&
      (dict.has("order") || dict.has("shape"))) {
    SmallVector<unsigned> order, shape;
    if (dict.rejectKeysOtherThan({"order", "shape"}) ||
        dict.getUnsignedArray("order", order, true) ||
        dict.getUnsignedArray("shape", shape, true))
      return {};
    if (order.size() != shape.size()) {
      dict.error() << "Mismatch of shape and order ranks in padded layout";
      return {};
    }
    for (unsigned size : shape)
      if (!llvm::isPowerOf2_32(size)) {
        dict.error() << "shape entries must be powers of two";
        return {};
      }
    SmallVector<bool> seen(order.size(), false);
    for (unsigned dim : order) {
      if (dim >= order.size() || seen[dim]) {
        dict.error() << "order must be a permutation";
        return {};
      }
      seen[dim] = true;
    }
    rank = shape.size();
    offsetBases = identityBases(order, shape);
  } else if (dict.rejectKeysOtherThan({"offset", "block"}) ||
             dict.requireBasis("offset") || dict.requireBasis("block") ||
             dict.getBases("offset", offsetBases, rank, true) ||
             dict.getBases("block", blockBases, rank, true)) {
    return {};
  }
  if (dict.finish() || parser.parseGreater())
    return {};
  return parser.getChecked<PaddedSharedEncodingAttr>(
      parser.getContext(), intervals, paddings, rank.value_or(0), offsetBases,
      blockBases);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      llvm::zip(getIntervals(), getPaddings()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
      });
  printer << "] {";
  SmallVector<unsigned> order, shape;
  if (getBlockBases().empty() &&
      matchIdentityBases(getOffsetBases(), getRank(), order, shape)) {
    printer << "order = ";
    printUnsignedArray(printer, order);
    printer << ", shape = ";
    printUnsignedArray(printer, shape);
  } else {
    printer << "offset = ";
    printBases(printer, getOffsetBases(), getRank());
    printer << ", block = ";
    printBases(printer, getBlockBases(), getRank());
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, unsigned rank, ArrayRef<int32_t> offsetBases,
    ArrayRef<int32_t> blockBases) {
  if (intervals.empty() || intervals.size() != paddings.size())
    return emitError() << "expected at least one interval:+padding pair";
  if (!llvm::all_of(intervals, llvm::isPowerOf2_32))
    return emitError() << "interval values must all be power of two";
  if (!llvm::all_of(paddings, llvm::isPowerOf2_32))
    return emitError() << "padding values must all be power of two";
  llvm::SmallDenseSet<unsigned> seen;
  for (unsigned interval : intervals)
    if (!seen.insert(interval).second)
      return emitError() << "interval values cannot have duplicates, got "
                         << interval << " twice";
  if (rank == 0)
    return emitError() << "the layout must have rank at least 1";
  // Whole rows (or chunks of them) are rearranged, never single elements:
  // every basis moves along one dimension by a power of two.
  if (failed(verifyBases(emitError, "offset", offsetBases, rank)) ||
      failed(verifyBases(emitError, "block", blockBases, rank)) ||
      failed(verifyBasisEntries(emitError, "offset", offsetBases, rank,
                                /*singleDim=*/true)) ||
      failed(verifyBasisEntries(emitError, "block", blockBases, rank,
                                /*singleDim=*/true)))
    return failure();
  SmallVector<int64_t> sizes = inferOutSizes({offsetBases, blockBases}, rank);
  auto [offsetIndependent, offsetNonZero] =
      countIndependentBases({offsetBases}, rank, sizes);
  if (offsetNonZero != offsetBases.size() / rank ||
      offsetIndependent != offsetNonZero)
    return emitError() << "the offset bases must not broadcast: they must be "
                          "nonzero and linearly independent";
  if (countIndependentBases({offsetBases, blockBases}, rank, sizes).first !=
      totalBits(sizes))
    return emitError() << "the layout must be surjective onto its shape ["
                       << sizes << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// SharedLinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutDict dict(parser, "shared_linear");
  SmallVector<int32_t> offsetBases, blockBases;
  std::optional<unsigned> rank;
  unsigned alignment = 0;
  if (parser.parseLess() || dict.parse())
    return {};
  if (dict.has("alignment")) {
    dict.error() << "alignment must be specified outside of the linear "
                    "layout braces: #ttg.shared_linear<{...}, alignment = N>";
    return {};
  }
  if (dict.getBases("offset", offsetBases, rank, true) ||
      dict.getBases("block", blockBases, rank, false) || dict.finish() ||
      parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(
      parser.getContext(), rank.value_or(0), offsetBases, blockBases,
      alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{offset = ";
  printBases(printer, getOffsetBases(), getRank());
  printer << ", block = ";
  printBases(printer, getBlockBases(), getRank());
  printer << "}, alignment = " << getAlignment() << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank, ArrayRef<int32_t> offsetBases,
                                 ArrayRef<int32_t> blockBases,
                                 unsigned alignment) {
  if (alignment == 0 || !llvm::isPowerOf2_32(alignment))
    return emitError() << "alignment must be a power of two, got " << alignment;
  if (rank == 0)
    return emitError() << "a shared linear layout needs at least one basis, "
                          "which gives its rank";
  if (failed(verifyBasisEntries(emitError, "offset", offsetBases, rank,
                                /*singleDim=*/false)) ||
      failed(verifyBasisEntries(emitError, "block", blockBases, rank,
                                /*singleDim=*/false)))
    return failure();
  SmallVector<int64_t> sizes = inferOutSizes({offsetBases, blockBases}, rank);
  auto [independent, nonZero] =
      countIndependentBases({offsetBases, blockBases}, rank, sizes);
  if (independent != totalBits(sizes))
    return emitError() << "the layout must be surjective onto its shape ["
                       << sizes << "]";
  if (independent != nonZero)
    return emitError() << "after removing the zero bases the layout must be "
                          "bijective onto its shape ["
                       << sizes << "]";
  return success();
}

//===----------------------------------------------------------------------===//
// Blocked layouts fitted to a shape
//===----------------------------------------------------------------------===//

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncodingForPart(
    MLIRContext *ctx, ArrayRef<int64_t> shapePerCTA,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
    unsigned threadsPerWarp, unsigned numWarps, ArrayRef<int32_t> cgaBases) {
  unsigned rank = shapePerCTA.size();
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned lanesLeft = threadsPerWarp;
  unsigned warpsLeft = numWarps;
  unsigned threadsLeft = threadsPerWarp * numWarps;
  for (unsigned dim : order.drop_back()) {
    unsigned blocks = std::max<int64_t>(
        1, std::max<int64_t>(1, shapePerCTA[dim]) / sizePerThread[dim]);
    unsigned threads = std::clamp(threadsLeft, 1u, blocks);
    lanes[dim] = std::clamp(threads, 1u, lanesLeft);
    warps[dim] = std::clamp(threads / lanes[dim], 1u, warpsLeft);
    lanesLeft /= lanes[dim];
    warpsLeft /= warps[dim];
    threadsLeft /= threads;
  }
  lanes[order.back()] = lanesLeft;
  warps[order.back()] = warpsLeft;
  return BlockedEncodingAttr::get(ctx, sizePerThread, lanes, warps, order,
                                  cgaBases);
}

//===----------------------------------------------------------------------===//
// Blocked layouts of join and split
//===----------------------------------------------------------------------===//

BlockedEncodingAttr
mlir::triton::gpu::getJoinedBlockedEncoding(BlockedEncodingAttr blocked) {
  auto append = [](ArrayRef<unsigned> values, unsigned last) {
    SmallVector<unsigned> result(values);
    result.push_back(last);
    return result;
  };
  unsigned rank = blocked.getRank();
  SmallVector<unsigned> order{rank};
  llvm::append_range(order, blocked.getOrder());
  SmallVector<int32_t> cga;
  ArrayRef<int32_t> oldCga = blocked.getCgaBases();
  for (size_t i = 0; i < oldCga.size(); i += rank) {
    llvm::append_range(cga, oldCga.slice(i, rank));
    cga.push_back(0);
  }
  return BlockedEncodingAttr::get(
      blocked.getContext(), append(blocked.getSizePerThread(), 2),
      append(blocked.getThreadsPerWarp(), 1),
      append(blocked.getWarpsPerCTA(), 1), order, cga);
}

BlockedEncodingAttr
mlir::triton::gpu::getSplitBlockedEncoding(BlockedEncodingAttr blocked) {
  unsigned rank = blocked.getRank();
  // The split dimension leaves the order wherever it stands in it.
  SmallVector<unsigned> order;
  for (unsigned dim : blocked.getOrder())
    if (dim != rank - 1)
      order.push_back(dim);
  SmallVector<int32_t> cga;
  ArrayRef<int32_t> oldCga = blocked.getCgaBases();
  for (size_t i = 0; i < oldCga.size(); i += rank)
    llvm::append_range(cga, oldCga.slice(i, rank - 1));
  return BlockedEncodingAttr::get(
      blocked.getContext(), blocked.getSizePerThread().drop_back(),
      blocked.getThreadsPerWarp().drop_back(),
      blocked.getWarpsPerCTA().drop_back(), order, cga);
}
