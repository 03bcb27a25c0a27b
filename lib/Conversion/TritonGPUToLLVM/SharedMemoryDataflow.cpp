//===- SharedMemoryDataflow.cpp - accesses to allocated shared memory -----===//
//
// See SharedMemoryDataflow.h.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryDataflow.h"
#include "Utility.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Pending
//===----------------------------------------------------------------------===//

bool Pending::join(const Pending &other) {
  bool grew = false;
  auto add = [&](auto &into, const auto &from) {
    for (const auto &[range, ops] : from) {
      std::set<Operation *> &dst = into[range];
      size_t before = dst.size();
      dst.insert(ops.begin(), ops.end());
      grew |= dst.size() != before;
    }
  };
  add(reads, other.reads);
  add(writes, other.writes);
  return grew;
}

void Pending::add(ByteRange range, bool write, Operation *op) {
  (write ? writes : reads)[range].insert(op);
}

Pending Pending::shifted(int64_t by) const {
  Pending out;
  for (const auto &[range, ops] : reads)
    out.reads[{range.first + by, range.second + by}] = ops;
  for (const auto &[range, ops] : writes)
    out.writes[{range.first + by, range.second + by}] = ops;
  return out;
}

static bool
conflict(const std::map<ByteRange, std::set<Operation *>> &earlier,
         const std::map<ByteRange, std::set<Operation *>> &later,
         const std::function<bool(Operation *, Operation *)> &skip) {
  for (const auto &[a, beforeOps] : earlier)
    for (const auto &[b, afterOps] : later) {
      if (!(a.first < b.second && b.first < a.second))
        continue;
      if (!skip)
        return true;
      for (Operation *before : beforeOps)
        for (Operation *after : afterOps)
          if (!skip(before, after))
            return true;
    }
  return false;
}

bool Pending::conflicts(
    const Pending &later,
    const std::function<bool(Operation *, Operation *)> &skip) const {
  return conflict(writes, later.reads, skip) ||
         conflict(reads, later.writes, skip) ||
         conflict(writes, later.writes, skip);
}

//===----------------------------------------------------------------------===//
// BufferAliases
//===----------------------------------------------------------------------===//

static bool isSharedMemDesc(Value value) {
  auto type = dyn_cast<MemDescType>(value.getType());
  return type && isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace());
}

BufferAliases::BufferAliases(FunctionOpInterface func) {
  bool changed = true;
  while (changed) {
    changed = false;
    func->walk([&](Operation *op) { changed |= visit(op); });
  }
}

const llvm::SetVector<Operation *> &
BufferAliases::buffersOf(Value value) const {
  static const llvm::SetVector<Operation *> none;
  auto it = buffers.find(value);
  return it == buffers.end() ? none : it->second;
}

bool BufferAliases::flow(Value from, Value to) {
  if (!isSharedMemDesc(to) || !buffers.count(from))
    return false;
  // Copy first: inserting `to` may move the map's entries.
  SmallVector<Operation *> allocs(buffers.find(from)->second.begin(),
                                  buffers.find(from)->second.end());
  llvm::SetVector<Operation *> &dst = buffers[to];
  size_t before = dst.size();
  dst.insert(allocs.begin(), allocs.end());
  return dst.size() != before;
}

bool BufferAliases::flowAll(ValueRange from, ValueRange to) {
  bool changed = false;
  for (auto [src, dst] : llvm::zip(from, to))
    changed |= flow(src, dst);
  return changed;
}

bool BufferAliases::visit(Operation *op) {
  if (auto alloc = dyn_cast<LocalAllocOp>(op))
    return isSharedMemDesc(alloc.getResult()) &&
           buffers[alloc.getResult()].insert(op);
  bool changed = false;
  if (auto ws = dyn_cast<WarpSpecializeOp>(op)) {
    for (Region &region : ws.getPartitionRegions())
      changed |= flowAll(ws.getExplicitCaptures(), region.getArguments());
    return changed;
  }
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
    SmallVector<RegionSuccessor> successors;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    for (const RegionSuccessor &successor : successors)
      changed |= flowAll(branch.getEntrySuccessorOperands(successor),
                         successor.getSuccessorInputs());
    return changed;
  }
  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op)) {
    auto parent = dyn_cast<RegionBranchOpInterface>(op->getParentOp());
    if (!parent)
      return false;
    SmallVector<RegionSuccessor> successors;
    parent.getSuccessorRegions(RegionBranchPoint(terminator), successors);
    for (const RegionSuccessor &successor : successors)
      changed |= flowAll(terminator.getSuccessorOperands(successor),
                         successor.getSuccessorInputs());
    return changed;
  }
  if (auto branch = dyn_cast<BranchOpInterface>(op)) {
    for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      changed |= flowAll(operands.getForwardedOperands(),
                         op->getSuccessor(i)->getArguments().drop_front(
                             operands.getProducedOperandCount()));
    }
    return changed;
  }
  // A view: each memdesc result may be any of the memdesc operands.
  for (Value result : op->getResults())
    for (Value operand : op->getOperands())
      changed |= flow(operand, result);
  return changed;
}

//===----------------------------------------------------------------------===//
// SharedMemoryWalk
//===----------------------------------------------------------------------===//

SharedMemoryWalk::SharedMemoryWalk(FunctionOpInterface func,
                                   const Summaries &callees,
                                   SymbolTableCollection &symbols)
    : func(func), callees(callees), symbols(symbols), aliases(func) {}

Pending SharedMemoryWalk::run() {
  Pending atReturns;
  Region &body = func.getFunctionBody();
  if (body.empty() || body.front().empty())
    return atReturns;
  std::map<RunStart, Pending> inputs;
  RunStart entry = {&body.front(), nullptr};
  inputs[entry];
  SmallVector<RunStart> worklist = {entry};
  while (!worklist.empty()) {
    RunStart start = worklist.pop_back_val();
    Pending pending = inputs[start];
    SmallVector<RunStart> next;
    walkRun(start, pending, next, atReturns);
    for (RunStart successor : next) {
      auto [it, inserted] = inputs.try_emplace(successor);
      if (it->second.join(pending) || inserted)
        worklist.push_back(successor);
    }
  }
  return atReturns;
}

void SharedMemoryWalk::walkRun(RunStart start, Pending &pending,
                               SmallVectorImpl<RunStart> &next,
                               Pending &atReturns) {
  auto toSuccessors = [&](Operation *parent,
                          ArrayRef<RegionSuccessor> successors) {
    for (const RegionSuccessor &successor : successors) {
      if (Region *region = successor.getSuccessor()) {
        if (!region->empty() && !region->front().empty())
          next.push_back({&region->front(), nullptr});
        continue;
      }
      next.push_back({parent->getBlock(), parent});
    }
  };
  auto [block, after] = start;
  for (Operation *op = after ? after->getNextNode() : &block->front(); op;
       op = op->getNextNode()) {
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
      SmallVector<RegionSuccessor> successors;
      branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
      toSuccessors(op, successors);
      return;
    }
    if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op))
      if (auto parent = dyn_cast<RegionBranchOpInterface>(op->getParentOp())) {
        SmallVector<RegionSuccessor> successors;
        parent.getSuccessorRegions(RegionBranchPoint(terminator), successors);
        toSuccessors(parent, successors);
        return;
      }
    visit(op, pending);
    if (!op->hasTrait<OpTrait::IsTerminator>())
      continue;
    for (Block *successor : op->getSuccessors())
      next.push_back({successor, nullptr});
    if (op->getParentOp() == func.getOperation() && op->getNumSuccessors() == 0)
      atReturns.join(pending);
    return;
  }
}

SmallVector<Access> SharedMemoryWalk::accessesOf(Operation *op) {
  SmallVector<Access> accesses;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return accesses;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    Value value = effect.getValue();
    if (!value || !isa<SharedMemory>(effect.getResource()))
      continue;
    bool write = isa<MemoryEffects::Write>(effect.getEffect());
    if (!write && !isa<MemoryEffects::Read>(effect.getEffect()))
      continue;
    for (ByteRange range : rangesOf(value))
      accesses.push_back({value, range, write});
  }
  return accesses;
}

SmallVector<ByteRange> SharedMemoryWalk::rangesOf(Value value) {
  SmallVector<ByteRange> ranges;
  for (Operation *alloc : aliases.buffersOf(value)) {
    std::optional<int64_t> offset = getAllocationOffset(alloc);
    int64_t size = getLocalAllocSizeInBytes(alloc);
    if (offset && size > 0)
      ranges.push_back({*offset, *offset + size});
  }
  return ranges;
}

std::optional<Pending> SharedMemoryWalk::calleeAccesses(Operation *op) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return std::nullopt;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbols));
  if (!callee)
    return Pending();
  auto it = callees.find(callee);
  if (it == callees.end())
    return Pending();
  return it->second.shifted(getAllocationOffset(op).value_or(0));
}

std::optional<ByteRange> SharedMemoryWalk::scratchOf(Operation *op) {
  if (isa<LocalAllocOp, CallOpInterface>(op))
    return std::nullopt;
  std::optional<int64_t> offset = getAllocationOffset(op);
  if (!offset)
    return std::nullopt;
  int64_t size = getScratchSizeInBytes(op);
  if (size <= 0)
    return std::nullopt;
  return ByteRange{*offset, *offset + size};
}

void mlir::triton::gpu::walkSharedMemory(
    ModuleOp mod, const std::function<std::unique_ptr<SharedMemoryWalk>(
                      FunctionOpInterface, const SharedMemoryWalk::Summaries &,
                      SymbolTableCollection &)> &make) {
  SymbolTableCollection symbols;
  SharedMemoryWalk::Summaries summaries;
  llvm::DenseSet<Operation *> started;
  std::function<void(FunctionOpInterface)> walk =
      [&](FunctionOpInterface func) {
        if (!started.insert(func).second || func.isExternal())
          return;
        func->walk([&](CallOpInterface call) {
          if (auto callee = dyn_cast_or_null<FunctionOpInterface>(
                  call.resolveCallableInTable(&symbols)))
            walk(callee);
        });
        Pending atReturns = make(func, summaries, symbols)->run();
        summaries[func] = std::move(atReturns);
      };
  for (auto func : mod.getOps<FunctionOpInterface>())
    walk(func);
}
