// RUN: triton-opt %s --triton-make-ttgir | FileCheck %s --check-prefix=SM90
// RUN: triton-opt %s --triton-make-ttgir="compute-capability=80 num-warps=2 num-stages=4" | FileCheck %s --check-prefix=SM80
// RUN: not triton-opt %s --triton-make-ttgir="num-warps=3" 2>&1 | FileCheck %s --check-prefix=ERR

// Tests that triton-make-ttgir turns TTIR into TTGIR for the launch
// configuration its options give (sm_90 with 4 warps by default): blocked
// layouts everywhere, the load, the exponential and the store in the one
// coalesced layout (256 elements over the CTA's threads: 2 per thread with 4
// warps, 4 with 2 warps), no conversion left. Invalid options are reported.

// SM90: #[[$L:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// SM90: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// SM90-NOT: ttg.convert_layout
// SM90: %[[V:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$L]]>
// SM90-NEXT: %[[E:.*]] = math.exp %[[V]] : tensor<256xf32, #[[$L]]>
// SM90: tt.store %{{.*}}, %[[E]], %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$L]]>

// SM80: #[[$L:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// SM80: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// SM80-NOT: ttg.convert_layout
// SM80: tt.load %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$L]]>

// ERR: error: convert-triton-to-tritongpu: num-warps must be a positive power of two, got 3

module {
  tt.func public @exp(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c256 = arith.constant 256 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c256 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %s = tt.splat %start : i32 -> tensor<256xi32>
    %o = arith.addi %s, %r : tensor<256xi32>
    %ns = tt.splat %n : i32 -> tensor<256xi32>
    %m = arith.cmpi slt, %o, %ns : tensor<256xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %o : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %xp, %m : tensor<256x!tt.ptr<f32>>
    %e = math.exp %v : tensor<256xf32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %o : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %yp, %e, %m : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
