// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // make_range: the coordinates of the thread's registers: lane bits moved
  // into place, then the register offsets.
  // CHECK-LABEL: llvm.func @range
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: llvm.and
  // CHECK: llvm.xor %{{.*}}, %{{.*}} : i32
  tt.func public @range() -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> attributes {noinline = true} {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %r : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
  // expand_dims then broadcast: the row's 4 values repeated over the
  // thread's rows.
  // CHECK-LABEL: llvm.func @bcast
  // CHECK-SAME: -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
  tt.func public @bcast(%x: tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<8x32xi32, #blocked> attributes {noinline = true} {
    %e = tt.expand_dims %x {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %b = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
    tt.return %b : tensor<8x32xi32, #blocked>
  }
  // trans into the transposed layout renames registers only.
  // CHECK-LABEL: llvm.func @trans
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @trans(%x: tensor<8x32xf32, #blocked>) -> tensor<32x8xf32, #t> attributes {noinline = true} {
    %y = tt.trans %x {order = array<i32: 1, 0>} : tensor<8x32xf32, #blocked> -> tensor<32x8xf32, #t>
    tt.return %y : tensor<32x8xf32, #t>
  }
  // splat: one value in every register.
  // CHECK-LABEL: llvm.func @splat
  // CHECK-COUNT-8: llvm.insertvalue %arg0
  tt.func public @splat(%v: f32) -> tensor<8x32xf32, #blocked> attributes {noinline = true} {
    %s = tt.splat %v : f32 -> tensor<8x32xf32, #blocked>
    tt.return %s : tensor<8x32xf32, #blocked>
  }
}

// -----

// join puts the pair in adjacent registers; split takes them apart,
// extracting the joined struct's fields (upstream's form; the canonicalizer
// folds them to the join's operands).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @join_split
  // CHECK: %[[A:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[B:.*]] = llvm.extractvalue %arg1[0]
  // CHECK: %[[J0:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0]
  // CHECK: %[[J:.*]] = llvm.insertvalue %[[B]], %[[J0]][1]
  // The split reads the joined struct's fields where the join put them.
  // CHECK: %[[L:.*]] = llvm.extractvalue %[[J]][0]
  // CHECK: %[[R:.*]] = llvm.extractvalue %[[J]][1]
  // CHECK: llvm.fadd %{{.*}}, %{{.*}} : f32
  tt.func public @join_split(%a: tensor<32xf32, #blocked>, %b: tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked> attributes {noinline = true} {
    %j = tt.join %a, %b : tensor<32xf32, #blocked> -> tensor<32x2xf32, #blocked2>
    %l, %r = tt.split %j : tensor<32x2xf32, #blocked2> -> tensor<32xf32, #blocked>
    %s = arith.addf %l, %r : tensor<32xf32, #blocked>
    tt.return %s : tensor<32xf32, #blocked>
  }
}

// -----

// reshape keeps every element in its thread when the layouts agree on the
// row-major order; cat appends the second operand's registers; unsplat
// takes the one element of a one-element tensor.
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#b8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reshape
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
  // CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
  // CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[R2]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
  tt.func public @reshape(%x: tensor<128xf32, #b1>) -> tensor<32x4xf32, #b2> attributes {noinline = true} {
    %y = tt.reshape %x : tensor<128xf32, #b1> -> tensor<32x4xf32, #b2>
    tt.return %y : tensor<32x4xf32, #b2>
  }
  // CHECK-LABEL: llvm.func @cat
  // CHECK: -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @cat(%x: tensor<128xi32, #b1>, %y: tensor<128xi32, #b1>) -> tensor<256xi32, #b8> attributes {noinline = true} {
    %z = tt.cat %x, %y : tensor<128xi32, #b1> -> tensor<256xi32, #b8>
    tt.return %z : tensor<256xi32, #b8>
  }
  // CHECK-LABEL: llvm.func @unsplat
  // CHECK: %[[V:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(f32)>
  // CHECK: llvm.return %[[V]] : f32
  tt.func public @unsplat(%x: tensor<1xf32, #one>) -> f32 attributes {noinline = true} {
    %v = tt.unsplat %x : tensor<1xf32, #one>
    tt.return %v : f32
  }
}
