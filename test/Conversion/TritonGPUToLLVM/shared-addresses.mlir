// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The bits of a register's constant scratch offset that no thread sets are
// added (here as a displacement of the address), the others XOR into the
// thread's offset: four XORed bases serve the sixteen 16-byte stores.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 32, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @epilogue
  // CHECK: %[[P0:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: llvm.store %{{.*}}, %[[P0]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: %[[X1:.*]] = llvm.xor %[[T:.*]], %{{.*}} : i32
  // CHECK: %[[P1:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: %[[Q1:.*]] = llvm.getelementptr %[[P1]][128]
  // CHECK-NEXT: llvm.store %{{.*}}, %[[Q1]]
  // CHECK: llvm.xor %[[T]], %{{.*}} : i32
  // CHECK: %[[P2:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: %[[Q2:.*]] = llvm.getelementptr %[[P2]][256]
  // CHECK-NEXT: llvm.store %{{.*}}, %[[Q2]]
  // CHECK: llvm.xor %[[T]], %{{.*}} : i32
  // CHECK: %[[P3:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // CHECK-NEXT: %[[Q3:.*]] = llvm.getelementptr %[[P3]][384]
  // CHECK-NEXT: llvm.store %{{.*}}, %[[Q3]]
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.getelementptr %[[P0]][512]
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.getelementptr %[[P1]][640]
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.getelementptr %[[P2]][768]
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.getelementptr %[[P3]][896]
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.getelementptr %[[P3]][1920]
  // CHECK-NEXT: llvm.store
  tt.func public @epilogue(%a: tensor<16x128xf32, #mma>) -> tensor<16x128xf32, #blocked> attributes {noinline = true} {
    %b = ttg.convert_layout %a : tensor<16x128xf32, #mma> -> tensor<16x128xf32, #blocked>
    tt.return %b : tensor<16x128xf32, #blocked>
  }
}
