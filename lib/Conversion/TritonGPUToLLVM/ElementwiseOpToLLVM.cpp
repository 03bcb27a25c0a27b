//===- ElementwiseOpToLLVM.cpp - per-element ops --------------------------===//
//
// An elementwise op on tensors becomes the same op on each of the thread's
// values; the scalar ops are then lowered by the arith, math and tt scalar
// patterns below. Where Triton lowers a scalar op differently from MLIR's
// defaults (fast exp, full-range division, fp8 conversions, libdevice), the
// patterns here take precedence.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isTensorWithLayout(Type t) {
  auto tensor = dyn_cast<RankedTensorType>(t);
  return tensor && tensor.getEncoding();
}

/// Whether every attribute of `op` is a default that the LLVM op built for
/// it leaves implied: no fast-math flags, no overflow flags (the predicate
/// of a comparison is read separately).
bool hasOnlyDefaultAttrs(Operation *op) {
  for (NamedAttribute attr : op->getAttrs()) {
    if (auto fastmath = dyn_cast<arith::FastMathFlagsAttr>(attr.getValue())) {
      if (fastmath.getValue() != arith::FastMathFlags::none)
        return false;
    } else if (auto overflow =
                   dyn_cast<arith::IntegerOverflowFlagsAttr>(attr.getValue())) {
      if (overflow.getValue() != arith::IntegerOverflowFlags::none)
        return false;
    } else if (!isa<arith::CmpIOp, arith::CmpFOp>(op) ||
               attr.getName() != "predicate") {
      return false;
    }
  }
  return true;
}

/// The LLVM op for one register of a common arith op whose operands and
/// results are already LLVM types and whose attributes hasOnlyDefaultAttrs
/// accepts, built straight away: the same op as MLIR's arith-to-LLVM
/// patterns would build from a scalar arith op, without making and
/// legalizing that op (a third of the lowering's time on elementwise
/// kernels). Null for any other op, which then goes the general way.
Operation *buildLLVMElementwise(Operation *op, ValueRange operands,
                                TypeRange results, OpBuilder &b) {
  if (results.size() != 1)
    return nullptr;
  Location loc = op->getLoc();
  Type type = results[0];
  auto binary = [&](auto tag) -> Operation * {
    using LLVMOp = decltype(tag);
    return LLVMOp::create(b, loc, type, operands[0], operands[1]);
  };
  auto unary = [&](auto tag) -> Operation * {
    using LLVMOp = decltype(tag);
    return LLVMOp::create(b, loc, type, operands[0]);
  };
  // A comparison whose predicate has an LLVM spelling of the same name. The
  // always-true and always-false ones are spelled differently; the general
  // way handles them.
  auto compare = [&](auto tag, auto predicate) -> Operation * {
    using LLVMOp = decltype(tag);
    if (!predicate)
      return nullptr;
    return LLVMOp::create(b, loc, type, *predicate, operands[0], operands[1]);
  };
  return llvm::TypeSwitch<Operation *, Operation *>(op)
      .Case([&](arith::AddFOp) { return binary(LLVM::FAddOp()); })
      .Case([&](arith::SubFOp) { return binary(LLVM::FSubOp()); })
      .Case([&](arith::MulFOp) { return binary(LLVM::FMulOp()); })
      .Case([&](arith::RemFOp) { return binary(LLVM::FRemOp()); })
      .Case([&](arith::NegFOp) { return unary(LLVM::FNegOp()); })
      .Case([&](arith::AddIOp) { return binary(LLVM::AddOp()); })
      .Case([&](arith::SubIOp) { return binary(LLVM::SubOp()); })
      .Case([&](arith::MulIOp) { return binary(LLVM::MulOp()); })
      .Case([&](arith::DivSIOp) { return binary(LLVM::SDivOp()); })
      .Case([&](arith::DivUIOp) { return binary(LLVM::UDivOp()); })
      .Case([&](arith::RemSIOp) { return binary(LLVM::SRemOp()); })
      .Case([&](arith::RemUIOp) { return binary(LLVM::URemOp()); })
      .Case([&](arith::AndIOp) { return binary(LLVM::AndOp()); })
      .Case([&](arith::OrIOp) { return binary(LLVM::OrOp()); })
      .Case([&](arith::XOrIOp) { return binary(LLVM::XOrOp()); })
      .Case([&](arith::ShLIOp) { return binary(LLVM::ShlOp()); })
      .Case([&](arith::ShRSIOp) { return binary(LLVM::AShrOp()); })
      .Case([&](arith::ShRUIOp) { return binary(LLVM::LShrOp()); })
      .Case([&](arith::MaxSIOp) { return binary(LLVM::SMaxOp()); })
      .Case([&](arith::MinSIOp) { return binary(LLVM::SMinOp()); })
      .Case([&](arith::MaxUIOp) { return binary(LLVM::UMaxOp()); })
      .Case([&](arith::MinUIOp) { return binary(LLVM::UMinOp()); })
      .Case([&](arith::MaxNumFOp) { return binary(LLVM::MaxNumOp()); })
      .Case([&](arith::MinNumFOp) { return binary(LLVM::MinNumOp()); })
      .Case([&](arith::MaximumFOp) { return binary(LLVM::MaximumOp()); })
      .Case([&](arith::MinimumFOp) { return binary(LLVM::MinimumOp()); })
      .Case([&](arith::ExtSIOp) { return unary(LLVM::SExtOp()); })
      .Case([&](arith::ExtUIOp) { return unary(LLVM::ZExtOp()); })
      .Case([&](arith::TruncIOp) { return unary(LLVM::TruncOp()); })
      .Case([&](arith::SIToFPOp) { return unary(LLVM::SIToFPOp()); })
      .Case([&](arith::UIToFPOp) { return unary(LLVM::UIToFPOp()); })
      .Case([&](arith::FPToSIOp) { return unary(LLVM::FPToSIOp()); })
      .Case([&](arith::FPToUIOp) { return unary(LLVM::FPToUIOp()); })
      .Case([&](arith::ExtFOp) { return unary(LLVM::FPExtOp()); })
      .Case([&](arith::TruncFOp) { return unary(LLVM::FPTruncOp()); })
      .Case([&](arith::BitcastOp) { return unary(LLVM::BitcastOp()); })
      .Case([&](arith::SelectOp) -> Operation * {
        return LLVM::SelectOp::create(b, loc, type, operands[0], operands[1],
                                      operands[2]);
      })
      .Case([&](arith::CmpIOp cmp) {
        return compare(LLVM::ICmpOp(),
                       LLVM::symbolizeICmpPredicate(
                           arith::stringifyCmpIPredicate(cmp.getPredicate())));
      })
      .Case([&](arith::CmpFOp cmp) {
        return compare(LLVM::FCmpOp(),
                       LLVM::symbolizeFCmpPredicate(
                           arith::stringifyCmpFPredicate(cmp.getPredicate())));
      })
      .Default([](Operation *) { return nullptr; });
}

/// Splits an elementwise op on tensors into one op per register.
/// Registers that the axis info shows equal to a lower one (see
/// EqualRegisterBits) take that one's values instead of their own op.
struct ElementwiseOpConversion : public ConversionPattern {
  ElementwiseOpConversion(TypeConverter &converter, MLIRContext *ctx,
                          const EqualRegisterBits &equalRegisterBits)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/10, ctx),
        equalRegisterBits(equalRegisterBits) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() == 0 ||
        op->getNumRegions() != 0)
      return failure();
    if (!llvm::all_of(op->getResultTypes(), isTensorWithLayout))
      return failure();
    // These lower tensors themselves.
    if (isa<FpToFpOp, AddPtrOp, IntToPtrOp, PtrToIntOp, BitcastOp,
            ElementwiseInlineAsmOp>(op))
      return failure();
    Location loc = op->getLoc();
    unsigned n = getNumRegisters(op->getResult(0).getType());
    SmallVector<SmallVector<Value>> unpacked;
    for (auto [operand, original] : llvm::zip(operands, op->getOperands())) {
      SmallVector<Value> values = unpackLLElements(loc, operand, rewriter);
      if (isa<RankedTensorType>(original.getType()) && values.size() != n)
        return rewriter.notifyMatchFailure(op, "operand layout differs");
      unpacked.push_back(values);
    }
    SmallVector<Type> resultElts;
    for (Type t : op->getResultTypes())
      resultElts.push_back(cast<RankedTensorType>(t).getElementType());

    // Register r of an operand (a scalar operand serves every register).
    auto registerOf = [](ArrayRef<Value> values, unsigned r) {
      return values.size() == 1 ? values[0] : values[r];
    };
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    uint32_t equalBits = equalRegisterBits.lookup(op);
    // Whether register r repeats a lower one's values, which it then takes.
    auto repeats = [&](unsigned r) {
      if (!(r & equalBits))
        return false;
      for (auto &values : results)
        values.push_back(values[r & ~equalBits]);
      return true;
    };
    // Common arith ops on LLVM types become their LLVM ops directly.
    const TypeConverter *converter = getTypeConverter();
    auto isLLVMType = [&](Type t) {
      return LLVM::isCompatibleType(t) && converter->convertType(t) == t;
    };
    bool direct = hasOnlyDefaultAttrs(op) &&
                  llvm::all_of(op->getOperandTypes(),
                               [&](Type t) {
                                 return isLLVMType(getElementTypeOrSelf(t));
                               }) &&
                  llvm::all_of(resultElts, isLLVMType);
    // A select picks between its operands' LLVM values, whatever they stand
    // for (pointers, fp8 as i8).
    if (isa<arith::SelectOp>(op) && hasOnlyDefaultAttrs(op)) {
      resultElts[0] = converter->convertType(resultElts[0]);
      direct = true;
    }
    for (unsigned r = 0; direct && r < n; ++r) {
      if (repeats(r))
        continue;
      SmallVector<Value> scalarOperands;
      for (const SmallVector<Value> &values : unpacked)
        scalarOperands.push_back(registerOf(values, r));
      Operation *llvmOp =
          buildLLVMElementwise(op, scalarOperands, resultElts, rewriter);
      if (!llvmOp) {
        assert(r == 0 && "an op is built directly for every register or none");
        direct = false;
        break;
      }
      results[0].push_back(llvmOp->getResult(0));
    }
    for (unsigned r = 0; !direct && r < n; ++r) {
      if (repeats(r))
        continue;
      OperationState state(loc, op->getName());
      for (auto [values, original] : llvm::zip(unpacked, op->getOperands())) {
        Value v = registerOf(values, r);
        // Keep the scalar op well typed: give it its operands' element types
        // (pointers, fp8) through casts the conversion later folds away.
        Type elt = getElementTypeOrSelf(original.getType());
        if (v.getType() != elt && !isa<PointerType>(elt))
          v = UnrealizedConversionCastOp::create(rewriter, loc, elt, v)
                  .getResult(0);
        state.addOperands(v);
      }
      state.addTypes(resultElts);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (unsigned i = 0; i < op->getNumResults(); ++i) {
        Value res = scalar->getResult(i);
        Type llvmType = getTypeConverter()->convertType(res.getType());
        if (llvmType && llvmType != res.getType())
          res = UnrealizedConversionCastOp::create(rewriter, loc, llvmType, res)
                    .getResult(0);
        results[i].push_back(res);
      }
    }
    SmallVector<Value> packed;
    for (auto [i, values] : llvm::enumerate(results))
      packed.push_back(packLLElements(loc, getTypeConverter(), values, rewriter,
                                      op->getResult(i).getType()));
    rewriter.replaceOp(op, packed);
    return success();
  }

  const EqualRegisterBits &equalRegisterBits;
};

/// arith.constant of a splat tensor.
struct TensorConstantConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  TensorConstantConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense)
      return op.emitError("only dense tensor constants can be lowered");
    if (!dense.isSplat())
      return lowerNonSplat(op, dense, rewriter);
    auto splat = cast<SplatElementsAttr>(dense);
    Location loc = op.getLoc();
    Type elt = getTypeConverter()->convertType(type.getElementType());
    TypedAttr value = splat.getSplatValue<TypedAttr>();
    // fp8 and similar are integers in LLVM; their constant keeps its float
    // value (as upstream prints it), which translation writes as its bits.
    auto f = dyn_cast<FloatAttr>(value);
    if (elt != value.getType() &&
        !(f && elt.isInteger(f.getType().getIntOrFloatBitWidth())))
      return op.emitError("a splat constant of ")
             << type.getElementType() << " cannot be lowered";
    Value scalar = LLVM::ConstantOp::create(rewriter, loc, elt, value);
    // Upstream's splat goes through a bitcast to the element's own type
    // (which its tests pin); LLVM folds it away.
    scalar = LLVM::BitcastOp::create(rewriter, loc, elt, scalar);
    SmallVector<Value> values(getNumRegisters(type), scalar);
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), values, rewriter, type));
    return success();
  }

  /// A constant with different elements: constants where each thread holds
  /// them all, else the values go to a constant global array, each thread
  /// loads its elements at their row-major index.
  LogicalResult lowerNonSplat(arith::ConstantOp op, DenseElementsAttr dense,
                              ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    Type elt = getTypeConverter()->convertType(type.getElementType());
    if (!elt || !elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8 ||
        elt != type.getElementType())
      return op.emitError("non-splat tensor constants of ")
             << type.getElementType() << " cannot be lowered";
    ArrayRef<int64_t> shape = type.getShape();
    // Where every thread holds the same elements (the layout repeats them
    // over lanes, warps and CTAs), each register is a constant of its own,
    // as upstream lowers it.
    if (std::optional<LinearLayout> layout = getLayout(type)) {
      SmallVector<StringAttr> threadDims;
      for (StringRef dim : {"lane", "warp", "block"}) {
        StringAttr name = rewriter.getStringAttr(dim);
        if (layout->hasInDim(name))
          threadDims.push_back(name);
      }
      if (layout->sublayoutIsZero(threadDims,
                                  llvm::to_vector(layout->getOutDimNames()))) {
        auto elements = dense.getValues<Attribute>();
        SmallVector<Value> values;
        for (int r = 0, e = getNumRegisters(type); r < e; ++r) {
          SmallVector<int32_t> coords = registerCoords(*layout, r);
          int64_t flat = 0;
          for (auto [c, size] : llvm::zip(coords, shape))
            flat = flat * size + c;
          values.push_back(LLVM::ConstantOp::create(
              rewriter, loc, elt, cast<TypedAttr>(elements[flat])));
        }
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                              rewriter, type));
        return success();
      }
    }
    auto mod = op->getParentOfType<ModuleOp>();
    std::string name;
    for (unsigned i = 0;; ++i) {
      name = "tensor_constant_" + std::to_string(i);
      if (!mod.lookupSymbol(name))
        break;
    }
    auto arrayTy = LLVM::LLVMArrayType::get(elt, type.getNumElements());
    auto flat = dense.reshape(
        RankedTensorType::get({type.getNumElements()}, type.getElementType()));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(mod.getBody());
      LLVM::GlobalOp::create(rewriter, loc, arrayTy, /*isConstant=*/true,
                             LLVM::Linkage::Internal, name, flat,
                             /*alignment=*/16, /*addrSpace=*/1);
    }
    auto ptr1 = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
    Value base = LLVM::AddressOfOp::create(rewriter, loc, ptr1, name);
    SmallVector<Value> values;
    for (SmallVector<Value> &coords : emitIndices(rewriter, loc, type)) {
      Value idx = i32Const(rewriter, loc, 0);
      int64_t stride = 1;
      for (int d = shape.size() - 1; d >= 0; --d) {
        idx = LLVM::AddOp::create(
            rewriter, loc, idx,
            LLVM::MulOp::create(rewriter, loc, coords[d],
                                i32Const(rewriter, loc, stride)));
        stride *= shape[d];
      }
      Value ptr =
          LLVM::GEPOp::create(rewriter, loc, ptr1, elt, base, ValueRange{idx});
      values.push_back(LLVM::LoadOp::create(rewriter, loc, elt, ptr));
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), values, rewriter, type));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

Value callIntrinsic(OpBuilder &b, Location loc, StringRef name, Type result,
                    ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, result, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// arith.truncf of an f32 tensor to f16 or bf16, two registers at a time:
/// one `cvt.rn.f16x2.f32` (`cvt.rn.bf16x2.f32`) per pair, as sm_80 and
/// newer have. Converting each element on its own to a 16-bit register
/// makes ptxas serialize a wgmma whose accumulator feeds the conversion
/// (its warning C7514) when the halves do not end up packed again, as they
/// do not when an epilogue moves them by warp shuffles.
struct TruncFToHalfPairs : public ConvertOpToLLVMPattern<arith::TruncFOp> {
  TruncFToHalfPairs(LLVMTypeConverter &converter,
                    const EqualRegisterBits &equalRegisterBits)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/11),
        equalRegisterBits(equalRegisterBits) {}

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isTensorWithLayout(type) || !hasOnlyDefaultAttrs(op) ||
        !getElementTypeOrSelf(op.getIn().getType()).isF32() ||
        !(type.getElementType().isF16() || type.getElementType().isBF16()) ||
        equalRegisterBits.lookup(op) != 0)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> in = unpackLLElements(loc, adaptor.getIn(), rewriter);
    if (in.size() % 2 != 0)
      return failure();
    Type half = type.getElementType();
    auto pairType = VectorType::get({2}, half);
    StringRef name =
        half.isF16() ? "llvm.nvvm.ff2f16x2.rn" : "llvm.nvvm.ff2bf16x2.rn";
    SmallVector<Value> out;
    for (size_t r = 0; r < in.size(); r += 2) {
      // The intrinsic's first operand goes to the high half.
      Value pair = callIntrinsic(rewriter, loc, name, pairType,
                                 ValueRange{in[r + 1], in[r]});
      for (int64_t i = 0; i < 2; ++i)
        out.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, pair, i32Const(rewriter, loc, i)));
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), out, rewriter, type));
    return success();
  }

  const EqualRegisterBits &equalRegisterBits;
};

/// `arith.sitofp` of i8 to bf16, four registers at a time as upstream: the
/// bytes of one 32-bit word are each converted to f32 (`cvt.rn.f32.s8`:
/// PTX has no s8 to bf16 before sm_90) and the upper halves, which hold
/// an int8's bf16 exactly, are packed two to a word by `prmt`.
struct SIToFPS8ToBF16x4 : public ConvertOpToLLVMPattern<arith::SIToFPOp> {
  SIToFPS8ToBF16x4(LLVMTypeConverter &converter,
                   const EqualRegisterBits &equalRegisterBits)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/11),
        equalRegisterBits(equalRegisterBits) {}

  LogicalResult
  matchAndRewrite(arith::SIToFPOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isTensorWithLayout(type) || !hasOnlyDefaultAttrs(op) ||
        !getElementTypeOrSelf(op.getIn().getType()).isInteger(8) ||
        !type.getElementType().isBF16() || equalRegisterBits.lookup(op) != 0)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> in = unpackLLElements(loc, adaptor.getIn(), rewriter);
    if (in.size() % 4 != 0)
      return failure();
    auto bytesType = VectorType::get({4}, rewriter.getI8Type());
    auto pairType = VectorType::get({2}, type.getElementType());
    Type i32 = rewriter.getI32Type();
    static constexpr StringLiteral text =
        "{\n\t.reg .s8 s<4>;\n\t.reg .f32 f<4>;\n\t"
        "mov.b32 {s0, s1, s2, s3}, $2;\n\t"
        "cvt.rn.f32.s8 f0, s0;\n\tcvt.rn.f32.s8 f1, s1;\n\t"
        "cvt.rn.f32.s8 f2, s2;\n\tcvt.rn.f32.s8 f3, s3;\n\t"
        "prmt.b32 $0, f0, f1, 0x7632;\n\tprmt.b32 $1, f2, f3, 0x7632;\n\t}";
    SmallVector<Value> out;
    for (size_t r = 0; r < in.size(); r += 4) {
      Value bytes = LLVM::UndefOp::create(rewriter, loc, bytesType);
      for (int64_t i = 0; i < 4; ++i)
        bytes = LLVM::InsertElementOp::create(rewriter, loc, bytes, in[r + i],
                                              i32Const(rewriter, loc, i));
      Value word = LLVM::BitcastOp::create(rewriter, loc, i32, bytes);
      SmallVector<Value> pairs =
          inlinePtx(rewriter, loc, text, "=r,=r,r", ValueRange{word},
                    TypeRange{i32, i32}, /*hasSideEffects=*/false);
      for (Value pair : pairs) {
        Value halves = LLVM::BitcastOp::create(rewriter, loc, pairType, pair);
        for (int64_t i = 0; i < 2; ++i)
          out.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, halves, i32Const(rewriter, loc, i)));
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), out, rewriter, type));
    return success();
  }

  const EqualRegisterBits &equalRegisterBits;
};

/// Declares (once) and calls an external function, e.g. from libdevice.
Value callExternal(ConversionPatternRewriter &rewriter, Operation *op,
                   StringRef symbol, Type result, ValueRange args) {
  auto mod = op->getParentOfType<ModuleOp>();
  auto fnType = LLVM::LLVMFunctionType::get(
      result, llvm::to_vector(ValueRange(args).getTypes()));
  if (!mod.lookupSymbol<LLVM::LLVMFuncOp>(symbol)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(mod.getBody());
    LLVM::LLVMFuncOp::create(rewriter, op->getLoc(), symbol, fnType);
  }
  return LLVM::CallOp::create(
             rewriter, op->getLoc(), fnType,
             FlatSymbolRefAttr::get(rewriter.getContext(), symbol), args)
      .getResult();
}

template <typename OpTy>
struct ScalarPattern : public ConvertOpToLLVMPattern<OpTy> {
  ScalarPattern(LLVMTypeConverter &converter, PatternBenefit benefit = 2)
      : ConvertOpToLLVMPattern<OpTy>(converter, benefit) {}
  bool isScalar(OpTy op) const {
    return !isa<ShapedType>(op->getResult(0).getType());
  }
};

/// math.exp (f32): 2^(x * log2 e) with ex2.approx, as Triton does.
struct ExpOpConversion : public ScalarPattern<math::ExpOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(math::ExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Location loc = op.getLoc();
    Type t = op.getType();
    if (t.isF64()) {
      rewriter.replaceOp(
          op, callExternal(rewriter, op, "__nv_exp", t, adaptor.getOperand()));
      return success();
    }
    Value x = adaptor.getOperand();
    Type f32 = rewriter.getF32Type();
    if (t != f32)
      x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
    Value log2e = LLVM::ConstantOp::create(
        rewriter, loc, f32, rewriter.getF32FloatAttr(1.4426950408889634f));
    Value scaled = LLVM::FMulOp::create(rewriter, loc, x, log2e);
    Value r =
        callIntrinsic(rewriter, loc, "llvm.nvvm.ex2.approx.f32", f32, scaled);
    if (t != f32)
      r = LLVM::FPTruncOp::create(rewriter, loc, t, r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// math.exp2: libdevice's __nv_exp2f (f32, after widening narrower floats)
/// or __nv_exp2 (f64), as Triton does. __nv_exp2f is ex2.approx, with .ftz
/// when the module asks for flushed denormals (nvvm-reflect-ftz, the
/// default), which compiles to a single MUFU.EX2.
struct Exp2OpConversion : public ScalarPattern<math::Exp2Op> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(math::Exp2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Location loc = op.getLoc();
    Type t = op.getType();
    if (t.isF64()) {
      rewriter.replaceOp(
          op, callExternal(rewriter, op, "__nv_exp2", t, adaptor.getOperand()));
      return success();
    }
    Type f32 = rewriter.getF32Type();
    Value x = adaptor.getOperand();
    if (t != f32)
      x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
    Value r = callExternal(rewriter, op, "__nv_exp2f", f32, x);
    if (t != f32)
      r = LLVM::FPTruncOp::create(rewriter, loc, t, r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// arith.divf (f32): div.full.f32, Triton's default division.
struct DivFOpConversion : public ScalarPattern<arith::DivFOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op) || !op.getType().isF32())
      return failure();
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                         "llvm.nvvm.div.full", op.getType(),
                                         {adaptor.getLhs(), adaptor.getRhs()}));
    return success();
  }
};

/// math ops NVPTX cannot select by itself go to libdevice.
template <typename OpTy>
struct LibdeviceOpConversion : public ScalarPattern<OpTy> {
  LibdeviceOpConversion(LLVMTypeConverter &converter, StringRef f32Name,
                        StringRef f64Name)
      : ScalarPattern<OpTy>(converter), f32Name(f32Name), f64Name(f64Name) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!this->isScalar(op))
      return failure();
    Location loc = op.getLoc();
    Type t = op->getResult(0).getType();
    SmallVector<Value> args(adaptor.getOperands());
    if (t.isF64()) {
      rewriter.replaceOp(op, callExternal(rewriter, op, f64Name, t, args));
      return success();
    }
    Type f32 = rewriter.getF32Type();
    for (Value &a : args)
      if (a.getType() != f32)
        a = LLVM::FPExtOp::create(rewriter, loc, f32, a);
    Value r = callExternal(rewriter, op, f32Name, f32, args);
    if (t != f32)
      r = LLVM::FPTruncOp::create(rewriter, loc, t, r);
    rewriter.replaceOp(op, r);
    return success();
  }
  std::string f32Name, f64Name;
};

//===----------------------------------------------------------------------===//
// Scalar tt ops
//===----------------------------------------------------------------------===//

/// Lowers an elementwise op on scalars or tensors one element at a time
/// with `lowerElement`, which gets the element's LLVM operands.
template <typename OpTy, typename Derived>
struct PerElementPattern : public ConvertOpToLLVMPattern<OpTy> {
  PerElementPattern(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<OpTy>(converter, /*benefit=*/11) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(unpackLLElements(loc, v, rewriter));
    Type resultType = op->getResult(0).getType();
    Type elt =
        this->getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    if (!elt)
      return failure();
    unsigned n = getNumRegisters(resultType);
    SmallVector<Value> results;
    for (unsigned r = 0; r < n; ++r) {
      SmallVector<Value> args;
      for (auto &values : operands)
        args.push_back(values.size() == 1 ? values[0] : values[r]);
      results.push_back(static_cast<const Derived *>(this)->lowerElement(
          op, rewriter, loc, elt, args));
    }
    if (!isa<ShapedType>(resultType)) {
      rewriter.replaceOp(op, results[0]);
      return success();
    }
    rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(),
                                          results, rewriter, resultType));
    return success();
  }
};

struct AddPtrOpConversion
    : public PerElementPattern<AddPtrOp, AddPtrOpConversion> {
  using PerElementPattern::PerElementPattern;
  Value lowerElement(AddPtrOp op, OpBuilder &b, Location loc, Type elt,
                     ArrayRef<Value> args) const {
    auto ptrTy = cast<PointerType>(getElementTypeOrSelf(op.getType()));
    Type pointee = getTypeConverter()->convertType(ptrTy.getPointeeType());
    return LLVM::GEPOp::create(b, loc, elt, pointee, args[0],
                               ValueRange{args[1]});
  }
};

struct IntToPtrOpConversion
    : public PerElementPattern<IntToPtrOp, IntToPtrOpConversion> {
  using PerElementPattern::PerElementPattern;
  Value lowerElement(IntToPtrOp op, OpBuilder &b, Location loc, Type elt,
                     ArrayRef<Value> args) const {
    return LLVM::IntToPtrOp::create(b, loc, elt, args[0]);
  }
};

struct PtrToIntOpConversion
    : public PerElementPattern<PtrToIntOp, PtrToIntOpConversion> {
  using PerElementPattern::PerElementPattern;
  Value lowerElement(PtrToIntOp op, OpBuilder &b, Location loc, Type elt,
                     ArrayRef<Value> args) const {
    return LLVM::PtrToIntOp::create(b, loc, elt, args[0]);
  }
};

struct BitcastOpConversion
    : public PerElementPattern<BitcastOp, BitcastOpConversion> {
  using PerElementPattern::PerElementPattern;
  Value lowerElement(BitcastOp op, OpBuilder &b, Location loc, Type elt,
                     ArrayRef<Value> args) const {
    return bitcastTo(b, loc, args[0], elt);
  }
};

/// tt.clampf: max with the lower bound, then min with the upper. With
/// propagateNan = all, a NaN x gives NaN: from sm_80 the NaN-propagating
/// max and min (one instruction each, `max.NaN`); before, which has none,
/// the number forms and a select of NaN where x is NaN, as upstream.
struct ClampFOpConversion : public ScalarPattern<ClampFOp> {
  ClampFOpConversion(LLVMTypeConverter &converter, const TargetInfo &target)
      : ScalarPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getX();
    bool propagate = op.getPropagateNan() == PropagateNan::ALL;
    if (propagate && target.computeCapability >= 80) {
      Value lo = LLVM::MaximumOp::create(rewriter, loc, x, adaptor.getMin());
      rewriter.replaceOpWithNewOp<LLVM::MinimumOp>(op, lo, adaptor.getMax());
      return success();
    }
    Value isNan;
    if (propagate)
      isNan = LLVM::FCmpOp::create(rewriter, loc, LLVM::FCmpPredicate::une, x,
                                   x);
    Value lo = LLVM::MaxNumOp::create(rewriter, loc, x, adaptor.getMin());
    Value r = LLVM::MinNumOp::create(rewriter, loc, lo, adaptor.getMax());
    if (propagate) {
      Type t = x.getType();
      auto nan = LLVM::ConstantOp::create(
          rewriter, loc, t,
          rewriter.getFloatAttr(
              t, APFloat::getNaN(cast<FloatType>(t).getFloatSemantics())));
      r = LLVM::SelectOp::create(rewriter, loc, isNan, nan, r);
    }
    rewriter.replaceOp(op, r);
    return success();
  }

  TargetInfo target;
};

/// The float a constant (a scalar or a splat) holds.
std::optional<double> getConstantFloat(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  return std::nullopt;
}

/// tt.clampf(x, -limit, limit) on sm_90: x's sign on the smaller of |x| and
/// |limit|, one `min.xorsign.abs` per element instead of a max and a min,
/// as upstream lowers it. The clamp is recognised where its lower bound is
/// `0 - limit` (either zero), or where both bounds are constants, c >= 0
/// and -c. With propagateNan = all the NaN-propagating form is used.
struct SymmetricClampFOpConversion : public ConvertOpToLLVMPattern<ClampFOp> {
  SymmetricClampFOpConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/20) {}

  static bool isSymmetric(ClampFOp op) {
    if (auto sub = op.getMin().getDefiningOp<arith::SubFOp>()) {
      std::optional<double> zero = getConstantFloat(sub.getLhs());
      return sub.getRhs() == op.getMax() && zero && *zero == 0.0;
    }
    std::optional<double> lo = getConstantFloat(op.getMin());
    std::optional<double> hi = getConstantFloat(op.getMax());
    return lo && hi && *hi >= 0.0 && *lo == -*hi;
  }

  LogicalResult
  matchAndRewrite(ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!(element.isF32() || element.isF16() || element.isBF16()) ||
        !isSymmetric(op))
      return failure();
    std::string name = "llvm.nvvm.fmin.";
    if (op.getPropagateNan() == PropagateNan::ALL)
      name += "nan.";
    name += "xorsign.abs.";
    name += element.isF32() ? "f" : element.isF16() ? "f16" : "bf16";
    Location loc = op.getLoc();
    Type t = getTypeConverter()->convertType(element);
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, callIntrinsic(rewriter, loc, name, t,
                                           {adaptor.getX(), adaptor.getMax()}));
      return success();
    }
    SmallVector<Value> xs = unpackLLElements(loc, adaptor.getX(), rewriter);
    SmallVector<Value> limits =
        unpackLLElements(loc, adaptor.getMax(), rewriter);
    if (xs.size() != limits.size())
      return rewriter.notifyMatchFailure(op, "operand layouts differ");
    SmallVector<Value> results;
    for (auto [x, limit] : llvm::zip(xs, limits))
      results.push_back(callIntrinsic(rewriter, loc, name, t, {x, limit}));
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, op.getType()));
    return success();
  }
};

struct PreciseSqrtOpConversion : public ScalarPattern<PreciseSqrtOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(PreciseSqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Type t = op.getType();
    if (t.isF32())
      rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                           "llvm.nvvm.sqrt.rn.f", t,
                                           adaptor.getX()));
    else
      rewriter.replaceOpWithNewOp<LLVM::SqrtOp>(op, adaptor.getX());
    return success();
  }
};

struct PreciseDivFOpConversion : public ScalarPattern<PreciseDivFOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(PreciseDivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Type t = op.getType();
    if (t.isF32())
      rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                           "llvm.nvvm.div.rn.f", t,
                                           {adaptor.getX(), adaptor.getY()}));
    else
      rewriter.replaceOpWithNewOp<LLVM::FDivOp>(op, adaptor.getX(),
                                                adaptor.getY());
    return success();
  }
};

struct MulhiUIOpConversion : public ScalarPattern<MulhiUIOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(MulhiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Type t = op.getType();
    StringRef name =
        t.isInteger(64) ? "llvm.nvvm.mulhi.ull" : "llvm.nvvm.mulhi.ui";
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(), name, t,
                                         {adaptor.getX(), adaptor.getY()}));
    return success();
  }
};

struct ExternElementwiseOpConversion
    : public ScalarPattern<ExternElementwiseOp> {
  using ScalarPattern::ScalarPattern;
  LogicalResult
  matchAndRewrite(ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isScalar(op))
      return failure();
    Type t = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(
        op, callExternal(rewriter, op, op.getSymbol(), t, adaptor.getSrcs()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Float conversions
//===----------------------------------------------------------------------===//

/// Reports `message` at `op` and fails.
struct FailureBuilder {
  InFlightDiagnostic diag;
  template <typename T> FailureBuilder &operator<<(T &&v) {
    diag << std::forward<T>(v);
    return *this;
  }
  operator FailureOr<Value>() { return failure(); }
};
FailureBuilder emitFailure(Operation *op, const Twine &message) {
  return FailureBuilder{op->emitError(message)};
}

bool isFp8(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType, Float8E4M3B11FNUZType>(t);
}

struct FpToFpOpConversion : public ScalarPattern<FpToFpOp> {
  FpToFpOpConversion(LLVMTypeConverter &converter, const TargetInfo &target)
      : ScalarPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type src = getElementTypeOrSelf(op.getSrc().getType());
    Type dst = getElementTypeOrSelf(op.getType());
    bool rtz = op.getRounding() && *op.getRounding() == RoundingMode::RTZ;
    SmallVector<Value> xs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results;
    if (unsigned width = packWidth(src, dst, rtz)) {
      // A few elements per instruction; a short last group repeats its
      // last element and drops what that gives.
      for (size_t i = 0; i < xs.size(); i += width) {
        SmallVector<Value> group(xs.begin() + i,
                                 xs.begin() + std::min(xs.size(), i + width));
        size_t real = group.size();
        group.resize(width, group.back());
        SmallVector<Value> out = convertPack(rewriter, loc, group, src, dst);
        results.append(out.begin(), out.begin() + real);
      }
    } else {
      for (Value x : xs) {
        FailureOr<Value> r = convert(op, rewriter, loc, x, src, dst, rtz);
        if (failed(r))
          return failure();
        results.push_back(*r);
      }
    }
    if (!isScalar(op)) {
      rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                            rewriter, op.getType()));
      return success();
    }
    rewriter.replaceOp(op, results[0]);
    return success();
  }

  /// How many elements one step of convertPack converts from `src` to
  /// `dst`, or 0 where the conversion goes element by element (convert).
  /// The hardware converts fp8 in pairs: e4m3 from sm_89, e5m2 from sm_90
  /// (before, an e5m2 is just the high byte of an f16); to fp8 (rounding to
  /// nearest even) from sm_89.
  unsigned packWidth(Type src, Type dst, bool rtz) const {
    int cc = target.computeCapability;
    bool fromE4 = isa<Float8E4M3FNType>(src), fromE5 = isa<Float8E5M2Type>(src);
    if ((fromE4 && cc >= 89) || (fromE5 && cc >= 90)) {
      if (!(dst.isF16() || dst.isBF16() || dst.isF32() || dst.isF64()))
        return 0;
      // e5m2 to bf16: four at a time, by moving the bits (sm_90's bf16x2
      // multiply rescales them).
      return fromE5 && dst.isBF16() ? 4 : 2;
    }
    if (isa<Float8E4M3FNType, Float8E5M2Type>(dst) && !rtz && cc >= 89)
      return src.isF16() || src.isBF16() || src.isF32() || src.isF64() ? 2
                                                                         : 0;
    return 0;
  }

  /// Converts `xs` (packWidth(src, dst) elements) from `src` to `dst`.
  SmallVector<Value> convertPack(ConversionPatternRewriter &rewriter,
                                 Location loc, ArrayRef<Value> xs, Type src,
                                 Type dst) const {
    MLIRContext *ctx = rewriter.getContext();
    Type i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type(),
         f16 = rewriter.getF16Type(), f32 = rewriter.getF32Type();
    // Packs `values` of `type` into one integer of their total width.
    auto pack = [&](ArrayRef<Value> values, Type type) -> Value {
      auto vecType = VectorType::get({(int64_t)values.size()}, type);
      Value v = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (auto [i, x] : llvm::enumerate(values))
        v = LLVM::InsertElementOp::create(rewriter, loc, v, x,
                                          i32Const(rewriter, loc, i));
      return LLVM::BitcastOp::create(
          rewriter, loc,
          IntegerType::get(ctx, values.size() * type.getIntOrFloatBitWidth()),
          v);
    };
    auto unpack = [&](Value vec, SmallVectorImpl<Value> &out) {
      auto vecType = cast<VectorType>(vec.getType());
      for (int64_t i = 0; i < vecType.getNumElements(); ++i)
        out.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, vec, i32Const(rewriter, loc, i)));
    };
    auto f8Name = [](Type t) {
      return isa<Float8E4M3FNType>(t) ? "e4m3x2" : "e5m2x2";
    };
    SmallVector<Value> out;
    if (isFp8(dst)) {
      // cvt.rn.satfinite.<f8>x2 from an f16 pair, or from two f32.
      auto pairType = VectorType::get({2}, i8);
      Value pair;
      if (src.isF16()) {
        pair = inlinePtx(rewriter, loc,
                         std::string("cvt.rn.satfinite.") + f8Name(dst) +
                             ".f16x2 $0, $1;",
                         "=h,r", pack(xs, f16), pairType, false)[0];
      } else {
        SmallVector<Value> words;
        for (Value x : xs) {
          if (src.isBF16())
            x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
          else if (src.isF64())
            x = LLVM::FPTruncOp::create(rewriter, loc, f32, x);
          words.push_back(LLVM::BitcastOp::create(rewriter, loc, i32, x));
        }
        // The first source goes to the high byte.
        pair = inlinePtx(rewriter, loc,
                         std::string("cvt.rn.satfinite.") + f8Name(dst) +
                             ".f32 $0, $2, $1;",
                         "=h,r,r", words, pairType, false)[0];
      }
      unpack(pair, out);
      return out;
    }
    if (isa<Float8E5M2Type>(src) && dst.isBF16()) {
      // Each byte to the high byte of an f16 lane; the magnitude shifted
      // right by three is the bf16 of the value times 2^-112 (the biases
      // differ by 112); the sign put back, one multiply by 2^112 scales it.
      static constexpr const char *text =
          "{\n"
          ".reg .b32 lo, hi, mlo, mhi, scale;\n"
          "prmt.b32 lo, 0, $2, 0x5140;\n"
          "prmt.b32 hi, 0, $2, 0x7362;\n"
          "and.b32 mlo, lo, 0x7fff7fff;\n"
          "and.b32 mhi, hi, 0x7fff7fff;\n"
          "shr.b32 mlo, mlo, 3;\n"
          "shr.b32 mhi, mhi, 3;\n"
          "and.b32 lo, lo, 0x80008000;\n"
          "and.b32 hi, hi, 0x80008000;\n"
          "or.b32 mlo, mlo, lo;\n"
          "or.b32 mhi, mhi, hi;\n"
          "mov.b32 scale, 0x77807780;\n"
          "mul.rn.bf16x2 $0, mlo, scale;\n"
          "mul.rn.bf16x2 $1, mhi, scale;\n"
          "}";
      auto pairType = VectorType::get({2}, dst);
      for (Value pair : inlinePtx(rewriter, loc, text, "=r,=r,r",
                                  pack(xs, i8), {pairType, pairType}, false))
        unpack(pair, out);
      return out;
    }
    // fp8 pair to f16 pair (to bf16 pair on sm_90), then widened.
    if (dst.isBF16() && target.computeCapability >= 90) {
      std::string text = "{\n.reg .b32 h;\n.reg .b16 h<2>, b<2>;\n" +
                         std::string("cvt.rn.f16x2.") + f8Name(src) +
                         " h, $1;\n"
                         "mov.b32 {h0, h1}, h;\n"
                         "cvt.bf16.f16 b0, h0;\n"
                         "cvt.bf16.f16 b1, h1;\n"
                         "mov.b32 $0, {b0, b1};\n}";
      Value pair = inlinePtx(rewriter, loc, text, "=r,h", pack(xs, i8),
                             VectorType::get({2}, dst), false)[0];
      unpack(pair, out);
      return out;
    }
    Value pair = inlinePtx(
        rewriter, loc, std::string("cvt.rn.f16x2.") + f8Name(src) + " $0, $1;",
        "=r,h", pack(xs, i8), VectorType::get({2}, f16), false)[0];
    unpack(pair, out);
    for (Value &h : out) {
      if (dst.isF16())
        continue;
      Value f = LLVM::FPExtOp::create(rewriter, loc, f32, h);
      if (dst.isF64())
        f = LLVM::FPExtOp::create(rewriter, loc, dst, f);
      else if (dst.isBF16())
        f = LLVM::FPTruncOp::create(rewriter, loc, dst, f);
      h = f;
    }
    return out;
  }

  FailureOr<Value> convert(Operation *op, ConversionPatternRewriter &rewriter,
                           Location loc, Value x, Type src, Type dst,
                           bool rtz) const {
    Type f32 = rewriter.getF32Type(), f16 = rewriter.getF16Type();
    unsigned sb = src.getIntOrFloatBitWidth(), db = dst.getIntOrFloatBitWidth();

    if (!isFp8(src) && !isFp8(dst)) {
      if (sb == db && src != dst) {
        // bf16 <-> f16: through f32, which holds both exactly.
        x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
        src = f32;
        sb = 32;
      }
      if (sb < db || (sb == db && src == dst)) {
        return LLVM::FPExtOp::create(rewriter, loc, dst, x).getResult();
      }
      if (!rtz) {
        return LLVM::FPTruncOp::create(rewriter, loc, dst, x).getResult();
      }
      // Round toward zero: cvt.rz.
      if (!src.isF32() && !src.isF64())
        return emitFailure(op, "round-toward-zero conversion from ")
               << src << " is not supported";
      std::string text = "cvt.rz." +
                         std::string(dst.isBF16()  ? "bf16"
                                     : dst.isF16() ? "f16"
                                                   : "f32") +
                         (src.isF32() ? ".f32" : ".f64") + " $0, $1;";
      std::string cons =
          std::string(db == 32 ? "=f" : "=h") + "," + (src.isF32() ? "f" : "d");
      Type outInt = rewriter.getIntegerType(db);
      Value r = inlinePtx(rewriter, loc, text, cons, x, db == 32 ? f32 : outInt,
                          /*hasSideEffects=*/false)[0];
      return Value(db == 32 ? r : bitcastTo(rewriter, loc, r, dst));
    }
    if (rtz && isa<Float8E5M2Type>(dst) && !isFp8(src) && !src.isF64()) {
      // e5m2 is the high byte of an f16: round toward zero to f16, then
      // drop the low byte (truncation again), as upstream does.
      Value bits16;
      if (src.isF16()) {
        bits16 = bitcastTo(rewriter, loc, x, rewriter.getI16Type());
      } else {
        Value v =
            src.isF32()
                ? x
                : LLVM::FPExtOp::create(rewriter, loc, f32, x).getResult();
        bits16 = inlinePtx(rewriter, loc, "cvt.rz.f16.f32 $0, $1;", "=h,f", v,
                           rewriter.getI16Type(), /*hasSideEffects=*/false)[0];
      }
      Value high = LLVM::LShrOp::create(
          rewriter, loc, bits16,
          intConst(rewriter, loc, rewriter.getI16Type(), 8));
      return LLVM::TruncOp::create(rewriter, loc, rewriter.getI8Type(), high)
          .getResult();
    }
    if (rtz)
      return emitFailure(op, "round-toward-zero conversion to ")
             << dst << " is not supported (only to f8E5M2)";
    bool hw = target.computeCapability >= 89;
    if (isFp8(dst)) {
      bool e4 = isa<Float8E4M3FNType>(dst);
      bool e5 = isa<Float8E5M2Type>(dst);
      if (!e4 && !e5)
        return emitFailure(op, "conversion to ") << dst << " is not supported";
      if (!hw)
        return emitFailure(op, "conversion to ")
               << dst << " needs compute capability 89 or newer";
      // To f32 or f16 first, then cvt.rn.satfinite.<f8>x2.
      std::string f8 = e4 ? "e4m3x2" : "e5m2x2";
      Value packed;
      if (src.isF16()) {
        Value asI16 = bitcastTo(rewriter, loc, x, rewriter.getI16Type());
        Value w =
            LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), asI16);
        packed = inlinePtx(rewriter, loc,
                           "cvt.rn.satfinite." + f8 + ".f16x2 $0, $1;", "=h,r",
                           w, rewriter.getI16Type(), false)[0];
      } else {
        Value v = x;
        if (!src.isF32())
          v = LLVM::FPExtOp::create(rewriter, loc, f32, v);
        if (src.isF64())
          v = LLVM::FPTruncOp::create(rewriter, loc, f32, x);
        Value zero = LLVM::ConstantOp::create(rewriter, loc, f32,
                                              rewriter.getF32FloatAttr(0));
        packed = inlinePtx(
            rewriter, loc, "cvt.rn.satfinite." + f8 + ".f32 $0, $1, $2;",
            "=h,f,f", {zero, v}, rewriter.getI16Type(), false)[0];
      }
      return LLVM::TruncOp::create(rewriter, loc, rewriter.getI8Type(), packed)
          .getResult();
    }
    // From fp8.
    bool e4 = isa<Float8E4M3FNType>(src);
    bool e5 = isa<Float8E5M2Type>(src);
    if (!e4 && !e5)
      return emitFailure(op, "conversion from ") << src << " is not supported";
    Value h;
    if (e5) {
      // e5m2 is the high byte of an f16.
      Value w = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(), x);
      w = LLVM::ShlOp::create(
          rewriter, loc, w, intConst(rewriter, loc, rewriter.getI16Type(), 8));
      h = bitcastTo(rewriter, loc, w, f16);
    } else {
      if (!hw)
        return emitFailure(op, "conversion from ")
               << src << " needs compute capability 89 or newer";
      Value w = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(), x);
      Value r = inlinePtx(rewriter, loc, "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h",
                          w, rewriter.getI32Type(), false)[0];
      Value lo = LLVM::TruncOp::create(rewriter, loc, rewriter.getI16Type(), r);
      h = bitcastTo(rewriter, loc, lo, f16);
    }
    if (dst.isF16()) {
      return Value(h);
    }
    Value f = LLVM::FPExtOp::create(rewriter, loc, f32, h);
    if (dst.isF32())
      return Value(f);
    else if (dst.isF64())
      return LLVM::FPExtOp::create(rewriter, loc, dst, f).getResult();
    else
      return LLVM::FPTruncOp::create(rewriter, loc, dst, f).getResult();
  }

  TargetInfo target;
};

/// math.absf on fp8 (a tensor of it, or one), an i8 in LLVM, which has no
/// fabs for it: each element with its sign bit cleared. Ahead of the
/// general elementwise lowering, which would hand fp8 to LLVM's fabs.
struct Fp8AbsFOpConversion : public ConvertOpToLLVMPattern<math::AbsFOp> {
  Fp8AbsFOpConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/20) {}
  LogicalResult
  matchAndRewrite(math::AbsFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isFp8(getElementTypeOrSelf(op.getType())))
      return failure();
    Location loc = op.getLoc();
    Type i8 = rewriter.getI8Type();
    Value mask = LLVM::ConstantOp::create(rewriter, loc, i8,
                                          rewriter.getI8IntegerAttr(0x7f));
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOpWithNewOp<LLVM::AndOp>(op, adaptor.getOperand(), mask);
      return success();
    }
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getOperand(), rewriter);
    for (Value &v : values)
      v = LLVM::AndOp::create(rewriter, loc, v, mask);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, op.getType()));
    return success();
  }
};

/// tt.elementwise_inline_asm: one inline assembly statement per
/// `packed_element` consecutive elements of a thread. An operand or result
/// narrower than 32 bits travels packed: as many elements of a group as fill
/// a 32-bit register go in one vector (<4 x i8>, <2 x f16>, ...). Outputs come
/// first in the constraints, each result's registers in turn, then each
/// operand's.
struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// Elements of type `t` (an LLVM type) per register, in a group of `pack`.
  static unsigned perRegister(Type t, unsigned pack) {
    if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() >= 32)
      return 1;
    return std::max(1u, std::min(32 / t.getIntOrFloatBitWidth(), pack));
  }

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPackedElement();
    if (pack == 0)
      return op.emitError("packed_element must be at least 1");
    const TypeConverter *converter = getTypeConverter();
    auto llvmElementType = [&](Type t) {
      return converter->convertType(getElementTypeOrSelf(t));
    };
    // The elements of each operand; a scalar operand is one element.
    unsigned n = 1;
    if (op->getNumResults() &&
        isa<RankedTensorType>(op->getResult(0).getType()))
      n = getNumRegisters(op->getResult(0).getType());
    else if (!op.getArgs().empty() &&
             isa<RankedTensorType>(op.getArgs()[0].getType()))
      n = getNumRegisters(op.getArgs()[0].getType());
    SmallVector<SmallVector<Value>> operands;
    for (auto [value, original] : llvm::zip(adaptor.getArgs(), op.getArgs())) {
      SmallVector<Value> elements = isa<RankedTensorType>(original.getType())
                                        ? unpackLLElements(loc, value, rewriter)
                                        : SmallVector<Value>{value};
      if (elements.size() != n)
        return op.emitError("an operand of tt.elementwise_inline_asm has ")
               << elements.size() << " elements in a thread, not " << n;
      operands.push_back(elements);
    }
    // A thread holding fewer elements than a group (or a number that is no
    // multiple of it) fills its last group with undefined elements, whose
    // results are dropped.
    unsigned padded = llvm::alignTo(n, pack);
    for (SmallVector<Value> &elements : operands)
      while (elements.size() < padded)
        elements.push_back(
            LLVM::UndefOp::create(rewriter, loc, elements[0].getType()));

    // The type of one register of a value with elements of type `t`.
    auto registerType = [&](Type t) -> Type {
      unsigned per = perRegister(t, pack);
      return per == 1 ? t : VectorType::get(per, t);
    };
    SmallVector<Type> resultElts, asmResults;
    for (Type t : op->getResultTypes()) {
      Type elt = llvmElementType(t);
      if (!elt)
        return op.emitError("cannot lower a result of type ") << t;
      resultElts.push_back(elt);
      for (unsigned i = 0; i < pack / perRegister(elt, pack); ++i)
        asmResults.push_back(registerType(elt));
    }

    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned g = 0; g < padded / pack; ++g) {
      SmallVector<Value> asmOperands;
      for (SmallVector<Value> &elements : operands) {
        Type elt = elements[0].getType();
        unsigned per = perRegister(elt, pack);
        for (unsigned i = 0; i < pack; i += per) {
          if (per == 1) {
            asmOperands.push_back(elements[g * pack + i]);
            continue;
          }
          Value vec = LLVM::UndefOp::create(rewriter, loc, registerType(elt));
          for (unsigned j = 0; j < per; ++j)
            vec = LLVM::InsertElementOp::create(rewriter, loc, vec,
                                                elements[g * pack + i + j],
                                                i32Const(rewriter, loc, j));
          asmOperands.push_back(vec);
        }
      }
      SmallVector<Value> regs =
          inlinePtx(rewriter, loc, op.getAsmString(), op.getConstraints(),
                    asmOperands, asmResults, /*hasSideEffects=*/!op.getPure(),
                    /*userAsm=*/true);
      unsigned next = 0;
      for (auto [k, elt] : llvm::enumerate(resultElts)) {
        unsigned per = perRegister(elt, pack);
        for (unsigned i = 0; i < pack; i += per) {
          Value reg = regs[next++];
          if (per == 1) {
            results[k].push_back(reg);
            continue;
          }
          for (unsigned j = 0; j < per; ++j)
            results[k].push_back(LLVM::ExtractElementOp::create(
                rewriter, loc, reg, i32Const(rewriter, loc, j)));
        }
      }
    }
    SmallVector<Value> packed;
    for (auto [k, type] : llvm::enumerate(op->getResultTypes())) {
      results[k].resize(n);
      packed.push_back(
          isa<RankedTensorType>(type)
              ? packLLElements(loc, converter, results[k], rewriter, type)
              : results[k].front());
    }
    rewriter.replaceOp(op, packed);
    return success();
  }
};

/// tt.map_elementwise: the scalar region, once per group of `pack`
/// consecutive elements of a thread, in line. Each copy is entered with the
/// group's elements of every operand (operand by operand) and leaves, from
/// any of its returns, to a block that takes the group's results (result by
/// result); the next group starts there.
struct MapElementwiseOpConversion
    : public ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPack();
    const TypeConverter *converter = getTypeConverter();
    SmallVector<SmallVector<Value>> operands;
    for (Value v : adaptor.getSrcs())
      operands.push_back(unpackLLElements(loc, v, rewriter));
    unsigned n = operands.empty() ? getNumRegisters(op->getResult(0).getType())
                                  : operands[0].size();
    if (n % pack != 0)
      return op.emitError("pack = ") << pack << " does not divide the " << n
                                     << " elements each thread holds";
    SmallVector<Type> resultElts;
    for (Type t : op->getResultTypes()) {
      Type elt = converter->convertType(getElementTypeOrSelf(t));
      if (!elt)
        return op.emitError("cannot lower a result of type ") << t;
      resultElts.push_back(elt);
    }
    SmallVector<Type> groupTypes;
    for (Type elt : resultElts)
      groupTypes.append(pack, elt);
    SmallVector<Location> groupLocs(groupTypes.size(), loc);

    // The op starts the block that follows the copies.
    Block *current = rewriter.getInsertionBlock();
    Block *rest = rewriter.splitBlock(current, op->getIterator());
    Region &parent = *rest->getParent();
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned g = 0; g < n / pack; ++g) {
      Block *last = &*std::prev(rest->getIterator());
      IRMapping mapping;
      rewriter.cloneRegionBefore(op.getScalarOp(), parent, rest->getIterator(),
                                 mapping);
      SmallVector<Block *> copies;
      for (Block *b = last->getNextNode(); b != rest; b = b->getNextNode())
        copies.push_back(b);
      Block *join = rewriter.createBlock(rest, groupTypes, groupLocs);
      for (Block *&copy : copies) {
        if (auto ret =
                dyn_cast<MapElementwiseReturnOp>(copy->getTerminator())) {
          rewriter.setInsertionPoint(ret);
          SmallVector<Value> values;
          for (auto [v, t] : llvm::zip(ret->getOperands(), groupTypes))
            values.push_back(v.getType() == t
                                 ? v
                                 : converter->materializeTargetConversion(
                                       rewriter, ret.getLoc(), t, v));
          LLVM::BrOp::create(rewriter, ret.getLoc(), values, join);
          rewriter.eraseOp(ret);
        }
        TypeConverter::SignatureConversion signature(copy->getNumArguments());
        for (BlockArgument arg : copy->getArguments())
          signature.addInputs(arg.getArgNumber(),
                              converter->convertType(arg.getType()));
        copy = rewriter.applySignatureConversion(copy, signature, converter);
      }
      rewriter.setInsertionPointToEnd(current);
      SmallVector<Value> args;
      for (SmallVector<Value> &elements : operands)
        for (unsigned i = 0; i < pack; ++i)
          args.push_back(elements[g * pack + i]);
      LLVM::BrOp::create(rewriter, loc, args, copies.front());
      for (unsigned k = 0; k < resultElts.size(); ++k)
        for (unsigned i = 0; i < pack; ++i)
          results[k].push_back(join->getArgument(k * pack + i));
      current = join;
    }
    rewriter.setInsertionPointToEnd(current);
    LLVM::BrOp::create(rewriter, loc, ValueRange(), rest);
    rewriter.setInsertionPoint(op);
    SmallVector<Value> packed;
    for (auto [k, type] : llvm::enumerate(op->getResultTypes()))
      packed.push_back(
          packLLElements(loc, converter, results[k], rewriter, type));
    rewriter.replaceOp(op, packed);
    return success();
  }
};

/// arith.truncf / arith.extf with fp8 on one side go the fp_to_fp way.
template <typename OpTy>
struct ArithFp8CastConversion : public ScalarPattern<OpTy> {
  using ScalarPattern<OpTy>::ScalarPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!this->isScalar(op) ||
        (!isFp8(op.getIn().getType()) && !isFp8(op.getType())))
      return failure();
    Value in = op.getIn();
    auto cvt = FpToFpOp::create(
        rewriter, op.getLoc(), op.getType(), in,
        isFp8(op.getType())
            ? RoundingModeAttr::get(rewriter.getContext(), RoundingMode::RTNE)
            : RoundingModeAttr());
    rewriter.replaceOp(op, cvt);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const EqualRegisterBits &equalRegisterBits) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpConversion>(converter, ctx, equalRegisterBits);
  patterns.add<TensorConstantConversion, ExpOpConversion, Exp2OpConversion,
               DivFOpConversion, AddPtrOpConversion, IntToPtrOpConversion,
               PtrToIntOpConversion, BitcastOpConversion,
               PreciseSqrtOpConversion, PreciseDivFOpConversion,
               MulhiUIOpConversion, ExternElementwiseOpConversion,
               ElementwiseInlineAsmOpConversion, MapElementwiseOpConversion,
               ArithFp8CastConversion<arith::TruncFOp>, Fp8AbsFOpConversion,
               ArithFp8CastConversion<arith::ExtFOp>>(converter);
  patterns.add<FpToFpOpConversion, ClampFOpConversion>(converter, target);
  if (target.computeCapability >= 90)
    patterns.add<SymmetricClampFOpConversion>(converter);
  if (target.computeCapability >= 80)
    patterns.add<TruncFToHalfPairs>(converter, equalRegisterBits);
  patterns.add<SIToFPS8ToBF16x4>(converter, equalRegisterBits);
  auto lib = [&](auto tag, StringRef f32, StringRef f64) {
    using OpTy = decltype(tag);
    patterns.add<LibdeviceOpConversion<OpTy>>(converter, f32, f64);
  };
  lib(math::SinOp(), "__nv_sinf", "__nv_sin");
  lib(math::CosOp(), "__nv_cosf", "__nv_cos");
  lib(math::TanOp(), "__nv_tanf", "__nv_tan");
  lib(math::TanhOp(), "__nv_tanhf", "__nv_tanh");
  lib(math::SinhOp(), "__nv_sinhf", "__nv_sinh");
  lib(math::CoshOp(), "__nv_coshf", "__nv_cosh");
  lib(math::AsinOp(), "__nv_asinf", "__nv_asin");
  lib(math::AcosOp(), "__nv_acosf", "__nv_acos");
  lib(math::AtanOp(), "__nv_atanf", "__nv_atan");
  lib(math::Atan2Op(), "__nv_atan2f", "__nv_atan2");
  lib(math::AsinhOp(), "__nv_asinhf", "__nv_asinh");
  lib(math::AcoshOp(), "__nv_acoshf", "__nv_acosh");
  lib(math::AtanhOp(), "__nv_atanhf", "__nv_atanh");
  lib(math::ErfOp(), "__nv_erff", "__nv_erf");
  lib(math::LogOp(), "__nv_logf", "__nv_log");
  lib(math::Log2Op(), "__nv_log2f", "__nv_log2");
  lib(math::Log10Op(), "__nv_log10f", "__nv_log10");
  lib(math::Log1pOp(), "__nv_log1pf", "__nv_log1p");
  lib(math::ExpM1Op(), "__nv_expm1f", "__nv_expm1");
  lib(math::PowFOp(), "__nv_powf", "__nv_pow");
  lib(math::CbrtOp(), "__nv_cbrtf", "__nv_cbrt");
  lib(math::RsqrtOp(), "__nv_rsqrtf", "__nv_rsqrt");
  lib(math::SqrtOp(), "__nv_fsqrt_rn", "__nv_dsqrt_rn");
}
