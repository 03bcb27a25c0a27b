//===- Allocation.h - shared-memory plans of functions ---------*- C++ -*-===//
//
// The shared-memory plan of each function of a module, as
// allocate-shared-memory makes it and -test-print-allocation prints it: the
// buffers (a ttg.local_alloc's, an op's scratch, a call's frame for its
// callee) with their sizes and offsets, and the bytes the function needs.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H

#include "Dialect/Triton/IR/Dialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include <functional>
#include <optional>

namespace mlir::triton::gpu {

/// One buffer of a function's plan.
struct SharedBuffer {
  enum class Kind {
    /// The buffer of a ttg.local_alloc (owner), while its memdesc, or a
    /// view of it, is live.
    Explicit,
    /// Bytes an op (owner) needs while it runs; for the function itself,
    /// the warp_specialize states, for the whole function.
    Scratch,
    /// A call's (owner's) frame for its callee's plan.
    Virtual,
  };
  Kind kind;
  Operation *owner;
  int64_t size;
  int64_t alignment;
  int64_t offset = 0;
};

/// A function's plan: its buffers and the bytes they span.
struct FunctionAllocation {
  SmallVector<SharedBuffer> buffers;
  int64_t size = 0;
  /// The largest alignment a buffer needs from the plan's base.
  int64_t alignment = 1;
};

/// The scratch bytes an op needs (not a call's, a warp_specialize's
/// captures' or a function's own: those are the planner's).
using ScratchSizeFn = std::function<int64_t(Operation *)>;

/// Plans the functions of a module, each after the functions it calls.
class SharedMemoryPlanner {
public:
  /// `scratchSize` defaults to the lowering's needs (getScratchSizeInBytes).
  explicit SharedMemoryPlanner(ModuleOp mod, ScratchSizeFn scratchSize = {});

  /// The plan of `func`, or null after a diagnostic (a recursive call).
  const FunctionAllocation *plan(FuncOp func);

private:
  ModuleOp mod;
  SymbolTable symbols;
  ScratchSizeFn scratchSize;
  llvm::DenseMap<Operation *, std::unique_ptr<FunctionAllocation>> plans;
  llvm::DenseSet<Operation *> inProgress;
};

/// -test-print-allocation: each function's plan, as remarks.
void registerTestAllocationPass();

} // namespace mlir::triton::gpu

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_ALLOCATION_H
