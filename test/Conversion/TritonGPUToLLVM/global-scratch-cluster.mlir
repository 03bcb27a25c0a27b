// RUN: triton-opt %s --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm | FileCheck %s

// In a cluster each CTA owns a slice of the global scratch (the launcher
// allocates programs times CTAs a program times the per-CTA size): the
// slice at the program's linear index (clusters, x fastest) times the
// cluster's CTAs plus the CTA's rank in the cluster, times 128 bytes.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-DAG: nvvm.read.ptx.sreg.clusterid.x
// CHECK-DAG: nvvm.read.ptx.sreg.clusterid.y
// CHECK-DAG: nvvm.read.ptx.sreg.clusterid.z
// CHECK-DAG: nvvm.read.ptx.sreg.nclusterid.x
// CHECK-DAG: nvvm.read.ptx.sreg.nclusterid.y
// CHECK-DAG: %[[SIZE:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: llvm.add %{{.*}}, %{{.*}} : i32
// CHECK: %[[PROGRAM:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctaid.x : i32
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[FIRST:.*]] = llvm.mul %[[PROGRAM]], %[[TWO]] : i32
// CHECK: %[[CTA:.*]] = llvm.add %[[FIRST]], %[[RANK]] : i32
// CHECK: llvm.mul %[[CTA]], %[[SIZE]] : i32
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel(%out: !tt.ptr<i64>) {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return
  }
}
