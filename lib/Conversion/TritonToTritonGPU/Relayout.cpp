//===- Relayout.cpp - layouts for the tensors of ttng ops -----------------===//
//
// relayout-tritongpu: convert-triton-to-tritongpu leaves the tensors of ttng
// ops without a layout (cast back with builtin.unrealized_conversion_cast
// under enable-source-remat). Each of them gets the layout its instruction
// moves: an operand through a ttg.convert_layout from the layout of the
// value it was cast from, a result by taking the layout, its users then
// converting from it.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonToTritonGPU/Passes.h"

#include "LayoutRules.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TensorMemoryLayouts.h"

namespace mlir::triton {
#define GEN_PASS_DEF_RELAYOUTTRITONGPU
#include "Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::tt_to_ttg;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

bool hasLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return !tensor || tensor.getEncoding();
}

/// A tensor type with a layout (what a conversion cast takes away or adds).
bool isTensorWithLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getEncoding();
}

/// The layout a tensor of `type` moves to or from tensor memory of
/// `memType` in, or a diagnostic on `op`.
FailureOr<RankedTensorType> tensorMemoryType(Operation *op,
                                             RankedTensorType type,
                                             MemDescType memType) {
  std::optional<int64_t> numWarps = lookupNumWarps(op);
  if (!numWarps)
    return op->emitOpError("has no ttg.num-warps to lay its tensor out over");
  std::optional<LinearEncodingAttr> layout;
  if (isa<ttng::TensorMemoryScalesEncodingAttr>(memType.getEncoding()))
    layout = ttng::getTMemScalesStoreLayout(type, *numWarps);
  else if (auto encoding = dyn_cast<ttng::TensorMemoryEncodingAttr>(
               memType.getEncoding()))
    layout = ttng::getTMemCompatibleLayout(type, encoding, *numWarps);
  if (!layout)
    return op->emitOpError("has no register layout for tensor memory ")
           << memType << " with " << *numWarps
           << " warps (it needs a 2-D tensor memory buffer and 4 or 8 "
              "warps)";
  return type.cloneWithEncoding(*layout);
}

/// The layout a tensor operand of `op` without one is given, or a
/// diagnostic.
FailureOr<RankedTensorType> wantedOperandType(OpOperand &operand) {
  Operation *op = operand.getOwner();
  auto type = cast<RankedTensorType>(operand.get().getType());
  if (isa<ttng::AsyncTMAGatherOp, ttng::AsyncTMAScatterOp>(op)) {
    auto module = op->getParentOfType<ModuleOp>();
    LaunchShape launch{
        static_cast<unsigned>(lookupNumWarps(op).value_or(4)),
        static_cast<unsigned>(TritonGPUDialect::getThreadsPerWarp(module)),
        static_cast<unsigned>(TritonGPUDialect::getNumCTAs(module))};
    return type.cloneWithEncoding(
        getGatherOffsetsEncoding(op->getContext(), launch));
  }
  if (auto alloc = dyn_cast<ttng::TMEMAllocOp>(op))
    return tensorMemoryType(op, type, alloc.getResult().getType());
  auto store = cast<ttng::TMEMStoreOp>(op);
  return tensorMemoryType(op, type, store.getDst().getType());
}

/// Gives `operand` (a tensor without a layout) the layout its op wants.
LogicalResult relayoutOperand(OpOperand &operand) {
  Operation *op = operand.getOwner();
  FailureOr<RankedTensorType> wanted = wantedOperandType(operand);
  if (failed(wanted))
    return failure();
  Value value = operand.get();
  // The value the conversion cast the layout away from.
  auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
  if (cast && cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
      isTensorWithLayout(cast.getInputs()[0].getType()))
    value = cast.getInputs()[0];
  else
    cast = nullptr;
  if (!hasLayout(value.getType()))
    return op->emitOpError("operand #")
           << operand.getOperandNumber()
           << " has no layout to convert from (run "
              "convert-triton-to-tritongpu with enable-source-remat=true "
              "first)";
  if (value.getType() != *wanted) {
    OpBuilder builder(op);
    value = ConvertLayoutOp::create(builder, op->getLoc(), *wanted, value);
  }
  operand.set(value);
  if (cast && cast->use_empty())
    cast->erase();
  return success();
}

/// Gives the result of `load` (without a layout) the layout tensor memory
/// moves; its users convert from it, or cast back where they keep wanting
/// the tensor without a layout.
LogicalResult relayoutResult(ttng::TMEMLoadOp load) {
  Value result = load.getResult();
  auto oldType = cast<RankedTensorType>(result.getType());
  FailureOr<RankedTensorType> wanted =
      tensorMemoryType(load, oldType, load.getSrc().getType());
  if (failed(wanted))
    return failure();
  result.setType(*wanted);
  for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
    Operation *user = use.getOwner();
    OpBuilder builder(user);
    // A cast to a layout becomes a conversion to it.
    if (auto cast = dyn_cast<UnrealizedConversionCastOp>(user);
        cast && cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
        isTensorWithLayout(cast.getResultTypes()[0])) {
      Value converted = result;
      if (cast.getResultTypes()[0] != *wanted)
        converted = ConvertLayoutOp::create(builder, cast.getLoc(),
                                            cast.getResultTypes()[0], result);
      cast.getResult(0).replaceAllUsesWith(converted);
      cast->erase();
      continue;
    }
    // ttg.convert_layout converts from any layout; a tmem_store or
    // tmem_alloc operand is relaid out on its own.
    if (isa<ConvertLayoutOp>(user) ||
        (isa<ttng::TMEMStoreOp, ttng::TMEMAllocOp>(user) &&
         use.getOperandNumber() == 0))
      continue;
    use.set(UnrealizedConversionCastOp::create(builder, user->getLoc(),
                                               TypeRange{oldType}, result)
                .getResult(0));
  }
  // A conversion to the layout the result now has is no conversion.
  for (Operation *user : llvm::make_early_inc_range(result.getUsers()))
    if (auto convert = dyn_cast<ConvertLayoutOp>(user);
        convert && convert.getType() == *wanted) {
      convert.getResult().replaceAllUsesWith(result);
      convert->erase();
    }
  return success();
}

class RelayoutTritonGPU
    : public triton::impl::RelayoutTritonGPUBase<RelayoutTritonGPU> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Results first: an operand may be the result of a tmem_load.
    SmallVector<ttng::TMEMLoadOp> loads;
    SmallVector<OpOperand *> operands;
    module.walk([&](Operation *op) {
      if (auto load = dyn_cast<ttng::TMEMLoadOp>(op)) {
        if (!hasLayout(load.getResult().getType()))
          loads.push_back(load);
        return;
      }
      OpOperand *operand = nullptr;
      if (auto gather = dyn_cast<ttng::AsyncTMAGatherOp>(op))
        operand = &gather.getXOffsetsMutable();
      else if (auto scatter = dyn_cast<ttng::AsyncTMAScatterOp>(op))
        operand = &scatter.getXOffsetsMutable();
      else if (auto alloc = dyn_cast<ttng::TMEMAllocOp>(op)) {
        if (alloc.getSrc())
          operand = &alloc.getSrcMutable()[0];
      } else if (auto store = dyn_cast<ttng::TMEMStoreOp>(op))
        operand = &store.getSrcMutable();
      if (operand && !hasLayout(operand->get().getType()))
        operands.push_back(operand);
    });
    for (ttng::TMEMLoadOp load : loads)
      if (failed(relayoutResult(load)))
        return signalPassFailure();
    // An operand that is a tmem_load's result has its layout by now; it is
    // converted to the one its user wants all the same.
    for (OpOperand *operand : operands)
      if (failed(relayoutOperand(*operand)))
        return signalPassFailure();
  }
};

} // namespace
