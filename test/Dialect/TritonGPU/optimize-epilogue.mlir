// RUN: triton-opt %s -split-input-file -tritongpu-optimize-epilogue | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Tests that a wgmma accumulator stored with 16-byte vectors is stored in the
// accumulator's layout with the vector's second column taken into registers
// from lane bit 0, which takes the column 8 apart instead: four lanes write
// 64 contiguous bytes of a row. The pointers and the mask are recomputed
// in that layout from their ranges and splats; nothing of the old layout is
// left (no #blocked alias is printed).
// CHECK-NOT: #blocked
// CHECK: [[$L:#.*]] = #ttg.linear<{register = {{\[}}[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [0, 64], [0, 128]], lane = {{\[}}[0, 8], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[16, 0], [32, 0], [64, 0]], block = []}>
// CHECK-LABEL: tt.func @wgmma_f32_epilogue
// CHECK-DAG: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = [[$L]]}>>
// CHECK-DAG: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = [[$L]]}>>
// CHECK-DAG: %[[P:.*]] = tt.addptr {{.*}} : tensor<128x256x!tt.ptr<f32>, [[$L]]>, tensor<128x256xi32, [[$L]]>
// CHECK-DAG: %[[M:.*]] = arith.cmpi slt, {{.*}} : tensor<128x256xi32, [[$L]]>
// CHECK-DAG: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, [[$L]]>
// CHECK: tt.store %[[P]], %[[V]], %[[M]] : tensor<128x256x!tt.ptr<f32>, [[$L]]>
// CHECK-NEXT: tt.return
tt.func @wgmma_f32_epilogue(%c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %acc: tensor<128x256xf32, #mma>, %n: i32) {
  %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #b4}>>
  %cols = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #b4}>>
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #b4}>> -> tensor<128x1xi32, #b4>
  %k = tt.expand_dims %cols {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #b4}>> -> tensor<1x256xi32, #b4>
  %stride = arith.constant dense<256> : tensor<128x1xi32, #b4>
  %ro = arith.muli %r, %stride : tensor<128x1xi32, #b4>
  %rb = tt.broadcast %ro : tensor<128x1xi32, #b4> -> tensor<128x256xi32, #b4>
  %kb = tt.broadcast %k : tensor<1x256xi32, #b4> -> tensor<128x256xi32, #b4>
  %off = arith.addi %rb, %kb : tensor<128x256xi32, #b4>
  %base = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b4>
  %p = tt.addptr %base, %off : tensor<128x256x!tt.ptr<f32>, #b4>, tensor<128x256xi32, #b4>
  %ns = tt.splat %n : i32 -> tensor<128x256xi32, #b4>
  %m = arith.cmpi slt, %kb, %ns : tensor<128x256xi32, #b4>
  %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
  tt.store %p, %v, %m : tensor<128x256x!tt.ptr<f32>, #b4>
  tt.return
}

}

// -----


#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#b8 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// two_swaps' store layout: 8 f16 columns (16 bytes) in registers, runs of
// 32 columns (64 bytes) across lanes.
// CHECK: [[$L16:#.*]] = #ttg.linear<{register = {{\[}}[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [0, 128]], lane = {{\[}}[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[16, 0], [32, 0], [64, 0]], block = []}>

// Tests that pointers carried by a loop are carried in the new layout, and
// the old ones no longer: the loop keeps one argument.
// CHECK-LABEL: tt.func @carried_pointers
// CHECK: %[[BASE:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #linear>
// CHECK: scf.for {{.*}} iter_args(%[[P:.*]] = %[[BASE]]) -> (tensor<128x256x!tt.ptr<f32>, #linear>)
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #linear>
// CHECK-NEXT: tt.store %[[P]], %[[V]] : tensor<128x256x!tt.ptr<f32>, #linear>
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<128x256x!tt.ptr<f32>, #linear>
// CHECK-NEXT: scf.yield %[[Q]] : tensor<128x256x!tt.ptr<f32>, #linear>
tt.func @carried_pointers(%c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %acc: tensor<128x256xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %base = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b4>
  %step = arith.constant dense<32768> : tensor<128x256xi32, #b4>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%p = %base) -> (tensor<128x256x!tt.ptr<f32>, #b4>) : i32 {
    %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
    tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b4>
    %q = tt.addptr %p, %step : tensor<128x256x!tt.ptr<f32>, #b4>, tensor<128x256xi32, #b4>
    scf.yield %q : tensor<128x256x!tt.ptr<f32>, #b4>
  }
  tt.return
}

// Tests that pointers computed in a loop from values before it (a
// persistent kernel's tiles) are recomputed where they were computed.
// CHECK-LABEL: tt.func @pointers_in_loop
// CHECK: tt.make_range {{.*}} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #linear}>>
// CHECK: scf.for
// CHECK: tt.splat %{{.*}} : i32 -> tensor<128x256xi32, #linear>
// CHECK: %[[P:.*]] = tt.addptr {{.*}} : tensor<128x256x!tt.ptr<f32>, #linear>
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #linear>
// CHECK-NEXT: tt.store %[[P]], %[[V]] : tensor<128x256x!tt.ptr<f32>, #linear>
tt.func @pointers_in_loop(%c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %acc: tensor<128x256xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %base = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b4>
  %cols = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #b4}>>
  %k = tt.expand_dims %cols {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #b4}>> -> tensor<1x256xi32, #b4>
  %kb = tt.broadcast %k : tensor<1x256xi32, #b4> -> tensor<128x256xi32, #b4>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %t = arith.muli %i, %c1 : i32
    %ts = tt.splat %t : i32 -> tensor<128x256xi32, #b4>
    %o = arith.addi %kb, %ts : tensor<128x256xi32, #b4>
    %p = tt.addptr %base, %o : tensor<128x256x!tt.ptr<f32>, #b4>, tensor<128x256xi32, #b4>
    %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
    tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b4>
  }
  tt.return
}

// Tests that pointers coming out of a layout conversion are not recomputed
// through it: the conversion would only move to the 64-bit pointers.
// CHECK-LABEL: tt.func @converted_pointers
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #blocked{{[0-9]*}}>
// CHECK-NEXT: tt.store %{{.*}}, %[[V]] : tensor<128x256x!tt.ptr<f32>, #blocked{{[0-9]*}}>
tt.func @converted_pointers(%c: !tt.ptr<f32>, %acc: tensor<128x256xf32, #mma>) {
  %p0 = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b2>
  %p = ttg.convert_layout %p0 : tensor<128x256x!tt.ptr<f32>, #b2> -> tensor<128x256x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
  tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b4>
  tt.return
}

// Tests that a conversion made before a loop whose body stores it stays
// before the loop in the new layout.
// CHECK-LABEL: tt.func @conversion_before_loop
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #linear>
// CHECK-NEXT: scf.for
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<128x256x!tt.ptr<f32>, #linear>
tt.func @conversion_before_loop(%c: !tt.ptr<f32>, %acc: tensor<128x256xf32, #mma>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %p = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b4>
    tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b4>
  }
  tt.return
}

// Tests that a store of 8-byte vectors is left alone: the accumulator holds
// them already, and its lanes would write 32 contiguous bytes of a row,
// fewer than the pass takes for the shared memory it saves.
// CHECK-LABEL: tt.func @short_runs
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #blocked{{[0-9]*}}>
// CHECK-NEXT: tt.store %{{.*}}, %[[V]] : tensor<128x256x!tt.ptr<f32>, #blocked{{[0-9]*}}>
tt.func @short_runs(%c: !tt.ptr<f32>, %acc: tensor<128x256xf32, #mma>) {
  %p = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>, #b2>
  %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b2>
  tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b2>
  tt.return
}

// Tests that a store of 16-byte f16 vectors is rebuilt too: two of the
// vector's columns sit in lanes of the accumulator, two register/lane swaps
// that take two rounds of shuffles, which the conversion asks for (the
// lowering would take shared memory otherwise). One swap needs no mark.
// CHECK-LABEL: tt.func @two_swaps
// CHECK: %[[P:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x256x!tt.ptr<f16>, [[$L16]]>
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 {ttg.warp_shuffles} : tensor<128x256xf16, #mma> -> tensor<128x256xf16, [[$L16]]>
// CHECK-NEXT: tt.store %[[P]], %[[V]] : tensor<128x256x!tt.ptr<f16>, [[$L16]]>
tt.func @two_swaps(%c: !tt.ptr<f16>, %acc: tensor<128x256xf16, #mma>) {
  %base = tt.splat %c : !tt.ptr<f16> -> tensor<128x256x!tt.ptr<f16>, #b8>
  %v = ttg.convert_layout %acc : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #b8>
  tt.store %base, %v : tensor<128x256x!tt.ptr<f16>, #b8>
  tt.return
}

// Tests that pointers that cannot be recomputed in another layout (loaded
// from memory) leave the store as it is.
// CHECK-LABEL: tt.func @loaded_pointers
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #blocked{{[0-9]*}}>
// CHECK-NEXT: tt.store %{{.*}}, %[[V]] : tensor<128x256x!tt.ptr<f32>, #blocked{{[0-9]*}}>
tt.func @loaded_pointers(%pp: tensor<128x256x!tt.ptr<i64>, #b4>, %acc: tensor<128x256xf32, #mma>) {
  %i = tt.load %pp : tensor<128x256x!tt.ptr<i64>, #b4>
  %p = tt.int_to_ptr %i : tensor<128x256xi64, #b4> -> tensor<128x256x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %acc : tensor<128x256xf32, #mma> -> tensor<128x256xf32, #b4>
  tt.store %p, %v : tensor<128x256x!tt.ptr<f32>, #b4>
  tt.return
}
}

// -----

#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mma22 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

// Tests that an mma.sync accumulator (sm_80) is stored the same way: its
// column 2 trades places with the nearest register column, 8.
// CHECK: [[$L:#.*]] = #ttg.linear<{register = {{\[}}[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [0, 64]], lane = {{\[}}[0, 8], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[16, 0], [32, 0]], block = []}>
// CHECK-LABEL: tt.func @mma_v2_epilogue
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<64x128xf32, #mma> -> tensor<64x128xf32, [[$L]]>
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<64x128x!tt.ptr<f32>, [[$L]]>
tt.func @mma_v2_epilogue(%c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %acc: tensor<64x128xf32, #mma2>) {
  %base = tt.splat %c : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %acc : tensor<64x128xf32, #mma2> -> tensor<64x128xf32, #b4>
  tt.store %base, %v : tensor<64x128x!tt.ptr<f32>, #b4>
  tt.return
}

// Tests that an mma.sync accumulator whose column 8 is a warp's is left
// alone: column 2 would trade places with column 16, and each row's lanes
// would write 32 contiguous bytes.
// CHECK-LABEL: tt.func @mma_v2_warps_along_n
// CHECK: ttg.convert_layout %arg1 : tensor<64x128xf32, #mma{{[0-9]*}}> -> tensor<64x128xf32, #blocked{{[0-9]*}}>
tt.func @mma_v2_warps_along_n(%c: !tt.ptr<f32>, %acc: tensor<64x128xf32, #mma22>) {
  %p = tt.splat %c : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #b4>
  %v = ttg.convert_layout %acc : tensor<64x128xf32, #mma22> -> tensor<64x128xf32, #b4>
  tt.store %p, %v : tensor<64x128x!tt.ptr<f32>, #b4>
  tt.return
}
}

// -----

#s = #ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 2], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
#d = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Tests that a conversion that shuffles already (a register bit and a lane
// bit trading places within the warp) is left alone.
// CHECK-LABEL: tt.func @already_shuffled
// CHECK: %[[V:.*]] = ttg.convert_layout %arg1 : tensor<32x4xf32, #linear> -> tensor<32x4xf32, #blocked>
// CHECK-NEXT: tt.store %{{.*}}, %[[V]] : tensor<32x4x!tt.ptr<f32>, #blocked>
tt.func @already_shuffled(%c: !tt.ptr<f32>, %x: tensor<32x4xf32, #s>) {
  %p = tt.splat %c : !tt.ptr<f32> -> tensor<32x4x!tt.ptr<f32>, #d>
  %v = ttg.convert_layout %x : tensor<32x4xf32, #s> -> tensor<32x4xf32, #d>
  tt.store %p, %v : tensor<32x4x!tt.ptr<f32>, #d>
  tt.return
}
}
