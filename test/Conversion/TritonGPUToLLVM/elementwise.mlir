// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: not triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=80' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// One scalar op per register; Triton's fast exp and full-range division.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.func @__nv_tanhf(f32) -> f32
  // CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
  // CHECK-DAG: llvm.func @__nv_exp2f(f32) -> f32
  // CHECK-LABEL: llvm.func @arith
  tt.func public @arith(%a: tensor<64xf32, #blocked>, %b: tensor<64xf32, #blocked>, %i: tensor<64xi32, #blocked>) {
    // CHECK-COUNT-2: llvm.fadd %{{.*}}, %{{.*}} : f32
    %s = arith.addf %a, %b : tensor<64xf32, #blocked>
    // CHECK: llvm.mlir.constant(1.44269502 : f32)
    // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
    %e = math.exp %s : tensor<64xf32, #blocked>
    // exp2 is libdevice's, as upstream's: ex2.approx, .ftz under
    // nvvm-reflect-ftz.
    // CHECK-COUNT-2: llvm.call @__nv_exp2f
    %e2 = math.exp2 %e : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.full"
    %d = arith.divf %e2, %b : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.div.rn.f"
    %p = tt.precise_divf %d, %b : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
    %q = tt.precise_sqrt %p : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_sinf
    %t = math.sin %q : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_tanhf
    %u = tt.extern_elementwise %t {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.intr.maxnum
    %lo = arith.constant dense<0.0> : tensor<64xf32, #blocked>
    %hi = arith.constant dense<1.0> : tensor<64xf32, #blocked>
    %c = tt.clampf %u, %lo, %hi, propagateNan = none : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
    %h = tt.mulhiui %i, %i : tensor<64xi32, #blocked>
    // Two registers, one conversion of the pair (the high half first).
    // CHECK: llvm.call_intrinsic "llvm.nvvm.ff2bf16x2.rn"(%{{.*}}, %{{.*}}) : (f32, f32) -> vector<2xbf16>
    // CHECK-NOT: llvm.fptrunc
    %bf = arith.truncf %c : tensor<64xf32, #blocked> to tensor<64xbf16, #blocked>
    // CHECK-COUNT-2: cvt.rz.f16.f32 $0, $1;
    %rz = tt.fp_to_fp %c, rounding = rtz : tensor<64xf32, #blocked> -> tensor<64xf16, #blocked>
    // bf16 to f16 (both 16 bits) goes through f32.
    // CHECK: %[[W0:.*]] = llvm.fpext %{{.*}} : bf16 to f32
    // CHECK-NEXT: llvm.fptrunc %[[W0]] : f32 to f16
    // CHECK-NEXT: %[[W1:.*]] = llvm.fpext %{{.*}} : bf16 to f32
    // CHECK-NEXT: llvm.fptrunc %[[W1]] : f32 to f16
    %bh = tt.fp_to_fp %bf, rounding = rtne : tensor<64xbf16, #blocked> -> tensor<64xf16, #blocked>
    // CHECK-COUNT-2: llvm.select
    %cmp = arith.cmpf olt, %a, %b : tensor<64xf32, #blocked>
    %sel = arith.select %cmp, %a, %b : tensor<64xi1, #blocked>, tensor<64xf32, #blocked>
    tt.return
  }
}

// -----

// Common arith ops on LLVM types become their LLVM ops per register, as
// MLIR's arith lowering makes them; flags and predicates it spells
// differently take that lowering itself, with the same result.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @arith_direct
  tt.func public @arith_direct(%a: tensor<64xf32, #blocked>, %b: tensor<64xf32, #blocked>, %i: tensor<64xi32, #blocked>, %j: tensor<64xi32, #blocked>, %c: i1) {
    // CHECK-COUNT-2: llvm.fmul %{{.*}}, %{{.*}} : f32
    %m = arith.mulf %a, %b : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.fsub %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f32
    %f = arith.subf %m, %b fastmath<fast> : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.add %{{.*}}, %{{.*}} overflow<nsw> : i32
    %n = arith.addi %i, %j overflow<nsw> : tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.sdiv %{{.*}}, %{{.*}} : i32
    %q = arith.divsi %n, %j : tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.lshr %{{.*}}, %{{.*}} : i32
    %r = arith.shrui %q, %j : tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.intr.smax(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
    %x = arith.maxsi %r, %i : tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.intr.maxnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    %y = arith.maxnumf %f, %a : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
    %lt = arith.cmpi ult, %x, %j : tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.fcmp "une" %{{.*}}, %{{.*}} : f32
    %ne = arith.cmpf une, %y, %b : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.fcmp "_true" %{{.*}}, %{{.*}} : f32
    %t = arith.cmpf true, %y, %b : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.and %{{.*}}, %{{.*}} : i1
    %both = arith.andi %lt, %ne : tensor<64xi1, #blocked>
    // A scalar condition picks between whole tensors.
    // CHECK-COUNT-2: llvm.select %arg4, %{{.*}}, %{{.*}} : i1, f32
    %s = arith.select %c, %y, %a : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
    %s2 = arith.select %both, %s, %b : tensor<64xi1, #blocked>, tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.fptosi %{{.*}} : f32 to i32
    %k = arith.fptosi %s2 : tensor<64xf32, #blocked> to tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.sext %{{.*}} : i32 to i64
    %w = arith.extsi %k : tensor<64xi32, #blocked> to tensor<64xi64, #blocked>
    // CHECK: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"(%{{.*}}, %{{.*}}) : (f32, f32) -> vector<2xf16>
    // CHECK-NOT: llvm.fptrunc
    %h = arith.truncf %s2 : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
    tt.return
  }
}

// -----

// fp8: cvt on sm_89 and newer.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8
  tt.func public @fp8(%a: tensor<32xf32, #blocked>) {
    // CHECK: cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;
    // SM80: error: conversion to 'f8E4M3FN' needs compute capability 89 or newer
    %f8 = tt.fp_to_fp %a, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E4M3FN, #blocked>
    // CHECK: cvt.rn.f16x2.e4m3x2 $0, $1;
    %back = tt.fp_to_fp %f8 : tensor<32xf8E4M3FN, #blocked> -> tensor<32xf32, #blocked>
    tt.return
  }
}

// -----

// A constant with different elements: a constant global, loaded at each
// register's row-major index.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.mlir.global internal constant @tensor_constant_0(dense<[0, 1, 2, 3]> : tensor<4xi32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<4 x i32>
  // CHECK-LABEL: llvm.func @dense_constant
  // CHECK: llvm.mlir.addressof @tensor_constant_0 : !llvm.ptr<1>
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> i32
  tt.func public @dense_constant() -> tensor<4xi32, #blocked> attributes {noinline = true} {
    %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #blocked>
    tt.return %c : tensor<4xi32, #blocked>
  }
}

// -----

// Where every thread holds all the elements (lanes and warps repeat them),
// each register is a constant of its own: no global, no loads; a 2-D
// constant's registers take their row-major elements.
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-NOT: llvm.mlir.global internal constant
  // CHECK-LABEL: llvm.func @constants_in_registers
  // CHECK-NOT: llvm.load
  // CHECK: %[[C0:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
  // CHECK: %[[C1:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
  // CHECK: %[[C2:.*]] = llvm.mlir.constant(3.000000e+00 : f32) : f32
  // CHECK: %[[C3:.*]] = llvm.mlir.constant(4.000000e+00 : f32) : f32
  // CHECK: llvm.insertvalue %[[C0]], %{{.*}}[0]
  // CHECK: llvm.insertvalue %[[C1]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[C2]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[C3]], %{{.*}}[3]
  tt.func public @constants_in_registers() -> tensor<2x2xf32, #blocked> attributes {noinline = true} {
    %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32, #blocked>
    tt.return %c : tensor<2x2xf32, #blocked>
  }
}

// -----

// Pointer casts per element: int_to_ptr, ptr_to_int and bitcast of
// pointers and of same-width numbers.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @ptr_casts
  // CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  // CHECK-COUNT-2: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK-COUNT-2: llvm.bitcast %{{.*}} : f32 to i32
  tt.func public @ptr_casts(%i: tensor<64xi64, #blocked>, %f: tensor<64xf32, #blocked>) -> (tensor<64xi64, #blocked>, tensor<64xi32, #blocked>) attributes {noinline = true} {
    %p = tt.int_to_ptr %i : tensor<64xi64, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %q = tt.ptr_to_int %p : tensor<64x!tt.ptr<f32>, #blocked> -> tensor<64xi64, #blocked>
    %b = tt.bitcast %f : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
    tt.return %q, %b : tensor<64xi64, #blocked>, tensor<64xi32, #blocked>
  }
}

// -----

// cf control flow: block arguments of tensor type carry their registers as
// one struct.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @branches
  // CHECK: llvm.cond_br %arg0, ^bb1(%{{.*}} : !llvm.struct<(f32, f32)>), ^bb1(%{{.*}} : !llvm.struct<(f32, f32)>)
  // CHECK: ^bb1(%[[ARG:.*]]: !llvm.struct<(f32, f32)>):
  // CHECK: llvm.return %[[ARG]]
  tt.func public @branches(%c: i1, %x: tensor<64xf32, #blocked>, %y: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> attributes {noinline = true} {
    cf.cond_br %c, ^bb1(%x : tensor<64xf32, #blocked>), ^bb1(%y : tensor<64xf32, #blocked>)
  ^bb1(%z: tensor<64xf32, #blocked>):
    tt.return %z : tensor<64xf32, #blocked>
  }
}

// -----

// abs of fp8 (an i8 in LLVM): the sign bit cleared, for each format.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @abs_fp8
  // CHECK: %[[MASK:.*]] = llvm.mlir.constant(127 : i8) : i8
  // CHECK: llvm.and %{{.*}}, %[[MASK]] : i8
  // CHECK: llvm.and %{{.*}}, %{{.*}} : i8
  // CHECK-NOT: llvm.intr.fabs
  tt.func public @abs_fp8(%a: tensor<32xf8E4M3FN, #blocked>, %b: tensor<32xf8E5M2, #blocked>) -> (tensor<32xf8E4M3FN, #blocked>, tensor<32xf8E5M2, #blocked>) {
    %0 = math.absf %a : tensor<32xf8E4M3FN, #blocked>
    %1 = math.absf %b : tensor<32xf8E5M2, #blocked>
    tt.return %0, %1 : tensor<32xf8E4M3FN, #blocked>, tensor<32xf8E5M2, #blocked>
  }
}

// -----

// tt.elementwise_inline_asm: four i8 elements packed into one <4 x i8>
// register per statement; two f32 results of a 2-operand statement; a
// statement with no operand (a scalar result); pointers as 64-bit registers.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @inline_asm
  // CHECK: llvm.insertelement {{.*}} : vector<4xi8>
  // CHECK: %[[P:.*]] = llvm.inline_asm asm_dialect = att "and.b32 $0, $1, 0x1F1F1F1F;", "=r,r" {{.*}} : (vector<4xi8>) -> vector<4xi8>
  // CHECK-COUNT-4: llvm.extractelement %[[P]]
  // CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "mov.b32 $0, $2; mov.b32 $1, $3;", "=r,=r,r,r" {{.*}} : (f32, f32) -> !llvm.struct<(f32, f32)>
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, %globaltimer;", "=l"  : () -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "add.s64 $0, $1, 4;", "=l,l" {{.*}} : (!llvm.ptr<1>) -> !llvm.ptr<1>
  tt.func public @inline_asm(%x: tensor<128xi8, #blocked>, %a: tensor<128xf32, #blocked>, %b: tensor<128xf32, #blocked>, %p: tensor<128x!tt.ptr<f32>, #blocked>) -> (tensor<128xi8, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, i64, tensor<128x!tt.ptr<f32>, #blocked>) {
    %0 = tt.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<128xi8, #blocked> -> tensor<128xi8, #blocked>
    %1:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %a, %b : tensor<128xf32, #blocked>, tensor<128xf32, #blocked> -> tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
    %2 = tt.elementwise_inline_asm "mov.u64 $0, %globaltimer;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
    %3 = tt.elementwise_inline_asm "add.s64 $0, $1, 4;" {constraints = "=l,l", packed_element = 1 : i32, pure = true} %p : tensor<128x!tt.ptr<f32>, #blocked> -> tensor<128x!tt.ptr<f32>, #blocked>
    tt.return %0, %1#0, %1#1, %2, %3 : tensor<128xi8, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, i64, tensor<128x!tt.ptr<f32>, #blocked>
  }
}

// -----

// f32 to f8E5M2 rounding toward zero: cvt.rz to f16, then its high byte.
// Other fp8 formats round to nearest even only.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8e5_rtz
  // CHECK: "cvt.rz.f16.f32 $0, $1;", "=h,f"
  // CHECK: %[[S:.*]] = llvm.lshr %{{.*}}, %{{.*}} : i16
  // CHECK: llvm.trunc %[[S]] : i16 to i8
  tt.func public @fp8e5_rtz(%x: tensor<32xf32, #blocked>) -> tensor<32xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<32xf32, #blocked> -> tensor<32xf8E5M2, #blocked>
    tt.return %0 : tensor<32xf8E5M2, #blocked>
  }
}

// -----

// Fewer elements in a thread (2) than a group (4): the group is filled with
// undefined elements, whose results are dropped.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @inline_asm_padded
  // CHECK: %[[U:.*]] = llvm.mlir.undef : i8
  // CHECK: llvm.insertelement %[[U]]
  // CHECK: llvm.inline_asm {{.*}} : (vector<4xi8>) -> vector<4xi8>
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.return
  tt.func public @inline_asm_padded(%x: tensor<64xi8, #blocked>) -> tensor<64xi8, #blocked> {
    %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<64xi8, #blocked> -> tensor<64xi8, #blocked>
    tt.return %0 : tensor<64xi8, #blocked>
  }
}

// -----

// Registers the axis info shows equal (constancy) are computed once: a
// row index of a contiguous range compared with a bound divisible by 16 is
// constant over 16 rows. Each thread holds rows w, w+2, ..., w+30 (16 rows,
// two blocks of 16): two comparisons, each reused by 8 registers; the
// select beside it (constancy 1) keeps one op per register.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @equal_registers
  tt.func public @equal_registers(%m: i32 {tt.divisibility = 16 : i32}, %v: tensor<32x1xi32, #blocked>) -> (tensor<32x1xi1, #blocked>, tensor<32x1xi32, #blocked>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %bound = tt.splat %m : i32 -> tensor<32x1xi32, #blocked>
    // CHECK-COUNT-2: llvm.icmp "slt"
    // CHECK-NOT: llvm.icmp "slt"
    %mask = arith.cmpi slt, %rows, %bound : tensor<32x1xi32, #blocked>
    // CHECK-COUNT-16: llvm.select
    %sel = arith.select %mask, %rows, %v : tensor<32x1xi1, #blocked>, tensor<32x1xi32, #blocked>
    tt.return %mask, %sel : tensor<32x1xi1, #blocked>, tensor<32x1xi32, #blocked>
  }
}

// -----

// A select of pointer tensors: one llvm.select of pointers per register.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @select_pointers
  // CHECK-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, !llvm.ptr<1>
  // CHECK-NOT: llvm.select
  tt.func @select_pointers(%c: tensor<64xi1, #blocked>, %a: tensor<64x!tt.ptr<i32>, #blocked>, %b: tensor<64x!tt.ptr<i32>, #blocked>) -> tensor<64x!tt.ptr<i32>, #blocked> {
    %r = arith.select %c, %a, %b : tensor<64xi1, #blocked>, tensor<64x!tt.ptr<i32>, #blocked>
    tt.return %r : tensor<64x!tt.ptr<i32>, #blocked>
  }
}

// -----

// i8 to bf16 four registers at a time (upstream's inline PTX): each byte of
// a word to f32, the upper halves (an int8's bf16, exactly) packed two to a
// word by prmt. 8 registers: two of them. A count not a multiple of 4 goes
// element by element.
// CHECK-LABEL: llvm.func @s8_to_bf16
// CHECK-NOT: llvm.sitofp
// CHECK-COUNT-2: cvt.rn.f32.s8 f3, s3;\0A\09prmt.b32 $0, f0, f1, 0x7632;\0A\09prmt.b32 $1, f2, f3, 0x7632;
// CHECK-NOT: cvt.rn.f32.s8
// CHECK-LABEL: llvm.func @s8_to_bf16_odd
// CHECK-NOT: prmt.b32
// CHECK: llvm.sitofp %{{.*}} : i8 to bf16
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @s8_to_bf16(%in: tensor<16x16xi8, #mma>) -> tensor<16x16xbf16, #mma> {
    %out = arith.sitofp %in : tensor<16x16xi8, #mma> to tensor<16x16xbf16, #mma>
    tt.return %out : tensor<16x16xbf16, #mma>
  }
  tt.func @s8_to_bf16_odd(%in: tensor<32xi8, #one>) -> tensor<32xbf16, #one> {
    %out = arith.sitofp %in : tensor<32xi8, #one> to tensor<32xbf16, #one>
    tt.return %out : tensor<32xbf16, #one>
  }
}
