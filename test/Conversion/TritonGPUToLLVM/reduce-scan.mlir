// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Registers, then lanes (butterfly shuffles over the 5 lane bits), then the
// 4 warps through shared memory, then every thread reads the 4 partials.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @sum
  tt.func public @sum(%x: tensor<512xf32, #blocked>) -> f32 attributes {noinline = true} {
    // CHECK-COUNT-3: llvm.fadd
    // CHECK: nvvm.shfl.sync bfly {{.*}} -> i32
    // CHECK: llvm.fadd
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    tt.return %r : f32
  }
}

// -----

// Along a dimension the warps do not split: no shared memory; the result
// keeps one value per row held.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows
  tt.func public @rows(%x: tensor<16x32xi32, #blocked>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> attributes {noinline = true} {
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-3: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK: llvm.return {{.*}} : !llvm.struct<(i32)>
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<16x32xi32, #blocked>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Two operands reduced together (argmax).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @argmax
  tt.func public @argmax(%v: tensor<32xf32, #blocked>, %i: tensor<32xi32, #blocked>) -> (f32, i32) attributes {noinline = true} {
    // CHECK-COUNT-10: nvvm.shfl.sync bfly
    %r:2 = "tt.reduce"(%v, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %m = arith.select %gt, %a, %b : f32
      %mi = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %m, %mi : f32, i32
    }) : (tensor<32xf32, #blocked>, tensor<32xi32, #blocked>) -> (f32, i32)
    tt.return %r#0, %r#1 : f32, i32
  }
}

// -----

// Scan: sequential in a thread, indexed shuffles across lanes, the warps'
// totals through shared memory.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum
  tt.func public @cumsum(%x: tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked> attributes {noinline = true} {
    // CHECK: llvm.add
    // CHECK-COUNT-5: nvvm.shfl.sync idx
    // CHECK: nvvm.shfl.sync idx
    // CHECK: nvvm.barrier0
    // CHECK: st.shared.b32
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> i32
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.return %r : tensor<128xi32, #blocked>
  }
}

// -----

// Scan over 1024 positions with one register per repeat: lanes hold bits
// 0-4, warps bits 5-6, registers bits 7-9. Lanes as above; then every run of
// 32 positions leaves its total in one of 32 slots; each thread loads the 32
// slots of its row once and combines them as it goes, and each of its 8
// registers adds the combination of the runs before its own.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum_repeats
  // CHECK-COUNT-48: nvvm.shfl.sync idx
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  // CHECK-NOT: llvm.load {{.*}} : !llvm.ptr<3>
  tt.func public @cumsum_repeats(%x: tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked> attributes {noinline = true} {
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    tt.return %r : tensor<1024xi32, #blocked>
  }
}

// -----

// Registers below and above the lanes, no warp along the axis: bit 0 in
// registers (a sequential step), bits 1-2 in lanes (Hillis-Steele), bit 3 in
// registers: the upper half adds the total of the lower half, which the last
// lane of the run holds (one shuffle per source register), reversed here.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum_registers_above_lanes
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-7: nvvm.shfl.sync idx
  // CHECK: nvvm.shfl.sync idx
  // CHECK-NEXT: llvm.bitcast
  // CHECK-NEXT: llvm.fadd
  // CHECK-NEXT: llvm.fadd
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @cumsum_registers_above_lanes(%x: tensor<8x16xf32, #blocked>) -> tensor<8x16xf32, #blocked> attributes {noinline = true} {
    %r = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<8x16xf32, #blocked>) -> tensor<8x16xf32, #blocked>
    tt.return %r : tensor<8x16xf32, #blocked>
  }
}
