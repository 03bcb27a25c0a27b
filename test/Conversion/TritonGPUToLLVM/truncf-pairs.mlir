// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm='compute-capability=75' | FileCheck %s --check-prefix=SM75

// arith.truncf from f32 to f16 or bf16 converts two registers at a time
// (cvt.rn.f16x2.f32 and cvt.rn.bf16x2.f32, sm_80 and newer); the first
// operand of the intrinsic becomes the high half, so the pair's second
// register goes first.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @four_registers
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: %[[P0:.*]] = llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"(%[[R1]], %[[R0]]) : (f32, f32) -> vector<2xf16>
  // CHECK: llvm.extractelement %[[P0]]
  // CHECK: llvm.extractelement %[[P0]]
  // CHECK: %[[P1:.*]] = llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"(%[[R3]], %[[R2]]) : (f32, f32) -> vector<2xf16>
  // CHECK-NOT: llvm.fptrunc
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ff2bf16x2.rn"(%{{.*}}, %{{.*}}) : (f32, f32) -> vector<2xbf16>
  // SM75-LABEL: @four_registers
  // SM75-NOT: ff2f16x2
  // SM75-COUNT-4: llvm.fptrunc %{{.*}} : f32 to f16
  // SM75-COUNT-4: llvm.fptrunc %{{.*}} : f32 to bf16
  tt.func @four_registers(%x: tensor<128xf32, #blocked>) -> (tensor<128xf16, #blocked>, tensor<128xbf16, #blocked>) {
    %h = arith.truncf %x : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
    %b = arith.truncf %x : tensor<128xf32, #blocked> to tensor<128xbf16, #blocked>
    tt.return %h, %b : tensor<128xf16, #blocked>, tensor<128xbf16, #blocked>
  }
}

// -----

// One register per thread: no pair, one conversion.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @one_register
  // CHECK-NOT: ff2f16x2
  // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
  tt.func @one_register(%x: tensor<32xf32, #blocked>) -> tensor<32xf16, #blocked> {
    %h = arith.truncf %x : tensor<32xf32, #blocked> to tensor<32xf16, #blocked>
    tt.return %h : tensor<32xf16, #blocked>
  }
}

// -----

// A source other than f32, fast-math flags or a rounding mode go element by
// element.

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @not_pairs
  // CHECK-NOT: ff2f16x2
  // CHECK-COUNT-2: llvm.fptrunc %{{.*}} : f64 to f16
  tt.func @not_pairs(%x: tensor<64xf64, #blocked>) -> tensor<64xf16, #blocked> {
    %h = arith.truncf %x : tensor<64xf64, #blocked> to tensor<64xf16, #blocked>
    tt.return %h : tensor<64xf16, #blocked>
  }
  // CHECK-LABEL: @fast_math
  // CHECK-NOT: ff2f16x2
  // CHECK-COUNT-2: llvm.fptrunc %{{.*}}: f32 to f16
  tt.func @fast_math(%x: tensor<64xf32, #blocked>) -> tensor<64xf16, #blocked> {
    %h = arith.truncf %x fastmath<fast> : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
    tt.return %h : tensor<64xf16, #blocked>
  }
  // CHECK-LABEL: @rounding_mode
  // CHECK-NOT: ff2f16x2
  // CHECK-COUNT-2: llvm.intr.experimental.constrained.fptrunc %{{.*}} tonearest ignore : f32 to f16
  tt.func @rounding_mode(%x: tensor<64xf32, #blocked>) -> tensor<64xf16, #blocked> {
    %h = arith.truncf %x to_nearest_even : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
    tt.return %h : tensor<64xf16, #blocked>
  }
}
