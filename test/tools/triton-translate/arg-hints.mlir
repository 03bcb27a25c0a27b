// Triton's argument hints (tt.divisibility) served the lowering; the LLVM IR
// has no form for them. They are dropped, without a warning.
// RUN: triton-translate %s --mlir-to-llvmir --arch=sm_90 2>&1 | FileCheck %s --implicit-check-not=warning
// CHECK: define ptx_kernel void @hints(ptr addrspace(1) {{.*}}%0)
// CHECK-NOT: tt.divisibility
module {
  llvm.func @hints(%arg0: !llvm.ptr<1> {tt.divisibility = 16 : i32}) attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}
