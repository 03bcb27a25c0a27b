// RUN: triton-opt %s --tritongpu-global-scratch-memory-allocation | FileCheck %s
// RUN: triton-opt %s --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM

// Each function's global scratch: its buffers and its callees' scratch one
// after another, each aligned. The kernel's 128 bytes (aligned to 128) come
// first, the 64 bytes its callee needs at 128: 192 bytes a program, aligned
// to 128, for the module and the kernel.
// CHECK: module attributes {{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 192 : i32
// CHECK-LABEL: tt.func private @helper(
// CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 40 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 24 : i32, ttg.global_scratch_memory_offset = 40 : i32}
// CHECK-LABEL: tt.func public @kernel(
// CHECK-SAME: ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 192 : i32
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: tt.call @helper() {ttg.global_scratch_memory_offset = 128 : i32}

// A device function's buffers sit at their offsets in the scratch it is
// given; a kernel's program owns the 192 bytes at its CTA's linear index
// (x fastest), and passes its callee the part at the call's offset.
// LLVM-LABEL: llvm.func internal @helper(
// LLVM-SAME: %[[SCRATCH:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: !llvm.ptr<1>)
// LLVM: %[[C40:.*]] = llvm.mlir.constant(40 : i32) : i32
// LLVM: llvm.getelementptr %[[SCRATCH]][%[[C40]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// LLVM-LABEL: llvm.func @kernel(
// LLVM: nvvm.read.ptx.sreg.ctaid.x
// LLVM: nvvm.read.ptx.sreg.nctaid.x
// LLVM: %[[SIZE:.*]] = llvm.mlir.constant(192 : i32) : i32
// LLVM: llvm.mul %{{.*}}, %[[SIZE]] : i32
// LLVM: llvm.call @helper(
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper() -> !tt.ptr<i8> {
    %a = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 40 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 24 : i32} : !tt.ptr<i8>
    tt.return %b : !tt.ptr<i8>
  }
  tt.func public @kernel(%out: !tt.ptr<i64>) {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %q = tt.call @helper() : () -> !tt.ptr<i8>
    tt.return
  }
}
