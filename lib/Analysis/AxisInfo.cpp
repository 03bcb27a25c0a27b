//===- AxisInfo.cpp - contiguity, divisibility, constancy ----------------===//
//
// The transfer functions follow upstream Triton 3.6 rule for rule (the
// numbers they give are what coalescing and the lowering's vector widths
// are chosen from, so they must agree with upstream's exactly, including
// where upstream is conservative).
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Divisibility of a value known to be 0 (and the "anything" divisibility of
/// values control flow has not reached yet).
constexpr int64_t kMaxDivisor = highestPowOf2Divisor<int64_t>(0);

/// gcd where 0 stands for "no constraint". On magnitudes, so that
/// INT64_MIN (a constant's) is no overflow, saturating at kMaxDivisor.
int64_t gcd(int64_t a, int64_t b) {
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  auto magnitude = [](int64_t v) {
    return v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  };
  uint64_t g = std::gcd(magnitude(a), magnitude(b));
  return g > uint64_t(kMaxDivisor) ? kMaxDivisor : int64_t(g);
}
template <typename... Rest> int64_t gcd(int64_t a, int64_t b, Rest... rest) {
  return gcd(gcd(a, b), rest...);
}

/// lhs * rhs, saturating at kMaxDivisor.
int64_t multiplyDivisor(int64_t lhs, int64_t rhs) {
  if (rhs != 0 && lhs > kMaxDivisor / rhs)
    return kMaxDivisor;
  return lhs * rhs;
}

/// The divisibility of a value that is either `lhs` or `rhs` along `dim`.
/// When their runs have different lengths the runs of the result start at
/// positions of both, so the run lengths bound the divisibility too.
int64_t divisibilityOfEither(const AxisInfo &lhs, const AxisInfo &rhs,
                             int dim) {
  int64_t lc = lhs.getContiguity(dim), rc = rhs.getContiguity(dim);
  if (lc == rc || lc == kMaxDivisor || rc == kMaxDivisor)
    return gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim));
  return gcd(lhs.getDivisibility(dim), rhs.getDivisibility(dim), lc, rc);
}

bool isConstantOne(const AxisInfo &info) {
  return info.getConstantValue() == std::optional<int64_t>(1);
}
bool isConstantZero(const AxisInfo &info) {
  return info.getConstantValue() == std::optional<int64_t>(0);
}

/// The bit width of what a pointer (or tensor of pointers, or block pointer)
/// points to; pointers to pointers count 64 bits.
unsigned getPointeeBitWidth(Type ptrLike) {
  Type pointee = getElementTypeOrSelf(getPointeeType(ptrLike));
  if (isa<PointerType>(pointee))
    return 64;
  return pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 8;
}

/// The shape of a ranked tensor result, or nullopt for a scalar.
std::optional<ArrayRef<int64_t>> getTensorShape(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getShape();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Transfer functions of binary integer ops
//===----------------------------------------------------------------------===//

/// How one binary op transforms its operands' info, one dimension at a time.
/// The defaults know nothing; each op overrides what it can tell.
struct BinaryRule {
  virtual ~BinaryRule() = default;
  virtual int64_t contiguity(const AxisInfo &, const AxisInfo &, int) {
    return 1;
  }
  virtual int64_t divisibility(const AxisInfo &, const AxisInfo &, int) {
    return 1;
  }
  virtual int64_t constancy(const AxisInfo &, const AxisInfo &, int) {
    return 1;
  }
  virtual std::optional<int64_t> constant(const AxisInfo &, const AxisInfo &) {
    return std::nullopt;
  }
};

/// A known constant result is its own info; otherwise each dimension comes
/// from the rule.
AxisInfo applyBinaryRule(BinaryRule &&rule, const AxisInfo &lhs,
                         const AxisInfo &rhs) {
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  std::optional<int64_t> constant = rule.constant(lhs, rhs);
  for (int d = 0, rank = lhs.getRank(); d < rank; ++d) {
    if (constant) {
      contiguity.push_back(1);
      constancy.push_back(std::max(lhs.getConstancy(d), rhs.getConstancy(d)));
      divisibility.push_back(highestPowOf2Divisor<int64_t>(*constant));
    } else {
      contiguity.push_back(rule.contiguity(lhs, rhs, d));
      constancy.push_back(rule.constancy(lhs, rhs, d));
      divisibility.push_back(rule.divisibility(lhs, rhs, d));
    }
  }
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

/// addi, subi and addptr (an add of the offset times the element size).
struct AddSubRule : BinaryRule {
  enum Kind { Add, Sub, AddPtr } kind;
  int64_t elemBytes = 1;
  AddSubRule(Kind kind, int64_t elemBytes = 1)
      : kind(kind), elemBytes(elemBytes) {}

  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    // Runs of consecutive integers are increasing: a run minus a constant is
    // a run, a constant minus a run is not.
    if (kind == Sub)
      return gcd(l.getContiguity(d), r.getConstancy(d));
    return std::max(gcd(l.getConstancy(d), r.getContiguity(d)),
                    gcd(l.getContiguity(d), r.getConstancy(d)));
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    // An addptr stays contiguous in elements; its byte divisibility scales
    // with the element size.
    int64_t rhsDivisibility = r.getDivisibility(d);
    if (kind == AddPtr)
      rhsDivisibility = multiplyDivisor(rhsDivisibility, elemBytes);
    return gcd(l.getDivisibility(d), rhsDivisibility);
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (!l.getConstantValue() || !r.getConstantValue())
      return std::nullopt;
    int64_t a = *l.getConstantValue(), b = *r.getConstantValue();
    switch (kind) {
    case Add:
      return a + b;
    case Sub:
      return a - b;
    case AddPtr:
      return a + b * elemBytes;
    }
    return std::nullopt;
  }
};

struct MulRule : BinaryRule {
  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    int64_t fromLhs = isConstantOne(r) ? l.getContiguity(d) : 1;
    int64_t fromRhs = isConstantOne(l) ? r.getContiguity(d) : 1;
    return std::max(fromLhs, fromRhs);
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    // The divisibility of a run [2^n, 2^n + 1, ...] only holds for its first
    // element: once multiplied it counts as 1.
    int64_t lhsDivisibility = l.getDivisibility(d);
    if (l.getContiguity(d) > 1 && !isConstantOne(r))
      lhsDivisibility = 1;
    int64_t rhsDivisibility = r.getDivisibility(d);
    if (r.getContiguity(d) > 1 && !isConstantOne(l))
      rhsDivisibility = 1;
    return multiplyDivisor(lhsDivisibility, rhsDivisibility);
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    // Times a constant zero, the product is that zero, whatever the other
    // operand.
    bool lZero = l.getConstantValue() == 0, rZero = r.getConstantValue() == 0;
    if (lZero || rZero)
      return std::max(lZero ? l.getConstancy(d) : 1,
                      rZero ? r.getConstancy(d) : 1);
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (l.getConstantValue() == 0 || r.getConstantValue() == 0)
      return 0;
    if (l.getConstantValue() && r.getConstantValue())
      return *l.getConstantValue() * *r.getConstantValue();
    return std::nullopt;
  }
};

/// divsi and divui.
struct DivRule : BinaryRule {
  std::optional<ArrayRef<int64_t>> shape;
  explicit DivRule(std::optional<ArrayRef<int64_t>> shape) : shape(shape) {}

  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    return isConstantOne(r) ? l.getContiguity(d) : 1;
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    if (!shape)
      return 1;
    int64_t result = gcd(l.getConstancy(d), r.getConstancy(d));
    // A whole run divided by one constant: the quotient only changes every
    // gcd(run length, divisibilities) elements.
    if (l.getContiguity(d) == (*shape)[d] && r.getConstancy(d) == (*shape)[d])
      result = std::max(result, gcd(l.getContiguity(d), l.getDivisibility(d),
                                    r.getDivisibility(d)));
    return result;
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    if (isConstantZero(l) || isConstantOne(r))
      return l.getDivisibility(d);
    if (std::optional<int64_t> divisor = r.getConstantValue()) {
      int64_t magnitude = *divisor < 0 ? -*divisor : *divisor;
      if (magnitude > 0 && llvm::isPowerOf2_64(magnitude) &&
          l.getContiguity(d) == 1)
        return std::max<int64_t>(1, l.getDivisibility(d) / magnitude);
    }
    return 1;
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (!l.getConstantValue() || !r.getConstantValue())
      return std::nullopt;
    int64_t a = *l.getConstantValue(), b = *r.getConstantValue();
    if (b == 0 || (b == -1 && a == std::numeric_limits<int64_t>::min()))
      return std::nullopt;
    return a / b;
  }
};

/// remsi and remui.
struct RemRule : BinaryRule {
  std::optional<ArrayRef<int64_t>> shape;
  explicit RemRule(std::optional<ArrayRef<int64_t>> shape) : shape(shape) {}

  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    if (!shape)
      return 1;
    // A whole run modulo one constant wraps every gcd(run length,
    // divisibilities) elements.
    if (l.getContiguity(d) == (*shape)[d] && r.getConstancy(d) == (*shape)[d])
      return gcd(l.getContiguity(d), l.getDivisibility(d),
                 r.getDivisibility(d));
    return 1;
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    // lhs and rhs both multiples of g: so is lhs % rhs, provided rhs is the
    // same over the run (otherwise [2, 2, 4, 4] % [0, 1, 2, 3] has odd
    // elements).
    if (r.getConstancy(d) > 1)
      return gcd(l.getDivisibility(d), r.getDivisibility(d));
    return 1;
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    if (!shape)
      return 1;
    if (isConstantOne(r))
      return (*shape)[d];
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (l.getConstantValue() && r.getConstantValue()) {
      int64_t a = *l.getConstantValue(), b = *r.getConstantValue();
      if (b == 0 || b == -1)
        return b == -1 ? std::optional<int64_t>(0) : std::nullopt;
      return a % b;
    }
    if (isConstantOne(r))
      return 0;
    return std::nullopt;
  }
};

/// andi, ori, xori: only constancy survives.
struct LogicalRule : BinaryRule {
  enum Kind { And, Or, Xor } kind;
  explicit LogicalRule(Kind kind) : kind(kind) {}
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (!l.getConstantValue() || !r.getConstantValue())
      return std::nullopt;
    int64_t a = *l.getConstantValue(), b = *r.getConstantValue();
    switch (kind) {
    case And:
      return a & b;
    case Or:
      return a | b;
    case Xor:
      return a ^ b;
    }
    return std::nullopt;
  }
};

/// 2^shift as a divisor, saturating.
int64_t powerOfTwoDivisor(int64_t shift) {
  if (shift <= 0)
    return 1;
  if (shift >= 62)
    return kMaxDivisor;
  return int64_t(1) << shift;
}

struct ShiftLeftRule : BinaryRule {
  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    return isConstantZero(r) ? l.getContiguity(d) : 1;
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    int64_t shift = r.getConstantValue().value_or(0);
    int64_t lhsDivisibility = l.getDivisibility(d);
    if (l.getContiguity(d) > 1 && shift)
      lhsDivisibility = 1;
    return multiplyDivisor(lhsDivisibility, powerOfTwoDivisor(shift));
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (!l.getConstantValue() || !r.getConstantValue())
      return std::nullopt;
    int64_t shift = *r.getConstantValue();
    if (shift < 0 || shift >= 64)
      return std::nullopt;
    return int64_t(uint64_t(*l.getConstantValue()) << shift);
  }
};

/// shrui and shrsi.
struct ShiftRightRule : BinaryRule {
  int64_t contiguity(const AxisInfo &l, const AxisInfo &r, int d) override {
    return isConstantZero(r) ? l.getContiguity(d) : 1;
  }
  int64_t divisibility(const AxisInfo &l, const AxisInfo &r, int d) override {
    if (!r.getConstantValue())
      return 1;
    int64_t shift = *r.getConstantValue();
    int64_t lhsDivisibility = l.getDivisibility(d);
    if (l.getContiguity(d) > 1 && shift)
      lhsDivisibility = 1;
    return std::max<int64_t>(1, lhsDivisibility / powerOfTwoDivisor(shift));
  }
  int64_t constancy(const AxisInfo &l, const AxisInfo &r, int d) override {
    return gcd(l.getConstancy(d), r.getConstancy(d));
  }
  std::optional<int64_t> constant(const AxisInfo &l,
                                  const AxisInfo &r) override {
    if (!l.getConstantValue() || !r.getConstantValue())
      return std::nullopt;
    int64_t shift = *r.getConstantValue();
    if (shift < 0 || shift >= 64)
      return std::nullopt;
    return *l.getConstantValue() >> shift;
  }
};

//===----------------------------------------------------------------------===//
// Transfer functions of the other ops
//===----------------------------------------------------------------------===//

AxisInfo visitConstant(arith::ConstantOp op) {
  Attribute value = op.getValue();
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    int64_t v = intAttr.getValue().getZExtValue();
    return AxisInfo({1}, {highestPowOf2Divisor(v)}, {1}, v);
  }
  auto splat = dyn_cast<SplatElementsAttr>(value);
  if (splat && splat.getElementType().isIntOrIndex()) {
    int64_t v = splat.getSplatValue<APInt>().getZExtValue();
    auto type = cast<ShapedType>(splat.getType());
    unsigned rank = type.getRank();
    return AxisInfo(AxisInfo::DimVectorT(rank, 1),
                    AxisInfo::DimVectorT(rank, highestPowOf2Divisor(v)),
                    type.getShape(), v);
  }
  return AxisInfo();
}

AxisInfo visitMakeRange(MakeRangeOp op) {
  uint32_t start = op.getStart(), end = op.getEnd();
  return AxisInfo({int64_t(end) - int64_t(start)},
                  {int64_t(highestPowOf2Divisor<uint32_t>(start))}, {1});
}

AxisInfo visitPoison(ub::PoisonOp op) {
  // Never read: anything goes.
  unsigned rank = 1;
  if (auto shaped = dyn_cast<ShapedType>(op.getType()))
    rank = shaped.getRank();
  AxisInfo::DimVectorT all(rank, kMaxDivisor);
  return AxisInfo(all, all, all);
}

AxisInfo visitSplat(SplatOp op, const AxisInfo &src) {
  auto type = cast<RankedTensorType>(op.getType());
  unsigned rank = type.getRank();
  return AxisInfo(
      AxisInfo::DimVectorT(rank, 1),
      AxisInfo::DimVectorT(rank, src.getRank() ? src.getDivisibility(0) : 1),
      type.getShape(), src.getConstantValue());
}

AxisInfo visitLoad(LoadOp op, ArrayRef<const AxisInfo *> operands) {
  // Equal pointers under an equal mask load equal values.
  const AxisInfo &ptr = *operands[0];
  const AxisInfo *mask = operands.size() > 1 ? operands[1] : nullptr;
  AxisInfo::DimVectorT ones(ptr.getRank(), 1), constancy;
  for (int d = 0; d < ptr.getRank(); ++d)
    constancy.push_back(
        gcd(ptr.getConstancy(d), mask ? mask->getConstancy(d) : 0));
  return AxisInfo(ones, ones, constancy);
}

AxisInfo visitExpandDims(ExpandDimsOp op, const AxisInfo &src) {
  AxisInfo::DimVectorT contiguity = src.getContiguity();
  AxisInfo::DimVectorT divisibility = src.getDivisibility();
  AxisInfo::DimVectorT constancy = src.getConstancy();
  // Along the new dimension of size 1 every element starts a run: its
  // divisibility is what all elements share.
  int64_t newDivisibility = 1;
  if (std::optional<int64_t> v = src.getConstantValue()) {
    newDivisibility = highestPowOf2Divisor(*v);
  } else if (src.getRank() > 0) {
    auto elementDivisibility = [&](int d) {
      return src.getContiguity(d) > 1 ? 1 : src.getDivisibility(d);
    };
    newDivisibility = elementDivisibility(0);
    for (int d = 1; d < src.getRank(); ++d)
      newDivisibility = gcd(newDivisibility, elementDivisibility(d));
  }
  unsigned axis = op.getAxis();
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, newDivisibility);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

/// A transpose moves each dimension's facts with the dimension: result
/// dimension i is source dimension order[i].
AxisInfo visitTrans(TransOp op, const AxisInfo &src) {
  ArrayRef<int32_t> order = op.getOrder();
  if (src.getRank() != static_cast<int>(order.size()))
    return AxisInfo();
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  for (int32_t dim : order) {
    contiguity.push_back(src.getContiguity(dim));
    divisibility.push_back(src.getDivisibility(dim));
    constancy.push_back(src.getConstancy(dim));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

AxisInfo visitBroadcast(BroadcastOp op, const AxisInfo &src) {
  ArrayRef<int64_t> srcShape =
      cast<RankedTensorType>(op.getSrc().getType()).getShape();
  ArrayRef<int64_t> shape = cast<RankedTensorType>(op.getType()).getShape();
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  for (unsigned d = 0; d < shape.size(); ++d) {
    bool broadcast = srcShape[d] == 1;
    contiguity.push_back(broadcast ? 1 : src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(broadcast ? shape[d] : src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

bool evaluate(arith::CmpIPredicate predicate, int64_t lhs, int64_t rhs) {
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return lhs == rhs;
  case arith::CmpIPredicate::ne:
    return lhs != rhs;
  case arith::CmpIPredicate::slt:
    return lhs < rhs;
  case arith::CmpIPredicate::sle:
    return lhs <= rhs;
  case arith::CmpIPredicate::sgt:
    return lhs > rhs;
  case arith::CmpIPredicate::sge:
    return lhs >= rhs;
  case arith::CmpIPredicate::ult:
    return uint64_t(lhs) < uint64_t(rhs);
  case arith::CmpIPredicate::ule:
    return uint64_t(lhs) <= uint64_t(rhs);
  case arith::CmpIPredicate::ugt:
    return uint64_t(lhs) > uint64_t(rhs);
  case arith::CmpIPredicate::uge:
    return uint64_t(lhs) >= uint64_t(rhs);
  }
  return false;
}

AxisInfo visitCmp(arith::CmpIOp op, const AxisInfo &lhs, const AxisInfo &rhs) {
  std::optional<ArrayRef<int64_t>> shape = getTensorShape(op.getResult());
  if (!shape)
    return AxisInfo();
  using P = arith::CmpIPredicate;
  P pred = op.getPredicate();
  bool gtOrLe =
      pred == P::sgt || pred == P::ugt || pred == P::sle || pred == P::ule;
  bool ltOrGe =
      pred == P::slt || pred == P::ult || pred == P::sge || pred == P::uge;
  AxisInfo::DimVectorT ones(shape->size(), 1), constancy;
  std::optional<int64_t> constant;
  for (unsigned d = 0; d < shape->size(); ++d) {
    if (lhs.getConstantValue() && rhs.getConstantValue()) {
      constancy.push_back(lhs.getConstancy(d));
      constant =
          evaluate(pred, *lhs.getConstantValue(), *rhs.getConstantValue()) ? 1
                                                                           : 0;
      continue;
    }
    int64_t c = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    // A constant against a run: `c > run` and `c <= run` (and the mirrored
    // `run < c`, `run >= c`) only flip where the run crosses a multiple of
    // the common divisibility.
    if (gtOrLe && lhs.getConstancy(d) == (*shape)[d])
      c = std::max(c, gcd(rhs.getContiguity(d), lhs.getDivisibility(d),
                          rhs.getDivisibility(d)));
    else if (ltOrGe && rhs.getConstancy(d) == (*shape)[d])
      c = std::max(c, gcd(lhs.getContiguity(d), lhs.getDivisibility(d),
                          rhs.getDivisibility(d)));
    constancy.push_back(c);
  }
  return AxisInfo(ones, ones, constancy, constant);
}

AxisInfo visitSelect(arith::SelectOp op, const AxisInfo &cond,
                     const AxisInfo &lhs, const AxisInfo &rhs) {
  if (std::optional<int64_t> c = cond.getConstantValue())
    return *c == 0 ? rhs : lhs;
  // Both sides the same constant: so is the result, whatever is picked.
  if (lhs.getConstantValue() &&
      lhs.getConstantValue() == rhs.getConstantValue()) {
    AxisInfo::DimVectorT contiguity(lhs.getRank(), 1), divisibility, constancy;
    for (int d = 0; d < lhs.getRank(); ++d) {
      divisibility.push_back(divisibilityOfEither(lhs, rhs, d));
      constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return AxisInfo(contiguity, divisibility, constancy,
                    lhs.getConstantValue());
  }
  bool scalarCondition = isa<IntegerType>(op.getCondition().getType());
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  for (int d = 0; d < lhs.getRank(); ++d) {
    // A scalar condition picks a whole operand; a tensor one may switch
    // between them at every change of the condition.
    int64_t condConstancy = scalarCondition ? 0 : cond.getConstancy(d);
    constancy.push_back(
        gcd(lhs.getConstancy(d), rhs.getConstancy(d), condConstancy));
    contiguity.push_back(
        gcd(lhs.getContiguity(d), rhs.getContiguity(d), condConstancy));
    divisibility.push_back(divisibilityOfEither(lhs, rhs, d));
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() &&
      lhs.getConstantValue() == rhs.getConstantValue())
    constant = lhs.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo visitMinMax(Operation *op, const AxisInfo &lhs, const AxisInfo &rhs) {
  int rank = lhs.getRank();
  if (lhs.getConstantValue() && rhs.getConstantValue()) {
    int64_t a = *lhs.getConstantValue(), b = *rhs.getConstantValue();
    bool isMax = isa<arith::MaxSIOp, arith::MaxUIOp>(op);
    int64_t value = isMax ? std::max(a, b) : std::min(a, b);
    // A constant as the operands are: over their common constant blocks.
    AxisInfo::DimVectorT contiguity(rank, 1), divisibility, constancy;
    for (int d = 0; d < rank; ++d) {
      divisibility.push_back(highestPowOf2Divisor<int64_t>(value));
      constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return AxisInfo(contiguity, divisibility, constancy, value);
  }
  AxisInfo::DimVectorT contiguity, divisibility, constancy;
  for (int d = 0; d < rank; ++d) {
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    divisibility.push_back(divisibilityOfEither(lhs, rhs, d));
    contiguity.push_back(gcd(lhs.getContiguity(d), rhs.getContiguity(d)));
  }
  return AxisInfo(contiguity, divisibility, constancy);
}

/// The info of `op`'s (first) result from its operands' info, or a rank-0
/// AxisInfo when no rule applies.
AxisInfo computeAxisInfo(Operation *op, ArrayRef<const AxisInfo *> operands) {
  auto binary = [&](BinaryRule &&rule) {
    return applyBinaryRule(std::move(rule), *operands[0], *operands[1]);
  };
  return TypeSwitch<Operation *, AxisInfo>(op)
      // Casts keep the integers (or addresses) as they are.
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
            triton::gpu::ConvertLayoutOp, UnrealizedConversionCastOp,
            BitcastOp>([&](Operation *) {
        return operands.empty() ? AxisInfo() : *operands[0];
      })
      .Case([&](MakeRangeOp op) { return visitMakeRange(op); })
      .Case([&](ub::PoisonOp op) { return visitPoison(op); })
      .Case([&](arith::ConstantOp op) { return visitConstant(op); })
      .Case([&](AddPtrOp op) {
        int64_t elemBytes =
            std::max<int64_t>(1, getPointeeBitWidth(op.getPtr().getType()) / 8);
        return binary(AddSubRule(AddSubRule::AddPtr, elemBytes));
      })
      .Case([&](arith::AddIOp) { return binary(AddSubRule(AddSubRule::Add)); })
      .Case([&](arith::SubIOp) { return binary(AddSubRule(AddSubRule::Sub)); })
      .Case([&](arith::MulIOp) { return binary(MulRule()); })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](Operation *op) {
        return binary(DivRule(getTensorShape(op->getResult(0))));
      })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *op) {
        return binary(RemRule(getTensorShape(op->getResult(0))));
      })
      .Case([&](BroadcastOp op) { return visitBroadcast(op, *operands[0]); })
      .Case([&](TransOp op) { return visitTrans(op, *operands[0]); })
      .Case([&](SplatOp op) { return visitSplat(op, *operands[0]); })
      .Case([&](ExpandDimsOp op) { return visitExpandDims(op, *operands[0]); })
      .Case([&](arith::CmpIOp op) {
        return visitCmp(op, *operands[0], *operands[1]);
      })
      .Case(
          [&](arith::AndIOp) { return binary(LogicalRule(LogicalRule::And)); })
      .Case([&](arith::OrIOp) { return binary(LogicalRule(LogicalRule::Or)); })
      .Case(
          [&](arith::XOrIOp) { return binary(LogicalRule(LogicalRule::Xor)); })
      .Case([&](arith::SelectOp op) {
        return visitSelect(op, *operands[0], *operands[1], *operands[2]);
      })
      .Case([&](arith::ShLIOp) { return binary(ShiftLeftRule()); })
      .Case<arith::ShRUIOp, arith::ShRSIOp>(
          [&](Operation *) { return binary(ShiftRightRule()); })
      .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>(
          [&](Operation *op) {
            return visitMinMax(op, *operands[0], *operands[1]);
          })
      .Case([&](LoadOp op) { return visitLoad(op, operands); })
      .Default([](Operation *) { return AxisInfo(); });
}

/// The constant facts DeadCodeAnalysis needs: the results of constant ops
/// are known, every other result and block argument is unknown. No folding
/// and no propagation through control flow, so only branches on literal
/// constants are found dead, as in upstream's solver.
class ConstantLiteralAnalysis : public DataFlowAnalysis {
public:
  using DataFlowAnalysis::DataFlowAnalysis;

  LogicalResult initialize(Operation *top) override {
    top->walk([&](Operation *op) {
      Attribute value;
      if (op->getNumResults() == 1 && matchPattern(op, m_Constant(&value))) {
        set(op->getResult(0), dataflow::ConstantValue(value, op->getDialect()));
        return;
      }
      for (Value result : op->getResults())
        set(result, dataflow::ConstantValue::getUnknownConstant());
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value arg : block.getArguments())
            set(arg, dataflow::ConstantValue::getUnknownConstant());
    });
    return success();
  }

  LogicalResult visit(ProgramPoint *) override { return success(); }

private:
  void set(Value value, const dataflow::ConstantValue &constant) {
    auto *lattice =
        getOrCreate<dataflow::Lattice<dataflow::ConstantValue>>(value);
    propagateIfChanged(lattice, lattice->join(constant));
  }
};

/// Marks the partitions of every ttg.warp_specialize executable. They run
/// beside the default region, which is all the op's region-branch interface
/// names, so DeadCodeAnalysis alone never reaches them; their arguments are
/// then the explicit captures (AxisInfoAnalysis::visitNonControlFlowArguments).
class WarpSpecializePartitionsLive : public DataFlowAnalysis {
public:
  using DataFlowAnalysis::DataFlowAnalysis;

  LogicalResult initialize(Operation *top) override {
    top->walk([&](triton::gpu::WarpSpecializePartitionsOp partitions) {
      for (Region &region : partitions->getRegions()) {
        if (region.empty())
          continue;
        auto *executable = getOrCreate<dataflow::Executable>(
            getProgramPointBefore(&region.front()));
        propagateIfChanged(executable, executable->setToLive());
      }
    });
    return success();
  }

  LogicalResult visit(ProgramPoint *) override { return success(); }
};

} // namespace

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                   ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
      constantValue(constantValue) {
  assert(divisibility.size() == contiguity.size() &&
         constancy.size() == contiguity.size() &&
         "one value per dimension expected");
}

void AxisInfo::initDimVectorFromHint(Attribute attr, DimVectorT *vec) {
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr)) {
    *vec = DimVectorT(1, intAttr.getValue().getZExtValue());
    return;
  }
  if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr)) {
    vec->clear();
    for (const APInt &v : dense.getValues<APInt>())
      vec->push_back(v.getSExtValue());
    return;
  }
  if (auto array = dyn_cast_or_null<DenseI32ArrayAttr>(attr)) {
    vec->assign(array.asArrayRef().begin(), array.asArrayRef().end());
    return;
  }
  if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    vec->assign(array.asArrayRef().begin(), array.asArrayRef().end());
}

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  unsigned rank = 1;
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    rank = tensor.getRank();
  else if (auto ptr = dyn_cast<PointerType>(value.getType()))
    if (auto pointee = dyn_cast<RankedTensorType>(ptr.getPointeeType()))
      rank = pointee.getRank();

  DimVectorT contiguity(rank, 1), divisibility(rank, 1), constancy(rank, 1);
  auto setAll = [&](int64_t v) {
    contiguity.assign(rank, v);
    divisibility.assign(rank, v);
    constancy.assign(rank, v);
  };
  auto applyHints = [&](auto getHint) {
    initDimVectorFromHint(getHint("tt.contiguity"), &contiguity);
    initDimVectorFromHint(getHint("tt.divisibility"), &divisibility);
    initDimVectorFromHint(getHint("tt.constancy"), &constancy);
  };

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    Operation *parent = block->getParentOp();
    if (block->isEntryBlock() && parent) {
      if (auto func = dyn_cast<FunctionOpInterface>(parent)) {
        applyHints([&](StringRef name) {
          return func.getArgAttr(arg.getArgNumber(), name);
        });
      } else if (isa<RegionBranchOpInterface,
                     triton::gpu::WarpSpecializePartitionsOp>(parent)) {
        // Control flow fills these in: start from "anything".
        setAll(kMaxDivisor);
      }
    }
  } else if (Operation *op = value.getDefiningOp()) {
    if (isa<RegionBranchOpInterface>(op))
      setAll(kMaxDivisor);
    applyHints([&](StringRef name) { return op->getDiscardableAttr(name); });
  }
  // A hint of the wrong length would break the per-dimension invariant.
  if (contiguity.size() != rank || divisibility.size() != rank ||
      constancy.size() != rank)
    return AxisInfo(DimVectorT(rank, 1), DimVectorT(rank, 1),
                    DimVectorT(rank, 1));
  return AxisInfo(contiguity, divisibility, constancy);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (lhs.getRank() == 0)
    return rhs;
  if (rhs.getRank() == 0)
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return lhs;
  DimVectorT contiguity, divisibility, constancy;
  for (int d = 0; d < lhs.getRank(); ++d) {
    contiguity.push_back(gcd(lhs.getContiguity(d), rhs.getContiguity(d)));
    divisibility.push_back(divisibilityOfEither(lhs, rhs, d));
    constancy.push_back(gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() &&
      lhs.getConstantValue() == rhs.getConstantValue())
    constant = lhs.getConstantValue();
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printVector = [&](StringRef name, const DimVectorT &vec) {
    os << name << " = [";
    llvm::interleaveComma(vec, os);
    os << "]";
  };
  printVector("contiguity", contiguity);
  printVector(", divisibility", divisibility);
  printVector(", constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(DataFlowSolver &solver)
    : dataflow::SparseForwardDataFlowAnalysis<dataflow::Lattice<AxisInfo>>(
          solver) {}

void AxisInfoAnalysis::setToEntryState(dataflow::Lattice<AxisInfo> *lattice) {
  propagateIfChanged(lattice, lattice->join(AxisInfo::getPessimisticValueState(
                                  lattice->getAnchor())));
}

void AxisInfoAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<dataflow::Lattice<AxisInfo> *> argLattices, unsigned firstIndex) {
  Region *region = successor.getSuccessor();
  if (auto forOp = dyn_cast<scf::ForOp>(op); forOp && region) {
    // The induction variable: lb + i * step is a multiple of what divides
    // both.
    ProgramPoint *point = getProgramPointBefore(&region->front());
    const AxisInfo &lb =
        getLatticeElementFor(point, forOp.getLowerBound())->getValue();
    const AxisInfo &step =
        getLatticeElementFor(point, forOp.getStep())->getValue();
    // Bounds not reached yet come back here once they are (this lookup
    // subscribes to them): joining "unknown" now would stick.
    if (lb.getRank() == 0 || step.getRank() == 0)
      return;
    int64_t divisibility = gcd(lb.getDivisibility(0), step.getDivisibility(0));
    propagateIfChanged(argLattices[0], argLattices[0]->join(
                                           AxisInfo({1}, {divisibility}, {1})));
    return;
  }
  if (auto partitions = dyn_cast<triton::gpu::WarpSpecializePartitionsOp>(op);
      partitions && region) {
    // Partition arguments are the warp_specialize's explicit captures.
    auto ws = cast<triton::gpu::WarpSpecializeOp>(partitions->getParentOp());
    ProgramPoint *point = getProgramPointBefore(&region->front());
    for (auto [capture, lattice] :
         llvm::zip(ws.getExplicitCaptures(), argLattices))
      propagateIfChanged(
          lattice,
          lattice->join(getLatticeElementFor(point, capture)->getValue()));
    return;
  }
  SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
      op, successor, argLattices, firstIndex);
}

LogicalResult AxisInfoAnalysis::visitOperation(
    Operation *op, ArrayRef<const dataflow::Lattice<AxisInfo> *> operands,
    ArrayRef<dataflow::Lattice<AxisInfo> *> results) {
  // Operands nothing has reached yet (their definition is in code the solver
  // has not visited) count as unknown.
  for (const dataflow::Lattice<AxisInfo> *operand : operands)
    if (operand->getValue().getRank() == 0)
      setToEntryState(const_cast<dataflow::Lattice<AxisInfo> *>(operand));

  SmallVector<const AxisInfo *> infos;
  for (const dataflow::Lattice<AxisInfo> *operand : operands)
    infos.push_back(&operand->getValue());
  AxisInfo info = computeAxisInfo(op, infos);
  // Facts of another rank than a tensor result's (a cast from an LLVM
  // struct, say) say nothing about it.
  auto tensor = op->getNumResults() == 0
                    ? RankedTensorType()
                    : dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (info.getRank() == 0 || (tensor && tensor.getRank() != info.getRank())) {
    setAllToEntryStates(results);
    return success();
  }

  // The op's own hints override what the rules found.
  AxisInfo::DimVectorT contiguity = info.getContiguity();
  AxisInfo::DimVectorT divisibility = info.getDivisibility();
  AxisInfo::DimVectorT constancy = info.getConstancy();
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr("tt.contiguity"),
                                  &contiguity);
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr("tt.divisibility"),
                                  &divisibility);
  AxisInfo::initDimVectorFromHint(op->getDiscardableAttr("tt.constancy"),
                                  &constancy);
  if (contiguity.size() == divisibility.size() &&
      contiguity.size() == constancy.size())
    info =
        AxisInfo(contiguity, divisibility, constancy, info.getConstantValue());
  for (dataflow::Lattice<AxisInfo> *result : results)
    propagateIfChanged(result, result->join(info));
  return success();
}

std::unique_ptr<DataFlowSolver> mlir::triton::createAxisInfoSolver() {
  auto solver = std::make_unique<DataFlowSolver>();
  solver->load<dataflow::DeadCodeAnalysis>();
  solver->load<ConstantLiteralAnalysis>();
  solver->load<WarpSpecializePartitionsLive>();
  solver->load<AxisInfoAnalysis>();
  return solver;
}

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp mod) {
  SymbolTableCollection symbolTable;
  // The functions of the module and the functions each one calls.
  SmallVector<FunctionOpInterface> funcs;
  DenseMap<Operation *, SmallVector<FunctionOpInterface>> callees;
  DenseSet<Operation *> called;
  for (auto func : mod.getOps<FunctionOpInterface>()) {
    funcs.push_back(func);
    func.walk([&](CallOpInterface call) {
      auto callee = dyn_cast_if_present<FunctionOpInterface>(
          call.resolveCallableInTable(&symbolTable));
      if (!callee || callee == func)
        return;
      callees[func].push_back(callee);
      called.insert(callee);
    });
  }

  // Callers before callees: a post-order from the roots (functions nobody
  // calls), reversed. Functions on a cycle (not supported) come last.
  llvm::SetVector<Operation *> postOrder;
  DenseSet<Operation *> visiting;
  std::function<void(FunctionOpInterface)> visit = [&](FunctionOpInterface f) {
    if (postOrder.contains(f) || !visiting.insert(f).second)
      return;
    for (FunctionOpInterface callee : callees.lookup(f))
      visit(callee);
    postOrder.insert(f);
  };
  for (FunctionOpInterface func : funcs)
    if (!called.contains(func))
      visit(func);
  SmallVector<Operation *> order(postOrder.rbegin(), postOrder.rend());
  for (FunctionOpInterface func : funcs)
    if (!postOrder.contains(func))
      order.push_back(func);

  for (Operation *op : order) {
    auto func = cast<FunctionOpInterface>(op);
    initialize(func);
    func.walk([&](CallOpInterface call) {
      if (auto callee = dyn_cast_if_present<FunctionOpInterface>(
              call.resolveCallableInTable(&symbolTable)))
        update(call, callee);
    });
  }
}

void ModuleAxisInfoAnalysis::initialize(FunctionOpInterface func) {
  std::unique_ptr<DataFlowSolver> solver = createAxisInfoSolver();
  if (failed(solver->initializeAndRun(func)))
    return;
  DenseMap<Value, AxisInfo> &infos = funcInfo[func];
  auto record = [&](Value value) {
    const auto *lattice =
        solver->lookupState<dataflow::Lattice<AxisInfo>>(value);
    if (lattice && lattice->getValue().getRank() > 0)
      infos[value] = lattice->getValue();
  };
  func.walk([&](Operation *op) {
    for (Value result : op->getResults()) {
      record(result);
      // Code the solver found dead (never reached) gets the pessimistic
      // facts rather than none, as upstream's.
      if (!infos.contains(result)) {
        AxisInfo pessimistic = AxisInfo::getPessimisticValueState(result);
        if (pessimistic.getRank() > 0)
          infos[result] = pessimistic;
      }
    }
  });
  func.walk([&](Block *block) {
    for (Value arg : block->getArguments())
      record(arg);
  });
}

void ModuleAxisInfoAnalysis::update(CallOpInterface call,
                                    FunctionOpInterface callee) {
  if (callee.isExternal() || callee.getNumArguments() != call->getNumOperands())
    return;
  MLIRContext *ctx = callee.getContext();
  for (auto [i, operand] : llvm::enumerate(call->getOperands())) {
    unsigned index = i;
    AxisInfo *info = getAxisInfo(operand);
    if (!info)
      continue;
    int rank = info->getRank();
    auto joinInto = [&](StringRef name, const AxisInfo::DimVectorT &known) {
      // What the callee already assumes, "anything" when nothing.
      AxisInfo::DimVectorT assumed(rank, kMaxDivisor);
      AxisInfo::initDimVectorFromHint(callee.getArgAttr(index, name), &assumed);
      if (assumed.size() != size_t(rank))
        assumed.assign(rank, 1);
      for (int d = 0; d < rank; ++d)
        assumed[d] = gcd(known[d], assumed[d]);
      Attribute attr;
      auto i64 = IntegerType::get(ctx, 64);
      if (rank == 1)
        attr = IntegerAttr::get(i64, assumed[0]);
      else
        attr = DenseIntElementsAttr::get(
            RankedTensorType::get({int64_t(rank)}, i64), ArrayRef(assumed));
      callee.setArgAttr(index, name, attr);
    };
    joinInto("tt.contiguity", info->getContiguity());
    joinInto("tt.divisibility", info->getDivisibility());
    joinInto("tt.constancy", info->getConstancy());
  }
}

AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) {
  Region *region = value.getParentRegion();
  Operation *func = region ? region->getParentOp() : nullptr;
  while (func && !isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  if (!func)
    return nullptr;
  auto infos = funcInfo.find(func);
  if (infos == funcInfo.end())
    return nullptr;
  auto it = infos->second.find(value);
  return it == infos->second.end() ? nullptr : &it->second;
}

/// The bit width of the elements a tensor of pointers (or of values) holds.
static unsigned getAccessBitWidth(RankedTensorType type) {
  Type element = type.getElementType();
  if (auto ptr = dyn_cast<PointerType>(element))
    element = ptr.getPointeeType();
  if (isa<PointerType>(element))
    return 64;
  return element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 8;
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value ptrOrOffsets) {
  auto type = dyn_cast<RankedTensorType>(ptrOrOffsets.getType());
  if (!type)
    return 1;
  return getContiguity(ptrOrOffsets, getAccessBitWidth(type));
}

unsigned ModuleAxisInfoAnalysis::getContiguity(Value offsets,
                                               unsigned elementBitWidth) {
  auto type = dyn_cast<RankedTensorType>(offsets.getType());
  if (!type)
    return 1;
  SmallVector<unsigned> order = triton::gpu::getOrder(type);
  unsigned alignment = getAlignment(offsets, elementBitWidth);
  unsigned perThread = triton::gpu::getContigPerThread(type)[order[0]];
  return std::min(alignment, perThread);
}

unsigned ModuleAxisInfoAnalysis::getAlignment(Value ptrOrOffsets) {
  auto type = dyn_cast<RankedTensorType>(ptrOrOffsets.getType());
  if (!type)
    return 1;
  return getAlignment(ptrOrOffsets, getAccessBitWidth(type));
}

unsigned ModuleAxisInfoAnalysis::getAlignment(Value offsets,
                                              unsigned elementBitWidth) {
  auto type = dyn_cast<RankedTensorType>(offsets.getType());
  if (!type)
    return 1;
  AxisInfo *info = getAxisInfo(offsets);
  if (!info || info->getRank() != type.getRank())
    return 1;
  unsigned dim = triton::gpu::getOrder(type)[0];
  int64_t divisibility = info->getDivisibility(dim);
  // Pointers are aligned in bytes, offsets in elements.
  int64_t elemBytes = std::max<unsigned>(elementBitWidth / 8, 1);
  int64_t maxMultiple = isa<PointerType>(type.getElementType())
                            ? std::max<int64_t>(divisibility / elemBytes, 1)
                            : divisibility;
  int64_t alignment = std::min(maxMultiple, info->getContiguity(dim));
  return unsigned(std::clamp<int64_t>(alignment, 1, 1 << 30));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type)
    return 1;
  AxisInfo *info = getAxisInfo(mask);
  if (!info || info->getRank() != type.getRank())
    return 1;
  int64_t constancy = info->getConstancy(triton::gpu::getOrder(type)[0]);
  return unsigned(std::clamp<int64_t>(constancy, 1, 1 << 30));
}
