// RUN: triton-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' | FileCheck %s

// Tests that the module records the launch configuration and that 1-D
// elementwise ops take the default layout of their shape.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @vector_add
tt.func @vector_add(%x: !tt.ptr<f32>, %n: i32) {
  %c64 = arith.constant 64 : i32
  // CHECK: %[[PID:.+]] = tt.get_program_id x : i32
  %pid = tt.get_program_id x : i32
  // CHECK: %[[BASE:.+]] = arith.muli %[[PID]], %{{.+}} : i32
  %base = arith.muli %pid, %c64 : i32
  // CHECK: %[[RANGE:.+]] = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[$B]]>
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // CHECK: %[[SPLAT:.+]] = tt.splat %[[BASE]] : i32 -> tensor<256xi32, #[[$B]]>
  %splat = tt.splat %base : i32 -> tensor<256xi32>
  // CHECK: %[[OFFS:.+]] = arith.addi %[[SPLAT]], %[[RANGE]] : tensor<256xi32, #[[$B]]>
  %offs = arith.addi %splat, %range : tensor<256xi32>
  // CHECK: %[[F:.+]] = arith.sitofp %[[OFFS]] : tensor<256xi32, #[[$B]]> to tensor<256xf32, #[[$B]]>
  %f = arith.sitofp %offs : tensor<256xi32> to tensor<256xf32>
  // CHECK: %[[E:.+]] = math.exp %[[F]] : tensor<256xf32, #[[$B]]>
  %e = math.exp %f : tensor<256xf32>
  %bound = tt.splat %n : i32 -> tensor<256xi32>
  // CHECK: %[[MASK:.+]] = arith.cmpi slt, %[[OFFS]], %{{.+}} : tensor<256xi32, #[[$B]]>
  %mask = arith.cmpi slt, %offs, %bound : tensor<256xi32>
  // CHECK: %[[SEL:.+]] = arith.select %[[MASK]], %[[E]], %[[F]] : tensor<256xi1, #[[$B]]>, tensor<256xf32, #[[$B]]>
  %sel = arith.select %mask, %e, %f : tensor<256xi1>, tensor<256xf32>
  // CHECK: %[[PTRS:.+]] = tt.splat %{{.+}} : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #[[$B]]>
  %ptrs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  // CHECK: %[[ADDRS:.+]] = tt.addptr %[[PTRS]], %[[OFFS]] : tensor<256x!tt.ptr<f32>, #[[$B]]>, tensor<256xi32, #[[$B]]>
  %addrs = tt.addptr %ptrs, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  // CHECK: tt.store %[[ADDRS]], %[[SEL]], %[[MASK]] : tensor<256x!tt.ptr<f32>, #[[$B]]>
  tt.store %addrs, %sel, %mask : tensor<256x!tt.ptr<f32>>
  // CHECK-NOT: ttg.convert_layout
  tt.return
}

// -----

// Tests the default layouts of 2-D and 3-D shapes: lanes fill the last
// dimension first, then the warps, and the first dimension takes what is
// left, so a small tensor holds copies.
// CHECK-DAG: #[[$WIDE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$SMALL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$CUBE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @default_layouts
tt.func @default_layouts(%a: f32) {
  // CHECK: %[[W:.+]] = tt.splat %{{.+}} : f32 -> tensor<16x64xf32, #[[$WIDE]]>
  %wide = tt.splat %a : f32 -> tensor<16x64xf32>
  // CHECK: arith.addf %[[W]], %[[W]] : tensor<16x64xf32, #[[$WIDE]]>
  %w = arith.addf %wide, %wide : tensor<16x64xf32>
  // CHECK: %[[S:.+]] = tt.splat %{{.+}} : f32 -> tensor<4x4xf32, #[[$SMALL]]>
  %small = tt.splat %a : f32 -> tensor<4x4xf32>
  // CHECK: arith.mulf %[[S]], %[[S]] : tensor<4x4xf32, #[[$SMALL]]>
  %s = arith.mulf %small, %small : tensor<4x4xf32>
  // CHECK: %[[C:.+]] = tt.splat %{{.+}} : f32 -> tensor<128x1xf32, #[[$COL]]>
  %col = tt.splat %a : f32 -> tensor<128x1xf32>
  // CHECK: arith.negf %[[C]] : tensor<128x1xf32, #[[$COL]]>
  %c = arith.negf %col : tensor<128x1xf32>
  // CHECK: %[[K:.+]] = tt.splat %{{.+}} : f32 -> tensor<2x8x16xf32, #[[$CUBE]]>
  %cube = tt.splat %a : f32 -> tensor<2x8x16xf32>
  // CHECK: math.sqrt %[[K]] : tensor<2x8x16xf32, #[[$CUBE]]>
  %k = math.sqrt %cube : tensor<2x8x16xf32>
  tt.return
}

// -----

// Tests that tensor constants keep their value under the new type, that
// scalar ops stay as they are, and that discardable attributes survive.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @constants
tt.func @constants(%a: i32, %f: tensor<128xf32>) -> i32 {
  // CHECK: %[[SPLAT:.+]] = arith.constant dense<1.500000e+00> : tensor<128xf32, #[[$B]]>
  %cst = arith.constant dense<1.500000e+00> : tensor<128xf32>
  // CHECK: %[[IDX:.+]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #[[$B]]>
  %idx = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  // CHECK: %[[ONE:.+]] = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  // CHECK: %[[SUM:.+]] = arith.addi %{{.+}}, %[[ONE]] {tt.custom = 7 : i32} : i32
  %sum = arith.addi %a, %one {tt.custom = 7 : i32} : i32
  // CHECK: %[[R:.+]] = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #[[$B]]>
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  // CHECK: arith.addi %[[R]], %[[IDX]] {tt.contiguity = dense<4> : tensor<1xi32>} : tensor<4xi32, #[[$B]]>
  %x = arith.addi %r, %idx {tt.contiguity = dense<4> : tensor<1xi32>} : tensor<4xi32>
  // CHECK: arith.mulf %{{.+}}, %[[SPLAT]] : tensor<128xf32, #[[$B]]>
  %y = arith.mulf %f, %cst : tensor<128xf32>
  // CHECK: tt.return %[[SUM]] : i32
  tt.return %sum : i32
}

// -----

// Tests the elementwise ops of the tt dialect and ub.poison.
// CHECK: #[[$B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @tt_elementwise
// CHECK-SAME: %[[F:[^:]+]]: tensor<64xf32, #[[$B]]>, %[[I:[^:]+]]: tensor<64xi32, #[[$B]]>, %[[P:[^:]+]]: tensor<64x!tt.ptr<f32>, #[[$B]]>
tt.func @tt_elementwise(%f: tensor<64xf32>, %i: tensor<64xi32>, %p: tensor<64x!tt.ptr<f32>>) {
  // CHECK: tt.fp_to_fp %[[F]], rounding = rtne : tensor<64xf32, #[[$B]]> -> tensor<64xf16, #[[$B]]>
  %0 = tt.fp_to_fp %f, rounding = rtne : tensor<64xf32> -> tensor<64xf16>
  // CHECK: tt.bitcast %[[F]] : tensor<64xf32, #[[$B]]> -> tensor<64xi32, #[[$B]]>
  %1 = tt.bitcast %f : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tt.clampf %[[F]], %[[F]], %[[F]], propagateNan = none : tensor<64xf32, #[[$B]]>
  %2 = tt.clampf %f, %f, %f, propagateNan = none : tensor<64xf32>
  // CHECK: tt.precise_sqrt %[[F]] : tensor<64xf32, #[[$B]]>
  %3 = tt.precise_sqrt %f : tensor<64xf32>
  // CHECK: tt.mulhiui %[[I]], %[[I]] : tensor<64xi32, #[[$B]]>
  %4 = tt.mulhiui %i, %i : tensor<64xi32>
  // CHECK: tt.extern_elementwise %[[F]] {libname = "", libpath = "", pure = true, symbol = "__nv_tanf"} : (tensor<64xf32, #[[$B]]>) -> tensor<64xf32, #[[$B]]>
  %5 = tt.extern_elementwise %f {libname = "", libpath = "", pure = true, symbol = "__nv_tanf"} : (tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {{.+}} %[[I]] : tensor<64xi32, #[[$B]]> -> tensor<64xi32, #[[$B]]>
  %6 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<64xi32> -> tensor<64xi32>
  // CHECK: %[[INT:.+]] = tt.ptr_to_int %[[P]] : tensor<64x!tt.ptr<f32>, #[[$B]]> -> tensor<64xi64, #[[$B]]>
  %7 = tt.ptr_to_int %p : tensor<64x!tt.ptr<f32>> -> tensor<64xi64>
  // CHECK: tt.int_to_ptr %[[INT]] : tensor<64xi64, #[[$B]]> -> tensor<64x!tt.ptr<f32>, #[[$B]]>
  %8 = tt.int_to_ptr %7 : tensor<64xi64> -> tensor<64x!tt.ptr<f32>>
  // CHECK: ub.poison : tensor<64xf32, #[[$B]]>
  %9 = ub.poison : tensor<64xf32>
  tt.return
}
