// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that expand_dims takes its operand in a slice of the operand's
// layout extended by the new dimension (dimensions ordered 0, 1, ..., as
// upstream does), and that users get the result in their default layout.
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$COLDEF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$ROWDEF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @expand_dims
// CHECK-SAME: (%[[R:[^:]+]]: tensor<64xi32, #[[$B1D]]>)
tt.func @expand_dims(%r: tensor<64xi32>) -> (tensor<64x1xi32>, tensor<1x64xi32>) {
  // CHECK: %[[CS:.+]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[$B1D]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$COL]]}>>
  // CHECK: %[[C:.+]] = tt.expand_dims %[[CS]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$COL]]}>> -> tensor<64x1xi32, #[[$COL]]>
  // CHECK: %[[CD:.+]] = ttg.convert_layout %[[C]] : tensor<64x1xi32, #[[$COL]]> -> tensor<64x1xi32, #[[$COLDEF]]>
  %col = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // CHECK: %[[RS:.+]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[$B1D]]> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[$ROW]]}>>
  // CHECK: %[[W:.+]] = tt.expand_dims %[[RS]] {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[$ROW]]}>> -> tensor<1x64xi32, #[[$ROW]]>
  // CHECK: %[[WD:.+]] = ttg.convert_layout %[[W]] : tensor<1x64xi32, #[[$ROW]]> -> tensor<1x64xi32, #[[$ROWDEF]]>
  %row = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // CHECK: %[[SUM:.+]] = arith.addi %[[CD]], %[[CD]] : tensor<64x1xi32, #[[$COLDEF]]>
  %c = arith.addi %col, %col : tensor<64x1xi32>
  // CHECK: tt.return %[[SUM]], %[[WD]]
  tt.return %c, %row : tensor<64x1xi32>, tensor<1x64xi32>
}

// -----

// Tests that expand_dims of a reduce result goes through the default 1-D
// layout: the reduce's user (the expand_dims) takes its operand in the
// default layout, as upstream's does.
// CHECK-DAG: #[[$X:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-LABEL: tt.func @expand_reduced
tt.func @expand_reduced(%x: tensor<32x64xf32>) -> tensor<32x1xf32> {
  // CHECK: %[[M:.+]] = "tt.reduce"
  %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x64xf32>) -> tensor<32xf32>
  // CHECK: %[[D:.+]] = ttg.convert_layout %[[M]] : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$X]]}>> -> tensor<32xf32, #[[$B1D]]>
  // CHECK: %[[S:.+]] = ttg.convert_layout %[[D]] : tensor<32xf32, #[[$B1D]]> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$COL]]}>>
  // CHECK: tt.expand_dims %[[S]] {axis = 1 : i32}
  %e = tt.expand_dims %m {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  tt.return %e : tensor<32x1xf32>
}

// -----

// Tests that broadcast keeps its operand's layout.
// CHECK-DAG: #[[$ROW:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @broadcast
// CHECK-SAME: (%[[X:[^:]+]]: tensor<1x64xf32, #[[$ROW]]>, %[[Y:[^:]+]]: tensor<32x1xf32, #[[$COL]]>)
tt.func @broadcast(%x: tensor<1x64xf32>, %y: tensor<32x1xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[BX:.+]] = tt.broadcast %[[X]] : tensor<1x64xf32, #[[$ROW]]> -> tensor<32x64xf32, #[[$ROW]]>
  %bx = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK: %[[BY:.+]] = tt.broadcast %[[Y]] : tensor<32x1xf32, #[[$COL]]> -> tensor<32x64xf32, #[[$COL]]>
  // CHECK: %[[BYD:.+]] = ttg.convert_layout %[[BY]] : tensor<32x64xf32, #[[$COL]]> -> tensor<32x64xf32, #[[$ROW]]>
  %by = tt.broadcast %y : tensor<32x1xf32> -> tensor<32x64xf32>
  // CHECK: arith.addf %[[BX]], %[[BYD]] : tensor<32x64xf32, #[[$ROW]]>
  %s = arith.addf %bx, %by : tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}

// -----

// Tests that trans permutes its operand's layout.
// CHECK-DAG: #[[$X:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$XT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$Y:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #[[$YT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [2, 1, 2], order = [0, 2, 1]}>
// CHECK-LABEL: tt.func @trans
tt.func @trans(%x: tensor<64x32xf16>, %y: tensor<2x4x64xf32>) {
  // CHECK: tt.trans %{{.+}} {order = array<i32: 1, 0>} : tensor<64x32xf16, #[[$X]]> -> tensor<32x64xf16, #[[$XT]]>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  // CHECK: tt.trans %{{.+}} {order = array<i32: 2, 0, 1>} : tensor<2x4x64xf32, #[[$Y]]> -> tensor<64x2x4xf32, #[[$YT]]>
  %u = tt.trans %y {order = array<i32: 2, 0, 1>} : tensor<2x4x64xf32> -> tensor<64x2x4xf32>
  tt.return
}

// -----

// Tests that join puts the new dimension in the registers of each thread,
// and that split first converts its operand to such a layout.
// CHECK-DAG: #[[$B1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$PAIRDEF:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$PAIR:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @join_split
// CHECK-SAME: (%[[A:[^:]+]]: tensor<128xf32, #[[$B1D]]>, %[[P:[^:]+]]: tensor<64x2xi32, #[[$PAIRDEF]]>)
tt.func @join_split(%a: tensor<128xf32>, %p: tensor<64x2xi32>) {
  // CHECK: %[[J:.+]] = tt.join %[[A]], %[[A]] : tensor<128xf32, #[[$B1D]]> -> tensor<128x2xf32, #[[$PAIR]]>
  %j = tt.join %a, %a : tensor<128xf32> -> tensor<128x2xf32>
  // CHECK: %[[JD:.+]] = ttg.convert_layout %[[J]] : tensor<128x2xf32, #[[$PAIR]]> -> tensor<128x2xf32, #[[$PAIRDEF]]>
  // CHECK: %[[JS:.+]] = ttg.convert_layout %[[JD]] : tensor<128x2xf32, #[[$PAIRDEF]]> -> tensor<128x2xf32, #[[$PAIR]]>
  // CHECK: tt.split %[[JS]] : tensor<128x2xf32, #[[$PAIR]]> -> tensor<128xf32, #[[$B1D]]>
  %l, %r = tt.split %j : tensor<128x2xf32> -> tensor<128xf32>
  // CHECK: %[[PS:.+]] = ttg.convert_layout %[[P]] : tensor<64x2xi32, #[[$PAIRDEF]]> -> tensor<64x2xi32, #[[$PAIR]]>
  // CHECK: tt.split %[[PS]] : tensor<64x2xi32, #[[$PAIR]]> -> tensor<64xi32, #[[$B1D]]>
  %pl, %pr = tt.split %p : tensor<64x2xi32> -> tensor<64xi32>
  tt.return
}

// -----

// Tests that cat gives each thread the elements of both operands.
// CHECK-DAG: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$CAT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @cat
tt.func @cat(%a: tensor<64xf32>) -> tensor<128xf32> {
  // CHECK: %[[C:.+]] = tt.cat %{{.+}}, %{{.+}} : tensor<64xf32, #[[$B]]> -> tensor<128xf32, #[[$CAT]]>
  %c = tt.cat %a, %a : tensor<64xf32> -> tensor<128xf32>
  // CHECK: ttg.convert_layout %[[C]] : tensor<128xf32, #[[$CAT]]> -> tensor<128xf32, #[[$B]]>
  tt.return %c : tensor<128xf32>
}

// -----

// Tests that a reshape that may reorder elements takes the default layout,
// and that gather and unsplat take the default layouts of their results.
// CHECK-DAG: #[[$X:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$ONE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$FLAT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @reshape_gather
tt.func @reshape_gather(%x: tensor<16x16xf32>, %i: tensor<8x16xi32>, %one: tensor<1x1xf32>) -> f32 {
  // CHECK: tt.reshape %{{.+}} allow_reorder : tensor<16x16xf32, #[[$X]]> -> tensor<256xf32, #[[$FLAT]]>
  %r = tt.reshape %x allow_reorder : tensor<16x16xf32> -> tensor<256xf32>
  // CHECK: tt.gather %{{.+}}[%{{.+}}] {axis = 0 : i32} : (tensor<16x16xf32, #[[$X]]>, tensor<8x16xi32, #[[$X]]>) -> tensor<8x16xf32, #[[$X]]>
  %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<16x16xf32>, tensor<8x16xi32>) -> tensor<8x16xf32>
  // CHECK: tt.unsplat %{{.+}} : tensor<1x1xf32, #[[$ONE]]>
  %s = tt.unsplat %one : tensor<1x1xf32>
  tt.return %s : f32
}

// -----

// Tests that a reshape keeping the element order takes the default layout
// of its result, as upstream gives it, where that places the elements as
// the operand's layout does (the verifier checks it).
// CHECK-DAG: #[[$SQ:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$FLAT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$CUBE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @ordered_reshape
tt.func @ordered_reshape(%x: tensor<64x64xf32>) -> tensor<2x4x32xf32> {
  // CHECK: %[[F:.+]] = tt.reshape %{{.+}} : tensor<64x64xf32, #[[$SQ]]> -> tensor<4096xf32, #[[$FLAT]]>
  %f = tt.reshape %x : tensor<64x64xf32> -> tensor<4096xf32>
  // CHECK: %[[S:.+]] = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[$FLAT]]>
  %s = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %sf = arith.sitofp %s : tensor<256xi32> to tensor<256xf32>
  // CHECK: tt.reshape %{{.+}} : tensor<256xf32, #[[$FLAT]]> -> tensor<2x4x32xf32, #[[$CUBE]]>
  %c = tt.reshape %sf : tensor<256xf32> -> tensor<2x4x32xf32>
  // CHECK-NOT: ttg.convert_layout
  tt.return %c : tensor<2x4x32xf32>
}

// -----

// Tests that function signatures with tensors and calls are converted.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32xf32, #[[$B]]>) -> tensor<32xf32, #[[$B]]>
tt.func private @callee(%x: tensor<32xf32>) -> tensor<32xf32> {
  // CHECK-NEXT: tt.return %[[X]] : tensor<32xf32, #[[$B]]>
  tt.return %x : tensor<32xf32>
}
// CHECK-LABEL: tt.func @caller
// CHECK-SAME: (%[[X:[^:]+]]: tensor<32xf32, #[[$B]]>) -> tensor<32xf32, #[[$B]]>
tt.func @caller(%x: tensor<32xf32>) -> tensor<32xf32> {
  // CHECK-NEXT: %[[R:.+]] = tt.call @callee(%[[X]]) : (tensor<32xf32, #[[$B]]>) -> tensor<32xf32, #[[$B]]>
  %r = tt.call @callee(%x) : (tensor<32xf32>) -> tensor<32xf32>
  // CHECK-NEXT: tt.return %[[R]] : tensor<32xf32, #[[$B]]>
  tt.return %r : tensor<32xf32>
}
