//===- DebugInfo.cpp - line tables and variables for the LLVM dialect -----===//
//
// enable-line-info gives each llvm.func a DISubprogram (the scope the
// translation to LLVM IR puts every instruction's !dbg location in);
// extract-variable-info binds the source's named values to debug variables.
//
//===----------------------------------------------------------------------===//

#include "Target/LLVMIR/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/Path.h"

namespace mlir::triton {
#define GEN_PASS_DEF_LLVMDISCOPE
#define GEN_PASS_DEF_LLVMDILOCALVARIABLE
#include "Target/LLVMIR/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

/// The first file location `loc` holds (through names, call sites, fusions).
FileLineColLoc firstFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The subprogram a function's location was fused with, if any.
LLVM::DISubprogramAttr subprogramOf(LLVM::LLVMFuncOp func) {
  if (auto fused = dyn_cast<FusedLoc>(func.getLoc()))
    return dyn_cast_or_null<LLVM::DISubprogramAttr>(fused.getMetadata());
  return {};
}

LLVM::DIFileAttr fileAttr(MLIRContext *ctx, StringRef path) {
  return LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path),
                               llvm::sys::path::parent_path(path));
}

struct LLVMDIScope : triton::impl::LLVMDIScopeBase<LLVMDIScope> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // One compile unit per source file of the module.
    llvm::StringMap<LLVM::DICompileUnitAttr> units;
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal() || subprogramOf(func))
        return;
      FileLineColLoc loc = firstFileLoc(func.getLoc());
      if (!loc) {
        func.getBody().walk([&](Operation *op) {
          loc = firstFileLoc(op->getLoc());
          return loc ? WalkResult::interrupt() : WalkResult::advance();
        });
      }
      if (!loc)
        return;
      StringRef path = loc.getFilename().getValue();
      LLVM::DIFileAttr file = fileAttr(ctx, path);
      LLVM::DICompileUnitAttr &unit = units[path];
      if (!unit)
        unit = LLVM::DICompileUnitAttr::get(
            DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C,
            file, StringAttr::get(ctx, "triton"), /*isOptimized=*/true,
            LLVM::DIEmissionKind::LineTablesOnly);
      auto type = LLVM::DISubroutineTypeAttr::get(
          ctx, llvm::dwarf::DW_CC_normal, /*types=*/{});
      StringAttr name = func.getSymNameAttr();
      auto subprogram = LLVM::DISubprogramAttr::get(
          ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, file, name, name,
          file, loc.getLine(), loc.getLine(),
          LLVM::DISubprogramFlags::Definition |
              LLVM::DISubprogramFlags::Optimized,
          type, /*retainedNodes=*/{}, /*annotations=*/{});
      func->setLoc(FusedLoc::get(ctx, {func.getLoc()}, subprogram));
    });
  }
};

/// A debug type for a value of `type`: a base type for integers and
/// floats, a pointer for pointers, none otherwise.
LLVM::DITypeAttr debugType(Type type) {
  MLIRContext *ctx = type.getContext();
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned bits = intType.getWidth();
    return LLVM::DIBasicTypeAttr::get(
        ctx, llvm::dwarf::DW_TAG_base_type, "int" + Twine(bits), bits,
        bits == 1 ? llvm::dwarf::DW_ATE_boolean : llvm::dwarf::DW_ATE_signed);
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    unsigned bits = floatType.getWidth();
    return LLVM::DIBasicTypeAttr::get(ctx, llvm::dwarf::DW_TAG_base_type,
                                      "fp" + Twine(bits), bits,
                                      llvm::dwarf::DW_ATE_float);
  }
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::DIDerivedTypeAttr::get(
        ctx, llvm::dwarf::DW_TAG_pointer_type, StringAttr::get(ctx, "ptr"),
        LLVM::DINullTypeAttr::get(ctx), /*sizeInBits=*/64,
        /*alignInBits=*/0, /*offsetInBits=*/0,
        /*dwarfAddressSpace=*/std::nullopt, /*extraData=*/nullptr);
  return LLVM::DINullTypeAttr::get(ctx);
}

struct LLVMDILocalVariable
    : triton::impl::LLVMDILocalVariableBase<LLVMDILocalVariable> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      LLVM::DISubprogramAttr subprogram = subprogramOf(func);
      if (!subprogram)
        return;
      OpBuilder b(func.getContext());
      func.getBody().walk([&](Operation *op) {
        auto name = dyn_cast<NameLoc>(op->getLoc());
        if (!name || op->getNumResults() == 0 || isa<LLVM::DbgValueOp>(op))
          return;
        Value value = op->getResult(0);
        FileLineColLoc at = firstFileLoc(name.getChildLoc());
        LLVM::DIFileAttr file =
            at ? fileAttr(op->getContext(), at.getFilename().getValue())
               : subprogram.getFile();
        auto variable = LLVM::DILocalVariableAttr::get(
            subprogram, name.getName().getValue(), file, at ? at.getLine() : 0,
            /*arg=*/0, /*alignInBits=*/0, debugType(value.getType()),
            LLVM::DIFlags::Zero);
        b.setInsertionPointAfter(op);
        LLVM::DbgValueOp::create(b, name.getChildLoc(), value, variable);
      });
    });
  }
};

} // namespace
