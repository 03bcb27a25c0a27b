//===- TritonToTritonGPU.cpp - give every tensor a ttg layout -------------===//
//
// convert-triton-to-tritongpu: a partial dialect conversion whose type
// converter gives each tensor type without an encoding the default blocked
// layout of its shape (LayoutRules.h). Most ops only need their operands and
// results retyped, which one generic pattern does; ops whose result layout
// depends on the operand's (reduce, trans, ...) get it through their type
// inference. The few ops that need a particular operand or result layout
// (expand_dims, dot, split, cat, ...) have their own patterns. Where a value
// reaches a user that expects another layout, the type converter's target
// materialization inserts a ttg.convert_layout.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToTritonGPU/Passes.h"

#include "LayoutRules.h"
#include "ScaledDot.h"

#include "Dialect/Triton/IR/Interfaces.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::tt_to_ttg;

namespace {

//===----------------------------------------------------------------------===//
// Types and legality
//===----------------------------------------------------------------------===//

/// Gives tensors without an encoding (also those behind block pointers) the
/// default blocked layout; leaves every other type alone.
class TritonGPUTypeConverter : public TypeConverter {
public:
  TritonGPUTypeConverter(MLIRContext *ctx, const LaunchShape &launch,
                         bool enableSourceRemat)
      : launch(launch) {
    addConversion([](Type type) { return type; });
    addConversion([ctx, launch](RankedTensorType type) -> RankedTensorType {
      if (type.getEncoding())
        return type;
      return type.cloneWithEncoding(
          getDefaultBlockedEncoding(ctx, type.getShape(), launch));
    });
    addConversion([this](PointerType type) -> PointerType {
      auto pointee = dyn_cast<RankedTensorType>(type.getPointeeType());
      if (!pointee)
        return type;
      return PointerType::get(convertType(pointee), type.getAddressSpace());
    });

    // A user that wants another layout than its operand's producer gave.
    addTargetMaterialization([](OpBuilder &builder, RankedTensorType type,
                                ValueRange inputs, Location loc) -> Value {
      if (inputs.size() != 1 || !isa<RankedTensorType>(inputs[0].getType()))
        return {};
      return ConvertLayoutOp::create(builder, loc, type, inputs[0]);
    });
    // A value still used by an op that stays unconverted would need its
    // layout dropped again, which has no ttg op. Refusing it (the default)
    // makes the conversion fail with the op named; the option casts instead.
    addSourceMaterialization([enableSourceRemat](OpBuilder &builder, Type type,
                                                 ValueRange inputs,
                                                 Location loc) -> Value {
      if (!enableSourceRemat)
        return {};
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
    });
  }

  const LaunchShape &getLaunchShape() const { return launch; }

private:
  LaunchShape launch;
};

/// Legal: ttg ops, and ops of the converted dialects whose values (and region
/// arguments) all have layouts; tt.dot also needs dot_op operands.
class TritonGPUConversionTarget : public ConversionTarget {
public:
  TritonGPUConversionTarget(MLIRContext &ctx,
                            const TritonGPUTypeConverter &converter)
      : ConversionTarget(ctx) {
    addLegalDialect<TritonGPUDialect>();
    // Upstream rejects these: nothing downstream handles them.
    addIllegalOp<scf::ExecuteRegionOp, scf::ParallelOp, scf::ReduceOp,
                 scf::ReduceReturnOp>();
    addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect,
                               TritonDialect, cf::ControlFlowDialect,
                               scf::SCFDialect, ub::UBDialect>(
        [&converter](Operation *op) {
          return converter.isLegal(op) &&
                 llvm::all_of(op->getRegions(), [&](Region &region) {
                   return converter.isLegal(&region);
                 });
        });
    addDynamicallyLegalOp<DotOp>([&converter](DotOp op) {
      return isa_and_present<DotOperandEncodingAttr>(
                 op.getA().getType().getEncoding()) &&
             isa_and_present<DotOperandEncodingAttr>(
                 op.getB().getType().getEncoding()) &&
             converter.isLegal(op.getOperation());
    });
    // The entry block follows the signature; other blocks are converted
    // with the branches to them.
    addDynamicallyLegalOp<FuncOp>([&converter](FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType());
    });
  }
};

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The discardable attributes of `op` (e.g. tt.contiguity), which the new op
/// keeps.
static ArrayRef<NamedAttribute> getDiscardableAttrs(Operation *op) {
  return op->getDiscardableAttrDictionary().getValue();
}

/// Creates an op like `op` (name, properties, attributes, regions moved over)
/// on `operands`, with `resultTypes`.
static Operation *rebuildOp(ConversionPatternRewriter &rewriter, Operation *op,
                            ValueRange operands, TypeRange resultTypes,
                            const TypeConverter &converter) {
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, operands,
      NamedAttrList(op->getDiscardableAttrDictionary()),
      op->getPropertiesStorage(), /*successors=*/{}, op->getNumRegions());
  rewriter.insert(newOp);
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions())) {
    rewriter.inlineRegionBefore(from, to, to.end());
    if (!converter.isLegal(&to) &&
        failed(rewriter.convertRegionTypes(&to, converter)))
      return nullptr;
  }
  return newOp;
}

/// A ttg.convert_layout of `value` to `encoding`, unless it has it already.
static Value convertToEncoding(ConversionPatternRewriter &rewriter,
                               Location loc, Value value, Attribute encoding) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == encoding)
    return value;
  return ConvertLayoutOp::create(rewriter, loc,
                                 type.cloneWithEncoding(encoding), value);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Any op of the converted dialects that has no pattern of its own: its
/// operands arrive converted; results get the layout the op's type inference
/// gives for them, or else the type converter's default.
class GenericOpPattern : public ConversionPattern {
public:
  GenericOpPattern(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    // SCF and CF ops and functions have their structural patterns; the ops
    // below have their own.
    if (!isa_and_present<arith::ArithDialect, math::MathDialect, TritonDialect,
                         ub::UBDialect>(op->getDialect()) ||
        op->getNumSuccessors() != 0 ||
        isa<FuncOp, arith::ConstantOp, BroadcastOp, ExpandDimsOp, DotOp,
            SplitOp, CatOp, ReshapeOp, DescriptorGatherOp, DescriptorScatterOp>(
            op))
      return rewriter.notifyMatchFailure(op, "not a generic op");

    SmallVector<Type> resultTypes;
    if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
      if (failed(infer.inferReturnTypes(
              op->getContext(), op->getLoc(), operands, op->getAttrDictionary(),
              op->getPropertiesStorage(), op->getRegions(), resultTypes)))
        return op->emitOpError("cannot infer the result layout from the "
                               "converted operands");
    } else if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                       resultTypes))) {
      return rewriter.notifyMatchFailure(op, "cannot convert result types");
    }
    Operation *newOp =
        rebuildOp(rewriter, op, operands, resultTypes, *getTypeConverter());
    if (!newOp)
      return rewriter.notifyMatchFailure(op, "cannot convert region types");
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// Tensor constants: the dense value is retyped along with the result.
class ArithConstantPattern : public OpConversionPattern<arith::ConstantOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "cannot convert the type");
    TypedAttr value = op.getValue();
    if (auto tensorType = dyn_cast<RankedTensorType>(type)) {
      auto dense = dyn_cast<DenseElementsAttr>(value);
      if (!dense)
        return op.emitOpError("only dense tensor constants can be given a "
                              "layout, got ")
               << value;
      value = dense.reshape(tensorType);
    }
    auto newOp = arith::ConstantOp::create(rewriter, op.getLoc(), type, value);
    newOp->setDiscardableAttrs(getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// tt.broadcast keeps its operand's layout, so no data moves.
class BroadcastPattern : public OpConversionPattern<BroadcastOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute encoding =
        cast<RankedTensorType>(adaptor.getSrc().getType()).getEncoding();
    if (!encoding)
      return rewriter.notifyMatchFailure(op, "operand has no layout");
    auto newOp = BroadcastOp::create(rewriter, op.getLoc(),
                                     op.getType().cloneWithEncoding(encoding),
                                     adaptor.getSrc());
    newOp->setDiscardableAttrs(getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// tt.expand_dims: the operand is moved to a slice of the result's layout,
/// which extends the operand's blocked layout by the new dimension.
class ExpandDimsPattern : public OpConversionPattern<ExpandDimsOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    Attribute encoding = cast<RankedTensorType>(src.getType()).getEncoding();
    unsigned axis = op.getAxis();
    if (auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(encoding)) {
      auto slice = SliceEncodingAttr::get(
          op.getContext(), axis, getExpandDimsResultEncoding(blocked, axis));
      src = convertToEncoding(rewriter, op.getLoc(), src, slice);
    } else {
      auto slice = dyn_cast_if_present<SliceEncodingAttr>(encoding);
      if (!slice || slice.getDim() != axis)
        return op.emitOpError("cannot expand a tensor with layout ")
               << encoding << " at axis " << axis;
    }
    auto newOp =
        ExpandDimsOp::create(rewriter, op.getLoc(), ValueRange{src},
                             op.getProperties(), getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// tt.dot computes in a blocked accumulator layout chosen from the result's
/// size; a and b are moved to dot_op layouts of it, c to it.
class DotPattern : public OpConversionPattern<DotOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto *converter = getTypeConverter<TritonGPUTypeConverter>();
    MLIRContext *ctx = op.getContext();
    RankedTensorType type = op.getType();
    BlockedEncodingAttr accEncoding = getDotAccumulatorEncoding(
        ctx, type.getShape(), converter->getLaunchShape());

    SmallVector<Value, 3> operands{adaptor.getA(), adaptor.getB()};
    for (unsigned opIdx : {0u, 1u}) {
      auto operandType = cast<RankedTensorType>(operands[opIdx].getType());
      Attribute encoding = operandType.getEncoding();
      if (!encoding)
        return rewriter.notifyMatchFailure(op, "operand has no layout");
      if (isa<DotOperandEncodingAttr>(encoding))
        continue;
      auto dotOperand =
          DotOperandEncodingAttr::get(ctx, opIdx, accEncoding, /*kWidth=*/0);
      operands[opIdx] = ConvertLayoutOp::create(
          rewriter, operands[opIdx].getLoc(),
          operandType.cloneWithEncoding(dotOperand), operands[opIdx]);
    }
    // Upstream converts the accumulator unconditionally, at its own location.
    Value acc = adaptor.getC();
    operands.push_back(ConvertLayoutOp::create(
        rewriter, acc.getLoc(), type.cloneWithEncoding(accEncoding), acc));

    auto newOp = DotOp::create(
        rewriter, op.getLoc(), TypeRange{type.cloneWithEncoding(accEncoding)},
        operands, op.getProperties(), getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// tt.split needs the pair it splits in the registers of each thread.
class SplitPattern : public OpConversionPattern<SplitOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto *converter = getTypeConverter<TritonGPUTypeConverter>();
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    if (!isSplittableEncoding(srcType.getEncoding(), srcType.getRank()))
      src = ConvertLayoutOp::create(
          rewriter, op.getLoc(),
          srcType.cloneWithEncoding(getSplitOperandEncoding(
              op.getContext(), op.getOutLHS().getType().getShape(),
              converter->getLaunchShape())),
          src);
    auto newOp = SplitOp::create(rewriter, op.getLoc(), ValueRange{src},
                                 op.getProperties(), getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// tt.cat: the default result layout, with each thread holding the elements
/// of both operands.
class CatPattern : public OpConversionPattern<CatOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getTypeConverter()->convertType<RankedTensorType>(op.getType());
    if (!type || !isa_and_nonnull<BlockedEncodingAttr>(type.getEncoding()))
      return rewriter.notifyMatchFailure(op, "no blocked result layout");
    Attribute encoding = getCatResultEncoding(
        cast<RankedTensorType>(adaptor.getLhs().getType()), type);
    auto newOp = CatOp::create(
        rewriter, op.getLoc(), TypeRange{type.cloneWithEncoding(encoding)},
        adaptor.getOperands(), op.getProperties(), getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// tt.reshape takes the default layout of its result, as upstream gives it.
/// Without allow_reorder that layout must also place the elements as the
/// operand's does (the verifier checks it); where it does not, the result
/// takes the layout the dialect infers from the operand's instead.
class ReshapePattern : public OpConversionPattern<ReshapeOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = getTypeConverter()->convertType<RankedTensorType>(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "cannot convert the type");
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    if (!op.getAllowReorder()) {
      Attribute srcEncoding = srcType.getEncoding();
      auto *iface =
          srcEncoding
              ? dyn_cast<DialectInferLayoutInterface>(&srcEncoding.getDialect())
              : nullptr;
      Attribute inferred;
      if (!iface ||
          failed(iface->inferReshapeOpEncoding(srcType.getShape(), srcEncoding,
                                               type.getShape(), inferred,
                                               /*loc=*/std::nullopt)))
        return op.emitOpError("cannot give a layout to a reshape that keeps "
                              "the element order from operand layout ")
               << srcEncoding;
      if (!iface->isEquivalentLayout(type.getShape(), inferred,
                                     type.getEncoding()))
        type = type.cloneWithEncoding(inferred);
    }
    auto newOp = ReshapeOp::create(rewriter, op.getLoc(), TypeRange{type},
                                   adaptor.getOperands(), op.getProperties(),
                                   getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// TMA gathers and scatters read their row offsets 4 at a time per thread.
template <typename OpTy>
class GatherScatterPattern : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const auto *converter =
        this->template getTypeConverter<TritonGPUTypeConverter>();
    SmallVector<Value> operands(adaptor.getOperands());
    unsigned offsetsIdx = op.getXOffsetsMutable().getOperandNumber();
    operands[offsetsIdx] = convertToEncoding(
        rewriter, op.getLoc(), operands[offsetsIdx],
        getGatherOffsetsEncoding(op.getContext(), converter->getLaunchShape()));
    SmallVector<Type> resultTypes;
    if (failed(converter->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "cannot convert result types");
    auto newOp = OpTy::create(rewriter, op.getLoc(), resultTypes, operands,
                              op.getProperties(), getDiscardableAttrs(op));
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Checks the options; the launch shape must be made of powers of two for
/// the layouts to tile tensors (whose sizes are powers of two) exactly.
static LogicalResult verifyOptions(ModuleOp module, StringRef target,
                                   int32_t numWarps, int32_t threadsPerWarp,
                                   int32_t numCTAs) {
  auto emit = [&]() {
    return emitError(module.getLoc(), "convert-triton-to-tritongpu: ");
  };
  if (target.empty())
    return emit() << "the 'target' option is required, e.g. target=cuda:90";
  auto [backend, arch] = target.split(':');
  bool validTarget =
      (backend == "cuda" && !arch.empty() &&
       llvm::all_of(arch, llvm::isDigit)) ||
      (backend == "hip" && arch.starts_with("gfx") && arch.size() > 3);
  if (!validTarget)
    return emit() << "invalid target '" << target
                  << "': expected cuda:<compute capability> (e.g. cuda:90) "
                     "or hip:<gfx architecture> (e.g. hip:gfx942)";
  for (auto [name, value] :
       {std::pair<StringRef, int32_t>{"num-warps", numWarps},
        {"threads-per-warp", threadsPerWarp},
        {"num-ctas", numCTAs}})
    if (value <= 0 || !llvm::isPowerOf2_32(value))
      return emit() << name << " must be a positive power of two, got "
                    << value;
  return success();
}

class ConvertTritonToTritonGPU
    : public triton::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPU> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (failed(verifyOptions(module, target.getValue(), numWarps.getValue(),
                             threadsPerWarp.getValue(), numCTAs.getValue())))
      return signalPassFailure();

    // A layout maps hardware to a tensor's dimensions: a rank-0 tensor has
    // none to give (Triton's front end makes scalars instead).
    WalkResult rankZero = module.walk([](Operation *op) {
      if (anyTensorHasRankZero(op->getOperandTypes()) ||
          anyTensorHasRankZero(op->getResultTypes())) {
        op->emitOpError("has a rank-0 tensor, which no layout can describe");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (rankZero.wasInterrupted())
      return signalPassFailure();

    // No NVIDIA GPU this targets multiplies microscaled operands natively.
    if (failed(decomposeScaledDots(module)))
      return signalPassFailure();

    Builder builder(ctx);
    module->setAttr(TritonGPUDialect::getNumWarpsAttrName(),
                    builder.getI32IntegerAttr(numWarps));
    module->setAttr(TritonGPUDialect::getThreadsPerWarpAttrName(),
                    builder.getI32IntegerAttr(threadsPerWarp));
    module->setAttr(TritonGPUDialect::getNumCTAsAttrName(),
                    builder.getI32IntegerAttr(numCTAs));
    module->setAttr(TritonGPUDialect::getTargetAttrName(),
                    builder.getStringAttr(target.getValue()));

    LaunchShape launch{static_cast<unsigned>(numWarps.getValue()),
                       static_cast<unsigned>(threadsPerWarp.getValue()),
                       static_cast<unsigned>(numCTAs.getValue())};
    TritonGPUTypeConverter converter(ctx, launch, enableSourceRemat);
    TritonGPUConversionTarget conversionTarget(*ctx, converter);

    RewritePatternSet patterns(ctx);
    patterns.add<GenericOpPattern>(converter, ctx);
    patterns.add<ArithConstantPattern, BroadcastPattern, ExpandDimsPattern,
                 DotPattern, SplitPattern, CatPattern, ReshapePattern,
                 GatherScatterPattern<DescriptorGatherOp>,
                 GatherScatterPattern<DescriptorScatterOp>>(converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns,
                                                             converter);
    cf::populateCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       conversionTarget);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         conversionTarget);

    // The conversion reports the op it could not legalize or the value it
    // could not materialize.
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
