// RUN: triton-opt %s -split-input-file --enable-line-info --extract-variable-info --mlir-print-debuginfo | FileCheck %s
// RUN: triton-opt %s -split-input-file --enable-line-info --extract-variable-info --mlir-print-debuginfo | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVM

// A value with a name location is described as a variable of that name,
// right after the op that makes it; other values are not.
// CHECK-DAG: #di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int32", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK-DAG: #[[$PIDVAR:di_local_variable[0-9]*]] = #llvm.di_local_variable<scope = #di_subprogram, name = "pid", file = #di_file, line = 5, type = #di_basic_type>
// CHECK-LABEL: llvm.func @named
// CHECK: %[[PID:.*]] = llvm.mul
// CHECK-NEXT: llvm.intr.dbg.value #[[$PIDVAR]] = %[[PID]] : i32
// CHECK: %[[PTR:.*]] = llvm.getelementptr
// CHECK-NEXT: llvm.intr.dbg.value #{{di_local_variable[0-9]*}} = %[[PTR]] : !llvm.ptr<1>
// CHECK-NEXT: %[[SUM:.*]] = llvm.add
// CHECK-NEXT: llvm.return
// LLVM: !DILocalVariable(name: "pid", scope: ![[SP:[0-9]+]], file: ![[F:[0-9]+]], line: 5, type: ![[INT:[0-9]+]])
// LLVM: ![[INT]] = !DIBasicType(name: "int32", size: 32, encoding: DW_ATE_signed)
// LLVM: !DILocalVariable(name: "x_ptr", scope: ![[SP]], file: ![[F]], line: 6
module {
  llvm.func @named(%arg0: i32, %arg1: !llvm.ptr<1>) -> i32 {
    %0 = llvm.mul %arg0, %arg0 : i32 loc(#pid)
    %1 = llvm.getelementptr %arg1[%0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32 loc(#x_ptr)
    %2 = llvm.add %0, %0 : i32 loc(#plain)
    llvm.return %2 : i32 loc(#plain)
  } loc(#kernel)
}
#kernel = loc("kernel.py":3:0)
#plain = loc("kernel.py":7:4)
#pid = loc("pid"("kernel.py":5:10))
#x_ptr = loc("x_ptr"("kernel.py":6:12))

// -----

// Without a subprogram (no enable-line-info scope) nothing is described.
// CHECK-LABEL: llvm.func @unscoped
// CHECK-NOT: llvm.intr.dbg.value
module {
  llvm.func @unscoped(%arg0: i32) -> i32 {
    %0 = llvm.mul %arg0, %arg0 : i32 loc("pid"(unknown))
    llvm.return %0 : i32 loc(unknown)
  } loc(unknown)
}
