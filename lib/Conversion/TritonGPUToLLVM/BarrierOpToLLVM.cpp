//===- BarrierOpToLLVM.cpp - mbarriers ------------------------------------===//
//
// ttng's mbarrier ops in PTX. An mbarrier is a 64-bit object in shared
// memory; its state changes (init, inval, arrive, expect-tx) are made once
// for the CTA, by its first thread, while every thread that waits polls it.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// True in the CTA's first thread, and-ed with `pred` when there is one.
Value firstThreadAnd(ConversionPatternRewriter &rewriter, Location loc,
                     Value pred) {
  Value first = isFirstThread(rewriter, loc);
  return pred ? LLVM::AndOp::create(rewriter, loc, first, pred).getResult()
              : first;
}

/// `instr` (its mbarrier operand `[$1]`) on the mbarrier `memDesc`, in the
/// CTA's first thread where `pred` (if any) holds.
void inFirstThread(ConversionPatternRewriter &rewriter, Location loc,
                   Value memDesc, Value pred, const std::string &instr) {
  Value first = firstThreadAnd(rewriter, loc, pred);
  Value addr = sharedPointer(rewriter, loc, memDesc);
  inlinePtx(rewriter, loc, "@$0 " + instr + ";", "b,r", {first, addr}, {});
}

struct InitBarrierOpConversion : public ConvertOpToLLVMPattern<InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The buffer's previous readers finish first (unless nothing touched
    // shared memory since the last barrier), and every thread sees the
    // initialized mbarrier before it arrives or waits on it.
    if (!op->hasAttr(kSharedIdleAttr))
      emitBarrier(rewriter, loc);
    inFirstThread(rewriter, loc, adaptor.getAlloc(), Value(),
                  "mbarrier.init.shared::cta.b64 [$1], " +
                      std::to_string(op.getCount()));
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every thread is done waiting on it first.
    emitBarrier(rewriter, loc);
    inFirstThread(rewriter, loc, adaptor.getAlloc(), Value(),
                  "mbarrier.inval.shared::cta.b64 [$1]");
    rewriter.eraseOp(op);
    return success();
  }
};

/// One arrival that also expects `size` bytes of asynchronous copies.
struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    inFirstThread(rewriter, op.getLoc(), adaptor.getAlloc(), adaptor.getPred(),
                  "mbarrier.arrive.expect_tx.shared.b64 _, [$1], " +
                      std::to_string(op.getSize()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `count` arrivals, made by the CTA's first thread; with
/// `ttng.per_warp_group` (nvgpu-warp-specialization's consumers of several
/// warp groups), by the first thread of each warp group, once that group is
/// done with what the barrier guards.
struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string arrive = "mbarrier.arrive.shared::cta.b64 _, [$1], " +
                         std::to_string(op.getCount());
    if (!op->hasAttr(kArrivePerWarpGroupAttr)) {
      inFirstThread(rewriter, loc, adaptor.getAlloc(), adaptor.getPred(),
                    arrive);
      rewriter.eraseOp(op);
      return success();
    }
    Value groupThread = LLVM::URemOp::create(
        rewriter, loc, getThreadId(rewriter, loc),
        i32Const(rewriter, loc, 4 * getThreadsPerWarp(op)));
    Value leader =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                             groupThread, i32Const(rewriter, loc, 0));
    if (Value pred = adaptor.getPred())
      leader = LLVM::AndOp::create(rewriter, loc, leader, pred);
    inlinePtx(rewriter, loc, "@$0 " + arrive + ";", "b,r",
              {leader, sharedPointer(rewriter, loc, adaptor.getAlloc())}, {});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread polls until the phase of parity `phase` has completed (or,
/// with a false predicate, does not wait).
struct WaitBarrierOpConversion : public ConvertOpToLLVMPattern<WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = sharedPointer(rewriter, loc, adaptor.getAlloc());
    // PTX scopes the labels to the braces: each wait has its own. (The
    // text is upstream's, which its tests pin.)
    std::string wait = "\t.reg .pred complete;\n"
                       "\twaitLoop:\n"
                       "\tmbarrier.try_wait.parity.shared.b64 complete, [$0], "
                       "$1;\n"
                       "\t@!complete bra.uni waitLoop;\n";
    // A predicate known true waits unconditionally.
    Value pred = adaptor.getPred();
    if (pred && matchPattern(op.getPred(), m_One()))
      pred = Value();
    if (pred) {
      inlinePtx(rewriter, loc,
                "\n{\n\t@!$2 bra.uni skipWait;\n" + wait + "\tskipWait:\n}\n",
                "r,r,b", {addr, adaptor.getPhase(), pred}, {});
    } else {
      inlinePtx(rewriter, loc, "\n{\n" + wait + "}\n", "r,r",
                {addr, adaptor.getPhase()}, {});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// Each thread's earlier cp.async copies arrive on the barrier when they
/// complete (`.noinc`: the arrival was counted at init).
struct AsyncCopyMbarrierArriveOpConversion
    : public ConvertOpToLLVMPattern<AsyncCopyMbarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncCopyMbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncMBarrierArriveOp::create(
        rewriter, loc, sharedPointer(rewriter, loc, adaptor.getBarrier()),
        op.getNoIncrement());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateBarrierOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InitBarrierOpConversion, InvalBarrierOpConversion,
               BarrierExpectOpConversion, ArriveBarrierOpConversion,
               WaitBarrierOpConversion, AsyncCopyMbarrierArriveOpConversion>(
      converter);
}
