// RUN: triton-opt %s -split-input-file -tritongpu-coalesce -verify-diagnostics | FileCheck %s

// Global memory accesses through tensors of pointers get blocked layouts
// whose threads hold vectors of consecutive addresses (up to 128 bits, as
// far as alignment and contiguity allow), rebuilt between convert_layouts.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// Aligned f32 pointers: 4 elements (16 bytes) per thread for the load, its
// mask, and the store with its value and mask.
// CHECK-DAG: [[$B1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$B4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @vector_add
tt.func @vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %1 = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
  %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
  %3 = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  // CHECK: [[XP:%.*]] = tt.addptr
  %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK-NEXT: [[P:%.*]] = ttg.convert_layout [[XP]] : tensor<1024x!tt.ptr<f32>, [[$B1]]> -> tensor<1024x!tt.ptr<f32>, [[$B4]]>
  // CHECK-NEXT: [[M:%.*]] = ttg.convert_layout %{{.*}} : tensor<1024xi1, [[$B1]]> -> tensor<1024xi1, [[$B4]]>
  // CHECK-NEXT: [[L:%.*]] = tt.load [[P]], [[M]] : tensor<1024x!tt.ptr<f32>, [[$B4]]>
  // CHECK-NEXT: [[V:%.*]] = ttg.convert_layout [[L]] : tensor<1024xf32, [[$B4]]> -> tensor<1024xf32, [[$B1]]>
  %5 = tt.load %4, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
  %6 = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %7 = tt.addptr %6, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  // CHECK: ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B1]]> -> tensor<1024x!tt.ptr<f32>, [[$B4]]>
  // CHECK-NEXT: ttg.convert_layout [[V]] : tensor<1024xf32, [[$B1]]> -> tensor<1024xf32, [[$B4]]>
  // CHECK-NEXT: ttg.convert_layout %{{.*}} : tensor<1024xi1, [[$B1]]> -> tensor<1024xi1, [[$B4]]>
  // CHECK-NEXT: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B4]]>
  tt.store %7, %5, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}

// Pointers without alignment hints: one element per thread, but the access
// is still rebuilt (between no-op conversions).
// CHECK-LABEL: tt.func @unaligned
// CHECK: ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B1]]> -> tensor<1024x!tt.ptr<f32>, [[$B1]]>
// CHECK-NEXT: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, [[$B1]]>
tt.func @unaligned(%x: !tt.ptr<f32>) {
  %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %1 = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  %3 = tt.load %2 : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}

// Scalar accesses are left alone.
// CHECK-LABEL: tt.func @scalar
// CHECK-NEXT: tt.load %arg0 : !tt.ptr<f32>
// CHECK-NEXT: tt.store %arg0
tt.func @scalar(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %0 = tt.load %x : !tt.ptr<f32>
  tt.store %x, %0 : !tt.ptr<f32>
  tt.return
}
}

// -----

// 2-D accesses: the layout's order follows the pointers' contiguity. 16-byte
// aligned f16 rows give 8 elements per thread along the rows; pointers
// contiguous down the columns give a column-major layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#sliced0 = #ttg.slice<{dim = 0, parent = #blocked}>
#sliced1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$ROW:#.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$COL:#.*]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @rows_and_columns
// CHECK: tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, [[$ROW]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x64x!tt.ptr<f16>, [[$COL]]>
tt.func @rows_and_columns(%in: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
  %c64 = arith.constant dense<64> : tensor<128x1xi32, #blocked>
  %c128 = arith.constant dense<128> : tensor<1x64xi32, #blocked>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #sliced1>
  %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #sliced0>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32, #sliced1> -> tensor<128x1xi32, #blocked>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #sliced0> -> tensor<1x64xi32, #blocked>
  // in[r * 64 + c]: contiguous along the rows.
  %rs = arith.muli %r2, %c64 : tensor<128x1xi32, #blocked>
  %rb = tt.broadcast %rs : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %off = arith.addi %rb, %cb : tensor<128x64xi32, #blocked>
  %p = tt.splat %in : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
  %pa = tt.addptr %p, %off : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
  %v = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
  // out[c * 128 + r]: contiguous down the columns.
  %cs = arith.muli %c2, %c128 : tensor<1x64xi32, #blocked>
  %cb2 = tt.broadcast %cs : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %rb2 = tt.broadcast %r2 : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
  %off2 = arith.addi %cb2, %rb2 : tensor<128x64xi32, #blocked>
  %q = tt.splat %out : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
  %qa = tt.addptr %q, %off2 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
  tt.store %qa, %v : tensor<128x64x!tt.ptr<f16>, #blocked>
  tt.return
}
}

// -----

// Accesses of the same shape and order in one def-use web share the widest
// vector: the load through less aligned pointers reads 4 elements like its
// neighbour; a store never writes more than its own alignment allows.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$W1:#.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-DAG: [[$W2:#.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-DAG: [[$W4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-LABEL: tt.func @shared_vector
// CHECK: tt.load %{{.*}} : tensor<2048x!tt.ptr<i32>, [[$W4]]>
// CHECK: tt.load %{{.*}} : tensor<2048x!tt.ptr<i32>, [[$W4]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<2048x!tt.ptr<i32>, [[$W2]]>
// CHECK: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}} : (tensor<2048x!tt.ptr<i32>, [[$W1]]>, tensor<2048xi32, [[$W1]]>, tensor<2048xi1, [[$W1]]>) -> tensor<2048xi32, [[$W1]]>
tt.func @shared_vector(%a: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i32> {tt.divisibility = 4 : i32}, %c: !tt.ptr<i32> {tt.divisibility = 8 : i32}, %d: !tt.ptr<i32>) {
  %0 = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #blocked>
  %pa = tt.splat %a : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
  %pa1 = tt.addptr %pa, %0 : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
  %va = tt.load %pa1 : tensor<2048x!tt.ptr<i32>, #blocked>
  %pb = tt.splat %b : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
  %pb1 = tt.addptr %pb, %0 : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
  %vb = tt.load %pb1 : tensor<2048x!tt.ptr<i32>, #blocked>
  %s = arith.addi %va, %vb : tensor<2048xi32, #blocked>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
  %pc1 = tt.addptr %pc, %0 : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
  tt.store %pc1, %s : tensor<2048x!tt.ptr<i32>, #blocked>
  %pd = tt.splat %d : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
  %pd1 = tt.addptr %pd, %0 : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
  %true = arith.constant dense<true> : tensor<2048xi1, #blocked>
  %r = tt.atomic_rmw add, acq_rel, gpu, %pd1, %s, %true : (tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>, tensor<2048xi1, #blocked>) -> tensor<2048xi32, #blocked>
  tt.return
}

// 64-bit elements: at most 2 per thread (128 bits); a tensor smaller than the
// threads: 1 per thread.
// CHECK-LABEL: tt.func @widths
// CHECK: tt.load %{{.*}} : tensor<2048x!tt.ptr<i64>, [[$W2]]>
// CHECK: tt.load %{{.*}} : tensor<128x!tt.ptr<f32>, #{{.*}}>
tt.func @widths(%a: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %0 = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #blocked>
  %pa = tt.splat %a : !tt.ptr<i64> -> tensor<2048x!tt.ptr<i64>, #blocked>
  %pa1 = tt.addptr %pa, %0 : tensor<2048x!tt.ptr<i64>, #blocked>, tensor<2048xi32, #blocked>
  %va = tt.load %pa1 : tensor<2048x!tt.ptr<i64>, #blocked>
  %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %pb1 = tt.addptr %pb, %1 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  %vb = tt.load %pb1 : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

// Accesses inside loops, with loop-carried pointers, and descriptor loads
// and stores (row-major, up to 16 bytes per thread).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: [[$L4:#.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: [[$D8:#.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @loop
// CHECK: scf.for
// CHECK: tt.load %{{.*}} : tensor<512x!tt.ptr<f32>, [[$L4]]>
// CHECK: tt.addptr
tt.func @loop(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<512xf32, #blocked1> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %step = arith.constant dense<512> : tensor<512xi32, #blocked1>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked1>
  %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked1>
  %1 = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked1>
  %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%p = %2, %acc = %zero) -> (tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xf32, #blocked1>) : i32 {
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked1>
    %s = arith.addf %acc, %v : tensor<512xf32, #blocked1>
    %n = tt.addptr %p, %step : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>
    scf.yield %n, %s : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xf32, #blocked1>
  }
  tt.return %r#1 : tensor<512xf32, #blocked1>
}

// CHECK-LABEL: tt.func @descriptors
// CHECK: [[T:%.*]] = tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, [[$D8]]>
// CHECK-NEXT: [[C:%.*]] = ttg.convert_layout [[T]] : tensor<64x64xf16, [[$D8]]> -> tensor<64x64xf16, #{{.*}}>
// CHECK-NEXT: [[S:%.*]] = ttg.convert_layout [[C]] : tensor<64x64xf16, #{{.*}}> -> tensor<64x64xf16, [[$D8]]>
// CHECK-NEXT: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], [[S]] : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, [[$D8]]>
tt.func @descriptors(%d: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
  tt.descriptor_store %d[%i, %i], %0 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
  tt.return
}
}

// -----

// Without the number of warps there is no layout to pick.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
tt.func @no_num_warps(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %1 = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  // expected-error @below {{cannot coalesce: no "ttg.num-warps" on the module or an enclosing op}}
  %3 = tt.load %2 : tensor<128x!tt.ptr<f32>, #blocked>
  tt.return
}
}
