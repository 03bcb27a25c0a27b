// RUN: triton-opt %s -split-input-file --enable-line-info --mlir-print-debuginfo | FileCheck %s
// RUN: triton-opt %s -split-input-file --enable-line-info --enable-line-info --mlir-print-debuginfo | FileCheck %s --check-prefix=TWICE
// RUN: triton-opt %s -split-input-file --enable-line-info --mlir-print-debuginfo | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVM

// A kernel gets a subprogram at its own line, in a compile unit of its file;
// the translation puts every instruction in its scope.
// CHECK: llvm.func @add_kernel
// CHECK: } loc(#[[FUNC:loc[0-9]+]])
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #llvm.di_file<"kernel.py" in "/src/dir">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #llvm.di_compile_unit<id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_C, file = #[[FILE]], producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[CU]], scope = #[[FILE]], name = "add_kernel", linkageName = "add_kernel", file = #[[FILE]], line = 7, scopeLine = 7, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// CHECK-DAG: #di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
// CHECK: #[[FUNC]] = loc(fused<#[[SP]]>[
// TWICE-COUNT-2: = #llvm.di_subprogram<
// TWICE-NOT: = #llvm.di_subprogram<
// LLVM: define void @add_kernel(i32 %0) !dbg ![[SPN:[0-9]+]] {
// LLVM: add i32 %0, %0, !dbg ![[L:[0-9]+]]
// LLVM: !llvm.dbg.cu = !{![[CUN:[0-9]+]]}
// LLVM: ![[CUN]] = distinct !DICompileUnit(language: DW_LANG_C, file: ![[FN:[0-9]+]], producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
// LLVM: ![[FN]] = !DIFile(filename: "kernel.py", directory: "/src/dir")
// LLVM: ![[SPN]] = distinct !DISubprogram(name: "add_kernel", linkageName: "add_kernel", scope: ![[FN]], file: ![[FN]], line: 7
// LLVM: ![[L]] = !DILocation(line: 9, column: 12, scope: ![[SPN]])
module {
  llvm.func @add_kernel(%arg0: i32) {
    %0 = llvm.add %arg0, %arg0 : i32 loc("/src/dir/kernel.py":9:12)
    llvm.return loc("/src/dir/kernel.py":10:4)
  } loc("/src/dir/kernel.py":7:0)
}

// -----

// Without a location of its own, a function takes its first op's file and line.
// CHECK: #llvm.di_subprogram<{{.*}}name = "no_loc", linkageName = "no_loc", file = #{{di_file[0-9]*}}, line = 3, scopeLine = 3
module {
  llvm.func @no_loc() {
    llvm.return loc("other.py":3:1)
  } loc(unknown)
}

// -----

// No file location anywhere, or no body: nothing to describe.
// CHECK-LABEL: llvm.func @nowhere()
// CHECK: llvm.func @external()
// CHECK-NOT: di_subprogram
module {
  llvm.func @nowhere() {
    llvm.return loc(unknown)
  } loc(unknown)
  llvm.func @external() loc("ext.py":1:0)
}
