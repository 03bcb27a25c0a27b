//===- AxisInfo.h - contiguity, divisibility, constancy ------*- C++ -*-===//
//
// What is known, per dimension, about the integers (or pointers) a value
// holds: how long its runs of consecutive integers are (contiguity), the
// largest power of two that divides the first element of each run
// (divisibility), and how long its runs of equal elements are (constancy),
// plus the value itself when it is one known constant. Upstream Triton's
// AxisInfo, with the same rules and numbers, so that the layouts and vector
// widths chosen from it match upstream's.
//
// AxisInfoAnalysis computes it with MLIR's sparse forward data-flow
// framework, so it flows through scf region control flow and cf branches;
// ModuleAxisInfoAnalysis runs it on every function of a module, callers
// first, and seeds each callee's arguments with what its call sites pass.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_ANALYSIS_AXISINFO_H
#define TRITON_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

namespace mlir::triton {

/// The largest power of two that divides `n`; for 0 (divisible by every
/// power of two) the largest one the type holds without reaching its sign
/// bit's neighbour: 2^(bits - 2), as upstream Triton counts it.
template <typename T> constexpr T highestPowOf2Divisor(T n) {
  constexpr T largest = static_cast<T>(1) << (sizeof(T) * 8 - 2);
  using U = std::make_unsigned_t<T>;
  U u = static_cast<U>(n);
  U lowest = u & (~u + 1);
  // 0 (and the most negative value, 2^(bits-1)) are divisible by anything.
  return (n == 0 || lowest > static_cast<U>(largest)) ? largest
                                                      : static_cast<T>(lowest);
}

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

/// The lattice value: per dimension, contiguity, divisibility and constancy,
/// and an optional known constant.
///
/// - contiguity[d]: the length of the shortest run of consecutive increasing
///   integers along d. [[10, 11, 12, 13, 18, 19, 20, 21]] has contiguity
///   [1, 4].
/// - divisibility[d]: the largest power of two dividing the first element of
///   every run of contiguity[d] elements along d. The example above has
///   divisibility [1, 2].
/// - constancy[d]: the length of the shortest run of equal elements along d.
///
/// A default-constructed AxisInfo has rank 0: nothing is known yet (the
/// bottom of the lattice).
class AxisInfo {
public:
  using DimVectorT = SmallVector<int64_t>;

  AxisInfo() = default;
  AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
           ArrayRef<int64_t> constancy,
           std::optional<int64_t> constantValue = std::nullopt);

  int64_t getContiguity(size_t dim) const { return contiguity[dim]; }
  const DimVectorT &getContiguity() const { return contiguity; }
  int64_t getDivisibility(size_t dim) const { return divisibility[dim]; }
  const DimVectorT &getDivisibility() const { return divisibility; }
  int64_t getConstancy(size_t dim) const { return constancy[dim]; }
  const DimVectorT &getConstancy() const { return constancy; }
  int getRank() const { return contiguity.size(); }
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constantValue == other.constantValue;
  }

  /// What is known of `value` before any op tells more: its function
  /// argument's `tt.contiguity` / `tt.divisibility` / `tt.constancy`
  /// attributes (or its defining op's), nothing (all 1) otherwise, and
  /// everything (the largest divisor) for the arguments and results of region
  /// control flow, which the flow itself narrows down.
  static AxisInfo getPessimisticValueState(Value value);

  /// The most that holds for both: gcds of the per-dimension values.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  /// Overwrites `vec` with a hint attribute: an integer (rank 1) or a dense
  /// integer array; leaves it alone for any other attribute (or none).
  static void initDimVectorFromHint(Attribute attr, DimVectorT *vec);

  /// Prints `contiguity = [..], divisibility = [..], constancy = [..],
  /// constant_value = N` (or `<none>`), as upstream does.
  void print(raw_ostream &os) const;

private:
  DimVectorT contiguity;
  DimVectorT divisibility;
  DimVectorT constancy;
  std::optional<int64_t> constantValue;
};

inline raw_ostream &operator<<(raw_ostream &os, const AxisInfo &info) {
  info.print(os);
  return os;
}

//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

/// The sparse forward analysis computing an AxisInfo per SSA value. Load it
/// into a solver next to DeadCodeAnalysis and a constant analysis (as
/// createAxisInfoSolver does).
class AxisInfoAnalysis : public dataflow::SparseForwardDataFlowAnalysis<
                             dataflow::Lattice<AxisInfo>> {
public:
  explicit AxisInfoAnalysis(DataFlowSolver &solver);
  using dataflow::SparseForwardDataFlowAnalysis<
      dataflow::Lattice<AxisInfo>>::getLatticeElement;

  LogicalResult
  visitOperation(Operation *op,
                 ArrayRef<const dataflow::Lattice<AxisInfo> *> operands,
                 ArrayRef<dataflow::Lattice<AxisInfo> *> results) override;

protected:
  void setToEntryState(dataflow::Lattice<AxisInfo> *lattice) override;
  void visitNonControlFlowArguments(
      Operation *op, const RegionSuccessor &successor,
      ArrayRef<dataflow::Lattice<AxisInfo> *> argLattices,
      unsigned firstIndex) override;
};

/// A solver with the analyses AxisInfoAnalysis needs (dead code and
/// constants) and AxisInfoAnalysis itself loaded.
std::unique_ptr<DataFlowSolver> createAxisInfoSolver();

//===----------------------------------------------------------------------===//
// Module-level analysis
//===----------------------------------------------------------------------===//

/// The AxisInfo of every value of every function of a module. Functions are
/// analysed callers first (the call graph must be acyclic); each call passes
/// what it knows of its operands to the callee, whose argument attributes
/// `tt.contiguity`, `tt.divisibility` and `tt.constancy` become the gcd over
/// its call sites (written on the callee, as upstream does). A call's results
/// are not tracked back from the callee: they are as unknown as any op's.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(ModuleOp mod);

  /// The info of `value`, or nullptr when nothing is known (a value outside
  /// the module's functions, or in code the analysis found unreachable).
  AxisInfo *getAxisInfo(Value value);

  /// How many consecutive elements of the tensor of pointers (or offsets)
  /// `ptrOrOffsets` each thread may access with one vector: the contiguity
  /// per thread of its layout along its fastest dimension, bounded by the
  /// alignment. 1 for a scalar.
  unsigned getContiguity(Value ptrOrOffsets);
  /// The same with the element width given (for offsets into a buffer of
  /// `elementBitWidth`-bit elements).
  unsigned getContiguity(Value offsets, unsigned elementBitWidth);

  /// How many consecutive elements along the layout's fastest dimension
  /// start at a multiple of their own size: min(contiguity, divisibility in
  /// elements). 1 for a scalar.
  unsigned getAlignment(Value ptrOrOffsets);
  unsigned getAlignment(Value offsets, unsigned elementBitWidth);

  /// The constancy of a mask along its layout's fastest dimension: how many
  /// consecutive elements one predicate may guard. 1 for a scalar.
  unsigned getMaskAlignment(Value mask);

private:
  void initialize(FunctionOpInterface func);
  void update(CallOpInterface call, FunctionOpInterface callee);

  DenseMap<Operation *, DenseMap<Value, AxisInfo>> funcInfo;
};

} // namespace mlir::triton

#endif // TRITON_ANALYSIS_AXISINFO_H
