//===- NVGPUToLLVM.cpp - convert-nv-gpu-to-llvm ---------------------------===//
//
// Turns the nvg ops (and ttg.warp_id) that the LLVM lowering leaves into
// inline PTX and NVVM. A greedy rewrite: on the way, the pairs of
// unrealized casts that meet (tensor -> struct -> tensor) fold away, as
// upstream's pass folds them.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Utility.h"

#include "Dialect/NVGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTNVGPUTOLLVM
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace nvg = mlir::triton::nvgpu;

namespace {

/// The inline-asm constraint letter of a register of type `t`.
char constraintOf(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 'l';
  unsigned bits = t.getIntOrFloatBitWidth();
  if (bits == 64)
    return isa<FloatType>(t) ? 'd' : 'l';
  if (bits == 32)
    return isa<FloatType>(t) ? 'f' : 'r';
  return 'h';
}

/// The fields of a struct value, one extractvalue each.
SmallVector<Value> structFields(OpBuilder &b, Location loc, Value v) {
  auto type = cast<LLVM::LLVMStructType>(v.getType());
  SmallVector<Value> out;
  for (auto [i, t] : llvm::enumerate(type.getBody()))
    out.push_back(LLVM::ExtractValueOp::create(b, loc, t, v,
                                               ArrayRef<int64_t>{int64_t(i)}));
  return out;
}

Value packStruct(OpBuilder &b, Location loc, Type type, ValueRange fields) {
  Value s = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, f] : llvm::enumerate(fields))
    s = LLVM::InsertValueOp::create(b, loc, s, f, ArrayRef<int64_t>{int64_t(i)});
  return s;
}

/// "$first, $first+1, ..." for `n` operands.
std::string operandList(unsigned first, unsigned n) {
  std::string s;
  for (unsigned i = 0; i < n; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s;
}

/// `wgmma.wait_group`: the registers pass through tied operands, so that
/// their uses stay after the wait.
struct WGMMAWaitGroupLowering : OpRewritePattern<nvg::WGMMAWaitGroupOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvg::WGMMAWaitGroupOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> fields = structFields(rewriter, loc, op.getInput());
    std::string regs, constraints;
    for (auto [i, f] : llvm::enumerate(fields)) {
      regs += (i ? ",$" : "$") + std::to_string(i);
      constraints += std::string("=") + constraintOf(f.getType()) + ",";
    }
    for (unsigned i = 0; i < fields.size(); ++i)
      constraints += std::to_string(i) + (i + 1 < fields.size() ? "," : "");
    // The comment names the registers the wait is for, as upstream's does.
    std::string text = "// wait for regs: " + regs +
                       "\n\twgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPendings()) + ";";
    SmallVector<Value> out = inlinePtx(
        rewriter, loc, text, constraints, fields,
        llvm::to_vector(ValueRange(fields).getTypes()));
    rewriter.replaceOp(op, packStruct(rewriter, loc, op.getType(), out));
    return success();
  }
};

/// One `wgmma.mma_async`: without an accumulator operand the product
/// discards the accumulator (scale-d 0); with one it adds where useC holds.
struct WGMMALowering : OpRewritePattern<nvg::WGMMAOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvg::WGMMAOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resType = cast<LLVM::LLVMStructType>(op.getType());
    unsigned numD = resType.getBody().size();
    bool isFloat = op.getEltTypeA() != nvg::WGMMAEltType::s8;
    bool transposable = op.getEltTypeA() == nvg::WGMMAEltType::f16 ||
                        op.getEltTypeA() == nvg::WGMMAEltType::bf16;
    SmallVector<Value> operands;
    std::string constraints;
    for (Type t : resType.getBody())
      constraints += std::string("=") + constraintOf(t) + ",";
    unsigned next = numD;
    if (Value c = op.getOpC()) {
      operands.append(structFields(rewriter, loc, c));
      for (unsigned i = 0; i < numD; ++i)
        constraints += std::to_string(i) + ",";
      next = 2 * numD;
    }
    std::string aText;
    bool aInRegisters = isa<LLVM::LLVMStructType>(op.getOpA().getType());
    if (aInRegisters) {
      SmallVector<Value> a = structFields(rewriter, loc, op.getOpA());
      aText = "{" + operandList(next, a.size()) + "}";
      for (Value v : a)
        constraints += std::string(1, constraintOf(v.getType())) + ",";
      next += a.size();
      operands.append(a);
    } else {
      aText = "$" + std::to_string(next++);
      constraints += "l,";
      operands.push_back(op.getOpA());
    }
    std::string bText = "$" + std::to_string(next++);
    constraints += "l";
    operands.push_back(op.getOpB());
    std::string immediates;
    if (isFloat)
      immediates = ", 1, 1";
    if (transposable) {
      if (!aInRegisters)
        immediates += op.getLayoutA() == nvg::WGMMALayout::col ? ", 1" : ", 0";
      immediates += op.getLayoutB() == nvg::WGMMALayout::row ? ", 1" : ", 0";
    }
    std::string mnemonic = llvm::formatv(
        "wgmma.mma_async.sync.aligned.m{0}n{1}k{2}.{3}.{4}.{5}", op.getM(),
        op.getN(), op.getK(), nvg::stringifyWGMMAEltType(op.getEltTypeC()),
        nvg::stringifyWGMMAEltType(op.getEltTypeA()),
        nvg::stringifyWGMMAEltType(op.getEltTypeB()));
    std::string text;
    if (!op.getOpC()) {
      text = llvm::formatv("{0} {{{1}}, {2}, {3}, 0{4};", mnemonic,
                           operandList(0, numD), aText, bText, immediates);
    } else {
      operands.push_back(LLVM::ZExtOp::create(rewriter, loc,
                                              rewriter.getI32Type(),
                                              op.getUseC()));
      std::string scaleText = "$" + std::to_string(next);
      constraints += ",r";
      text = llvm::formatv("{{ .reg .pred p; setp.ne.b32 p, {0}, 0; "
                           "{1} {{{2}}, {3}, {4}, p{5}; }",
                           scaleText, mnemonic, operandList(0, numD), aText,
                           bText, immediates);
    }
    SmallVector<Value> out =
        inlinePtx(rewriter, loc, text, constraints, operands,
                  llvm::to_vector(resType.getBody()));
    rewriter.replaceOp(op, packStruct(rewriter, loc, resType, out));
    return success();
  }
};

struct ClusterCTAIdLowering : OpRewritePattern<nvg::ClusterCTAIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvg::ClusterCTAIdOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterId>(op, rewriter.getI32Type());
    return success();
  }
};

/// `ld.global.<scope>.<sem>.b<bits>`, 0 where the mask is false.
struct LoadAcquireLowering : OpRewritePattern<nvg::LoadAcquireOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvg::LoadAcquireOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    unsigned bits = type.getIntOrFloatBitWidth();
    Type regType = rewriter.getIntegerType(std::max(bits, 16u));
    std::string load = llvm::formatv(
        "ld.global.{0}.{1}.b{2} $0, [ $1 + 0 ];",
        nvg::stringifyMemSyncScope(op.getScope()),
        nvg::stringifyMemSemantic(op.getSem()), std::max(bits, 16u));
    std::string c(1, constraintOf(regType));
    Value loaded;
    if (Value mask = op.getMask()) {
      loaded = inlinePtx(rewriter, loc,
                         (bits > 32 ? "mov.u64 $0, 0x0;\n\t@$2 "
                                    : bits > 16 ? "mov.u32 $0, 0x0;\n\t@$2 "
                                                : "mov.u16 $0, 0x0;\n\t@$2 ") +
                             load,
                         "=" + c + ",l,b", {op.getAddr(), mask}, {regType})[0];
    } else {
      loaded = inlinePtx(rewriter, loc, load, "=" + c + ",l", {op.getAddr()},
                         {regType})[0];
    }
    if (regType != rewriter.getIntegerType(bits))
      loaded = LLVM::TruncOp::create(rewriter, loc,
                                     rewriter.getIntegerType(bits), loaded);
    if (!type.isInteger(bits))
      loaded = LLVM::BitcastOp::create(rewriter, loc, type, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

/// The warp's index among the warps that run the code: those of the
/// enclosing warp_specialize partition, else the kernel's. 0 when they are
/// one warp; else (tid.x - the partition's first thread) / 32, made
/// uniform with a shuffle from lane 0.
LogicalResult lowerWarpId(Operation *op, PatternRewriter &rewriter) {
  Location loc = op->getLoc();
  int warps = 0, first = 0;
  int threadsPerWarp = getThreadsPerWarp(op);
  if (std::optional<PartitionRef> p = getEnclosingPartition(op->getBlock())) {
    warps = p->op.getPartitionNumWarps()[p->index];
    if (warps != 1) {
      std::optional<ArrayRef<int32_t>> starts = p->op.getWarpGroupStartIds();
      if (!starts)
        return op->emitOpError("is in a ttg.warp_specialize partition without "
                             "warpGroupStartIds: run "
                             "tritongpu-allocate-warp-groups first");
      first = (*starts)[p->index] * threadsPerWarp;
    }
  } else {
    warps = getNumWarps(op);
  }
  if (warps == 1) {
    rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
    return success();
  }
  Value c32 = i32Const(rewriter, loc, threadsPerWarp);
  Value firstThread = first ? i32Const(rewriter, loc, first) : Value();
  Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
  if (firstThread)
    tid = LLVM::SubOp::create(rewriter, loc, tid, firstThread);
  Value id = LLVM::UDivOp::create(rewriter, loc, tid, c32);
  rewriter.replaceOp(
      op, shuffleIdx(rewriter, loc, id, i32Const(rewriter, loc, 0),
                     threadsPerWarp));
  return success();
}

struct NVGWarpIdLowering : OpRewritePattern<nvg::WarpIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nvg::WarpIdOp op,
                                PatternRewriter &rewriter) const override {
    return lowerWarpId(op, rewriter);
  }
};

struct TTGWarpIdLowering : OpRewritePattern<WarpIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WarpIdOp op,
                                PatternRewriter &rewriter) const override {
    return lowerWarpId(op, rewriter);
  }
};

struct ConvertNVGPUToLLVMPass
    : public mlir::triton::impl::ConvertNVGPUToLLVMBase<
          ConvertNVGPUToLLVMPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    // tensor_memory_base needs the kernel's tensor-memory allocation,
    // which our Blackwell lowering does not make yet.
    WalkResult tmem = mod.walk([](nvg::TensorMemoryBaseAddress op) {
      op.emitOpError("is not lowered yet: this toolchain does not allocate "
                     "Blackwell tensor memory");
      return WalkResult::interrupt();
    });
    if (tmem.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<WGMMAWaitGroupLowering, WGMMALowering, ClusterCTAIdLowering,
                 LoadAcquireLowering, NVGWarpIdLowering, TTGWarpIdLowering>(
        &getContext());
    // Control flow stays as the lowering made it (canonicalize simplifies
    // it later in make-llir).
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(mod, std::move(patterns), config)))
      return signalPassFailure();
    // A pattern that failed left its op, with its diagnostic.
    WalkResult left = mod.walk([](Operation *op) {
      if (isa_and_present<nvg::NVGPUDialect>(op->getDialect()) ||
          isa<WarpIdOp>(op))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
