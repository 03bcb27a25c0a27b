// RUN: triton-opt %s -split-input-file --allocate-shared-memory | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=86' | FileCheck %s

// Buffers of local_alloc first, each aligned; scratch after them, shared by
// every op that needs it; the module gets the total.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 20480 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: tensor<64x64xf32, #blocked>, %y: tensor<32x32xf16, #blocked>) {
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %a = ttg.local_alloc %y : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 2048 : i32
    %b = ttg.local_alloc %y : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 4096 : i32
    %c = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 4096 : i32
    %d = ttg.convert_layout %c : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

// A reduction within a warp needs no scratch; one across warps needs a slot
// per warp and output element.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 64 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: tensor<4x512xf32, #blocked>) {
    // CHECK: }) : (tensor<4x512xf32, #blocked>) -> tensor<512xf32
    %r0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x512xf32, #blocked>) -> tensor<512xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    // CHECK: }) {allocation.offset = 0 : i32} : (tensor<4x512xf32, #blocked>) -> tensor<4xf32
    %r1 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x512xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// A device function's plan is one buffer of its caller, live during the
// call.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 16 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @sum(%x: tensor<1024xf32, #blocked>) -> f32 attributes {noinline = true} {
    // CHECK: }) {allocation.offset = 0 : i32} : (tensor<1024xf32, #blocked>) -> f32
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.return %r : f32
  }
  tt.func public @k(%x: tensor<1024xf32, #blocked>) {
    // CHECK: tt.call @sum{{.*}}allocation.offset = 0 : i32
    %r = tt.call @sum(%x) : (tensor<1024xf32, #blocked>) -> f32
    tt.return
  }
}

// -----

// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @empty() {
    tt.return
  }
}
