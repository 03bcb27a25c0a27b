// RUN: triton-opt %s -split-input-file -test-print-alignment=access-widths=true -verify-diagnostics -o /dev/null
//
// The axis-info analysis: contiguity, divisibility, constancy and constant
// value of every op result, one rule at a time, through scf and cf control
// flow and calls.

// Casts keep the info; floats and other unknown ops know nothing; integer
// constants are zero-extended; poison is anything.
tt.func @casts(%arg0: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %0 = arith.extsi %arg0 : i32 to i64
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %1 = arith.extui %arg0 : i32 to i64
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %2 = arith.trunci %0 : i64 to i16
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [64], constant_value = 32}}
  %3 = arith.constant dense<32> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [64], constant_value = 32}}
  %4 = tt.bitcast %3 : tensor<64xi32> -> tensor<64xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %5 = arith.constant 3.0 : f32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1}}
  %6 = arith.constant true
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 4294967280}}
  %7 = arith.constant -16 : i32
  // expected-remark @below {{contiguity = [4611686018427387904], divisibility = [4611686018427387904], constancy = [4611686018427387904], constant_value = <none>}}
  %8 = ub.poison : tensor<64xi32>
  tt.return
}

// -----

// add/sub: a run plus a constant stays a run; a constant minus a run does not.
tt.func @add_sub(%arg0: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [32], constancy = [1], constant_value = <none>}}
  %1 = tt.make_range {end = 48 : i32, start = 32 : i32} : tensor<16xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256], constant_value = 4}}
  %2 = arith.constant dense<4> : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [4], constancy = [1], constant_value = <none>}}
  %3 = arith.addi %0, %2 : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [4], constancy = [1], constant_value = <none>}}
  %4 = arith.addi %2, %0 : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [4], constancy = [1], constant_value = <none>}}
  %5 = arith.subi %0, %2 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %6 = arith.subi %2, %0 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [256], constant_value = 8}}
  %7 = arith.addi %2, %2 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [256], constant_value = 0}}
  %8 = arith.subi %2, %2 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %9 = tt.splat %arg0 : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %10 = arith.addi %9, %0 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %11 = arith.addi %0, %0 : tensor<256xi32>
  tt.return
}

// -----

// addptr: byte divisibility scales the offset by the element size.
tt.func @addptr(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8>) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3}}
  %c3 = arith.constant 3 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>}}
  %0 = tt.addptr %arg0, %c3 : !tt.ptr<f16>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %1 = tt.addptr %arg0, %c8 : !tt.ptr<f16>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %2 = tt.addptr %arg1, %c3 : !tt.ptr<i64>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %3 = tt.addptr %arg2, %c8 : !tt.ptr<i8>, i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1], constant_value = <none>}}
  %6 = tt.broadcast %5 : tensor<1x64xi32> -> tensor<32x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64], constant_value = <none>}}
  %7 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [2, 16], constancy = [32, 1], constant_value = <none>}}
  %8 = tt.addptr %7, %6 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64], constant_value = <none>}}
  %9 = tt.splat %arg1 : !tt.ptr<i64> -> tensor<32x64x!tt.ptr<i64>>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [8, 16], constancy = [32, 1], constant_value = <none>}}
  %10 = tt.addptr %9, %6 : tensor<32x64x!tt.ptr<i64>>, tensor<32x64xi32>
  tt.return
}

// -----

// mul: runs times anything but 1 lose their contiguity; divisors multiply
// (saturating at 2^62).
tt.func @mul(%arg0: i32 {tt.divisibility = 16 : i32}, %arg1: i64 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %1 = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8}}
  %2 = arith.constant dense<8> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %3 = arith.muli %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %4 = arith.muli %1, %0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %5 = arith.muli %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64}}
  %6 = arith.muli %2, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>}}
  %7 = arith.muli %arg0, %c4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 4611686018427387904}}
  %c2_62 = arith.constant 4611686018427387904 : i64
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = <none>}}
  %8 = arith.muli %arg1, %c2_62 : i64
  tt.return
}

// -----

// div: a whole run divided by a constant is constant over gcd-sized pieces.
tt.func @div(%arg0: i32 {tt.divisibility = 32 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %1 = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [128], constant_value = 32}}
  %2 = arith.constant dense<32> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128], constant_value = 24}}
  %3 = arith.constant dense<24> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %4 = arith.divsi %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %5 = arith.divsi %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %6 = arith.divui %0, %3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %7 = arith.divsi %2, %0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %8 = arith.divsi %2, %3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %9 = arith.divsi %arg0, %c8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = <none>}}
  %10 = arith.divui %c0, %arg0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %11 = arith.divsi %arg0, %c0 : i32
  tt.return
}

// -----

// rem: a whole run modulo a constant is a run over gcd-sized pieces.
tt.func @rem(%arg0: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1}}
  %1 = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [128], constant_value = 32}}
  %2 = arith.constant dense<32> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = 48}}
  %3 = arith.constant dense<48> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %4 = arith.remsi %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>}}
  %5 = arith.remsi %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %6 = arith.remui %0, %3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %7 = arith.remsi %2, %0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = 16}}
  %8 = arith.remsi %3, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = 6}}
  %c6 = arith.constant 6 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %9 = arith.remsi %arg0, %c6 : i32
  tt.return
}

// -----

// expand_dims, broadcast and splat.
tt.func @shape_ops(%arg0: i32 {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 32], constant_value = <none>}}
  %2 = tt.broadcast %1 : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64], constant_value = 12}}
  %3 = arith.constant dense<12> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [4, 4], constancy = [1, 64], constant_value = 12}}
  %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [64], constant_value = 2}}
  %5 = arith.constant dense<2> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>}}
  %6 = arith.muli %0, %5 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [2, 2], constancy = [1, 1], constant_value = <none>}}
  %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 32], constant_value = <none>}}
  %8 = tt.splat %arg0 : i32 -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [8], constant_value = <none>}}
  %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// cmp: a constant against a run flips only at multiples of the divisors.
tt.func @cmp(%arg0: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = 16}}
  %1 = arith.constant dense<16> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %2 = arith.cmpi slt, %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %3 = arith.cmpi sge, %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %4 = arith.cmpi sgt, %1, %0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %5 = arith.cmpi ule, %1, %0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %6 = arith.cmpi eq, %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %7 = arith.cmpi sgt, %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 0}}
  %8 = arith.cmpi ult, %1, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %9 = tt.splat %arg0 : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %10 = arith.cmpi slt, %0, %9 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %11 = arith.cmpi slt, %arg0, %arg0 : i32
  tt.return
}

// -----

// select, and/or/xor, shifts, min/max.
tt.func @select_logic_shift_minmax(%arg0: i1, %arg1: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %1 = tt.make_range {end = 256 : i32, start = 128 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64}}
  %2 = arith.constant dense<64> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %3 = arith.select %arg0, %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %4 = arith.cmpi slt, %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [128], constancy = [1], constant_value = <none>}}
  %5 = arith.select %4, %0, %1 : tensor<128xi1>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1}}
  %true = arith.constant true
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %6 = arith.select %true, %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %7 = arith.andi %0, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64}}
  %8 = arith.ori %2, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %9 = arith.xori %2, %2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 3}}
  %c3 = arith.constant dense<3> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %10 = arith.shli %0, %c0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %11 = arith.shli %0, %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [512], constancy = [128], constant_value = 512}}
  %12 = arith.shli %2, %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %13 = arith.shrui %0, %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8}}
  %14 = arith.shrsi %2, %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %15 = tt.splat %arg1 : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [128], constant_value = <none>}}
  %16 = arith.shrui %15, %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %17 = arith.maxsi %0, %1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 3}}
  %18 = arith.minui %2, %c3 : tensor<128xi32>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// Loads, hints on ops, convert_layout; access-widths: what the lowering
// asks (vector width from the layout's order and registers per thread).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @load_and_layouts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{access: contiguity = 1, alignment = 512, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [512], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  // expected-remark @below {{access: contiguity = 4, alignment = 512, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [512], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %1 = ttg.convert_layout %0 : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 512}}
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [512], constant_value = <none>}}
  %2 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 512}}
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [512], constant_value = 8}}
  %3 = arith.constant dense<8> : tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 8}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %4 = arith.divsi %1, %3 : tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 8}}
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [8], constant_value = <none>}}
  %5 = tt.addptr %2, %4 : tensor<512x!tt.ptr<i32>, #blocked1>, tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 8}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %6 = tt.load %5 : tensor<512x!tt.ptr<i32>, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 8}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %7 = arith.cmpi slt, %4, %3 : tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 8}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %8 = tt.load %2, %7 : tensor<512x!tt.ptr<i32>, #blocked1>
  // expected-remark @below {{access: contiguity = 4, alignment = 32, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [32], divisibility = [64], constancy = [1], constant_value = <none>}}
  %9 = arith.addi %1, %1 {tt.divisibility = dense<64> : tensor<1xi32>, tt.contiguity = 32 : i32} : tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 2}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [2], constant_value = <none>}}
  %10 = arith.sitofp %6 {tt.constancy = 2 : i32} : tensor<512xi32, #blocked1> to tensor<512xf32, #blocked1>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %11 = arith.sitofp %6 : tensor<512xi32, #blocked1> to tensor<512xf32, #blocked1>
  // expected-remark @below {{access: contiguity = 4, alignment = 4, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [512], divisibility = [16], constancy = [1], constant_value = <none>}}
  %12 = tt.addptr %2, %1 : tensor<512x!tt.ptr<i32>, #blocked1>, tensor<512xi32, #blocked1>
  // expected-remark @below {{access: contiguity = 2, alignment = 64, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %13 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  // expected-remark @below {{access: contiguity = 2, alignment = 64, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %14 = tt.expand_dims %13 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2>
  // expected-remark @below {{access: contiguity = 2, alignment = 64, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 16], constant_value = <none>}}
  %15 = tt.broadcast %14 : tensor<64x1xi32, #blocked2> -> tensor<64x16xi32, #blocked2>
  // expected-remark @below {{access: contiguity = 1, alignment = 1, mask_alignment = 64}}
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 16], constant_value = <none>}}
  %16 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<64x16x!tt.ptr<i32>, #blocked2>
  // expected-remark @below {{access: contiguity = 2, alignment = 4, mask_alignment = 1}}
  // expected-remark @below {{contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 16], constant_value = <none>}}
  %17 = tt.addptr %16, %15 : tensor<64x16x!tt.ptr<i32>, #blocked2>, tensor<64x16xi32, #blocked2>
  tt.return
}
}

// -----

// scf.for: the induction variable is a multiple of gcd(lb, step);
// iter_args join their init and yielded values.
tt.func @for_loop(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %lb: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [1], constant_value = 128}}
  %c128 = arith.constant 128 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64], constant_value = <none>}}
  %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
  %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], constant_value = 64}}
  %3 = tt.splat %c64 : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>}}
  %4:2 = scf.for %iv = %lb to %c128 step %c4 iter_args(%ptr = %2, %k = %c0) -> (tensor<64x!tt.ptr<f32>>, i32) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
    %5 = arith.addi %iv, %c0 : i32
    // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
    %6 = tt.addptr %ptr, %3 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>}}
    %7 = arith.addi %k, %c64 : i32
    scf.yield %6, %7 : tensor<64x!tt.ptr<f32>>, i32
  }
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
  %8 = scf.for %iv = %c0 to %c128 step %c64 iter_args(%ptr = %2) -> (tensor<64x!tt.ptr<f32>>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64], constant_value = <none>}}
    %9 = tt.splat %iv : i32 -> tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1], constant_value = <none>}}
    %10 = tt.addptr %ptr, %9 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %10 : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// scf.if and scf.while results join their branches.
tt.func @if_while(%cond: i1, %arg0: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 12}}
  %c12 = arith.constant 12 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %0 = scf.if %cond -> (i32) {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>}}
    %1 = arith.muli %arg0, %c4 : i32
    scf.yield %1 : i32
  } else {
    scf.yield %arg0 : i32
  }
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %2 = scf.if %cond -> (i32) {
    scf.yield %c4 : i32
  } else {
    scf.yield %c12 : i32
  }
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %3 = scf.while (%x = %arg0) : (i32) -> i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
    %4 = arith.cmpi slt, %x, %c12 : i32
    scf.condition(%4) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
    %5 = arith.addi %y, %c4 : i32
    scf.yield %5 : i32
  }
  tt.return
}

// -----

// cf branches: block arguments join every incoming value, loops included.
tt.func @cf_blocks(%cond: i1, %arg0: i32 {tt.divisibility = 32 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16}}
  %c16 = arith.constant 16 : i32
  cf.cond_br %cond, ^bb1(%c16 : i32), ^bb2(%arg0 : i32)
^bb1(%0: i32):
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 24}}
  %1 = arith.addi %0, %c8 : i32
  cf.br ^bb3(%1 : i32)
^bb2(%2: i32):
  cf.br ^bb3(%2 : i32)
^bb3(%3: i32):
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %4 = arith.addi %3, %c16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %5 = arith.cmpi slt, %4, %c16 : i32
  cf.cond_br %5, ^bb3(%4 : i32), ^bb4
^bb4:
  tt.return
}

// -----

// Calls: callee arguments get the gcd over the call sites (and their own
// hints); call results are unknown.
tt.func @caller(%arg0: i32 {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 4 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %0 = arith.muli %arg0, %c64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %1 = tt.call @callee(%0, %arg1) : (i32, i32) -> i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %2 = tt.call @callee(%arg0, %0) : (i32, i32) -> i32
  tt.return
}
tt.func private @callee(%a: i32, %b: i32 {tt.divisibility = 2 : i32}) -> i32 {
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>}}
  %0 = arith.addi %a, %b : i32
  tt.return %0 : i32
}

// -----

// A hint of the wrong rank is ignored; unreachable code gets the
// pessimistic facts, as upstream's.
tt.func @bad_hint_and_dead_code(%arg0: i32 {tt.divisibility = dense<[16, 16]> : tensor<2xi32>}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %0 = arith.muli %arg0, %c4 : i32
  cf.br ^bb2
^bb1:
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %1 = arith.addi %0, %0 : i32
  cf.br ^bb2
^bb2:
  tt.return
}


// -----

// Facts carried through a cast from a value of another rank (an LLVM
// struct) would not describe the tensor: it gets the pessimistic ones.
tt.func @cast_from_struct(%s: !llvm.struct<(i32, i32)>) {
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %t = builtin.unrealized_conversion_cast %s : !llvm.struct<(i32, i32)> to tensor<16x16xi32>
  tt.return
}
