//===- Passes.td - passes on the LLVM dialect before translation -*- tablegen -*-===//
//
// Debug information for the LLVM dialect a kernel is lowered to, as
// upstream Triton 3.6's make_llir adds it: line tables (`.loc`/`.file` in
// PTX, DWARF line tables in the CUBIN) and, on request, the source's
// variable names.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_LLVMIR_PASSES
#define TRITON_TARGET_LLVMIR_PASSES

include "mlir/Pass/PassBase.td"

def LLVMDIScope : Pass<"enable-line-info", "mlir::ModuleOp"> {
  let summary = "give each llvm.func a debug-info scope, so that its locations become line tables";
  let description = [{
    For every `llvm.func` whose location (or, failing that, the first of
    its ops' locations) names a file, builds a compile unit (`DW_LANG_C`,
    producer `triton`, optimized, line tables only), the file and a
    subprogram named after the function at that line, and fuses the
    function's location with the subprogram. The translation to LLVM IR
    then attaches a `!dbg` location in that scope to every instruction,
    and the NVPTX back end emits `.loc` and `.file` directives, from which
    ptxas (`-lineinfo`) builds the CUBIN's line tables. A function that
    already has a subprogram, or no file location at all, is left alone.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def LLVMDILocalVariable : Pass<"extract-variable-info", "mlir::ModuleOp"> {
  let summary = "describe the source's named values as debug variables";
  let description = [{
    In every `llvm.func` that has a subprogram (see `enable-line-info`),
    each op whose location is a name location (`loc("x"(...))`, as
    Triton's front end names the values of Python variables) gets an
    `llvm.intr.dbg.value` right after it: a local variable of that name,
    at the name location's file and line, bound to the op's first result.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TRITON_TARGET_LLVMIR_PASSES
