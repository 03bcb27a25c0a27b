//===- WarpSpecializeToLLVM.cpp - convert-warp-specialize-to-llvm ---------===//
//
// Turns each function holding ttg.warp_specialize ops (whose regions the LLVM
// lowering has lowered) into one control-flow graph in which the warps past
// the function's own (the workers) wait in a loop for a partition to run.
//
// The protocol, all of it at named barrier 1 with every thread of the CTA
// (not `aligned`: the kernel's warps and the workers reach it at different
// instructions). Worker w's state byte, in the function's shared memory,
// names the partition it runs next (partitions are numbered across the
// function's ops), -1 for none, or the exit:
//
//   kernel's warps                       workers (the switch loop)
//   write each worker's state byte       [setmaxnreg to idle]
//   write the captures                      |
//   barrier 1  ------------------------- barrier 1; switch on the state byte
//   [setmaxnreg]                         [setmaxnreg]; read the captures
//   barrier 1  ------------------------- barrier 1
//   run the default region               run the partition (or nothing)
//   barrier 1  ------------------------- barrier 1; [setmaxnreg]; loop
//   [setmaxnreg]
//
// and before the function returns its warps write the exit state and meet
// the workers at barrier 1 once more. The captures are a packed struct in
// the op's shared memory; the partitions read them before the second
// barrier, so that the default region may reuse that memory. Captures that
// are function arguments, or pure computations of arguments and constants,
// are not sent but computed again in the partition.
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

/// The ops a partition computes again instead of receiving `capture`
/// through shared memory, added to `ops`; false when `capture` must be sent.
/// Function arguments need nothing.
bool collectRematerialization(Value capture, LLVM::LLVMFuncOp func,
                              llvm::SetVector<Operation *> &ops,
                              int depth = 0) {
  if (auto arg = dyn_cast<BlockArgument>(capture))
    return arg.getOwner() == &func.getBody().front();
  Operation *def = capture.getDefiningOp();
  // Only LLVM's own pure ops: NVVM's special registers and inline assembly
  // read what differs between warps.
  if (!def || depth > 8 || def->getNumRegions() != 0 ||
      def->getNumResults() != 1 || !isMemoryEffectFree(def) ||
      !isa<LLVM::LLVMDialect>(def->getDialect()) ||
      isa<LLVM::InlineAsmOp, LLVM::CallOp, LLVM::CallIntrinsicOp>(def))
    return false;
  if (ops.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!collectRematerialization(operand, func, ops, depth + 1))
      return false;
  ops.insert(def);
  return true;
}

/// The LLVM value a capture, a yielded value or a result stands for, seen
/// through the unrealized casts that the LLVM lowering leaves between
/// Triton's types and LLVM's.
Value throughCast(Value value) {
  if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>())
    if (cast->getNumOperands() == 1 &&
        LLVM::isCompatibleType(cast.getOperand(0).getType()))
      return cast.getOperand(0);
  return value;
}

/// Replaces `value`, of a Triton type, by `lowered`, of its LLVM type: its
/// users are the casts back to LLVM's type.
LogicalResult replaceThroughCasts(Value value, Value lowered, Operation *op) {
  if (value.getType() == lowered.getType()) {
    value.replaceAllUsesWith(lowered);
    return success();
  }
  for (Operation *user : llvm::make_early_inc_range(value.getUsers())) {
    auto cast = dyn_cast<UnrealizedConversionCastOp>(user);
    if (!cast || cast->getNumResults() != 1 ||
        cast.getResult(0).getType() != lowered.getType())
      return op->emitOpError("has a value of type ")
             << value.getType() << " that is used other than as "
             << lowered.getType();
    cast.getResult(0).replaceAllUsesWith(lowered);
    cast.erase();
  }
  return success();
}

class FunctionLowering {
public:
  FunctionLowering(LLVM::LLVMFuncOp func, ArrayRef<WarpSpecializeOp> ops)
      : func(func), ops(ops), b(func.getContext()) {}

  LogicalResult run();

private:
  LogicalResult check();
  void rewriteBarriers();
  Value smemAddress(Location loc, int64_t offset);
  void storeStates(Location loc, ArrayRef<int> states);
  void buildSwitchLoop();
  LogicalResult lowerOp(WarpSpecializeOp ws, int firstState);
  LogicalResult lowerPartition(WarpSpecializeOp ws, unsigned index, int state,
                               ArrayRef<Value> lowered,
                               ArrayRef<int> sentIndex,
                               LLVM::LLVMStructType sentType,
                               ArrayRef<Operation *> remat);
  void sendWorkersOut(ArrayRef<LLVM::ReturnOp> returns);

  LLVM::LLVMFuncOp func;
  ArrayRef<WarpSpecializeOp> ops;
  OpBuilder b;

  int numWarps = 0, totalWarps = 0, threadsPerWarp = 32;
  int64_t stateOffset = 0;
  std::optional<KernelRegisters> registers;
  int numPartitions = 0, exitState = 0;

  /// The warp's index in the CTA (warp-uniform), made at the entry.
  Value warpId;
  /// The first block of the function's own code; the partitions' blocks go
  /// before it.
  Block *body = nullptr;
  /// Where the workers wait for work.
  Block *header = nullptr;
  Value dispatchState;
  Block *idleBlock = nullptr;
  SmallVector<APInt> caseValues;
  SmallVector<Block *> caseBlocks;
};

LogicalResult FunctionLowering::check() {
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
  auto isLowered = [](Value v) {
    return LLVM::isCompatibleType(throughCast(v).getType());
  };
  for (WarpSpecializeOp ws : ops) {
    if (!llvm::all_of(ws.getExplicitCaptures(), isLowered))
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
  // -1 is the idle state.
  if (numPartitions + 1 > 255)
    return func.emitError("has more warp_specialize partitions than a state "
                          "byte can name");
  exitState = numPartitions;
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

void FunctionLowering::rewriteBarriers() {
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

Value FunctionLowering::smemAddress(Location loc, int64_t offset) {
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, ptr3, kGlobalSmemName);
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, ptr3, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

void FunctionLowering::storeStates(Location loc, ArrayRef<int> states) {
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = smemAddress(loc, stateOffset);
  for (auto [worker, state] : llvm::enumerate(states)) {
    Value address =
        worker == 0 ? base
                    : LLVM::GEPOp::create(b, loc, ptr3, b.getI8Type(), base,
                                          ArrayRef<LLVM::GEPArg>{
                                              int32_t(worker)});
    LLVM::StoreOp::create(b, loc, intConst(b, loc, b.getI8Type(), state),
                          address);
  }
}

void FunctionLowering::buildSwitchLoop() {
  Location loc = func.getLoc();
  Block *entry = &func.getBody().front();
  body = entry->splitBlock(entry->begin());
  b.setInsertionPointToEnd(entry);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value warp =
      LLVM::UDivOp::create(b, loc, tid, i32Const(b, loc, threadsPerWarp));
  // A shuffle from lane 0 tells LLVM the warp id is the same in every lane.
  warpId = shuffleIdx(b, loc, warp, i32Const(b, loc, 0), threadsPerWarp);
  Value isKernelWarp = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                            warpId, i32Const(b, loc, numWarps));

  Region &region = func.getBody();
  header = b.createBlock(body);
  idleBlock = b.createBlock(body);
  Block *exit = b.createBlock(body);

  b.setInsertionPointToEnd(entry);
  LLVM::CondBrOp::create(b, loc, isKernelWarp, body, header);
  if (registers) {
    b.setInsertionPointToStart(body);
    emitSetMaxnreg(b, loc, registers->start, registers->kernel);
  }

  b.setInsertionPointToEnd(header);
  if (registers)
    emitSetMaxnreg(b, loc, registers->start, registers->idle);
  emitWorkerBarrier(b, loc);
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = smemAddress(loc, stateOffset);
  Value worker =
      LLVM::SubOp::create(b, loc, warpId, i32Const(b, loc, numWarps));
  Value address = LLVM::GEPOp::create(b, loc, ptr3, b.getI8Type(), base,
                                      ArrayRef<LLVM::GEPArg>{worker});
  // The switch on it ends the block once every partition is placed.
  dispatchState = LLVM::LoadOp::create(b, loc, b.getI8Type(), address);

  // Idle for this op: meet the others where they start and end. LICM must
  // not hoist anything out of the loop the workers wait in.
  b.setInsertionPointToEnd(idleBlock);
  emitWorkerBarrier(b, loc);
  emitWorkerBarrier(b, loc);
  auto br = LLVM::BrOp::create(b, loc, header);
  br.setLoopAnnotationAttr(LLVM::LoopAnnotationAttr::get(
      b.getContext(), {}, {}, {}, {}, {},
      LLVM::LoopLICMAttr::get(b.getContext(), b.getBoolAttr(true), {}), {},
      {}, {}, {}, {}, {}, {}, {}, {}));

  b.setInsertionPointToEnd(exit);
  SmallVector<Value> results;
  Type returnType = func.getFunctionType().getReturnType();
  if (!isa<LLVM::LLVMVoidType>(returnType))
    results.push_back(LLVM::PoisonOp::create(b, loc, returnType));
  LLVM::ReturnOp::create(b, loc, results);
  (void)region;
  caseValues.push_back(APInt(8, exitState));
  caseBlocks.push_back(exit);
}

LogicalResult FunctionLowering::lowerPartition(
    WarpSpecializeOp ws, unsigned index, int state, ArrayRef<Value> lowered,
    ArrayRef<int> sentIndex, LLVM::LLVMStructType sentType,
    ArrayRef<Operation *> remat) {
  Region &region = ws.getPartitionRegions()[index];
  Block *entry = &region.front();
  func.getBody().getBlocks().splice(Region::iterator(body),
                                    region.getBlocks());
  Location loc = ws.getLoc();

  int regs = registers ? registers->idle : 0;
  b.setInsertionPointToStart(entry);
  if (registers) {
    regs = (*ws.getActualRegisters())[1 + index];
    emitSetMaxnreg(b, loc, registers->idle, regs);
  }
  // The captures sent: read before the second barrier, after which the
  // kernel's warps may reuse their memory.
  std::optional<int64_t> offset = getAllocationOffset(ws);
  IRMapping mapping;
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base;
  for (auto [i, capture] : llvm::enumerate(lowered)) {
    if (sentIndex[i] < 0)
      continue;
    if (!base)
      base = smemAddress(loc, *offset);
    Value address = LLVM::GEPOp::create(
        b, loc, ptr3, sentType, base,
        ArrayRef<LLVM::GEPArg>{0, int32_t(sentIndex[i])});
    mapping.map(capture, LLVM::LoadOp::create(b, loc, capture.getType(),
                                              address, /*alignment=*/1));
  }
  emitWorkerBarrier(b, loc);
  // The rest computed again, in the order the function computes them.
  for (Operation *op : remat)
    b.clone(*op, mapping);
  for (auto [arg, capture] : llvm::zip(entry->getArguments(), lowered)) {
    Value value = mapping.lookupOrDefault(capture);
    if (failed(replaceThroughCasts(arg, value, ws)))
      return failure();
  }
  entry->eraseArguments(0, entry->getNumArguments());

  // Done: meet the kernel's warps and go back to waiting.
  SmallVector<WarpReturnOp> returns;
  for (Block *block = entry; block != body; block = block->getNextNode())
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
  caseValues.push_back(APInt(8, state));
  caseBlocks.push_back(entry);
  return success();
}

LogicalResult FunctionLowering::lowerOp(WarpSpecializeOp ws, int firstState) {
  Location loc = ws.getLoc();
  ArrayRef<int32_t> starts = *ws.getWarpGroupStartIds();
  ArrayRef<int32_t> warps = ws.getPartitionNumWarps();

  // Which captures are sent, in a packed struct, and which computed again.
  SmallVector<Value> lowered;
  for (Value capture : ws.getExplicitCaptures())
    lowered.push_back(throughCast(capture));
  // The captures computed again, each after what it uses: the last
  // capture's computation first, as upstream orders them.
  SmallVector<int> sentIndex(lowered.size(), -1);
  llvm::SetVector<Operation *> rematSet;
  for (int i = lowered.size() - 1; i >= 0; --i) {
    llvm::SetVector<Operation *> needed;
    if (collectRematerialization(lowered[i], func, needed))
      rematSet.insert(needed.begin(), needed.end());
    else
      sentIndex[i] = 0;
  }
  SmallVector<Operation *> remat(rematSet.begin(), rematSet.end());
  SmallVector<Type> sentTypes;
  for (auto [i, value] : llvm::enumerate(lowered))
    if (sentIndex[i] == 0) {
      sentIndex[i] = sentTypes.size();
      sentTypes.push_back(value.getType());
    }
  std::optional<int64_t> offset = getAllocationOffset(ws);
  if (!sentTypes.empty() && !offset)
    return ws.emitOpError("has no shared memory for its captures: run "
                          "allocate-shared-memory first");
  auto sentType = LLVM::LLVMStructType::getLiteral(b.getContext(), sentTypes,
                                                   /*isPacked=*/true);

  // The partitions move to the workers' side first, before the function's
  // own code.
  for (unsigned i = 0; i < warps.size(); ++i)
    if (failed(lowerPartition(ws, i, firstState + i, lowered, sentIndex,
                              sentType, remat)))
      return failure();

  Block *before = ws->getBlock();
  Block *after = before->splitBlock(std::next(Block::iterator(ws)));

  b.setInsertionPoint(ws);
  SmallVector<int> states(totalWarps - numWarps, -1);
  for (auto [i, start] : llvm::enumerate(starts))
    for (int w = start; w < start + warps[i]; ++w)
      states[w - numWarps] = firstState + i;
  storeStates(loc, states);
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base;
  for (auto [i, value] : llvm::enumerate(lowered)) {
    if (sentIndex[i] < 0)
      continue;
    if (!base)
      base = smemAddress(loc, *offset);
    Value address = LLVM::GEPOp::create(
        b, loc, ptr3, sentType, base,
        ArrayRef<LLVM::GEPArg>{0, int32_t(sentIndex[i])});
    LLVM::StoreOp::create(b, loc, value, address, /*alignment=*/1);
  }
  emitWorkerBarrier(b, loc);
  int regs = registers ? registers->kernel : 0;
  if (registers) {
    regs = (*ws.getActualRegisters())[0];
    emitSetMaxnreg(b, loc, registers->kernel, regs);
  }
  emitWorkerBarrier(b, loc);
  Region &defaultRegion = ws.getDefaultRegion();
  Block *defaultEntry = &defaultRegion.front();
  LLVM::BrOp::create(b, loc, defaultEntry);

  SmallVector<WarpYieldOp> yields;
  for (Block &block : defaultRegion)
    if (auto yield = dyn_cast<WarpYieldOp>(block.getTerminator()))
      yields.push_back(yield);
  func.getBody().getBlocks().splice(Region::iterator(after),
                                    defaultRegion.getBlocks());
  SmallVector<Type> resultTypes;
  if (!yields.empty())
    for (Value v : yields.front().getValues())
      resultTypes.push_back(throughCast(v).getType());
  for (WarpYieldOp yield : yields) {
    b.setInsertionPoint(yield);
    emitWorkerBarrier(b, yield.getLoc());
    if (registers)
      emitSetMaxnreg(b, yield.getLoc(), regs, registers->kernel);
    SmallVector<Value> values;
    for (Value v : yield.getValues())
      values.push_back(throughCast(v));
    LLVM::BrOp::create(b, yield.getLoc(), values, after);
    yield.erase();
  }
  for (auto [i, result] : llvm::enumerate(ws.getResults())) {
    Type type = i < resultTypes.size() ? resultTypes[i] : result.getType();
    if (!LLVM::isCompatibleType(type))
      return ws.emitOpError("has result #")
             << i << " of type " << result.getType()
             << " that its default region does not yield as an LLVM value";
    if (failed(replaceThroughCasts(result, after->addArgument(type, loc), ws)))
      return failure();
  }
  ws.erase();
  return success();
}

void FunctionLowering::sendWorkersOut(ArrayRef<LLVM::ReturnOp> returns) {
  for (LLVM::ReturnOp ret : returns) {
    b.setInsertionPoint(ret);
    storeStates(ret.getLoc(),
                SmallVector<int>(totalWarps - numWarps, exitState));
    emitWorkerBarrier(b, ret.getLoc());
  }
}

LogicalResult FunctionLowering::run() {
  if (failed(check()))
    return failure();
  rewriteBarriers();
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  buildSwitchLoop();
  int firstState = 0;
  for (WarpSpecializeOp ws : ops) {
    int n = ws.getPartitionNumWarps().size();
    if (failed(lowerOp(ws, firstState)))
      return failure();
    firstState += n;
  }
  sendWorkersOut(returns);
  // Every partition and the exit are a case of the workers' switch, the
  // exit last.
  std::rotate(caseValues.begin(), caseValues.begin() + 1, caseValues.end());
  std::rotate(caseBlocks.begin(), caseBlocks.begin() + 1, caseBlocks.end());
  b.setInsertionPointToEnd(header);
  auto caseType = VectorType::get({int64_t(caseValues.size())},
                                  b.getI8Type());
  SmallVector<ValueRange> operands(caseBlocks.size(), ValueRange{});
  LLVM::SwitchOp::create(b, func.getLoc(), dispatchState, idleBlock,
                         ValueRange{},
                         DenseIntElementsAttr::get(caseType, caseValues),
                         caseBlocks, operands);
  // The casts the captures and results were seen through, now unused.
  func.walk([](UnrealizedConversionCastOp cast) {
    if (cast->use_empty())
      cast.erase();
  });
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
      if (failed(FunctionLowering(func, ops).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
