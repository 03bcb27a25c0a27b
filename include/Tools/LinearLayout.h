//===- LinearLayout.h - linear maps over GF(2) ------------------*- C++ -*-===//
//
// A LinearLayout says where the elements of a tensor live: it maps a hardware
// location (register, lane, warp, block; or shared-memory offset, block) to
// the logical index of the element held there. Every TritonGPU encoding
// converts to one, and index arithmetic, vector widths and layout conversions
// are derived by composing and inverting them (Zhou et al., "Linear Layouts:
// Robust Code Generation of Efficient Tensor Computation Using F2", 2025).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TOOLS_LINEARLAYOUT_H
#define TRITON_TOOLS_LINEARLAYOUT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mlir::triton {

/// A linear map over GF(2) from named input dimensions to named output
/// dimensions.
///
/// Every dimension has a power-of-two size. An input dimension of size 2^k is
/// given by k bases: basis j is the image of the input whose index in that
/// dimension is 1 << j and 0 in every other dimension, written as one
/// coordinate per output dimension. The image of any input is the XOR of the
/// bases of its set bits, coordinate by coordinate. For example, with bases
///
///   lane = [[0, 1], [1, 0]]          (lane 1 -> (0, 1), lane 2 -> (1, 0))
///   warp = [[1, 1]]                  (warp 1 -> (1, 1))
///
/// and output dimensions (dim0, dim1), lane 3 in warp 1 maps to
/// (0, 1) ^ (1, 0) ^ (1, 1) = (0, 0).
///
/// The order of the dimensions matters only where the layout is flattened
/// (reshapeIns, reshapeOuts, the matrix view of the algebra): the first
/// dimension is the most minor, so its bits are the low bits of the flattened
/// index.
///
/// Layouts map hardware to tensor and not the other way around because one
/// tensor element may be held in several places (broadcasting): the layout is
/// a function but in general not injective. Most layouts are surjective, and
/// constructors insist on it unless told otherwise.
///
/// Sizes are limited to 2^30 in total on either side, which keeps every size
/// and coordinate in an int32_t and lets the algebra work on 64-bit rows.
class LinearLayout {
public:
  /// Bases of each input dimension, in dimension order; each basis has one
  /// coordinate per output dimension.
  using BasesT = llvm::MapVector<StringAttr, std::vector<std::vector<int32_t>>>;

  /// The largest total size (log2) of the input or of the output dimensions.
  static constexpr int32_t kMaxTotalSizeLog2 = 30;

  /// The layout with no dimensions; the identity of operator*.
  LinearLayout() = default;

  /// Builds a layout whose output dimension sizes are inferred: each is the
  /// smallest power of two above every coordinate the bases give it. The
  /// layout must be surjective onto those sizes. Asserts that the bases are
  /// well formed; use tryCreate for bases that come from user input.
  explicit LinearLayout(BasesT bases, ArrayRef<StringAttr> outDimNames);

  /// Builds a layout with explicit output dimension sizes. With
  /// `requireSurjective` false the layout may leave outputs unreached (a
  /// layout onto a larger codomain). Asserts as above.
  explicit LinearLayout(BasesT bases,
                        ArrayRef<std::pair<StringAttr, int32_t>> outDims,
                        bool requireSurjective);

  /// The same two constructors from an initializer list, as in
  /// `LinearLayout({{lane, {{0, 1}, {1, 0}}}}, {dim0, dim1})`; MapVector has
  /// no initializer-list constructor of its own.
  explicit LinearLayout(
      ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
      ArrayRef<StringAttr> outDimNames);
  explicit LinearLayout(
      ArrayRef<std::pair<StringAttr, std::vector<std::vector<int32_t>>>> bases,
      ArrayRef<std::pair<StringAttr, int32_t>> outDims, bool requireSurjective);

  /// Builds a layout from bases that may be malformed (user input, e.g. a
  /// `#ttg.linear` attribute). On failure, reports why through `emitError`
  /// when it is given. Output sizes are inferred and the layout must be
  /// surjective, as in the constructor of the same signature.
  static FailureOr<LinearLayout>
  tryCreate(BasesT bases, ArrayRef<StringAttr> outDimNames,
            function_ref<InFlightDiagnostic()> emitError = nullptr);

  /// As above, with explicit output dimension sizes.
  static FailureOr<LinearLayout>
  tryCreate(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims,
            bool requireSurjective,
            function_ref<InFlightDiagnostic()> emitError = nullptr);

  /// The layout with no dimensions, as a starting point for products:
  /// `LinearLayout ll = empty(); for (...) ll *= ...;`.
  static LinearLayout empty() { return {}; }

  /// L(x) = x for x in [0, size).
  static LinearLayout identity1D(int32_t size, StringAttr inDim,
                                 StringAttr outDim);

  /// L(x) = stride * x for x in [0, size); `stride` is a power of two and the
  /// output has size stride * size, so the layout is not surjective unless
  /// stride is 1.
  static LinearLayout strided1D(int32_t size, int32_t stride, StringAttr inDim,
                                StringAttr outDim);

  /// L(x) = 0 for x in [0, size), onto an output of `outDimSize` (surjective
  /// only when that is 1).
  static LinearLayout zeros1D(int32_t size, StringAttr inDim, StringAttr outDim,
                              int32_t outDimSize = 1);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  const BasesT &getBases() const { return bases; }

  /// The image of inDim = 1 << pos (every other input 0), one coordinate per
  /// output dimension.
  ArrayRef<int32_t> getBasis(StringAttr inDim, int32_t pos) const;
  /// One coordinate of getBasis(inDim, pos).
  int32_t getBasis(StringAttr inDim, int32_t pos, StringAttr outDim) const {
    return getBasis(inDim, pos)[getOutDimIndex(outDim)];
  }

  /// Dimension names, minor to major.
  auto getInDimNames() const { return llvm::make_first_range(bases); }
  auto getOutDimNames() const { return llvm::make_first_range(outDims); }
  auto getOutDimSizes() const { return llvm::make_second_range(outDims); }

  /// (name, size) of each dimension, in order; the form reshapeIns and
  /// reshapeOuts take.
  SmallVector<std::pair<StringAttr, int32_t>> getInDims() const;
  SmallVector<std::pair<StringAttr, int32_t>> getOutDims() const {
    return llvm::to_vector(outDims);
  }

  bool hasInDim(StringAttr inDim) const { return bases.contains(inDim); }
  bool hasOutDim(StringAttr outDim) const { return outDims.contains(outDim); }
  int32_t getNumInDims() const { return bases.size(); }
  int32_t getNumOutDims() const { return outDims.size(); }

  /// Position of `outDim` among getOutDimNames(); asserts that it is there.
  int32_t getOutDimIndex(StringAttr outDim) const;

  /// Sizes of dimensions, which must be present.
  int32_t getInDimSizeLog2(StringAttr inDim) const;
  int32_t getInDimSize(StringAttr inDim) const {
    return 1 << getInDimSizeLog2(inDim);
  }
  int32_t getOutDimSizeLog2(StringAttr outDim) const;
  int32_t getOutDimSize(StringAttr outDim) const {
    return 1 << getOutDimSizeLog2(outDim);
  }

  /// Sizes of the whole input and output spaces (products over dimensions).
  int32_t getTotalInDimSizeLog2() const;
  int32_t getTotalInDimSize() const { return 1 << getTotalInDimSizeLog2(); }
  int32_t getTotalOutDimSizeLog2() const;
  int32_t getTotalOutDimSize() const { return 1 << getTotalOutDimSizeLog2(); }

  /// Every output is the image of some input.
  bool isSurjective() const { return rank == getTotalOutDimSizeLog2(); }
  /// No two inputs share an image (nothing is broadcast).
  bool isInjective() const { return rank == getTotalInDimSizeLog2(); }
  /// Both; then the input and output spaces have the same size.
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// The largest V such that V consecutive indices of the first input
  /// dimension map to V consecutive indices of the first output dimension,
  /// wherever the other inputs are:
  ///
  ///   L(a * V + v, b, ...) = L(a * V, b, ...) + (v, 0, ...) for v in [0, V),
  ///
  /// with + an integer sum, i.e. no bit of L(a * V, b, ...) overlaps v. For a
  /// register layout whose first output dimension is the tensor's fastest
  /// varying one, this is the number of registers a thread can load or store
  /// as one vector. Flatten or transpose the layout first to look at other
  /// dimensions.
  int32_t getNumConsecutiveInOut() const;

  /// For each input dimension, the mask of its free variables: the bits whose
  /// basis is an XOR of the bases of lower bits in flattened order (a zero
  /// basis always is). Flipping such a bit, together with some lower bits,
  /// leaves the output unchanged, so it indexes copies of data held
  /// elsewhere; the other bits reach every output of the image exactly once.
  /// All masks are 0 iff the layout is injective.
  llvm::MapVector<StringAttr, int32_t> getFreeVariableMasks() const;

  /// For a map whose inputs and outputs name the same dimensions (a layout
  /// conversion's `dst.invertAndCompose(src)`): whether input `dim` maps to
  /// output `dim` as the identity and no other input moves along it, so
  /// every value keeps its index in `dim`.
  bool isTrivialOver(StringAttr dim) const;

  /// L(ins): `ins` names every input dimension once, in any order, with a
  /// value inside it. The result has one entry per output dimension, in
  /// order.
  SmallVector<std::pair<StringAttr, int32_t>>
  apply(ArrayRef<std::pair<StringAttr, int32_t>> ins) const;

  /// A readable multi-line rendering: one line per input dimension in the
  /// `#ttg.linear` syntax (`lane = [[0, 1], [1, 0]]`), then the output
  /// dimensions and their sizes.
  std::string toString() const;

  /// Equal bases, dimension names, dimension order and output sizes.
  friend bool operator==(const LinearLayout &lhs, const LinearLayout &rhs);
  friend bool operator!=(const LinearLayout &lhs, const LinearLayout &rhs) {
    return !(lhs == rhs);
  }
  friend llvm::hash_code hash_value(const LinearLayout &layout);

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// The direct product: `inner` acts on the low bits, `outer` on the bits
  /// above them. A dimension in both has its sizes multiplied; the bases of
  /// an input dimension are inner's followed by outer's, and outer's
  /// coordinates in a shared output dimension are shifted above inner's size
  /// of it. Dimensions in only one operand are kept as they are (and map to
  /// 0 in the output dimensions of the other). The result lists inner's
  /// dimensions, then outer's others, each in operand order; dimensions
  /// common to both must appear in the same relative order in each.
  /// Examples:
  ///
  ///   identity1D(4, i, o) * identity1D(2, i, o) == identity1D(8, i, o)
  ///   identity1D(4, i, o) * zeros1D(2, i, o)    : L(x) = x % 4, x in [0, 8)
  ///   zeros1D(2, i, o) * identity1D(4, i, o)    : L(x) = x / 2, x in [0, 8)
  ///   identity1D(4, i, o1) * identity1D(8, i, o2) : L(x) = (x % 4, x / 4)
  ///
  /// Not commutative, but associative, with empty() as its identity. The
  /// product of surjective layouts is surjective.
  friend LinearLayout operator*(LinearLayout inner, LinearLayout outer);
  LinearLayout &operator*=(LinearLayout outer) {
    *this = *this * std::move(outer);
    return *this;
  }

  /// The composition x -> outer(this(x)). This layout's output
  /// dimensions must be outer's input dimensions (in any order), each no
  /// larger than in outer. The result has this layout's input dimensions and
  /// outer's output dimensions and sizes.
  [[nodiscard]] LinearLayout compose(const LinearLayout &outer) const;

  /// Solves this(x) == outer(C(x)) for C. With A = *this and B = outer, the
  /// result C maps A's inputs to B's inputs such that
  ///
  ///   A(x) == B(C(x)) for every input x of A,
  ///
  /// i.e. C(x) = B^-1(A(x)) when B is invertible, hence the name. Typical use:
  /// A maps (register, lane, warp) to a tensor index and B maps a shared-memory
  /// offset to a tensor index; C then gives the offset at which each register
  /// value is stored.
  ///
  /// A and B must have the same output dimensions (in any order; sizes may
  /// differ, a coordinate outside B's sizes is simply unreachable). When B is
  /// not injective several C solve the equation; this picks one as follows.
  /// An input dimension of both A and B with the same bases maps to itself,
  /// so that data held in the same places by both (a broadcast over warps,
  /// say) is not moved. Every other input of A maps to its lowest preimage
  /// under B, in B's flattened input order, among the inputs of B's other
  /// dimensions; if those do not reach A's image, among all of B's inputs.
  ///
  /// Returns std::nullopt if A's image is not inside B's (never the case when
  /// B is surjective and its outputs are as large as A's). The result has
  /// A's input dimensions and B's input dimensions and sizes as outputs.
  [[nodiscard]] std::optional<LinearLayout>
  invertAndCompose(const LinearLayout &outer) const;

  /// The inverse layout (outputs to inputs), or std::nullopt unless the
  /// layout is invertible.
  [[nodiscard]] std::optional<LinearLayout> invert() const;

  /// A generalised inverse P, from this layout's outputs to its inputs, with
  /// L(P(L(x))) == L(x) for every x. For an output y that L reaches, P(y) is
  /// its lowest preimage in flattened input order. An output L does not reach
  /// is first projected onto the image along the output bits that, taken
  /// lowest first, complete the image to the whole output space, and P sends
  /// those bits to 0. Hence P is a right inverse (L o P = id) when L is
  /// surjective, a left inverse (P o L = id) when L is injective, and L's
  /// inverse when L is invertible.
  [[nodiscard]] LinearLayout pseudoinvert() const;

  /// Reorders the input (output) dimensions, given as a permutation of the
  /// current names. Only flattening operations see the difference.
  [[nodiscard]] LinearLayout
  transposeIns(ArrayRef<StringAttr> newInDimOrder) const;
  [[nodiscard]] LinearLayout
  transposeOuts(ArrayRef<StringAttr> newOutDimOrder) const;

  /// Regroups the input (output) bits into new dimensions of power-of-two
  /// sizes whose product is the total input (output) size. The flattened bit
  /// order is kept: the first dimension listed gets the lowest bits, in the
  /// current as in the new dimensions.
  [[nodiscard]] LinearLayout
  reshapeIns(ArrayRef<std::pair<StringAttr, int32_t>> newInDims) const;
  [[nodiscard]] LinearLayout
  reshapeOuts(ArrayRef<std::pair<StringAttr, int32_t>> newOutDims) const;

  /// Reshapes to a single input (output) dimension, named as the first one.
  /// A layout with no input (output) dimension is returned as it is.
  [[nodiscard]] LinearLayout flattenIns() const;
  [[nodiscard]] LinearLayout flattenOuts() const;

  /// The restriction to the given input dimensions (the others are held at
  /// 0), projected onto the given output dimensions. Names may come in any
  /// order; the result keeps this layout's order and output sizes, so it may
  /// not be surjective.
  [[nodiscard]] LinearLayout sublayout(ArrayRef<StringAttr> inDimNames,
                                       ArrayRef<StringAttr> outDimNames) const;

  /// True when sublayout(inDimNames, outDimNames) maps everything to 0.
  bool sublayoutIsZero(ArrayRef<StringAttr> inDimNames,
                       ArrayRef<StringAttr> outDimNames) const;

  /// Puts `other`'s input dimensions after this layout's, as
  /// (x, y) -> this(x) ^ other(y). Both must have the same output dimensions
  /// and sizes, in the same order, and no input dimension in common.
  [[nodiscard]] LinearLayout concatIns(const LinearLayout &other) const;

  /// Puts `other`'s output dimensions after this layout's, as
  /// x -> (this(x), other(x)). Both must have the same input dimensions and
  /// sizes, in the same order, and no output dimension in common.
  [[nodiscard]] LinearLayout concatOuts(const LinearLayout &other) const;

  /// Changes the size of an input dimension: growing appends zero bases (the
  /// new inputs repeat the old ones), shrinking drops the high bases.
  [[nodiscard]] LinearLayout resizeInDim(StringAttr inDim,
                                         int32_t newSize) const;

  /// Changes the size of an output dimension: growing widens the codomain,
  /// shrinking reduces every coordinate in it modulo the new size (keeps its
  /// low bits), as when a layout is applied to a smaller tensor.
  [[nodiscard]] LinearLayout resizeOutDim(StringAttr outDim,
                                          int32_t newSize) const;

private:
  /// Builds without checking; initialize() must follow.
  LinearLayout(BasesT bases, ArrayRef<std::pair<StringAttr, int32_t>> outDims);

  /// Checks the invariants and computes `rank`. Returns why the layout is
  /// malformed, if it is.
  std::optional<std::string> initialize(bool requireSurjective);

  /// bases[inDim][j] = L(inDim = 1 << j), one coordinate per output dimension.
  BasesT bases;
  /// Output dimension sizes, in dimension order.
  llvm::MapVector<StringAttr, int32_t> outDims;
  /// Rank of the map over GF(2): the number of linearly independent bases.
  int32_t rank = 0;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  return os << layout.toString();
}

/// For googletest and other std::ostream clients.
inline std::ostream &operator<<(std::ostream &os, const LinearLayout &layout) {
  return os << layout.toString();
}

} // namespace mlir::triton

#endif // TRITON_TOOLS_LINEARLAYOUT_H
