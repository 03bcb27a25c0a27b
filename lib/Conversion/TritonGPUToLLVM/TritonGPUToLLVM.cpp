//===- TritonGPUToLLVM.cpp - the convert-triton-gpu-to-llvm pass ----------===//
//
// The pass, and the lowering of functions, calls, returns and the ops that
// read the launch grid.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Utility.h"
#include "Dialect/NVGPU/IR/Dialect.h"
#include "WarpSpecialize.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Iterators.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// Kernels are the public functions; they get Triton's ABI.
bool isKernel(triton::FuncOp func) { return func.isPublic(); }

struct FuncOpConversion : public ConvertOpToLLVMPattern<triton::FuncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    bool kernel = isKernel(op);
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type t = converter.convertType(input);
      if (!t)
        return rewriter.notifyMatchFailure(op, "argument type not lowered");
      sig.addInputs(i, t);
    }
    auto ptr1 = LLVM::LLVMPointerType::get(ctx, 1);
    auto ptr3 = LLVM::LLVMPointerType::get(ctx, 3);
    if (!kernel)
      sig.addInputs(ptr3);
    sig.addInputs({ptr1, ptr1});

    Type resultType = LLVM::LLVMVoidType::get(ctx);
    if (type.getNumResults() == 1) {
      resultType = converter.convertType(type.getResult(0));
    } else if (type.getNumResults() > 1) {
      SmallVector<Type> fields;
      for (Type t : type.getResults())
        fields.push_back(converter.convertType(t));
      if (llvm::is_contained(fields, Type()))
        return rewriter.notifyMatchFailure(op, "result type not lowered");
      resultType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    }
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not lowered");
    auto fnType =
        LLVM::LLVMFunctionType::get(resultType, sig.getConvertedTypes());
    auto func = LLVM::LLVMFuncOp::create(
        rewriter, op.getLoc(), op.getName(), fnType,
        kernel ? LLVM::Linkage::External : LLVM::Linkage::Internal);
    // The arguments keep their attributes (tt.divisibility, ...), as
    // upstream's lowering keeps them.
    for (unsigned i = 0; i < type.getNumInputs(); ++i)
      for (NamedAttribute attr : function_interface_impl::getArgAttrs(op, i))
        func.setArgAttr(i, attr.getName(), attr.getValue());
    if (kernel) {
      // Spelled as upstream's lowering spells it (any value marks a kernel).
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getIntegerAttr(
                        IntegerType::get(ctx, 1, IntegerType::Unsigned), 1));
      // A tensor descriptor argument (or a pointer marked tt.nv_tma_desc)
      // is a CUtensorMap passed by value, as Triton's launcher passes one:
      // the kernel reads it where it lies.
      for (auto [i, input] : llvm::enumerate(type.getInputs())) {
        auto marked = op.getArgAttrOfType<IntegerAttr>(i, "tt.nv_tma_desc");
        if (!isa<TensorDescType>(input) && !(marked && marked.getInt() == 1))
          continue;
        func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(LLVM::LLVMArrayType::get(
                            IntegerType::get(ctx, 8), 128)));
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        rewriter.getI32IntegerAttr(64));
        func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                        rewriter.getUnitAttr());
      }
      // A kernel with warp_specialize ops runs the partitions' warps too.
      int warps = getNumWarps(op);
      if (auto mod = op->getParentOfType<ModuleOp>())
        if (auto total = mod->getAttrOfType<IntegerAttr>(kTotalNumWarpsAttr))
          warps = total.getInt();
      int threads = warps * getThreadsPerWarp(op);
      func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                    rewriter.getDenseI32ArrayAttr({threads}));
      int numCTAs = getNumCTAs(op);
      if (numCTAs > 1)
        func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                      rewriter.getDenseI32ArrayAttr({numCTAs}));
      auto mod = op->getParentOfType<ModuleOp>();
      if (auto maxnreg = mod->getAttrOfType<IntegerAttr>("ttg.maxnreg"))
        func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                      rewriter.getI32IntegerAttr(maxnreg.getInt()));
    } else {
      func.setNoInline(true);
    }
    // Where the kernel's workers find their state (allocate-shared-memory
    // gives it to kernels with warp_specialize ops).
    if (auto offset = op->getAttr(kAllocationOffsetAttr))
      func->setAttr(kAllocationOffsetAttr, offset);
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), converter, &sig)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<triton::ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return failure();
    ValueRange operands = adaptor.getOperands();
    if (operands.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, operands);
      return success();
    }
    Type structTy = func.getFunctionType().getReturnType();
    Value result = LLVM::UndefOp::create(rewriter, op.getLoc(), structTy);
    for (auto [i, v] : llvm::enumerate(operands))
      result = LLVM::InsertValueOp::create(rewriter, op.getLoc(), result, v,
                                           ArrayRef<int64_t>{(int64_t)i});
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, result);
    return success();
  }
};

/// A program id or count along `axis`: the cluster's (`cluster`: a program
/// is a cluster of CTAs) or the CTA's.
Value gridValue(OpBuilder &b, Location loc, ProgramIDDim axis, bool count,
                bool cluster) {
  Type i32 = b.getI32Type();
  switch (axis) {
  case ProgramIDDim::X:
    if (count)
      return cluster ? NVVM::ClusterDimXOp::create(b, loc, i32).getResult()
                     : NVVM::GridDimXOp::create(b, loc, i32).getResult();
    return cluster ? NVVM::ClusterIdXOp::create(b, loc, i32).getResult()
                   : NVVM::BlockIdXOp::create(b, loc, i32).getResult();
  case ProgramIDDim::Y:
    if (count)
      return cluster ? NVVM::ClusterDimYOp::create(b, loc, i32).getResult()
                     : NVVM::GridDimYOp::create(b, loc, i32).getResult();
    return cluster ? NVVM::ClusterIdYOp::create(b, loc, i32).getResult()
                   : NVVM::BlockIdYOp::create(b, loc, i32).getResult();
  case ProgramIDDim::Z:
    if (count)
      return cluster ? NVVM::ClusterDimZOp::create(b, loc, i32).getResult()
                     : NVVM::GridDimZOp::create(b, loc, i32).getResult();
    return cluster ? NVVM::ClusterIdZOp::create(b, loc, i32).getResult()
                   : NVVM::BlockIdZOp::create(b, loc, i32).getResult();
  }
  llvm_unreachable("three axes");
}

/// The linear index of the CTA in the grid: its program's (x fastest; the
/// ids tt.get_program_id reads) times `numCTAs` plus its rank in the
/// program's cluster.
Value linearCtaId(OpBuilder &b, Location loc, int numCTAs) {
  bool cluster = numCTAs > 1;
  auto grid = [&](ProgramIDDim axis, bool count) {
    return gridValue(b, loc, axis, count, cluster);
  };
  Value x = grid(ProgramIDDim::X, false);
  Value y = grid(ProgramIDDim::Y, false);
  Value z = grid(ProgramIDDim::Z, false);
  Value nx = grid(ProgramIDDim::X, true);
  Value ny = grid(ProgramIDDim::Y, true);
  Value zy = LLVM::AddOp::create(b, loc, LLVM::MulOp::create(b, loc, z, ny), y);
  Value program =
      LLVM::AddOp::create(b, loc, LLVM::MulOp::create(b, loc, zy, nx), x);
  if (!cluster)
    return program;
  Value rank = NVVM::BlockInClusterIdXOp::create(b, loc, b.getI32Type());
  Value first = LLVM::MulOp::create(b, loc, program, i32Const(b, loc, numCTAs));
  return LLVM::AddOp::create(b, loc, first, rank);
}

/// The address `offset` bytes into the global scratch of the function
/// holding `op`: each CTA of a kernel owns the slice at its index times the
/// module's per-CTA size (as the launcher allocates it: programs times CTAs
/// a program); a device function is given its caller's.
Value globalScratchAddress(OpBuilder &b, Location loc, Operation *op,
                           int64_t offset) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  Value base = getGlobalScratchArgument(op);
  Value bytes = i32Const(b, loc, offset);
  if (func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName())) {
    auto size = func->getParentOfType<ModuleOp>()->getAttrOfType<IntegerAttr>(
        "ttg.global_scratch_memory_size");
    int64_t perProgram = size ? size.getInt() : 0;
    bytes = LLVM::AddOp::create(
        b, loc,
        LLVM::MulOp::create(b, loc, linearCtaId(b, loc, getNumCTAs(func)),
                            i32Const(b, loc, perProgram)),
        bytes);
  }
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{bytes});
}

struct GlobalScratchAllocOpConversion
    : public ConvertOpToLLVMPattern<GlobalScratchAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offset =
        op->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset");
    if (!offset)
      return op.emitError("global scratch not planned for this op: run "
                          "tritongpu-global-scratch-memory-allocation first");
    Value address =
        globalScratchAddress(rewriter, op.getLoc(), op, offset.getInt());
    Type type = getTypeConverter()->convertType(op.getType());
    if (type != address.getType())
      address =
          LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), type, address);
    rewriter.replaceOp(op, address);
    return success();
  }
};

struct CallOpConversion : public ConvertOpToLLVMPattern<triton::CallOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto caller = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!caller)
      return failure();
    SmallVector<Value> operands(adaptor.getOperands());
    // The callee's shared memory sits at the call's offset in the caller's.
    Value base = getFunctionSharedBase(rewriter, loc, op);
    if (std::optional<int64_t> offset = getAllocationOffset(op))
      base = gepBytes(rewriter, loc, base, i32Const(rewriter, loc, *offset));
    operands.push_back(base);
    // The callee's global scratch sits at the call's offset in the caller's.
    if (auto offset =
            op->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset"))
      operands.push_back(
          globalScratchAddress(rewriter, loc, op, offset.getInt()));
    else
      operands.push_back(getGlobalScratchArgument(op));
    operands.push_back(getProfileScratchArgument(rewriter, loc, op));

    SmallVector<Type> results;
    for (Type t : op.getResultTypes())
      results.push_back(getTypeConverter()->convertType(t));
    Type resultType;
    if (results.size() == 1)
      resultType = results.front();
    else if (results.size() > 1)
      resultType = LLVM::LLVMStructType::getLiteral(op.getContext(), results);
    auto call = LLVM::CallOp::create(
        rewriter, loc, resultType ? TypeRange{resultType} : TypeRange{},
        op.getCallee(), operands);
    if (results.size() <= 1) {
      rewriter.replaceOp(op, call.getResults());
      return success();
    }
    SmallVector<Value> values;
    for (auto [i, t] : llvm::enumerate(results))
      values.push_back(LLVM::ExtractValueOp::create(
          rewriter, loc, t, call.getResult(), ArrayRef<int64_t>{(int64_t)i}));
    rewriter.replaceOp(op, values);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

struct WarpSpecializeOpConversion
    : public ConvertOpToLLVMPattern<WarpSpecializeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func || !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return op.emitOpError("is only supported in a kernel (a public "
                            "tt.func), not in a device function");
    for (auto [i, capture] : llvm::enumerate(op.getExplicitCaptures()))
      if (isa<RankedTensorType>(capture.getType()))
        return op.emitOpError("cannot pass a tensor to its partitions "
                              "(capture #")
               << i << " is " << capture.getType()
               << "): a tensor's registers belong to the warps that hold it";
    const TypeConverter &converter = *getTypeConverter();
    SmallVector<Type> resultTypes;
    if (failed(converter.convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types not lowered");
    SmallVector<Value> captures(adaptor.getExplicitCaptures());
    // The partitions, isolated from the kernel's arguments, get its global
    // scratch pointer as one more capture (tt.func lowering adds it to the
    // arguments; a hand-written llvm.func may lack it).
    unsigned n = func.getNumArguments();
    auto ptr1Type = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
    if (n < 2 || func.getArgument(n - 2).getType() != ptr1Type ||
        func.getArgument(n - 1).getType() != ptr1Type)
      return op.emitOpError("is in a kernel without the two scratch pointer "
                            "arguments a lowered tt.func ends with");
    captures.push_back(func.getArgument(n - 2));

    NamedAttrList attrs(op->getDiscardableAttrDictionary());
    attrs.set(kLoweredCapturesAttr, rewriter.getUnitAttr());
    Operation *lowered = Operation::create(
        op.getLoc(), op->getName(), resultTypes, captures, std::move(attrs),
        op->getPropertiesStorage(), /*successors=*/{}, op->getNumRegions());
    rewriter.insert(lowered);
    auto ws = cast<WarpSpecializeOp>(lowered);
    rewriter.inlineRegionBefore(op.getDefaultRegion(), ws.getDefaultRegion(),
                                ws.getDefaultRegion().end());
    rewriter.inlineRegionBefore(op.getPartitionOpHolder(),
                                ws.getPartitionOpHolder(),
                                ws.getPartitionOpHolder().end());
    if (failed(rewriter.convertRegionTypes(&ws.getDefaultRegion(), converter)))
      return failure();
    auto ptr1 = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
    for (Region &region : ws.getPartitionRegions()) {
      TypeConverter::SignatureConversion sig(region.getNumArguments());
      for (auto [i, arg] : llvm::enumerate(region.getArguments())) {
        Type t = converter.convertType(arg.getType());
        if (!t)
          return rewriter.notifyMatchFailure(op, "capture type not lowered");
        sig.addInputs(i, t);
      }
      sig.addInputs(ptr1);
      if (failed(rewriter.convertRegionTypes(&region, converter, &sig)))
        return failure();
    }
    rewriter.replaceOp(op, ws->getResults());
    return success();
  }
};

struct WarpYieldOpConversion : public ConvertOpToLLVMPattern<WarpYieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<WarpYieldOp>(op, adaptor.getValues());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Grid
//===----------------------------------------------------------------------===//

struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<GetProgramIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, gridValue(rewriter, op.getLoc(), op.getAxis(),
                                     /*count=*/false, getNumCTAs(op) > 1));
    return success();
  }
};

struct GetNumProgramsOpConversion
    : public ConvertOpToLLVMPattern<GetNumProgramsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, gridValue(rewriter, op.getLoc(), op.getAxis(),
                                     /*count=*/true, getNumCTAs(op) > 1));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

class TritonLLVMConversionTarget : public ConversionTarget {
public:
  explicit TritonLLVMConversionTarget(MLIRContext &ctx)
      : ConversionTarget(ctx) {
    // nvg ops and ttg.warp_id are left for convert-nv-gpu-to-llvm.
    addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                    nvgpu::NVGPUDialect>();
    addLegalOp<WarpIdOp>();
    addIllegalDialect<TritonDialect, TritonGPUDialect,
                      nvidia_gpu::TritonNvidiaGPUDialect, arith::ArithDialect,
                      math::MathDialect, cf::ControlFlowDialect,
                      ub::UBDialect>();
    addLegalOp<ModuleOp>();
    // convert-warp-specialize-to-llvm lowers warp_specialize ops once what
    // they hold is lowered.
    addLegalOp<WarpSpecializePartitionsOp, WarpReturnOp>();
    addDynamicallyLegalOp<WarpSpecializeOp>(
        [](WarpSpecializeOp op) { return op->hasAttr(kLoweredCapturesAttr); });
    addDynamicallyLegalOp<WarpYieldOp>([](WarpYieldOp op) {
      return llvm::all_of(op.getValues().getTypes(),
                          [](Type t) { return LLVM::isCompatibleType(t); });
    });
    // tl.debug_barrier() reaches here as gpu.barrier.
    addIllegalOp(OperationName("gpu.barrier", &ctx));
  }
};

struct ConvertTritonGPUToLLVMPass
    : public mlir::triton::impl::ConvertTritonGPUToLLVMBase<
          ConvertTritonGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    MLIRContext *ctx = &getContext();

    // Structured control flow must be gone: make_llir runs convert-scf-to-cf
    // first.
    WalkResult scf = mod.walk([](Operation *op) {
      if (isa_and_nonnull<scf::SCFDialect>(op->getDialect())) {
        op->emitError("convert-triton-gpu-to-llvm needs structured control "
                      "flow lowered first (run convert-scf-to-cf)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (scf.wasInterrupted())
      return signalPassFailure();

    // Every distributed tensor must have a layout we can lay out.
    WalkResult layouts = mod.walk([](Operation *op) {
      for (Value v : op->getResults()) {
        auto t = dyn_cast<RankedTensorType>(v.getType());
        if (!t)
          continue;
        if (!t.getEncoding()) {
          op->emitError("tensor without a layout: run "
                        "convert-triton-to-tritongpu first");
          return WalkResult::interrupt();
        }
        if (!getLayout(t)) {
          op->emitError("cannot lower a tensor with layout ")
              << t.getEncoding();
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (layouts.wasInterrupted())
      return signalPassFailure();

    // Every op that needs shared memory must have been given it.
    WalkResult planned = mod.walk([](Operation *op) {
      bool needs = getScratchSizeInBytes(op) > 0 ||
                   (isa<LocalAllocOp>(op) &&
                    isa_and_nonnull<SharedMemorySpaceAttr>(
                        cast<LocalAllocOp>(op).getType().getMemorySpace()));
      if (needs && !getAllocationOffset(op)) {
        op->emitError("shared memory not planned for this op: run "
                      "allocate-shared-memory first");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (planned.wasInterrupted())
      return signalPassFailure();

    LoweringHints hints = computeLoweringHints(mod);
    markSharedMemoryIdle(mod);

    // The dynamic shared memory every kernel addresses.
    {
      OpBuilder b(mod.getBodyRegion());
      if (!mod.lookupSymbol(kGlobalSmemName)) {
        auto arrayTy = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
        LLVM::GlobalOp::create(b, mod.getLoc(), arrayTy, /*isConstant=*/false,
                               LLVM::Linkage::External, kGlobalSmemName,
                               Attribute(), /*alignment=*/16,
                               /*addrSpace=*/3);
      }
    }

    LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(32);
    TritonGPUToLLVMTypeConverter converter(ctx, options);
    TargetInfo target{computeCapability, ptxVersion};

    RewritePatternSet patterns(ctx);
    patterns.add<FuncOpConversion, ReturnOpConversion, CallOpConversion,
                 GetProgramIdOpConversion, GetNumProgramsOpConversion,
                 GlobalScratchAllocOpConversion, WarpSpecializeOpConversion,
                 WarpYieldOpConversion>(converter);
    populateElementwiseOpToLLVMPatterns(converter, patterns, target,
                                        hints.equalRegisterBits);
    populateViewOpToLLVMPatterns(converter, patterns, target);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, target,
                                      hints.vectorSizes);
    populateMemoryOpToLLVMPatterns(converter, patterns, target);
    populateBarrierOpToLLVMPatterns(converter, patterns);
    populateTMAToLLVMPatterns(converter, patterns);
    populateReduceScanOpToLLVMPatterns(converter, patterns, target);
    populateDotOpToLLVMPatterns(converter, patterns, target);
    populateMMAToLLVMPatterns(converter, patterns, target);
    populateMiscOpToLLVMPatterns(converter, patterns, target);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    TritonLLVMConversionTarget convTarget(*ctx);
    // A pattern that rejects its op says why; the framework's "failed to
    // legalize" that follows would only repeat it.
    bool patternFailed = false;
    ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (patternFailed &&
          StringRef(diag.str()).starts_with("failed to legalize"))
        return success();
      patternFailed = true;
      return failure();
    });
    if (failed(applyPartialConversion(mod, convTarget, std::move(patterns))))
      return signalPassFailure();

    // The structs the patterns packed and the next pattern took apart
    // (unpackLLElements reads the fields of an insertvalue chain where it
    // finds one) are left as they are, as upstream leaves them: the
    // canonicalizer after this pass drops those nothing uses.

    // Loop annotations (tl.range(..., disable_licm=True), tl.condition)
    // reach the latch branch as scf-to-cf leaves them, a discardable
    // `llvm.loop_annotation`; the LLVM branch carries them as its own
    // `loop_annotation`, which becomes the loop's !llvm.loop metadata.
    constexpr StringLiteral kLoopAnnotation = "llvm.loop_annotation";
    mod.walk([&](Operation *op) {
      auto annotation = dyn_cast_or_null<LLVM::LoopAnnotationAttr>(
          op->getDiscardableAttr(kLoopAnnotation));
      if (!annotation)
        return;
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        br.setLoopAnnotationAttr(annotation);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        condBr.setLoopAnnotationAttr(annotation);
      else
        return;
      op->removeDiscardableAttr(kLoopAnnotation);
    });

    // The launch configuration stays on the module for the metadata.
  }
};

} // namespace
