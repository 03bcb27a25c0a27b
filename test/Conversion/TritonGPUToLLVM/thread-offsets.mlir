// RUN: triton-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// A layout evaluated at runtime: each run of lane or warp bits that lands on
// consecutive offset bits is one mask and one shift, and the runs are XORed.
// Here element = register + 4 * lane + 128 * warp: the lane's 5 bits are
// `and 31, shl 2`, the warp's 2 bits `and 3, shl 7`.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @range
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
  // CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
  // CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
  // CHECK-NEXT: %[[LBITS:.*]] = llvm.and %[[LANE]], %[[C31]] : i32
  // CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[LTERM:.*]] = llvm.shl %[[LBITS]], %[[C2]] : i32
  // CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: %[[WBITS:.*]] = llvm.and %[[WARP]], %[[C3]] : i32
  // CHECK-NEXT: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-NEXT: %[[WTERM:.*]] = llvm.shl %[[WBITS]], %[[C7]] : i32
  // CHECK-NEXT: llvm.xor %[[LTERM]], %[[WTERM]] : i32
  tt.func public @range(%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ys = tt.splat %y : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %yp, %r : tensor<512x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
