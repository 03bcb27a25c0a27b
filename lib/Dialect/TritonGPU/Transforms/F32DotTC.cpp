//===- F32DotTC.cpp - tritongpu-F32DotTC ----------------------------------===//
//
// fp32 dots asked for more precision than one tensor-core pass gives become
// several tensor-core dots of the operands split into a high and low part:
//
// - bf16x3: each operand x is hi = bf16(x) plus mid = bf16(x - hi); the dot
//   is mid*hi + hi*mid + hi*hi (the mid*mid term is below f32's precision);
// - bf16x6: a third part lo = bf16(x - hi - mid), and the dot is
//   mid*mid + lo*hi + hi*lo + mid*hi + hi*mid + hi*hi;
// - tf32x3 (with emu-tf32): hi = tf32(x) (cvt.rna), lo = x - hi, and the
//   dot is lo*hi + hi*lo + hi*hi, each with tf32 precision.
//
// The small products are summed first; a NaN among them (an infinite
// operand makes x - hi NaN) is replaced by zero so that the hi*hi product
// alone decides the result there, and the original accumulator is added
// last.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

struct SplitF32Dot : public OpRewritePattern<DotOp> {
  SplitF32Dot(MLIRContext *ctx, bool emuTF32)
      : OpRewritePattern(ctx), emuTF32(emuTF32) {}

  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    auto isF32 = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getElementType().isF32();
    };
    if (!isF32(dot.getA()) || !isF32(dot.getB()) || !isF32(dot.getC()))
      return failure();
    InputPrecision precision = dot.getInputPrecision();
    unsigned parts;
    bool useTF32 = false;
    switch (precision) {
    case InputPrecision::BF16x3:
      parts = 2;
      break;
    case InputPrecision::BF16x6:
      parts = 3;
      break;
    case InputPrecision::TF32x3:
      if (!emuTF32)
        return failure();
      parts = 2;
      useTF32 = true;
      break;
    default:
      return failure();
    }

    Location loc = dot.getLoc();
    // The parts of `x`, most significant first: each one rounded from the
    // rest the ones before leave, the last tf32 part that rest itself (the
    // tf32 dot reads its top 19 bits).
    auto split = [&](Value x) {
      auto type = cast<RankedTensorType>(x.getType());
      SmallVector<Value> out;
      Value rest = x;
      for (unsigned i = 0; i < parts; ++i) {
        bool last = i + 1 == parts;
        if (useTF32 && last) {
          out.push_back(rest);
          break;
        }
        Value part;
        if (useTF32) {
          // tf32 is an f32 with 13 low mantissa bits cleared; the rounding
          // instruction keeps it in an f32 register.
          part = ElementwiseInlineAsmOp::create(
                     rewriter, loc, TypeRange{type},
                     rewriter.getStringAttr("cvt.rna.tf32.f32 $0, $1;"),
                     rewriter.getStringAttr("=r,r"), rewriter.getBoolAttr(true),
                     rewriter.getI32IntegerAttr(1), ValueRange{rest})
                     .getResult()[0];
        } else {
          part = arith::TruncFOp::create(
              rewriter, loc, type.clone(rewriter.getBF16Type()), rest);
        }
        out.push_back(part);
        if (last)
          break;
        Value wide =
            useTF32 ? part : arith::ExtFOp::create(rewriter, loc, type, part);
        rest = arith::SubFOp::create(rewriter, loc, rest, wide);
      }
      return out;
    };
    SmallVector<Value> a = split(dot.getA());
    SmallVector<Value> b = split(dot.getB());

    auto cType = cast<RankedTensorType>(dot.getC().getType());
    InputPrecision partPrecision =
        useTF32 ? InputPrecision::TF32 : InputPrecision::IEEE;
    auto product = [&](Value x, Value y, Value acc) -> Value {
      return DotOp::create(rewriter, loc, cType, x, y, acc, partPrecision,
                           dot.getMaxNumImpreciseAcc());
    };
    Value zero = arith::ConstantOp::create(
        rewriter, loc, cType,
        DenseElementsAttr::get(cType, rewriter.getF32FloatAttr(0.0f)));
    // (a index, b index) of the small products, smallest first.
    SmallVector<std::pair<unsigned, unsigned>> terms;
    if (parts == 3)
      terms = {{1, 1}, {2, 0}, {0, 2}, {1, 0}, {0, 1}};
    else
      terms = {{1, 0}, {0, 1}};
    Value acc = zero;
    for (auto [i, j] : terms)
      acc = product(a[i], b[j], acc);
    Value isNaN = arith::CmpFOp::create(rewriter, loc,
                                        arith::CmpFPredicate::UNO, acc, acc);
    acc = arith::SelectOp::create(rewriter, loc, isNaN, zero, acc);
    acc = product(a[0], b[0], acc);
    if (!matchPattern(dot.getC(), m_AnyZeroFloat()))
      acc = arith::AddFOp::create(rewriter, loc, acc, dot.getC());
    rewriter.replaceOp(dot, acc);
    return success();
  }

  bool emuTF32;
};

struct F32DotTCPass
    : public triton::gpu::impl::TritonGPUF32DotTCBase<F32DotTCPass> {
  using TritonGPUF32DotTCBase::TritonGPUF32DotTCBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitF32Dot>(&getContext(), emuTF32);
    // Each dot is rewritten once; the dots it makes have other precisions.
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
