// Tests that --mlir-to-llvmir translates the llvm and nvvm dialects as
// mlir-translate does: kernel attributes, NVVM intrinsics, shared memory.
// RUN: triton-translate --mlir-to-llvmir %s | FileCheck %s

// Tests that with --arch it also runs make_llir's tail, as upstream's .llir:
// the NVPTX data layout with 32-bit shared pointers but no triple, the
// nvvm-reflect-ftz flag, O3 (struct phis split into one phi per field).
// RUN: triton-translate --mlir-to-llvmir --arch=sm_90 --ptx-version=87 %s | FileCheck %s --check-prefix=LLIR
// RUN: triton-translate --mlir-to-llvmir --arch=sm_80 --ptx-version=87 --optimize %s | FileCheck %s --check-prefix=LLIR

// Tests that --optimize=false keeps the plain translation, and that
// --enable-reflect-ftz=false leaves the flag out.
// RUN: triton-translate --mlir-to-llvmir --arch=sm_90 --ptx-version=87 --optimize=false %s | FileCheck %s --check-prefix=PLAIN
// RUN: triton-translate --mlir-to-llvmir --arch=sm_90 --ptx-version=87 --enable-reflect-ftz=false %s | FileCheck %s --check-prefix=NOFTZ

// Tests that -o writes the file.
// RUN: triton-translate --mlir-to-llvmir %s -o %t.ll
// RUN: FileCheck %s < %t.ll

// CHECK:       ; ModuleID = 'LLVMDialectModule'
// CHECK-NOT:   target triple
// CHECK:       @global_smem = external addrspace(3) global [0 x i8], align 16
// CHECK-LABEL: @sum_kernel(
// CHECK-SAME:    ptr addrspace(1) %0, i32 %1) #[[KATTR:[0-9]+]]
// CHECK:         call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK:         phi { float, float }
// CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1,
// CHECK:         call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK:       attributes #[[KATTR]] = { "nvvm.reqntid"="128" }

// LLIR:       target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
// LLIR-NOT:   target triple
// LLIR-LABEL: define ptx_kernel void @sum_kernel(
// LLIR-NOT:     phi { float, float }
// LLIR:       !{i32 4, !"nvvm-reflect-ftz", i32 1}

// PLAIN-NOT: target datalayout
// PLAIN:     phi { float, float }
// PLAIN-NOT: nvvm-reflect-ftz

// NOFTZ:     target datalayout
// NOFTZ-NOT: nvvm-reflect-ftz

module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 8 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @sum_kernel(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %all = llvm.mlir.constant(-1 : i32) : i32
    %zero = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %undef = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %init0 = llvm.insertvalue %zero, %undef[0] : !llvm.struct<(f32, f32)>
    %init = llvm.insertvalue %zero, %init0[1] : !llvm.struct<(f32, f32)>
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    llvm.br ^loop(%c0, %init : i32, !llvm.struct<(f32, f32)>)
  ^loop(%i: i32, %acc: !llvm.struct<(f32, f32)>):
    %idx = llvm.add %pid, %i : i32
    %q = llvm.getelementptr %p[%idx] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %q : !llvm.ptr<1> -> f32
    %a0 = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32)>
    %a1 = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32)>
    %b0 = llvm.fadd %a0, %v : f32
    %b1 = llvm.fmul %a1, %v : f32
    %t0 = llvm.insertvalue %b0, %undef[0] : !llvm.struct<(f32, f32)>
    %t1 = llvm.insertvalue %b1, %t0[1] : !llvm.struct<(f32, f32)>
    %next = llvm.add %i, %c1 : i32
    %more = llvm.icmp "slt" %next, %n : i32
    llvm.cond_br %more, ^loop(%next, %t1 : i32, !llvm.struct<(f32, f32)>), ^exit
  ^exit:
    %r0 = llvm.extractvalue %t1[0] : !llvm.struct<(f32, f32)>
    %r1 = llvm.extractvalue %t1[1] : !llvm.struct<(f32, f32)>
    %s = llvm.fadd %r0, %r1 : f32
    %bits = llvm.bitcast %s : f32 to i32
    %shuffled = nvvm.shfl.sync bfly %all, %bits, %c16, %c31 : i32 -> i32
    %smem = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    llvm.store %shuffled, %smem : i32, !llvm.ptr<3>
    nvvm.barrier0
    %back = llvm.load %smem : !llvm.ptr<3> -> f32
    llvm.store %back, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
