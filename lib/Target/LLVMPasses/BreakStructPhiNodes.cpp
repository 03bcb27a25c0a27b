//===- BreakStructPhiNodes.cpp - per-field phis for struct phis -----------===//
//
// See BreakStructPhiNodes.h.
//
//===----------------------------------------------------------------------===//

#include "Target/BreakStructPhiNodes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

bool mlir::triton::breakStructPhiNodes(Function &func) {
  SmallVector<PHINode *> phis;
  for (BasicBlock &block : func)
    for (PHINode &phi : block.phis())
      if (isa<StructType>(phi.getType()))
        phis.push_back(&phi);
  for (PHINode *phi : phis) {
    auto *type = cast<StructType>(phi->getType());
    unsigned fields = type->getNumElements();
    // One phi per field, next to the struct phi.
    IRBuilder<> builder(phi);
    SmallVector<PHINode *> fieldPhis;
    for (unsigned i = 0; i < fields; ++i)
      fieldPhis.push_back(builder.CreatePHI(type->getElementType(i),
                                            phi->getNumIncomingValues()));
    // Each incoming struct is taken apart at the end of its predecessor
    // (once per predecessor: a switch may reach the block twice from one).
    DenseMap<BasicBlock *, SmallVector<Value *>> parts;
    for (unsigned k = 0, e = phi->getNumIncomingValues(); k < e; ++k) {
      BasicBlock *from = phi->getIncomingBlock(k);
      SmallVector<Value *> &values = parts[from];
      if (values.empty()) {
        IRBuilder<> atEnd(from->getTerminator());
        for (unsigned i = 0; i < fields; ++i)
          values.push_back(
              atEnd.CreateExtractValue(phi->getIncomingValue(k), i));
      }
      for (unsigned i = 0; i < fields; ++i)
        fieldPhis[i]->addIncoming(values[i], from);
    }
    // The struct is put together again after the block's phis.
    IRBuilder<> after(phi->getParent(),
                      phi->getParent()->getFirstInsertionPt());
    Value *whole = UndefValue::get(type);
    for (unsigned i = 0; i < fields; ++i)
      whole = after.CreateInsertValue(whole, fieldPhis[i], i);
    phi->replaceAllUsesWith(whole);
    phi->eraseFromParent();
  }
  return !phis.empty();
}
