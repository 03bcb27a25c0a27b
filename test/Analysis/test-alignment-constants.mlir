// RUN: triton-opt %s -split-input-file -test-print-alignment -verify-diagnostics=only-expected -o /dev/null

// Tests the facts upstream's analysis knows of constants: a product with a
// constant zero is that zero, a select between one constant twice is that
// constant, and partition arguments of a warp_specialize are its captures.
tt.func @constant_facts(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 16 : i32}) {
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %zeros = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %product = arith.muli %range, %zeros : tensor<128xi32>
  %odd = arith.constant dense<1> : tensor<128xi32>
  %bit = arith.andi %range, %odd : tensor<128xi32>
  %cond = arith.cmpi ne, %bit, %zeros : tensor<128xi32>
  %seven = arith.constant dense<7> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant_value = 7}}
  %sel = arith.select %cond, %seven, %seven : tensor<128xi1>, tensor<128xi32>
  ttg.warp_specialize(%arg0, %arg1)
  default {
    ttg.warp_yield
  }
  partition0(%p: !tt.ptr<f16>, %n: i32) num_warps(1) {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %q = tt.addptr %p, %n : !tt.ptr<f16>, i32
    ttg.warp_return
  } : (!tt.ptr<f16>, i32) -> ()
  tt.return
}

// -----

// Tests that a transpose moves each dimension's facts with it, and that a
// loop's induction variable waits for bounds computed in a region.
tt.func @trans_and_loop(%arg0: tensor<32x64xi32> {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[1, 16]> : tensor<2xi32>}, %c: i1) {
  // expected-remark @below {{contiguity = [64, 1], divisibility = [16, 1], constancy = [1, 1], constant_value = <none>}}
  %t = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<32x64xi32> -> tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c256 = arith.constant 256 : i32
  %lb = scf.if %c -> i32 {
    scf.yield %c32 : i32
  } else {
    scf.yield %c256 : i32
  }
  scf.for %i = %lb to %c256 step %c32 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>}}
    %x = arith.addi %i, %c0 : i32
  }
  tt.return
}
