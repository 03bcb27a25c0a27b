//===- Membar.h - barriers between shared-memory accesses -------*- C++ -*-===//
//
// Where a CTA needs a barrier between two accesses to the same bytes of
// shared memory, from the offsets allocate-shared-memory has given each
// buffer: a dataflow analysis over the control flow of every function
// (blocks and scf regions alike) that carries the reads and writes no
// barrier has ordered yet, as upstream's membar analysis does.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_MEMBAR_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"

#include <functional>

namespace mlir::triton::gpu {

/// Whether `after` may run without a barrier after `before` although both
/// access overlapping shared memory, one of them writing.
using MembarFilter = std::function<bool(Operation *before, Operation *after)>;

/// NVIDIA's exceptions: mbarrier inits (and invalidations) in a row, and the
/// expect/TMA-copy/wait sequence on one mbarrier, whose order between
/// threads does not matter; a wait after a TMA copy releases no thread
/// before the copy is complete. Two waits in a row still need a barrier.
bool canSkipBarrierNV(Operation *before, Operation *after);

/// Inserts a `ttg.local_barrier` before each op of `mod` whose shared-memory
/// accesses conflict with accesses no barrier orders yet (read after write,
/// write after read or write), and after each `ttg.async_wait` and
/// `ttng.async_tma_store_wait` not already followed by one. Needs the
/// offsets of allocate-shared-memory; buffers without one are not tracked.
void insertSharedMemoryBarriers(ModuleOp mod, const MembarFilter &filter);

/// test-print-membar: insertSharedMemoryBarriers with canSkipBarrierNV.
void registerTestMembarPass();

/// test-print-alias: the shared buffers each shared memdesc may be a view
/// of, as remarks.
void registerTestAliasPass();

} // namespace mlir::triton::gpu

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_MEMBAR_H
