//===- BreakStructPhiNodes.h - per-field phis for struct phis ---*- C++ -*-===//
//
// A phi of an LLVM struct (what a tensor of a thread's registers becomes)
// keeps every field live as one value across the branch. Splitting it into
// one phi per field, extracted in each predecessor and reassembled after the
// phis, lets the optimizer see and drop the fields it does not need.
// `triton-llvm-opt -break-struct-phi-nodes` runs it on LLVM IR, as
// upstream's tool does.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_BREAKSTRUCTPHINODES_H
#define TRITON_TARGET_BREAKSTRUCTPHINODES_H

namespace llvm {
class Function;
} // namespace llvm

namespace mlir::triton {

/// Replaces every phi of a struct type in `func` by one phi per field (whose
/// incoming values are extracted at the end of each predecessor) and an
/// insertvalue chain after the block's phis. Returns whether it changed
/// anything.
bool breakStructPhiNodes(llvm::Function &func);

} // namespace mlir::triton

#endif // TRITON_TARGET_BREAKSTRUCTPHINODES_H
