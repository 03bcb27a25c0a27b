// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s

// fp8 conversions on sm_90 go two elements per instruction (e5m2 to bf16
// four): the thread's elements, paired in register order, whatever their
// place in the tensor.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @from_e5m2
  tt.func public @from_e5m2(%a: tensor<128xf8E5M2, #blocked>) {
    // CHECK-COUNT-2: %[[P:.*]] = llvm.bitcast %{{.*}} : vector<2xi8> to i16
    // CHECK-NEXT: llvm.inline_asm {{.*}}"cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h" %[[P]] : (i16) -> vector<2xf16>
    // CHECK-NOT: cvt.rn.f16x2.e5m2x2
    %h = tt.fp_to_fp %a : tensor<128xf8E5M2, #blocked> -> tensor<128xf16, #blocked>
    // One group of four: the bytes in one register.
    // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
    // CHECK: prmt.b32 lo, 0, $2, 0x5140;{{.*}}mul.rn.bf16x2 $0, mlo, scale;\0Amul.rn.bf16x2 $1, mhi, scale;{{.*}}"=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(vector<2xbf16>, vector<2xbf16>)>
    // CHECK-NOT: mul.rn.bf16x2
    %b = tt.fp_to_fp %a : tensor<128xf8E5M2, #blocked> -> tensor<128xbf16, #blocked>
    // To f32: the f16 pairs, widened.
    // CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
    // CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
    // CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
    // CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
    %f = tt.fp_to_fp %a : tensor<128xf8E5M2, #blocked> -> tensor<128xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: llvm.func @from_e4m3
  tt.func public @from_e4m3(%a: tensor<128xf8E4M3FN, #blocked>) {
    // CHECK-COUNT-2: "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> vector<2xf16>
    %h = tt.fp_to_fp %a : tensor<128xf8E4M3FN, #blocked> -> tensor<128xf16, #blocked>
    // CHECK-COUNT-2: cvt.rn.f16x2.e4m3x2 h, $1;{{.*}}cvt.bf16.f16 b0, h0;{{.*}}"=r,h" %{{.*}} : (i16) -> vector<2xbf16>
    %b = tt.fp_to_fp %a : tensor<128xf8E4M3FN, #blocked> -> tensor<128xbf16, #blocked>
    tt.return
  }

  // CHECK-LABEL: llvm.func @to_fp8
  tt.func public @to_fp8(%h: tensor<128xf16, #blocked>, %b: tensor<128xbf16, #blocked>, %f: tensor<128xf32, #blocked>) {
    // CHECK-COUNT-2: "cvt.rn.satfinite.e4m3x2.f16x2 $0, $1;", "=h,r" %{{.*}} : (i32) -> vector<2xi8>
    %0 = tt.fp_to_fp %h, rounding = rtne : tensor<128xf16, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    // bf16 through f32. The first element goes to the low byte ($1 is the
    // instruction's second source).
    // CHECK: %[[X0:.*]] = llvm.fpext %{{.*}} : bf16 to f32
    // CHECK: %[[W0:.*]] = llvm.bitcast %[[X0]] : f32 to i32
    // CHECK: %[[X1:.*]] = llvm.fpext %{{.*}} : bf16 to f32
    // CHECK: %[[W1:.*]] = llvm.bitcast %[[X1]] : f32 to i32
    // CHECK: "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;", "=h,r,r" %[[W0]], %[[W1]] : (i32, i32) -> vector<2xi8>
    %1 = tt.fp_to_fp %b, rounding = rtne : tensor<128xbf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    // CHECK-COUNT-2: "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,r,r"
    %2 = tt.fp_to_fp %f, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    tt.return
  }

  // One element: the pair repeats it, and the second result is dropped.
  // CHECK-LABEL: llvm.func @scalar
  tt.func public @scalar(%a: f8E4M3FN) -> f16 {
    // CHECK: %[[V0:.*]] = llvm.insertelement %[[A:.*]], %{{.*}}[%{{.*}} : i32] : vector<2xi8>
    // CHECK: llvm.insertelement %[[A]], %[[V0]][%{{.*}} : i32] : vector<2xi8>
    // CHECK: %[[R:.*]] = llvm.inline_asm {{.*}}cvt.rn.f16x2.e4m3x2
    // CHECK: %[[H:.*]] = llvm.extractelement %[[R]][%{{.*}} : i32] : vector<2xf16>
    // CHECK: llvm.return %[[H]] : f16
    %h = tt.fp_to_fp %a : f8E4M3FN -> f16
    tt.return %h : f16
  }

  // A select of fp8 picks between the bytes; an fp8 constant keeps its
  // float value on the i8.
  // CHECK-LABEL: llvm.func @select
  tt.func public @select(%c: tensor<128xi1, #blocked>, %a: tensor<128xf8E4M3FNUZ, #blocked>) {
    // CHECK: %[[Z0:.*]] = llvm.mlir.constant(0.000000e+00 : f8E4M3FNUZ) : i8
    // CHECK: %[[Z:.*]] = llvm.bitcast %[[Z0]] : i8 to i8
    // CHECK-COUNT-4: llvm.insertvalue %[[Z]]
    // CHECK-COUNT-4: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
    %zero = arith.constant dense<0.000000e+00> : tensor<128xf8E4M3FNUZ, #blocked>
    %s = arith.select %c, %a, %zero : tensor<128xi1, #blocked>, tensor<128xf8E4M3FNUZ, #blocked>
    tt.return
  }
}
