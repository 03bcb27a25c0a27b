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

// -----

// A 128x128 result over two CTAs is split along N, as upstream tiles it
// (128 rows per CTA first, then the columns): the loop-carried accumulator,
// its zero init, the epilogue's conversion and the store take the result's
// CTA bases [[0, 1]]; A becomes whole in each CTA, B split along N. Lanes
// and warps are fitted to each CTA's part (A's 32 columns take 8 lanes).
// CHECK-DAG: #[[ACC_N:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[ST_N:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[WHOLE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// CHECK: tt.func @matmul_split_n
// CHECK: arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[ACC_N]]>
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[ACC_N]]>)
// CHECK: ttg.convert_layout %{{.*}} : tensor<128x32xf16, #{{.*}}> -> tensor<128x32xf16, #[[WHOLE]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<32x128xf16, #{{.*}}> -> tensor<32x128xf16, #[[ST_N]]>
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[ACC_N]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<128x128xf32, #[[ACC_N]]> -> tensor<128x128xf32, #[[ST_N]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x128x!tt.ptr<f32>, #[[ST_N]]>
// REMAT-DAG: #[[ST_N:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// REMAT-DAG: #[[WHOLE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0]]}>
// REMAT: tt.func @matmul_split_n
// REMAT: tt.load %{{.*}} : tensor<128x32x!tt.ptr<f16>, #[[WHOLE]]>
// REMAT: tt.load %{{.*}} : tensor<32x128x!tt.ptr<f16>, #[[ST_N]]>
// REMAT: tt.store %{{.*}}, %{{.*}} : tensor<128x128x!tt.ptr<f32>, #[[ST_N]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul_split_n(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pa = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked>
    %pb = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #acc>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a_acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
      %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blocked>
      %da = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %db = ttg.convert_layout %b : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %d = tt.dot %da, %db, %a_acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
      scf.yield %d : tensor<128x128xf32, #acc>
    }
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %stride = arith.constant dense<128> : tensor<128x1xi32, #blocked>
    %rs = arith.muli %r2, %stride : tensor<128x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<128x1xi32, #blocked> -> tensor<128x128xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<128x128xi32, #blocked>
    %base = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %off : tensor<128x128x!tt.ptr<f32>, #blocked>, tensor<128x128xi32, #blocked>
    %out = ttg.convert_layout %acc : tensor<128x128xf32, #acc> -> tensor<128x128xf32, #blocked>
    tt.store %ptrs, %out : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Four CTAs on a 128x128 result: upstream's tiling would be 2 x 2 (64 rows
// each would leave 32 columns), but the row sum along the then split N
// would reduce across CTAs, which the lowering cannot: the result keeps the
// tiling it has (rows over all four CTAs) and nothing is converted.
// CHECK-DAG: #[[ACC_OLD:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [2, 0]]}>
// CHECK: tt.func @four_ctas
// CHECK: %[[D:.*]] = tt.dot {{.*}} -> tensor<128x128xf32, #[[ACC_OLD]]>
// CHECK-NEXT: "tt.reduce"(%[[D]])
#acc4 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @four_ctas(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc4}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc4}>>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #acc4}>> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #acc4>
    %d = tt.dot %a, %b, %zero : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc4}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc4}>> -> tensor<128x128xf32, #acc4>
    %s = "tt.reduce"(%d) ({
    ^bb0(%x: f32, %y: f32):
      %sum = arith.addf %x, %y : f32
      tt.reduce.return %sum : f32
    }) {axis = 1 : i32} : (tensor<128x128xf32, #acc4>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #acc4}>>
    tt.return %s : tensor<128xf32, #ttg.slice<{dim = 1, parent = #acc4}>>
  }
}

// -----

// No dot: a column sum whose operand the default layout splits along the
// reduced rows gets both CTAs along the columns, as upstream's plan-cta
// does, from the load's pointers to the store of the sums.
// CHECK-DAG: #[[COLS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK: tt.func @column_sum
// CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<f32>, #[[COLS]]>
// CHECK: "tt.reduce"
// CHECK: (tensor<64x128xf32, #[[COLS]]>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #[[COLS]]}>>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #[[COLS]]}>>
// CHECK-NOT: ttg.convert_layout
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_sum(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #rows}>> -> tensor<64x1xi32, #rows>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x128xi32, #rows>
    %stride = arith.constant dense<128> : tensor<64x1xi32, #rows>
    %rs = arith.muli %r2, %stride : tensor<64x1xi32, #rows>
    %rb = tt.broadcast %rs : tensor<64x1xi32, #rows> -> tensor<64x128xi32, #rows>
    %cb = tt.broadcast %c2 : tensor<1x128xi32, #rows> -> tensor<64x128xi32, #rows>
    %off = arith.addi %rb, %cb : tensor<64x128xi32, #rows>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #rows>
    %ptrs = tt.addptr %base, %off : tensor<64x128x!tt.ptr<f32>, #rows>, tensor<64x128xi32, #rows>
    %v = tt.load %ptrs : tensor<64x128x!tt.ptr<f32>, #rows>
    %s = "tt.reduce"(%v) ({
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tt.reduce.return %sum : f32
    }) {axis = 0 : i32} : (tensor<64x128xf32, #rows>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #rows}>>
    %ybase = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #rows}>>
    %yptrs = tt.addptr %ybase, %c : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #rows}>>, tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    tt.store %yptrs, %s : tensor<128x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #rows}>>
    tt.return
  }
}

// -----

// Two dots whose results are tied (the second accumulates into the first's
// result) keep the tiling they share, split along M, rather than each
// imposing its own: neither result is retyped.
// CHECK-DAG: #[[ACC_M:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK: tt.func @tied_dots
// CHECK: %[[D1:.*]] = tt.dot {{.*}} -> tensor<128x128xf32, #[[ACC_M]]>
// CHECK: %[[D2:.*]] = tt.dot {{.*}}, %[[D1]] : {{.*}} -> tensor<128x128xf32, #[[ACC_M]]>
// CHECK-NEXT: tt.return %[[D2]] : tensor<128x128xf32, #[[ACC_M]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tied_dots(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>) -> tensor<128x128xf32, #acc> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #acc>
    %d1 = tt.dot %a, %b, %zero : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    %d2 = tt.dot %a, %b, %d1 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    tt.return %d2 : tensor<128x128xf32, #acc>
  }
}

// -----

// A constant the pass cannot retype (not a dense value), and a result the
// function returns, would need conversions between CTAs: the plan is not
// applied.
// CHECK: tt.func @resource_init
// CHECK: %[[INIT:.*]] = arith.constant dense_resource<zeros> : tensor<128x128xf32, #[[B:blocked[0-9]*]]>
// CHECK-NEXT: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[INIT]] : {{.*}} -> tensor<128x128xf32, #[[B]]>
// CHECK-NEXT: tt.return %[[D]]
#acc5 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @resource_init(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc5}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc5}>>) -> tensor<128x128xf32, #acc5> {
    %init = arith.constant dense_resource<zeros> : tensor<128x128xf32, #acc5>
    %d = tt.dot %a, %b, %init : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc5}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc5}>> -> tensor<128x128xf32, #acc5>
    tt.return %d : tensor<128x128xf32, #acc5>
  }
}
{-#
  dialect_resources: {
    builtin: {
      zeros: "0x04000000"
    }
  }
#-}
