// RUN: triton-opt %s -split-input-file --triton-nvidia-gpu-plan-cta | FileCheck %s
// RUN: triton-opt %s -split-input-file --triton-nvidia-gpu-plan-cta --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=REMAT

// Two CTAs split the result along M. A (split along M already) stays; B,
// split along K by default, becomes whole in each CTA: a conversion to the
// load's own layout with CTA bases [[0, 0]], which the load then takes.
// CHECK-DAG: #[[SPLIT:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #[[WHOLE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK: tt.func @dot_over_two_ctas
// CHECK: %[[B:.*]] = tt.load %{{.*}} : tensor<32x64x!tt.ptr<f16>, #[[SPLIT]]>
// CHECK: %[[WHOLE_B:.*]] = ttg.convert_layout %[[B]] : tensor<32x64xf16, #[[SPLIT]]> -> tensor<32x64xf16, #[[WHOLE]]>
// CHECK: ttg.convert_layout %[[WHOLE_B]] : tensor<32x64xf16, #[[WHOLE]]> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1
// REMAT-DAG: #[[WHOLE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// REMAT: tt.func @dot_over_two_ctas
// REMAT: tt.load %{{.*}} : tensor<32x64x!tt.ptr<f16>, #[[WHOLE]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_over_two_ctas(%pa: tensor<128x32x!tt.ptr<f16>, #blocked>, %p: !tt.ptr<f16>, %c: tensor<128x64xf32, #acc>) -> tensor<128x64xf32, #acc> {
    %pb = tt.splat %p : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked>
    %da = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    tt.return %d : tensor<128x64xf32, #acc>
  }
}

// -----

// One CTA: nothing to plan.
// CHECK: tt.func @one_cta
// CHECK-NOT: ttg.convert_layout %{{.*}} -> tensor<32x64xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_cta(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #blocked>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %db = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a, %db, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
}
