//===- ScaledDot.cpp - tt.dot_scaled as upcasts and a tt.dot --------------===//
//
// No NVIDIA GPU before sm_100 multiplies microscaled operands natively, so a
// `tt.dot_scaled` becomes, on tensors without layouts yet:
//
// - each operand upcast to the compute type (f16 when either operand is
//   fp16, else bf16): fp8 through tt.fp_to_fp; fp4 (e2m1, two values per
//   i8, the low nibble first) decoded bit by bit and interleaved along the
//   packed dimension;
// - multiplied by its scale, if it has one: an e8m0 exponent per 32 values
//   along K, 2^(s - 127) in the compute type (through f32 for f16), NaN
//   for s = 0xFF unless fastMath, broadcast over its 32 values;
// - a tt.dot of the two into the accumulator, which the tensor-core
//   passes then take as any other.
//
//===----------------------------------------------------------------------===//

#include "ScaledDot.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A constant splat of `value` with `like`'s shape and element type `elt`.
Value splat(OpBuilder &b, Location loc, RankedTensorType like, Type elt,
            Attribute value) {
  auto type = like.clone(elt);
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, value));
}

Value intSplat(OpBuilder &b, Location loc, RankedTensorType like,
               unsigned bits, int64_t value) {
  Type elt = b.getIntegerType(bits);
  return splat(b, loc, like, elt, b.getIntegerAttr(elt, value));
}

/// The values of the fp4 (e2m1) nibbles `nibble` (i16, 0..15) in the
/// 16-bit float type `to`, as its bits.
Value decodeE2M1(OpBuilder &b, Location loc, Value nibble, FloatType to) {
  auto type = cast<RankedTensorType>(nibble.getType());
  unsigned mantissa = to.getFPMantissaWidth() - 1; // 7 for bf16, 10 for f16
  int64_t bias = to.isBF16() ? 127 : 15;
  auto c = [&](int64_t v) { return intSplat(b, loc, type, 16, v); };
  // Exponent and mantissa bits, and the sign moved to bit 15.
  Value em = arith::AndIOp::create(b, loc, nibble, c(7));
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, nibble, c(8)), c(12));
  // A normal value (exponent bits not 0): the mantissa bit goes to the
  // top of the mantissa, the exponent is rebiased from 1 to `bias`.
  Value bits = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, em, c(mantissa - 1)), sign);
  Value rebiased =
      arith::AddIOp::create(b, loc, bits, c((bias - 1) << mantissa));
  Value isNormal = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, em, c(6)), c(0));
  bits = arith::SelectOp::create(b, loc, isNormal, rebiased, bits);
  // The one subnormal, 0.5.
  Value half = arith::OrIOp::create(
      b, loc, c(to.isBF16() ? 0x3F00 : 0x3800), sign);
  Value isHalf =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, em, c(1));
  return arith::SelectOp::create(b, loc, isHalf, half, bits);
}

/// Operand `v` (`kind`) upcast to `to`; `isLhs` says whether K is its last
/// dimension, `kPack` whether fp4 values are packed along K.
FailureOr<Value> upcastOperand(OpBuilder &b, Location loc, Operation *op,
                               Value v, ScaleDotElemType kind, FloatType to,
                               bool isLhs, bool kPack) {
  auto type = cast<RankedTensorType>(v.getType());
  MLIRContext *ctx = b.getContext();
  switch (kind) {
  case ScaleDotElemType::BF16:
  case ScaleDotElemType::FP16:
    // bf16 beside fp16: rounded to f16.
    if (type.getElementType() == to)
      return v;
    return FpToFpOp::create(b, loc, type.clone(to), v,
                            RoundingModeAttr::get(ctx, RoundingMode::RTNE))
        .getResult();
  case ScaleDotElemType::E4M3:
  case ScaleDotElemType::E5M2: {
    Type fp8 = kind == ScaleDotElemType::E4M3
                   ? Type(Float8E4M3FNType::get(ctx))
                   : Type(Float8E5M2Type::get(ctx));
    if (type.getElementType() != fp8)
      v = BitcastOp::create(b, loc, type.clone(fp8), v);
    return FpToFpOp::create(b, loc, type.clone(to), v, /*rounding=*/nullptr)
        .getResult();
  }
  case ScaleDotElemType::E2M1: {
    if (!type.getElementType().isInteger(8))
      return op->emitError("e2m1 operands of tt.dot_scaled hold two values "
                           "per i8, not ")
             << type.getElementType();
    Type i16 = b.getI16Type();
    Value wide = arith::ExtUIOp::create(b, loc, type.clone(i16), v);
    Value lo = arith::AndIOp::create(b, loc, wide,
                                     intSplat(b, loc, type, 16, 0xF));
    Value hi = arith::ShRUIOp::create(b, loc, wide,
                                      intSplat(b, loc, type, 16, 4));
    lo = decodeE2M1(b, loc, lo, to);
    hi = decodeE2M1(b, loc, hi, to);
    // [R, C] pairs -> [R, C, 2], then the pair dimension next to the packed
    // one and merged into it.
    Value joined = JoinOp::create(b, loc, lo, hi);
    unsigned packedDim = (isLhs == kPack) ? 1 : 0;
    if (packedDim == 0)
      joined = TransOp::create(b, loc, joined, ArrayRef<int32_t>{0, 2, 1});
    SmallVector<int64_t> shape(type.getShape());
    shape[packedDim] *= 2;
    auto bitsType = RankedTensorType::get(shape, i16);
    Value merged = ReshapeOp::create(b, loc, bitsType, joined,
                                     /*allow_reorder=*/false,
                                     /*efficient_layout=*/false);
    return BitcastOp::create(b, loc, bitsType.clone(to), merged).getResult();
  }
  default:
    return op->emitError("tt.dot_scaled with ")
           << stringifyScaleDotElemType(kind)
           << " operands is not supported (e4m3, e5m2, e2m1, bf16, fp16)";
  }
}

/// `x` (the upcast operand, [M, K] or [K, N]) times its scale `s` (i8,
/// [M, K/32] or [N, K/32]).
FailureOr<Value> applyScale(OpBuilder &b, Location loc, Operation *op,
                            Value x, Value s, FloatType to, bool isLhs,
                            bool fastMath) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto sType = cast<RankedTensorType>(s.getType());
  int64_t k = xType.getShape()[isLhs ? 1 : 0];
  int64_t rows = xType.getShape()[isLhs ? 0 : 1];
  if (!sType.getElementType().isInteger(8) || sType.getRank() != 2 ||
      sType.getShape()[0] != rows || sType.getShape()[1] * 32 != k)
    return op->emitError("a tt.dot_scaled scale must be i8 of shape [")
           << rows << ", " << k / 32 << "] (one per 32 values of K), not "
           << sType;
  // 2^(s - 127): the exponent field of an f32, or of a bf16.
  Value scale;
  if (to.isBF16()) {
    Value bits = arith::ShLIOp::create(
        b, loc,
        arith::ExtUIOp::create(b, loc, sType.clone(b.getI16Type()), s),
        intSplat(b, loc, sType, 16, 7));
    scale = BitcastOp::create(b, loc, sType.clone(to), bits);
  } else {
    Value bits = arith::ShLIOp::create(
        b, loc,
        arith::ExtUIOp::create(b, loc, sType.clone(b.getI32Type()), s),
        intSplat(b, loc, sType, 32, 23));
    Value f32 = BitcastOp::create(b, loc, sType.clone(b.getF32Type()), bits);
    scale = arith::TruncFOp::create(b, loc, sType.clone(to), f32);
  }
  if (!fastMath) {
    Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, s,
                                        intSplat(b, loc, sType, 8, -1));
    Value nan = splat(b, loc, sType, to,
                      b.getFloatAttr(to, llvm::APFloat::getNaN(
                                             to.getFloatSemantics())));
    scale = arith::SelectOp::create(b, loc, isNaN, nan, scale);
  }
  // [R, K/32] -> [R, K/32, 32] -> [R, K], transposed to [K, N] for B.
  Value e = ExpandDimsOp::create(b, loc, scale, 2);
  auto wideType =
      RankedTensorType::get({rows, k / 32, 32}, to);
  Value bcast = BroadcastOp::create(b, loc, wideType, e);
  Value flat = ReshapeOp::create(b, loc, RankedTensorType::get({rows, k}, to),
                                 bcast, /*allow_reorder=*/false,
                                 /*efficient_layout=*/false);
  if (!isLhs)
    flat = TransOp::create(b, loc, flat, ArrayRef<int32_t>{1, 0});
  return arith::MulFOp::create(b, loc, x, flat).getResult();
}

LogicalResult decompose(DotScaledOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  if (aType.getRank() != 2)
    return op.emitError("tt.dot_scaled is decomposed for rank-2 operands "
                        "only, not ")
           << aType;
  bool anyF16 = op.getAElemType() == ScaleDotElemType::FP16 ||
                op.getBElemType() == ScaleDotElemType::FP16;
  FloatType to = anyF16 ? FloatType(b.getF16Type()) : b.getBF16Type();
  FailureOr<Value> a =
      upcastOperand(b, loc, op, op.getA(), op.getAElemType(), to,
                    /*isLhs=*/true, op.getLhsKPack());
  FailureOr<Value> bOp =
      upcastOperand(b, loc, op, op.getB(), op.getBElemType(), to,
                    /*isLhs=*/false, op.getRhsKPack());
  if (failed(a) || failed(bOp))
    return failure();
  if (Value s = op.getAScale()) {
    a = applyScale(b, loc, op, *a, s, to, /*isLhs=*/true, op.getFastMath());
    if (failed(a))
      return failure();
  }
  if (Value s = op.getBScale()) {
    bOp = applyScale(b, loc, op, *bOp, s, to, /*isLhs=*/false,
                     op.getFastMath());
    if (failed(bOp))
      return failure();
  }
  Value d = DotOp::create(b, loc, op.getType(), *a, *bOp, op.getC(),
                          InputPrecision::IEEE, /*maxNumImpreciseAcc=*/0);
  op.replaceAllUsesWith(d);
  op.erase();
  return success();
}

} // namespace

LogicalResult mlir::triton::tt_to_ttg::decomposeScaledDots(ModuleOp module) {
  SmallVector<DotScaledOp> ops;
  module.walk([&](DotScaledOp op) { ops.push_back(op); });
  for (DotScaledOp op : ops) {
    // The decomposition builds tt ops whose layouts the conversion gives
    // them afterwards; a dot whose tensors have layouts already is TTGIR.
    if (anyTensorHasLayout(op->getOperandTypes()))
      return op.emitOpError("has operands with layouts already; "
                            "convert-triton-to-tritongpu decomposes scaled "
                            "dots of tt IR only");
    if (failed(decompose(op)))
      return failure();
  }
  return success();
}
