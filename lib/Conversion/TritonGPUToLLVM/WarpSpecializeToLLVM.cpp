//===- WarpSpecializeToLLVM.cpp - convert-warp-specialize-to-llvm ---------===//
//
// Turns each kernel holding ttg.warp_specialize ops (whose regions the LLVM
// lowering has lowered) into one control-flow graph in which the warps past
// the kernel's own (the workers) wait in a loop for a partition to run.
//
// The protocol, all of it at named barrier 1 with every thread of the CTA
// (not `aligned`: the kernel's warps and the workers reach it at different
// instructions):
//
//   kernel's warps                       workers
//   write each worker's state byte       wait at barrier 1
//   write the captures                      |
//   barrier 1  ------------------------- barrier 1; read the state byte
//   [setmaxnreg; barrier 1] ------------ [setmaxnreg; barrier 1]
//   run the default region               run the partition (or nothing)
//   barrier 1  ------------------------- barrier 1; back to waiting
//   [setmaxnreg]                         [setmaxnreg]
//
// and before the kernel returns its warps write the exit state and meet the
// workers at barrier 1 once more.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Utility.h"
#include "WarpSpecialize.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTWARPSPECIALIZETOLLVM
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The barrier every thread of the CTA meets at, from any instruction.
constexpr int kWorkerBarrier = 1;
/// Partition i's barriers use 2 + i; 0 and 1 are taken.
constexpr int kFirstPartitionBarrier = 2;
constexpr int kNumNamedBarriers = 16;

void emitWorkerBarrier(OpBuilder &b, Location loc) {
  LLVM::CallIntrinsicOp::create(
      b, loc, b.getStringAttr("llvm.nvvm.barrier.cta.sync.all"),
      ValueRange{i32Const(b, loc, kWorkerBarrier)});
}

/// Moves the warp from `from` to `to` registers a thread.
void emitSetMaxnreg(OpBuilder &b, Location loc, int from, int to) {
  if (from == to)
    return;
  NVVM::SetMaxRegisterOp::create(b, loc, to,
                                 to > from
                                     ? NVVM::SetMaxRegisterAction::increase
                                     : NVVM::SetMaxRegisterAction::decrease);
}

/// Whether a capture can be made again inside a partition instead of being
/// sent through shared memory: a kernel argument, or a constant.
bool canRematerialize(Value capture, LLVM::LLVMFuncOp func) {
  if (auto arg = dyn_cast<BlockArgument>(capture))
    return arg.getOwner() == &func.getBody().front();
  Operation *def = capture.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         isa<LLVM::ConstantOp, LLVM::AddressOfOp, LLVM::ZeroOp, LLVM::UndefOp,
             LLVM::PoisonOp>(def);
}

class KernelLowering {
public:
  KernelLowering(LLVM::LLVMFuncOp func, ArrayRef<WarpSpecializeOp> ops)
      : func(func), ops(ops), b(func.getContext()) {}

  LogicalResult run();

private:
  LogicalResult check();
  void rewriteBarriers();
  Value stateAddress(Location loc, Value worker);
  Value smemAddress(Location loc, int64_t offset);
  void storeStates(Location loc, ArrayRef<int> states);
  void dispatch();
  LogicalResult lowerOp(WarpSpecializeOp ws, int firstState);
  LogicalResult lowerPartition(WarpSpecializeOp ws, unsigned index, int state);
  void sendWorkersOut(ArrayRef<LLVM::ReturnOp> returns);

  LLVM::LLVMFuncOp func;
  ArrayRef<WarpSpecializeOp> ops;
  OpBuilder b;

  int numWarps = 0, totalWarps = 0, threadsPerWarp = 32;
  int64_t stateOffset = 0;
  std::optional<KernelRegisters> registers;
  int numPartitions = 0, exitState = 0, idleState = 0;

  /// The warp's index in the CTA (warp-uniform), made at the kernel's entry.
  Value warpId;
  /// Where the workers wait for work.
  Block *header = nullptr;
  Value dispatchState;
  Block *idleBlock = nullptr;
  SmallVector<int32_t> caseValues;
  SmallVector<Block *> caseBlocks;
};

LogicalResult KernelLowering::check() {
  auto mod = func->getParentOfType<ModuleOp>();
  auto total = mod->getAttrOfType<IntegerAttr>(kTotalNumWarpsAttr);
  if (!total)
    return func.emitError("the warps of its ttg.warp_specialize ops are not "
                          "allocated: run tritongpu-allocate-warp-groups "
                          "first");
  totalWarps = total.getInt();
  numWarps = getNumWarps(func);
  threadsPerWarp = getThreadsPerWarp(func);
  std::optional<int64_t> offset = getAllocationOffset(func);
  if (!offset)
    return func.emitError("the shared memory of its ttg.warp_specialize ops "
                          "is not planned: run allocate-shared-memory first");
  stateOffset = *offset;
  bool moves = false;
  for (WarpSpecializeOp ws : ops) {
    if (!ws->hasAttr(kLoweredCapturesAttr))
      return ws.emitOpError("has not had its regions lowered: run "
                            "convert-triton-gpu-to-llvm first");
    if (!ws.getWarpGroupStartIds())
      return ws.emitOpError("has no warpGroupStartIds: run "
                            "tritongpu-allocate-warp-groups first");
    size_t n = ws.getPartitionNumWarps().size();
    if (kFirstPartitionBarrier + n > kNumNamedBarriers)
      return ws.emitOpError("has ")
             << n << " partitions; at most "
             << kNumNamedBarriers - kFirstPartitionBarrier
             << " have a named barrier each";
    for (auto [start, warps] :
         llvm::zip(*ws.getWarpGroupStartIds(), ws.getPartitionNumWarps()))
      if (start < numWarps || start + warps > totalWarps)
        return ws.emitOpError("places a partition on warps ")
               << start << " to " << start + warps - 1
               << ", outside the workers (warps " << numWarps << " to "
               << totalWarps - 1 << ")";
    if (ws.getActualRegisters())
      moves = true;
    numPartitions += n;
  }
  if (numPartitions + 2 > 256)
    return func.emitError("has more warp_specialize partitions than a state "
                          "byte can name");
  exitState = numPartitions;
  idleState = numPartitions + 1;
  if (moves) {
    auto maxnreg = mod->getAttrOfType<IntegerAttr>(kMaxnregAttr);
    if (!maxnreg)
      return func.emitError("moves registers between warps but the module "
                            "has no ")
             << kMaxnregAttr << ": run tritongpu-allocate-warp-groups";
    registers = planKernelRegisters(numWarps, totalWarps, maxnreg.getInt());
    if (!registers)
      return func.emitError("cannot share out the registers of ")
             << totalWarps << " warps";
  }
  return success();
}

void KernelLowering::rewriteBarriers() {
  SmallVector<NVVM::Barrier0Op> barriers;
  func.walk([&](NVVM::Barrier0Op op) { barriers.push_back(op); });
  for (NVVM::Barrier0Op op : barriers) {
    b.setInsertionPoint(op);
    Location loc = op.getLoc();
    std::optional<PartitionRef> partition =
        getEnclosingPartition(op->getBlock());
    int id = 0, warps = numWarps;
    if (partition) {
      id = kFirstPartitionBarrier + partition->index;
      warps = partition->op.getPartitionNumWarps()[partition->index];
    }
    if (warps == 1)
      NVVM::SyncWarpOp::create(b, loc, i32Const(b, loc, -1));
    else
      NVVM::BarrierOp::create(b, loc, TypeRange{}, i32Const(b, loc, id),
                              i32Const(b, loc, warps * threadsPerWarp),
                              /*reductionOp=*/{}, /*reductionPredicate=*/{});
    op.erase();
  }
}

Value KernelLowering::smemAddress(Location loc, int64_t offset) {
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, ptr3, kGlobalSmemName);
  return gepBytes(b, loc, base, i32Const(b, loc, offset));
}

Value KernelLowering::stateAddress(Location loc, Value worker) {
  return gepBytes(b, loc, smemAddress(loc, stateOffset), worker);
}

void KernelLowering::storeStates(Location loc, ArrayRef<int> states) {
  for (auto [worker, state] : llvm::enumerate(states))
    LLVM::StoreOp::create(b, loc, intConst(b, loc, b.getI8Type(), state),
                          stateAddress(loc, i32Const(b, loc, worker)));
}

void KernelLowering::dispatch() {
  Location loc = func.getLoc();
  Block *entry = &func.getBody().front();
  Block *body = entry->splitBlock(entry->begin());
  b.setInsertionPointToEnd(entry);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value warp = LLVM::LShrOp::create(
      b, loc, tid, i32Const(b, loc, llvm::Log2_32(threadsPerWarp)));
  // A shuffle from lane 0 tells LLVM the warp id is the same in every lane.
  warpId = shuffleIdx(b, loc, warp, i32Const(b, loc, 0), threadsPerWarp);
  Value isKernelWarp = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                            warpId, i32Const(b, loc, numWarps));

  Region &region = func.getBody();
  Block *workerStart = b.createBlock(&region, region.end());
  header = b.createBlock(&region, region.end());
  Block *idle = b.createBlock(&region, region.end());
  Block *exit = b.createBlock(&region, region.end());

  b.setInsertionPointToEnd(entry);
  LLVM::CondBrOp::create(b, loc, isKernelWarp, body, workerStart);
  if (registers) {
    b.setInsertionPointToStart(body);
    emitSetMaxnreg(b, loc, registers->start, registers->kernel);
  }
  b.setInsertionPointToEnd(workerStart);
  if (registers)
    emitSetMaxnreg(b, loc, registers->start, registers->idle);
  LLVM::BrOp::create(b, loc, header);

  b.setInsertionPointToEnd(header);
  emitWorkerBarrier(b, loc);
  Value worker =
      LLVM::SubOp::create(b, loc, warpId, i32Const(b, loc, numWarps));
  Value state = LLVM::ZExtOp::create(
      b, loc, b.getI32Type(),
      LLVM::LoadOp::create(b, loc, b.getI8Type(), stateAddress(loc, worker)));
  // The switch on it ends the block once every partition is placed.
  dispatchState = state;
  idleBlock = idle;

  // Idle for this op: meet the others where they start and end.
  b.setInsertionPointToEnd(idle);
  if (registers)
    emitWorkerBarrier(b, loc);
  emitWorkerBarrier(b, loc);
  LLVM::BrOp::create(b, loc, header);

  b.setInsertionPointToEnd(exit);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  caseValues.push_back(exitState);
  caseBlocks.push_back(exit);
}

LogicalResult KernelLowering::lowerPartition(WarpSpecializeOp ws,
                                             unsigned index, int state) {
  Region &region = ws.getPartitionRegions()[index];
  Block *entry = &region.front();
  Region &body = func.getBody();
  body.getBlocks().splice(body.end(), region.getBlocks());
  Location loc = ws.getLoc();

  int regs = registers ? registers->idle : 0;
  b.setInsertionPointToStart(entry);
  if (registers) {
    regs = (*ws.getActualRegisters())[1 + index];
    emitSetMaxnreg(b, loc, registers->idle, regs);
    emitWorkerBarrier(b, loc);
  }
  // The captures: kernel arguments and constants made again, the rest read
  // from the op's shared memory. The last two are the scratch pointers.
  OperandRange captures = ws.getExplicitCaptures();
  std::optional<int64_t> offset = getAllocationOffset(ws);
  for (auto [i, arg] : llvm::enumerate(entry->getArguments())) {
    Value capture = captures[i];
    Value value;
    if (auto blockArg = dyn_cast<BlockArgument>(capture);
        blockArg && canRematerialize(capture, func)) {
      value = blockArg;
    } else if (canRematerialize(capture, func)) {
      value = b.clone(*capture.getDefiningOp())->getResult(0);
    } else {
      if (!offset)
        return ws.emitOpError("has no shared memory for its captures: run "
                              "allocate-shared-memory first");
      Type type = capture.getType();
      auto structTy = dyn_cast<LLVM::LLVMStructType>(type);
      if (structTy && structTy.getBody().size() != 1)
        return ws.emitOpError("cannot pass capture #")
               << i << " of type " << type << " through shared memory";
      Type slotType = structTy ? structTy.getBody()[0] : type;
      Value slot = smemAddress(loc, *offset + 8 * int64_t(i));
      value = LLVM::LoadOp::create(b, loc, slotType, slot);
      if (structTy)
        value = LLVM::InsertValueOp::create(
            b, loc, LLVM::UndefOp::create(b, loc, structTy), value,
            ArrayRef<int64_t>{0});
    }
    arg.replaceAllUsesWith(value);
  }
  entry->eraseArguments(0, entry->getNumArguments());

  // Done: meet the kernel's warps and go back to waiting.
  SmallVector<WarpReturnOp> returns;
  for (Block *block = entry; block; block = block->getNextNode())
    if (auto ret = dyn_cast<WarpReturnOp>(block->getTerminator()))
      returns.push_back(ret);
  for (WarpReturnOp ret : returns) {
    b.setInsertionPoint(ret);
    emitWorkerBarrier(b, ret.getLoc());
    if (registers)
      emitSetMaxnreg(b, ret.getLoc(), regs, registers->idle);
    LLVM::BrOp::create(b, ret.getLoc(), header);
    ret.erase();
  }
  caseValues.push_back(state);
  caseBlocks.push_back(entry);
  return success();
}

LogicalResult KernelLowering::lowerOp(WarpSpecializeOp ws, int firstState) {
  Location loc = ws.getLoc();
  ArrayRef<int32_t> starts = *ws.getWarpGroupStartIds();
  ArrayRef<int32_t> warps = ws.getPartitionNumWarps();

  // The partitions move to the workers' side first: their blocks end up
  // after the kernel's.
  for (unsigned i = 0; i < warps.size(); ++i)
    if (failed(lowerPartition(ws, i, firstState + i)))
      return failure();

  Block *before = ws->getBlock();
  Block *after = before->splitBlock(std::next(Block::iterator(ws)));
  for (Value result : ws.getResults())
    result.replaceAllUsesWith(after->addArgument(result.getType(), loc));

  b.setInsertionPoint(ws);
  SmallVector<int> states(totalWarps - numWarps, idleState);
  for (auto [i, start] : llvm::enumerate(starts))
    for (int w = start; w < start + warps[i]; ++w)
      states[w - numWarps] = firstState + i;
  storeStates(loc, states);
  std::optional<int64_t> offset = getAllocationOffset(ws);
  OperandRange captures = ws.getExplicitCaptures();
  for (auto [i, capture] : llvm::enumerate(captures)) {
    if (canRematerialize(capture, func))
      continue;
    if (!offset)
      return ws.emitOpError("has no shared memory for its captures: run "
                            "allocate-shared-memory first");
    Value value = capture;
    if (isa<LLVM::LLVMStructType>(value.getType()))
      value = LLVM::ExtractValueOp::create(b, loc, value, ArrayRef<int64_t>{0});
    LLVM::StoreOp::create(b, loc, value, smemAddress(loc, *offset + 8 * i));
  }
  emitWorkerBarrier(b, loc);
  int regs = registers ? registers->kernel : 0;
  if (registers) {
    regs = (*ws.getActualRegisters())[0];
    emitSetMaxnreg(b, loc, registers->kernel, regs);
    emitWorkerBarrier(b, loc);
  }
  Region &defaultRegion = ws.getDefaultRegion();
  Block *defaultEntry = &defaultRegion.front();
  LLVM::BrOp::create(b, loc, defaultEntry);

  SmallVector<WarpYieldOp> yields;
  for (Block &block : defaultRegion)
    if (auto yield = dyn_cast<WarpYieldOp>(block.getTerminator()))
      yields.push_back(yield);
  func.getBody().getBlocks().splice(Region::iterator(after),
                                    defaultRegion.getBlocks());
  for (WarpYieldOp yield : yields) {
    b.setInsertionPoint(yield);
    emitWorkerBarrier(b, yield.getLoc());
    if (registers)
      emitSetMaxnreg(b, yield.getLoc(), regs, registers->kernel);
    LLVM::BrOp::create(b, yield.getLoc(), yield.getValues(), after);
    yield.erase();
  }
  ws.erase();
  return success();
}

void KernelLowering::sendWorkersOut(ArrayRef<LLVM::ReturnOp> returns) {
  for (LLVM::ReturnOp ret : returns) {
    b.setInsertionPoint(ret);
    storeStates(ret.getLoc(),
                SmallVector<int>(totalWarps - numWarps, exitState));
    emitWorkerBarrier(b, ret.getLoc());
  }
}

LogicalResult KernelLowering::run() {
  if (failed(check()))
    return failure();
  rewriteBarriers();
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  dispatch();
  int firstState = 0;
  for (WarpSpecializeOp ws : ops) {
    int n = ws.getPartitionNumWarps().size();
    if (failed(lowerOp(ws, firstState)))
      return failure();
    firstState += n;
  }
  sendWorkersOut(returns);
  // Every partition and the exit are a case of the workers' switch.
  b.setInsertionPointToEnd(header);
  SmallVector<ValueRange> operands(caseBlocks.size(), ValueRange{});
  LLVM::SwitchOp::create(b, func.getLoc(), dispatchState, idleBlock,
                         ValueRange{}, ArrayRef<int32_t>(caseValues),
                         caseBlocks, operands);
  return success();
}

struct ConvertWarpSpecializeToLLVMPass
    : public mlir::triton::impl::ConvertWarpSpecializeToLLVMBase<
          ConvertWarpSpecializeToLLVMPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    for (auto func : mod.getOps<LLVM::LLVMFuncOp>()) {
      SmallVector<WarpSpecializeOp> ops;
      // Outermost ops only: the verifier refuses nested ones.
      func.walk([&](WarpSpecializeOp ws) { ops.push_back(ws); });
      if (ops.empty())
        continue;
      if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName())) {
        ops.front().emitOpError("is only supported in a kernel");
        return signalPassFailure();
      }
      if (failed(KernelLowering(func, ops).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
