// RUN: triton-opt %s -allow-unregistered-dialect | triton-opt -allow-unregistered-dialect | FileCheck %s
// RUN: triton-opt %s -allow-unregistered-dialect --convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=LLVM

// The nvg ops round-trip, and convert-nv-gpu-to-llvm makes them inline PTX
// and NVVM.

!acc = !llvm.struct<(f32, f32, f32, f32)>

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @ops
// LLVM-LABEL: @ops
llvm.func @ops(%desc: i64, %a: !llvm.struct<(i32, i32, i32, i32)>, %c: !acc, %use: i1, %p: !llvm.ptr<1>, %m: i1) {
  // CHECK: nvg.wgmma %arg0, %arg0, %arg3 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  // LLVM: "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $4, $5, 0, 1, 1, 0, 0;", "=f,=f,=f,=f,l,l"
  %0 = nvg.wgmma %desc, %desc, %use {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !acc
  // A in registers, adding to C where %use holds; B stored N-major.
  // CHECK: nvg.wgmma %arg1, %arg0, %arg3, %arg2
  // LLVM: %[[USE:.*]] = llvm.zext %arg3 : i1 to i32
  // LLVM: "{ .reg .pred p; setp.ne.b32 p, $13, 0; wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, {$8, $9, $10, $11}, $12, p, 1, 1, 1; }", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,l,r"
  %1 = nvg.wgmma %a, %desc, %use, %c {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !acc) -> !acc
  // CHECK: nvg.wgmma_wait_group %{{.*}} {pendings = 1 : i32} : !llvm.struct<(f32, f32, f32, f32)>
  // LLVM: "// wait for regs: $0,$1,$2,$3\0A\09wgmma.wait_group.sync.aligned 1;", "=f,=f,=f,=f,0,1,2,3"
  %2 = nvg.wgmma_wait_group %1 {pendings = 1 : i32} : !acc
  // CHECK: nvg.cluster_id
  // LLVM: nvvm.read.ptx.sreg.cluster.ctarank
  %3 = nvg.cluster_id
  // CHECK: nvg.ld_acquire acquire, sys, %arg4, %arg5 : (!llvm.ptr<1>) -> i32
  // LLVM: "mov.u32 $0, 0x0;\0A\09@$2 ld.global.sys.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b" %arg4, %arg5
  %4 = nvg.ld_acquire acquire, sys, %p, %m : (!llvm.ptr<1>) -> i32
  // CHECK: nvg.ld_acquire relaxed, cta, %arg4 : (!llvm.ptr<1>) -> f16
  // LLVM: "ld.global.cta.relaxed.b16 $0, [ $1 + 0 ];", "=h,l" %arg4
  // LLVM: llvm.bitcast %{{.*}} : i16 to f16
  %5 = nvg.ld_acquire relaxed, cta, %p : (!llvm.ptr<1>) -> f16
  // CHECK: nvg.warp_id
  // LLVM: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // LLVM: %[[W:.*]] = llvm.udiv %[[TID]]
  // LLVM: nvvm.shfl.sync idx %{{.*}}, %[[W]]
  %6 = nvg.warp_id
  "use"(%0, %2, %3, %4, %5, %6) : (!acc, !acc, i32, i32, f16, i32) -> ()
  llvm.return
}
}
