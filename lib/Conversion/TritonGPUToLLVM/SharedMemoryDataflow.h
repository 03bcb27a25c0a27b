//===- SharedMemoryDataflow.h - accesses to shared buffers ----*- C++ -*-===//
//
// What barrier insertion (Membar.cpp) and proxy-fence insertion
// (ProxyFenceInsertion.cpp) share: the bytes each op reads and writes, from
// the offsets allocate-shared-memory gave the buffers, and a walk over the
// control flow of every function that carries the accesses nothing has
// ordered yet.
//
// A function is walked as a graph of straight runs of ops: a run starts at a
// block's first op, at a region's entry, or right after an op with regions
// that branch (scf.for, scf.if, scf.while), and ends at a terminator or at
// such an op. A run's input is the union of what its predecessors hand on,
// and runs are walked again until nothing grows. Ops inserted while walking
// (barriers, fences) are met by later walks of the same run. A call brings
// what its callee leaves unordered at its returns, at its frame's offset.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYDATAFLOW_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYDATAFLOW_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

namespace mlir::triton::gpu {

/// Bytes [first, second) of shared memory.
using ByteRange = std::pair<int64_t, int64_t>;

/// Accesses to shared memory not ordered yet, each range with its ops.
struct Pending {
  std::map<ByteRange, std::set<Operation *>> reads, writes;

  void clear() {
    reads.clear();
    writes.clear();
  }
  /// Records that `op` reads (or writes) `range`.
  void add(ByteRange range, bool write, Operation *op);
  /// Adds `other`'s accesses; returns whether anything was new.
  bool join(const Pending &other);
  Pending shifted(int64_t by) const;
  /// Whether `later` must wait for these accesses: a read of written bytes,
  /// a write of read or written bytes, for a pair of ops `skip` does not
  /// let pass (`skip(before, after)`; none when null).
  bool
  conflicts(const Pending &later,
            const std::function<bool(Operation *, Operation *)> &skip) const;
};

/// One access of an op to (a view of) an allocated buffer.
struct Access {
  Value value;
  ByteRange range;
  bool write;
};

/// The local_allocs each shared memdesc of a function may be a view of:
/// through view ops, block arguments of branches and regions, and
/// warp_specialize captures.
class BufferAliases {
public:
  explicit BufferAliases(FunctionOpInterface func);
  const llvm::SetVector<Operation *> &buffersOf(Value value) const;

private:
  bool flow(Value from, Value to);
  bool flowAll(ValueRange from, ValueRange to);
  bool visit(Operation *op);

  llvm::DenseMap<Value, llvm::SetVector<Operation *>> buffers;
};

/// The walk of one function; subclasses say what happens at each op.
class SharedMemoryWalk {
public:
  using Summaries = llvm::DenseMap<Operation *, Pending>;

  SharedMemoryWalk(FunctionOpInterface func, const Summaries &callees,
                   SymbolTableCollection &symbols);
  virtual ~SharedMemoryWalk() = default;

  /// Walks to a fixed point; returns what is unordered at the returns.
  Pending run();

protected:
  /// Updates `pending` for `op` (and inserts what orders it).
  virtual void visit(Operation *op, Pending &pending) = 0;

  /// The accesses of `op` through its operands and results (its memory
  /// effects on shared memdescs of allocated buffers).
  SmallVector<Access> accessesOf(Operation *op);
  /// The bytes of the allocated buffers `value` may be a view of.
  SmallVector<ByteRange> rangesOf(Value value);
  /// What a call's callee leaves unordered, at the call's frame; nullopt
  /// for other ops.
  std::optional<Pending> calleeAccesses(Operation *op);
  /// The bytes of `op`'s own scratch, if it has any.
  std::optional<ByteRange> scratchOf(Operation *op);

  FunctionOpInterface func;

private:
  /// Where a straight run starts: right after an op of a block, or at the
  /// block's beginning (null). Not at an op: what is inserted before the
  /// first op of a run belongs to the run.
  using RunStart = std::pair<Block *, Operation *>;
  void walkRun(RunStart start, Pending &pending,
               SmallVectorImpl<RunStart> &next, Pending &atReturns);

  const Summaries &callees;
  SymbolTableCollection &symbols;
  BufferAliases aliases;
};

/// Walks every function of `mod`, callees before callers, with the walk
/// `make` builds for it.
void walkSharedMemory(
    ModuleOp mod, const std::function<std::unique_ptr<SharedMemoryWalk>(
                      FunctionOpInterface, const SharedMemoryWalk::Summaries &,
                      SymbolTableCollection &)> &make);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYDATAFLOW_H
