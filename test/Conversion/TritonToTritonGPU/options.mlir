// Tests that invalid options end in a clear error (exit code 1, no crash)
// before anything is converted.
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:90 num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:90 threads-per-warp=48' 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:90 num-ctas=0' 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=sm_90' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:9a' 2>&1 | FileCheck %s --check-prefix=TARGET-NN
// RUN: not triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='num-warps=4' 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// WARPS: error: convert-triton-to-tritongpu: num-warps must be a positive power of two, got 3
// THREADS: error: convert-triton-to-tritongpu: threads-per-warp must be a positive power of two, got 48
// CTAS: error: convert-triton-to-tritongpu: num-ctas must be a positive power of two, got 0
// TARGET: error: convert-triton-to-tritongpu: invalid target 'sm_90': expected cuda:<compute capability> (e.g. cuda:90) or hip:<gfx architecture> (e.g. hip:gfx942)
// TARGET-NN: error: convert-triton-to-tritongpu: invalid target 'cuda:9a'
// NO-TARGET: error: convert-triton-to-tritongpu: the 'target' option is required, e.g. target=cuda:90

// Tests every option together: the module attributes, layouts for 8 warps
// of 64 threads spread over 2 CTAs (the CTAs split the slowest dimension
// that has elements to give), and, with enable-source-remat, a cast back to
// the unconverted type for a user the pass does not convert.
// RUN: triton-opt %s -allow-unregistered-dialect -convert-triton-to-tritongpu='target=cuda:80 num-warps=8 threads-per-warp=64 num-ctas=2 enable-source-remat=true' | FileCheck %s --check-prefix=CONFIG
// CONFIG-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0], CGALayout = {{\[\[}}1]]}>
// CONFIG-DAG: #[[$SQ:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CONFIG-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CONFIG: module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 64 : i32}
// CONFIG-LABEL: tt.func @config
tt.func @config(%a: f32) {
  // CONFIG: %[[X:.+]] = tt.splat %{{.+}} : f32 -> tensor<256xf32, #[[$B1D]]>
  // CONFIG-NEXT: %[[CAST:.+]] = builtin.unrealized_conversion_cast %[[X]] : tensor<256xf32, #[[$B1D]]> to tensor<256xf32>
  %x = tt.splat %a : f32 -> tensor<256xf32>
  // CONFIG: tt.splat %{{.+}} : f32 -> tensor<64x64xf32, #[[$SQ]]>
  %y = tt.splat %a : f32 -> tensor<64x64xf32>
  // CONFIG: tt.splat %{{.+}} : f32 -> tensor<1x64xf32, #[[$ROW]]>
  %z = tt.splat %a : f32 -> tensor<1x64xf32>
  // CONFIG: "test.use"(%[[CAST]]) : (tensor<256xf32>) -> ()
  "test.use"(%x) : (tensor<256xf32>) -> ()
  tt.return
}
