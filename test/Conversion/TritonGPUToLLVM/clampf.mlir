// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=70' | FileCheck %s --check-prefix=SM70

// tt.clampf(x, -limit, limit) on sm_90: one min.xorsign.abs per element.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @symmetric
  // SM70-LABEL: llvm.func @symmetric
  tt.func public @symmetric(%x: tensor<64xf32, #blocked>, %limit: tensor<64xf32, #blocked>, %h: tensor<64xf16, #blocked>, %b: tensor<64xbf16, #blocked>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64xf32, #blocked>
    %neg = arith.subf %zero, %limit : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    // CHECK-NOT: llvm.intr.maxnum
    // SM70-NOT: xorsign
    // SM70-COUNT-2: llvm.intr.maxnum
    %0 = tt.clampf %x, %neg, %limit, propagateNan = none : tensor<64xf32, #blocked>
    // Constant bounds c and -c; NaN propagated.
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.fmin.nan.xorsign.abs.f16"(%{{.*}}, %{{.*}}) : (f16, f16) -> f16
    %c6 = arith.constant dense<6.0> : tensor<64xf16, #blocked>
    %m6 = arith.constant dense<-6.0> : tensor<64xf16, #blocked>
    %1 = tt.clampf %h, %m6, %c6, propagateNan = all : tensor<64xf16, #blocked>
    // CHECK-COUNT-2: "llvm.nvvm.fmin.xorsign.abs.bf16"
    %bz = arith.constant dense<-0.000000e+00> : tensor<64xbf16, #blocked>
    %bl = arith.constant dense<2.0> : tensor<64xbf16, #blocked>
    %bn = arith.subf %bz, %bl : tensor<64xbf16, #blocked>
    %2 = tt.clampf %b, %bn, %bl, propagateNan = none : tensor<64xbf16, #blocked>
    tt.return
  }

  // CHECK-LABEL: llvm.func @scalar
  tt.func public @scalar(%x: f32, %limit: f32) -> f32 {
    %zero = arith.constant 0.000000e+00 : f32
    %neg = arith.subf %zero, %limit : f32
    // CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%arg0, %arg1)
    // CHECK: llvm.return %[[R]]
    %0 = tt.clampf %x, %neg, %limit, propagateNan = none : f32
    tt.return %0 : f32
  }

  // Bounds that are not -c and c: a max and a min.
  // CHECK-LABEL: llvm.func @asymmetric
  tt.func public @asymmetric(%x: tensor<64xf32, #blocked>, %lo: tensor<64xf32, #blocked>, %hi: tensor<64xf32, #blocked>) {
    // CHECK-NOT: xorsign
    // CHECK: %[[L:.*]] = llvm.intr.maxnum(%{{.*}}, %{{.*}})
    // CHECK: llvm.intr.minnum(%[[L]], %{{.*}})
    %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32, #blocked>
    %c5 = arith.constant dense<5.0> : tensor<64xf32, #blocked>
    %m6 = arith.constant dense<-6.0> : tensor<64xf32, #blocked>
    // CHECK: llvm.intr.maxnum
    %1 = tt.clampf %x, %m6, %c5, propagateNan = none : tensor<64xf32, #blocked>
    // The lower bound is not 0 - (the upper bound).
    %one = arith.constant dense<1.0> : tensor<64xf32, #blocked>
    %neg = arith.subf %one, %hi : tensor<64xf32, #blocked>
    // CHECK: llvm.intr.maxnum
    %2 = tt.clampf %x, %neg, %hi, propagateNan = none : tensor<64xf32, #blocked>
    // NaN propagated: the NaN-propagating max and min from sm_80; before,
    // NaN selected where x is NaN.
    // CHECK: %[[M:.*]] = llvm.intr.maximum(%{{.*}}, %{{.*}})
    // CHECK: llvm.intr.minimum(%[[M]], %{{.*}})
    // SM70: %[[NAN:.*]] = llvm.fcmp "une" %[[X:.*]], %[[X]] : f32
    // SM70-NEXT: %[[L:.*]] = llvm.intr.maxnum(%[[X]], %{{.*}})
    // SM70-NEXT: %[[H:.*]] = llvm.intr.minnum(%[[L]], %{{.*}})
    // SM70-NEXT: %[[C:.*]] = llvm.mlir.constant(0x7FC00000 : f32) : f32
    // SM70-NEXT: llvm.select %[[NAN]], %[[C]], %[[H]] : i1, f32
    %3 = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<64xf32, #blocked>
    tt.return
  }
}
